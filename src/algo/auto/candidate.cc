// Step 3 of `auto` (driver: auto.cc): the best candidate and the ascent. Decides the main
// subtree T, on the evidence of step 2's scores (votes × (1 − link density): paper 000's CC,
// paper 003's Relativity) and of the text balance of the containers above the best candidate.
// Boilerplate never wins, and a comment section only when no other candidate reaches
// kMinArticleScore (a thousand comments outweigh any article even at a third of their votes); a
// comment section that wins is the page's content (a thread whose software names every post a
// comment). From the best candidate T moves up through parents that score at least
// `ascend_score_ratio` of their child or grow its undecayed votes by `ascend_mass_gain`; of the
// containers on that chain T is the highest with the best text balance
//     J = prose text − kShortTextCost × short sentence-less text − kLinkTextCost × link text
// (the body-text-extraction objective, text inside minus noise inside; a comment section's text
// costs kCommentTextCost), so the ascent takes in more paragraphs or replies but stops below a
// byline, a share row, a "related" list or the comments.
#include <cstdio>
#include <vector>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"

namespace pith::algo::auto_steps {
namespace {

// Text balance per subtree: the prose it holds minus what a reader would skip,
//   J(n) = Σ prose own text − kShortTextCost × Σ other own text − kLinkTextCost × link text
// over blocks outside boilerplate and comment hints; prose = a block with at least
// min_paragraph_chars weighted characters of its own and some punctuation. This is the
// body-text-extraction objective (text inside minus noise inside) restricted to the candidates
// the ascent passes.
std::vector<double> TextBalance(const Page& page) {
  const std::size_t n = page.doc.size();
  std::vector<double> balance(n, 0);
  for (NodeId id = static_cast<NodeId>(n); id-- > 1;) {
    const dom::Node& node = page.doc[id];
    const bool unhinted =
        page.inside[id] == kNoHint || (page.comments_are_content && page.inside[id] == kCommentsHint);
    if (unhinted && !node.hidden()) {
      if (node.is_text() && node.in_link()) balance[id] -= kLinkTextCost * page.ann[id].chars;
      if (page.own[id] > 0) {
        const bool prose = page.own[id] >= page.o.min_paragraph_chars && page.own_punct[id] >= 1 && page.Truthful(id);
        balance[id] += prose ? page.own[id] : -kShortTextCost * page.own[id];
      }
    } else if (page.inside[id] == kCommentsHint && !node.hidden() && page.own[id] > 0) {
      balance[id] -= kCommentTextCost * page.own[id];
    }
    balance[node.parent] += balance[id];
  }
  return balance;
}

}  // namespace

NodeId BestCandidate(const Page& page) {
  NodeId best = dom::kNoNode, best_outside_comments = dom::kNoNode;
  for (NodeId id = page.root; id < page.doc.SubtreeEnd(page.root); ++id) {
    if (page.score[id] <= 0) continue;
    if (best == dom::kNoNode || page.score[id] > page.score[best]) best = id;
    if (page.inside[id] != kCommentsHint &&
        (best_outside_comments == dom::kNoNode || page.score[id] > page.score[best_outside_comments])) {
      best_outside_comments = id;
    }
  }
  if (best_outside_comments != dom::kNoNode && page.score[best_outside_comments] >= kMinArticleScore) {
    return best_outside_comments;
  }
  return best;
}

// Moves up while the parent scores nearly as well: the container of all the content rather than
// its largest part (a thread rather than one reply, an article rather than its longest section).
// Of the containers passed on the way, the highest with the best text balance wins.
NodeId Ascend(Page& page, NodeId best) {
  std::vector<NodeId> chain{best};
  while (chain.back() != page.root) {
    const NodeId child = chain.back(), parent = page.doc[child].parent;
    if (parent == dom::kNoNode || parent < page.root || page.hint[parent] == kBoilerplate) break;
    const double keep = 1 - page.LinkDensity(parent), own = 1 - page.LinkDensity(child);
    const bool by_score = page.score[parent] >= page.o.ascend_score_ratio * page.score[child];
    const bool by_mass = page.mass[parent] * keep * keep >= page.o.ascend_mass_gain * page.mass[child] * own * own;
    if (!by_score && !by_mass) break;
    chain.push_back(parent);
  }
  if (chain.size() == 1) return best;
  const std::vector<double> balance = TextBalance(page);
  std::size_t pick = 0;
  for (std::size_t i = 1; i < chain.size(); ++i) {
    if (balance[chain[i]] >= balance[chain[pick]]) pick = i;
  }
  for (std::size_t i = 0; i < pick; ++i) {
    page.AddDecision(chain[i], page.score[chain[i]], true, "parent scores nearly as well: moving up");
  }
  if (pick + 1 < chain.size()) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "scores nearly as well but adds more short or link text than prose "
                  "(text balance %.0f < %.0f)", balance[chain.back()], balance[chain[pick]]);
    page.AddDecision(chain.back(), page.score[chain.back()], false, buf);
  }
  return chain[pick];
}

}  // namespace pith::algo::auto_steps
