// Algorithm dispatch table.
#include "algo/registry.h"

#include <string>

namespace pith::algo {
namespace {

using RunFn = Selection (*)(const Context&);

RunFn Lookup(Algorithm a) {
  switch (a) {
    case Algorithm::kLineBlock: return &RunLineBlock;
    case Algorithm::kAuto: return &RunAuto;
    case Algorithm::kSemantic: return &RunSemantic;
    case Algorithm::kCorrelation: return &RunCorrelation;
    case Algorithm::kPathSim: return &RunPathSim;
    case Algorithm::kTibetan: return &RunTibetan;
    // One line per algorithm: case Algorithm::kX: return &RunX;  (declared in algo/algorithm.h)
    default: return nullptr;
  }
}

}  // namespace

bool IsAvailable(Algorithm a) { return Lookup(a) != nullptr; }

Status Run(const Context& ctx, Selection* out) {
  const RunFn fn = Lookup(ctx.options.algorithm);
  if (!fn) {
    return Status(StatusCode::kInvalidArgument,
                  std::string("algorithm '") + AlgorithmName(ctx.options.algorithm) +
                      "' is not available in this version");
  }
  *out = fn(ctx);
  if (!ctx.options.headline) LeaveOutHeadline(ctx, out);
  return Status::Ok();
}

}  // namespace pith::algo
