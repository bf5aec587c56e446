// HTML5 parsing into pith's arena Document, by pith's own parser: the tokenizer of html_tokenizer.h
// and the tree construction of html_tree_builder.h.
#pragma once

#include <string_view>

#include "dom/document.h"

namespace pith::dom {

struct ParseLimits {
  int max_nesting_depth = 5000;  // Options::max_nesting_depth
};

// Parses valid UTF-8 `html` into `doc` (cleared first); any input makes a Document. Elements are
// nested no deeper than the limit: a start tag met with that many elements open makes an empty
// element, and its content follows it (Document::elements_flattened counts them), so time stays
// linear in the input's size. Source lines of nodes are those of `html`.
void Parse(std::string_view html, const ParseLimits& limits, Document* doc);

}  // namespace pith::dom
