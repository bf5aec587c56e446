// Paper 002's local-semantic purification, exposed step by step for the algorithm and its tests:
// formula (1), HTMLSegment (blocks), feature words, page-local TF-IDF, cosine. See semantic.cc.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algo/algorithm.h"

namespace pith::algo::semantic {

// Formula (1) with smoothing ε ≥ 0: (min(ρa, ρb) + ε) / (max(ρa, ρb) + ε). With ε = 0:
// Similar(0, 0) = 1 (two link-free nodes are alike) and Similar(0, x > 0) = 0 (x / 0 never arises:
// the larger density is the denominator). Densities are clamped to [0, 1].
double Similar(double rho_a, double rho_b, double smoothing);

// A local semantic block (PS): the contiguous node-id range [begin, end) of one node's subtree, or
// of a run of adjacent siblings' subtrees. Blocks are disjoint and hold every visible text node
// under the segmentation root.
struct Block {
  dom::NodeId begin = 0, end = 0;
  dom::NodeId parent = dom::kNoNode;  // the node whose children formed the block (kNoNode: root itself)
  std::uint32_t chars = 0, link_chars = 0;
  double link_density() const { return chars ? static_cast<double>(link_chars) / chars : 0.0; }
};

// HTMLSegment (§3.2.1) over the subtree of `root`, bottom-up in one pass. Blocks come back in
// document order.
std::vector<Block> Segment(const dom::Document& doc, const dom::Annotation& annotation, dom::NodeId root,
                           const SemanticOptions& options);

// Per-block term counts, flat: block b's (term, tf) pairs are [offsets[b], offsets[b+1]), sorted by
// term id. `terms` is the number of distinct term ids (ids are 0..terms-1).
struct TermCounts {
  std::vector<std::uint32_t> offsets{0};
  std::vector<std::uint32_t> term, tf;
  std::uint32_t terms = 0;
  std::size_t blocks() const { return offsets.size() - 1; }
  std::uint32_t Words(std::size_t b) const;  // Σ tf over block b: its number of feature words
  // Appends a block from a list of term ids (any order, repeats = frequency).
  void AddBlock(std::vector<std::uint32_t>& ids);
};

// L2-normalised sparse vectors, flat like TermCounts (entries sorted by term id).
struct Vectors {
  std::vector<std::uint32_t> offsets{0};
  std::vector<std::uint32_t> term;
  std::vector<double> weight;
};

// Page-local TF-IDF: w = tf × ln(N / n_i), N = blocks, n_i = blocks holding term i; each vector
// divided by its L2 norm (an all-zero vector stays zero).
Vectors WeighTfIdf(const TermCounts& counts);

// Cosine of two normalised vectors (their dot product); 0 when either is zero.
double Cosine(const Vectors& v, std::size_t a, std::size_t b);

// A page's terms → dense ids 0, 1, 2, ... Terms are identified by a 64-bit hash of their folded
// bytes (a collision among a page's few thousand terms has odds ~1e-12). Clear() keeps capacity.
class TermDictionary {
 public:
  void Clear();
  std::uint32_t Id(std::string_view folded);
  std::uint32_t size() const { return static_cast<std::uint32_t>(hashes_.size()); }

 private:
  void Grow();
  std::vector<std::uint32_t> slots_;   // open addressing, linear probing: 0 = empty, else id + 1
  std::vector<std::uint64_t> hashes_;  // per id
};

// Feature words of `text` (§3.2.2): ICU words with numbers dropped (spaces and punctuation are no
// words), case-folded, ’ read as ', stop words dropped. Appends their ids (from `dict`) to `ids`.
void FeatureWords(std::string_view text, TermDictionary* dict, std::vector<std::uint32_t>* ids);

}  // namespace pith::algo::semantic
