// `auto` — pith's own algorithm, the default. It combines the signals the papers use one at a
// time (paper 000's link density and content correlativity, paper 001's weighted text and line
// blocks, paper 003's Relativity and Veracity, paper 004's similar blocks) with the page's markup,
// chooses a main subtree, then cleans inside it. This driver runs the steps, each in a file of
// src/algo/auto/ that says what it decides and on which evidence (docs/auto.md explains them):
//   1. hints             hints.cc, class_names.cc  boilerplate, content and comment hints
//   2. votes             votes.cc                  paragraph votes and candidate scores
//   3. candidate, ascent candidate.cc              the main subtree T
//   4. siblings          siblings.cc               siblings, sections, a thread's posts join T
//   5. cleaning          cleaning.cc               hinted parts, link groups, forms go
//   6. ends trimmed      ends.cc                   headline kept; bylines, furniture, credits go
//   7. fallback          fallback.cc               line blocks when T is tiny
//   8. spread content    spread_content.cc         correlation's text on pages that spread it;
//                                                  all of <main> on documentation and service pages
//   9. copies            copies.cc                 a second copy of the text goes
//  10. grids             grids.cc                  product cards or teasers join
//      comments          comments.cc               with Options::comments: comment sections, marked
// Steps 6 (its end), 9 and 10 end every reading, the line blocks of step 7 too (EndOfContent),
// and with Options::comments the comment sections after the content join last.
// The state the steps share is the Page (page.h), their thresholds and word lists are in tables.h;
// --favor precision|recall shifts some of those thresholds for every step (favor.cc).
// When a reading finds no content, the page is read again without believing a wrapper's tag, or
// without class/id names (RunAuto).
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
// of widgets or comments can hold most of a page's text beside a short article that still wins.
bool RetryWithoutTagWrappers(const Page& page, ReadingEnd* end) {
  if (!page.tag_wrappers_believed || !page.has_tag_wrapper || !page.names_believed) return false;
  end->retry_without_tag_wrappers = true;
  return true;
}

// The end of every pass, on `auto`'s own choice and on the line blocks of step 7 alike: trailing
// furniture and a legal notice (step 6) and a repeated copy (step 9) go, and a product grid
// (step 10) joins; then, with Options::comments, the comment sections. Line blocks keep a site's
// legal notice or a gallery's repeated captions as readily as text, so they are ended the same way.
Selection EndOfContent(Page& page, Selection lb) {
  page.sel = std::move(lb);
  DropTrailingFurniture(page);
  DropRepeatedRuns(page);
  KeepProductGrids(page);
  KeepComments(page);
  return std::move(page.sel);
}

