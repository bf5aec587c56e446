// date/date_time.cc — the time of day after a date and its zone, and the ISO 8601 value written.
// Evidence: "12:30[:00]", "12时30分", "下午3:20", am/pm, "at"/"à"/"um" before the time; a zone only
// where it cannot be part of a range: "Z" or an offset right after an ISO time, "GMT"/"UTC" or an
// RFC 2822 "+0000" after a space.
#include <string>
#include <string_view>

#include "date/date_parse.h"
#include "date/tables.h"

namespace pith::date::parse {

namespace {

bool StartsWithAt(std::string_view s, std::size_t i, std::string_view p) {
  return s.size() >= i && s.substr(i).starts_with(p);
}

// "am", "pm", "a.m." or "p.m." after byte i (spaces skipped).
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

// A time of day after the date ending at byte i, after at most one connector. On success sets
// p->h/mi/sec (and p->zone when a zone follows) and *end.
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

}  // namespace

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

}  // namespace pith::date::parse
