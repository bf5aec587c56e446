// Diff-style alignment of two key sequences: prefix/suffix, exact LCS on small ranges, patience
// anchors on large ones, then move detection. See align.h for the procedure and why.
#include "site/align.h"

#include <algorithm>
#include <bit>

namespace pith::site {

namespace {

struct Range {
  std::uint32_t a0, a1, b0, b1;
};

// Open-addressing counts of the keys of one range of A and one of B.
struct Slot {
  std::uint64_t key = 0;
  std::uint32_t ca = 0, cb = 0;  // occurrences in A's range, in B's range (ca + cb == 0: empty slot)
  std::uint32_t pa = 0, pb = 0;  // first position in A, in B
  std::uint32_t seen_a = 0;      // frequency pairing: occurrences of A consumed so far
  std::uint32_t offset = 0;      // frequency pairing: start of this key's B positions in a flat list
};

std::uint64_t Mix(std::uint64_t k) {
  k ^= k >> 33;
  k *= 0xFF51AFD7ED558CCDull;
  k ^= k >> 33;
  return k;
}

}  // namespace

class AlignScratch {
 public:
  std::vector<Slot> slots;
  std::uint64_t mask = 0;
  std::vector<Range> stack;
  std::vector<std::uint32_t> pair_a, pair_b;  // candidate anchor pairs in A order
  std::vector<std::uint32_t> tails, prev;     // LIS
  std::vector<std::uint32_t> dp;              // LCS table
  std::vector<std::pair<std::uint32_t, std::uint32_t>> b_occ;  // (slot, B position)
  std::vector<std::uint32_t> rest_a, rest_b;  // unmatched items for move detection
  std::vector<std::uint8_t> b_matched;

  void ResetTable(std::size_t entries) {
    const std::size_t cap = std::bit_ceil(std::max<std::size_t>(16, entries * 2));
    slots.assign(cap, Slot{});
    mask = cap - 1;
  }
  Slot* Insert(std::uint64_t key) {
    for (std::uint64_t i = Mix(key) & mask;; i = (i + 1) & mask) {
      Slot& s = slots[i];
      if (s.ca + s.cb == 0) {
        s.key = key;
        return &s;
      }
      if (s.key == key) return &s;
    }
  }
  Slot* Find(std::uint64_t key) {
    for (std::uint64_t i = Mix(key) & mask;; i = (i + 1) & mask) {
      Slot& s = slots[i];
      if (s.ca + s.cb == 0) return nullptr;
      if (s.key == key) return &s;
    }
  }
};

AlignScratch* ThreadScratch() {
  thread_local AlignScratch scratch;
  return &scratch;
}

namespace {

class Aligner {
 public:
  Aligner(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b, const AlignOptions& options,
          Alignment* out, AlignScratch* s)
      : a_(a), b_(b), options_(options), out_(out), s_(*s) {}

  void Run() {
    out_->a_to_b.assign(a_.size(), kUnmatched);
    out_->moved.assign(a_.size(), 0);
    out_->in_order = out_->moves = 0;
    s_.stack.clear();
    s_.stack.push_back({0, static_cast<std::uint32_t>(a_.size()), 0, static_cast<std::uint32_t>(b_.size())});
    while (!s_.stack.empty()) {
      const Range r = s_.stack.back();
      s_.stack.pop_back();
      Process(r);
    }
    if (options_.detect_moves) DetectMoves();
  }

 private:
  std::size_t work_ = 0;  // keys counted by step 3 so far

  void Match(std::uint32_t i, std::uint32_t j) {
    out_->a_to_b[i] = j;
    ++out_->in_order;
  }

