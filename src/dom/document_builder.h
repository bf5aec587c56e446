// Writing an HTML parser's tree into pith's Document: what parse.cc (pith's own parser) and
// parse_myhtml.cc (the MyHTML reference of the differential tests) share, so that both produce a
// Document by the same rules:
//  * which subtrees are dropped: comments, DOCTYPE, script, style, template, iframe, svg,
//    noembed, noframes, object, and a <noscript> met before <body> (it holds <link>s); a
//    <textarea> is written as an empty element (its typed text dropped), and so are <video>,
//    <audio> and a ruby's <rp> (their content is fallback for browsers without them: "Your
//    browser does not support the video tag", the parentheses around a reading), shown to no
//    reader today;
//  * <script type="application/ld+json"> bodies go to Document::json_ld;
//  * every formula becomes one Tag::kMath element holding its LaTeX as its only text (document.h),
//    kFlagDisplayMath on a display formula: a <math> element (its TeX annotation, else its
//    Presentation MathML converted: src/math/), a MathJax 2 <script type="math/tex"> (the
//    MathJax_Preview and rendered frames just before it dropped), TeX between delimiters in a text
//    node outside <pre>, <code>, <kbd> and <samp> (split out of it), a formula image (its alt:
//    math/tex_source.h has these rules). A formula's rendered copy is dropped: an aria-hidden
//    element or a formula image right after an element holding a formula (KaTeX's katex-html,
//    MediaWiki's fallback image; when the page hid the MathML and shows the image, the MathML's
//    formula is shown instead). MathJax 3's rendering comes before its assistive MathML and holds
//    no text;
//  * elements keep the attributes of Attr (first occurrence wins) and are hidden by the `hidden`
//    attribute, aria-hidden="true", an inline display:none / visibility:hidden, a screen-reader-
//    only class or a display:none utility class ("hide", "d-none" without "d-lg-block"), except
//    tab panels (role="tabpanel"), accordion and FAQ panels (by class, hidden="until-found", as
//    the aria-controls target of an earlier aria-expanded button, or right after one) and React's
//    streamed boundaries (<div hidden id="S:0">); flags are inherited from the parent;
//  * an <a> is a link (kFlagInLink) when it has an attribute other than name, id and style (an
//    href, or the class or handler of a link made by script): a bare "<a>" or "<a name=top>" is an
//    anchor, and left unclosed it would turn the rest of the page into link text; links made by
//    script carry no href;
//  * text and kept attribute values get Arabic presentation forms folded;
//  * each node's line is the source line of its start offset (0 for an element the parser created
//    without a tag);
//  * <noscript> text stays hidden unless it is nearly all of the page's text (ResolveNoscript);
//    so does text hidden by markup (ResolveHiddenByMarkup).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "dom/document.h"
#include "math/mathml_tree.h"
#include "math/tex_source.h"
#include "text/string_memo.h"

namespace pith::dom {

inline constexpr std::size_t kNoSourceOffset = static_cast<std::size_t>(-1);

// What a node of the parser's tree becomes in the Document.
enum class SourceRole : std::uint8_t {
  kElement,   // written, with its subtree
  kText,      // a text node
  kScript,    // not written; read for JSON-LD and MathJax 2's TeX
  kMathml,    // a <math> element: written as one formula
  kNoscript,  // written like an element once <body> was written, else dropped
  kDropped,   // dropped with its subtree
  kEmpty,     // written as an element without its subtree (a <textarea>: where a form takes text;
              // a <video>, an <audio>: where a player goes; a ruby's <rp>)
};

// What an attribute name means to the Document: the Attr it is kept as (Attr::kCount: none),
// whether it is one of the attributes that can hide the element, and whether it is one of a
// disclosure button's (aria-expanded, aria-controls: the panel it shows).
struct AttributeRole {
  enum Hides : std::uint8_t { kNo, kStyle, kHidden, kAriaHidden, kClass };
  enum Disclosure : std::uint8_t { kNone, kExpanded, kControls };
  Attr kept = Attr::kCount;
  Hides hides = kNo;
  Disclosure disclosure = kNone;
};
AttributeRole RoleOfAttribute(std::string_view name);

// Appends nodes in pre-order: BeginElement, Attribute..., OpenElement, (children), CloseElement;
// BeginText, AppendText..., EndText.
class DocumentBuilder {
 public:
  // Clears `doc` and adds its root. The sizes, when known, are upper bounds of the node count and of
  // the bytes of text and of kept attribute values, to reserve the Document's buffers once.
  DocumentBuilder(std::string_view html, Document* doc, std::size_t nodes = 0, std::size_t text_bytes = 0,
                  std::size_t attribute_bytes = 0);
  ~DocumentBuilder();
  DocumentBuilder(const DocumentBuilder&) = delete;
  DocumentBuilder& operator=(const DocumentBuilder&) = delete;

