// How well Result::confidence (src/classify/confidence.h) tells the right extractions from the
// wrong ones on a set: a page is right when its word F1 (WCXB's, metrics.h) reaches
// kRightPageF1 (0.8), as the confidence's definition says. Reported per set by `pith eval`:
//   - AUROC: the probability that a right page gets a higher confidence than a wrong one (ties
//     count half), over the pages with text truth; undefined (NaN) unless both kinds occur;
//   - the pages at or above kConfidentAt (0.8): how many, and their mean word F1;
//   - a table by confidence band: pages, mean confidence, mean word F1, share of right pages.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace pith::eval {

inline constexpr double kRightPageF1 = 0.8;
inline constexpr double kConfidentAt = 0.8;
// The bands' lower edges; the last band ends at 1 inclusive.
inline constexpr std::array<double, 6> kConfidenceBands = {0.0, 0.2, 0.4, 0.6, 0.8, 0.9};

struct ConfidenceBand {
  double from = 0, to = 0;
  std::size_t pages = 0, right = 0;
  double mean_confidence = 0, mean_f1 = 0;
};

struct CalibrationReport {
  std::size_t pages = 0, wrong = 0;  // pages scored, of which F1 < kRightPageF1
  double auroc = 0;                  // NaN when all pages are right or all wrong
  std::size_t confident = 0;         // pages with confidence >= kConfidentAt
  double confident_mean_f1 = 0;      // their mean word F1 (0 when none)
  std::vector<ConfidenceBand> bands;
};

// From each page's confidence and word F1 (the same length).
CalibrationReport Calibrate(const std::vector<double>& confidence, const std::vector<double>& f1);

}  // namespace pith::eval
