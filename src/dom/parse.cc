// dom::Parse: pith's HTML5 parser (html_tokenizer.h, html_tree_builder.h) and the writing of its
// scratch tree into the Document by the rules of document_builder.h, in one pre-order pass.
#include "dom/parse.h"

#include "dom/document_builder.h"
#include "dom/html_tree_builder.h"

namespace pith::dom {
namespace {

// The tree builder's scratch tree as a WriteDocument source.
class ScratchTreeSource {
 public:
  using Node = std::uint32_t;
  static constexpr Node kNone = kNoTreeNode;
  // Valid UTF-8 in, valid UTF-8 out: the tokenizer decodes references to whole characters and the
  // tree builder splits text only before ASCII characters (the fuzz target checks it).
  static constexpr bool kTextIsValidUtf8 = true;

  explicit ScratchTreeSource(const HtmlTree& tree)
      : tree_(tree), nodes_(tree.nodes.data()), attrs_(tree.attrs.data()), segments_(tree.segments.data()) {}

  bool MayHoldEfByte() const { return tree_.may_hold_ef_byte; }
  Node Root() const { return 0; }
  Node FirstChild(Node n) const { return nodes_[n].first_child; }
  Node NextSibling(Node n) const { return nodes_[n].next_sibling; }
  Node Parent(Node n) const { return nodes_[n].parent; }

  SourceRole Role(Node n) const {
    const HtmlTreeNode& node = nodes_[n];
    switch (node.kind) {
      case HtmlTreeNode::kText: return SourceRole::kText;
      case HtmlTreeNode::kElement: break;
      default: return SourceRole::kDropped;
    }
    using namespace html_name;  // NOLINT
    switch (node.name) {
      case kScript: return SourceRole::kScript;
      case kNoscript: return SourceRole::kNoscript;
      case kMath: return SourceRole::kMathml;
      case kStyle: case kTemplate: case kIframe: case kSvg: case kNoembed: case kNoframes: case kObject:
        return SourceRole::kDropped;
      case kTextarea: case kVideo: case kAudio: case kRp:
        return SourceRole::kEmpty;
      default:
        return SourceRole::kElement;
    }
  }
  Tag TagOf(Node n) const {
    const HtmlName name = nodes_[n].name;
    return name < html_name::kCount ? TagOfHtmlName(name) : Tag::kUnknown;
  }
  std::string_view NameOf(Node n) const { return tree_.ElementName(nodes_[n]); }
  std::uint32_t NameKey(Node n) const { return nodes_[n].name; }
  std::size_t Offset(Node n) const {
    const std::uint32_t offset = nodes_[n].offset;
    return offset == kNoOffset ? kNoSourceOffset : offset;
  }
  template <class F>
  void ForEachAttribute(Node n, F f) const {
    const HtmlTreeNode& node = nodes_[n];
    for (std::uint32_t a = node.first; a < node.first + node.count_or_last; ++a) {
      f(attrs_[a].name, attrs_[a].value);
    }
  }
  template <class F>
  void ForEachTextPiece(Node n, F f) const {
    for (std::uint32_t s = nodes_[n].first; s != kNoTreeNode; s = segments_[s].next) {
      f(segments_[s].text);
    }
  }
  template <class F>
  void ForEachChildText(Node n, F f) const {
    for (Node c = nodes_[n].first_child; c != kNone; c = nodes_[c].next_sibling) {
      if (nodes_[c].kind == HtmlTreeNode::kText) ForEachTextPiece(c, f);
    }
  }

 private:
  const HtmlTree& tree_;
  // The tree's arrays, which do not change while the Document is written: held here, a pointer each
  // is read without going through the vectors again after every write to the Document (its byte
  // stores may alias anything, so the compiler reloads what it cannot keep).
  const HtmlTreeNode* const nodes_;
  const HtmlTreeAttr* const attrs_;
  const HtmlTextSegment* const segments_;
};

}  // namespace

void Parse(std::string_view html, const ParseLimits& limits, Document* doc) {
  thread_local HtmlTreeBuilder builder;
  doc->Clear();
  builder.Build(html, limits.max_nesting_depth);
  const HtmlTree& tree = builder.tree();
  WriteDocument(ScratchTreeSource(tree), html, doc, tree.nodes.size(), tree.text_bytes, tree.attribute_bytes);
  doc->elements_flattened = static_cast<std::uint32_t>(tree.flattened);  // (offsets are 32-bit too)
  doc->formatting_forgotten = static_cast<std::uint32_t>(tree.formatting_forgotten);
}

}  // namespace pith::dom
