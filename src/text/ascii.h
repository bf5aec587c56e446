// ASCII case-insensitive comparisons, as HTML defines them for tag names, attribute values and
// keywords ("ASCII case-insensitive match"): only A–Z fold. And the white space of each format pith
// reads, as named byte classes, with Trim over any of them: formats differ in what counts as white
// space, so each caller names its own class.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pith::text {

constexpr bool IsAsciiAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr char AsciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

// A lower-cased copy (A–Z only).
inline std::string LowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = AsciiLower(c);
  return out;
}

constexpr bool EqualsIgnoreAsciiCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (AsciiLower(a[i]) != AsciiLower(b[i])) return false;
  }
  return true;
}

constexpr bool StartsWithIgnoreAsciiCase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && EqualsIgnoreAsciiCase(s.substr(0, prefix.size()), prefix);
}

// Where `lower_needle` (lower-case) first occurs in `haystack` at or after `from`, ignoring ASCII
// case; npos if nowhere.
constexpr std::size_t FindIgnoreAsciiCase(std::string_view haystack, std::string_view lower_needle,
                                          std::size_t from = 0) {
  for (std::size_t i = from; i + lower_needle.size() <= haystack.size(); ++i) {
    std::size_t k = 0;
    while (k < lower_needle.size() && AsciiLower(haystack[i + k]) == lower_needle[k]) ++k;
    if (k == lower_needle.size()) return i;
  }
  return std::string_view::npos;
}

// WHATWG Infra's "ASCII whitespace" (HTML, CSS, TeX sources): tab, LF, FF, CR, space.
constexpr bool IsAsciiWhitespace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
// XML's white space, the S production (MathML): space, tab, CR, LF.
constexpr bool IsXmlWhitespace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
// C's isspace in the "C" locale (plain-text lists): ASCII whitespace and the vertical tab.
constexpr bool IsCSpace(char c) { return IsAsciiWhitespace(c) || c == '\v'; }
// Every control byte and space, 0x00–0x20 (values of meta tags and other loosely written fields).
constexpr bool IsControlOrSpace(char c) { return static_cast<unsigned char>(c) <= ' '; }
// HTTP's optional white space (OWS, RFC 9110): space and tab.
constexpr bool IsHttpOws(char c) { return c == ' ' || c == '\t'; }
// OWS and the CR a CRLF line leaves when split at its LF (WARC and HTTP header lines).
constexpr bool IsOwsOrCr(char c) { return IsHttpOws(c) || c == '\r'; }
// OWS and a whole line ending (a header line as libcurl hands it over, CRLF included).
constexpr bool IsOwsOrLineEnd(char c) { return IsOwsOrCr(c) || c == '\n'; }

// `s` without the leading (TrimFront), trailing (TrimBack) or both (Trim) bytes for which
// `is_space` holds.
template <typename IsSpace>
constexpr std::string_view TrimFront(std::string_view s, IsSpace is_space) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  return s;
}
template <typename IsSpace>
constexpr std::string_view TrimBack(std::string_view s, IsSpace is_space) {
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}
template <typename IsSpace>
constexpr std::string_view Trim(std::string_view s, IsSpace is_space) {
  return TrimBack(TrimFront(s, is_space), is_space);
}

}  // namespace pith::text
