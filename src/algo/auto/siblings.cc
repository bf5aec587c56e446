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
// - a thread's other posts: elements of the tag and class (or one class name) of T or of an element
//   between T and the best candidate it rose from, each in a record of its own holding a date and
//   no headline link before the post (kMinThreadPosts at least).
#include <algorithm>
#include <string>
#include <vector>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"
#include "date/date.h"
#include "text/ascii.h"

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

// Whether fn(word) holds for a word of a class or id value: its runs of ASCII letters and digits,
// lower-cased; a word longer than 16 bytes is passed over (no word of the tables is that long).
template <class Fn>
bool AnyNameWord(std::string_view value, Fn fn) {
  for (std::size_t i = 0; i < value.size();) {
    auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); };
    while (i < value.size() && !alnum(value[i])) ++i;
    char buf[16];
    std::size_t size = 0;
    for (; i < value.size() && alnum(value[i]); ++i, ++size) {
      const char c = value[i];
      if (size < sizeof buf) buf[size] = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    if (size > 0 && size <= sizeof buf && fn(std::string_view(buf, size))) return true;
  }
  return false;
}

// An element that says it holds a time: a datetime attribute, an itemprop naming a date, or a
// class/id word for one ("post_date", "relativetime", "DateCreated", "timestamp"). Forum software
// marks a post's time so, whatever language the time is written in.
bool NamesATime(const Page& page, NodeId id) {
  const dom::Node& n = page.doc[id];
  for (std::uint32_t k = n.attr_begin, end = n.attr_begin + n.attr_count; k < end; ++k) {
    const dom::AttrEntry& e = page.doc.attrs[k];
    if (e.key == Attr::kDatetime) return true;
    if (e.key != Attr::kItemprop && e.key != Attr::kClass && e.key != Attr::kId) continue;
    const std::string_view v = std::string_view(page.doc.strings).substr(e.begin, e.size);
    if (e.key == Attr::kItemprop) {
      if (v.starts_with("date")) return true;
      continue;
    }
    // Most values hold neither word: they are passed over unsplit.
    if (text::FindIgnoreAsciiCase(v, "date") == std::string_view::npos &&
        text::FindIgnoreAsciiCase(v, "time") == std::string_view::npos) {
      continue;
    }
    const bool time = AnyNameWord(v, [](std::string_view w) {
      if (OneOf(w, kNoTimeWords)) return false;
      for (const std::string_view s : kTimeWordStarts) {
        if (w.starts_with(s)) return true;
      }
      for (const std::string_view s : kTimeWordEnds) {
        if (w.ends_with(s)) return true;
      }
      return false;
    });
    if (time) return true;
  }
  return false;
}

// True when `record` holds a date: a <time> element or an element marked as a time (NamesATime)
// anywhere in it (a post's header may sit in its body), or a date in the first kRecordDateChars
// bytes of its text outside `body`.
bool RecordHasDate(const Page& page, NodeId record, NodeId body) {
  std::string text;
  for (NodeId id = record; id < page.doc.SubtreeEnd(record); ++id) {
    if (page.doc[id].tag == Tag::kTime || (page.doc[id].is_element() && NamesATime(page, id))) return true;
    if (id >= body && id < page.doc.SubtreeEnd(body)) continue;
    if (page.doc[id].is_text() && !page.doc[id].hidden() && text.size() < kRecordDateChars) {
      text += page.doc.Text(id);
      text += ' ';
    }
  }
  return !date::FindDateInText(text).empty();
}

// A link to a person or to a post's time: its href goes to a member's or user's profile
// ("/members/jane.123/", "memberlist.php?mode=viewprofile"), the link, its parent or an element
// in it is named for one (kPersonWords, itemprop "author"), or it holds a time (a post's
// permalink). A post's author or date, never a teaser's headline, however long its text.
bool PersonOrTimeLink(const Page& page, NodeId link) {
  const std::string_view href = page.doc.GetAttr(link, Attr::kHref);
  for (const std::string_view part : kProfileHrefParts) {
    if (text::FindIgnoreAsciiCase(href, part) != std::string_view::npos) return true;
  }
  auto named = [&](NodeId e) {
    if (page.doc.GetAttr(e, Attr::kItemprop) == "author") return true;
    for (const Attr a : {Attr::kClass, Attr::kId}) {
      if (AnyNameWord(page.doc.GetAttr(e, a), [](std::string_view w) { return OneOf(w, kPersonWords); })) return true;
    }
    return false;
  };
  if (named(page.doc[link].parent)) return true;
  for (NodeId k = link; k < page.doc.SubtreeEnd(link); ++k) {
    if (!page.doc[k].is_element()) continue;
    if (named(k) || page.doc[k].tag == Tag::kTime || (k != link && NamesATime(page, k))) return true;
  }
  return false;
}

