// meta/author_name.cc — CleanAuthor: a byline's text reduced to the name it holds. Prefixes
// ("By", "作者：") are stripped, the value split at separators, dates and punctuation cut, and the
// first segment that is a plausible name (letters, no URL or e-mail, not a label, job title or
// date fragment) is kept.
#include <algorithm>
#include <utility>
#include <vector>

#include "meta/author.h"
#include "date/date.h"
#include "meta/metadata.h"
#include "meta/tables.h"
#include "meta/text_util.h"

namespace pith::meta {

namespace {

// Strips byline prefixes ("By", "Written by:", "作者：") from the front of v, repeatedly.
std::string StripAuthorPrefixes(std::string v) {
  for (int round = 0; round < 3; ++round) {
    bool stripped = false;
    for (std::string_view p : tables::kAuthorPrefixes) {
      if (v.size() <= p.size() || !StartsWithIgnoreAsciiCase(v, p)) continue;
      std::string_view rest = std::string_view(v).substr(p.size());
      const bool ascii_word = IsAsciiAlnum(static_cast<unsigned char>(p.back()));
      // An ASCII prefix must end at a word boundary ("Byron" does not start with "By").
      if (ascii_word && IsAsciiAlnum(static_cast<unsigned char>(rest[0]))) continue;
      std::size_t k = 0;
      while (k < rest.size()) {
        if (rest[k] == ' ' || rest[k] == ':' || rest[k] == '-' || rest[k] == '/') {
          ++k;
        } else if (rest.substr(k, 3) == "：" || rest.substr(k, 3) == "　" || rest.substr(k, 3) == "／") {
          k += 3;
        } else {
          break;
        }
      }
      if (ascii_word && k == 0) continue;
      rest = rest.substr(k);
      if (rest.empty()) continue;
      v = std::string(rest);
      stripped = true;
      break;
    }
    if (!stripped) break;
  }
  return v;
}

std::string TrimAuthorPunct(std::string v) {
  auto junk_back = [&] {
    if (v.empty()) return false;
    const char c = v.back();
    if (c == ' ' || c == ',' || c == ';' || c == ':' || c == '-' || c == '|' || c == '/' || c == '&') return true;
    return v.ends_with("：") || v.ends_with("，") || v.ends_with("、") || v.ends_with("　") || v.ends_with("⋅") ||
           v.ends_with("·") || v.ends_with("•");
  };
  while (junk_back()) {
    const std::size_t n = (static_cast<unsigned char>(v.back()) < 0x80) ? 1 : (v.ends_with("·") ? 2 : 3);
    v.resize(v.size() - n);
  }
  std::size_t b = 0;
  while (b < v.size() && (v[b] == ' ' || v[b] == ',' || v[b] == ';' || v[b] == '&' || v[b] == '|' || v[b] == '-')) ++b;
  v.erase(0, b);
  // Quotes around the whole value ("\"David Kim\"" in a page's JSON-LD), not a quoted part of it.
  static constexpr std::pair<std::string_view, std::string_view> kQuotePairs[] = {
      {"\"", "\""}, {"“", "”"}, {"«", "»"}, {"„", "“"}, {"「", "」"}};
  for (const auto& [open, close] : kQuotePairs) {
    if (v.size() < open.size() + close.size() || !v.starts_with(open) || !v.ends_with(close)) continue;
    const std::string_view inner = std::string_view(v).substr(open.size(), v.size() - open.size() - close.size());
    if (inner.find(open) != std::string_view::npos || inner.find(close) != std::string_view::npos) continue;
    return TrimAuthorPunct(std::string(inner));
  }
  return v;
}

// Is one segment (prefix stripped, punctuation trimmed) a plausible name?
bool PlausibleName(const std::string& v) {
  if (v.empty() || CodePoints(v) > kMaxAuthorChars) return false;
  // An e-mail address alone may be a user name; next to other words it is a form placeholder.
  if (v.find('@') != std::string::npos && (v.find(' ') != std::string::npos || v.find(',') != std::string::npos)) {
    return false;
  }
  if (LooksLikeUrl(v) || v.find('@') == 0 || v.find("://") != std::string::npos) return false;
  // Letters, few digits ("L_104485" and phone numbers are not names), no colon, not a bare domain
  // ("example.com"), at least two characters for a Chinese name, not a label word ("Updated").
  std::size_t letters = 0, digits = 0, han = 0;
  for (std::size_t i = 0; i < v.size();) {
    const char32_t c = text::NextCodePoint(v, i);
    if (c >= '0' && c <= '9') ++digits;
    else if (IsWordChar(c)) ++letters;
    if (IsHan(c)) ++han;
    if (c == ':' || c == 0xFF1A || c == '=' || c == '{' || c == '<' || c == 0x25A0) return false;
  }
  if (letters < 2 || digits >= 4) return false;
  if (han == 1 && letters == 1) return false;
  if (v.find(' ') == std::string::npos) {
    const std::size_t dot = v.rfind('.');
    if (dot != std::string::npos && dot > 0 && v.size() - dot - 1 >= 2 && v.size() - dot - 1 <= 6) {
      bool tld = true;
      for (std::size_t i = dot + 1; i < v.size(); ++i) tld = tld && v[i] >= 'a' && v[i] <= 'z';
      if (tld) return false;
    }
  }
  if (v[0] >= '0' && v[0] <= '9') return false;
  const std::string lower = LowerAscii(v);
  if (lower.ends_with(" by")) return false;  // a label whose name is elsewhere
  // A job title alone ("Contributing Writer", "Senior Editor").
  {
    const std::size_t sp = lower.rfind(' ');
    const std::string_view last = std::string_view(lower).substr(sp == std::string::npos ? 0 : sp + 1);
    if (WordCount(lower) <= 3) {
      for (auto w : tables::kJobTitleWords) {
        if (last == w) return false;
      }
    }
  }
  for (auto w : tables::kAuthorRejects) {
    if (lower == w) return false;
  }
  // Only month and weekday names: a date fragment ("Sat", "Sun Dec").
  {
    bool all_date = true;
    std::size_t words = 0;
    for (std::size_t b = 0; b < v.size() && all_date;) {
      std::size_t e = v.find(' ', b);
      if (e == std::string::npos) e = v.size();
      std::string_view w = std::string_view(v).substr(b, e - b);
      while (!w.empty() && (w.back() == '.' || w.back() == ',')) w.remove_suffix(1);
      if (!w.empty()) {
        ++words;
        all_date = date::IsDateWord(w);
      }
      b = e + 1;
    }
    if (all_date && words > 0) return false;
  }
  for (auto w : tables::kAuthorRejectPrefixes) {
    if (lower.starts_with(w)) return false;
  }
  for (auto w : tables::kAuthorRejectParts) {
    if (lower.find(w) != std::string::npos) return false;
  }
  return true;
}

// A two-character Chinese name padded to the width of a three-character one ("赵 培", also with an
// ideographic space) is the name without the padding.
std::string JoinPaddedCjkName(std::string seg) {
  std::size_t i = 0;
  const char32_t first = text::NextCodePoint(seg, i);
  const std::size_t space = i;
  if (!text::IsCjk(first) || i >= seg.size() || seg[i] != ' ') return seg;
  ++i;
  const char32_t second = text::NextCodePoint(seg, i);
  if (!text::IsCjk(second) || i != seg.size()) return seg;
  seg.erase(space, 1);
  return seg;
}

}  // namespace

std::string CleanAuthor(std::string_view value) {
  std::string v = StripAuthorPrefixes(CollapseSpace(value, 1024));
  if (v.empty()) return "";
  // Split at separators; the first segment that is a name wins ("Dec. 19, 2025 · Jane Doe").
  std::vector<std::pair<std::size_t, std::size_t>> cuts;  // (position, length)
  for (std::string_view sep : tables::kAuthorSeparators) {
    for (std::size_t p = v.find(sep); p != std::string::npos; p = v.find(sep, p + sep.size())) {
      cuts.emplace_back(p, sep.size());
    }
  }
  // " 7 min read": a name ends before a number.
  for (std::size_t p = v.find(' '); p != std::string::npos; p = v.find(' ', p + 1)) {
    if (p + 1 < v.size() && v[p + 1] >= '0' && v[p + 1] <= '9') cuts.emplace_back(p, 1);
  }
  std::sort(cuts.begin(), cuts.end());
  std::size_t start = 0;
  for (std::size_t i = 0; i <= cuts.size(); ++i) {
    const std::size_t end = i < cuts.size() ? cuts[i].first : v.size();
    if (end < start) continue;
    std::string seg = v.substr(start, end - start);
    if (i < cuts.size()) start = cuts[i].first + cuts[i].second;
    // A date inside the segment: keep the part before it, else the part after it.
    date::DateMatch m;
    if (date::NextDateInText(seg, 0, &m)) {
      const std::string before = TrimAuthorPunct(seg.substr(0, m.begin));
      seg = WordCount(before) >= 2 || (m.begin > 0 && CodePoints(NormKey(before)) >= 4) ? before : seg.substr(m.end);
    }
    seg = JoinPaddedCjkName(TrimAuthorPunct(StripAuthorPrefixes(TrimAuthorPunct(CollapseSpace(seg)))));
    if (PlausibleName(seg)) return seg;
  }
  return "";
}

}  // namespace pith::meta
