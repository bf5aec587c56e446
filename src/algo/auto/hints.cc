// Step 1 of `auto` (driver: auto.cc): hints. Decides, top-down, which elements name boilerplate,
// the content or a comment section, on the evidence of the markup alone: the tag (nav, aside,
// footer, form, menu, select, button, dialog; header outside article/main), the ARIA role, the
// itemprop, and the words of class and id names (class_names.cc, with the tables of
// src/text/boilerplate_words.cc). The papers use no such hints; paper 003's Relativity and
// paper 000's link density judge the same regions by their text later (steps 2 and 3).
//
// Not believed: names on <body> and <html> (they name the page's state or template,
// "not-showing-comments"), inside <pre> or <code> (a highlighter's "hljs-comment" spans) and in a
// table's <thead> (pandoc's <tr class="header">); a
// class/id hint on an element that wraps content hints or half of the page's text in more than one
// block ("share_wrapper" around the whole article), a <form> that does (ASP.NET wraps whole pages in
// one), ids that are heading slugs, a class/id hint on an inline element inside a sentence, a
// "widget" hint on an element holding a section of text (kWidgetProseChars), and a <button> that
// is or holds a heading (an accordion's question). The driver rereads the page without tag
// wrappers or without class/id names when the first reading finds no content (auto.cc).
#include <string_view>
#include <vector>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"
#include "text/string_memo.h"

namespace pith::algo::auto_steps {
namespace {

// An id of five or more lower-case words joined by hyphens ("sharing-with-a-single-developer") is an
// anchor generated from a section heading (documentation generators, wikis): its words describe
// the section's topic, not its role on the page.
bool IsHeadingSlug(std::string_view id) {
  int words = 0;
  bool in_word = false;
  for (char c : id) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!alnum && c != '-') return false;  // slugs are lower case, words joined by hyphens
    if (alnum && !in_word) ++words;
    in_word = alnum;
  }
  return words >= 5;
}

// The hint of an element's class and id names together (the bits of each value OR'd).
Hint HintFromNames(std::uint8_t hints) {
  const bool boiler = hints & kNamesBoilerplate, content = hints & kNamesContent;
  if (hints & kNamesComments) return kCommentsHint;
  if (boiler && !content) return kBoilerplate;
  if (content && !boiler) return kContentHint;
  return kNoHint;
}

// The attributes the hints read, from one pass over an element's attributes (the first of each
// name, as Document::GetAttr returns).
struct HintAttrs {
  std::string_view class_names, id, role, itemprop;
};

HintAttrs ReadHintAttrs(const dom::Document& doc, NodeId node) {
  HintAttrs out;
  unsigned seen = 0;  // bit per Attr already read
  const dom::Node& n = doc[node];
  for (std::uint32_t a = n.attr_begin, end = n.attr_begin + n.attr_count; a < end; ++a) {
    const dom::AttrEntry& e = doc.attrs[a];
    std::string_view* slot = e.key == Attr::kClass      ? &out.class_names
                             : e.key == Attr::kId       ? &out.id
                             : e.key == Attr::kRole     ? &out.role
                             : e.key == Attr::kItemprop ? &out.itemprop
                                                        : nullptr;
    const unsigned bit = 1u << static_cast<unsigned>(e.key);
    if (slot == nullptr || (seen & bit)) continue;
    seen |= bit;
    *slot = std::string_view(doc.strings).substr(e.begin, e.size);
  }
  return out;
}

// A footnote's note belongs to the document (DPUB-ARIA's role="doc-footnote"): an <aside> with
// that role, or whose first element child has it (Sphinx's <aside class="footnote-list"> around
// its <aside class="footnote" role="doc-footnote">), is no boilerplate by its tag.
bool FootnoteAside(const dom::Document& doc, NodeId id, std::string_view role) {
  if (doc[id].tag != Tag::kAside) return false;
  if (role == "doc-footnote") return true;
  NodeId c = doc[id].first_child;
  while (c != dom::kNoNode && !doc[c].is_element()) c = doc[c].next_sibling;
  return c != dom::kNoNode && doc[c].tag == Tag::kAside && doc.GetAttr(c, dom::Attr::kRole) == "doc-footnote";
}

