// How likely an extraction is right: the probability that the content an algorithm kept scores a
// word F1 of at least 0.8 against what a reader would call the page's main text (Result::confidence).
// Pipelines use it to send only the doubtful pages to a slower extractor or to a person.
//
// It reads what the extraction kept against what the page holds, facts no template names: the kept
// share of the page's text, its link and punctuation shares, how much of the page's prose (blocks
// of sentences) it kept and how much of what it kept is prose, into how many separate runs the
// kept text falls and where in the page they lie, the text left in navigation, header, footer and
// aside elements, and the page classifier's probabilities (an article is easier than a listing).
//
// The answer is a small forest of gradient-boosted regression trees over ConfidenceFeatures:
// p = 1 / (1 + exp(−(b + Σ_trees leaf(x)))), each tree of depth 2 sending x left where
// x[feature] <= threshold. The trees are a data table (confidence_model.cc) that
// scripts/train_confidence.py writes from the development corpus (../shared/data: every page with
// text truth, labelled by its word F1 under `auto`) and whose calibration it reports
// leave-one-set-out and leave-one-template-family-out (docs/auto.md, "Confidence"). The features are
// shown by `pith extract --explain`.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "classify/page_type.h"
#include "dom/annotate.h"
#include "dom/document.h"

namespace pith::classify {

// Every feature by name, in the order of ConfidenceFeatures::values and of the model's weights.
#define PITH_CONFIDENCE_FEATURES(X)                                                                   \
  /* how much was kept: its share of the page's text, its size, the page's size (log) */             \
  X(kept_share) X(log_kept_chars) X(log_page_chars)                                                  \
  /* what was kept: link and punctuation shares, beside the page's own */                            \
  X(kept_link_density) X(page_link_density) X(kept_punct_density) X(page_punct_density)              \
  /* prose (blocks of sentences): the share of the page's prose kept, the share of the kept text    \
     that is prose, the page's prose left out (share of the page) */                                 \
  X(prose_kept) X(kept_prose_share) X(prose_left_share)                                              \
  /* shape: kept blocks and runs of them (log), mean block length (log), where the runs lie */       \
  X(log_kept_blocks) X(log_kept_runs) X(log_block_chars) X(first_kept) X(last_kept) X(span_density)   \
  /* kept text inside navigation, header, footer or aside elements; CJK share of the page */         \
  X(kept_furniture_share) X(cjk_share)                                                               \
  /* the markup's own word: the share of the text of <main>, <article>, role="main", itemprop=      \
     "articleBody" kept, the share of the kept text inside them; the share of the <h1>s kept */      \
  X(has_content_markup) X(content_markup_kept) X(kept_in_content_markup) X(has_h1) X(h1_kept)      \
  /* `auto`'s way to the content (Selection::route bits) and the votes of its main subtree (log) */ \
  X(r_line_blocks) X(r_spread) X(r_all_of_main) X(r_thread) X(r_reread) X(r_comments_content)       \
  X(log_main_votes)                                                                                  \
  /* the page classifier: each type's probability, and that of its answer */                         \
  X(p_article) X(p_forum) X(p_product) X(p_collection) X(p_listing) X(p_documentation) X(p_service)   \
  X(p_answer)

enum class ConfidenceFeature : std::uint8_t {
#define PITH_CONFIDENCE_FEATURE_ENUM(name) name,
  PITH_CONFIDENCE_FEATURES(PITH_CONFIDENCE_FEATURE_ENUM)
#undef PITH_CONFIDENCE_FEATURE_ENUM
  kCount
};
inline constexpr std::size_t kConfidenceFeatures = static_cast<std::size_t>(ConfidenceFeature::kCount);

const char* ConfidenceFeatureName(std::size_t feature);

struct ConfidenceFeatures {
  std::array<double, kConfidenceFeatures> values{};
  double& operator[](ConfidenceFeature f) { return values[static_cast<std::size_t>(f)]; }
  double operator[](ConfidenceFeature f) const { return values[static_cast<std::size_t>(f)]; }
};

// What an algorithm kept (src/algo/algorithm.h's Selection): its text nodes (nonzero = kept), and
// for `auto` the bits of its route and the votes of its main subtree (0 for other algorithms).
struct KeptContent {
  const std::vector<std::uint8_t>& keep;
  std::uint8_t route = 0;
  double main_votes = 0;
};

// The facts above, for `kept` on the page `doc` with its annotation and the classifier's answer.
ConfidenceFeatures ComputeConfidenceFeatures(const dom::Document& doc, const dom::Annotation& annotation,
                                             const KeptContent& kept, const PageTypeGuess& page_type);

// The model's table (confidence_model.cc, written by scripts/train_confidence.py). Each tree's
// nodes are consecutive in `nodes`, its root first; a leaf has feature −1 and its value already
// scaled by the learning rate.
struct ConfidenceNode {
  std::int16_t feature;  // index into ConfidenceFeatures::values; −1 for a leaf
  double threshold;      // x[feature] (rounded to float) <= threshold goes to `left`, else `right`
  std::uint16_t left, right;  // node indices within the tree
  double value;               // a leaf's addition to the log-odds
};
struct ConfidenceModel {
  std::array<const char*, kConfidenceFeatures> feature_names;  // checked against ours by a test
  const ConfidenceNode* nodes;
  const std::uint32_t* tree_offsets;  // where each tree's nodes begin in `nodes`
  std::size_t trees;
  double bias;  // the log-odds before any tree
};
extern const ConfidenceModel kConfidenceModel;

// The probability, 0..1. An extraction that kept nothing scores 0.
double ScoreConfidence(const ConfidenceFeatures& features, const ConfidenceModel& model = kConfidenceModel);

}  // namespace pith::classify
