// meta/date.cc — date recognition by a small forward lexer (numbers, words, spaces, symbols) and a
// handful of fixed shapes tried at each number or month-name token. Every shape looks at most a
// dozen tokens ahead, so scanning is linear in the input. See date.h for the accepted forms.
#include "meta/date.h"

#include <array>
#include <cstdint>

#include "meta/tables.h"
#include "text/unicode.h"
#include "text/word_bytes.h"

namespace pith::meta {

namespace {

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

int DigitValue(char32_t c) {
  if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
  if (c >= 0xFF10 && c <= 0xFF19) return static_cast<int>(c - 0xFF10);  // full-width digits
  return -1;
}

bool IsSpaceCp(char32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0xA0 || c == 0x3000 ||
         (c >= 0x2000 && c <= 0x200B) || c == 0x202F || c == 0xFEFF;
}

// Letters that make up month names and connecting words: Latin (with Latin-1 and Extended-A/B),
// Greek and Cyrillic. CJK characters are symbols to this lexer.
bool IsWordCp(char32_t c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
  if (c >= 0xC0 && c <= 0x24F) return c != 0xD7 && c != 0xF7;
  if (c >= 0x370 && c <= 0x3FF) return c != 0x37E && c != 0x387;
  if (c >= 0x1F00 && c <= 0x1FFF) return true;
  return c >= 0x400 && c <= 0x4FF;
}

char32_t DecodeAt(std::string_view s, std::size_t i, std::size_t* next) {
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

Tok Lex(std::string_view s, std::size_t i) {
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
std::size_t SkipSpace(std::string_view s, std::size_t i) { return RunEnd(s, i, IsSpaceCp); }

// A digit (ASCII or full-width) begins at byte i.
bool DigitAt(std::string_view s, std::size_t i) {
  std::size_t next;
  return i < s.size() && DigitValue(DecodeAt(s, i, &next)) >= 0;
}

bool IsSym(const Tok& t, char32_t c) { return t.kind == Kind::kSym && t.cp == c; }

// ---------------------------------------------------------------------------------------------
// Word folding (lower case, accents removed) for month names and connectors.

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

// Folds a word into buf (bounded); returns false if longer than the buffer.
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
template <std::size_t N>
bool WordIn(std::string_view word, const std::string_view (&list)[N]) {
  return WordIn(word, list, N);
}

// ---------------------------------------------------------------------------------------------
// Values.

inline constexpr int kNoZone = -100000;

struct Parts {
  int y = 0, mo = 0, d = 0;
  int h = -1, mi = 0, sec = 0;
  int zone = kNoZone;  // UTC offset in minutes, when the time gives one
};

// The value of the n ASCII digits at byte b (checked before).
int Digits(std::string_view s, std::size_t b, std::size_t n) {
  int v = 0;
  for (std::size_t i = b; i < b + n; ++i) v = v * 10 + (s[i] - '0');
  return v;
}

bool IsLeap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

bool ValidDay(int y, int m, int d) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (y < kMinYear || y > kMaxYear || m < 1 || m > 12 || d < 1) return false;
  const int max = kDays[m - 1] + (m == 2 && IsLeap(y) ? 1 : 0);
  return d <= max;
}

// "YYYY-MM-DD", "YYYY-MM-DDTHH:MM:SS" or, with a zone, "YYYY-MM-DDTHH:MM:SSZ" and
// "YYYY-MM-DDTHH:MM:SS+05:30" (fields are validated before: none is negative or wider), written
// digit by digit: snprintf costs more than the rest of a date's recognition.
std::string Format(const Parts& p) {
  std::string out;
  out.reserve(25);
  auto put = [&out](int v, int width, char after) {
    for (int div = width == 4 ? 1000 : 10; div > 0; div /= 10) out.push_back(static_cast<char>('0' + v / div % 10));
    if (after) out.push_back(after);
  };
  put(p.y, 4, '-');
  put(p.mo, 2, '-');
  if (p.h < 0) {
    put(p.d, 2, 0);
    return out;
  }
  put(p.d, 2, 'T');
  put(p.h, 2, ':');
  put(p.mi, 2, ':');
  put(p.sec, 2, 0);
  if (p.zone == 0) {
    out.push_back('Z');
  } else if (p.zone != kNoZone) {
    out.push_back(p.zone < 0 ? '-' : '+');
    const int minutes = p.zone < 0 ? -p.zone : p.zone;
    put(minutes / 60, 2, ':');
    put(minutes % 60, 2, 0);
  }
  return out;
}

bool IsYear(const Tok& t) {
  return t.kind == Kind::kNum && t.ndigits == 4 && t.value >= kMinYear && t.value <= kMaxYear;
}
bool IsSmallNum(const Tok& t) { return t.kind == Kind::kNum && t.ndigits >= 1 && t.ndigits <= 2; }

bool StartsWithAt(std::string_view s, std::size_t i, std::string_view p) {
  return s.size() >= i && s.substr(i).starts_with(p);
}

// ---------------------------------------------------------------------------------------------
// Time of day after a date. On success sets p->h/mi/sec and *end.

bool ParseAmPm(std::string_view s, std::size_t i, bool* pm, std::size_t* end) {
  i = SkipSpace(s, i);
  const Tok w = Lex(s, i);
  if (w.kind != Kind::kWord) return false;
  std::string f;
  if (!FoldWord(s.substr(w.b, w.e - w.b), &f)) return false;
  if (f == "am" || f == "pm") {
    *pm = f == "pm";
    *end = w.e;
    return true;
  }
  if (f == "a" || f == "p") {  // a.m. / p.m.
    const Tok dot = Lex(s, w.e);
    const Tok m = Lex(s, dot.e);
    if (IsSym(dot, '.') && m.kind == Kind::kWord && (s.substr(m.b, m.e - m.b) == "m" ||
                                                     s.substr(m.b, m.e - m.b) == "M")) {
      const Tok dot2 = Lex(s, m.e);
      *pm = f == "p";
      *end = IsSym(dot2, '.') ? dot2.e : m.e;
      return true;
    }
  }
  return false;
}

// A numeric UTC offset at byte i: "+05:30", "+0530", "+05", "-08:00", and "+8" when `short_hour`;
// minutes east of UTC.
bool ParseOffset(std::string_view s, std::size_t i, bool four_digits_only, bool short_hour, int* minutes,
                 std::size_t* end) {
  if (i >= s.size() || (s[i] != '+' && s[i] != '-')) return false;
  auto digit = [&](std::size_t k) { return k < s.size() && s[k] >= '0' && s[k] <= '9'; };
  if (!digit(i + 1)) return false;
  if (!digit(i + 2)) {
    if (!short_hour) return false;
    *minutes = (s[i] == '-' ? -1 : 1) * Digits(s, i + 1, 1) * 60;
    *end = i + 2;
    return true;
  }
  const int h = Digits(s, i + 1, 2);
  std::size_t k = i + 3;
  int m = 0;
  const bool colon = k < s.size() && s[k] == ':';
  if (digit(k + colon) && digit(k + colon + 1)) {
    m = Digits(s, k + colon, 2);
    k += colon + 2;
  } else if (four_digits_only) {
    return false;
  }
  if (digit(k) || h > 14 || m > 59) return false;
  *minutes = (s[i] == '-' ? -1 : 1) * (h * 60 + m);
  *end = k;
  return true;
}

// The time zone after a time of day ending at byte i, if one is given: "Z" and a numeric offset
// right after an ISO time ("T12:30:00Z", "12:30:00.000-05:00": an ISO time is one after "T" or
// with seconds, so that "10:00-12:00" stays a range), "GMT" or "UTC" after a space, alone or
// with an offset ("GMT+0000", "UTC+8"), or RFC 2822's "+0000" after a space. Fractions of a
// second before the zone are passed over. Sets p->zone and *end when a zone is found.
void ParseZone(std::string_view s, std::size_t i, bool iso, bool seconds, Parts* p, std::size_t* end) {
  std::size_t k = i;
  if (iso && k + 1 < s.size() && (s[k] == '.' || s[k] == ',') && s[k + 1] >= '0' && s[k + 1] <= '9') {
    ++k;
    while (k < s.size() && s[k] >= '0' && s[k] <= '9') ++k;
  }
  auto letter = [&](std::size_t at) { return at < s.size() && ((s[at] | 0x20) >= 'a' && (s[at] | 0x20) <= 'z'); };
  int minutes = 0;
  std::size_t e = 0;
  if (iso && k < s.size() && (s[k] == 'Z' || s[k] == 'z') && !letter(k + 1)) {
    p->zone = 0;
    *end = k + 1;
    return;
  }
  if (iso && ParseOffset(s, k, false, false, &minutes, &e)) {
    p->zone = minutes;
    *end = e;
    return;
  }
  if (k >= s.size() || s[k] != ' ') return;
  ++k;
  if (StartsWithAt(s, k, "GMT") || StartsWithAt(s, k, "UTC")) {
    if (letter(k + 3)) return;
    if (k + 3 < s.size() && (s[k + 3] == '+' || s[k + 3] == '-')) {
      if (!ParseOffset(s, k + 3, false, true, &minutes, &e)) return;  // an offset not understood: none
      p->zone = minutes;
      *end = e;
    } else {
      p->zone = 0;
      *end = k + 3;
    }
    return;
  }
  if (seconds && ParseOffset(s, k, true, false, &minutes, &e)) {
    p->zone = minutes;
    *end = e;
  }
}

bool ParseTime(std::string_view s, std::size_t i, Parts* p, std::size_t* end) {
  std::size_t k = SkipSpace(s, i);
  // One connector: ",", "T", "@", "|", "-", "at", "à", "um", 日 ...
  Tok c = Lex(s, k);
  bool iso = false;
  if (c.kind == Kind::kSym && (c.cp == ',' || c.cp == '@' || c.cp == '|' || c.cp == '-' ||
                               c.cp == 0x65E5 /*日*/ || c.cp == 0x00B7 || c.cp == 0xFF0C)) {
    k = SkipSpace(s, c.e);
  } else if (c.kind == Kind::kWord) {
    const std::string_view w = s.substr(c.b, c.e - c.b);
    if (w == "T" || w == "t") {
      k = c.e;  // ISO: no spaces around T
      iso = true;
    } else if (WordIn(w, tables::kTimeConnectors)) {
      k = SkipSpace(s, c.e);
    } else {
      return false;
    }
  }
  int add12 = 0;  // 1: pm, -1: am
  if (StartsWithAt(s, k, "下午") || StartsWithAt(s, k, "晚上") || StartsWithAt(s, k, "傍晚")) {
    add12 = 1;
    k = SkipSpace(s, k + 6);
  } else if (StartsWithAt(s, k, "上午") || StartsWithAt(s, k, "凌晨") || StartsWithAt(s, k, "早上") ||
             StartsWithAt(s, k, "中午")) {
    add12 = StartsWithAt(s, k, "中午") ? 0 : -1;
    k = SkipSpace(s, k + 6);
  }
  const Tok h = Lex(s, k);
  if (!IsSmallNum(h) || h.value > 24) return false;
  const Tok sep = Lex(s, h.e);
  if (sep.kind != Kind::kSym && sep.kind != Kind::kWord) return false;
  const bool colon = IsSym(sep, ':') || IsSym(sep, 0xFF1A);
  const bool cjk = IsSym(sep, 0x65F6 /*时*/) || IsSym(sep, 0x6642 /*時*/) || IsSym(sep, 0x70B9 /*点*/) ||
                   IsSym(sep, 0x9EDE /*點*/) || IsSym(sep, 0xC2DC /*시*/);
  const bool french_h = sep.kind == Kind::kWord && s.substr(sep.b, sep.e - sep.b) == "h";
  if (!colon && !cjk && !french_h) return false;
  const Tok m = Lex(s, cjk ? SkipSpace(s, sep.e) : sep.e);
  if (m.kind != Kind::kNum || m.value > 59) return false;
  if ((colon || french_h) && m.ndigits != 2) return false;
  if (cjk && m.ndigits > 2) return false;
  p->h = h.value == 24 ? 0 : h.value;
  p->mi = m.value;
  p->sec = 0;
  std::size_t e = m.e;
  bool seconds = false;
  if (colon) {
    const Tok sep2 = Lex(s, e);
    if (IsSym(sep2, ':') || IsSym(sep2, 0xFF1A)) {
      const Tok sec = Lex(s, sep2.e);
      if (sec.kind == Kind::kNum && sec.ndigits == 2 && sec.value <= 60) {
        p->sec = sec.value == 60 ? 59 : sec.value;
        e = sec.e;
        seconds = true;
      }
    }
  } else if (cjk) {
    const Tok fen = Lex(s, e);
    if (IsSym(fen, 0x5206 /*分*/) || IsSym(fen, 0xBD84 /*분*/)) {
      e = fen.e;
      const Tok sec = Lex(s, e);
      const Tok miao = Lex(s, sec.e);
      if (sec.kind == Kind::kNum && sec.value <= 59 && (IsSym(miao, 0x79D2) || IsSym(miao, 0xCD08))) {
        p->sec = sec.value;
        e = miao.e;
      }
    }
  }
  bool pm = false;
  std::size_t ampm_end;
  if (add12 == 0 && ParseAmPm(s, e, &pm, &ampm_end)) {
    add12 = pm ? 1 : -1;
    e = ampm_end;
  }
  if (add12 != 0 && p->h > 12) return false;
  if (add12 == 1 && p->h < 12) p->h += 12;
  if (add12 == -1 && p->h == 12) p->h = 0;
  ParseZone(s, e, iso || seconds, seconds, p, &e);
  *end = e;
  return true;
}

// Adds a time (if one follows) and the final range.
void FinishMatch(std::string_view s, std::size_t begin, std::size_t date_end, Parts p,
                 DateMatch* out) {
  std::size_t end = date_end;
  Parts with_time = p;
  std::size_t time_end;
  if (ParseTime(s, date_end, &with_time, &time_end)) {
    p = with_time;
    end = time_end;
  }
  out->begin = begin;
  out->end = end;
  out->has_time = p.h >= 0;
  out->iso = Format(p);
}

// A date number chain must not continue: "2009.11.09.3", "1.2.2009.5" are versions or ids.
bool ChainContinues(std::string_view s, std::size_t e) {
  const Tok t = Lex(s, e);
  if (t.kind != Kind::kSym || (t.cp != '.' && t.cp != '-' && t.cp != '/' && t.cp != ':')) return false;
  return Lex(s, t.e).kind == Kind::kNum && t.cp != ':';
}

// ---------------------------------------------------------------------------------------------
// Shapes. Each returns true and fills *out on success.

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
  const int month = MonthOf(s.substr(w.b, w.e - w.b));
  if (!month) return false;
  Parts p;
  p.y = y.value;
  p.mo = month;
  p.d = d.value;
  if (!ValidDay(p.y, p.mo, p.d)) return false;
  FinishMatch(s, d.b, y.e, p, out);
  return true;
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
  const int month = MonthOf(s.substr(w.b, w.e - w.b));
  if (!month) return false;
  Parts p;
  p.y = y.value;
  p.mo = month;
  p.d = d.value;
  if (!ValidDay(p.y, p.mo, p.d)) return false;
  FinishMatch(s, w.b, y.e, p, out);
  return true;
}

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

std::string_view TrimAscii(std::string_view s) {
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  return s;
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

bool IsDateWord(std::string_view word) {
  if (MonthOf(word)) return true;
  std::string f;
  if (!FoldWord(word, &f)) return false;
  for (auto w : tables::kWeekdayNames) {
    if (w == f) return true;
  }
  return false;
}

bool NextDateInText(std::string_view text, std::size_t from, DateMatch* match) {
  return Scan(text, from, /*lenient=*/false, match);
}

std::string FindDateInText(std::string_view text) {
  DateMatch m;
  return Scan(text, 0, false, &m) ? m.iso : std::string();
}

std::string NormalizeDate(std::string_view s) {
  s = TrimAscii(s);
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

}  // namespace pith::meta
