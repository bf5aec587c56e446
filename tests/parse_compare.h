// Test support shared by tests/html_parser_corpus_test.cc and fuzz/parse_fuzz.cc: field-by-field
// comparison of two Documents (pith's parser against the MyHTML reference) with a readable first
// difference, and the invariants every Document must satisfy.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "decode/charset.h"
#include "dom/document.h"

namespace pith::dom::testing {

// "html > body > div#main > p" for an element or text node.
inline std::string NodePath(const Document& doc, NodeId id) {
  std::string path;
  for (NodeId n = id; n != kNoNode && n != 0; n = doc[n].parent) {
    std::string part = doc[n].is_text() ? "#text" : std::string(doc.Name(n));
    if (!doc[n].is_text()) {
      bool present = false;
      const std::string_view element_id = doc.GetAttr(n, Attr::kId, &present);
      if (present) part += "#" + std::string(element_id.substr(0, 30));
    }
    path = path.empty() ? part : part + " > " + path;
  }
  return path;
}

inline std::string Excerpt(std::string_view s, std::size_t max = 60) {
  std::string out;
  for (char c : s.substr(0, max)) {
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      out += c;
    }
  }
  if (s.size() > max) out += "...";
  return "\"" + out + "\"";
}

inline std::string DescribeNode(const Document& doc, NodeId id) {
  const Node& n = doc[id];
  std::string d = NodePath(doc, id) + " (line " + std::to_string(n.line) + ", depth " + std::to_string(n.depth) +
                  ", flags " + std::to_string(n.flags) + ")";
  if (n.is_text()) {
    d += " " + Excerpt(doc.Text(id));
  } else {
    for (std::uint32_t a = n.attr_begin; a < n.attr_begin + n.attr_count; ++a) {
      d += " " + std::string(AttrName(doc.attrs[a].key)) + "=" +
           Excerpt(std::string_view(doc.strings).substr(doc.attrs[a].begin, doc.attrs[a].size), 40);
    }
  }
  return d;
}

// The first difference between two Documents, "" when they are identical in every field.
inline std::string DocumentDifference(const Document& a, const Document& b) {
  auto both = [&](NodeId id, const std::string& what) {
    return "node " + std::to_string(id) + ": " + what + "\n    pith:   " + DescribeNode(a, id) +
           "\n    MyHTML: " + DescribeNode(b, id);
  };
  const std::size_t common = std::min(a.size(), b.size());
  for (NodeId id = 0; id < common; ++id) {
    const Node& x = a[id];
    const Node& y = b[id];
    if (x.tag != y.tag || (x.is_element() && a.Name(id) != b.Name(id))) return both(id, "element differs");
    if (x.parent != y.parent) return both(id, "parent differs");
    if (x.depth != y.depth) return both(id, "depth differs");
    if (x.prev_sibling != y.prev_sibling || x.next_sibling != y.next_sibling) return both(id, "siblings differ");
    if (x.first_child != y.first_child || x.last_child != y.last_child) return both(id, "children differ");
    if (a.SubtreeEnd(id) != b.SubtreeEnd(id)) return both(id, "subtree end differs");
    if (x.is_text() && a.Text(id) != b.Text(id)) return both(id, "text differs");
    if (x.attr_count != y.attr_count) return both(id, "attributes differ");
    for (std::uint32_t i = 0; i < x.attr_count; ++i) {
      const AttrEntry& p = a.attrs[x.attr_begin + i];
      const AttrEntry& q = b.attrs[y.attr_begin + i];
      if (p.key != q.key || std::string_view(a.strings).substr(p.begin, p.size) !=
                                std::string_view(b.strings).substr(q.begin, q.size)) {
        return both(id, "attributes differ");
      }
    }
    if (x.flags != y.flags) return both(id, "flags differ");
    if (x.line != y.line) return both(id, "line differs");
  }
  if (a.size() != b.size()) {
    const NodeId extra = static_cast<NodeId>(common);
    return "node count " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + "; first extra: " +
           (a.size() > b.size() ? "pith " + DescribeNode(a, extra) : "MyHTML " + DescribeNode(b, extra));
  }
  // Same nodes with the same contents: the pools and the page-wide fields must agree as well.
  if (a.text != b.text) return "text pools differ";
  if (a.strings != b.strings || a.attrs.size() != b.attrs.size()) return "attribute pools differ";
  for (std::size_t i = 0; i < a.attrs.size(); ++i) {
    if (a.attrs[i].key != b.attrs[i].key || a.attrs[i].begin != b.attrs[i].begin ||
        a.attrs[i].size != b.attrs[i].size) {
      return "attribute entry " + std::to_string(i) + " differs";
    }
  }
  if (a.unknown_names != b.unknown_names) return "unknown element names differ";
  if (a.json_ld != b.json_ld) {
    return "JSON-LD differs: " + std::to_string(a.json_ld.size()) + " vs " + std::to_string(b.json_ld.size()) +
           " bodies";
  }
  if (a.html != b.html || a.head != b.head || a.body != b.body || a.title != b.title) return "landmarks differ";
  if (a.line_count != b.line_count) return "line count differs";
  return "";
}

