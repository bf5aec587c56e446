// Step 6 of `auto` (driver: auto.cc): the content's ends. Decides where the content begins and
// ends, on the evidence of the kept blocks' length, sentence marks, link text and position (no
// paper trims the ends; paper 001's line blocks stop where text density falls, which this
// refines block by block):
// - the page's h1 (or the last heading before T) is kept when it sits beside the content
//   (kMaxHeadlineLevels), not in a banner further up the page; without such a heading, the last
//   block before T whose text is the page's title (<title>, og:title) is kept;
// - up to kMaxLeadingMetaBlocks short blocks (under `lead_trim_chars` weighted characters, link
//   text included) that open the content without ending a sentence go: bylines, dates, share
//   rows, section labels (--favor shifts these thresholds: EndsThresholds, favor.cc); a block that
//   begins with a date counts as short (a dateline); headings, the title block and bold paragraphs
//   are passed over; more such blocks make the content a list, and stay;
// - at the end, run by EndOfContent after steps 7 and 8, the first block of mostly link text
//   after the last prose block goes with every block after it, unless they hold more text than
//   what precedes (a thread's short last replies are posts, not furniture: a block with a
//   punctuation mark in a post body counts as prose); so does a short legal notice among the
//   last kCopyrightWindow blocks; on a CJK page, a few short sentence-less blocks after the last
//   prose block (credit lines) and a label ending with a colon go too.
#include <algorithm>
#include <string>
#include <vector>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"
#include "algo/headline.h"

