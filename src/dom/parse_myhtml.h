// The MyHTML (Debian libmodest) parser adapter, kept as the reference of pith's own HTML parser in
// differential tests (tests/html_parser_corpus_test.cc, fuzz/parse_fuzz.cc). Internal: pith's
// pipeline parses with dom::Parse (parse.h).
#pragma once

#include <string_view>

#include "dom/document.h"
#include "dom/parse.h"
#include "pith/status.h"

namespace pith::dom {

// Parses valid UTF-8 `html` whole with MyHTML into `doc` (cleared first), by the same rules as
// dom::Parse (document_builder.h). Fails with kTooDeep when MyHTML's stack of open elements, measured
// after each token, grew deeper than the limit (MyHTML runs to the end first: its time grows with
// depth², so keep the limit small).
Status ParseWithMyHtml(std::string_view html, const ParseLimits& limits, Document* doc);

}  // namespace pith::dom
