// pith's HTML5 tree construction (WHATWG HTML §13.2.6), driving the tokenizer of html_tokenizer.h.
// It builds a compact scratch tree — index-linked nodes in vectors that are reused from page to
// page — because the adoption agency algorithm and foster parenting move nodes after they were
// inserted; parse.cc then writes that tree to pith's Document in one pre-order pass.
//
// Strings in the tree (attribute names and values, text, unknown element names) point into the
// parsed input where the tokenizer's token did, and into a pool owned by the builder otherwise:
// the tree is valid until the next Build() and as long as the input lives.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "dom/html_names.h"

namespace pith::dom {

inline constexpr std::uint32_t kNoTreeNode = 0xFFFFFFFFu;
inline constexpr std::uint32_t kNoOffset = 0xFFFFFFFFu;  // an element the parser created itself

enum class Namespace : std::uint8_t { kHtml, kSvg, kMathml };

struct HtmlTreeAttr {
  std::string_view name, value;
};

struct HtmlTextSegment {
  std::string_view text;
  std::uint32_t next = kNoTreeNode;  // the text node's next segment
};

struct HtmlTreeNode {
  enum Kind : std::uint8_t { kDocument, kElement, kText, kComment };
  std::uint32_t parent = kNoTreeNode;
  std::uint32_t first_child = kNoTreeNode;
  std::uint32_t last_child = kNoTreeNode;
  std::uint32_t next_sibling = kNoTreeNode;
  std::uint32_t prev_sibling = kNoTreeNode;
  // Byte offset in the input of the token that created the node (the '<' of a tag, the first
  // character of a text); kNoOffset for elements the parser created on its own.
  std::uint32_t offset = kNoOffset;
  // Elements: attributes in HtmlTree::attrs [first, first + count). Text: the first and last
  // segment in HtmlTree::segments.
  std::uint32_t first = 0;
  std::uint32_t count_or_last = 0;
  HtmlName name = 0;  // elements: < html_name::kCount, or an index into HtmlTree::unknown_names
                      // plus html_name::kCount
  Kind kind = kDocument;
  Namespace ns = Namespace::kHtml;
  std::uint8_t flags = 0;  // the builder's bookkeeping
};

struct HtmlTree {
  std::vector<HtmlTreeNode> nodes;  // node 0 is the Document
  std::vector<HtmlTreeAttr> attrs;
  std::vector<HtmlTextSegment> segments;
  std::vector<std::string_view> unknown_names;  // names of elements not in html_names.h
  // pith's departures from the standard, which keep time and the tree linear in the input:
  std::size_t flattened = 0;  // start tags met with max_depth elements open: inserted empty, what
                              // they held follows them as siblings
  std::size_t formatting_forgotten = 0;  // formatting elements not reopened (§13.2.4.3) because the
                                         // stack was full or too many had been reopened already
  std::size_t text_bytes = 0;       // in all segments
  std::size_t attribute_bytes = 0;  // in all attribute values
  // Whether any text or attribute value may hold a 0xEF byte (the lead byte of U+F000–U+FFFF, and
  // so of every Arabic presentation form): false when neither the input nor a decoded character
  // reference has one, and the parser adds none (U+FFFD only replaces a U+0000 of the input).
  bool may_hold_ef_byte = true;

  std::string_view ElementName(const HtmlTreeNode& n) const {
    return n.name < html_name::kCount ? HtmlNameText(n.name) : unknown_names[n.name - html_name::kCount];
  }
};

class HtmlTreeBuilder {
 public:
  HtmlTreeBuilder();
  ~HtmlTreeBuilder();
  HtmlTreeBuilder(const HtmlTreeBuilder&) = delete;
  HtmlTreeBuilder& operator=(const HtmlTreeBuilder&) = delete;

  // Parses valid UTF-8 `html` (scripting disabled, not a fragment). The stack of open elements
  // grows no deeper than `max_depth` (and a few elements the parser opens on its own): past it, an
  // element is written empty and its content follows it (HtmlTree::flattened).
  void Build(std::string_view html, int max_depth);

  const HtmlTree& tree() const { return tree_; }

 private:
  class Run;  // the state of one parse (html_tree_builder.cc)
  HtmlTree tree_;
  std::unique_ptr<Run> run_;  // kept between pages for its buffers
};

}  // namespace pith::dom
