// Sequence alignment for same-site template removal (paper 004 §1.2, as pith reads it).
//
// The paper walks three DOM trees in lockstep and calls a node template when depth and text agree
// in all of them; one extra node in a reference page derails that walk for the rest of the page.
// pith instead aligns the pages' pre-order item sequences (one 64-bit key per element or text node,
// see sequence.h) with a diff:
//
//   1. equal keys at both ends of a range are matched (common prefix / suffix);
//   2. a small range (|A|·|B| ≤ dp_budget) is aligned exactly by LCS dynamic programming;
//   3. otherwise keys that occur exactly once in both halves of the range are paired and the longest
//      increasing subsequence of those pairs becomes the anchors (patience diff); when no key is
//      unique, keys that occur equally often (≤ max_anchor_frequency times) on both sides are paired
//      k-th with k-th instead; the gaps between anchors are aligned the same way (an explicit work
//      stack, no recursion);
//   4. a range with no anchor at all stays unmatched, and so does every range left once step 3 has
//      counted keys over work_factor × (|A| + |B|) items in all (sequences built so that each split
//      finds one anchor at an edge would otherwise cost |A|·|B|);
//   5. moves: among the items still unmatched on both sides, keys unique on each side are paired as
//      "moved" — a sidebar box that a reference page shows above another box instead of below it.
//
// Cost: near-linear for pages that share a template (hash counting per range, LIS in k log k), and
// at most linear × work_factor whatever the pages; the exact DP only runs on ranges of at most
// dp_budget cells.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace pith::site {

inline constexpr std::uint32_t kUnmatched = 0xFFFFFFFFu;

struct AlignOptions {
  std::size_t dp_budget = 1u << 14;       // largest |A|·|B| aligned by exact LCS
  std::uint32_t max_anchor_frequency = 8;  // step 3 fallback: pair keys seen equally often, up to this
  bool detect_moves = true;                // step 5
  std::size_t work_factor = 32;            // step 3 counts at most this × (|A| + |B|) keys in all
};

struct Alignment {
  std::vector<std::uint32_t> a_to_b;  // per item of A: the matched item of B, or kUnmatched
  std::vector<std::uint8_t> moved;    // per item of A: 1 when the match is a move (step 5)
  std::size_t in_order = 0;           // matches of steps 1-3 (an LCS-like common subsequence)
  std::size_t moves = 0;              // matches of step 5
};

// Reusable buffers (one per thread); Align is otherwise stateless.
class AlignScratch;

// Aligns A with B. `scratch` may be null (a temporary one is used).
void Align(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b, const AlignOptions& options,
           Alignment* out, AlignScratch* scratch = nullptr);

// Thread-local scratch for callers that align many pages.
AlignScratch* ThreadScratch();

}  // namespace pith::site