// True when a link of at least 4 words and 30 characters precedes `body` in `record`: a teaser
// card's headline (a forum post's author and date links are shorter, and a long name or date in
// a link to a person or a time is no headline).
bool HeadlineLinkBefore(const Page& page, NodeId record, NodeId body) {
  for (NodeId id = record; id < body;) {
    if (page.doc[id].tag != Tag::kA) {
      ++id;
      continue;
    }
    if (PersonOrTimeLink(page, id)) {
      id = page.doc.SubtreeEnd(id);
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

namespace {

using text::IsAsciiWhitespace;  // class attributes split at ASCII whitespace

// Whether the class value `value` holds the class name `name`.
bool HasClassName(std::string_view value, std::string_view name) {
  for (std::size_t at = value.find(name); at != std::string_view::npos; at = value.find(name, at + 1)) {
    const std::size_t end = at + name.size();
    if ((at == 0 || IsAsciiWhitespace(value[at - 1])) && (end == value.size() || IsAsciiWhitespace(value[end]))) return true;
  }
  return false;
}

// An element that may be a post: visible, with text and a class, outside boilerplate.
struct ClassedElement {
  NodeId id;
  std::string_view cls;
};

// The posts of a thread whose bodies are elements of `node`'s tag and of the class value `cls`
// (`one_name`: holding the class name `cls`), `node` among them, in document order; empty when
// they are no thread: fewer than kMinThreadPosts besides `node`, a record without a date, or a
// record with a headline link before its body. A body's record is its highest ancestor holding no
// other body; `node` may stand apart from the others' list (a thread's first post, its author and
// date in the page's header), any other element of the class outside a record is no post.
void ThreadPosts(const Page& page, const std::vector<ClassedElement>& classed, NodeId node, std::string_view cls,
                 bool one_name, std::vector<NodeId>* out) {
  out->clear();
  if (cls.empty()) return;
  const Tag tag = page.doc[node].tag;
  std::vector<NodeId>& bodies = *out;
  NodeId past = 0;  // the end of the last body's subtree: bodies do not nest
  auto take = [&](NodeId id) {
    bodies.push_back(id);
    past = page.doc.SubtreeEnd(id);
  };
  auto node_taken = [&]() { return !bodies.empty() && bodies.back() >= node; };
  for (const ClassedElement& e : classed) {
    if (e.id < past) continue;
    if (node < e.id && node >= past && !node_taken()) take(node);
    if (e.id == node) {
      if (!node_taken()) take(node);
      continue;
    }
    if (e.id < past || page.doc[e.id].tag != tag || (!one_name && e.cls.size() != cls.size()) ||
        page.doc.IsAncestor(e.id, node)) {
      continue;
    }
    if (one_name ? HasClassName(e.cls, cls) : e.cls == cls) take(e.id);
  }
  if (node >= past && !node_taken()) take(node);
  if (bodies.size() < kMinThreadPosts + 1) return out->clear();
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
    if (body == node && record == body) continue;
    if (record == body || !RecordHasDate(page, record, body) || HeadlineLinkBefore(page, record, body)) {
      return out->clear();
    }
  }
}

}  // namespace

// Step 4, second part: the other posts of a thread. A forum thread, a Q&A page or a mailing
// list archive repeats one record per post (author, date, body), each body an element of the
// same tag and class as the first; the replies sit in their own records, often in a separate
// list, and score too little on their own to join the main subtree (short replies, votes that
// fade over the records' nesting). The post body's tag and class are looked for from the best
// candidate (`candidate`) up to T: a Q&A page's question and answers share their body's class
// ("s-prose"), not their cells' ("postcell", "answercell"). A thread's first post and its replies
// may also share only one class name, their markup's ("VBEditorContent"), and differ in their
// place's ("ThreadView-post", "DiscussionBoard-message"): each class name of the candidate is
// tried too, and the class that makes the most posts wins. Each post's record (its highest
// ancestor holding no other post) holds more than the body, a date (a <time> element, an element
// marked as a time, or a date in its text) and no headline link before the body; the first post
// may stand apart from the replies' list. A date in every record is what a thread has and a
// page's sections or its product cards lack; a headline link (four words and 30 characters, not a
// link to a person or a time) before the body is what makes a record a teaser card ("More from
// …" excerpts share the article body's class). One record that fails ends the step: skipping it
// would keep a Q&A page's answers whose dates cannot be read. The posts found are recorded in
// page.thread_posts.
void KeepThreadPosts(Page& page, NodeId candidate, NodeId best) {
  // The tags on the way from the candidate up to T, and the elements of those tags that may be
  // posts.
  std::vector<Tag> tags;
  std::size_t steps = 0;
  for (NodeId node = candidate; steps++ < kMaxThreadChain; node = page.doc[node].parent) {
    if (std::find(tags.begin(), tags.end(), page.doc[node].tag) == tags.end()) tags.push_back(page.doc[node].tag);
    if (node == best || node == page.root) break;
  }
  std::vector<ClassedElement> classed;
  for (NodeId id = page.root; id < page.doc.SubtreeEnd(page.root); ++id) {
    const dom::Node& n = page.doc[id];
    if (!n.is_element() || std::find(tags.begin(), tags.end(), n.tag) == tags.end() || n.hidden() ||
        page.inside[id] == kBoilerplate || page.weight[id] <= 0) {
      continue;
    }
    const std::string_view cls = page.doc.GetAttr(id, dom::Attr::kClass);
    if (!cls.empty()) classed.push_back({id, cls});
  }
  std::vector<NodeId> bodies, most;
  steps = 0;
  for (NodeId node = candidate; steps++ < kMaxThreadChain; node = page.doc[node].parent) {
    const std::string_view cls = page.doc.GetAttr(node, dom::Attr::kClass);
    ThreadPosts(page, classed, node, cls, false, &bodies);
    if (bodies.size() > most.size()) most.swap(bodies);
    for (std::size_t i = 0; node == candidate && i < cls.size();) {
      while (i < cls.size() && IsAsciiWhitespace(cls[i])) ++i;
      const std::size_t b = i;
      while (i < cls.size() && !IsAsciiWhitespace(cls[i])) ++i;
      if (i == b || (b == 0 && i == cls.size())) continue;  // no name, or the whole value
      ThreadPosts(page, classed, node, cls.substr(b, i - b), true, &bodies);
      if (bodies.size() > most.size()) most.swap(bodies);
    }
    if (node == best || node == page.root) break;
  }
  for (NodeId body : most) {
    if (body != best && !page.doc.IsAncestor(best, body)) Keep(page, body, best);
  }
  page.thread_posts = std::move(most);
}

}  // namespace pith::algo::auto_steps
