// date/date_parse.h — internal to the date reader (date.cc, date_shapes.cc, date_time.cc): the
// forward lexer that splits text into numbers, words, spaces and symbols, the parts of a date being
// read, and the steps these files call in one another. The lexer is inline: it runs at every token
// the scanner looks at.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "date/date.h"
#include "text/unicode.h"

namespace pith::date::parse {

// ---------------------------------------------------------------------------------------------
// Lexer.

enum class Kind : std::uint8_t { kEnd, kNum, kWord, kSpace, kSym };

struct Tok {
  Kind kind = Kind::kEnd;
  std::size_t b = 0, e = 0;
  int value = 0;      // kNum: numeric value (saturates)
  int ndigits = 0;    // kNum
  char32_t cp = 0;    // kSym: the code point; kWord: first code point
};

inline int DigitValue(char32_t c) {
  if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
  if (c >= 0xFF10 && c <= 0xFF19) return static_cast<int>(c - 0xFF10);  // full-width digits
  return -1;
}

inline bool IsSpaceCp(char32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0xA0 || c == 0x3000 ||
         (c >= 0x2000 && c <= 0x200B) || c == 0x202F || c == 0xFEFF;
}

// Letters that make up month names and connecting words: Latin (with Latin-1 and Extended-A/B),
// Greek and Cyrillic. CJK characters are symbols to this lexer.
inline bool IsWordCp(char32_t c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
  if (c >= 0xC0 && c <= 0x24F) return c != 0xD7 && c != 0xF7;
  if (c >= 0x370 && c <= 0x3FF) return c != 0x37E && c != 0x387;
  if (c >= 0x1F00 && c <= 0x1FFF) return true;
  return c >= 0x400 && c <= 0x4FF;
}

inline char32_t DecodeAt(std::string_view s, std::size_t i, std::size_t* next) {
  std::size_t j = i;
  const char32_t c = text::NextCodePoint(s, j);
  *next = j;
  return c;
}

// End of the run of code points satisfying in_run that starts at byte i (i itself if none does).
// ASCII bytes are tested without decoding.
template <typename Pred>
std::size_t RunEnd(std::string_view s, std::size_t i, Pred in_run) {
  while (i < s.size()) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      if (!in_run(b)) break;
      ++i;
      continue;
    }
    std::size_t next;
    if (!in_run(DecodeAt(s, i, &next))) break;
    i = next;
  }
  return i;
}

inline Tok Lex(std::string_view s, std::size_t i) {
  Tok t;
  t.b = t.e = i;
  if (i >= s.size()) return t;
  std::size_t j;
  char32_t c = DecodeAt(s, i, &j);
  t.cp = c;
  // The classes do not overlap; letters, more frequent than spaces, are tested before them.
  if (DigitValue(c) >= 0) {
    t.kind = Kind::kNum;
    std::size_t k = i;
    while (k < s.size()) {
      std::size_t n;
      const int d = DigitValue(DecodeAt(s, k, &n));
      if (d < 0) break;
      if (t.value < 100000000) t.value = t.value * 10 + d;
      ++t.ndigits;
      k = n;
    }
    t.e = k;
  } else if (IsWordCp(c)) {
    t.kind = Kind::kWord;
    t.e = RunEnd(s, j, IsWordCp);
  } else if (IsSpaceCp(c)) {
    t.kind = Kind::kSpace;
    t.e = RunEnd(s, j, IsSpaceCp);
  } else {
    t.kind = Kind::kSym;
    t.e = j;
  }
  return t;
}

// Skips one run of spaces, if any.
inline std::size_t SkipSpace(std::string_view s, std::size_t i) { return RunEnd(s, i, IsSpaceCp); }

// A digit (ASCII or full-width) begins at byte i.
inline bool DigitAt(std::string_view s, std::size_t i) {
  std::size_t next;
  return i < s.size() && DigitValue(DecodeAt(s, i, &next)) >= 0;
}

inline bool IsSym(const Tok& t, char32_t c) { return t.kind == Kind::kSym && t.cp == c; }

// ---------------------------------------------------------------------------------------------
// Values.

inline constexpr int kNoZone = -100000;

struct Parts {
  int y = 0, mo = 0, d = 0;
  int h = -1, mi = 0, sec = 0;
  int zone = kNoZone;  // UTC offset in minutes, when the time gives one
};

// The value of the n ASCII digits at byte b (checked before).
inline int Digits(std::string_view s, std::size_t b, std::size_t n) {
  int v = 0;
  for (std::size_t i = b; i < b + n; ++i) v = v * 10 + (s[i] - '0');
  return v;
}

inline bool IsLeap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

inline bool ValidDay(int y, int m, int d) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (y < kMinYear || y > kMaxYear || m < 1 || m > 12 || d < 1) return false;
  const int max = kDays[m - 1] + (m == 2 && IsLeap(y) ? 1 : 0);
  return d <= max;
}

inline bool IsYear(const Tok& t) {
  return t.kind == Kind::kNum && t.ndigits == 4 && t.value >= kMinYear && t.value <= kMaxYear;
}
inline bool IsSmallNum(const Tok& t) { return t.kind == Kind::kNum && t.ndigits >= 1 && t.ndigits <= 2; }

// ---------------------------------------------------------------------------------------------
// Words (date_shapes.cc): folded to lower case without accents before they are compared.

// Folds a word into buf (bounded); returns false if longer than the buffer.
bool FoldWord(std::string_view w, std::string* buf);
// The month (1..12) a month name or abbreviation of date/tables.h names; 0 for other words.
int MonthOf(std::string_view word);
// The word, folded, is one of the n words of list.
bool WordIn(std::string_view word, const std::string_view* list, std::size_t n);
template <std::size_t N>
bool WordIn(std::string_view word, const std::string_view (&list)[N]) {
  return WordIn(word, list, N);
}

// ---------------------------------------------------------------------------------------------
// The value written (date_time.cc).

// "YYYY-MM-DD", "YYYY-MM-DDTHH:MM:SS", followed by the zone when the parts have one.
std::string Format(const Parts& p);
// Adds a time of day (if one follows byte date_end) to a date read from byte begin and fills *out.
void FinishMatch(std::string_view s, std::size_t begin, std::size_t date_end, Parts p, DateMatch* out);

// ---------------------------------------------------------------------------------------------
// Shapes of a written date (date_shapes.cc), tried by the scanner at a number or a word. Each
// returns true and fills *out on success.

// 2009-11-09, 2009/11/09, 2009.11.09, 2009年11月9日, 2009년 11월 9일; y is a plausible year.
bool YearFirst(std::string_view s, const Tok& y, DateMatch* out);
// 09.11.2009, 9/11/2009 (day or month first, see date_shapes.cc); a is a one- or two-digit number.
bool DayFirstNumeric(std::string_view s, const Tok& a, bool lenient, DateMatch* out);
// "9 November 2009", "9 de noviembre de 2009"; d is a one- or two-digit number.
bool DayFirstWord(std::string_view s, const Tok& d, DateMatch* out);
// "November 9, 2009"; w is a word.
bool MonthFirst(std::string_view s, const Tok& w, DateMatch* out);

}  // namespace pith::date::parse
