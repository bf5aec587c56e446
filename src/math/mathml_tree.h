// A MathML element's subtree as the converter reads it (mathml_to_latex.h): element kinds, the few
// attributes that change the LaTeX, and text, in flat arrays. Any HTML parser's tree is copied in
// through Open / Attribute / AppendText / Close in document order (dom/document_builder.h does it
// for both of pith's parsers). The copy is bounded: past kMaxNodes nodes or kMaxTextBytes bytes of
// text the rest is left out and `truncated` is set, so a huge or deeply nested <math> costs at most
// that much.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pith::math {

// The MathML elements the converter tells apart (MathML Core and MathML 3 presentation markup).
enum class MathElement : std::uint8_t {
  kMath, kMi, kMn, kMo, kMtext, kMs, kMspace, kMrow, kMstyle, kMpadded, kMphantom, kMerror, kMaction,
  kMfrac, kMsqrt, kMroot, kMfenced, kMenclose, kMsub, kMsup, kMsubsup, kMunder, kMover, kMunderover,
  kMmultiscripts, kMprescripts, kNone, kMtable, kMtr, kMlabeledtr, kMtd, kSemantics, kAnnotation,
  kAnnotationXml, kMglyph,
  kOther,  // any other element (HTML inside <mtext>, <annotation-xml>'s content, unknown names): its text counts
  kText,   // a text node
};
// The element for a lower-case name; kOther when it is none of the above.
MathElement MathElementFromName(std::string_view name);

// The attributes the converter reads.
enum class MathAttr : std::uint8_t {
  kMathvariant, kDisplay, kMode, kEncoding, kStretchy, kFence, kForm, kOpen, kClose, kSeparators, kAccent,
  kAccentunder, kLinethickness, kColumnalign, kNotation, kWidth, kLinebreak, kDisplaystyle, kTexclass,
  kVariant, kAlternate, kMovablelimits, kLargeop, kAlt, kMinsize,
  kCount
};
// The attribute for a lower-case name (data-mjx-texclass, data-mjx-variant for MathJax's own), or
// kCount when the converter does not read it.
MathAttr MathAttrFromName(std::string_view name);

inline constexpr std::uint32_t kNoMathNode = 0xFFFFFFFFu;

struct MathNode {
  MathElement element = MathElement::kOther;
  std::uint32_t parent = kNoMathNode;
  std::uint32_t first_child = kNoMathNode;
  std::uint32_t last_child = kNoMathNode;
  std::uint32_t next_sibling = kNoMathNode;
  std::uint32_t text_begin = 0;  // kText: a byte range of MathTree::text
  std::uint32_t text_size = 0;
  std::uint32_t attr_begin = 0;  // attributes: MathTree::attrs[attr_begin .. +attr_count)
  std::uint8_t attr_count = 0;
};

struct MathAttrEntry {
  MathAttr key;
  std::uint32_t begin;  // a byte range of MathTree::text
  std::uint32_t size;
};

class MathTree {
 public:
  static constexpr std::size_t kMaxNodes = 1 << 16;
  static constexpr std::size_t kMaxTextBytes = 1 << 20;

  MathTree() { Clear(); }
  // Empties the tree but keeps its buffers; node 0 stays as the root, a kOther holding the copy.
  void Clear();

  // Builds in document order: Open(name), Attribute(...)..., children, Close(); AppendText for text.
  void Open(std::string_view name);
  void Attribute(std::string_view name, std::string_view value);
  void AppendText(std::string_view piece);
  void Close();

  const MathNode& operator[](std::uint32_t id) const { return nodes_[id]; }
  std::size_t size() const { return nodes_.size(); }
  std::string_view Text(std::uint32_t id) const {
    return std::string_view(text_).substr(nodes_[id].text_begin, nodes_[id].text_size);
  }
  // The attribute's value, "" when absent; `present` tells absent from empty.
  std::string_view Attr(std::uint32_t id, MathAttr key, bool* present = nullptr) const;
  // Some of the input was left out (the limits above).
  bool truncated() const { return truncated_; }

 private:
  bool Full(std::size_t more_text) const;
  void Link(std::uint32_t id);

  std::vector<MathNode> nodes_;
  std::vector<MathAttrEntry> attrs_;
  std::string text_;
  std::vector<std::uint32_t> open_;  // the open elements, innermost last (kNoMathNode: one left out)
  bool truncated_ = false;
};

}  // namespace pith::math
