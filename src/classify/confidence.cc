// The confidence of an extraction: features (one pass over the page's nodes, one over its blocks)
// and the trees that score them. See confidence.h.
#include "classify/confidence.h"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "algo/algorithm.h"

namespace pith::classify {

namespace {

using dom::NodeId;
using dom::Tag;
using F = ConfidenceFeature;

// A block of prose: this many non-link characters with a punctuation mark among them (a sentence
// or more; labels, menus and card titles are shorter or unpunctuated).
constexpr std::uint32_t kProseChars = 80;

constexpr const char* kFeatureNames[] = {
#define PITH_CONFIDENCE_FEATURE_NAME(name) #name,
    PITH_CONFIDENCE_FEATURES(PITH_CONFIDENCE_FEATURE_NAME)
#undef PITH_CONFIDENCE_FEATURE_NAME
};
static_assert(std::size(kFeatureNames) == kConfidenceFeatures);

// The page's furniture by tag: what a reader skips whatever the page's template calls it.
bool FurnitureTag(Tag t) { return t == Tag::kNav || t == Tag::kAside || t == Tag::kFooter || t == Tag::kHeader; }

// Where the page's markup says its content is: <main>, <article>, or a <div> or <section> with
// role="main" or "article" or itemprop="articleBody" (the attributes are read on those two tags only).
bool ContentMarkup(const dom::Document& doc, NodeId id) {
  const Tag t = doc[id].tag;
  if (t == Tag::kMain || t == Tag::kArticle) return true;
  if (t != Tag::kDiv && t != Tag::kSection) return false;
  const std::string_view role = doc.GetAttr(id, dom::Attr::kRole);
  return role == "main" || role == "article" || doc.GetAttr(id, dom::Attr::kItemprop) == "articleBody";
}

double Share(double part, double whole) { return whole > 0 ? part / whole : 0.0; }

}  // namespace

const char* ConfidenceFeatureName(std::size_t feature) {
  return feature < kConfidenceFeatures ? kFeatureNames[feature] : "";
}

ConfidenceFeatures ComputeConfidenceFeatures(const dom::Document& doc, const dom::Annotation& a,
                                             const KeptContent& kept_content, const PageTypeGuess& page_type) {
  const std::vector<std::uint8_t>& keep = kept_content.keep;
  ConfidenceFeatures f;
  const NodeId root = doc.body != dom::kNoNode ? doc.body : 0;
  const NodeId end = doc.SubtreeEnd(root);
  const std::size_t n = end - root;
  // Per node (indexed from the root): its block (the nearest block-level element) and whether it
  // lies in furniture; per block: its characters, non-link characters, punctuation, kept characters
  // and kept non-link characters.
  std::vector<NodeId> owner(n);
  std::vector<std::uint8_t> furniture(n), markup(n), heading(n);
  struct BlockSums {
    std::uint32_t chars = 0, text = 0, punct = 0, kept = 0, kept_text = 0;
  };
  std::vector<BlockSums> block(n);
  owner[0] = 0;
  furniture[0] = markup[0] = heading[0] = 0;
  double chars = 0, links = 0, punct = 0, kept = 0, kept_links = 0, kept_punct = 0, kept_furniture = 0;
  double markup_chars = 0, kept_markup = 0, h1_chars = 0, kept_h1 = 0;
  bool has_markup = false, has_h1 = false;
  double first_kept = -1, last_kept = 0;  // page characters before the first kept and after the last
  std::size_t runs = 0;
  bool in_run = false;
  for (NodeId id = root + 1; id < end; ++id) {
    const dom::Node& node = doc[id];
    const std::size_t i = id - root, p = node.parent - root;
    owner[i] = node.is_element() && dom::IsBlockLevel(node.tag) ? i : owner[p];
    furniture[i] = furniture[p] || (node.is_element() && FurnitureTag(node.tag));
    markup[i] = markup[p] || (node.is_element() && ContentMarkup(doc, id));
    heading[i] = heading[p] || node.tag == Tag::kH1;
    has_markup = has_markup || markup[i];
    has_h1 = has_h1 || heading[i];
    if (!node.is_text() || node.hidden() || a[id].chars == 0) continue;
    const dom::NodeStats& s = a[id];
    const bool link = node.in_link();
    BlockSums& b = block[owner[i]];
    b.chars += s.chars;
    b.punct += s.punct;
    if (!link) b.text += s.chars;
    const bool k = id < keep.size() && keep[id] != 0;
    if (markup[i]) {
      markup_chars += s.chars;
      if (k) kept_markup += s.chars;
    }
    if (heading[i]) {
      h1_chars += s.chars;
      if (k) kept_h1 += s.chars;
    }
    if (k) {
      if (first_kept < 0) first_kept = chars;
      kept += s.chars;
      kept_punct += s.punct;
      if (link) kept_links += s.chars;
      if (furniture[i]) kept_furniture += s.chars;
      b.kept += s.chars;
      if (!link) b.kept_text += s.chars;
      runs += !in_run;
    }
    in_run = k;
    chars += s.chars;
    if (link) links += s.chars;
    punct += s.punct;
    if (k) last_kept = chars;
  }
  double prose = 0, kept_prose = 0;
  std::size_t kept_blocks = 0;
  for (const BlockSums& b : block) {
    if (b.chars == 0) continue;
    kept_blocks += b.kept > 0;
    if (b.text >= kProseChars && b.punct > 0) {
      prose += b.text;
      kept_prose += b.kept_text;
    }
  }
  f[F::kept_share] = Share(kept, chars);
  f[F::log_kept_chars] = std::log1p(kept);
  f[F::log_page_chars] = std::log1p(chars);
  f[F::kept_link_density] = Share(kept_links, kept);
  f[F::page_link_density] = Share(links, chars);
  f[F::kept_punct_density] = Share(kept_punct, kept);
  f[F::page_punct_density] = Share(punct, chars);
  f[F::prose_kept] = prose > 0 ? kept_prose / prose : 1.0;
  f[F::kept_prose_share] = Share(kept_prose, kept);
  f[F::prose_left_share] = Share(prose - kept_prose, chars);
  f[F::log_kept_blocks] = std::log1p(static_cast<double>(kept_blocks));
  f[F::log_kept_runs] = std::log1p(static_cast<double>(runs));
  f[F::log_block_chars] = kept_blocks ? std::log1p(kept / static_cast<double>(kept_blocks)) : 0.0;
  f[F::first_kept] = first_kept >= 0 ? Share(first_kept, chars) : 0.0;
  f[F::last_kept] = Share(last_kept, chars);
  f[F::span_density] = first_kept >= 0 ? Share(kept, last_kept - first_kept) : 0.0;
  f[F::kept_furniture_share] = Share(kept_furniture, kept);
  f[F::cjk_share] = Share(a[root].cjk, a[root].chars);
  f[F::has_content_markup] = has_markup;
  f[F::content_markup_kept] = Share(kept_markup, markup_chars);
  f[F::kept_in_content_markup] = Share(kept_markup, kept);
  f[F::has_h1] = has_h1;
  f[F::h1_kept] = Share(kept_h1, h1_chars);
  const std::uint8_t route = kept_content.route;
  f[F::r_line_blocks] = (route & algo::kRouteLineBlocks) != 0;
  f[F::r_spread] = (route & algo::kRouteSpread) != 0;
  f[F::r_all_of_main] = (route & algo::kRouteAllOfMain) != 0;
  f[F::r_thread] = (route & algo::kRouteThread) != 0;
  f[F::r_reread] = (route & algo::kRouteReread) != 0;
  f[F::r_comments_content] = (route & algo::kRouteCommentsContent) != 0;
  f[F::log_main_votes] = std::log1p(std::max(0.0, kept_content.main_votes));
  for (std::size_t t = 0; t < kPageTypes; ++t) {
    f.values[static_cast<std::size_t>(F::p_article) + t] = page_type.probability[t];
  }
  f[F::p_answer] = page_type.probability[static_cast<std::size_t>(page_type.type)];
  return f;
}

double ScoreConfidence(const ConfidenceFeatures& features, const ConfidenceModel& model) {
  if (features[F::log_kept_chars] <= 0) return 0.0;
  double logit = model.bias;
  for (std::size_t t = 0; t < model.trees; ++t) {
    const ConfidenceNode* tree = model.nodes + model.tree_offsets[t];
    const ConfidenceNode* node = tree;
    while (node->feature >= 0) {
      // The feature rounded to single precision, as the trainer (scikit-learn) compares it.
      const double x = static_cast<float>(features.values[static_cast<std::size_t>(node->feature)]);
      node = tree + (x <= node->threshold ? node->left : node->right);
    }
    logit += node->value;
  }
  return 1.0 / (1.0 + std::exp(-logit));
}

}  // namespace pith::classify
