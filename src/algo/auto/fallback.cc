// Step 7 of `auto` (driver: auto.cc): the fallback to paper 001's line blocks (src/algo/
// lineblock.cc: the line-block distribution function). When the votes find no paragraph, or the
// main subtree holds less than `fallback_min_share` of the page's text (without the comment
// sections the reading left out: LeftOutCommentsWeight) and is short, the driver
// tries line blocks and uses them when they keep more text (a page whose text is links or
// scripted). This file decides what of their selection to leave out, on the evidence of step 1's
// hints: the text of a cookie consent notice. The driver ends their selection as its own
// (EndOfContent: steps 6, 9 and 10).
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"
#include "text/ascii.h"

namespace pith::algo::auto_steps {
namespace {

// Line blocks know no hints, and a cookie consent notice (banner, dialog, preference centre) is
// a run of sentences they take for text when the page's own text is links or rendered by
// scripts. In their selection, text inside a boilerplate-hinted element that mentions cookies
// and holds under half of the page's text ("fides-banner", "bbccookies-banner", "evidon-banner"
// around "We use cookies ..." and the list of purposes beside it) goes, whichever hinted
// ancestor mentions them (the purposes and buttons sit in hinted parts of their own); so does the
// text of an element named as a consent manager (kConsentWords), whatever its share. Other
// hinted text stays: the fallback often runs because a page's text sits in an element named like
// furniture.
void DropConsentNotices(const Page& page, Selection* lb) {
  const NodeId end = page.doc.SubtreeEnd(page.root);
  const double half = 0.5 * page.weight[page.root];
  // Per node: whether it lies inside such a notice (-1: not yet known), filled for the
  // ancestors of kept text only, each once.
  std::vector<std::int8_t> inside(end - page.root, -1);
  inside[0] = 0;  // the root (<body>) carries no hint
  std::vector<NodeId> path;
  double dropped = 0;
  // Whether an element's text (its text nodes joined, as SubtreeText gives it) mentions cookies,
  // from the text of the root's subtree joined once: where each node's text starts in it, and
  // where "cookie" does. Building each hinted ancestor's text instead would cost depth × text on
  // a page of nested hinted elements.
  std::string joined;
  std::vector<std::size_t> text_before, mentions;
  auto mentions_cookies = [&](NodeId e) {
    if (text_before.empty()) {
      text_before.reserve(end - page.root + 1);
      for (NodeId n = page.root; n < end; ++n) {
        text_before.push_back(joined.size());
        if (page.doc[n].is_text()) joined += page.doc.Text(n);
      }
      text_before.push_back(joined.size());
      for (std::size_t at = text::FindIgnoreAsciiCase(joined, kCookieWord); at != std::string_view::npos;
           at = text::FindIgnoreAsciiCase(joined, kCookieWord, at + 1)) {
        mentions.push_back(at);
      }
    }
    const std::size_t from = text_before[e - page.root], to = text_before[page.doc.SubtreeEnd(e) - page.root];
    const auto first = std::lower_bound(mentions.begin(), mentions.end(), from);
    return first != mentions.end() && *first + kCookieWord.size() <= to;
  };
  for (NodeId id = page.root + 1; id < end; ++id) {
    if (!lb->keep[id]) continue;
    path.clear();
    NodeId a = page.doc[id].parent;
    while (inside[a - page.root] < 0) {
      path.push_back(a);
      a = page.doc[a].parent;
    }
    std::int8_t known = inside[a - page.root];
    for (auto it = path.rbegin(); it != path.rend(); ++it) {  // from the outermost down
      const NodeId e = *it;
      known = known || (page.hint[e] == kBoilerplate &&
                        (page.consent_named[e] || (page.weight[e] < half && mentions_cookies(e))));
      inside[e - page.root] = known;
    }
    if (known) {
      lb->keep[id] = 0;
      dropped += page.weight[id];
    }
  }
  if (dropped > 0) {
    lb->summary += "; " + std::to_string(static_cast<int>(dropped)) +
                   " weighted chars of a cookie consent notice dropped";
  }
}

}  // namespace

Selection Fallback(Page& page, const std::string& why) {
  Selection lb = RunLineBlock(page.ctx);
  lb.summary = "fallback to line blocks (" + why + "): " + lb.summary;
  DropConsentNotices(page, &lb);
  return lb;
}

// The weighted text of the comment sections the reading left out (none when a comment section is
// the content).
double LeftOutCommentsWeight(const Page& page) {
  double w = 0;
  if (page.comments_are_content) return w;
  for (NodeId id = page.root; id < page.doc.SubtreeEnd(page.root); ++id) {
    if (page.doc[id].is_text() && !page.doc[id].hidden() && page.inside[id] == kCommentsHint) w += page.weight[id];
  }
  return w;
}

}  // namespace pith::algo::auto_steps
