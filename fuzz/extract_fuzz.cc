// libFuzzer target: arbitrary bytes through the whole pipeline (decode → legacy-font conversion →
// parse → annotate → algorithm → render → metadata). The first byte picks the algorithm, so every
// algorithm sees fuzzed pages; its top bit asks for Markdown with links. Invariants: no crash, a
// status for every input, valid UTF-8 text and Markdown, and Markdown that cmark-gfm reads back as
// the blocks (tests/markdown_readback.h, the check tests/markdown_test.cc runs on every corpus page).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "decode/charset.h"
#include "markdown_readback.h"
#include "pith/pith.h"
#include "render/formats.h"

namespace {

const pith::Extractor& ExtractorFor(std::uint8_t selector) {
  static const std::vector<std::unique_ptr<const pith::Extractor>> extractors = [] {
    std::vector<std::unique_ptr<const pith::Extractor>> list;
    for (pith::Algorithm a : {pith::Algorithm::kAuto, pith::Algorithm::kLineBlock, pith::Algorithm::kCorrelation,
                              pith::Algorithm::kSemantic, pith::Algorithm::kTibetan, pith::Algorithm::kPathSim}) {
      pith::Options o;
      o.algorithm = a;
      o.max_nesting_depth = 2000;
      list.push_back(std::make_unique<const pith::Extractor>(o));
    }
    return list;
  }();
  return *extractors[selector % extractors.size()];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  const pith::Result r = ExtractorFor(data[0]).Extract(bytes);
  const std::string markdown = pith::render::ToMarkdown(r, (data[0] & 0x80) != 0);
  for (const std::string& s : {r.Text(), markdown, r.metadata.title, r.metadata.author, r.metadata.description}) {
    if (!pith::decode::IsValidUtf8(s)) __builtin_trap();
  }
  if (!r.blocks.empty() && !pith::render::MarkdownReadBackProblem(r, (data[0] & 0x80) != 0).empty()) __builtin_trap();
  return 0;
}
