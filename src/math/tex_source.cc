// The rules of tex_source.h.
#include "math/tex_source.h"

#include <cstring>

#include "text/ascii.h"
#include "text/byte_scan.h"

namespace pith::math {
namespace {

using text::IsAsciiWhitespace;
using text::Trim;

// Whether text[at] is escaped by an odd run of backslashes before it.
bool Escaped(std::string_view text, std::size_t at) {
  std::size_t slashes = 0;
  while (at > 0 && text[at - 1] == '\\') --at, ++slashes;
  return slashes % 2 == 1;
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// The TeX between `open` at text[at] and the first `close` after it that is not escaped; false when
// it does not close or holds only white space.
bool Closes(std::string_view text, std::size_t at, std::string_view open, std::string_view close, bool display,
            DelimitedTex* found) {
  std::size_t from = at + open.size();
  while (true) {
    const std::size_t end = text.find(close, from);
    if (end == std::string_view::npos) return false;
    if (Escaped(text, end) && close[0] != '\\') {
      from = end + 1;
      continue;
    }
    if (Trim(text.substr(at + open.size(), end - at - open.size()), IsAsciiWhitespace).empty()) return false;
    *found = {at, end + close.size(), at + open.size(), end, display};
    return true;
  }
}

bool IsAsciiAlnum(char c) { return IsDigit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }

// Characters TeX math does not hold unescaped: a comment (%), a macro parameter (#), a quote.
bool HoldsNonTex(std::string_view tex) {
  for (std::size_t i = 0; i < tex.size(); ++i) {
    if (tex[i] == '"' || ((tex[i] == '%' || tex[i] == '#') && !Escaped(tex, i))) return true;
  }
  return false;
}

// Pandoc's inline $: a non-space after the opening, a non-space before the closing and no digit
// after it; and, for prices, shell variables and text in legacy fonts, only a space, a non-ASCII
// character or an opening bracket, quote, slash, dash or emphasis mark just before the opening
// ("US$20", ":$R-5$" are none), no closing bracket just after it nor opening bracket just before
// the closing ("($) to ($$$)"), nothing TeX cannot hold.
bool ClosesDollar(std::string_view text, std::size_t at, DelimitedTex* found) {
  if (at + 1 >= text.size() || IsAsciiWhitespace(text[at + 1])) return false;
  if (at > 0 && static_cast<unsigned char>(text[at - 1]) < 0x80 && !IsAsciiWhitespace(text[at - 1]) &&
      std::strchr("([{'\"/-*_", text[at - 1]) == nullptr) {
    return false;
  }
  if (text[at + 1] == ')' || text[at + 1] == ']' || text[at + 1] == '}') return false;
  for (std::size_t i = at + 1; i < text.size(); ++i) {
    if (text[i] != '$') continue;
    if (Escaped(text, i)) continue;
    const char before = text[i - 1];
    if (IsAsciiWhitespace(before) || before == '(' || before == '[' || before == '{') return false;
    if (i + 1 < text.size() && (IsDigit(text[i + 1]) || text[i + 1] == '$')) return false;
    if (i == at + 1) return false;  // "$$" is the display delimiter
    if (HoldsNonTex(text.substr(at + 1, i - at - 1))) return false;
    *found = {at, i + 1, at + 1, i, false};
    return true;
  }
  return false;
}

// $$ … $$: neither delimiter touches a third dollar ("$, $$, or $$$" rates prices), and the TeX
// holds a letter, a digit or a command.
bool ClosesDoubleDollar(std::string_view text, std::size_t at, DelimitedTex* found) {
  if ((at > 0 && text[at - 1] == '$') || (at + 2 < text.size() && text[at + 2] == '$')) return false;
  const std::size_t end = text.find("$$", at + 2);
  if (end == std::string_view::npos || (end + 2 < text.size() && text[end + 2] == '$')) return false;
  const std::string_view tex = text.substr(at + 2, end - at - 2);
  bool texlike = false;
  for (const char c : tex) texlike = texlike || IsAsciiAlnum(c) || c == '\\';
  if (!texlike || Trim(tex, IsAsciiWhitespace).empty()) return false;
  *found = {at, end + 2, at + 2, end, true};
  return true;
}

// Splits a class attribute into words at every character that is no ASCII letter or digit.
template <class F>
bool AnyWord(std::string_view s, F f) {
  std::size_t i = 0;
  auto alnum = [](char c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); };
  while (i < s.size()) {
    while (i < s.size() && !alnum(s[i])) ++i;
    const std::size_t begin = i;
    while (i < s.size() && alnum(s[i])) ++i;
    if (i > begin && f(s.substr(begin, i - begin))) return true;
  }
  return false;
}

bool ContainsIgnoreCase(std::string_view s, std::string_view lower_word) {
  if (s.size() < lower_word.size()) return false;
  // Compared whole only where the first byte matches (OR 0x20 maps 'A'-'Z' onto 'a'-'z'; the few
  // other bytes it maps onto one fail the whole comparison): an image's src can be a data: URL of
  // tens of kilobytes.
  const char first = lower_word[0];
  for (std::size_t i = 0; i + lower_word.size() <= s.size(); ++i) {
    if ((s[i] | 0x20) == first && text::StartsWithIgnoreAsciiCase(s.substr(i), lower_word)) return true;
  }
  return false;
}

}  // namespace

bool MayHoldDelimitedTex(std::string_view text) {
  // One scan for both bytes (this runs on every text node of a page).
  return text::FindAny<'\\', '$'>(text.data(), text.data() + text.size()) != text.data() + text.size();
}

bool FindDelimitedTex(std::string_view text, std::size_t from, DelimitedTex* found) {
  for (std::size_t i = from; i < text.size(); ++i) {
    const char c = text[i];
    if (c != '\\' && c != '$') continue;
    if (Escaped(text, i)) continue;
    if (c == '\\') {
      if (i + 1 >= text.size()) return false;
      const char next = text[i + 1];
      if (next == '(' && Closes(text, i, "\\(", "\\)", false, found)) return true;
      if (next == '[' && Closes(text, i, "\\[", "\\]", true, found)) return true;
      if (next == '\\' || next == '$') ++i;  // an escaped backslash or dollar
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '$') {
      if (ClosesDoubleDollar(text, i, found)) return true;
      while (i + 1 < text.size() && text[i + 1] == '$') ++i;
      continue;
    }
    if (ClosesDollar(text, i, found)) return true;
  }
  return false;
}

bool IsTexScriptType(std::string_view type, bool* display) {
  type = Trim(type, IsAsciiWhitespace);
  if (!text::StartsWithIgnoreAsciiCase(type, "math/tex")) return false;
  std::string_view rest = Trim(type.substr(8), IsAsciiWhitespace);
  *display = false;
  if (rest.empty()) return true;
  if (rest[0] != ';') return false;
  rest = Trim(rest.substr(1), IsAsciiWhitespace);
  *display = text::EqualsIgnoreAsciiCase(rest, "mode=display");
  return true;
}

std::string_view CleanTexSource(std::string_view tex) {
  tex = Trim(tex, IsAsciiWhitespace);
  for (const std::string_view style : {std::string_view("{\\displaystyle"), std::string_view("{\\textstyle")}) {
    if (!tex.starts_with(style) || !tex.ends_with('}')) continue;
    // The wrapper's brace must close at the end, not earlier ("{\displaystyle a}{b}").
    int depth = 0;
    bool whole = true;
    for (std::size_t i = 0; i < tex.size(); ++i) {
      if (tex[i] == '\\') {
        ++i;
        continue;
      }
      if (tex[i] == '{') ++depth;
      if (tex[i] == '}' && --depth == 0 && i + 1 != tex.size()) whole = false;
    }
    const std::string_view inner = tex.substr(style.size(), tex.size() - style.size() - 1);
    if (whole && depth == 0 && (inner.empty() || !((inner[0] | 0x20) >= 'a' && (inner[0] | 0x20) <= 'z'))) {
      return Trim(inner, IsAsciiWhitespace);
    }
  }
  return tex;
}

bool IsFormulaImage(std::string_view class_names, std::string_view src, std::string_view alt, bool* display) {
  alt = Trim(alt, IsAsciiWhitespace);
  if (alt.empty()) return false;
  const bool math_class = AnyWord(class_names, [](std::string_view w) {
    return text::EqualsIgnoreAsciiCase(w, "math") || text::EqualsIgnoreAsciiCase(w, "latex") ||
           text::EqualsIgnoreAsciiCase(w, "tex") || text::EqualsIgnoreAsciiCase(w, "mathtex") ||
           text::EqualsIgnoreAsciiCase(w, "equation") || text::EqualsIgnoreAsciiCase(w, "formula");
  });
  const bool tex_url = ContainsIgnoreCase(src, "latex") || ContainsIgnoreCase(src, "mathtex") ||
                       ContainsIgnoreCase(src, "/math/render/") || ContainsIgnoreCase(src, "cht=tx");
  if (!math_class && !tex_url) return false;
  // The alt must read as TeX, not as a caption ("Formula 1"): a TeX character, or a symbol or two.
  bool tex_like = alt.size() <= 2;
  for (const char c : alt) tex_like = tex_like || std::strchr("\\^_{}=+<>", c) != nullptr;
  if (!tex_like) return false;
  *display = AnyWord(class_names, [](std::string_view w) { return text::EqualsIgnoreAsciiCase(w, "display"); });
  return true;
}

}  // namespace pith::math