// One reading of the page: steps 1 to 10 under the reading's beliefs (page.names_believed,
// page.tag_wrappers_believed).
Selection RunPass(Page& page, ReadingEnd* end) {
  page.sel.Reset(page.doc.size());
  page.votes_failed = false;
  page.wrapper_siblings.clear();
  page.thread_posts.clear();
  page.title_block = dom::kNoNode;
  ComputeHints(page);                   // 1
  ComputeVotes(page);                   // 2
  NodeId best = BestCandidate(page);    // 3
  // Read without class/id names, a page needs an article's worth of votes (see RunAuto).
  if (!page.names_believed && best != dom::kNoNode && page.mass[best] < kMinArticleScore) best = dom::kNoNode;
  end->no_paragraph = best == dom::kNoNode;
  if (best == dom::kNoNode) {
    if (RetryWithoutTagWrappers(page, end)) return {};
    page.votes_failed = true;
    Selection lb = Fallback(page, "no paragraph of text found");
    lb.route |= kRouteLineBlocks;
    return EndOfContent(page, std::move(lb));
  }
  // When the best candidate lies in a comment section (no article outside one reaches
  // kMinArticleScore), that section is the page's content, a thread whose software names every
  // post a comment: its text counts as prose in the ascent and its posts are not cleaned out as
  // comment sections inside the content.
  page.comments_are_content = page.inside[best] == kCommentsHint;
  const NodeId candidate = best;
  best = Ascend(page, best);
  page.sel.main_votes = page.mass[best];
  if (page.comments_are_content) page.sel.route |= kRouteCommentsContent;
  std::vector<NodeId> roots = WithSiblings(page, best);  // 4
  MarkTextareaHolders(page);                             // 5, inside each kept subtree
  for (NodeId r : roots) Keep(page, r, best);
  KeepThreadPosts(page, candidate, best);                // 4, a thread's posts (cleaned as in 5)
  if (!page.thread_posts.empty()) page.sel.route |= kRouteThread;
  KeepLeadingHeading(page, roots.front());               // 6, the beginning
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
    page.sel.summary =
        "no paragraph outside elements named as boilerplate, read without class/id names; " + page.sel.summary;
  }
  // 7: the fallback when the main subtree is tiny: its share of the page is measured without the
  // comment sections it left out (a short post under a long comment thread is still the page's
  // content).
  if (main_kept < page.o.fallback_min_share * total && main_kept < 500 &&
      main_kept < page.o.fallback_min_share * (total - LeftOutCommentsWeight(page))) {
    if (RetryWithoutTagWrappers(page, end)) return {};
    Selection lb = Fallback(page, "main subtree holds " + std::to_string(static_cast<int>(main_kept)) + " of " +
                            std::to_string(static_cast<int>(total)) + " weighted characters");
    // Line blocks win when they find more text; otherwise the small subtree stands if it is at
    // least a few paragraphs long (a lone caption or link label is no main content). When line
    // blocks find nothing either, the caption goes and step 8 still gets its chance.
    const double lb_weight = WeightOf(page, lb);
    page.votes_failed = lb_weight > kept || kept < 4 * page.o.min_paragraph_chars;
    if (lb_weight > kept || (kept < 4 * page.o.min_paragraph_chars && lb_weight > 0)) {
      lb.route = page.sel.route | kRouteLineBlocks;
      lb.main_votes = page.sel.main_votes;
      return EndOfContent(page, std::move(lb));
    }
    if (kept < 4 * page.o.min_paragraph_chars) {
      std::fill(page.sel.keep.begin(), page.sel.keep.end(), 0);
      page.sel.summary += "; too short to be the content, dropped";
    }
    page.sel.summary += "; line blocks found less (" + lb.summary + ")";
  }
  // 8: content spread over the page; a shop's collection page spreads it whatever its share.
  const NodeId region = MainRegion(page, best);
  const bool small_share = main_kept < page.o.dispersed_share * total;
  if (ClassifiedAs(page, PageType::kCollection)) {
    AddDispersedContent(page, region, /*whole_region=*/true);
    page.sel.route |= kRouteSpread;
  } else if (small_share || (region != page.root && main_kept < page.o.dispersed_main_share * page.weight[region] &&
                             main_kept < page.o.dispersed_main_share * UnhintedWeight(page, region))) {
    AddDispersedContent(page, region, small_share && DeclaresNoArticle(page));
    page.sel.route |= kRouteSpread;
  }
  // 8: a documentation page's content is all of its <main>, and so is an undated service page's.
  if (region != page.root && ClassifiedAs(page, PageType::kDocumentation)) {
    KeepAllOfMain(page, region, "documentation");
    page.sel.route |= kRouteAllOfMain;
  } else if (region != page.root && ClassifiedAs(page, PageType::kService) && !DeclaresPublicationDate(page)) {
    KeepAllOfMain(page, region, "service page");
    page.sel.route |= kRouteAllOfMain;
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
    first.route |= kRouteReread;
  }
  // No paragraph outside elements named as boilerplate: the names may hide all of the page's
  // prose (a page builder calls every section of a page "elementor-top-section"). Read without
  // class/id names, the page needs an article's worth of votes (kMinArticleScore), or the first
  // reading stands: on other pages where no paragraph is found the text is scripted, and their
  // cookie notices and newsletter boxes are no content.
  if (!end.no_paragraph) return first;
  page.names_believed = false;
  Selection second = auto_steps::RunPass(page, &end);
  if (end.no_paragraph) return first;
  second.route |= kRouteReread;
  return second;
}

}  // namespace pith::algo
