// The first room of the pipeline: a page made ready to be read. Input checks, decoding to UTF-8,
// legacy Tibetan font conversion, parsing and the per-node statistics, with nothing about content
// yet: the page classifier, the algorithms, rendering, metadata and site models all read what this
// leaves (core::Run strings them together).
#pragma once

#include <string_view>

#include "decode/decode.h"
#include "dom/annotate.h"
#include "dom/document.h"
#include "pith/pith.h"

namespace pith::prepare {

struct PreparedPage {
  decode::Decoded decoded;
  dom::Document doc;
  dom::Annotation annotation;
};

// Checks the raw input (size, emptiness, binary) before decoding. Returns ok or the error.
Status CheckInput(std::string_view bytes, const Options& options);

// decode → legacy font conversion → parse → annotate (stops at the first error). `page` may be
// reused from page to page.
Status Prepare(std::string_view bytes, const PageInfo& info, const Options& options, PreparedPage* page);

}  // namespace pith::prepare