// Drops the hint of each of `widgets` (in document order) that holds a section of text:
// kWidgetProseChars weighted characters of prose (blocks with at least 2 × min_paragraph_chars
// of their own non-link text and two punctuation marks) in two blocks or more, or under a
// heading: page builders call every block of a page, the article's too, a widget. The sums are
// taken bottom-up in one pass, so that nested widgets cost no more.
void BelieveWidgetsWithoutText(Page& page, const std::vector<NodeId>& widgets) {
  const NodeId first = widgets.front();
  NodeId end = first;
  for (const NodeId w : widgets) end = std::max(end, page.doc.SubtreeEnd(w));
  std::vector<double> prose(end - first, 0);
  std::vector<std::uint32_t> blocks(end - first, 0);
  std::vector<std::uint8_t> heading(end - first, 0);
  for (NodeId id = end; id-- > first;) {
    const std::size_t i = id - first;
    if (page.own[id] >= 2 * page.o.min_paragraph_chars && page.own_punct[id] >= 2) {
      prose[i] += page.own[id];
      ++blocks[i];
    }
    heading[i] |= page.doc[id].is_element() && dom::HeadingLevel(page.doc[id].tag) > 0;
    const NodeId parent = page.doc[id].parent;
    if (id == first || parent < first) continue;
    prose[parent - first] += prose[i];
    blocks[parent - first] += blocks[i];
    heading[parent - first] |= heading[i];
  }
  for (const NodeId w : widgets) {
    const std::size_t i = w - first;
    if (prose[i] >= kWidgetProseChars && (blocks[i] >= 2 || heading[i])) page.hint[w] = kNoHint;
  }
}

// The node is an <article> or <main>, or inside one. Asked of headers' parents only, a few per
// page, so the ancestors are walked rather than a flag kept for every node.
bool InArticle(const Page& page, NodeId node) {
  for (; node != dom::kNoNode; node = page.doc[node].parent) {
    if (page.doc[node].tag == Tag::kArticle || page.doc[node].tag == Tag::kMain) return true;
  }
  return false;
}

}  // namespace

// Tag, role, itemprop and class/id hints. A class/id boilerplate hint is not believed on an
// element that wraps content-hinted elements or half of the page's text: markup names like
// "share_wrapper" or "top-container" often wrap the whole article; but a consent manager's name
// is (kConsentWords). A tag or role hint on such an
// element is believed, except in the second pass of RetryWithoutTagWrappers.
void ComputeHints(Page& page) {
  const std::size_t n = page.doc.size();
  page.hint = MakeNodeArray<std::uint8_t>(n);
  page.inside = MakeNodeArray<std::uint8_t>(n);
  page.strong_hint = MakeNodeArray<std::uint8_t>(n);
  NodeArray<std::uint8_t>& strong = page.strong_hint;
  page.hint[0] = page.inside[0] = kNoHint;
  strong[0] = 0;
  std::vector<std::uint8_t> wraps_content(n, 0);  // the element or a descendant is article-like
  // Each distinct class value is classified once.
  text::StringMemo<std::uint8_t> class_hints;
  std::vector<std::uint8_t> in_code(n, 0);  // inside <pre> or <code>
  std::vector<NodeId> widgets;  // elements hinted by "widget" alone (kWidgetProseChars)
  std::vector<std::uint8_t>& consent = page.consent_named;
  consent.assign(n, 0);
  for (NodeId id = 1; id < n; ++id) {
    const dom::Node& node = page.doc[id];
    page.hint[id] = kNoHint;
    strong[id] = 0;
    // <body> and <html> carry no hint: their classes name the page's state or template
    // ("not-showing-comments", "enable-search-modal"), not a region of it.
    if (!node.is_element() || node.tag == Tag::kBody || node.tag == Tag::kHtml) continue;
    // Highlighted code keeps every token: syntax highlighters name token spans "hljs-comment",
    // "token tag".
    const NodeId parent = node.parent;
    in_code[id] = in_code[parent] || page.doc[parent].tag == Tag::kPre || page.doc[parent].tag == Tag::kCode;
    const HintAttrs attrs = ReadHintAttrs(page.doc, id);
    std::uint8_t names = 0;
    // A table's header rows name themselves "header" (pandoc's <tr class="header">): names in a
    // <thead> are the table's, not the page's.
    const bool in_thead = node.tag == Tag::kThead || page.doc[parent].tag == Tag::kThead ||
                          (page.doc[parent].tag == Tag::kTr && page.doc[parent].parent != dom::kNoNode &&
                           page.doc[page.doc[parent].parent].tag == Tag::kThead);
    if (page.names_believed && !in_code[id] && !in_thead) {
      if (!attrs.class_names.empty()) names = class_hints.Get(attrs.class_names, NameHints);
      if (!attrs.id.empty() && !IsHeadingSlug(attrs.id)) names |= NameHints(attrs.id);
    }
    Hint h = HintFromNames(names);
    const std::string_view role = attrs.role, itemprop = attrs.itemprop;
    if ((IsBoilerplateTag(node.tag) && !HeadingButton(page, id) && !FootnoteAside(page.doc, id, role)) ||
        OneOf(role, kBoilerplateRoles) ||
        (node.tag == Tag::kHeader && !InArticle(page, node.parent))) {
      if (h != kCommentsHint) h = kBoilerplate;
      strong[id] = 1;
    }
    if (h == kBoilerplate && !strong[id] && InRunningText(page, id)) h = kNoHint;
    if (node.tag == Tag::kArticle || node.tag == Tag::kMain || OneOf(role, kContentRoles) ||
        OneOf(itemprop, kContentItemprops)) {
      if (h == kNoHint || !strong[id]) h = kContentHint;
      wraps_content[id] = 1;
    }
    if (h == kBoilerplate && !strong[id] && !(names & kNamesNotWidget)) widgets.push_back(id);
    consent[id] = h == kBoilerplate && (names & kNamesConsent);
    page.hint[id] = h;
  }
  if (!widgets.empty()) BelieveWidgetsWithoutText(page, widgets);
  for (NodeId id = static_cast<NodeId>(n); id-- > 1;) {
    if (wraps_content[id]) wraps_content[page.doc[id].parent] = 1;
  }
  const double page_text = std::max(1.0, page.weight[page.root]);
  // Blocks with text of their own in each subtree: a wrapper holds more than one. A single block
  // that holds half of a short page's text (a blogger's profile blurb, a footer's legal notice
  // beside a 500-character story) is that block, and its hint stands.
  std::vector<std::uint32_t> text_blocks(n, 0);
  for (NodeId id = static_cast<NodeId>(n); id-- > 1;) {
    if (page.own[id] > 0) ++text_blocks[id];
    text_blocks[page.doc[id].parent] += text_blocks[id];
  }
  for (NodeId id = 1; id < n; ++id) {
    // A <form> that holds half of the page's text is a page-wide wrapper (ASP.NET WebForms wrap
    // every page in one), not a search box or a login panel.
    const bool half = page.weight[id] >= 0.5 * page_text && text_blocks[id] >= 2;
    if (half && strong[id] && page.hint[id] == kBoilerplate && page.doc[id].tag != Tag::kForm) {
      page.has_tag_wrapper = true;
    }
    const bool wrapper = half && (!strong[id] || page.doc[id].tag == Tag::kForm || !page.tag_wrappers_believed);
    if (page.hint[id] == kBoilerplate && !consent[id] && (wrapper || (!strong[id] && wraps_content[id]))) {
      page.hint[id] = kNoHint;
    }
    const std::uint8_t h = page.hint[id];
    page.inside[id] = (h == kBoilerplate || h == kCommentsHint) ? h : page.inside[page.doc[id].parent];
  }
}

