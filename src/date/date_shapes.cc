// date/date_shapes.cc — the shapes a written date takes, read from the number or month name the
// scanner stands at: year first (ISO-like and CJK 年月日 / 년월일), day first (dotted, slashed when one
// side exceeds 12, "9 November 2009"), month first ("November 9, 2009"), with month names of many
// languages; an ambiguous slashed date is month first only before a US server clock ("9:23:57 PM").
#include <string>
#include <string_view>

#include "date/date_parse.h"
#include "date/tables.h"
#include "text/unicode.h"

namespace pith::date::parse {

namespace {

// A code point folded for comparison: lower case, Latin-1 and Greek accents removed.
char32_t FoldCp(char32_t c) {
  if (c >= 'A' && c <= 'Z') return c + 32;
  if (c >= 0xC0 && c <= 0xFF) {
    // Latin-1 letters → base letter (lower case).
    static constexpr char kBase[] = "aaaaaaaceeeeiiiidnooooo*ouuuuyts"  // C0..DF
                                    "aaaaaaaceeeeiiiidnooooo/ouuuuyty";  // E0..FF
    const char b = kBase[c - 0xC0];
    if (b == '*' || b == '/') return c;
    if (c == 0xDF) return c;  // ß
    return static_cast<unsigned char>(b);
  }
  if (c >= 0x391 && c <= 0x3A9) return c + 32;  // Greek capitals
  switch (c) {
    case 0x386: case 0x3AC: return 0x3B1;  // ά
    case 0x388: case 0x3AD: return 0x3B5;  // έ
    case 0x389: case 0x3AE: return 0x3B7;  // ή
    case 0x38A: case 0x3AF: case 0x3CA: case 0x390: return 0x3B9;  // ί ϊ ΐ
    case 0x38C: case 0x3CC: return 0x3BF;  // ό
    case 0x38E: case 0x3CD: case 0x3CB: case 0x3B0: return 0x3C5;  // ύ ϋ
    case 0x38F: case 0x3CE: return 0x3C9;  // ώ
    case 0x3C2: return 0x3C3;              // final sigma
    default: break;
  }
  if (c >= 0x410 && c <= 0x42F) return c + 32;  // Cyrillic capitals
  if (c >= 0x400 && c <= 0x40F) return c + 80;
  // Latin Extended-A case pairs: upper case at even code points in 0100–0137 and 014A–0177, at
  // odd ones in 0139–0148 and 0179–017E.
  if (((c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177)) && (c & 1) == 0) return c + 1;
  if (((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) && (c & 1) == 1) return c + 1;
  return c;
}

// A date number chain must not continue: "2009.11.09.3", "1.2.2009.5" are versions or ids.
bool ChainContinues(std::string_view s, std::size_t e) {
  const Tok t = Lex(s, e);
  if (t.kind != Kind::kSym || (t.cp != '.' && t.cp != '-' && t.cp != '/' && t.cp != ':')) return false;
  return Lex(s, t.e).kind == Kind::kNum && t.cp != ':';
}

// A 12-hour time with seconds right after byte i: " 9:23:57 PM". With it, a slashed date is the
// form US-English servers print by default (ASP, .NET: "7/5/2005 9:23:57 PM"), month first.
bool UsClockFollows(std::string_view s, std::size_t i) {
  const Tok h = Lex(s, SkipSpace(s, i));
  if (h.b == i || !IsSmallNum(h) || h.value < 1 || h.value > 12) return false;
  const Tok c1 = Lex(s, h.e);
  const Tok m = Lex(s, c1.e);
  const Tok c2 = Lex(s, m.e);
  const Tok sec = Lex(s, c2.e);
  if (!IsSym(c1, ':') || m.kind != Kind::kNum || m.ndigits != 2 || !IsSym(c2, ':') || sec.kind != Kind::kNum ||
      sec.ndigits != 2) {
    return false;
  }
  const Tok ampm = Lex(s, SkipSpace(s, sec.e));
  if (ampm.kind != Kind::kWord || ampm.e - ampm.b != 2) return false;
  const std::string_view w = s.substr(ampm.b, 2);
  return w == "AM" || w == "PM" || w == "am" || w == "pm";
}

// Skips an ordinal suffix glued to a day number ("9th", "1er").
std::size_t SkipOrdinal(std::string_view s, std::size_t e) {
  const Tok w = Lex(s, e);
  if (w.kind == Kind::kWord && w.e - w.b <= 2 && WordIn(s.substr(w.b, w.e - w.b), tables::kOrdinalSuffixes)) {
    return w.e;
  }
  return e;
}

// Skips spaces and one filler word ("de", "of") plus its spaces.
std::size_t SkipFiller(std::string_view s, std::size_t k) {
  k = SkipSpace(s, k);
  const Tok w = Lex(s, k);
  if (w.kind == Kind::kWord && w.e - w.b <= 3 && WordIn(s.substr(w.b, w.e - w.b), tables::kDateFillerWords)) {
    return SkipSpace(s, w.e);
  }
  return k;
}

// The date of a day number, a word and a plausible year read from byte begin, when the word names a
// month and the day exists in it (the month table is looked up last: it costs most).
bool FinishWordDate(std::string_view s, std::size_t begin, const Tok& d, const Tok& w, const Tok& y,
                    DateMatch* out) {
  const int month = MonthOf(s.substr(w.b, w.e - w.b));
  if (!month) return false;
  Parts p;
  p.y = y.value;
  p.mo = month;
  p.d = d.value;
  if (!ValidDay(p.y, p.mo, p.d)) return false;
  FinishMatch(s, begin, y.e, p, out);
  return true;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Word folding (lower case, accents removed) for month names and connectors.

bool FoldWord(std::string_view w, std::string* buf) {
  buf->clear();
  if (w.size() > 40) return false;
  for (std::size_t i = 0; i < w.size();) {
    text::AppendUtf8(FoldCp(text::NextCodePoint(w, i)), *buf);
  }
  return true;
}

int MonthOf(std::string_view word) {
  if (word.size() < 3 || word.size() > 26) return 0;
  std::string f;
  if (!FoldWord(word, &f)) return 0;
  for (const auto& m : tables::kMonthNames) {
    if (m.name == f) return m.month;
  }
  return 0;
}

bool WordIn(std::string_view word, const std::string_view* list, std::size_t n) {
  std::string f;
  if (!FoldWord(word, &f)) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (list[i] == f) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Shapes.

// 2009-11-09, 2009/11/09, 2009.11.09, 2009年11月9日, 2009년 11월 9일.
bool YearFirst(std::string_view s, const Tok& y, DateMatch* out) {
  std::size_t k = y.e;
  Tok sep = Lex(s, k);
  Parts p;
  p.y = y.value;
  if (sep.kind == Kind::kSym && (sep.cp == '-' || sep.cp == '/' || sep.cp == '.')) {
    const char32_t sc = sep.cp;
    k = sep.e;
    if (sc == '.') k = SkipSpace(s, k);
    const Tok m = Lex(s, k);
    if (!IsSmallNum(m)) return false;
    const Tok sep2 = Lex(s, m.e);
    if (!IsSym(sep2, sc)) return false;
    k = sep2.e;
    if (sc == '.') k = SkipSpace(s, k);
    const Tok d = Lex(s, k);
    if (!IsSmallNum(d)) return false;
    if (ChainContinues(s, d.e)) return false;
    p.mo = m.value;
    p.d = d.value;
    if (!ValidDay(p.y, p.mo, p.d)) return false;
    std::size_t e = d.e;
    if (sc == '.') {  // Korean style "2009. 11. 9."
      const Tok dot = Lex(s, e);
      if (IsSym(dot, '.')) e = dot.e;
    }
    FinishMatch(s, y.b, e, p, out);
    return true;
  }
  // CJK: 年 / 년 with optional spaces.
  k = SkipSpace(s, k);
  sep = Lex(s, k);
  if (!(IsSym(sep, 0x5E74) || IsSym(sep, 0xB144))) return false;
  const bool korean = sep.cp == 0xB144;
  const Tok m = Lex(s, SkipSpace(s, sep.e));
  if (!IsSmallNum(m)) return false;
  const Tok yue = Lex(s, SkipSpace(s, m.e));
  if (!(IsSym(yue, korean ? 0xC6D4 : 0x6708))) return false;
  const Tok d = Lex(s, SkipSpace(s, yue.e));
  if (!IsSmallNum(d)) return false;
  p.mo = m.value;
  p.d = d.value;
  if (!ValidDay(p.y, p.mo, p.d)) return false;
  std::size_t e = d.e;
  const Tok ri = Lex(s, SkipSpace(s, e));
  if (IsSym(ri, 0x65E5) || IsSym(ri, 0x53F7) || IsSym(ri, 0xC77C)) e = ri.e;  // 日 号 일
  FinishMatch(s, y.b, e, p, out);
  return true;
}

// 09.11.2009 (day first), 9/11/2009 or 11/9/2009 when one side exceeds 12.
// `lenient`: an ambiguous slash or dash date is read month first; so is an ambiguous slashed date
// followed by a 12-hour time with seconds (UsClockFollows).
bool DayFirstNumeric(std::string_view s, const Tok& a, bool lenient, DateMatch* out) {
  const Tok sep = Lex(s, a.e);
  if (sep.kind != Kind::kSym || (sep.cp != '.' && sep.cp != '/' && sep.cp != '-')) return false;
  const char32_t sc = sep.cp;
  std::size_t k = sc == '.' ? SkipSpace(s, sep.e) : sep.e;
  const Tok b = Lex(s, k);
  if (!IsSmallNum(b)) return false;
  const Tok sep2 = Lex(s, b.e);
  if (!IsSym(sep2, sc)) return false;
  k = sc == '.' ? SkipSpace(s, sep2.e) : sep2.e;
  const Tok y = Lex(s, k);
  if (!IsYear(y)) return false;
  if (ChainContinues(s, y.e)) return false;
  Parts p;
  p.y = y.value;
  if (sc == '.') {
    p.d = a.value;
    p.mo = b.value;
  } else if (a.value > 12 && b.value <= 12) {
    p.d = a.value;
    p.mo = b.value;
  } else if (b.value > 12 && a.value <= 12) {
    p.mo = a.value;
    p.d = b.value;
  } else if (a.value == b.value || lenient || (sc == '/' && UsClockFollows(s, y.e))) {
    p.mo = a.value;
    p.d = b.value;
  } else {
    return false;
  }
  if (!ValidDay(p.y, p.mo, p.d)) return false;
  FinishMatch(s, a.b, y.e, p, out);
  return true;
}

// "9 November 2009", "9. November 2009", "9th of November, 2009", "9 de noviembre de 2009".
bool DayFirstWord(std::string_view s, const Tok& d, DateMatch* out) {
  if (d.value < 1 || d.value > 31) return false;
  std::size_t k = d.e;
  const Tok dot = Lex(s, k);
  if (IsSym(dot, '.')) k = dot.e;
  else k = SkipOrdinal(s, k);
  const std::size_t before_space = k;
  k = SkipFiller(s, k);
  if (k == before_space && !IsSym(dot, '.')) {
    // "9November" is not a date; a space (or "9.") is required.
    return false;
  }
  const Tok w = Lex(s, k);
  if (w.kind != Kind::kWord) return false;
  // Cheap check before the table lookup: a year must follow within a few tokens.
  std::size_t j = w.e;
  const Tok wdot = Lex(s, j);
  if (IsSym(wdot, '.')) j = wdot.e;
  j = SkipFiller(s, j);
  const Tok comma = Lex(s, j);
  if (IsSym(comma, ',')) j = SkipSpace(s, comma.e);
  const Tok y = Lex(s, j);
  if (!IsYear(y)) return false;
  return FinishWordDate(s, d.b, d, w, y, out);
}

// "November 9, 2009", "Nov. 9th 2009", "Nov 09 2009".
bool MonthFirst(std::string_view s, const Tok& w, DateMatch* out) {
  // Called at every word of running text: the bytes after it are peeked at before anything is
  // lexed.
  std::size_t k = w.e;
  if (k < s.size() && s[k] == '.') ++k;
  const std::size_t after_word = k;
  k = SkipSpace(s, k);
  if (k == after_word || !DigitAt(s, k)) return false;
  const Tok d = Lex(s, k);
  if (!IsSmallNum(d) || d.value < 1 || d.value > 31) return false;
  k = SkipOrdinal(s, d.e);
  const Tok comma = Lex(s, k);
  if (IsSym(comma, ',')) k = comma.e;
  const std::size_t before_year = k;
  k = SkipSpace(s, k);
  if (k == before_year && !IsSym(comma, ',')) return false;
  const Tok y = Lex(s, k);
  if (!IsYear(y)) return false;
  return FinishWordDate(s, w.b, d, w, y, out);
}

}  // namespace pith::date::parse

namespace pith::date {

bool IsDateWord(std::string_view word) {
  if (parse::MonthOf(word)) return true;
  std::string f;
  if (!parse::FoldWord(word, &f)) return false;
  for (auto w : tables::kWeekdayNames) {
    if (w == f) return true;
  }
  return false;
}

}  // namespace pith::date
