// Step 2 of `auto` (driver: auto.cc): paragraph votes, and the candidates' scores. Decides how
// much each element looks like the container of the text, on the evidence of its blocks' own
// non-link text, weighted like paper 001's line blocks (a CJK character counts `cjk_char_weight`
// letters). Every block-level element whose own non-link text reaches `min_paragraph_chars`
// casts a vote
//     v = 1 + min(punctuation, own / 10) + min(own / 100, 3)
// (punctuation density: paper 000's and cx-extractor's observation that body text is sentences;
// shorter blocks vote in proportion to their length) to itself and its parent (weight 1), its
// grandparent (1/2) and the two levels above (1/3, 1/4), so that the container of many
// paragraphs or forum replies collects their votes, as paper 000's sibling share CS does. Outside
// boilerplate hints, an element's score is
//     score = votes × (1 − link density)
// (paper 000's CC, paper 003's Relativity), × `comments_factor` inside a comment section and ×
// kContentHintFactor on a content hint. No vote from a <title> that lands in <body>, a legal
// notice, or, on a Tibetan page, a block short of paper 003's Veracity (formula 2, Page::Truthful).
#include <algorithm>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"

namespace pith::algo::auto_steps {
namespace {

// A block shorter than kMaxCopyrightChars whose text opens with a legal label casts no vote: a
// portal's disclaimer ("【免责声明】本文仅代表作者本人观点…", 95 characters with many commas) must
// not outscore a news item of one paragraph.
bool IsLegalNoticeBlock(const Page& page, NodeId block) {
  const NodeId first = page.first_word_text[block];
  return first != dom::kNoNode && page.ann[block].chars < kMaxCopyrightChars &&
         OpensLegalNotice(page.doc.Text(first));
}

}  // namespace

// Undecayed votes of the blocks under `node` as if its own boilerplate hint were not believed
// (the hints inside it still are): what `mass` would be without its name.
double MassWithoutOwnHint(const Page& page, NodeId node) {
  double mass = 0;
  for (NodeId id = node; id < page.doc.SubtreeEnd(node);) {
    if (page.doc[id].hidden() || (id != node && (page.hint[id] == kBoilerplate || page.hint[id] == kCommentsHint))) {
      id = page.doc.SubtreeEnd(id);
      continue;
    }
    if (page.own[id] > 0) mass += page.Vote(id);
    ++id;
  }
  return mass;
}

void ComputeVotes(Page& page) {
  const std::size_t n = page.doc.size();
  const NodeId end = page.doc.SubtreeEnd(page.root);
  page.votes = MakeNodeArray<double>(n);
  page.mass = MakeNodeArray<double>(n);
  page.score = MakeNodeArray<double>(n);
  // Nothing outside the root's subtree votes or scores. Inside it, a node's sums start at zero
  // when it is reached, before any descendant casts its vote.
  for (double* a : {page.votes.get(), page.mass.get(), page.score.get()}) {
    std::fill(a, a + page.root, 0.0);
    std::fill(a + end, a + n, 0.0);
  }
  for (NodeId id = page.root; id < end; ++id) {
    page.votes[id] = page.mass[id] = 0;
    // A <title> is the document's name, not its text; it lands in <body> when bytes precede
    // <html> (CleanEval's <text> wrapper, server banners) and must not win as a paragraph.
    if (page.own[id] <= 0 || page.inside[id] == kBoilerplate || page.doc[id].hidden() ||
        page.doc[id].tag == Tag::kTitle) {
      continue;
    }
    if (IsLegalNoticeBlock(page, id) || !page.Truthful(id)) continue;
    const double v = page.Vote(id);
    page.mass[id] += v;  // summed up the tree below, once per node rather than once per ancestor
    NodeId a = id;
    for (double lw : kLevelWeight) {
      if (a == dom::kNoNode || a < page.root) break;
      page.votes[a] += v * lw;
      if (a == page.root) break;
      a = page.doc[a].parent;
    }
  }
  for (NodeId id = end; id-- > page.root + 1;) page.mass[page.doc[id].parent] += page.mass[id];
  for (NodeId id = page.root; id < end; ++id) {
    page.score[id] = 0;
    if (page.votes[id] == 0 || !page.doc[id].is_element()) continue;
    if (page.inside[id] == kBoilerplate) continue;
    const double ld = page.LinkDensity(id);
    double s = page.votes[id] * (1 - ld);
    if (page.inside[id] == kCommentsHint) s *= page.o.comments_factor;
    if (page.hint[id] == kContentHint) s *= kContentHintFactor;
    page.score[id] = s;
  }
}

}  // namespace pith::algo::auto_steps
