// pith's own DOM: an arena of index-linked nodes built once per page from the HTML5 parser's tree
// (src/dom/parse.cc; the rules are in document_builder.h). Every algorithm reads this structure and
// the statistics of src/dom/annotate.h; nothing here recurses, so a deep tree cannot overflow the
// stack.
//
// Text of script/style/template/iframe/svg/textarea and comments is dropped at build time (a
// <textarea> stays as an empty element: it marks a form that takes text);
// a formula, in whatever shape the page holds it (MathML, a MathJax or KaTeX rendering, a TeX
// script, TeX between delimiters in the text, a formula image), is one Tag::kMath element whose
// only child is a text node holding its LaTeX (IsFormula, FormulaLatex; document_builder.h has
// the shapes);
// <noscript> in <body> is parsed as markup and flagged hidden, unless it holds nearly all the page's
// text (see document_builder.cc). Text nodes keep the parser's text (character references decoded,
// Arabic presentation forms folded) with its original whitespace. Elements keep only the attributes
// extraction needs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dom/tags.h"

namespace pith::dom {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = 0xFFFFFFFFu;

// Attributes kept from the source (values as the parser decoded them).
enum class Attr : std::uint8_t {
  kClass, kId, kHref, kRole, kItemprop, kItemtype, kLang, kDir, kName, kContent, kProperty,
  kRel, kDatetime, kType, kTitle, kSrc, kAlt, kCharset, kHttpEquiv,
  kStart, kReversed, kValue,  // list numbering: <ol start>, <ol reversed>, <li value> (only there)
  // Images (<img>, and <source> of a <picture>): the lazy-loading shapes' real URL (data-src, also
  // read from data-original and data-lazy-src) and candidate lists (srcset, data-srcset); the size
  // an <img> declares (width, height), which tells icons and tracking pixels.
  kSrcset, kDataSrc, kDataSrcset, kWidth, kHeight,
  kColspan, kRowspan,  // table cells (<td>, <th>) only
  kDataLang,           // a code block's language as highlighters write it (data-lang, data-language)
  kCount
};
std::string_view AttrName(Attr a);

// Node flags.
inline constexpr std::uint8_t kFlagHidden = 1;  // hidden attr, aria-hidden="true", inline display:none,
                                                // visibility:hidden, a screen-reader-only class
                                                // ("sr-only") or a display:none class ("d-none") —
                                                // on the node or an ancestor
inline constexpr std::uint8_t kFlagInLink = 2;  // the node is a link (an <a> with an href, class,
                                                // handler...: not a bare named anchor) or inside one
inline constexpr std::uint8_t kFlagInNoscript = 4;  // inside a <noscript> of <body>: hidden as well,
                                                    // unless the page shows its text only there
inline constexpr std::uint8_t kFlagHiddenByMarkup = 8;  // hidden by an attribute or class of its own
                                                       // or an ancestor's (the first reasons above)
inline constexpr std::uint8_t kFlagDisplayMath = 16;  // a display formula (set apart on its own line):
                                                     // its Tag::kMath element and LaTeX text

struct Node {
  NodeId parent = kNoNode;
  NodeId first_child = kNoNode;
  NodeId last_child = kNoNode;
  NodeId next_sibling = kNoNode;
  NodeId prev_sibling = kNoNode;
  Tag tag = Tag::kDocument;
  std::uint16_t name_index = 0;   // kUnknown elements: index into Document::unknown_names
  std::uint16_t depth = 0;        // root = 0
  std::uint8_t flags = 0;
  std::uint8_t attr_count = 0;    // attributes of this element: attrs[attr_begin .. +attr_count)
  std::uint32_t attr_begin = 0;
  std::uint32_t text_begin = 0;   // text nodes: byte range in Document::text
  std::uint32_t text_size = 0;
  std::uint32_t line = 0;         // 1-based source line where the node starts (0 = unknown)

  bool is_text() const { return tag == Tag::kText; }
  bool is_element() const { return tag != Tag::kText && tag != Tag::kDocument; }
  bool hidden() const { return flags & kFlagHidden; }
  bool in_link() const { return flags & kFlagInLink; }
};

struct AttrEntry {
  Attr key;
  std::uint32_t begin;  // byte range in Document::strings
  std::uint32_t size;
};

class Document {
 public:
  // Node 0 is always the document root (Tag::kDocument). Ids are in document (pre-)order, so a
  // node's descendants are exactly the ids in (id, SubtreeEnd(id)).
  std::vector<Node> nodes;
  std::vector<NodeId> subtree_end;           // one past the last descendant of each node
  std::string text;                           // all text nodes' bytes
  std::string strings;                        // all kept attribute values
  std::vector<AttrEntry> attrs;
  std::vector<std::string> unknown_names;     // names of kUnknown elements
  std::vector<std::string> json_ld;           // bodies of <script type="application/ld+json">
  NodeId html = kNoNode, head = kNoNode, body = kNoNode, title = kNoNode;  // first of each
  std::uint32_t line_count = 0;               // lines in the decoded source
  // Where pith's parser departed from the standard to stay linear in the input (html_tree_builder.cc):
  std::uint32_t elements_flattened = 0;    // opened past ParseLimits::max_nesting_depth: written
                                           // empty, their content after them
  std::uint32_t formatting_forgotten = 0;  // formatting elements not reopened (§13.2.4.3)

  // Empties the document but keeps its buffers, so a thread parsing page after page reuses memory.
  void Clear();

  const Node& operator[](NodeId id) const { return nodes[id]; }
  std::size_t size() const { return nodes.size(); }
  NodeId SubtreeEnd(NodeId id) const { return subtree_end[id]; }
  bool IsAncestor(NodeId ancestor, NodeId node) const {
    return node > ancestor && node < subtree_end[ancestor];
  }

  std::string_view Text(NodeId id) const {
    const Node& n = nodes[id];
    return std::string_view(text).substr(n.text_begin, n.text_size);
  }
  // Attribute value, "" if absent. `present` tells absent from empty.
  std::string_view GetAttr(NodeId id, Attr key, bool* present = nullptr) const;
  // Lower-case element name, including unknown elements.
  std::string_view Name(NodeId id) const;
  // Concatenated text of the subtree (visible and hidden), in document order.
  std::string SubtreeText(NodeId id) const;
  // First element with this tag in document order, or kNoNode.
  NodeId FindFirst(Tag tag, NodeId from = 0) const;
  // Formulas: a Tag::kMath element, its LaTeX (the text of its one child), whether it is a display
  // formula. A text node is a formula's LaTeX when its parent is a formula.
  bool IsFormula(NodeId id) const { return nodes[id].tag == Tag::kMath; }
  bool IsDisplayFormula(NodeId id) const { return IsFormula(id) && (nodes[id].flags & kFlagDisplayMath); }
  std::string_view FormulaLatex(NodeId formula) const {
    const NodeId text = nodes[formula].first_child;
    return text == kNoNode ? std::string_view() : Text(text);
  }
  bool InFormula(NodeId text) const { return nodes[text].parent != kNoNode && IsFormula(nodes[text].parent); }
};

}  // namespace pith::dom
