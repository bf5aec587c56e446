// Step 8 of `auto` (driver: auto.cc): content spread over the page. Decides whether the page is
// one article or spreads its content over several containers (listings, product and service
// pages, portals, landing pages), on the evidence of the main subtree's share of the page's text
// (`dispersed_share`) or of the text of the page's <main> (`dispersed_main_share`) and of the
// page's og:type. On such a page it adds the text paper 000's correlation keeps (the content
// correlativity CC with CS/TD smoothing, src/algo/correlation.cc: whole content levels), outside
// boilerplate and comment hints, and inside the page's <main> when the main subtree is in one; on
// a page whose og:type is no article, and on a page the page classifier takes for a shop's
// collection, all the text outside those hints.
#include <string>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"
#include "algo/correlation.h"
#include "text/ascii.h"

namespace pith::algo::auto_steps {

// The page's <main> (or role="main") that holds the main subtree `best`, else the root.
NodeId MainRegion(const Page& page, NodeId best) {
  for (NodeId a = best; a != dom::kNoNode && a > page.root; a = page.doc[a].parent) {
    if (page.doc[a].tag == Tag::kMain || page.doc.GetAttr(a, Attr::kRole) == "main") return a;
  }
  return page.root;
}

// Weighted text of the visible text nodes under `node` outside boilerplate and comment hints.
double UnhintedWeight(const Page& page, NodeId node) {
  double w = 0;
  for (NodeId id = node; id < page.doc.SubtreeEnd(node); ++id) {
    if (page.doc[id].is_text() && !page.doc[id].hidden() && page.inside[id] == kNoHint) w += page.weight[id];
  }
  return w;
}

// Whether the page's first og:type (<meta property> or, as some pages write it, <meta name>)
// names something other than an article ("website", "product"); false without one.
bool DeclaresNoArticle(const Page& page) {
  for (NodeId id = 0; id < page.doc.size(); ++id) {
    if (page.doc[id].tag != Tag::kMeta ||
        (page.doc.GetAttr(id, Attr::kProperty) != "og:type" && page.doc.GetAttr(id, Attr::kName) != "og:type")) {
      continue;
    }
    const std::string_view type = page.doc.GetAttr(id, Attr::kContent);
    return !type.empty() && text::FindIgnoreAsciiCase(type, "article") == std::string_view::npos;
  }
  return false;
}

// Whether the page classifier (src/classify/page_type.h) answered `type` for the page.
bool ClassifiedAs(const Page& page, PageType type) {
  return page.ctx.page_type != nullptr && page.ctx.page_type->type == type;
}

// Step 8: the main subtree holds a small share of the page's text, so the page spreads its
// content over several containers (listings, product and service pages, portals) rather than
// being one article. Paper 000's correlation keeps whole content levels; its text is added,
// except inside boilerplate- or comment-hinted parts, and outside the page's <main> (or
// role="main") when the main subtree lies in one: the page says where its content is, and its
// header, sidebars and footer are not in it. <article> is no such region: forum posts and
// product cards are articles each.
// The same holds within <main>: a landing or service page lays out its sections in <main> one
// after another (an introduction, "Why us", figures, case studies, an FAQ), and the main subtree
// is the longest of them. So the step also runs when the main subtree holds less than
// `dispersed_main_share` of the text <main> holds outside hints (hinted parts such as a story's
// rating widgets do not count), whatever <main>'s share of the page.
// Only the scores are computed (not RunCorrelation's decisions and their reason strings); a text
// node is what correlation outputs when the unit owning it is kept, as in RunCorrelation.
// A page that calls itself a website rather than an article (its Open Graph type says so) and
// whose main subtree holds under `dispersed_share` of its text is a listing, a collection or a
// landing page: its content is every card and section, links included (a card's headline and
// blurb are often one link), and `whole_region` adds all the region's text outside boilerplate
// and comment hints rather than what correlation keeps (which drops link-dense cards). The Open
// Graph type is required: a short story on a portal also holds a small share of its page.
// A page the classifier takes for a shop's collection (a category of products) gets the whole
// region whatever the main subtree's share: its content is the grid of products with the
// category's introduction and buying guide around it, of which the votes pick one part (often the
// buying guide, whose paragraphs are the only prose).
void AddDispersedContent(Page& page, NodeId region, bool whole_region) {
  thread_local CorrelationScores cc;
  if (!whole_region) ScoreCorrelation(page.doc, page.ann, page.ctx.options.correlation, &cc);
  std::size_t added = 0;
  for (NodeId id = region; id < page.doc.SubtreeEnd(region); ++id) {
    const dom::Node& n = page.doc[id];
    if (!n.is_text() || n.hidden() || page.sel.keep[id] || page.inside[id] != kNoHint) continue;
    if (!whole_region && (cc.owner[id] == dom::kNoNode || !cc.kept[cc.owner[id]])) continue;
    page.sel.keep[id] = 1;
    added += page.weight[id] > 0;
  }
  page.sel.summary += "; content spread over the page: " + std::to_string(added) + " text nodes added " +
                      (whole_region ? std::string("outside hints (a collection page, or og:type no article)")
                                    : "from correlation (content level node " + std::to_string(cc.level) + ")");
}

}  // namespace pith::algo::auto_steps
