// What kind of page this is (article, forum thread, product, collection, listing, documentation,
// service/landing page), from cheap facts of the parsed page: the URL's words, the structured data
// the page declares (JSON-LD @type, microdata itemtype, og:type) and its markup (paragraphs of
// prose, headings, code, forms, headline links, repeated sibling cards, prices). The words of class
// and id names were left out: they cost as much again (tokenising every class value) for about 1%
// of accuracy.
//
// The answer is a multinomial logistic regression over PageTypeFeatures: p(type) = softmax(w_type ·
// z + b_type), z = (feature − mean) / scale. The weights, means and scales are a data table
// (page_type_model.cc) that scripts/train_page_type.py writes from the development corpus
// (../shared/data: wcxb-dev labels seven types, bo-ug-dev articles and forums, the news sets
// articles); that script also reports the classifier's cross-validated accuracy (docs/page-types.md).
// The features and the probabilities are shown by `pith explain` and `pith extract --explain`.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "dom/annotate.h"
#include "dom/document.h"
#include "pith/result.h"

namespace pith::classify {

inline constexpr std::size_t kPageTypes = 7;  // PageType's values, in their order

// Every feature by name, in the order of PageTypeFeatures::values and of the model's weights.
#define PITH_PAGE_TYPE_FEATURES(X)                                                                  \
  /* URL: path segments, a root page, a long number or a date in the path, words of one kind */   \
  X(url_depth) X(url_root) X(url_number) X(url_date) X(url_slug_words)                            \
  X(url_article) X(url_forum) X(url_product) X(url_collection) X(url_listing) X(url_docs)         \
  X(url_service)                                                                                  \
  /* structured data: JSON-LD @type / microdata itemtype of one kind, og:type */                  \
  X(ld_article) X(ld_forum) X(ld_product) X(ld_list) X(ld_docs) X(ld_service) X(ld_breadcrumb)    \
  X(og_article) X(og_product) X(og_website)                                                       \
  /* text: amount, link share, punctuation share, prose paragraphs */                             \
  X(log_chars) X(link_density) X(punct_density) X(prose_paragraphs) X(prose_share)                \
  X(longest_paragraph)                                                                            \
  /* markup: counts (log) per kilo-character of text or per page */                               \
  X(headings) X(heading_density) X(code_blocks) X(table_rows) X(list_items) X(form_controls)      \
  X(articles) X(times) X(images) X(nav_links) X(prices) X(price_density) X(sections)              \
  /* links of a headline's length (teasers), headings that are or hold links */                  \
  X(headline_links) X(headline_link_density) X(linked_headings)                                   \
  /* repeated siblings: the largest group of same-tag, same-class siblings holding links */       \
  X(card_count) X(card_share) X(card_chars)

enum class PageTypeFeature : std::uint8_t {
#define PITH_PAGE_TYPE_FEATURE_ENUM(name) name,
  PITH_PAGE_TYPE_FEATURES(PITH_PAGE_TYPE_FEATURE_ENUM)
#undef PITH_PAGE_TYPE_FEATURE_ENUM
  kCount
};
inline constexpr std::size_t kPageTypeFeatures = static_cast<std::size_t>(PageTypeFeature::kCount);

const char* PageTypeFeatureName(std::size_t feature);

struct PageTypeFeatures {
  std::array<double, kPageTypeFeatures> values{};
  double& operator[](PageTypeFeature f) { return values[static_cast<std::size_t>(f)]; }
  double operator[](PageTypeFeature f) const { return values[static_cast<std::size_t>(f)]; }
};

// The facts above. `url` is the page's address if known ("" = use the page's canonical link or
// og:url, if any; without either, the URL features are NaN: unknown).
PageTypeFeatures ComputePageTypeFeatures(const dom::Document& doc, const dom::Annotation& annotation,
                                         std::string_view url);

// The model's table (page_type_model.cc, written by scripts/train_page_type.py).
struct PageTypeModel {
  std::array<const char*, kPageTypeFeatures> feature_names;  // checked against ours by a test
  std::array<double, kPageTypeFeatures> mean, scale;
  std::array<std::array<double, kPageTypeFeatures>, kPageTypes> weights;
  std::array<double, kPageTypes> bias;
};
extern const PageTypeModel kPageTypeModel;

struct PageTypeGuess {
  PageType type = PageType::kArticle;
  std::array<double, kPageTypes> probability{};  // by PageType value; sums to 1
  PageTypeFeatures features;
};

PageTypeGuess ScorePageType(const PageTypeFeatures& features, const PageTypeModel& model = kPageTypeModel);

// What each feature adds to `type`'s logit, w_type,i · z_i (for explain: the evidence of an answer).
std::array<double, kPageTypeFeatures> FeatureContributions(const PageTypeFeatures& features, PageType type,
                                                           const PageTypeModel& model = kPageTypeModel);
PageTypeGuess ClassifyPageType(const dom::Document& doc, const dom::Annotation& annotation, std::string_view url);

}  // namespace pith::classify
