// Paper 004 §2: grouping text leaves by the similarity of their root-to-leaf DOM paths (the pieces
// RunPathSim is made of, exposed for tests and tools). See pathsim.cc for the formulas.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "algo/algorithm.h"

namespace pith::algo {

// One label per element (0 for other nodes, and for inline elements unless options.inline_in_path:
// they are no path step): a hash of the tag name, plus the class attribute (whitespace-collapsed) when
// options.class_in_path, plus the position among same-named element siblings when
// options.sibling_index_in_path.
void BuildPathLabels(const dom::Document& doc, const PathSimOptions& options, std::vector<std::uint64_t>* labels);

// Length of a node's path: the labelled elements from <html> down to the node (a text node: to its
// parent).
std::size_t PathLength(const dom::Document& doc, const std::vector<std::uint64_t>& labels, dom::NodeId node);

// sim(PA, PB) = common prefix of the two label paths / max(|PA|, |PB|); 0 when either is empty.
double PathSimilarity(const dom::Document& doc, const std::vector<std::uint64_t>& labels, dom::NodeId a,
                      dom::NodeId b);

struct PathBlock {
  std::size_t first = 0, last = 0;  // leaf indices (inclusive) in PathGrouping::leaves
  dom::NodeId rep = dom::kNoNode;   // the leaf with the most characters: the block's path
  std::uint32_t text_chars = 0;     // non-link characters
  std::uint32_t chars = 0;          // all characters
  double sim_to_main = 0;           // PathSimilarity(rep, main block's rep)
  bool kept = false;
  bool gap = false;                 // kept as a gap between kept blocks (not similar enough itself)
};

struct PathGrouping {
  std::vector<dom::NodeId> leaves;  // visible non-blank text nodes under <body>, not excluded
  std::vector<PathBlock> blocks;
  std::size_t main = static_cast<std::size_t>(-1);  // index of the block with the most text
};

// Leaves (skipping nodes with exclude[id] != 0 when `exclude` is non-null) → blocks of consecutive
// leaves with sim ≥ block_similarity → main block and the blocks with sim ≥ body_similarity to it,
// plus the gap blocks between kept blocks (see pathsim.cc).
void GroupLeaves(const dom::Document& doc, const dom::Annotation& annotation, const std::vector<std::uint8_t>* exclude,
                 const PathSimOptions& options, PathGrouping* out);

}  // namespace pith::algo
