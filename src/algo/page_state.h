// One page through the pipeline with every intermediate kept: the prepared page, the page
// classifier's answer, the algorithm's selection and what the confidence was scored from. core::Run
// fills it; the tools that show the decision (explain, plot) and the benchmarks read it.
#pragma once

#include "algo/algorithm.h"
#include "classify/confidence.h"
#include "classify/page_type.h"
#include "prepare/prepare.h"

namespace pith::algo {

struct PageState : prepare::PreparedPage {
  classify::PageTypeGuess page_type;  // the page classifier's answer, features and probabilities
  Selection selection;
  classify::ConfidenceFeatures confidence;  // what Result::confidence was scored from
};

}  // namespace pith::algo
