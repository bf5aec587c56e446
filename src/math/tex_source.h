// Where a page keeps a formula's TeX source outside MathML, and the rules by which pith finds it:
//  * a MathJax 2 script: <script type="math/tex"> (inline) or "math/tex; mode=display";
//  * TeX between delimiters in the text, left for MathJax or KaTeX to render in the browser (raw
//    Markdown, pymdownx.arithmatex's spans, Sphinx's "math notranslate" spans):
//      \( … \) inline and \[ … \] display: always (prose does not write them);
//      $$ … $$ display: when a letter, a digit or a command stands between them and neither
//        touches a third dollar ("$, $$, or $$$" rates prices);
//      $ … $ inline: pandoc's rule, so that prices and shell variables stay text: the opening $
//        has a non-space after it, the closing $ a non-space before it and no digit after it
//        ("$5 and $10", "$HOME and $PATH" hold no formula; "$x$", "$k$-colourable" do); also
//        only a space, a non-ASCII character or one of ( [ { ' " / - * _ just before the opening
//        ("US$20" holds none), no closing bracket after it nor
//        opening bracket before the closing ("($) to ($$$)"), and nothing TeX math cannot hold
//        (an unescaped % or #, a quote: "$1" is "$2", ASCII text of legacy Tibetan fonts);
//    a delimiter preceded by a backslash is escaped; the formula ends in the same text node;
//  * a formula image whose alt text is its TeX: a class naming math (MediaWiki's
//    mwe-math-fallback-image-inline, WordPress's "latex") or a TeX-rendering URL (latex.php,
//    latex.codecogs.com, /math/render/, Google Chart's cht=tx).
#pragma once

#include <cstddef>
#include <string_view>

namespace pith::math {

// A formula between delimiters: the whole [begin, end) and its TeX [tex_begin, tex_end).
struct DelimitedTex {
  std::size_t begin = 0, end = 0;
  std::size_t tex_begin = 0, tex_end = 0;
  bool display = false;
};

// Whether `text` may hold a delimiter at all (a backslash or a dollar): the quick test that spares
// FindDelimitedTex on nearly all text.
bool MayHoldDelimitedTex(std::string_view text);

// The first formula between delimiters in text[from..], by the rules above; false when none.
bool FindDelimitedTex(std::string_view text, std::size_t from, DelimitedTex* found);

// MathJax 2's script types: "math/tex", and "math/tex; mode=display" (`display`).
bool IsTexScriptType(std::string_view type, bool* display);

// The TeX of a source as it should be written: without surrounding white space and without
// MediaWiki's {\displaystyle …} (or {\textstyle …}) wrapper.
std::string_view CleanTexSource(std::string_view tex);

// Whether an <img> with this class, src and alt is a formula whose TeX is its alt, and whether it
// is a display formula (its class says "display").
bool IsFormulaImage(std::string_view class_names, std::string_view src, std::string_view alt, bool* display);

}  // namespace pith::math
