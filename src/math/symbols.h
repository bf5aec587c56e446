// The characters of MathML tokens in LaTeX: Greek letters, operators, relations, arrows, big
// operators, delimiters and accents by the command TeX users write for them (the names of plain
// TeX, LaTeX and amssymb, as MathJax, KaTeX and pandoc map them to Unicode); the Mathematical
// Alphanumeric Symbols (U+1D400-1D7FF and their Letterlike holes) as a letter and a style; the
// mathvariant names.
#pragma once

#include <cstdint>
#include <string_view>

namespace pith::math {

// A style of letters (MathML's mathvariant, the alphanumeric symbols' blocks).
enum class Variant : std::uint8_t {
  kDefault,  // as the token would be without one (italic single letters, upright the rest)
  kNormal, kBold, kItalic, kBoldItalic, kDoubleStruck, kScript, kBoldScript, kFraktur, kBoldFraktur,
  kSansSerif, kBoldSansSerif, kSansSerifItalic, kSansSerifBoldItalic, kMonospace,
  kCalligraphic,  // MathJax's -tex-calligraphic (\mathcal) beside plain script (\mathscr)
};
Variant VariantFromName(std::string_view mathvariant);
// The LaTeX command (with the opening brace of its argument) that sets text in the style, as
// "\\mathbf{"; `closing` gets the braces that close it ("}" or "}}"). "" for kDefault.
std::string_view VariantOpening(Variant v, std::string_view* closing);

// A character of the Mathematical Alphanumeric Symbols as its plain letter or digit and style
// (𝐮 → u, bold; ℝ → R, double-struck); other characters come back as they are, with kDefault.
struct StyledCharacter {
  char32_t base;
  Variant variant;
};
StyledCharacter Unstyle(char32_t c);

// How a character stands in the formula: in an <mo> (an operator, a relation, a fence) or as an
// identifier or a number (<mi>, <mn>). Some characters read differently: ⊥ is \perp between
// terms and \bot as a term.
enum class TokenRole : std::uint8_t { kOperator, kIdentifier };
// The LaTeX for one character: a command ("\\alpha", "\\leq"), an escaped ASCII character ("\\{"),
// or "" when the character is written as it is.
std::string_view LatexForCharacter(char32_t c, TokenRole role);

// Characters that are invisible operators (function application, invisible times and separator,
// invisible plus): MathML writes them, TeX does not.
constexpr bool IsInvisibleOperator(char32_t c) { return c >= 0x2061 && c <= 0x2064; }

// The command of an accent character over (mover) or under (munder) a base: "\\hat", "\\bar",
// "\\vec", "\\underline", ... `wide`: the base is more than one character (\widehat, \overline,
// \overrightarrow). "" when the character is no accent.
std::string_view OverAccent(char32_t c, bool wide);
std::string_view UnderAccent(char32_t c);

// Whether a multi-letter identifier or operator is one of the function names TeX has a command
// for (sin, log, lim, max, det, ...): written \log.
bool IsTexFunctionName(std::string_view name);
// Relations and arrows (=, <, ≤, ∈, ⊂, →, ∣, ...) and the times signs (×, ⋅): the operators TeX
// users set apart with spaces ("a = b", "x \in A", "2 \times 3").
bool IsSpacedOperator(char32_t c);
// Large operators (∑, ∫, ⋃, ...) and limits-taking names (lim, max, ...): their under/over
// scripts are written as _ and ^.
bool IsLargeOperator(char32_t c);

}  // namespace pith::math
