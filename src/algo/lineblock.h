// Paper 001's line-block distribution, exposed for the algorithm, `pith plot` and tests.
#pragma once

#include <cstdint>
#include <vector>

#include "algo/algorithm.h"

namespace pith::algo {

// Ctext: the page's visible body text with tags removed and line positions kept.
struct LineProfile {
  std::vector<std::uint32_t> length;      // weighted non-whitespace characters per line
  std::vector<std::uint32_t> link_chars;  // of which link text (unweighted characters)
  std::vector<std::uint32_t> chars;       // unweighted non-whitespace characters per line
  // text node → [first, last] line it covers
  std::vector<std::uint32_t> node_first_line, node_last_line;
};

struct Region {
  std::uint32_t start = 0, end = 0;  // block indices [start, end): lines start..end-1 are content
  std::uint32_t peak = 0;            // highest block length inside
};

LineProfile BuildLineProfile(const dom::Document& doc, const dom::Annotation& annotation,
                             const LineBlockOptions& options);
// Line lengths after the link filter (link-dominated lines count 0).
std::vector<std::uint32_t> EffectiveLengths(const LineProfile& profile, const LineBlockOptions& options);
// Y(i) = effective length of lines i..i+K-1, one value per line (truncated at the end).
std::vector<std::uint32_t> BlockLengths(const LineProfile& profile, const LineBlockOptions& options);
// Every region satisfying the paper's four conditions (see lineblock.cc).
std::vector<Region> FindRegions(const std::vector<std::uint32_t>& blocks, const LineBlockOptions& options);

}  // namespace pith::algo
