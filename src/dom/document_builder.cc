// The rules by which a parser's tree becomes pith's Document (see document_builder.h).
#include "dom/document_builder.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "decode/charset.h"
#include "decode/normalize.h"

namespace pith::dom {
namespace {

inline char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (Lower(a[i]) != Lower(b[i])) return false;
  }
  return true;
}

bool ContainsIgnoreCase(std::string_view haystack, std::string_view needle) {
  if (needle.size() > haystack.size()) return false;
  for (std::size_t i = 0; i + needle.size() <= haystack.size(); ++i) {
    std::size_t k = 0;
    while (k < needle.size() && Lower(haystack[i + k]) == needle[k]) ++k;
    if (k == needle.size()) return true;
  }
  return false;
}

bool HasHiddenStyle(std::string_view style) {
  if (!ContainsIgnoreCase(style, "none") && !ContainsIgnoreCase(style, "hidden")) return false;
  std::string compact;
  compact.reserve(style.size());
  for (char c : style) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') compact.push_back(Lower(c));
  }
  return compact.find("display:none") != std::string::npos ||
         compact.find("visibility:hidden") != std::string::npos;
}

// Attribute name → kept Attr, or Attr::kCount when not kept.
Attr KeptAttr(std::string_view name) {
  if (name.size() < 2 || name.size() > 10) return Attr::kCount;
  static const auto* const kByFirstLetter = [] {
    auto* table = new std::vector<Attr>[26];
    for (std::uint8_t i = 0; i < static_cast<std::uint8_t>(Attr::kCount); ++i) {
      table[AttrName(static_cast<Attr>(i))[0] - 'a'].push_back(static_cast<Attr>(i));
    }
    return table;
  }();
  const char first = name[0];
  if (first < 'a' || first > 'z') return Attr::kCount;
  for (Attr a : kByFirstLetter[first - 'a']) {
    if (AttrName(a) == name) return a;
  }
  return Attr::kCount;
}

// Appends `s` to `pool`, folding Arabic presentation forms when the text may contain them.
std::uint32_t AppendFolded(std::string& pool, std::string_view s) {
  if (s.empty()) return 0;  // (an empty value may come with a null pointer)
  const auto begin = pool.size();
  if (std::memchr(s.data(), '\xEF', s.size()) == nullptr) {
    pool.append(s);
  } else {
    std::string tmp(s);
    decode::FoldPresentationForms(tmp);
    pool.append(tmp);
  }
  return static_cast<std::uint32_t>(pool.size() - begin);
}

std::size_t NonSpaceBytes(std::string_view s) {
  std::size_t count = 0;
  for (char c : s) count += !(c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f');
  return count;
}

void RememberLandmark(Document& doc, Tag tag, NodeId id) {
  switch (tag) {
    case Tag::kHtml: if (doc.html == kNoNode) doc.html = id; break;
    case Tag::kHead: if (doc.head == kNoNode) doc.head = id; break;
    case Tag::kBody: if (doc.body == kNoNode) doc.body = id; break;
    case Tag::kTitle: if (doc.title == kNoNode) doc.title = id; break;
    default: break;
  }
}

}  // namespace

bool IsJsonLdType(std::string_view type) { return EqualsIgnoreCase(type, "application/ld+json"); }

DocumentBuilder::DocumentBuilder(std::string_view html, Document* doc) : doc_(*doc) {
  doc_.Clear();
  const char* p = html.data();
  const char* end = p + html.size();
  while ((p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p))))) {
    newlines_.push_back(static_cast<std::uint32_t>(p - html.data()));
    ++p;
  }
  doc_.line_count = static_cast<std::uint32_t>(newlines_.size()) + 1;
  Node root;
  root.tag = Tag::kDocument;
  doc_.nodes.push_back(root);
  doc_.subtree_end.push_back(1);
  parents_.push_back(0);
}

// Source offsets mostly increase in document order: a cursor walks forward, a binary search
// serves the rest.
std::uint32_t DocumentBuilder::LineOf(std::size_t offset) {
  if (offset == kNoSourceOffset) return 0;
  if (offset < last_offset_) {
    line_cursor_ = static_cast<std::size_t>(std::lower_bound(newlines_.begin(), newlines_.end(), offset) -
                                            newlines_.begin());
  } else {
    while (line_cursor_ < newlines_.size() && newlines_[line_cursor_] < offset) ++line_cursor_;
  }
  last_offset_ = offset;
  return static_cast<std::uint32_t>(line_cursor_) + 1;
}

NodeId DocumentBuilder::Append(Node n) {
  const auto id = static_cast<NodeId>(doc_.nodes.size());
  const NodeId parent = parents_.back();
  n.parent = parent;
  Node& p = doc_.nodes[parent];
  n.depth = static_cast<std::uint16_t>(std::min<int>(p.depth + 1, 0xFFFF));
  n.flags |= p.flags;
  if (p.last_child != kNoNode) {
    doc_.nodes[p.last_child].next_sibling = id;
    n.prev_sibling = p.last_child;
  } else {
    p.first_child = id;
  }
  p.last_child = id;
  doc_.nodes.push_back(n);
  doc_.subtree_end.push_back(id + 1);
  return id;
}