  void Process(Range r) {
    while (r.a0 < r.a1 && r.b0 < r.b1 && a_[r.a0] == b_[r.b0]) Match(r.a0++, r.b0++);
    while (r.a0 < r.a1 && r.b0 < r.b1 && a_[r.a1 - 1] == b_[r.b1 - 1]) Match(--r.a1, --r.b1);
    if (r.a0 == r.a1 || r.b0 == r.b1) return;
    const std::size_t la = r.a1 - r.a0, lb = r.b1 - r.b0;
    if ((la + 1) * (lb + 1) <= options_.dp_budget) {
      ExactLcs(r);
      return;
    }
    // Step 4: past the work budget, the ranges left stay unmatched.
    if (work_ + la + lb > options_.work_factor * (a_.size() + b_.size())) return;
    work_ += la + lb;
    CountKeys(r);
    CollectUniquePairs(r);
    if (s_.pair_a.empty() && options_.max_anchor_frequency > 1) CollectFrequencyPairs(r);
    if (s_.pair_a.empty()) return;
    LongestIncreasing();
    // s_.tails now holds the anchor pair indices in increasing order; split the range around them.
    std::uint32_t a_prev = r.a0, b_prev = r.b0;
    for (std::uint32_t p : s_.tails) {  // pushing ranges touches neither tails nor the pairs
      const std::uint32_t i = s_.pair_a[p], j = s_.pair_b[p];
      if (i > a_prev && j > b_prev) s_.stack.push_back({a_prev, i, b_prev, j});
      Match(i, j);
      a_prev = i + 1;
      b_prev = j + 1;
    }
    if (r.a1 > a_prev && r.b1 > b_prev) s_.stack.push_back({a_prev, r.a1, b_prev, r.b1});
  }

  void CountKeys(const Range& r) {
    s_.ResetTable((r.a1 - r.a0) + (r.b1 - r.b0));
    for (std::uint32_t i = r.a0; i < r.a1; ++i) {
      Slot* slot = s_.Insert(a_[i]);
      if (slot->ca++ == 0) slot->pa = i;
    }
    for (std::uint32_t j = r.b0; j < r.b1; ++j) {
      Slot* slot = s_.Find(b_[j]);
      if (slot && slot->cb++ == 0) slot->pb = j;
    }
  }

  // Keys that occur exactly once in both ranges, in A order.
  void CollectUniquePairs(const Range& r) {
    s_.pair_a.clear();
    s_.pair_b.clear();
    for (std::uint32_t i = r.a0; i < r.a1; ++i) {
      const Slot* slot = s_.Find(a_[i]);
      if (slot->ca == 1 && slot->cb == 1) {
        s_.pair_a.push_back(i);
        s_.pair_b.push_back(slot->pb);
      }
    }
  }