// An inline element (a link, a span) with text of its prose block on both sides, holding a small
// part of it: words of a sentence, whatever its class says ("tag" links that blog plugins put on
// names in the text). A "more" link or a photo credit at a block's edge is not in running text,
// nor is an element holding a quarter of the block (a photo credit inside a figure).
bool InRunningText(const Page& page, NodeId id) {
  const NodeId owner = page.owner[id];
  if (owner == id || owner == 0 || page.own[owner] < page.o.min_paragraph_chars || page.own_punct[owner] < 1 ||
      4 * page.ann[id].chars >= page.ann[owner].chars) {
    return false;
  }
  // The block's words outside links lie in its subtree: some before `id`, some after its subtree.
  const NodeId first = page.first_word_text[owner], last = page.last_word_text[owner];
  return first != dom::kNoNode && first < id && last >= page.doc.SubtreeEnd(id);
}

// A <button> that is a heading's text, or holds one, is an accordion's header (WAI-ARIA's
// accordion pattern: "<h3><button aria-expanded>Question?</button></h3>" over its answer
// panel), not a control.
bool HeadingButton(const Page& page, NodeId id) {
  if (page.doc[id].tag != Tag::kButton) return false;
  if (dom::HeadingLevel(page.doc[page.doc[id].parent].tag) > 0) return true;
  // Or the heading inside the button ("<button><h5>Question?</h5></button>"), among its first nodes.
  constexpr NodeId kLookedAt = 8;
  for (NodeId k = id + 1; k < page.doc.SubtreeEnd(id) && k <= id + kLookedAt; ++k) {
    if (dom::HeadingLevel(page.doc[k].tag) > 0) return true;
  }
  return false;
}

}  // namespace pith::algo::auto_steps
