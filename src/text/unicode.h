// Code-point level text facts used everywhere: UTF-8 iteration, whitespace, punctuation, and a
// coarse script class. Table-driven range checks (no ICU calls on the hot path).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace pith::text {

// Coarse script classes: what thresholds and tokenisation need to tell apart.
enum class Script : std::uint8_t {
  kNone,      // no letters (digits, punctuation, symbols only)
  kLatin,
  kCyrillic,
  kGreek,
  kArabic,    // Arabic script: Arabic, Persian, Urdu, Uyghur
  kHebrew,
  kCjk,       // Han, Hiragana, Katakana, Hangul, Bopomofo
  kTibetan,
  kIndic,     // Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala
  kSoutheastAsian,  // Thai, Lao, Myanmar, Khmer
  kOther,
  kCount
};
const char* ScriptName(Script s);

// Decodes one code point from valid UTF-8 at s[i], advancing i. (Input is valid: decode guarantees it.)
inline char32_t NextCodePoint(std::string_view s, std::size_t& i) {
  const auto c0 = static_cast<unsigned char>(s[i]);
  if (c0 < 0x80) { ++i; return c0; }
  auto cont = [&](std::size_t k) -> char32_t {
    return i + k < s.size() ? (static_cast<unsigned char>(s[i + k]) & 0x3F) : 0;
  };
  char32_t cp;
  if (c0 < 0xE0) { cp = ((c0 & 0x1F) << 6) | cont(1); i += 2; }
  else if (c0 < 0xF0) { cp = ((c0 & 0x0F) << 12) | (cont(1) << 6) | cont(2); i += 3; }
  else { cp = ((c0 & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3); i += 4; }
  if (i > s.size()) i = s.size();
  return cp;
}

// Unicode White_Space (plus zero-width space/joiners and BOM, which render as nothing).
bool IsSpace(char32_t c);
// Zero width space, non-joiner, joiner and word joiner: spaces to IsSpace (they part words for
// counting), but a reader sees no space, and after a character they carry meaning (Persian's
// non-joiner in "می‌خواهم", an emoji's joiner in "🤷‍♂️", Thai's invisible word break). Text written
// out keeps them after a character and drops them after a space or at its start.
constexpr bool IsZeroWidthFormat(char32_t c) { return (c >= 0x200B && c <= 0x200D) || c == 0x2060; }
// Whether byte `b` of valid UTF-8 may begin a character IsSpace accepts: ASCII space and controls,
// and the lead bytes of U+0085/U+00A0 (C2), U+1680 (E1), U+2000–U+206F (E2), U+3000 (E3) and
// U+FEFF (EF). Every other byte begins no space, so text can be copied in runs up to such a byte.
constexpr bool MayStartSpace(unsigned char b) {
  return b <= ' ' || b == 0xC2 || b == 0xE1 || b == 0xE2 || b == 0xE3 || b == 0xEF;
}
// Unicode punctuation (general categories P*), including CJK, Arabic, Hebrew, Indic, Thai, Tibetan,
// Myanmar, Khmer, Ethiopic and Mongolian marks (shad; tsheg is *not* punctuation: it separates
// syllables inside words, nor is the Ethiopic wordspace U+1361, which separates words).
bool IsPunct(char32_t c);
// A currency sign: Unicode's category Sc in the Basic Multilingual Plane ("$", "£", "€", "₹",
// "฿", "﷼", the full-width "￥", ...).
bool IsCurrencySign(char32_t c);
Script ScriptOf(char32_t c);
inline bool IsCjk(char32_t c) { return ScriptOf(c) == Script::kCjk; }
inline constexpr char32_t kTsheg = 0x0F0B;

// Non-whitespace code points in s.
std::size_t CountNonSpace(std::string_view s);

// Appends cp as UTF-8.
void AppendUtf8(char32_t cp, std::string& out);

}  // namespace pith::text
