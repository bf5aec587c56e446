// date/date.h — finding and normalising publication dates.
//
// Everything here is a hand-written linear scanner (no std::regex): dates are recognised by
// lexing the input into numbers, words and symbols and matching a few fixed shapes:
//
//   year first   2009-11-09, 2009/11/9, 2009.11.09, 2009年11月9日, 2009년 11월 9일, 2009-11-09T12:30
//   day first    09.11.2009 (dots: day.month), 9/11/2009 and 9-11-2009 only when unambiguous
//                (one side > 12), "9 November 2009", "9. November 2009", "9 de noviembre de 2009"
//   month first  "November 9, 2009", "Nov. 9th 2009", "Mon Nov 09 2009"
//   + time       12:30[:00] [am|pm], 12时30分, 下午3:20, "at 12:30 pm"
//   + zone       after an ISO time (one after "T" or with seconds) "Z", "+05:30", "+0530", "-08";
//                after a space "GMT", "UTC", "GMT+0000", "UTC+8", or "+0000" after seconds
//
// Month names of English, French, German, Spanish, Italian, Portuguese, Dutch, Polish, Russian
// and Greek come from date/tables.h. Output is ISO 8601: "YYYY-MM-DD", or "YYYY-MM-DDTHH:MM:SS"
// when a time of day is given (seconds written as 00 when absent), the local time as printed,
// followed by its zone when one is given: "Z" for UTC, else the offset ("+05:30"). Unix times are
// UTC.
//
// Plausible years are 1990..2100: the web began in 1991, so an earlier year in a page is a
// historical reference (births, events), never the page's own date; the upper bound rejects
// serial numbers that happen to have four digits.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pith::date {

inline constexpr int kMinYear = 1990;
inline constexpr int kMaxYear = 2100;

// Normalises one date string in any common form (ISO 8601 with or without time and zone,
// RFC 2822, "November 9, 2009", 2009年11月9日, 09.11.2009, compact 20091109, Unix seconds or
// milliseconds) to ISO 8601; "" if it holds no plausible date. Unlike text scanning, an
// ambiguous slashed date (03/04/2009) is read month-first here, the convention of machine-written
// US-style values; in free text it is rejected.
std::string NormalizeDate(std::string_view s);

// First plausible date in free text: 2009年11月9日 [12:30], 2009年11月9日 12时30分,
// 2009-11-09 12:30, 2009/11/09, 2009.11.09, "November 9, 2009", "9 November 2009",
// "Nov 9, 2009", 09-11-2009 only when unambiguous. "" if none.
std::string FindDateInText(std::string_view text);

// Date in a URL's path or query: /2009/11/09/, /2009-11-09/, /20091109/, /2009/1109/,
// /2009-11/09/, _2009_11_09. Year and month alone are not a date. "" if none.
std::string FindDateInUrl(std::string_view url);

// One date found in text, for callers that rank several candidates (meta/page_date.cc).
struct DateMatch {
  std::size_t begin = 0;  // byte range of the date (and its time) in the text
  std::size_t end = 0;
  std::string iso;        // normalised
  bool has_time = false;
};
// Finds the first date starting at or after byte `from`; false if none.
bool NextDateInText(std::string_view text, std::size_t from, DateMatch* match);

// True for a month name or abbreviation in any language of date/tables.h, or an English weekday
// ("Nov", "noviembre", "Sat"): words that make a byline fragment a date, not a name.
bool IsDateWord(std::string_view word);

// Day part of an ISO value ("2009-11-09T12:30:00+08:00" → "2009-11-09").
inline std::string_view DayOf(std::string_view iso) { return iso.substr(0, iso.size() < 10 ? iso.size() : 10); }

}  // namespace pith::date
