// Paper 000's content correlativity, exposed for the algorithm, `pith explain` and tests: the
// per-node quantities TA, LA, CC, TD, CS and the decision each node ends up with.
#pragma once

#include <cstdint>
#include <vector>

#include "algo/algorithm.h"

namespace pith::algo {

// What became of a node (elements under <body>; other nodes stay kNone).
enum class CcState : std::uint8_t {
  kNone,       // not scored: outside <body>, not an element, or no visible text
  kNoise,      // CC < C and not promoted by smoothing
  kContent,    // CC ≥ C
  kPromoted,   // CC < C, but CS > S and TD > D: smoothing set CC := C (paper §3.5, case 1)
  kOffLevel,   // content, but outside the content level: smoothing set CC := 0 (paper §3.5, case 2)
};
const char* CcStateName(CcState s);

struct CorrelationScores {
  std::vector<double> ta;           // TA: weighted non-link characters of the subtree (§3.2)
  std::vector<std::uint32_t> la;    // LA: <a href> nodes in the subtree (§3.2)
  std::vector<double> cc;           // CC after smoothing (definition 1, §3.5)
  std::vector<double> cc_raw;       // CC before smoothing
  std::vector<double> td;           // TD (definition 2)
  std::vector<double> cs;           // CS as a share 0..1 (definition 3)
  std::vector<CcState> state;
  std::vector<dom::NodeId> owner;   // text node → the block-level element its text belongs to
  std::vector<dom::NodeId> covered_by;  // element → the content node whose subtree brings it in
  std::vector<std::uint8_t> kept;   // element: 1 when the text it owns is output
  dom::NodeId core = dom::kNoNode;  // deepest element where most content text concentrates (L0)
  dom::NodeId level = dom::kNoNode; // root of the content level: L0 raised (kNoNode: no content)
  double content_ta = 0;            // TA owned by content units before the level rule
};

// The three formulas, with the paper's guards (a zero denominator or TA(parent) counts as 1).
inline double ContentCorrelativity(double ta, std::uint32_t la) { return ta / (la ? la : 1); }
inline double TextDensity(double parent_ta, std::uint32_t la) {
  return (parent_ta > 0 ? parent_ta : 1.0) / (la ? la : 1);
}
inline double ContentScale(std::uint32_t content_siblings, std::uint32_t siblings) {
  return siblings ? static_cast<double>(content_siblings) / siblings : 0.0;
}

// Runs §3.2–3.5 over the document (everything but the final text selection). The "off the level"
// rule and what is output are documented at the top of correlation.cc.
void ScoreCorrelation(const dom::Document& doc, const dom::Annotation& annotation,
                      const CorrelationOptions& options, CorrelationScores* out);

}  // namespace pith::algo