  bool body_written() const { return doc_.body != kNoNode; }

  // A parser that knows no text or attribute value holds a 0xEF byte, the lead byte of every
  // Arabic presentation form, spares the search for one in each of them.
  void set_no_ef_byte() { may_hold_ef_byte_ = false; }

  void BeginElement(Tag tag, std::size_t offset) {
    Node& n = doc_.nodes.emplace_back();
    n.tag = tag;
    n.line = LineOf(offset);
    n.attr_begin = static_cast<std::uint32_t>(doc_.attrs.size());
    element_hidden_ = false;
    element_aria_hidden_ = false;
    element_linkish_ = false;
    element_expander_ = false;
    element_controls_.clear();
    element_kept_ = 0;
  }
  // The name of a Tag::kUnknown element; `name_key` is the parser's integer id for that name, so
  // that the name is looked up once per page.
  void NameUnknownElement(std::string_view name, std::uint32_t name_key) {
    doc_.nodes.back().name_index = UnknownNameIndex(name, name_key);
  }
  void Attribute(std::string_view key, std::string_view value) {
    // An <a> with no attribute but name, id or style is a named anchor or a placeholder, no link:
    // an unclosed "<a name=top>" would otherwise make the rest of the page link text.
    if (doc_.nodes.back().tag == Tag::kA && key != "name" && key != "id" && key != "style") element_linkish_ = true;
    const AttributeRole role = RoleOfAttribute(key);
    if (role.disclosure != AttributeRole::kNone) Disclosure(role.disclosure, value);
    if (role.hides == AttributeRole::kAriaHidden) {
      element_aria_hidden_ = element_aria_hidden_ || Hides(role.hides, value);
    } else if (role.hides != AttributeRole::kNo && !element_hidden_) {
      element_hidden_ = Hides(role.hides, value);
    }
    if (role.kept != Attr::kCount && KeptOn(role.kept, doc_.nodes.back().tag)) Keep(role.kept, value);
  }
  // Whether the element begun (its attributes read) is the rendered copy of the formula just
  // written, and so dropped with its subtree (it is taken back: call no OpenElement for it).
  bool DropsFormulaCopy() {
    if (last_formula_ == kNoNode || (!element_aria_hidden_ && doc_.nodes.back().tag != Tag::kImg)) return false;
    return DropsFormulaCopySlow();
  }
  void OpenElement() {
    const auto id = static_cast<NodeId>(doc_.nodes.size() - 1);
    Node& n = doc_.nodes.back();
    const bool formula_image = n.tag == Tag::kImg && IsFormulaImage(id);
    // aria-hidden hides an element from screen readers only: pith hides it too (icons, duplicated
    // labels), but not a formula image, which is what the eye reads (its MathML serves the ear).
    if (element_aria_hidden_ && !formula_image) element_hidden_ = true;
    // A tab panel (role="tabpanel") is hidden until its tab is chosen: the page holds the text of
    // every tab (a product's description, specifications and reviews; a course's syllabus).
    // Accordion panels (CollapsiblePanel, Disclosed) and React's streamed boundaries
    // (StreamedBoundary) likewise.
    if (element_hidden_ && (doc_.GetAttr(id, Attr::kRole) == "tabpanel" ||
                            StreamedBoundary(doc_.GetAttr(id, Attr::kId)) ||
                            CollapsiblePanel(doc_.GetAttr(id, Attr::kClass)) ||
                            Disclosed(doc_.GetAttr(id, Attr::kId)) || FollowsExpander())) {
      element_hidden_ = false;
    }
    if (element_expander_) {
      last_expander_ = id;
      if (!element_controls_.empty()) RememberDisclosed(element_controls_);
    }
    if (element_hidden_) n.flags |= kFlagHidden | kFlagHiddenByMarkup;
    if (n.tag == Tag::kA && element_linkish_) n.flags |= kFlagInLink;
    if (n.tag == Tag::kNoscript) n.flags |= kFlagInNoscript;
    if (n.tag == Tag::kHtml || n.tag == Tag::kHead || n.tag == Tag::kBody || n.tag == Tag::kTitle) {
      RememberLandmark(n.tag, id);
    }
    Link(id);
    parents_.push_back(id);
    if (formula_image) WriteFormulaImage(id);
  }
  void CloseElement() {
    doc_.subtree_end[parents_.back()] = static_cast<NodeId>(doc_.nodes.size());
    parents_.pop_back();
  }

