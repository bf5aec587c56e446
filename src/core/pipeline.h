// The whole pipeline for one page, with every intermediate kept (algo::PageState), for the
// Extractor and for tools that show the decision (explain, plot) or time the stages (benchmarks).
// Its first room, the prepared page, is prepare/prepare.h.
#pragma once

#include <string_view>

#include "algo/page_state.h"
#include "pith/pith.h"

namespace pith::core {

// prepare::Prepare, then the page classifier, the algorithm, rendering and metadata into `result`
// (status included).
void Run(std::string_view bytes, const PageInfo& info, const Options& options, algo::PageState* state,
         Result* result);

}  // namespace pith::core