std::uint16_t DocumentBuilder::UnknownNameIndex(std::string_view name, std::uint32_t name_key) {
  if (name_key < unknown_index_by_key_.size() && unknown_index_by_key_[name_key] != 0xFFFF) {
    return unknown_index_by_key_[name_key];
  }
  std::uint16_t index = 0;
  const auto found = std::find(doc_.unknown_names.begin(), doc_.unknown_names.end(), name);
  if (found != doc_.unknown_names.end()) {
    index = static_cast<std::uint16_t>(found - doc_.unknown_names.begin());
  } else if (doc_.unknown_names.size() >= 0xFFFF) {
    index = 0xFFFF - 1;
  } else {
    doc_.unknown_names.emplace_back(name);
    index = static_cast<std::uint16_t>(doc_.unknown_names.size() - 1);
  }
  if (name_key >= unknown_index_by_key_.size()) unknown_index_by_key_.resize(name_key + 1, 0xFFFF);
  unknown_index_by_key_[name_key] = index;
  return index;
}

void DocumentBuilder::BeginElement(Tag tag, std::string_view name, std::uint32_t name_key, std::size_t offset) {
  element_ = Node();
  element_.tag = tag;
  if (tag == Tag::kUnknown) element_.name_index = UnknownNameIndex(name, name_key);
  element_.line = LineOf(offset);
  element_.attr_begin = static_cast<std::uint32_t>(doc_.attrs.size());
  element_hidden_ = false;
}

void DocumentBuilder::Attribute(std::string_view key, std::string_view value) {
  switch (key.size()) {
    case 5: if (key == "style" && HasHiddenStyle(value)) element_hidden_ = true; break;
    case 6: if (key == "hidden") element_hidden_ = true; break;
    case 11: if (key == "aria-hidden" && EqualsIgnoreCase(value, "true")) element_hidden_ = true; break;
    default: break;
  }
  const Attr kept = KeptAttr(key);
  if (kept == Attr::kCount || element_.attr_count == 0xFF) return;
  for (std::uint32_t i = element_.attr_begin; i < element_.attr_begin + element_.attr_count; ++i) {
    if (doc_.attrs[i].key == kept) return;  // first occurrence wins, as in HTML5
  }
  AttrEntry e{kept, static_cast<std::uint32_t>(doc_.strings.size()), 0};
  e.size = AppendFolded(doc_.strings, value);
  doc_.attrs.push_back(e);
  ++element_.attr_count;
}

void DocumentBuilder::OpenElement() {
  if (element_hidden_) element_.flags |= kFlagHidden;
  if (element_.tag == Tag::kA) element_.flags |= kFlagInLink;
  if (element_.tag == Tag::kNoscript) element_.flags |= kFlagInNoscript;
  const NodeId id = Append(element_);
  RememberLandmark(doc_, element_.tag, id);
  parents_.push_back(id);
}

void DocumentBuilder::CloseElement() {
  doc_.subtree_end[parents_.back()] = static_cast<NodeId>(doc_.nodes.size());
  parents_.pop_back();
}

void DocumentBuilder::AppendText(std::string_view piece) { AppendFolded(doc_.text, piece); }

void DocumentBuilder::EndText(std::size_t offset) {
  if (doc_.text.size() == text_begin_) return;
  Node n;
  n.tag = Tag::kText;
  n.text_begin = static_cast<std::uint32_t>(text_begin_);
  n.text_size = static_cast<std::uint32_t>(doc_.text.size() - text_begin_);
  n.line = LineOf(offset);
  const Node& added = doc_.nodes[Append(n)];
  if ((added.flags & kFlagInNoscript) && !(added.flags & kFlagHidden)) {
    noscript_chars_ += NonSpaceBytes(std::string_view(doc_.text).substr(added.text_begin, added.text_size));
  }
}

void DocumentBuilder::Finish() {
  while (!parents_.empty()) CloseElement();
  ResolveNoscript();
  KeepTextValidUtf8();
}

// The parser runs with scripting off, so <noscript> content is parsed as markup. A browser with
// scripts shows it to nobody, and on most pages it is a "please enable JavaScript" line, so it is
// hidden. Pages that render their text with scripts and ship it only inside <noscript> (forum
// engines, single-page apps with a crawler fallback) would then have no text at all: when the
// <noscript> text outweighs the visible text outside it many times over (the page is all but empty
// without it), it is what a reader gets, and stays.
void DocumentBuilder::ResolveNoscript() {
  constexpr std::size_t kNoscriptShare = 10;
  if (noscript_chars_ == 0) return;
  // The visible text is only counted on pages whose <noscript> holds text, and only as far as
  // needed to reject it.
  std::size_t visible = 0;
  for (const Node& n : doc_.nodes) {
    if (!n.is_text() || (n.flags & (kFlagHidden | kFlagInNoscript))) continue;
    visible += NonSpaceBytes(std::string_view(doc_.text).substr(n.text_begin, n.text_size));
    if (kNoscriptShare * visible >= noscript_chars_) break;
  }
  if (noscript_chars_ > kNoscriptShare * visible) return;
  for (Node& n : doc_.nodes) {
    if (n.flags & kFlagInNoscript) n.flags |= kFlagHidden;
  }
}

// The input is valid UTF-8 without NULs (decode's contract); should the parser's preprocessing
// still split a sequence, the stray bytes become '?' in place (byte ranges of text nodes stay put),
// so that nothing downstream — JSON output above all — ever sees invalid UTF-8.
void DocumentBuilder::KeepTextValidUtf8() {
  std::string& t = doc_.text;
  std::size_t i = 0;
  while ((i += decode::ValidUtf8PrefixLength(std::string_view(t).substr(i))) < t.size()) t[i++] = '?';
}

}  // namespace pith::dom
