// The calibration of the extraction's confidence on a set: see calibration.h.
#include "eval/calibration.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace pith::eval {

CalibrationReport Calibrate(const std::vector<double>& confidence, const std::vector<double>& f1) {
  CalibrationReport r;
  const std::size_t n = std::min(confidence.size(), f1.size());
  r.pages = n;
  for (std::size_t b = 0; b < kConfidenceBands.size(); ++b) {
    ConfidenceBand band;
    band.from = kConfidenceBands[b];
    band.to = b + 1 < kConfidenceBands.size() ? kConfidenceBands[b + 1] : 1.0;
    r.bands.push_back(band);
  }
  double confident_f1 = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const bool right = f1[i] >= kRightPageF1;
    r.wrong += !right;
    if (confidence[i] >= kConfidentAt) {
      ++r.confident;
      confident_f1 += f1[i];
    }
    std::size_t b = kConfidenceBands.size() - 1;
    while (b > 0 && confidence[i] < kConfidenceBands[b]) --b;
    ConfidenceBand& band = r.bands[b];
    ++band.pages;
    band.right += right;
    band.mean_confidence += confidence[i];
    band.mean_f1 += f1[i];
  }
  for (ConfidenceBand& band : r.bands) {
    if (band.pages == 0) continue;
    band.mean_confidence /= double(band.pages);
    band.mean_f1 /= double(band.pages);
  }
  r.confident_mean_f1 = r.confident ? confident_f1 / double(r.confident) : 0.0;
  // AUROC by ranks (Mann-Whitney U): sort by confidence, tied confidences share their mean rank.
  const std::size_t right_pages = n - r.wrong;
  if (r.wrong == 0 || right_pages == 0) {
    r.auroc = std::numeric_limits<double>::quiet_NaN();
    return r;
  }
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return confidence[a] < confidence[b]; });
  double right_rank_sum = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && confidence[order[j]] == confidence[order[i]]) ++j;
    const double rank = (double(i) + double(j - 1)) / 2 + 1;  // 1-based mean rank of the tie group
    for (std::size_t k = i; k < j; ++k) {
      if (f1[order[k]] >= kRightPageF1) right_rank_sum += rank;
    }
    i = j;
  }
  const double u = right_rank_sum - double(right_pages) * double(right_pages + 1) / 2;
  r.auroc = u / (double(right_pages) * double(r.wrong));
  return r;
}

}  // namespace pith::eval
