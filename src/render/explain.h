// `pith explain` and `pith extract --explain`: what the algorithm decided on one page, built from
// the pipeline's intermediates (algo::PageState) rather than by re-running any stage.
//
// The page's visible text is cut into blocks exactly where render/blocks.cc cuts the main text
// (block-level elements, <br>), but every block is listed, kept or not. Each block is tied to the
// algorithm decision (algo::Decision) that covers it, read generically from algo::Selection:
//   - a decision on a node covers the text under that node (the innermost decided node wins);
//   - a decision on a line range covers the text on those lines. Lineblock numbers lines in its
//     Ctext (source lines plus virtual lines that split minified markup, algo/lineblock.h); every
//     other algorithm's line ranges are read as 1-based source lines.
// A new algorithm therefore needs no change here: it fills Selection::decisions and summary.
//
// The HTML report is one self-contained file: inline CSS, no script, no external resource, a
// Content-Security-Policy that forbids scripts and network loads, and every piece of page text
// escaped. It is also well-formed XML. For lineblock it embeds the distribution plot (plot.h).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "algo/page_state.h"
#include "pith/result.h"

namespace pith::render {

enum class Verdict : std::uint8_t { kKept, kPartial, kRemoved };
const char* VerdictName(Verdict v);  // "kept", "partial", "removed"

// One text block of the page, in document order.
struct ExplainBlock {
  dom::NodeId container = dom::kNoNode;   // innermost enclosing block-level element (body/root if none)
  dom::NodeId first_text = dom::kNoNode;  // its first text node with visible characters
  std::uint32_t line = 0;                 // 1-based source line of that text node (0 = unknown)
  std::uint32_t unit_line = 0;            // the line in the algorithm's numbering (lineblock: Ctext)
  std::uint32_t chars = 0;                // non-whitespace characters
  std::uint32_t kept_chars = 0;           // of which in kept text nodes
  std::uint32_t link_chars = 0;           // of which link text
  bool comment = false;                   // its kept text is a comment section's (Options::comments)
  int decision = -1;                      // index into Selection::decisions, -1 = none covers it
  std::string text;                       // whitespace collapsed

  Verdict verdict() const {
    if (kept_chars == 0) return Verdict::kRemoved;
    return kept_chars >= chars ? Verdict::kKept : Verdict::kPartial;
  }
};

struct Explanation {
  std::vector<ExplainBlock> blocks;
  std::vector<std::uint32_t> blocks_per_decision;  // how many blocks each decision covers
  bool ctext_lines = false;                        // unit_line is lineblock's Ctext line
  std::vector<std::uint32_t> block_lengths;        // lineblock's Y(x) per Ctext line (ctext_lines only)
  std::uint64_t chars = 0, kept_chars = 0;
  std::size_t kept_blocks = 0, partial_blocks = 0;
};

// Builds the block list of a page that went through core::Run (state.selection filled; an empty
// selection, e.g. after a failed run, lists every block as removed).
Explanation Explain(const algo::PageState& state, const Options& options);

// The self-contained HTML report. `input` names the page (path or "-").
std::string ExplainHtml(const algo::PageState& state, const Result& result, const Options& options,
                        std::string_view input);

// {"summary", "decisions": [...], "blocks": [...], "kept_chars", "chars"} for `extract --explain`.
nlohmann::json ExplainJson(const algo::PageState& state, const Options& options);

// "div#main.article" — tag, id and up to two classes, at most ~60 characters.
std::string DescribeNode(const dom::Document& doc, dom::NodeId id);

}  // namespace pith::render
