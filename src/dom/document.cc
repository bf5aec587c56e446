// Document accessors (the structure itself is built by src/dom/document_builder.cc).
#include "dom/document.h"

namespace pith::dom {

std::string_view AttrName(Attr a) {
  static constexpr std::string_view kNames[] = {
      "class", "id", "href", "role", "itemprop", "itemtype", "lang", "dir", "name", "content",
      "property", "rel", "datetime", "type", "title", "src", "alt", "charset", "http-equiv",
      "start", "reversed", "value", "srcset", "data-src", "data-srcset", "width", "height", "colspan",
      "rowspan", "data-lang"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<std::size_t>(Attr::kCount));
  return kNames[static_cast<std::size_t>(a)];
}

void Document::Clear() {
  nodes.clear();
  subtree_end.clear();
  text.clear();
  strings.clear();
  attrs.clear();
  unknown_names.clear();
  json_ld.clear();
  html = head = body = title = kNoNode;
  line_count = 0;
  elements_flattened = formatting_forgotten = 0;
}

std::string_view Document::GetAttr(NodeId id, Attr key, bool* present) const {
  const Node& n = nodes[id];
  for (std::uint32_t i = n.attr_begin, end = n.attr_begin + n.attr_count; i < end; ++i) {
    if (attrs[i].key == key) {
      if (present) *present = true;
      return std::string_view(strings).substr(attrs[i].begin, attrs[i].size);
    }
  }
  if (present) *present = false;
  return {};
}

std::string_view Document::Name(NodeId id) const {
  const Node& n = nodes[id];
  if (n.tag == Tag::kUnknown) return unknown_names[n.name_index];
  return TagName(n.tag);
}

std::string Document::SubtreeText(NodeId id) const {
  std::string out;
  for (NodeId i = id; i < subtree_end[id]; ++i) {
    if (nodes[i].is_text()) out += Text(i);
  }
  return out;
}

NodeId Document::FindFirst(Tag tag, NodeId from) const {
  for (NodeId i = from; i < nodes.size(); ++i) {
    if (nodes[i].tag == tag) return i;
  }
  return kNoNode;
}

}  // namespace pith::dom
