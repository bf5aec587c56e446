// Step 5 of `auto` (driver: auto.cc): cleaning inside the kept subtrees. Decides which elements
// inside the content go, on the evidence of step 1's hints, link density (paper 000's and paper
// 002's link-density segmentation: a list or a container whose link text exceeds
// `max_link_density` is a link group) and the shape of the text around an element. Dropped:
// - boilerplate- and comment-hinted parts holding less than half of the subtree's text (a comment
//   section also when the rest still holds an article's kMinArticleScore votes or a paragraph of
//   prose);
// - link groups; a <p> only when under 2 × min_paragraph_chars of prose remain and it is no
//   sentence with links in it nor one of a few short lines between prose paragraphs; never words
//   inside a sentence, a <span> inside a link of a paragraph, list item or heading, a list
//   announced with a colon that the text goes on after, nor one of many records of a kind most
//   of which are text (paper 000's sibling share CS: a forum post's short reply beside its
//   author's links);
// - form controls, and text boxes with their labels (elements holding a <textarea> and under
//   kMaxTextBoxChars: a comment or message form).
#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"

namespace pith::algo::auto_steps {
namespace {

// A list that the block before it announces with a colon ("Two models our electricians trust:")
// and after which the text goes on (a paragraph or a heading follows), and its items: part of
// the text, whatever share of it is links (the tools an article names, the pages a documentation
// section points to). The text must go on after the list: "Related:" and "More news:" lists are
// announced with a colon too, and end the text.
bool AnnouncedList(const Page& page, NodeId id) {
  if (page.doc[id].tag == Tag::kLi) id = page.doc[id].parent;
  if (page.doc[id].tag != Tag::kUl && page.doc[id].tag != Tag::kOl) return false;
  NodeId next = page.doc[id].next_sibling;
  while (next != dom::kNoNode && !page.doc[next].is_element()) next = page.doc[next].next_sibling;
  if (next == dom::kNoNode || page.LinkDensity(next) > page.o.max_link_density ||
      (dom::HeadingLevel(page.doc[next].tag) == 0 &&
       (page.own[next] < page.o.min_paragraph_chars || page.own_punct[next] < 1))) {
    return false;
  }
  NodeId e = page.doc[id].prev_sibling;
  while (e != dom::kNoNode && !page.doc[e].is_element()) e = page.doc[e].prev_sibling;
  if (e == dom::kNoNode || page.LinkDensity(e) > page.o.max_link_density || page.ann[e].words == 0) return false;
  const NodeId i = page.last_text_upto[page.doc.SubtreeEnd(e) - 1];  // the last visible text of e's subtree
  if (i == dom::kNoNode || i < e) return false;
  return EndsWithColon(page.doc.Text(i));
}

// A <span> inside a link is part of the link's text. When the link sits in a paragraph, a list
// item or a heading, that element is what stays or goes as a link group (a short linked <p>, an
// <li> of links), not the span: Sphinx writes every cross-reference as "subclasses <a><code><span
// class=pre>django.db.models.Model</span></code></a>.", sites write a heading's linked title
// as <h3><a><span>. Only in those blocks: a byline <div> whose author name is a linked span
// would otherwise keep the name and grow past step 6's trim of the opening blocks.
bool InsideLinkOfTextElement(const Page& page, NodeId id) {
  const Tag owner = page.doc[page.owner[id]].tag;
  return page.doc[id].in_link() && (owner == Tag::kP || owner == Tag::kLi || dom::HeadingLevel(owner) > 0);
}

// A short <p> that belongs to a run of at most kMaxShortParagraphRun short paragraphs (under
// 2 × min_paragraph_chars of non-link text) with prose paragraphs on both sides, all siblings,
// and no <br> in it: a line of the text ("ALSO READ: ...", "13. <a>The media circus around
// Ferguson</a>.", a credit line), not a link group. A longer run is a list of linked headlines.
bool BetweenProse(const Page& page, NodeId id) {
  auto prose = [&](NodeId e) {
    return e != dom::kNoNode && page.doc[e].tag == Tag::kP && page.own[e] >= 2 * page.o.min_paragraph_chars &&
           page.own_punct[e] >= 1 && page.LinkDensity(e) <= page.o.max_link_density;
  };
  auto short_line = [&](NodeId e) {
    if (page.doc[e].tag != Tag::kP || page.weight[e] >= 2 * page.o.min_paragraph_chars) return false;
    for (NodeId t = e; t < page.doc.SubtreeEnd(e); ++t) {
      if (page.doc[t].tag == Tag::kBr) return false;
    }
    return true;
  };
  if (!short_line(id)) return false;
  std::size_t run = 1;
  NodeId prev = page.doc[id].prev_sibling, next = page.doc[id].next_sibling;
  for (; prev != dom::kNoNode && run <= kMaxShortParagraphRun; prev = page.doc[prev].prev_sibling) {
    if (!page.doc[prev].is_element()) continue;
    if (!short_line(prev)) break;
    ++run;
  }
  for (; next != dom::kNoNode && run <= kMaxShortParagraphRun; next = page.doc[next].next_sibling) {
    if (!page.doc[next].is_element()) continue;
    if (!short_line(next)) break;
    ++run;
  }
  return run <= kMaxShortParagraphRun && prose(prev) && prose(next);
}

// A short <p> that ends a sentence (not a colon's announcement) and holds a few words outside
// its links, on one line: a sentence whose subjects are links ("12. This godawful cover of
// <a>Leonard Cohen's "Hallelujah"</a>."), not a link group. The words outside the links keep
// out link rows that end with a full stop ("See the rating."); a paragraph of <br>-separated
// headlines under "Related Posts:" is no sentence.
bool LinkedSentence(const Page& page, NodeId id) {
  if (page.weight[id] < 0.25 * page.o.min_paragraph_chars) return false;
  const NodeId last = page.last_text_upto[page.doc.SubtreeEnd(id) - 1];
  if (last == dom::kNoNode || last < id) return false;
  std::string text;
  for (NodeId t = id; t <= last; ++t) {
    if (page.doc[t].tag == Tag::kBr) return false;
    if (page.doc[t].is_text()) text += page.doc.Text(t);
  }
  const std::size_t end = text.find_last_not_of(" \t\r\n\f");
  if (end == std::string::npos) return false;
  text.resize(end + 1);
  return !text.ends_with(":") && !text.ends_with(";") && EndsSentence(text);
}

// What DropReason learns once per kept subtree and asks again for each element of it.
struct SubtreeFacts {
  // RecordAmongTextRecords' answers by a hash of parent, tag and first class word (the word kept
  // to tell a collision).
  std::unordered_map<std::uint64_t, std::pair<std::string_view, bool>> record_kinds;
  int prose_outside_comments = -1;  // ProseOutsideComments' answer, -1 until asked
  bool comment_section = false;     // the subtree is a comment section kept as such (KeepComments)
};

// Whether the kept subtree `root` holds an article's paragraph outside its comment sections and
// boilerplate: a block of 4 × min_paragraph_chars weighted characters of its own, two punctuation
// marks and little link text. Asked for each comment section in it, answered once per subtree.
bool ProseOutsideComments(const Page& page, NodeId root, SubtreeFacts& facts) {
  if (facts.prose_outside_comments >= 0) return facts.prose_outside_comments;
  facts.prose_outside_comments = 0;
  for (NodeId id = root; id < page.doc.SubtreeEnd(root);) {
    if (id != root && (page.hint[id] == kCommentsHint || page.hint[id] == kBoilerplate)) {
      id = page.doc.SubtreeEnd(id);
      continue;
    }
    if (page.own[id] >= 4 * page.o.min_paragraph_chars && page.own_punct[id] >= 2 &&
        page.LinkDensity(id) < kMaxProseLinkDensity) {
      facts.prose_outside_comments = 1;
      break;
    }
    ++id;
  }
  return facts.prose_outside_comments;
}

// The first word of an element's class value ("post" of "post has-profile bg2"), "" when none.
std::string_view FirstClassWord(const Page& page, NodeId id) {
  const std::string_view v = page.doc.GetAttr(id, Attr::kClass);
  std::size_t b = 0;
  while (b < v.size() && (v[b] == ' ' || v[b] == '\t' || v[b] == '\n' || v[b] == '\r' || v[b] == '\f')) ++b;
  std::size_t e = b;
  while (e < v.size() && !(v[e] == ' ' || v[e] == '\t' || v[e] == '\n' || v[e] == '\r' || v[e] == '\f')) ++e;
  return v.substr(b, e - b);
}

// Paper 000's sibling share CS, in step 5: an element that holds text of its own besides its
// links, one of kMinThreadPosts + 1 or more siblings of its tag and first class word (a forum's
// post records), most of which (the paper's S, CorrelationOptions::cs_share) are no link groups,
// is a record like them: a short reply beside its author's profile links, not a link group. The
// answer is the same for every sibling of a kind, and is counted once per parent and kind.
bool RecordAmongTextRecords(const Page& page, NodeId id, SubtreeFacts& facts) {
  const NodeId parent = page.doc[id].parent;
  const std::string_view word = FirstClassWord(page, id);
  // (The items of one list are records of one kind, with or without a class.)
  if (parent == dom::kNoNode || (word.empty() && page.doc[id].tag != Tag::kLi) || page.weight[id] <= 0) return false;
  const std::uint64_t key = (std::uint64_t{parent} << 32 | static_cast<std::uint64_t>(page.doc[id].tag) << 24) ^
                            (std::hash<std::string_view>{}(word) & 0xFFFFFF);
  const auto it = facts.record_kinds.find(key);
  if (it != facts.record_kinds.end() && it->second.first == word) return it->second.second;
  std::size_t records = 0, text_records = 0;
  for (NodeId c = page.doc[parent].first_child; c != dom::kNoNode; c = page.doc[c].next_sibling) {
    if (page.doc[c].tag != page.doc[id].tag || page.doc[c].hidden() || FirstClassWord(page, c) != word) continue;
    ++records;
    text_records += page.weight[c] > 0 && page.LinkDensity(c) <= page.o.max_link_density;
  }
  const bool answer = records >= kMinThreadPosts + 1 && text_records >= page.ctx.options.correlation.cs_share * records;
  if (it == facts.record_kinds.end()) facts.record_kinds.emplace(key, std::make_pair(word, answer));
  return answer;
}

// Whether the nearest list item around `id`, below `root`, is a record among text records (a
// documentation entry's "See also" item of links beside its "Type", "Details" and "Example"
// items): a list it holds stays with it.
bool InsideTextRecord(const Page& page, NodeId id, NodeId root, SubtreeFacts& facts) {
  for (NodeId a = page.doc[id].parent; a != dom::kNoNode && a != root; a = page.doc[a].parent) {
    if (page.doc[a].tag == Tag::kLi) return RecordAmongTextRecords(page, a, facts);
  }
  return false;
}

// Why the element `id` inside the kept subtree `root` goes, or nullptr when it stays.
const char* DropReason(const Page& page, NodeId id, NodeId root, SubtreeFacts& facts) {
  const dom::Node& node = page.doc[id];
  const bool minor = page.weight[id] < 0.5 * std::max(1.0, page.weight[root]);
  if (page.hint[id] == kBoilerplate && minor) return "boilerplate (tag, role or class) inside the content";
  // A comment section goes when it holds less than half of the subtree's text, or when what
  // remains of the subtree still holds an article (kMinArticleScore of undecayed votes, or one
  // paragraph of prose: a short blog post under its long comment thread): the hundreds of reader
  // comments under a story in the same container as the story. A thread whose posts all sit in
  // the comment section has no such article beside it and stays whole.
  if (page.hint[id] == kCommentsHint && !page.comments_are_content && !facts.comment_section &&
      (minor || page.mass[root] - page.mass[id] >= kMinArticleScore || ProseOutsideComments(page, root, facts))) {
    return "comment section inside the content";
  }
  if (node.tag == Tag::kSelect || (node.tag == Tag::kButton && !HeadingButton(page, id)) || node.tag == Tag::kOption) {
    return "form control";
  }
  if (!page.holds_textarea.empty() && page.holds_textarea[id] && page.weight[id] < kMaxTextBoxChars) {
    return "a text box and its labels (a comment or message form)";
  }
  const dom::NodeStats& s = page.ann[id];
  const bool group = node.tag == Tag::kUl || node.tag == Tag::kOl || node.tag == Tag::kDl ||
                     node.tag == Tag::kDiv || node.tag == Tag::kTable || node.tag == Tag::kSection ||
                     node.tag == Tag::kTd || node.tag == Tag::kTr || node.tag == Tag::kLi ||
                     (node.tag == Tag::kSpan && !InsideLinkOfTextElement(page, id));
  // A paragraph is a link group only when little prose remains besides its links: credits and
  // sources paragraphs ("Photography: X | Flowers: Y") hold whole sentences between the links,
  // and so do sentences whose names and subjects are links. Twice min_paragraph_chars (about ten
  // words) of non-link text make a sentence: less keeps link lists with a short label, and any
  // paragraph would keep "latest news" paragraphs of one link each.
  // A sentence with links in it stays (LinkedSentence), and so do a few short lines between prose
  // paragraphs (BetweenProse).
  const bool link_paragraph = node.tag == Tag::kP && page.weight[id] < 2 * page.o.min_paragraph_chars &&
                              !LinkedSentence(page, id) && !BetweenProse(page, id);
  // A <span> inside a link inside a sentence ("the name <a><span>Whitney Bischoff</span></a>, guys")
  // is all link text, and words of the sentence (InRunningText).
  if ((group || link_paragraph) && s.chars > 0 && page.LinkDensity(id) > page.o.max_link_density &&
      !InRunningText(page, id) && !AnnouncedList(page, id) && !RecordAmongTextRecords(page, id, facts) &&
      !((node.tag == Tag::kUl || node.tag == Tag::kOl || node.tag == Tag::kLi) && InsideTextRecord(page, id, root, facts))) {
    return "link group";
  }
  return nullptr;
}

}  // namespace

bool InTextRecord(const Page& page, NodeId id, NodeId root) {
  SubtreeFacts facts;
  return InsideTextRecord(page, id, root, facts);
}

// Marks the elements that hold a <textarea> (holds_textarea; left empty when the page has none),
// for DropReason's text boxes.
void MarkTextareaHolders(Page& page) {
  page.holds_textarea.clear();
  for (NodeId id = page.root; id < page.doc.SubtreeEnd(page.root); ++id) {
    if (page.doc[id].tag != Tag::kTextarea) continue;
    if (page.holds_textarea.empty()) page.holds_textarea.assign(page.doc.size(), 0);
    for (NodeId a = id; a != dom::kNoNode && !page.holds_textarea[a]; a = page.doc[a].parent) {
      page.holds_textarea[a] = 1;
    }
  }
}

// Keeps the text of `root`, minus boilerplate, comment sections, link groups and form controls,
// marking it `mark` (kKeptComment: `root` is a comment section, whose comments stay).
void Keep(Page& page, NodeId root, NodeId best, std::uint8_t mark) {
  SubtreeFacts facts;
  facts.comment_section = mark == kKeptComment;
  if (facts.comment_section) {
    page.AddDecision(root, page.weight[root], true, "comment section kept after the content (--comments)");
  } else {
    char buf[160];
    std::snprintf(buf, sizeof buf, "votes %.1f × (1 − link density %.2f)", page.votes[root], page.LinkDensity(root));
    page.AddDecision(root, page.score[root], true, root == best ? std::string("main subtree: ") + buf : buf);
  }
  for (NodeId id = root; id < page.doc.SubtreeEnd(root);) {
    const dom::Node& node = page.doc[id];
    if (node.is_element() && id != root) {
      const char* why = DropReason(page, id, root, facts);
      if (why) {
        if (page.weight[id] > 0 || page.ann[id].chars > 0) page.AddDecision(id, page.weight[id], false, why);
        id = page.doc.SubtreeEnd(id);
        continue;
      }
    }
    if (node.is_text() && !node.hidden()) page.sel.keep[id] = mark;
    ++id;
  }
}

}  // namespace pith::algo::auto_steps