  void BeginText() { text_begin_ = doc_.text.size(); }
  void AppendText(std::string_view piece) { AppendFolded(doc_.text, piece); }
  void EndText(std::size_t offset) {  // empty text adds no node
    if (doc_.text.size() == text_begin_) return;
    const std::uint32_t line = LineOf(offset);
    if (math::MayHoldDelimitedTex(std::string_view(doc_.text).substr(text_begin_)) && SplitDelimitedTex(line)) return;
    AddTextNode(text_begin_, doc_.text.size() - text_begin_, line);
  }

  // A formula from a MathJax 2 script: its TeX; `display`: mode=display.
  void AddTexScript(std::string_view tex, bool display, std::size_t offset);
  // A formula from a <math> element, copied into math_tree() first.
  math::MathTree& math_tree() { return math_tree_; }
  void AddMathml(std::size_t offset);

  void AddJsonLd(std::string body) {
    if (!body.empty()) doc_.json_ld.push_back(std::move(body));
  }

  // Closes the open elements and applies the page-wide rules: ResolveNoscript, and valid UTF-8 text
  // unless the parser guarantees it.
  void Finish(bool text_is_valid_utf8);

 private:
  // Links the node just added (the last one) as the last child of the open element.
  void Link(NodeId id) {
    const NodeId parent = parents_.back();
    Node& added = doc_.nodes[id];
    const Node& p = doc_.nodes[parent];
    added.parent = parent;
    added.depth = static_cast<std::uint16_t>(p.depth == 0xFFFF ? 0xFFFF : p.depth + 1);
    added.flags |= p.flags;
    added.prev_sibling = p.last_child;
    if (p.last_child != kNoNode) {
      doc_.nodes[p.last_child].next_sibling = id;
    } else {
      doc_.nodes[parent].first_child = id;
    }
    doc_.nodes[parent].last_child = id;
    doc_.subtree_end.push_back(id + 1);
  }
  // Source offsets mostly increase in document order: a cursor walks forward, a binary search
  // serves the rest.
  std::uint32_t LineOf(std::size_t offset) {
    if (offset == kNoSourceOffset) return 0;
    if (offset < last_offset_) return LineBefore(offset);
    offset = std::min<std::size_t>(offset, kEndOfNewlines);  // so that the end mark stops the walk
    while (newlines_[line_cursor_] < offset) ++line_cursor_;
    last_offset_ = offset;
    return static_cast<std::uint32_t>(line_cursor_) + 1;
  }
  std::uint32_t LineBefore(std::size_t offset);
  // Fills newlines_: the offset of each '\n' of the source, then kEndOfNewlines.
  void FindNewlines(std::string_view html);
  static constexpr std::uint32_t kEndOfNewlines = 0xFFFFFFFFu;  // above the offset of every newline
  bool Hides(AttributeRole::Hides rule, std::string_view value);
  // List numbering attributes are kept on the elements they number (a form's <input value> is not),
  // image and table-cell attributes on images and cells.
  static bool KeptOn(Attr key, Tag tag) {
    switch (key) {
      case Attr::kStart: case Attr::kReversed: return tag == Tag::kOl;
      case Attr::kValue: return tag == Tag::kLi;
      case Attr::kSrcset: case Attr::kDataSrc: case Attr::kDataSrcset: return tag == Tag::kImg || tag == Tag::kSource;
      case Attr::kWidth: case Attr::kHeight: return tag == Tag::kImg;
      case Attr::kColspan: case Attr::kRowspan: return tag == Tag::kTd || tag == Tag::kTh;
      default: return true;
    }
  }
  void Keep(Attr key, std::string_view value) {
    Node& element = doc_.nodes.back();
    if (element.attr_count == 0xFF) return;
    const std::uint64_t bit = std::uint64_t{1} << static_cast<int>(key);
    if (element_kept_ & bit) return;  // first occurrence wins, as in HTML5
    element_kept_ |= bit;
    const auto begin = static_cast<std::uint32_t>(doc_.strings.size());
    AppendFolded(doc_.strings, value);
    doc_.attrs.push_back(AttrEntry{key, begin, static_cast<std::uint32_t>(doc_.strings.size() - begin)});
    ++element.attr_count;
  }
  // Appends `s` to `pool`, folding Arabic presentation forms when the text may contain them. Runs
  // for every text piece and kept attribute value: the common case, a plain append, stays inline.
  void AppendFolded(std::string& pool, std::string_view s) const {
    if (s.empty()) return;  // (an empty value may come with a null pointer)
    if (may_hold_ef_byte_ && std::memchr(s.data(), '\xEF', s.size()) != nullptr) {
      AppendWithPresentationFormsFolded(pool, s);
    } else {
      pool.append(s);
    }
  }
  static void AppendWithPresentationFormsFolded(std::string& pool, std::string_view s);
  // A text node of the bytes doc_.text[begin, +size), with the hidden-text counts.
  void AddTextNode(std::size_t begin, std::size_t size, std::uint32_t line);
  // A formula: a Tag::kMath element and its text node, doc_.text[begin, +size).
  void AddFormula(std::size_t begin, std::size_t size, bool display, std::uint32_t line);
  // Appends `latex` to the text and adds it as a formula (none when it is empty).
  void AddFormulaText(std::string_view latex, bool display, std::uint32_t line);
  // Writes the text node being ended (doc_.text from text_begin_) as text and the formulas between
  // delimiters in it; false when it holds none (or sits in code).
  bool SplitDelimitedTex(std::uint32_t line);
  bool InCode() const;
  bool IsFormulaImage(NodeId img) const;
  void WriteFormulaImage(NodeId img);
  bool DropsFormulaCopySlow();
  // The last child of the open element, past white-space text nodes, or kNoNode.
  NodeId LastElementChild() const;
  // Removes the open element's children from `first` on (the end of the arena: `first` and all
  // that follows it).
  void DropTrailingChildren(NodeId first);
  static bool StreamedBoundary(std::string_view id);
  static bool CollapsiblePanel(std::string_view class_names);
  void Disclosure(AttributeRole::Disclosure attribute, std::string_view value);
  bool Disclosed(std::string_view id) const;
  void RememberDisclosed(std::string_view controlled_ids);
  bool FollowsExpander() const;
  std::uint16_t UnknownNameIndex(std::string_view name, std::uint32_t name_key);
  void RememberLandmark(Tag tag, NodeId id);
  void CountNoscriptText(NodeId id);
  void CountHiddenByMarkupText(NodeId id);
  void ResolveNoscript();
  void ResolveHiddenByMarkup();
  std::size_t VisibleTextBytesUpTo(std::size_t enough) const;
  void KeepTextValidUtf8();

