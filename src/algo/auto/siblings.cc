// Step 4 of `auto` (driver: auto.cc): siblings, sections and a thread's posts. Decides which
// subtrees beside the main subtree T belong to the content, on the evidence of their scores or
// undecayed votes compared with T's, their markup (the same tag and class as T or its wrapper)
// and, for a thread, a date in every post's record. Paper 004 keeps "blocks similar to the main
// block"; here:
// - siblings of T whose score reaches `sibling_score_ratio` of T's, or plain paragraphs with
//   little link text (an article split by an image or an ad block comes out whole); a sibling
//   hinted by its class/id that holds more paragraphs than T (the rest of a blog post under its
//   "more" anchor);
// - when T's parents add no text but headings (an article cut into parts by figures, each in the
//   same chain of wrappers; a document's sections), the outermost wrapper's siblings, by
//   undecayed votes × (1 − link density), or kMinSectionShare of it for another section of the
//   wrapper's tag and class; steps 7 and 8 judge T without them;
// - a thread's other posts: elements of T's tag and class, each in a record of its own holding a
//   date and no headline link before the post (kMinThreadPosts at least).
#include <algorithm>
#include <string>
#include <vector>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"
#include "meta/date.h"

namespace pith::algo::auto_steps {
namespace {

// Every child of `parent` other than `child` that holds text is a heading (h1–h6), and one does.
bool OnlyHeadingsBeside(const Page& page, NodeId parent, NodeId child) {
  bool heading = false;
  for (NodeId c = page.doc[parent].first_child; c != dom::kNoNode; c = page.doc[c].next_sibling) {
    if (c == child || page.weight[c] == 0) continue;
    if (!page.doc[c].is_element() || dom::HeadingLevel(page.doc[c].tag) == 0) return false;
    heading = true;
  }
  return heading;
}

// The highest ancestor of `node` reached through parents that add no text of their own, or only
// headings: a section of a document is often its heading beside a wrapper of its body
// (<div class=sect1><h2>OPTIONS</h2><div class=sectionbody>…), and the other sections are that
// section's siblings.
NodeId OutermostWrapper(const Page& page, NodeId node) {
  for (NodeId p = page.doc[node].parent;
       p != dom::kNoNode && p > page.root && page.hint[p] != kBoilerplate &&
       (page.weight[p] == page.weight[node] || OnlyHeadingsBeside(page, p, node));
       p = page.doc[p].parent) {
    node = p;
  }
  return node;
}

// Whether `s` is an element of `wrapper`'s tag and (non-empty) class value: the same kind of
// section ("sect1", "section") of the same document.
bool SameSection(const Page& page, NodeId s, NodeId wrapper) {
  const std::string_view cls = page.doc.GetAttr(wrapper, dom::Attr::kClass);
  return !cls.empty() && page.doc[s].tag == page.doc[wrapper].tag && page.doc.GetAttr(s, dom::Attr::kClass) == cls;
}

// Step 4 when T sits in wrappers that add no text: an article cut into parts by figures or ads
// often wraps each part in the same chain of elements, so the parts are cousins of T, not
// siblings, and their decayed votes are near zero that far up. The wrapper's siblings are
// compared by undecayed votes (mass) × (1 − link density) instead; comment sections stay out.
std::vector<NodeId> WrapperSiblings(Page& page, NodeId best, NodeId wrapper) {
  std::vector<NodeId> roots;
  const double strength = page.mass[wrapper] * (1 - page.LinkDensity(wrapper));
  for (NodeId s = page.doc[page.doc[wrapper].parent].first_child; s != dom::kNoNode; s = page.doc[s].next_sibling) {
    if (s == wrapper) {
      roots.push_back(best);
      continue;
    }
    if (!page.doc[s].is_element() || page.inside[s] != kNoHint || page.doc[s].hidden()) continue;
    const double m = page.mass[s] * (1 - page.LinkDensity(s));
    if (m <= 0) continue;
    if (m >= page.o.sibling_score_ratio * strength) {
      roots.push_back(s);
      page.wrapper_siblings.push_back(s);
      page.AddDecision(s, m, true, "sibling of the main subtree's wrappers with similar paragraph mass");
    } else if (SameSection(page, s, wrapper) && m >= kMinSectionShare * strength &&
               page.LinkDensity(s) <= kMaxSectionLinkDensity) {
      roots.push_back(s);
      page.wrapper_siblings.push_back(s);
      page.AddDecision(s, m, true, "another section of the document (the wrapper's tag and class)");
    }
  }
  return roots;
}

// True when `record` holds a date outside `body`: a <time> element, or a date in the first
// kRecordDateChars bytes of its other text.
bool RecordHasDate(const Page& page, NodeId record, NodeId body) {
  std::string text;
  for (NodeId id = record; id < page.doc.SubtreeEnd(record);) {
    if (id == body) {
      id = page.doc.SubtreeEnd(body);
      continue;
    }
    if (page.doc[id].tag == Tag::kTime) return true;
    if (page.doc[id].is_text() && !page.doc[id].hidden() && text.size() < kRecordDateChars) {
      text += page.doc.Text(id);
      text += ' ';
    }
    ++id;
  }
  return !meta::FindDateInText(text).empty();
}

// True when a link of at least 4 words and 30 characters precedes `body` in `record`: a teaser
// card's headline (a forum post's author and date links are shorter).
bool HeadlineLinkBefore(const Page& page, NodeId record, NodeId body) {
  for (NodeId id = record; id < body;) {
    if (page.doc[id].tag != Tag::kA) {
      ++id;
      continue;
    }
    double words = 0, chars = 0;
    for (NodeId k = id; k < page.doc.SubtreeEnd(id); ++k) {
      if (!page.doc[k].is_text()) continue;
      words += page.ann[k].words;
      chars += page.ann[k].chars;
    }
    if (words >= 4 && chars >= 30) return true;
    id = page.doc.SubtreeEnd(id);
  }
  return false;
}

}  // namespace

// The subtrees the content starts from: T and the siblings that join it (or, when T sits in
// wrappers that add no text, the wrapper's siblings: WrapperSiblings).
std::vector<NodeId> WithSiblings(Page& page, NodeId best) {
  std::vector<NodeId> roots;
  if (best == page.root) return {best};
  if (const NodeId top = OutermostWrapper(page, best); top != best) return WrapperSiblings(page, best, top);
  const double threshold = std::max(10.0, page.o.sibling_score_ratio * page.score[best]);
  for (NodeId s = page.doc[page.doc[best].parent].first_child; s != dom::kNoNode; s = page.doc[s].next_sibling) {
    if (s == best) {
      roots.push_back(s);
      continue;
    }
    if (!page.doc[s].is_element() || page.doc[s].hidden()) continue;
    if (page.inside[s] == kBoilerplate) {
      // A class/id name like "more" (the "continue reading" anchor of blog engines) on a sibling
      // that holds more paragraphs than the main subtree: the rest of the article. The hinted
      // parts inside the sibling do not count (a sidebar of widgets would join).
      if (page.hint[s] == kBoilerplate && !page.strong_hint[s] && page.inside[page.doc[s].parent] != kBoilerplate &&
          MassWithoutOwnHint(page, s) > page.mass[best] && page.LinkDensity(s) <= page.o.max_link_density) {
        roots.push_back(s);
        page.AddDecision(s, MassWithoutOwnHint(page, s), true,
                         "sibling with more paragraphs than the main subtree: its class/id hint is not believed");
      }
      continue;
    }
    const double ld = page.LinkDensity(s);
    const bool strong = page.score[s] >= threshold;
    const bool paragraph = page.own[s] >= 2 * page.o.min_paragraph_chars && ld < 0.25 && page.weight[s] == page.own[s];
    if (strong || paragraph) {
      roots.push_back(s);
      page.AddDecision(s, page.score[s], true, strong ? "sibling of the main subtree with a similar score"
                                                      : "sibling paragraph with little link text");
    }
  }
  return roots;
}

// Step 4, second part: the other posts of a thread. A forum thread, a Q&A page or a mailing
// list archive repeats one record per post (author, date, body), each body an element of the
// same tag and class as the first; the replies sit in their own records, often in a separate
// list, and score too little on their own to join the main subtree (short replies, votes that
// fade over the records' nesting). When the main subtree T has a class value and at least
// kMinThreadPosts other elements outside it share its tag and exact class value, each one's
// record (its highest ancestor holding no other of them) holds more than the body, a date
// outside the body (a <time> element or a date in its text) and no headline link before the
// body, and T's record does the same, those elements are kept too (they are no boilerplate and
// hold text). A date in every record is what a thread has and a page's sections or its product
// cards lack; a headline link (four words and 30 characters) before the body is what makes a
// record a teaser card ("More from …" excerpts share the article body's class). One record that
// fails ends the step: skipping it would keep a Q&A page's answers whose dates cannot be read.
void KeepThreadPosts(Page& page, NodeId best) {
  const std::string_view cls = page.doc.GetAttr(best, dom::Attr::kClass);
  if (cls.empty()) return;
  const Tag tag = page.doc[best].tag;
  std::vector<NodeId> bodies;  // T and the candidates, in document order
  for (NodeId id = page.root; id < page.doc.SubtreeEnd(page.root);) {
    const dom::Node& n = page.doc[id];
    if (id == best || (!page.doc.IsAncestor(id, best) && n.is_element() && n.tag == tag &&
                       !n.hidden() && page.inside[id] != kBoilerplate && page.weight[id] > 0 &&
                       page.doc.GetAttr(id, dom::Attr::kClass) == cls)) {
      bodies.push_back(id);
      id = page.doc.SubtreeEnd(id);
      continue;
    }
    ++id;
  }
  if (bodies.size() < kMinThreadPosts + 1) return;
  auto holds_another = [&](NodeId a, NodeId self) {
    const NodeId end = page.doc.SubtreeEnd(a);
    for (auto it = std::lower_bound(bodies.begin(), bodies.end(), a); it != bodies.end() && *it < end; ++it) {
      if (*it != self) return true;
    }
    return false;
  };
  for (NodeId body : bodies) {
    NodeId record = body;
    while (record != page.root && !holds_another(page.doc[record].parent, body)) record = page.doc[record].parent;
    if (record == body || !RecordHasDate(page, record, body) || HeadlineLinkBefore(page, record, body)) return;
  }
  for (NodeId body : bodies) {
    if (body != best) Keep(page, body, best);
  }
}

}  // namespace pith::algo::auto_steps