namespace pith::algo::auto_steps {
namespace {

// The block's kept text ends with a colon and the block holds link text that is not kept: a
// label whose value was a link ("Source: <a>Reuters</a>", "来源：<a>证券时报网</a>"), not a
// sentence announcing what follows.
bool LabelOfDroppedLink(const Page& page, NodeId block, std::string_view text) {
  if (!EndsWithColon(text)) return false;
  for (NodeId id = block; id < page.doc.SubtreeEnd(block); ++id) {
    if (page.doc[id].is_text() && page.doc[id].in_link() && !page.sel.keep[id] && page.ann[id].chars > 0) return true;
  }
  return false;
}

// A <p> whose every text node (nodes[begin, end)) lies inside <b> or <strong>: a heading written
// as a bold paragraph ("<p><strong>PJ Morton – Only One Lyrics</strong></p>" above the lyrics),
// which step 6 passes over like a heading rather than dropping it as a byline.
bool BoldParagraph(const Page& page, NodeId unit, const std::vector<NodeId>& nodes, std::size_t begin) {
  if (page.doc[unit].tag != Tag::kP) return false;
  for (std::size_t k = begin; k < nodes.size(); ++k) {
    bool bold = false;
    for (NodeId a = page.doc[nodes[k]].parent; a != dom::kNoNode && a != unit; a = page.doc[a].parent) {
      if (page.doc[a].tag == Tag::kStrong || page.doc[a].tag == Tag::kB) { bold = true; break; }
    }
    if (!bold) return false;
  }
  return true;
}

// When no heading precedes the content: the last block before it whose text is the page's title
// (PageTitle: <title> before or after the site's name, og:title) is its headline, however it is
// marked up (a portal's <td class=biaoti>, a <div class=title>, an <h3>). The blocks' text is read
// in one pass over the text before the content (a block whose text nested blocks interrupt is
// judged by its last run); a <title> landed in <body> is no headline.
void KeepTitleBlock(Page& page, NodeId first_root) {
  const PageTitle title = PageTitle::Of(page.doc);
  if (title.title.empty() && title.declared.empty()) return;
  NodeId block = dom::kNoNode, owner = dom::kNoNode;
  std::string text;
  auto judge = [&]() {
    if (owner != dom::kNoNode && !text.empty() && title.Matches(NormalizedLine(text))) block = owner;
    text.clear();
  };
  for (NodeId id = page.root; id < first_root; ++id) {
    if (!page.doc[id].is_text() || page.doc[id].hidden()) continue;
    const NodeId o = page.owner[id];
    if (o != owner) {
      judge();
      const bool candidate = o != page.root && !page.doc.IsAncestor(o, first_root) && page.own[o] > 0 &&
                             page.doc[o].tag != Tag::kTitle && page.inside[o] != kBoilerplate &&
                             page.LinkDensity(o) < 0.5;
      owner = candidate ? o : dom::kNoNode;
    }
    if (owner != dom::kNoNode) text += page.doc.Text(id);
  }
  judge();
  if (block == dom::kNoNode) return;
  page.sel.KeepSubtree(page.doc, block);
  page.title_block = block;
  page.AddDecision(block, page.weight[block], true, "the page's title before the main subtree (its headline)");
}

// Whether `id` lies in one of the thread's post bodies (step 4, page.thread_posts).
bool InThreadPost(const Page& page, NodeId id) {
  const std::vector<NodeId>& posts = page.thread_posts;
  auto it = std::upper_bound(posts.begin(), posts.end(), id);
  return it != posts.begin() && (*--it == id || page.doc.IsAncestor(*it, id));
}

}  // namespace

// The page title usually sits just above the text, outside the text's container. It is kept
// when it belongs to the article's own head: when the content and the heading share an ancestor
// at most kMaxHeadlineLevels parents above the content. A heading further away is the page's
// banner, and the title is reported as metadata anyway. The evaluation sets disagree on
// headlines; a headline beside the content is the article's own.
void KeepLeadingHeading(Page& page, NodeId first_root) {
  for (NodeId i = first_root; i < page.doc.SubtreeEnd(first_root); ++i) {
    if (page.sel.keep[i] && dom::HeadingLevel(page.doc[page.owner[i]].tag) == 1) return;
  }
  NodeId heading = dom::kNoNode;
  for (NodeId id = page.root; id < first_root; ++id) {
    const Tag t = page.doc[id].tag;
    if ((t == Tag::kH1 || (heading == dom::kNoNode && t == Tag::kH2)) && page.inside[id] != kBoilerplate &&
        !page.doc[id].hidden() && page.weight[id] > 0 && page.LinkDensity(id) < 0.5) {
      heading = id;
    }
  }
  if (heading == dom::kNoNode) {
    KeepTitleBlock(page, first_root);
    return;
  }
  std::size_t levels = 1;  // from first_root up to the lowest ancestor it shares with the heading
  for (NodeId a = page.doc[first_root].parent; !page.doc.IsAncestor(a, heading); a = page.doc[a].parent) {
    if (++levels > kMaxHeadlineLevels) return;
  }
  page.sel.KeepSubtree(page.doc, heading);
  page.AddDecision(heading, page.weight[heading], true, "heading before the main subtree");
}

// Step 6, second half: short blocks that open the content without ending a sentence (bylines,
// dates, share rows) are dropped, at most kMaxLeadingMetaBlocks of them.
void DropLeadingMetaBlocks(Page& page) {
  if (page.o.lead_trim_chars <= 0) return;
  const double w = std::max(1, page.o.cjk_char_weight);
  std::vector<NodeId> meta_nodes;  // text nodes of the leading short blocks
  std::size_t meta_blocks = 0;
  NodeId unit = dom::kNoNode;
  std::size_t unit_begin = 0;  // index in meta_nodes where the current block's nodes start
  double unit_chars = 0;
  std::string unit_text;
  // Classifies the block just finished; false when the content proper has started.
  auto close_unit = [&]() {
    if (unit == dom::kNoNode || unit_chars == 0) return true;
    if (dom::HeadingLevel(page.doc[unit].tag) > 0 || unit == page.title_block ||
        BoldParagraph(page, unit, meta_nodes, unit_begin)) {
      meta_nodes.resize(unit_begin);  // headings stay
      return true;
    }
    if ((unit_chars >= page.o.lead_trim_chars && !Dateline(unit_text)) ||
        (EndsSentence(unit_text) && !LabelOfDroppedLink(page, unit, unit_text))) {
      meta_nodes.resize(unit_begin);
      return false;
    }
    ++meta_blocks;
    return true;
  };
  bool content_started = false;
  for (NodeId id = page.root; id < page.doc.SubtreeEnd(page.root) && meta_blocks <= page.ends.max_leading_meta_blocks; ++id) {
    if (!page.sel.keep[id] || !page.doc[id].is_text()) continue;
    if (page.owner[id] != unit) {
      if (!close_unit()) {
        content_started = true;
        break;
      }
      unit = page.owner[id];
      unit_begin = meta_nodes.size();
      unit_chars = 0;
      unit_text.clear();
    }
    const dom::NodeStats& s = page.ann[id];
    unit_chars += s.chars + s.cjk * (w - 1);
    unit_text += page.doc.Text(id);
    meta_nodes.push_back(id);
  }
  // The last block of the content is classified too, whether or not other kept text (a trailing
  // newline in the page's <body>) follows it: the output must not depend on that newline.
  if (!content_started && meta_blocks <= page.ends.max_leading_meta_blocks && !close_unit()) content_started = true;
  // Only when real content follows, and the short blocks are few (otherwise they are the content).
  if (!content_started || meta_blocks > page.ends.max_leading_meta_blocks || meta_nodes.empty()) return;
  for (NodeId id : meta_nodes) page.sel.keep[id] = 0;
  page.AddDecision(page.owner[meta_nodes.front()], static_cast<double>(meta_blocks), false,
                   "short blocks opening the content without a sentence (byline, date, share row)");
}

// Step 6, third part: the end of the content. After its last prose block, the first block made
// mostly of link text starts the page's furniture ("Previous post: ...", "Share to Twitter",
// "Tags: ...", teaser headlines, "Read more" rows); it and every kept block after it are
// dropped, unless what would go holds more non-link text than what stays (a listing or a
// product's details that follow a short introduction). A legal notice among the last
// kCopyrightWindow blocks ends the content the same way. Blocks are the kept text cut at
// block-level elements, <br> and <hr>, as the output shows them; prose is a block of
// kTrailingProseChars × min_paragraph_chars weighted non-link characters with some
// punctuation. Runs after step 8, so it also trims the text correlation adds.
// A block after the last prose block that follows a link group step 5 dropped (at least
// min_paragraph_chars of link text left out outside paragraphs, the block not a sibling of the
// kept block before it) starts the furniture too: a donation appeal, a "Device info" table or a
// showroom address below the tags or the "related" list. Dropped paragraphs do not count (a list
// that a linked sentence announced would go), nor do siblings (a reference list whose link-only
// items went keeps its later items).
void DropTrailingFurniture(Page& page) {
  struct Unit {
    NodeId owner;
    std::size_t first;  // index in `nodes` of its first text node
    double prose = 0, punct = 0, chars = 0, link_chars = 0;  // prose: weighted non-link characters
    // Link text left out between the previous unit and this one when they are no siblings: a
    // link group dropped by step 5 (tags, "related" lists) that the unit follows.
    double dropped_links_before = 0;
  };
  std::vector<Unit> units;
  std::vector<NodeId> nodes;
  bool line_break = false;  // a <br> or <hr> since the last kept text: a new line, a new unit
  double dropped_links = 0;   // link text left out (outside paragraphs) since the last kept text
  for (NodeId id = page.root; id < page.doc.SubtreeEnd(page.root); ++id) {
    if (page.doc[id].tag == Tag::kBr || page.doc[id].tag == Tag::kHr) line_break = true;
    if (!page.sel.keep[id]) {
      if (page.doc[id].is_text() && page.doc[id].in_link() && !page.doc[id].hidden() &&
          page.doc[page.owner[id]].tag != Tag::kP) {
        dropped_links += page.ann[id].chars;
      }
      continue;
    }
    if (!page.doc[id].is_text() || page.ann[id].chars == 0) continue;
    if (units.empty() || units.back().owner != page.owner[id] || line_break) {
      const bool siblings = !units.empty() && page.doc[units.back().owner].parent == page.doc[page.owner[id]].parent;
      units.push_back({page.owner[id], nodes.size()});
      if (!siblings) units.back().dropped_links_before = dropped_links;
    }
    dropped_links = 0;
    line_break = false;
    Unit& u = units.back();
    nodes.push_back(id);
    u.chars += page.ann[id].chars;
    if (page.doc[id].in_link()) {
      u.link_chars += page.ann[id].chars;
    } else {
      u.prose += page.weight[id];
      u.punct += page.ann[id].punct;
    }
  }
  // The text of unit i, as the output shows it.
  auto unit_text = [&](std::size_t i) {
    const std::size_t end = i + 1 < units.size() ? units[i + 1].first : nodes.size();
    std::string text;
    for (std::size_t k = units[i].first; k < end; ++k) text += page.doc.Text(nodes[k]);
    return text;
  };
  std::size_t cut = units.size();  // the first unit dropped
  const char* why = nullptr;
  for (std::size_t i = units.size() > kCopyrightWindow ? units.size() - kCopyrightWindow : 0; i < units.size(); ++i) {
    if (units[i].chars >= kMaxCopyrightChars) continue;
    if (IsLegalNotice(unit_text(i))) {
      cut = i;
      why = "a copyright line or disclaimer near the end of the content, and what follows it";
      break;
    }
  }
  std::size_t after_prose = 0;  // the unit after the last prose block
  for (std::size_t i = cut; i-- > 0;) {
    if ((units[i].prose >= page.ends.trailing_prose_chars * page.o.min_paragraph_chars &&
         units[i].punct >= 1) ||
        (units[i].punct >= 1 && InThreadPost(page, units[i].owner))) {
      after_prose = i + 1;
      break;
    }
  }
  for (std::size_t i = after_prose; i < cut && after_prose > 0; ++i) {
    // Preformatted text (code, a poem) is what the author typed, whatever its links.
    const bool links = units[i].link_chars > page.o.max_link_density * units[i].chars ||
                       units[i].dropped_links_before >= page.o.min_paragraph_chars;
    // An item of a list that step 5 kept inside a record among text records (InTextRecord) is
    // the record's too.
    const Tag owner = page.doc[units[i].owner].tag;
    if (!links || owner == Tag::kPre || (owner == Tag::kLi && InTextRecord(page, units[i].owner, page.root))) continue;
    double stays = 0, goes = 0;
    for (std::size_t j = 0; j < cut; ++j) (j < i ? stays : goes) += units[j].prose;
    if (goes > stays) break;
    cut = i;
    why = "link text after the last prose block, and what follows it (page furniture)";
    break;
  }
  // On a CJK page, a short block ending with a colon that is the last of the content announces
  // what went: a label whose links were dropped ("点击进入专题：" above a topic link, "相关阅读：").
  // Only on CJK pages: English news keeps such lines ("Similar …:", "RELATED:").
  if (after_prose > 0 && cut > after_prose && page.ann[page.root].script == text::Script::kCjk) {
    const Unit& u = units[cut - 1];
    if (u.prose + u.link_chars < page.o.lead_trim_chars && EndsWithColon(unit_text(cut - 1))) {
      --cut;
      why = "a label ending a CJK page's content that announces what went";
    }
  }
  // On a CJK page, the content may end with at most kMaxTrailingMetaBlocks short blocks after
  // its last prose block that end no sentence: the credit lines of Chinese and Japanese news
  // (责任编辑：…, 来源：…, a reporter's name) and their "打印 关闭" controls. Only on CJK pages:
  // English news ends with reporter credits that belong to the story.
  if (after_prose > 0 && (page.ann[page.root].script == text::Script::kCjk || page.ends.trailing_credits_on_every_page)) {
    std::size_t first = cut;
    while (first > after_prose && cut - first < kMaxTrailingMetaBlocks) {
      const Unit& u = units[first - 1];
      const std::string text = unit_text(first - 1);
      // A full-width comma joins clauses: a last sentence that lacks its full stop, not a credit.
      if (u.prose + u.link_chars >= page.o.lead_trim_chars || EndsSentence(text) ||
          text.find("\uFF0C") != std::string::npos) {
        break;
      }
      --first;
    }
    if (first < cut && first == after_prose) {
      cut = first;
      if (why == nullptr) why = "short blocks ending a CJK page's content without a sentence (credit lines)";
    }
  }
  if (why == nullptr) return;
  for (std::size_t k = units[cut].first; k < nodes.size(); ++k) page.sel.keep[nodes[k]] = 0;
  page.AddDecision(units[cut].owner, static_cast<double>(units.size() - cut), false, why);
}

}  // namespace pith::algo::auto_steps
