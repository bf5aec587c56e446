// meta/text_util.h — string helpers shared by the metadata rules: ASCII case folding, UTF-8
// steps, whitespace collapsing, comparison keys and word counts (for titles and names), and a set
// of strings searched for together. The small ones are inline: they run for every character of
// the text the rules scan.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "text/ascii.h"
#include "text/unicode.h"

namespace pith::meta {

using text::AsciiLower;
using text::EqualsIgnoreAsciiCase;
using text::LowerAscii;
using text::StartsWithIgnoreAsciiCase;
// Metadata values are trimmed of every control byte and space: Trim(value, IsControlOrSpace).
using text::IsControlOrSpace;
using text::Trim;

std::size_t FindCI(std::string_view hay, std::string_view needle, std::size_t from = 0);

inline bool ContainsCI(std::string_view hay, std::string_view needle) {
  return FindCI(hay, needle) != std::string_view::npos;
}

inline bool IsHan(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0x20000 && c <= 0x2FA1F);
}
inline bool IsKana(char32_t c) { return (c >= 0x3040 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF); }
inline bool IsHangul(char32_t c) {
  return (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F);
}
inline bool IsAsciiAlnum(char32_t c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Letters or digits (the characters that carry a title's identity).
inline bool IsWordChar(char32_t c) {
  if (c < 0x80) return IsAsciiAlnum(c);
  return !text::IsSpace(c) && !text::IsPunct(c) && !(c >= 0x2000 && c <= 0x2BFF) && c != 0xA0 &&
         !(c >= 0xFF01 && c <= 0xFF0F) && c != 0xFF5C && c != 0xFFFD;
}

// Bytes in the UTF-8 sequence starting with lead byte c.
inline std::size_t SeqLen(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return u < 0x80 ? 1 : u < 0xE0 ? 2 : u < 0xF0 ? 3 : 4;
}

// Length of the whitespace code point at s[i], 0 if it is not one. ASCII is tested directly; only
// the lead bytes that can start a Unicode space (C2, E1, E2, E3, EF) are decoded.
inline std::size_t SpaceLen(std::string_view s, std::size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') ? 1 : 0;
  if (c != 0xC2 && c != 0xE1 && c != 0xE2 && c != 0xE3 && c != 0xEF) return 0;
  std::size_t j = i;
  const char32_t cp = text::NextCodePoint(s, j);
  return (text::IsSpace(cp) || cp == 0xA0) ? j - i : 0;
}

// Whitespace runs → one space, trimmed; stops after max_bytes (at a code point boundary).
std::string CollapseSpace(std::string_view s, std::size_t max_bytes = 4096);

// Comparison key: ASCII lower-cased letters and digits only (punctuation, spaces, quotes dropped).
std::string NormKey(std::string_view s);

inline std::size_t CodePoints(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// Words for title heuristics: a run of non-CJK word characters is one word, a CJK character counts
// as half a word (two Han characters ≈ one English word).
double WordCount(std::string_view s);

// Share of the smaller word set found in the other.
double WordOverlap(std::string_view a, std::string_view b);

bool LooksLikeUrl(std::string_view s);

template <std::size_t N>
bool InList(std::string_view s, const std::string_view (&list)[N]) {
  for (auto x : list) {
    if (x == s) return true;
  }
  return false;
}

// Strings (of two bytes or more) searched for together. Their first two bytes are kept in a
// table, so that a position of the text where none of them begins costs one lookup. A set made
// with IgnoreAsciiCase (its strings in lower case) finds them in any ASCII case, in place: the
// table holds the heads in every case, and a candidate is compared ignoring case.
struct IgnoreAsciiCase {};

template <std::size_t N>
class StringSet {
 public:
  constexpr explicit StringSet(const std::string_view (&strings)[N]) : strings_(strings) {
    for (std::string_view s : strings) {
      if (s.size() < 2) throw "StringSet: every string needs two bytes or more";  // compile time
      heads_[HeadKey(s[0], s[1])] = true;
    }
  }
  constexpr StringSet(const std::string_view (&strings)[N], IgnoreAsciiCase) : strings_(strings), ignore_case_(true) {
    for (std::string_view s : strings) {
      if (s.size() < 2) throw "StringSet: every string needs two bytes or more";  // compile time
      for (const char c : s) {
        if (AsciiLower(c) != c) throw "StringSet: with IgnoreAsciiCase the strings are in lower case";
      }
      for (const char a : {s[0], UpperAscii(s[0])}) {
        for (const char b : {s[1], UpperAscii(s[1])}) heads_[HeadKey(a, b)] = true;
      }
    }
  }
  // Some string of the set may begin at text[i] (a quick test: its answer may be a false yes).
  bool MayBeginAt(std::string_view text, std::size_t i) const {
    return i + 1 < text.size() && heads_[HeadKey(text[i], text[i + 1])];
  }
  // Some string of the set occurs in text.
  bool FoundIn(std::string_view text) const {
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
      if (MayBeginAt(text, i) && BeginsAt(text, i)) return true;
    }
    return false;
  }

 private:
  static constexpr std::size_t kHeadKeys = 4096;
  // Two bytes hashed to 12 bits (pairs of lower-case letters stay distinct).
  static constexpr std::size_t HeadKey(char a, char b) {
    return (static_cast<unsigned char>(a) * 64u + static_cast<unsigned char>(b)) % kHeadKeys;
  }
  static constexpr char UpperAscii(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c; }
  bool BeginsAt(std::string_view text, std::size_t i) const {
    for (std::string_view s : strings_) {
      if (ignore_case_ ? StartsWithIgnoreAsciiCase(text.substr(i), s) : text.substr(i).starts_with(s)) return true;
    }
    return false;
  }

  const std::string_view (&strings_)[N];
  bool ignore_case_ = false;
  std::array<bool, kHeadKeys> heads_{};
};

}  // namespace pith::meta
