// The interface every content algorithm shares: it reads the annotated Document and returns a
// Selection (which text nodes are main content, with a score and reason per decision). Rendering
// and metadata never decide what is content.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "classify/page_type.h"
#include "dom/annotate.h"
#include "dom/document.h"
#include "pith/options.h"

namespace pith::algo {

struct Context {
  const dom::Document& doc;
  const dom::Annotation& annotation;
  const Options& options;
  // The page classifier's answer (src/classify/page_type.h); null = not classified (read as an
  // article).
  const classify::PageTypeGuess* page_type = nullptr;
};

// One scored unit an algorithm decided on (a line range, a node, a block), for --explain.
struct Decision {
  std::uint32_t first_line = 0, last_line = 0;  // source/virtual lines covered (0 = n/a)
  dom::NodeId node = dom::kNoNode;              // node decided on (kNoNode for line-based units)
  double score = 0;
  bool kept = false;
  std::string reason;                           // e.g. "block length 212 > 86; region holds max"
};

// Selection::keep values: what a kept text node is.
inline constexpr std::uint8_t kKeptContent = 1;
inline constexpr std::uint8_t kKeptComment = 2;  // a comment section's text (Options::comments)

// Selection::route bits: which of `auto`'s ways to its content the selection took (the confidence,
// src/classify/confidence.h, reads them; other algorithms leave route 0).
enum Route : std::uint8_t {
  kRouteLineBlocks = 1,       // step 7: paper 001's line blocks are the content
  kRouteSpread = 2,           // step 8: text spread over the page was added
  kRouteAllOfMain = 4,        // step 8: all of <main> (documentation, service pages)
  kRouteThread = 8,           // step 4: a thread's posts joined
  kRouteReread = 16,          // the page was read again (without class/id names or a wrapper's tag)
  kRouteCommentsContent = 32  // step 3: the main subtree is a comment section (a thread)
};

struct Selection {
  std::vector<std::uint8_t> keep;  // per node id: kKeptContent or kKeptComment when the (text) node
                                   // is kept, else 0
  std::vector<Decision> decisions;
  std::string summary;             // one line: what the algorithm chose and why
  std::uint8_t route = 0;          // `auto`: bits of Route
  double main_votes = 0;           // `auto`: the paragraph votes cast inside the main subtree (0: none)

  void Reset(std::size_t nodes) {
    keep.assign(nodes, 0);
    decisions.clear();
    summary.clear();
    route = 0;
    main_votes = 0;
  }
  // Marks every visible text node under `node` (inclusive) as kept.
  void KeepSubtree(const dom::Document& doc, dom::NodeId node);
};

// One entry point per algorithm, each in its own file (registered in registry.cc).
Selection RunLineBlock(const Context& ctx);    // paper 001, src/algo/lineblock.cc
Selection RunAuto(const Context& ctx);         // pith's own combination, src/algo/auto/
Selection RunSemantic(const Context& ctx);     // paper 002, src/algo/semantic.cc
Selection RunCorrelation(const Context& ctx);  // paper 000, src/algo/correlation.cc
Selection RunPathSim(const Context& ctx);      // paper 004, src/algo/pathsim.cc
Selection RunTibetan(const Context& ctx);      // paper 003, src/algo/tibetan.cc

// After any algorithm, for Options::headline = false: unkeeps the content's opening block when it
// is a heading or the page's title, with a Decision saying so (src/algo/headline.cc).
void LeaveOutHeadline(const Context& ctx, Selection* sel);

}  // namespace pith::algo
