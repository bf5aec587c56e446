// decode/normalize.h — Arabic presentation forms → base letters.
//
// Legacy Uyghur (and some Arabic, Persian, Urdu) pages store text as presentation forms: the
// positional glyph shapes of Arabic Presentation Forms-A (U+FB50–U+FDFF) and -B (U+FE70–U+FEFF)
// instead of the letters themselves (paper 000 §3.1). Matching, word counting and script
// statistics need the letters, so each such code point is replaced by its NFKC form (U+FEE9…U+FEEC
// → U+0647; ligatures expand to letter sequences, e.g. U+FEFB → U+0644 U+0627). Nothing outside
// those two blocks is touched — in particular not the CJK full-width punctuation NFKC would also
// rewrite — and U+FEFF (zero-width no-break space / BOM) is removed.
#pragma once

#include <string>

namespace pith::decode {

// Folds the presentation forms in valid UTF-8 text in place. Returns true if anything changed.
// Costs one memchr-driven scan when the text has none (their UTF-8 starts EF AD–EF BB).
bool FoldPresentationForms(std::string& utf8);

}  // namespace pith::decode
