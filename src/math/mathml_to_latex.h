// MathML to LaTeX: a formula's TeX source when the MathML carries it (a <semantics> annotation in
// application/x-tex, as KaTeX, pandoc, LaTeXML and MediaWiki write it), else its Presentation
// MathML converted to the LaTeX people write (what MathJax 3's assistive MathML and hand-written
// MathML need): x^2, x^{10}, \frac{a}{b}, \sqrt[n]{x}, \sum_{i=1}^{n}, \mathbf{v}, \left( … \right),
// pmatrix / bmatrix / cases / aligned / array for tables, the Unicode characters as commands
// (symbols.h). Braces only where TeX needs them. The conversion recurses at most kMaxDepth
// elements deep (deeper content is written as its characters) and stops adding output past
// kMaxBytes, so any input, however broken or nested, gives a bounded result.
#pragma once

#include <cstdint>
#include <string>

#include "math/mathml_tree.h"

namespace pith::math {

inline constexpr int kMaxDepth = 64;
inline constexpr std::size_t kMaxBytes = 1 << 16;

// The LaTeX of the formula whose <math> element is `math` (default: the first element of the
// tree), without delimiters; "" when it has none (empty MathML).
std::string MathmlToLatex(const MathTree& tree, std::uint32_t math = kNoMathNode);

// The TeX annotation of the formula, trimmed, or "" when it carries none.
std::string TexAnnotation(const MathTree& tree, std::uint32_t math = kNoMathNode);

// Whether the <math> element is set as a display (block) formula: display="block" or the older
// mode="display".
bool IsDisplayMath(const MathTree& tree, std::uint32_t math = kNoMathNode);

}  // namespace pith::math
