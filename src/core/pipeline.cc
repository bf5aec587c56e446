// The pipeline's second room: on a prepared page (prepare/prepare.h), the page classifier → the
// algorithm → blocks, confidence and metadata.
#include "core/pipeline.h"

#include "algo/registry.h"
#include "meta/metadata.h"
#include "prepare/prepare.h"
#include "render/blocks.h"

namespace pith::core {

namespace {

// Link targets and image URLs as written in the page become absolute when the page's URL or
// <base href> allows.
void ResolveLinks(const dom::Document& doc, std::string_view page_url, std::vector<Block>* blocks) {
  std::string base;
  bool base_known = false;
  for (Block& b : *blocks) {
    auto resolve = [&](std::string* url) {
      if (!base_known) {
        base = meta::LinkBase(doc, page_url);
        base_known = true;
      }
      std::string resolved = meta::ResolveUrl(base, *url);
      if (!resolved.empty()) *url = std::move(resolved);
    };
    for (Link& l : b.links) resolve(&l.url);
    for (Image& i : b.images) resolve(&i.src);
  }
}

}  // namespace

void Run(std::string_view bytes, const PageInfo& info, const Options& options, algo::PageState* state,
         Result* result) {
  *result = Result();
  result->algorithm = options.algorithm;
  result->status = prepare::Prepare(bytes, info, options, state);
  result->encoding = state->decoded.info;
  if (!result->status.ok()) return;
  state->page_type = classify::ClassifyPageType(state->doc, state->annotation, info.url);
  result->page_type = state->page_type.type;
  result->page_type_probability = state->page_type.probability[static_cast<std::size_t>(state->page_type.type)];
  const algo::Context ctx{state->doc, state->annotation, options, &state->page_type};
  result->status = algo::Run(ctx, &state->selection);
  if (!result->status.ok()) return;
  result->blocks = render::CollectBlocks(state->doc, state->selection.keep, {.images = options.images});
  state->confidence =
      classify::ComputeConfidenceFeatures(state->doc, state->annotation,
                                          {state->selection.keep, state->selection.route, state->selection.main_votes},
                                          state->page_type);
  result->confidence = result->blocks.empty() ? 0.0 : classify::ScoreConfidence(state->confidence);
  if (options.extract_metadata) {
    meta::ExtractMetadata(state->doc, state->annotation, state->selection.keep, info.url, &result->metadata);
  } else {
    result->metadata.url = info.url;
  }
  ResolveLinks(state->doc, info.url, &result->blocks);
  if (result->blocks.empty()) {
    result->status = Status(StatusCode::kNoContent, "no block qualified as main content");
  }
}

}  // namespace pith::core