  // Keys that occur equally often (2..max) in both ranges: k-th occurrence with k-th, in A order.
  void CollectFrequencyPairs(const Range& r) {
    const std::uint32_t max_f = options_.max_anchor_frequency;
    auto qualifies = [max_f](const Slot& s) { return s.ca == s.cb && s.ca >= 2 && s.ca <= max_f; };
    s_.b_occ.clear();
    for (std::uint32_t j = r.b0; j < r.b1; ++j) {
      Slot* slot = s_.Find(b_[j]);
      if (slot && qualifies(*slot)) s_.b_occ.emplace_back(static_cast<std::uint32_t>(slot - s_.slots.data()), j);
    }
    if (s_.b_occ.empty()) return;
    std::stable_sort(s_.b_occ.begin(), s_.b_occ.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    for (std::uint32_t k = 0; k < s_.b_occ.size(); ++k) {
      if (k == 0 || s_.b_occ[k].first != s_.b_occ[k - 1].first) s_.slots[s_.b_occ[k].first].offset = k;
    }
    for (std::uint32_t i = r.a0; i < r.a1; ++i) {
      Slot* slot = s_.Find(a_[i]);
      if (!qualifies(*slot)) continue;
      s_.pair_a.push_back(i);
      s_.pair_b.push_back(s_.b_occ[slot->offset + slot->seen_a++].second);
    }
  }

  // Longest strictly increasing subsequence of pair_b (pair_a is increasing); result indices into
  // the pair arrays, in order, left in s_.tails.
  void LongestIncreasing() {
    const std::size_t n = s_.pair_b.size();
    s_.tails.clear();
    s_.prev.assign(n, kUnmatched);
    for (std::uint32_t k = 0; k < n; ++k) {
      const std::uint32_t v = s_.pair_b[k];
      auto it = std::lower_bound(s_.tails.begin(), s_.tails.end(), v,
                                 [this](std::uint32_t idx, std::uint32_t value) { return s_.pair_b[idx] < value; });
      if (it != s_.tails.begin()) s_.prev[k] = *(it - 1);
      if (it == s_.tails.end()) {
        s_.tails.push_back(k);
      } else {
        *it = k;
      }
    }
    std::uint32_t k = s_.tails.empty() ? kUnmatched : s_.tails.back();
    for (std::size_t pos = s_.tails.size(); pos-- > 0;) {
      s_.tails[pos] = k;
      k = s_.prev[k];
    }
  }

  // Exact LCS by dynamic programming (suffix table, forward traceback).
  void ExactLcs(const Range& r) {
    const std::size_t la = r.a1 - r.a0, lb = r.b1 - r.b0, w = lb + 1;
    s_.dp.assign((la + 1) * w, 0);
    for (std::size_t i = la; i-- > 0;) {
      for (std::size_t j = lb; j-- > 0;) {
        s_.dp[i * w + j] = a_[r.a0 + i] == b_[r.b0 + j]
                               ? s_.dp[(i + 1) * w + j + 1] + 1
                               : std::max(s_.dp[(i + 1) * w + j], s_.dp[i * w + j + 1]);
      }
    }
    std::size_t i = 0, j = 0;
    while (i < la && j < lb) {
      if (a_[r.a0 + i] == b_[r.b0 + j]) {
        Match(static_cast<std::uint32_t>(r.a0 + i), static_cast<std::uint32_t>(r.b0 + j));
        ++i, ++j;
      } else if (s_.dp[(i + 1) * w + j] >= s_.dp[i * w + j + 1]) {
        ++i;
      } else {
        ++j;
      }
    }
  }

  // Step 5: unmatched keys unique among the unmatched items of both sides are paired as moves.
  void DetectMoves() {
    s_.b_matched.assign(b_.size(), 0);
    s_.rest_a.clear();
    s_.rest_b.clear();
    for (std::uint32_t i = 0; i < a_.size(); ++i) {
      if (out_->a_to_b[i] == kUnmatched) {
        s_.rest_a.push_back(i);
      } else {
        s_.b_matched[out_->a_to_b[i]] = 1;
      }
    }
    for (std::uint32_t j = 0; j < b_.size(); ++j) {
      if (!s_.b_matched[j]) s_.rest_b.push_back(j);
    }
    if (s_.rest_a.empty() || s_.rest_b.empty()) return;
    s_.ResetTable(s_.rest_a.size() + s_.rest_b.size());
    for (std::uint32_t i : s_.rest_a) {
      Slot* slot = s_.Insert(a_[i]);
      if (slot->ca++ == 0) slot->pa = i;
    }
    for (std::uint32_t j : s_.rest_b) {
      Slot* slot = s_.Find(b_[j]);
      if (slot && slot->cb++ == 0) slot->pb = j;
    }
    for (std::uint32_t i : s_.rest_a) {
      const Slot* slot = s_.Find(a_[i]);
      if (slot->ca == 1 && slot->cb == 1) {
        out_->a_to_b[i] = slot->pb;
        out_->moved[i] = 1;
        ++out_->moves;
      }
    }
  }

  std::span<const std::uint64_t> a_, b_;
  const AlignOptions& options_;
  Alignment* out_;
  AlignScratch& s_;
};

}  // namespace

void Align(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b, const AlignOptions& options,
           Alignment* out, AlignScratch* scratch) {
  AlignScratch local;
  Aligner(a, b, options, out, scratch ? scratch : &local).Run();
}

}  // namespace pith::site