// The structural invariants of a Document, "" when they hold: pre-order ids, consistent
// parent/child/sibling links, subtree ends, depths, attribute and text ranges, valid UTF-8 text.
inline std::string DocumentInvariantViolation(const Document& doc) {
  if (doc.size() == 0) return "no root";
  if (doc.subtree_end.size() != doc.size()) return "subtree_end has the wrong size";
  if (doc[0].tag != Tag::kDocument || doc[0].parent != kNoNode || doc.SubtreeEnd(0) != doc.size()) return "bad root";
  for (NodeId id = 0; id < doc.size(); ++id) {
    const Node& n = doc[id];
    const std::string at = "node " + std::to_string(id) + ": ";
    if (id > 0) {
      if (n.parent >= id) return at + "parent not before the node";
      if (n.depth != doc[n.parent].depth + 1) return at + "depth is not the parent's + 1";
      if (doc.SubtreeEnd(id) > doc.SubtreeEnd(n.parent)) return at + "subtree ends after its parent's";
      if (n.prev_sibling == kNoNode ? doc[n.parent].first_child != id
                                    : (doc[n.prev_sibling].next_sibling != id || doc[n.prev_sibling].parent != n.parent)) {
        return at + "previous-sibling link inconsistent";
      }
      if (n.next_sibling == kNoNode ? doc[n.parent].last_child != id
                                    : (n.next_sibling != doc.SubtreeEnd(id) || doc[n.next_sibling].prev_sibling != id)) {
        return at + "next-sibling link inconsistent";
      }
    }
    if (n.first_child != kNoNode) {
      if (n.first_child != id + 1 || doc[n.first_child].parent != id) return at + "first child is not the next id";
      if (n.last_child == kNoNode || doc[n.last_child].parent != id) return at + "last child inconsistent";
    } else if (n.last_child != kNoNode || doc.SubtreeEnd(id) != id + 1) {
      return at + "childless node with children";
    }
    if (n.is_text() && (n.first_child != kNoNode || n.attr_count != 0 ||
                        std::size_t{n.text_begin} + n.text_size > doc.text.size() || n.text_size == 0)) {
      return at + "bad text node";
    }
    if (std::size_t{n.attr_begin} + n.attr_count > doc.attrs.size()) return at + "attributes out of range";
    if (n.tag == Tag::kUnknown && n.name_index >= doc.unknown_names.size()) return at + "unknown name out of range";
  }
  for (const AttrEntry& e : doc.attrs) {
    if (std::size_t{e.begin} + e.size > doc.strings.size()) return "attribute value out of range";
  }
  if (decode::ValidUtf8PrefixLength(doc.text) != doc.text.size()) return "text is not valid UTF-8";
  return "";
}

}  // namespace pith::dom::testing
