// pith::Extractor: an immutable Options holder; each call runs the pipeline with its own state.
#include "core/pipeline.h"
#include "pith/pith.h"

namespace pith {

struct Extractor::Impl {
  Options options;
};

Extractor::Extractor(Options options) : impl_(std::make_unique<const Impl>(Impl{std::move(options)})) {}
Extractor::~Extractor() = default;

const Options& Extractor::options() const { return impl_->options; }

Result Extractor::Extract(std::string_view bytes, const PageInfo& info) const {
  // Per-thread scratch state: buffers keep their capacity from page to page (no page-fault storm
  // from fresh allocations); memory is bounded by the largest page this thread has seen.
  thread_local algo::PageState state;
  Result result;
  core::Run(bytes, info, impl_->options, &state, &result);
  return result;
}

}  // namespace pith
