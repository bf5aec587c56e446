// The state `auto`'s steps share (src/algo/auto/): the page as the document and its annotation
// give it, the text measured once per page, and what each step of the current reading decided so
// far, one group of fields per step. The steps are free functions over it (steps.h), each in its
// own file; the helpers several steps use are its member functions.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algo/algorithm.h"
#include "algo/auto/tables.h"
#include "text/unicode.h"

namespace pith::algo::auto_steps {

using dom::Attr;
using dom::NodeId;
using dom::Tag;

enum Hint : std::uint8_t { kNoHint = 0, kBoilerplate = 1, kContentHint = 2, kCommentsHint = 3 };

// Per-node facts. Each array is written in full by the pass that computes it rather than zeroed
// ahead: a page's arrays come to tens of kilobytes, most of them written by those passes anyway.
template <class T>
using NodeArray = std::unique_ptr<T[]>;
template <class T>
NodeArray<T> MakeNodeArray(std::size_t nodes) {
  return std::make_unique_for_overwrite<T[]>(nodes);
}

// Step 6's thresholds that --favor shifts (favor.cc); the defaults are the balanced ones.
struct EndsThresholds {
  std::size_t max_leading_meta_blocks = kMaxLeadingMetaBlocks;
  double trailing_prose_chars = kTrailingProseChars;
  // Short sentence-less blocks after the last prose block go on every page, not only on CJK pages.
  bool trailing_credits_on_every_page = false;
};

struct Page {
  // Measures the page's text (weights, block owners, word positions) once for every reading.
  explicit Page(const Context& context);

  // Link density in weighted characters (a CJK character counts `cjk_char_weight` letters, as in
  // the votes): a Chinese teaser whose linked headline is followed by an unlinked date, "·<a>娱乐圈
  // 受黑社会控制?明星挨打事件簿</a> (2005-04-27 12:00PM)", is a link, not half of one.
  double LinkDensity(NodeId id) const {
    const dom::NodeStats& s = ann[id];
    const double extra = std::max(1, o.cjk_char_weight) - 1;
    const double all = s.chars + extra * s.cjk;
    return all > 0 ? (s.link_chars + extra * s.link_cjk) / all : 0.0;
  }

  // A block's paragraph vote. Short blocks (forum replies, list items) vote in proportion to their
  // length.
  double Vote(NodeId id) const {
    return own[id] < o.min_paragraph_chars
               ? own[id] / o.min_paragraph_chars * o.short_block_vote
               : 1 + std::min(own_punct[id], own[id] / 10) + std::min(own[id] / 100, 3.0);
  }

  // Paper 003's Veracity (formula 2, §2.4) on a Tibetan page: a block's own text is Tibetan when
  // syllable dots make at least veracity_min (1/8: a dot after at most 7 letters) of its weighted
  // characters; other blocks cast no vote there and are no prose in the text balance. A Tibetan
  // page is one whose body's dominant script is Tibetan (a Tibetan article beside a longer Chinese
  // sidebar still is: a syllable takes several code points).
  bool Truthful(NodeId id) const {
    return !tibetan_page || own_tsheg[id] >= ctx.options.tibetan.veracity_min * own[id];
  }

  // Records a decision for --explain.
  void AddDecision(NodeId node, double score, bool kept, std::string reason);

  // The page, fixed for every reading.
  const dom::Document& doc;
  const dom::Annotation& ann;
  const AutoOptions o;  // the options, their thresholds shifted by o.favor (favor.cc)
  const EndsThresholds ends;  // step 6's, shifted the same way
  const Context& ctx;
  NodeId root = 0;  // <body>, or the document root without one

  // The text, measured once (Page's constructor): weighted non-link characters per subtree
  // (weight) and per block of its own text (own, own_punct: punctuation), each node's block
  // (owner, the nearest block-level element).
  NodeArray<double> weight, own, own_punct;
  NodeArray<NodeId> owner;
  // Per block: its first and last text node with words outside links (kNoNode if none).
  NodeArray<NodeId> first_word_text, last_word_text;
  NodeArray<NodeId> last_text_upto;  // per node id: the last text node with characters at or before it
  // Syllable dots in each block's own non-link text; filled on Tibetan pages only (tibetan_page).
  NodeArray<double> own_tsheg;
  bool tibetan_page = false;

  // How the current reading takes the page's names (the driver's rereadings).
  bool tag_wrappers_believed = true, has_tag_wrapper = false;
  bool names_believed = true;  // class and id names are believed (hints)

  // Step 1: hints per node, and the hint each node lies inside.
  NodeArray<std::uint8_t> hint, inside;
  NodeArray<std::uint8_t> strong_hint;  // the boilerplate hint comes from the tag or role, not a class/id
  std::vector<std::uint8_t> consent_named;  // the boilerplate hint names a cookie consent manager
  // Step 2: votes per node (decayed over four levels), their undecayed sum per subtree, scores.
  NodeArray<double> votes, score;
  NodeArray<double> mass;  // undecayed sum of the votes cast inside each subtree
  // Step 3.
  bool comments_are_content = false;  // the main subtree lies in a comment section (a thread)
  // Step 4: the parts found beside the main subtree's wrappers, and a thread's post bodies (in
  // document order; empty on other pages).
  std::vector<NodeId> wrapper_siblings;
  std::vector<NodeId> thread_posts;
  // Step 6: the block kept as the headline because its text is the page's title (kNoNode: none).
  NodeId title_block = dom::kNoNode;
  // Step 5.
  std::vector<std::uint8_t> holds_textarea;  // per node: a <textarea> in its subtree (empty: none on the page)
  // The paragraph votes found no content: no paragraph, or a main subtree too small that was
  // dropped or that line blocks beat (step 10 then takes grids without prices).
  bool votes_failed = false;
  // What the reading keeps so far, with its decisions.
  Selection sel;
};

// Weighted characters of the text nodes `sel` keeps.
double WeightOf(const Page& page, const Selection& sel);

}  // namespace pith::algo::auto_steps
