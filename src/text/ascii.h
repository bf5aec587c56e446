// ASCII case-insensitive comparisons, as HTML defines them for tag names, attribute values and
// keywords ("ASCII case-insensitive match"): only A–Z fold.
#pragma once

#include <cstddef>
#include <string_view>

namespace pith::text {

constexpr char AsciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

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

}  // namespace pith::text