  Document& doc_;
  std::vector<std::uint32_t> newlines_;  // byte offsets of '\n' in the source, then kEndOfNewlines
  std::size_t line_cursor_ = 0;          // newlines_[line_cursor_ - 1] < last_offset_ <= newlines_[line_cursor_]
  std::size_t last_offset_ = 0;
  std::vector<NodeId> parents_;
  text::StringMemo<bool> hiding_classes_;  // HasHidingClass of each distinct class value
  bool element_hidden_ = false;  // for the element between BeginElement and OpenElement
  bool element_linkish_ = false;  // ... it has an attribute other than name, id and style
  bool element_expander_ = false;  // ... it has aria-expanded
  std::string element_controls_;  // ... its aria-controls value
  std::uint64_t element_kept_ = 0;  // ... and the Attrs it keeps, a bit each
  static_assert(static_cast<int>(Attr::kCount) <= 64);
  NodeId last_expander_ = kNoNode;  // the last element with aria-expanded
  std::unordered_set<std::string> disclosed_ids_;  // ids an element with aria-expanded names in aria-controls
  bool may_hold_ef_byte_ = true;
  bool element_aria_hidden_ = false;  // ... it has aria-hidden="true"
  NodeId last_formula_ = kNoNode;     // the last Tag::kMath element written
  math::MathTree math_tree_;
  std::size_t text_begin_ = 0;
  std::size_t noscript_chars_ = 0;  // non-space text bytes inside <noscript> (and not hidden otherwise)
  bool noscript_shown_ = false;     // ResolveNoscript left the <noscript> text visible
  std::size_t hidden_by_markup_chars_ = 0;  // non-space text bytes hidden by markup, outside <noscript>
  std::vector<std::uint16_t> unknown_index_by_key_;
};

// JSON-LD script: type="application/ld+json" (ASCII case-insensitive).
bool IsJsonLdType(std::string_view type);

// Copies the subtree of the <math> element `math` into `tree` (elements by name, their attributes,
// text; comments and dropped elements left out), in pre-order without recursion.
template <class Source>
void CopyMathml(const Source& source, typename Source::Node math, math::MathTree* tree) {
  using Node = typename Source::Node;
  tree->Clear();
  Node node = math;
  while (true) {
    bool descend = false;
    switch (source.Role(node)) {
      case SourceRole::kText:
        source.ForEachTextPiece(node, [&](std::string_view piece) { tree->AppendText(piece); });
        break;
      case SourceRole::kDropped:
        break;
      default:
        tree->Open(source.NameOf(node));
        source.ForEachAttribute(node, [&](std::string_view key, std::string_view value) { tree->Attribute(key, value); });
        if (source.FirstChild(node) != Source::kNone) {
          descend = true;
        } else {
          tree->Close();
        }
        break;
    }
    if (descend) {
      node = source.FirstChild(node);
      continue;
    }
    if (node == math) return;
    while (source.NextSibling(node) == Source::kNone) {
      node = source.Parent(node);
      tree->Close();
      if (node == math || node == Source::kNone) return;
    }
    node = source.NextSibling(node);
  }
}

// Walks `source`'s tree in pre-order without recursion and writes it through DocumentBuilder (the
// sizes as DocumentBuilder's).
// Source provides: a node handle type Node, kNone, kTextIsValidUtf8 (whether the parser guarantees
// valid UTF-8 text), Root(), FirstChild(n), NextSibling(n), Parent(n),
// Role(n), TagOf(n), NameOf(n), NameKey(n), Offset(n) (kNoSourceOffset if none),
// ForEachAttribute(n, f(key, value)), ForEachTextPiece(n, f(piece)) for text nodes and
// ForEachChildText(n, f(piece)) for a script's contents; optionally MayHoldEfByte() (false: no text
// or attribute value holds a 0xEF byte).
template <class Source>
void WriteDocument(const Source& source, std::string_view html, Document* doc, std::size_t nodes = 0,
                   std::size_t text_bytes = 0, std::size_t attribute_bytes = 0) {
  using Node = typename Source::Node;
  DocumentBuilder out(html, doc, nodes, text_bytes, attribute_bytes);
  if constexpr (requires { source.MayHoldEfByte(); }) {
    if (!source.MayHoldEfByte()) out.set_no_ef_byte();
  }
  const Node root = source.Root();
  Node node = source.FirstChild(root);
  while (node != Source::kNone) {
    bool descend = false;
    const SourceRole role = source.Role(node);
    switch (role) {
      case SourceRole::kText:
        out.BeginText();
        source.ForEachTextPiece(node, [&](std::string_view piece) { out.AppendText(piece); });
        out.EndText(source.Offset(node));
        break;
      case SourceRole::kScript: {
        bool json_ld = false, tex = false, display = false;
        source.ForEachAttribute(node, [&](std::string_view key, std::string_view value) {
          if (key != "type") return;
          json_ld = json_ld || IsJsonLdType(value);
          tex = tex || math::IsTexScriptType(value, &display);
        });
        if (!json_ld && !tex) break;
        std::string body;
        source.ForEachChildText(node, [&](std::string_view piece) { body.append(piece); });
        if (tex) {
          out.AddTexScript(body, display, source.Offset(node));
        } else {
          out.AddJsonLd(std::move(body));
        }
        break;
      }
      case SourceRole::kMathml:
        CopyMathml(source, node, &out.math_tree());
        out.AddMathml(source.Offset(node));
        break;
      case SourceRole::kNoscript:
        if (!out.body_written()) break;
        [[fallthrough]];
      case SourceRole::kElement:
      case SourceRole::kEmpty:
      {
        const Tag tag = source.TagOf(node);
        out.BeginElement(tag, source.Offset(node));
        if (tag == Tag::kUnknown) out.NameUnknownElement(source.NameOf(node), source.NameKey(node));
      }
        source.ForEachAttribute(node, [&](std::string_view key, std::string_view value) { out.Attribute(key, value); });
        if (out.DropsFormulaCopy()) break;
        out.OpenElement();
        if (role != SourceRole::kEmpty && source.FirstChild(node) != Source::kNone) {
          descend = true;
        } else {
          out.CloseElement();
        }
        break;
      case SourceRole::kDropped:
        break;
    }
    if (descend) {
      node = source.FirstChild(node);
      continue;
    }
    // The next sibling, or up until an ancestor has one (closing the elements left).
    while (node != Source::kNone && source.NextSibling(node) == Source::kNone) {
      node = source.Parent(node);
      if (node == root || node == Source::kNone) {
        node = Source::kNone;
        break;
      }
      out.CloseElement();
    }
    if (node != Source::kNone) node = source.NextSibling(node);
  }
  out.Finish(Source::kTextIsValidUtf8);
}

}  // namespace pith::dom
