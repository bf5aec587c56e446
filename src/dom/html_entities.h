// The WHATWG named character references (HTML Standard §13.5), for the tokenizer's named character
// reference state (§13.2.5.73). The table is generated: src/dom/html_entities.cc is written by
// scripts/gen_html_entities.py.
#pragma once

#include <cstddef>
#include <string_view>

namespace pith::dom {

struct NamedReferenceMatch {
  std::size_t length = 0;            // bytes of `rest` that form the name; 0: no name matches
  std::string_view utf8;             // the replacement text (one or two code points), UTF-8
  bool ends_with_semicolon = false;  // the matched name ends with ';' (else a legacy name: "amp")
};

// The longest name in the table that is a prefix of `rest` (the input after '&'), as the standard's
// "consume the maximum number of characters possible" asks: "notit;" matches "not", "amp;x" matches
// "amp;". Reads at most 32 bytes of `rest` (the longest name's length).
NamedReferenceMatch MatchNamedReference(std::string_view rest);

}  // namespace pith::dom
