// The whole pipeline for one page, with every intermediate kept, for the Extractor and for tools
// that show the decision (explain, plot) or time the stages (benchmarks).
#pragma once

#include <string_view>

#include "algo/algorithm.h"
#include "classify/confidence.h"
#include "classify/page_type.h"
#include "decode/decode.h"
#include "dom/annotate.h"
#include "dom/document.h"
#include "pith/pith.h"

namespace pith::core {

struct PageState {
  decode::Decoded decoded;
  dom::Document doc;
  dom::Annotation annotation;
  classify::PageTypeGuess page_type;  // the page classifier's answer, features and probabilities
  algo::Selection selection;
  classify::ConfidenceFeatures confidence;  // what Result::confidence was scored from
};

// Checks the raw input (size, emptiness, binary) before decoding. Returns ok or the error.
Status CheckInput(std::string_view bytes, const Options& options);

// decode → parse → annotate (stops at the first error).
Status Prepare(std::string_view bytes, const PageInfo& info, const Options& options, PageState* state);

// Prepare, then the algorithm, rendering and metadata into `result` (status included).
void Run(std::string_view bytes, const PageInfo& info, const Options& options, PageState* state,
         Result* result);

}  // namespace pith::core
