// date/date.cc — finding dates: scanning free text for the first written date (the scanner jumps
// from one digit to the next and tries the shapes of date_shapes.cc there), normalising a declared
// value (compact 20091109, Unix seconds, or any written form, ambiguous ones read month first), and
// the date in a URL's path. See date.h for the accepted forms.
#include "date/date.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "date/date_parse.h"
#include "text/ascii.h"
#include "text/word_bytes.h"

namespace pith::date {

using namespace parse;  // NOLINT: the date reader's lexer and shapes, used throughout this file

namespace {

// ---------------------------------------------------------------------------------------------
// Scanning. Every shape needs a digit: a number starts it, or follows its month name after spaces.
// So the scanner jumps from the surroundings of one digit to those of the next and lexes only them.

// The bytes a digit may begin with: ASCII digits, and EF, the lead byte of the full-width ones.
constexpr std::array<bool, 256> kMayStartDigit = [] {
  std::array<bool, 256> t{};
  for (int b = '0'; b <= '9'; ++b) t[b] = true;
  t[0xEF] = true;
  return t;
}();

// Whether one of the eight bytes of `w` is in kMayStartDigit (tested on the bytes' low seven bits
// as text/word_bytes.h does).
bool MayStartDigitIn(std::uint64_t w) {
  using text::kEachByte, text::kLowBits;
  const std::uint64_t low = w & kLowBits;
  const std::uint64_t ascii_digit = (low + (0x80 - '0') * kEachByte) & ~(low + (0x80 - '9' - 1) * kEachByte) & ~w;
  return ((ascii_digit & text::kHighBits) | text::BytesEqual(w, 0xEF)) != 0;
}

// First byte at or after i where a digit (ASCII or full-width) begins; s.size() if none. Text runs
// long between digits: eight bytes without a candidate are passed at once.
std::size_t NextDigit(std::string_view s, std::size_t i) {
  const std::size_t size = s.size();
  while (i < size) {
    for (; i + 8 <= size; i += 8) {
      if (MayStartDigitIn(text::LoadWord(s.data() + i))) break;
    }
    for (const std::size_t stop = std::min(size, i + 8); i < stop; ++i) {
      const unsigned char b = static_cast<unsigned char>(s[i]);
      if (kMayStartDigit[b] && (b != 0xEF || DigitAt(s, i))) return i;
    }
  }
  return size;
}

// Where Scan, standing at byte i, may jump to without passing the start of a date. The next date
// uses d, the first digit after i, and starts at the number there or at a month name in the
// whitespace-separated chunk before d's own. Scan may resume at the start of that chunk when ASCII
// whitespace ends right before it: its run of spaces ends there, and its context after spaces is
// as empty as at the start. Returns i itself when there is no such place after i.
std::size_t ResumeBefore(std::string_view s, std::size_t i, std::size_t d) {
  auto ascii_space_before = [&](std::size_t k) {
    const unsigned char b = static_cast<unsigned char>(s[k - 1]);
    return b < 0x80 && IsSpaceCp(b);
  };
  std::size_t k = d;
  while (k > i && !ascii_space_before(k)) --k;  // d's chunk
  while (k > i && ascii_space_before(k)) --k;   // the spaces before it
  while (k > i && !ascii_space_before(k)) --k;  // the chunk before
  // A wider space right after the ASCII ones would continue Scan's run of spaces.
  if (k <= i || SkipSpace(s, k) != k) return i;
  return k;
}

// The first date starting at or after byte `from`. `lenient` (declared values): a number glued to
// letters may start a date, and an ambiguous numeric date is read month first.
bool Scan(std::string_view s, std::size_t from, bool lenient, DateMatch* out) {
  Tok prev;  // previous token (kEnd at the start)
  Tok prev2;
  std::size_t i = from;
  std::size_t digit = 0;  // where the next digit begins (found again once i has passed it)
  // Finds the next digit and jumps towards it. False when no digit is left: no date either.
  auto jump_to_next_digit = [&] {
    digit = NextDigit(s, i);
    if (digit == s.size()) return false;
    if (const std::size_t resume = ResumeBefore(s, i, digit); resume > i) {
      prev2 = prev = Tok{};
      prev.kind = Kind::kSpace;
      i = resume;
    }
    return true;
  };
  if (!jump_to_next_digit()) return false;
  while (i < s.size()) {
    if (i > digit && !jump_to_next_digit()) return false;
    // Fast skip: a code point that is neither a digit nor a letter (CJK text, punctuation) only
    // resets the context.
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if ((c >= 0xE1 && c != 0xEF) || (c < 0x80 && c > ' ' && !(c >= '0' && c <= '9') &&
                                     !((c | 0x20) >= 'a' && (c | 0x20) <= 'z'))) {
      const std::size_t n = c < 0x80 ? 1 : c < 0xF0 ? 3 : 4;
      prev2 = prev;
      prev = Tok{};
      prev.kind = Kind::kSym;
      prev.b = i;
      prev.e = std::min(s.size(), i + n);
      prev.cp = c < 0x80 ? c : 0xFFFF;
      i = prev.e;
      continue;
    }
    // A run of spaces separates tokens.
    if (const std::size_t after_space = SkipSpace(s, i); after_space != i) {
      prev2 = prev = Tok{};
      prev.kind = Kind::kSpace;
      i = after_space;
      continue;
    }
    const Tok t = Lex(s, i);
    if (t.e <= i) break;
    // A number glued to letters ("ID2009-11-09", "n20050311") or continuing a numeric chain
    // ("1.2009.11.09") is not the start of a date.
    const bool glued_word = prev.kind == Kind::kWord && prev.e == t.b;
    const bool chained = prev.kind == Kind::kSym && prev.e == t.b && prev2.kind == Kind::kNum &&
                         prev2.e == prev.b && (prev.cp == '.' || prev.cp == '-' || prev.cp == '/' || prev.cp == ':');
    if (t.kind == Kind::kNum && !chained && (!glued_word || lenient)) {
      if (IsYear(t) && YearFirst(s, t, out)) return true;
      if (IsSmallNum(t)) {
        if (DayFirstNumeric(s, t, lenient, out)) return true;
        if (DayFirstWord(s, t, out)) return true;
      }
    } else if (t.kind == Kind::kWord && t.e - t.b >= 3 && t.e - t.b <= 26) {
      if (MonthFirst(s, t, out)) return true;
    }
    prev2 = prev;
    prev = t;
    i = t.e;
  }
  return false;
}

// Days since 1970-01-01 → civil date (proleptic Gregorian), for Unix timestamps.
void CivilFromDays(long long z, int* y, int* m, int* d) {
  z += 719468;
  const long long era = (z >= 0 ? z : z - 146096) / 146097;
  const long long doe = z - era * 146097;
  const long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const long long mp = (5 * doy + 2) / 153;
  *d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  *m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  *y = static_cast<int>(yoe + era * 400 + (*m <= 2 ? 1 : 0));
}

bool AllDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// Compact forms: 20091109, 200911091230[00], 20091109T123000, Unix seconds / milliseconds.
std::string NormalizeCompact(std::string_view s) {
  Parts p;
  std::string_view date = s, time;
  const std::size_t t = s.find('T');
  if (t == 8) {
    date = s.substr(0, 8);
    time = s.substr(9);
    if (!time.empty() && (time.back() == 'Z' || time.back() == 'z')) {
      time.remove_suffix(1);
      p.zone = 0;
    }
    if (!AllDigits(time) || (time.size() != 4 && time.size() != 6)) return "";
  }
  if (!AllDigits(date)) return "";
  if (date.size() == 10 || date.size() == 13) {  // Unix time
    long long secs = 0;
    for (char c : date.substr(0, 10)) secs = secs * 10 + (c - '0');
    if (secs < 631152000LL || secs > 4102444800LL) return "";  // 1990..2100
    CivilFromDays(secs / 86400, &p.y, &p.mo, &p.d);
    const long long rem = secs % 86400;
    p.h = static_cast<int>(rem / 3600);
    p.mi = static_cast<int>(rem % 3600 / 60);
    p.sec = static_cast<int>(rem % 60);
    p.zone = 0;  // Unix time counts from midnight UTC
    return ValidDay(p.y, p.mo, p.d) ? Format(p) : "";
  }
  if (date.size() == 12 || date.size() == 14) {
    time = date.substr(8);
    date = date.substr(0, 8);
  }
  if (date.size() != 8) return "";
  p.y = Digits(date, 0, 4);
  p.mo = Digits(date, 4, 2);
  p.d = Digits(date, 6, 2);
  if (!ValidDay(p.y, p.mo, p.d)) return "";
  if (!time.empty()) {
    p.h = Digits(time, 0, 2);
    p.mi = Digits(time, 2, 2);
    p.sec = time.size() >= 6 ? Digits(time, 4, 2) : 0;
    if (p.h > 23 || p.mi > 59 || p.sec > 59) p.h = -1, p.mi = p.sec = 0;
  }
  return Format(p);
}

}  // namespace

bool NextDateInText(std::string_view text, std::size_t from, DateMatch* match) {
  return Scan(text, from, /*lenient=*/false, match);
}

std::string FindDateInText(std::string_view text) {
  DateMatch m;
  return Scan(text, 0, false, &m) ? m.iso : std::string();
}

std::string NormalizeDate(std::string_view s) {
  s = text::Trim(s, text::IsControlOrSpace);
  if (s.empty() || s.size() > 512) return "";
  if (s.size() >= 8 && AllDigits(s.substr(0, 8)) && (s.size() == 8 || s[8] == 'T' || AllDigits(s))) {
    std::string c = NormalizeCompact(s);
    if (!c.empty()) return c;
    if (AllDigits(s)) return "";
  }
  DateMatch m;
  return Scan(s, 0, /*lenient=*/true, &m) ? m.iso : std::string();
}

std::string FindDateInUrl(std::string_view url) {
  std::size_t start = 0;
  const std::size_t scheme = url.find("://");
  if (scheme != std::string_view::npos) {
    const std::size_t slash = url.find('/', scheme + 3);
    if (slash == std::string_view::npos) return "";
    start = slash;
  }
  const std::size_t frag = url.find('#', start);
  if (frag != std::string_view::npos) url = url.substr(0, frag);
  auto is_digit = [&](std::size_t i) { return i < url.size() && url[i] >= '0' && url[i] <= '9'; };
  auto run_end = [&](std::size_t i) {
    while (is_digit(i)) ++i;
    return i;
  };
  auto is_sep = [&](std::size_t i) {
    return i < url.size() && (url[i] == '/' || url[i] == '-' || url[i] == '_' || url[i] == '.');
  };
  Parts p;
  for (std::size_t i = start; i < url.size();) {
    if (!is_digit(i)) {
      ++i;
      continue;
    }
    const std::size_t e = run_end(i);
    const std::size_t len = e - i;
    if (len == 8) {
      p.y = Digits(url, i, 4);
      p.mo = Digits(url, i + 4, 2);
      p.d = Digits(url, i + 6, 2);
      if (ValidDay(p.y, p.mo, p.d)) return Format(p);
    } else if (len == 4 && is_sep(e) && is_digit(e + 1)) {
      p.y = Digits(url, i, 4);
      const std::size_t e2 = run_end(e + 1);
      const std::size_t len2 = e2 - (e + 1);
      if (len2 == 4 && url[e] == '/') {  // /2009/1109/
        p.mo = Digits(url, e + 1, 2);
        p.d = Digits(url, e + 3, 2);
        if (ValidDay(p.y, p.mo, p.d)) return Format(p);
      } else if (len2 <= 2 && is_sep(e2) && is_digit(e2 + 1)) {
        const std::size_t e3 = run_end(e2 + 1);
        if (e3 - (e2 + 1) <= 2) {
          p.mo = Digits(url, e + 1, len2);
          p.d = Digits(url, e2 + 1, e3 - (e2 + 1));
          if (ValidDay(p.y, p.mo, p.d)) return Format(p);
        }
      }
    }
    i = e;
  }
  return "";
}

}  // namespace pith::date
