// `auto` — pith's own algorithm, the default. It combines the signals the papers use one at a
// time and chooses a main subtree, then cleans inside it.
//
// The driver: reads the page (hints, votes, candidate and ascent, siblings, cleaning, the
// content's ends), falls back or adds spread content, and ends every reading the same way (copies,
// grids). Each step lives in a file of this folder (steps.h lists them); their shared state is the
// Page (page.h), their thresholds are in tables.h.
#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"

namespace pith::algo::auto_steps {
namespace {

// How a reading ended, for the driver's rereadings.
struct ReadingEnd {
  bool no_paragraph = false;  // the reading found no paragraph
  bool retry_without_tag_wrappers = false;  // RetryWithoutTagWrappers asked for another reading
};

// True (and the pass is to be run again) when the main subtree came out tiny, or nothing voted,
// while an element with a boilerplate tag or role holds half of the page's text and was
// believed: then that element is the page's layout (a slideshow laid out in an <aside>, an
// unclosed <aside> that swallowed the page), and the second pass does not believe it, as a
// class/id hint on such a wrapper is never believed. Only when the first pass failed: an <aside>
// of widgets can hold most of a page's text beside a short article that still wins. Measured on
// the full corpus (shingle F1 / char F): newspaper-tests 0.7947 / 0.8316 → 0.7982 / 0.8348 (a
// slideshow in an <aside>, 0.17 → 0.99; a story beside an <aside> of teasers, +0.06), wcxb-dev
// −0.0000 / −0.0001 (one page, −0.015: an unclosed <aside>, now read as a page rather than by
// line blocks), other sets unchanged. Not believing such elements in the first pass instead
// lost a review beside an <aside> of comments (dragnet-train −0.0024 / −0.0015) and a story
// beside an <aside> of links (readability-test −0.0025).
bool RetryWithoutTagWrappers(const Page& page, ReadingEnd* end) {
  if (!page.tag_wrappers_believed || !page.has_tag_wrapper || !page.names_believed) return false;
  end->retry_without_tag_wrappers = true;
  return true;
}

// The end of every pass, on `auto`'s own choice and on the line blocks of step 7 alike: trailing
// furniture and a legal notice (step 6) and a repeated copy (step 9) go, and a product grid
// (step 10) joins. Line blocks keep a site's legal notice or a gallery's repeated captions as
// readily as text; ending them so, measured on the full corpus (shingle F1 / char F):
// newspaper-tests 0.8001 / 0.8361 → 0.8009 / 0.8369, wcxb-dev 0.8113 / 0.8566 → 0.8120 / 0.8569,
// other sets unchanged (5 pages better, none worse; without step 9, 2 of the wcxb-dev pages
// fewer).
Selection EndOfContent(Page& page, Selection lb) {
  page.sel = std::move(lb);
  DropTrailingFurniture(page);
  DropRepeatedRuns(page);
  KeepProductGrids(page);
  return std::move(page.sel);
}

// One reading of the page: steps 1 to 10 under the reading's beliefs (page.names_believed,
// page.tag_wrappers_believed).
Selection RunPass(Page& page, ReadingEnd* end) {
  page.sel.Reset(page.doc.size());
  page.votes_failed = false;
  page.wrapper_siblings.clear();
  ComputeHints(page);
  ComputeVotes(page);
  NodeId best = BestCandidate(page);
  // Read without class/id names, a page needs an article's worth of votes (see Run).
  if (!page.names_believed && best != dom::kNoNode && page.mass[best] < kMinArticleScore) best = dom::kNoNode;
  end->no_paragraph = best == dom::kNoNode;
  if (best == dom::kNoNode) {
    if (RetryWithoutTagWrappers(page, end)) return {};
    page.votes_failed = true;
    return EndOfContent(page, Fallback(page, "no paragraph of text found"));
  }
  // When the best candidate lies in a comment section (no article outside one reaches
  // kMinArticleScore), that section is the page's content, a thread whose software names every
  // post a comment: its text counts as prose in the ascent and its posts are not cleaned out as
  // comment sections inside the content. Measured on the full corpus: wcxb-dev +0.0012 / +0.0006
  // (a forum page 0.17 → 0.75), dragnet-train +0.0000 / +0.0004 (three blog posts of one line
  // whose comments already won give all their comments instead of some), other sets unchanged.
  page.comments_are_content = page.inside[best] == kCommentsHint;
  best = Ascend(page, best);
  std::vector<NodeId> roots = WithSiblings(page, best);
  MarkTextareaHolders(page);
  for (NodeId r : roots) Keep(page, r, best);
  KeepThreadPosts(page, best);
  KeepLeadingHeading(page, roots.front());
  DropLeadingMetaBlocks(page);
  const double kept = WeightOf(page, page.sel);
  // Steps 7 and 8 judge the main subtree without the parts found beside its wrappers.
  double main_kept = kept;
  for (NodeId w : page.wrapper_siblings) {
    for (NodeId i = w; i < page.doc.SubtreeEnd(w); ++i) {
      if (page.sel.keep[i] && page.doc[i].is_text()) main_kept -= page.weight[i];
    }
  }
  const double total = page.weight[page.root];
  char buf[200];
  std::snprintf(buf, sizeof buf, "main subtree <%s> score %.1f, %zu subtree(s), %.0f of %.0f weighted chars kept",
                std::string(page.doc.Name(best)).c_str(), page.score[best], roots.size(), kept, total);
  page.sel.summary = buf;
  if (!page.names_believed) {
    page.sel.summary = "no paragraph outside elements named as boilerplate, read without class/id names; " + page.sel.summary;
  }
  if (main_kept < page.o.fallback_min_share * total && main_kept < 500) {
    if (RetryWithoutTagWrappers(page, end)) return {};
    Selection lb = Fallback(page, "main subtree holds " + std::to_string(static_cast<int>(main_kept)) + " of " +
                            std::to_string(static_cast<int>(total)) + " weighted characters");
    // Line blocks win when they find more text; otherwise the small subtree stands if it is at
    // least a few paragraphs long (a lone caption or link label is no main content). When line
    // blocks find nothing either, the caption goes and step 8 still gets its chance.
    const double lb_weight = WeightOf(page, lb);
    page.votes_failed = lb_weight > kept || kept < 4 * page.o.min_paragraph_chars;
    if (lb_weight > kept || (kept < 4 * page.o.min_paragraph_chars && lb_weight > 0)) {
      return EndOfContent(page, std::move(lb));
    }
    if (kept < 4 * page.o.min_paragraph_chars) {
      std::fill(page.sel.keep.begin(), page.sel.keep.end(), 0);
      page.sel.summary += "; too short to be the content, dropped";
    }
    page.sel.summary += "; line blocks found less (" + lb.summary + ")";
  }
  const NodeId region = MainRegion(page, best);
  const bool small_share = main_kept < page.o.dispersed_share * total;
  if (small_share || (region != page.root && main_kept < page.o.dispersed_main_share * page.weight[region] &&
                      main_kept < page.o.dispersed_main_share * UnhintedWeight(page, region))) {
    AddDispersedContent(page, region, small_share && DeclaresNoArticle(page));
  }
  return EndOfContent(page, std::move(page.sel));
}

}  // namespace
}  // namespace pith::algo::auto_steps

namespace pith::algo {

Selection RunAuto(const Context& ctx) {
  auto_steps::Page page(ctx);
  auto_steps::ReadingEnd end;
  Selection first = auto_steps::RunPass(page, &end);
  if (end.retry_without_tag_wrappers) {
    page.tag_wrappers_believed = false;
    first = auto_steps::RunPass(page, &end);
  }
  // No paragraph outside elements named as boilerplate: the names may hide all of the page's
  // prose (a page builder calls every section of a page "elementor-top-section"). Read without
  // class/id names, the page needs an article's worth of votes (kMinArticleScore), or the first
  // reading stands. Measured on the full corpus (shingle F1 / char F): wcxb-dev 0.8568 / 0.8914
  // → 0.8572 / 0.8918 (a music school's testimonials, 0.76 → 0.98), other sets unchanged: on the
  // other pages where no paragraph is found the text is scripted, and without the minimum their
  // cookie notices and newsletter boxes come out (newspaper-tests −0.0055, wcxb-dev −0.0007).
  if (!end.no_paragraph) return first;
  page.names_believed = false;
  Selection second = auto_steps::RunPass(page, &end);
  return end.no_paragraph ? first : second;
}

}  // namespace pith::algo
