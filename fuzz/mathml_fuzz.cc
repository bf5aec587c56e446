// libFuzzer target: the MathML-to-LaTeX converter (src/math/) on arbitrary markup, parsed inside a
// <math> element by pith's HTML parser and written into the Document by document_builder.h, as on
// a page. Invariants: no crash or sanitizer report; every formula is one Tag::kMath element with
// one text node holding valid UTF-8 LaTeX of bounded size (nested, broken or huge MathML cannot
// make it run away).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "decode/charset.h"
#include "dom/parse.h"
#include "math/mathml_to_latex.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  // The parser takes valid UTF-8 (decode's contract): the input's valid prefix.
  const std::string markup(bytes.substr(0, pith::decode::ValidUtf8PrefixLength(bytes)));
  pith::dom::Document doc;
  pith::dom::Parse("<p><math>" + markup, pith::dom::ParseLimits{}, &doc);
  for (pith::dom::NodeId id = 0; id < doc.size(); ++id) {
    if (!doc.IsFormula(id)) continue;
    const pith::dom::NodeId text = doc[id].first_child;
    if (text == pith::dom::kNoNode || text != doc[id].last_child || !doc[text].is_text()) std::abort();
    const std::string_view latex = doc.FormulaLatex(id);
    // The converter's bound, or a TeX annotation, which is copied as it is (bounded by the copy).
    if (latex.empty() || latex.size() > pith::math::kMaxBytes + pith::math::MathTree::kMaxTextBytes) std::abort();
    if (pith::decode::ValidUtf8PrefixLength(latex) != latex.size()) std::abort();
  }
  return 0;
}
