// The bounded copy of a MathML subtree (mathml_tree.h).
#include "math/mathml_tree.h"

#include <algorithm>

namespace pith::math {

MathElement MathElementFromName(std::string_view name) {
  struct Entry {
    std::string_view name;
    MathElement element;
  };
  static constexpr Entry kNames[] = {
      {"math", MathElement::kMath},           {"mi", MathElement::kMi},
      {"mn", MathElement::kMn},               {"mo", MathElement::kMo},
      {"mtext", MathElement::kMtext},         {"ms", MathElement::kMs},
      {"mspace", MathElement::kMspace},       {"mrow", MathElement::kMrow},
      {"mstyle", MathElement::kMstyle},       {"mpadded", MathElement::kMpadded},
      {"mphantom", MathElement::kMphantom},   {"merror", MathElement::kMerror},
      {"maction", MathElement::kMaction},     {"mfrac", MathElement::kMfrac},
      {"msqrt", MathElement::kMsqrt},         {"mroot", MathElement::kMroot},
      {"mfenced", MathElement::kMfenced},     {"menclose", MathElement::kMenclose},
      {"msub", MathElement::kMsub},           {"msup", MathElement::kMsup},
      {"msubsup", MathElement::kMsubsup},     {"munder", MathElement::kMunder},
      {"mover", MathElement::kMover},         {"munderover", MathElement::kMunderover},
      {"mmultiscripts", MathElement::kMmultiscripts}, {"mprescripts", MathElement::kMprescripts},
      {"none", MathElement::kNone},           {"mtable", MathElement::kMtable},
      {"mtr", MathElement::kMtr},             {"mlabeledtr", MathElement::kMlabeledtr},
      {"mtd", MathElement::kMtd},             {"semantics", MathElement::kSemantics},
      {"annotation", MathElement::kAnnotation}, {"annotation-xml", MathElement::kAnnotationXml},
      {"mglyph", MathElement::kMglyph},
  };
  if (name.empty() || (name[0] != 'm' && name[0] != 'a' && name[0] != 's' && name[0] != 'n')) return MathElement::kOther;
  for (const Entry& e : kNames) {
    if (e.name == name) return e.element;
  }
  return MathElement::kOther;
}

MathAttr MathAttrFromName(std::string_view name) {
  struct Entry {
    std::string_view name;
    MathAttr attr;
  };
  static constexpr Entry kNames[] = {
      {"mathvariant", MathAttr::kMathvariant},   {"display", MathAttr::kDisplay},
      {"mode", MathAttr::kMode},                 {"encoding", MathAttr::kEncoding},
      {"stretchy", MathAttr::kStretchy},         {"fence", MathAttr::kFence},
      {"form", MathAttr::kForm},                 {"open", MathAttr::kOpen},
      {"close", MathAttr::kClose},               {"separators", MathAttr::kSeparators},
      {"accent", MathAttr::kAccent},             {"accentunder", MathAttr::kAccentunder},
      {"linethickness", MathAttr::kLinethickness}, {"columnalign", MathAttr::kColumnalign},
      {"notation", MathAttr::kNotation},         {"width", MathAttr::kWidth},
      {"linebreak", MathAttr::kLinebreak},       {"displaystyle", MathAttr::kDisplaystyle},
      {"data-mjx-texclass", MathAttr::kTexclass}, {"data-mjx-variant", MathAttr::kVariant},
      {"movablelimits", MathAttr::kMovablelimits}, {"largeop", MathAttr::kLargeop},
      {"alt", MathAttr::kAlt},                   {"minsize", MathAttr::kMinsize},
      {"data-mjx-alternate", MathAttr::kAlternate},
  };
  for (const Entry& e : kNames) {
    if (e.name == name) return e.attr;
  }
  return MathAttr::kCount;
}

void MathTree::Clear() {
  nodes_.clear();
  attrs_.clear();
  text_.clear();
  open_.clear();
  truncated_ = false;
  nodes_.emplace_back();  // the root
  open_.push_back(0);
}

bool MathTree::Full(std::size_t more_text) const {
  return nodes_.size() >= kMaxNodes || text_.size() + more_text > kMaxTextBytes;
}

void MathTree::Link(std::uint32_t id) {
  const std::uint32_t parent = open_.back();
  MathNode& p = nodes_[parent];
  nodes_[id].parent = parent;
  if (p.last_child == kNoMathNode) {
    p.first_child = id;
  } else {
    nodes_[p.last_child].next_sibling = id;
  }
  p.last_child = id;
}

void MathTree::Open(std::string_view name) {
  // Inside an element left out, or past the limits: left out too (kNoMathNode keeps Close paired).
  if (open_.back() == kNoMathNode || Full(0)) {
    truncated_ = truncated_ || open_.back() != kNoMathNode;
    open_.push_back(kNoMathNode);
    return;
  }
  const auto id = static_cast<std::uint32_t>(nodes_.size());
  MathNode& n = nodes_.emplace_back();
  n.element = MathElementFromName(name);
  n.attr_begin = static_cast<std::uint32_t>(attrs_.size());
  Link(id);
  open_.push_back(id);
}

void MathTree::Attribute(std::string_view name, std::string_view value) {
  const std::uint32_t id = open_.back();
  if (id == kNoMathNode || id == 0) return;
  const MathAttr key = MathAttrFromName(name);
  if (key == MathAttr::kCount || nodes_[id].attr_count == 0xFF || Full(value.size())) return;
  attrs_.push_back({key, static_cast<std::uint32_t>(text_.size()), static_cast<std::uint32_t>(value.size())});
  text_.append(value);
  ++nodes_[id].attr_count;
}

void MathTree::AppendText(std::string_view piece) {
  const std::uint32_t parent = open_.back();
  if (parent == kNoMathNode || piece.empty()) return;
  if (Full(piece.size())) {
    truncated_ = true;
    return;
  }
  const std::uint32_t last = nodes_[parent].last_child;
  // A text node continues while nothing else was added since (text_ ends with its bytes).
  if (last != kNoMathNode && nodes_[last].element == MathElement::kText &&
      nodes_[last].text_begin + nodes_[last].text_size == text_.size()) {
    nodes_[last].text_size += static_cast<std::uint32_t>(piece.size());
    text_.append(piece);
    return;
  }
  const auto id = static_cast<std::uint32_t>(nodes_.size());
  MathNode& n = nodes_.emplace_back();
  n.element = MathElement::kText;
  n.text_begin = static_cast<std::uint32_t>(text_.size());
  n.text_size = static_cast<std::uint32_t>(piece.size());
  text_.append(piece);
  Link(id);
}

void MathTree::Close() {
  if (open_.size() > 1) open_.pop_back();
}

std::string_view MathTree::Attr(std::uint32_t id, MathAttr key, bool* present) const {
  const MathNode& n = nodes_[id];
  for (std::uint32_t a = n.attr_begin; a < n.attr_begin + n.attr_count; ++a) {
    if (attrs_[a].key == key) {
      if (present) *present = true;
      return std::string_view(text_).substr(attrs_[a].begin, attrs_[a].size);
    }
  }
  if (present) *present = false;
  return {};
}

}  // namespace pith::math
