// date/tables.h — the word lists of the date reader (date_shapes.cc, date_time.cc), kept as data.
// Add a language by adding rows. Entries are stored "folded" the way date_shapes.cc folds text
// (ASCII/Latin-1/Greek/Cyrillic lower-cased, Latin-1 and Greek accents removed, Greek final sigma
// → σ).
#pragma once

#include <string_view>

namespace pith::date::tables {

struct MonthName {
  std::string_view name;  // folded
  int month;              // 1..12
};
inline constexpr MonthName kMonthNames[] = {
    // English
    {"january", 1}, {"february", 2}, {"march", 3}, {"april", 4}, {"may", 5}, {"june", 6},
    {"july", 7}, {"august", 8}, {"september", 9}, {"october", 10}, {"november", 11},
    {"december", 12}, {"jan", 1}, {"feb", 2}, {"mar", 3}, {"apr", 4}, {"jun", 6}, {"jul", 7},
    {"aug", 8}, {"sep", 9}, {"sept", 9}, {"oct", 10}, {"nov", 11}, {"dec", 12},
    // French
    {"janvier", 1}, {"fevrier", 2}, {"mars", 3}, {"avril", 4}, {"mai", 5}, {"juin", 6},
    {"juillet", 7}, {"aout", 8}, {"septembre", 9}, {"octobre", 10}, {"novembre", 11},
    {"decembre", 12}, {"janv", 1}, {"fevr", 2}, {"fev", 2}, {"avr", 4}, {"juil", 7},
    // German
    {"januar", 1}, {"janner", 1}, {"februar", 2}, {"marz", 3}, {"mrz", 3},
    {"juni", 6}, {"juli", 7}, {"oktober", 10}, {"dezember", 12}, {"okt", 10}, {"dez", 12},
    // Spanish
    {"enero", 1}, {"febrero", 2}, {"marzo", 3}, {"abril", 4}, {"mayo", 5}, {"junio", 6},
    {"julio", 7}, {"agosto", 8}, {"septiembre", 9}, {"setiembre", 9}, {"octubre", 10},
    {"noviembre", 11}, {"diciembre", 12}, {"ene", 1}, {"abr", 4}, {"ago", 8}, {"dic", 12},
    // Italian
    {"gennaio", 1}, {"febbraio", 2}, {"aprile", 4}, {"maggio", 5}, {"giugno", 6}, {"luglio", 7},
    {"settembre", 9}, {"ottobre", 10}, {"dicembre", 12}, {"gen", 1}, {"giu", 6}, {"lug", 7},
    {"ott", 10},
    // Portuguese
    {"janeiro", 1}, {"fevereiro", 2}, {"marco", 3}, {"maio", 5}, {"junho", 6}, {"julho", 7},
    {"setembro", 9}, {"outubro", 10}, {"novembro", 11}, {"dezembro", 12}, {"out", 10},
    // Dutch
    {"januari", 1}, {"februari", 2}, {"maart", 3}, {"mei", 5}, {"augustus", 8}, {"mrt", 3},
    // Polish (genitive, as used in dates)
    {"stycznia", 1}, {"lutego", 2}, {"marca", 3}, {"kwietnia", 4}, {"maja", 5}, {"czerwca", 6},
    {"lipca", 7}, {"sierpnia", 8}, {"września", 9}, {"października", 10}, {"listopada", 11},
    {"grudnia", 12},
    // Russian (genitive, as used in dates, and nominative)
    {"января", 1}, {"февраля", 2}, {"марта", 3}, {"апреля", 4}, {"мая", 5}, {"июня", 6},
    {"июля", 7}, {"августа", 8}, {"сентября", 9}, {"октября", 10}, {"ноября", 11},
    {"декабря", 12}, {"январь", 1}, {"февраль", 2}, {"март", 3}, {"апрель", 4}, {"май", 5},
    {"июнь", 6}, {"июль", 7}, {"август", 8}, {"сентябрь", 9}, {"октябрь", 10}, {"ноябрь", 11},
    {"декабрь", 12},
    // Greek (genitive and nominative; accents removed, final sigma folded to σ)
    {"ιανουαριου", 1}, {"φεβρουαριου", 2}, {"μαρτιου", 3}, {"απριλιου", 4}, {"μαιου", 5},
    {"ιουνιου", 6}, {"ιουλιου", 7}, {"αυγουστου", 8}, {"σεπτεμβριου", 9}, {"οκτωβριου", 10},
    {"νοεμβριου", 11}, {"δεκεμβριου", 12}, {"ιανουαριοσ", 1}, {"φεβρουαριοσ", 2},
    {"μαρτιοσ", 3}, {"απριλιοσ", 4}, {"μαιοσ", 5}, {"ιουνιοσ", 6}, {"ιουλιοσ", 7},
    {"αυγουστοσ", 8}, {"σεπτεμβριοσ", 9}, {"οκτωβριοσ", 10}, {"νοεμβριοσ", 11},
    {"δεκεμβριοσ", 12},
};

// Weekday names and abbreviations (folded), to recognise date fragments.
inline constexpr std::string_view kWeekdayNames[] = {
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue",
    "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "today", "yesterday",
};

// Connecting words allowed inside a date ("9 de noviembre de 2009", "le 9 novembre", "9th").
inline constexpr std::string_view kDateFillerWords[] = {"de", "del", "di", "of", "the"};
inline constexpr std::string_view kOrdinalSuffixes[] = {"st", "nd", "rd", "th", "er", "e"};
// Between a date and its time: "November 9, 2009 at 12:30", "9 novembre 2009 à 12h30".
inline constexpr std::string_view kTimeConnectors[] = {"at", "à", "a", "um", "alle", "às", "kl", "в"};

}  // namespace pith::date::tables
