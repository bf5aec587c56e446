// Algorithm dispatch: maps pith::Algorithm to its implementation.
#pragma once

#include "algo/algorithm.h"
#include "pith/status.h"

namespace pith::algo {

// True when this build implements `a`.
bool IsAvailable(Algorithm a);
// Runs `ctx.options.algorithm`. Fails with kInvalidArgument for an algorithm this build lacks.
Status Run(const Context& ctx, Selection* out);

}  // namespace pith::algo
