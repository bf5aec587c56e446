// MyHTML → pith::dom::Document. MyHTML (Debian libmodest) is used in single-threaded mode with one
// parser and one tree per thread, fed valid UTF-8 only (its own charset decoders are never used).
// A linear pre-scan of the tags estimates the nesting depth and finds the contents of <script> and
// <style>; MyHTML is given the page without them (their newlines stay), and the tree is checked to
// have those elements where the scan saw them, else the page is parsed whole.
// The conversion walks MyHTML's tree iteratively (first-child / next-sibling / parent links), so
// depth costs no stack. Character references are decoded by MyHTML's HTML5 tokenizer (full named
// table, numeric references with the windows-1252 remapping of &#128;–&#159;).
#include "dom/parse.h"

#include <myhtml/api.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "decode/charset.h"
#include "decode/normalize.h"

namespace pith::dom {
namespace {

// One MyHTML parser + tree per thread, created on first use.
class MyHtmlSession {
 public:
  MyHtmlSession() {
    parser_ = myhtml_create();
    if (!parser_ || myhtml_init(parser_, MyHTML_OPTIONS_PARSE_MODE_SINGLE, 1, 0) != MyHTML_STATUS_OK) {
      return;
    }
    tree_ = myhtml_tree_create();
    if (!tree_ || myhtml_tree_init(tree_, parser_) != MyHTML_STATUS_OK) {
      tree_ = nullptr;
      return;
    }
    myhtml_tree_parse_flags_set(tree_, MyHTML_TREE_PARSE_FLAGS_WITHOUT_DOCTYPE_IN_TREE);
  }
  ~MyHtmlSession() {
    if (tree_) myhtml_tree_destroy(tree_);
    if (parser_) myhtml_destroy(parser_);
  }
  MyHtmlSession(const MyHtmlSession&) = delete;
  MyHtmlSession& operator=(const MyHtmlSession&) = delete;

  myhtml_tree_t* tree() const { return tree_; }

  // MyHTML tag id → pith Tag, cached (custom elements get ids past MyHTML_TAG_LAST_ENTRY).
  Tag MapTag(myhtml_tag_id_t id) {
    if (id >= tag_map_.size()) tag_map_.resize(id + 1, kUnmapped);
    if (tag_map_[id] == kUnmapped) {
      std::size_t len = 0;
      const char* name = myhtml_tag_name_by_id(tree_, id, &len);
      tag_map_[id] = name ? TagFromName(std::string_view(name, len)) : Tag::kUnknown;
    }
    return tag_map_[id];
  }
  std::string_view TagNameOf(myhtml_tag_id_t id) {
    std::size_t len = 0;
    const char* name = myhtml_tag_name_by_id(tree_, id, &len);
    return name ? std::string_view(name, len) : std::string_view("unknown");
  }
  // Ids of custom elements are assigned per tree; forget them between documents.
  void ResetTagCache() {
    if (tag_map_.size() > MyHTML_TAG_LAST_ENTRY) tag_map_.resize(MyHTML_TAG_LAST_ENTRY);
  }

 private:
  static constexpr Tag kUnmapped = Tag::kDocument;
  myhtml_t* parser_ = nullptr;
  myhtml_tree_t* tree_ = nullptr;
  std::vector<Tag> tag_map_;
};

MyHtmlSession& Session() {
  thread_local MyHtmlSession session;
  return session;
}

// Up to 8 bytes of a name in one integer, first byte lowest, for comparisons against constants.
constexpr std::uint64_t PackName(std::string_view name) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < name.size() && i < 8; ++i) v |= std::uint64_t{static_cast<unsigned char>(name[i])} << (8 * i);
  return v;
}

// Names of one length, packed.
template <std::size_t N>
struct PackedNames {
  std::array<std::uint64_t, N> packed{};
  constexpr explicit PackedNames(const std::string_view (&names)[N]) {
    for (std::size_t i = 0; i < N; ++i) packed[i] = PackName(names[i]);
  }
  bool Contains(std::uint64_t name) const { return std::find(packed.begin(), packed.end(), name) != packed.end(); }
};

// Elements that never open a nesting level for the depth estimate: void elements and elements whose
// end tag is optional (or which the tree builder reparents), so that "<li><li><li>" is not 3 deep.
// This runs once per tag of every page: names are grouped by length and compared as integers.
bool IsVoidOrOptionalEnd(std::string_view name) {
  static constexpr std::string_view k1[] = {"p"};
  static constexpr std::string_view k2[] = {"br", "dd", "dt", "hr", "li", "rb", "rp", "rt", "td", "th", "tr"};
  static constexpr std::string_view k3[] = {"col", "img", "rtc", "wbr"};
  static constexpr std::string_view k4[] = {"area", "base", "body", "head", "html", "link", "meta"};
  static constexpr std::string_view k5[] = {"embed", "frame", "image", "input", "param", "tbody", "tfoot", "thead", "track"};
  static constexpr std::string_view k6[] = {"keygen", "nextid", "option", "source", "spacer"};
  static constexpr std::string_view k7[] = {"bgsound", "isindex"};
  static constexpr std::string_view k8[] = {"basefont", "colgroup", "optgroup"};
  static constexpr PackedNames p1(k1);
  static constexpr PackedNames p2(k2);
  static constexpr PackedNames p3(k3);
  static constexpr PackedNames p4(k4);
  static constexpr PackedNames p5(k5);
  static constexpr PackedNames p6(k6);
  static constexpr PackedNames p7(k7);
  static constexpr PackedNames p8(k8);
  const std::uint64_t packed = PackName(name);
  switch (name.size()) {
    case 1: return p1.Contains(packed);
    case 2: return p2.Contains(packed);
    case 3: return p3.Contains(packed);
    case 4: return p4.Contains(packed);
    case 5: return p5.Contains(packed);
    case 6: return p6.Contains(packed);
    case 7: return p7.Contains(packed);
    case 8: return p8.Contains(packed);
    default: return false;
  }
}

bool IsRawTextElement(std::string_view name) {
  switch (name.size()) {
    case 3: return name == "xmp";
    case 5: return name == "style" || name == "title";
    case 6: return name == "script" || name == "iframe";
    case 7: return name == "noembed";
    case 8: return name == "textarea";
    case 9: return name == "plaintext";
    default: return false;
  }
}

inline char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }
inline bool IsAsciiAlpha(char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }

// Case-insensitive search for the end tag "</name" followed by whitespace, '/' or '>' (the end of
// a raw-text element's content, HTML5 §13.2.5) starting at pos; returns npos if absent.
std::size_t FindEndTag(std::string_view html, std::size_t pos, std::string_view name) {
  while (true) {
    pos = html.find("</", pos);
    if (pos == std::string_view::npos) return pos;
    const std::size_t after = pos + 2 + name.size();
    bool match = after < html.size();
    for (std::size_t k = 0; match && k < name.size(); ++k) {
      match = Lower(html[pos + 2 + k]) == name[k];
    }
    if (match) {
      const char c = html[after];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/' || c == '>') return pos;
    }
    pos += 2;
  }
}

// The '>' that ends a start tag whose name ends before `pos`, skipping quoted attribute values
// ("<script data-x='a>b'>"); npos if the tag never ends.
std::size_t StartTagEnd(std::string_view html, std::size_t pos) {
  while (pos < html.size()) {
    const char c = html[pos];
    if (c == '>') return pos;
    if (c != '=') {
      ++pos;
      continue;
    }
    ++pos;
    while (pos < html.size() && (html[pos] == ' ' || html[pos] == '\t' || html[pos] == '\n' ||
                                 html[pos] == '\r' || html[pos] == '\f')) {
      ++pos;
    }
    if (pos < html.size() && (html[pos] == '"' || html[pos] == '\'')) {
      const std::size_t close = html.find(html[pos], pos + 1);
      if (close == std::string_view::npos) return close;
      pos = close + 1;
    }
  }
  return std::string_view::npos;
}

// Byte offsets of every newline; the line of offset o is 1 + the number of newlines before o.
std::vector<std::uint32_t> NewlineOffsets(std::string_view s) {
  std::vector<std::uint32_t> out;
  const char* p = s.data();
  const char* end = p + s.size();
  while ((p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p))))) {
    out.push_back(static_cast<std::uint32_t>(p - s.data()));
    ++p;
  }
  return out;
}

std::uint32_t LineOf(const std::vector<std::uint32_t>& newlines, std::size_t offset) {
  return static_cast<std::uint32_t>(std::lower_bound(newlines.begin(), newlines.end(), offset) -
                                    newlines.begin()) + 1;
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

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (Lower(a[i]) != Lower(b[i])) return false;
  }
  return true;
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
  if (s.empty()) return 0;  // (an empty attribute value may come with a null pointer)
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

bool SkipsSubtree(myhtml_tag_id_t id) {
  switch (id) {
    case MyHTML_TAG__COMMENT: case MyHTML_TAG__DOCTYPE: case MyHTML_TAG_SCRIPT:
    case MyHTML_TAG_STYLE: case MyHTML_TAG_TEMPLATE:
    case MyHTML_TAG_IFRAME: case MyHTML_TAG_SVG: case MyHTML_TAG_MATH: case MyHTML_TAG_TEXTAREA:
    case MyHTML_TAG_NOEMBED: case MyHTML_TAG_NOFRAMES: case MyHTML_TAG_OBJECT:
      return true;
    default:
      return false;
  }
}

class TreeBuilder {
 public:
  // `raw_element_tags`: sorted offsets where the input should have <script> or <style> elements.
  TreeBuilder(MyHtmlSession& session, std::string_view html, const std::vector<std::size_t>& raw_element_tags,
              Document* doc)
      : session_(session), doc_(*doc), newlines_(NewlineOffsets(html)), raw_element_tags_(raw_element_tags) {}

  // How many of raw_element_tags the tree has.
  std::size_t raw_elements_found() const { return raw_elements_found_; }

  void Build(myhtml_tree_node_t* root) {
    doc_.line_count = static_cast<std::uint32_t>(newlines_.size()) + 1;
    Node document;
    document.tag = Tag::kDocument;
    doc_.nodes.push_back(document);
    doc_.subtree_end.push_back(1);
    // Iterative pre-order walk; `parents` mirrors the open path in our arena.
    std::vector<NodeId> parents{0};
    myhtml_tree_node_t* node = myhtml_node_child(root);
    while (node) {
      myhtml_tree_node_t* descend = nullptr;
      const myhtml_tag_id_t id = myhtml_node_tag_id(node);
      if (id == MyHTML_TAG__TEXT) {
        AddText(node, parents.back());
      } else if (id == MyHTML_TAG_SCRIPT) {
        NoteRawElements(node);
        CollectJsonLd(node);
      } else if ((id == MyHTML_TAG_NOSCRIPT && doc_.body == kNoNode) || SkipsSubtree(id) || id == MyHTML_TAG__UNDEF) {
        // Not read: <noscript> in <head> holds <link>/<meta>/<style>; see SkipsSubtree.
        NoteRawElements(node);
      } else {
        const NodeId me = AddElement(node, id, parents.back());
        if (myhtml_node_child(node)) {
          parents.push_back(me);
          descend = myhtml_node_child(node);
        } else {
          Close(me);
        }
      }
      if (descend) {
        node = descend;
        continue;
      }
      // Next sibling, or climb until an ancestor has one (closing the arena nodes we leave).
      while (node && !myhtml_node_next(node)) {
        node = myhtml_node_parent(node);
        if (node == root || !node) {
          node = nullptr;
          break;
        }
        Close(parents.back());
        parents.pop_back();
      }
      if (node) node = myhtml_node_next(node);
    }
    while (!parents.empty()) {
      Close(parents.back());
      parents.pop_back();
    }
    ResolveNoscript();
    KeepTextValidUtf8();
  }

 private:
  NodeId Append(Node n, NodeId parent) {
    const auto id = static_cast<NodeId>(doc_.nodes.size());
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

  // Counts the <script> and <style> elements listed in raw_element_tags_ at `node` and in its
  // subtree, which the walk in Build does not enter (<svg> icons with a <style>, <template>s).
  void NoteRawElements(myhtml_tree_node_t* top) {
    if (raw_element_tags_.empty()) return;
    myhtml_tree_node_t* node = top;
    while (node) {
      const myhtml_tag_id_t id = myhtml_node_tag_id(node);
      const bool raw = id == MyHTML_TAG_SCRIPT || id == MyHTML_TAG_STYLE;
      // Only HTML's <script> and <style> hold raw text: in <svg> and <math> their content is markup.
      if (raw && myhtml_node_namespace(node) == MyHTML_NAMESPACE_HTML &&
          std::binary_search(raw_element_tags_.begin(), raw_element_tags_.end(),
                             myhtml_node_element_position(node).begin)) {
        ++raw_elements_found_;
      }
      if (!raw && myhtml_node_child(node)) {
        node = myhtml_node_child(node);
        continue;
      }
      while (node != top && !myhtml_node_next(node)) node = myhtml_node_parent(node);
      node = node == top ? nullptr : myhtml_node_next(node);
    }
  }

  void Close(NodeId id) { doc_.subtree_end[id] = static_cast<NodeId>(doc_.nodes.size()); }

  // The parser runs with scripting off, so <noscript> content is parsed as markup. A browser with
  // scripts shows it to nobody, and on most pages it is a "please enable JavaScript" line, so it is
  // hidden. Pages that render their text with scripts and ship it only inside <noscript> (forum
  // engines, single-page apps with a crawler fallback) would then have no text at all: when the
  // <noscript> text outweighs the visible text outside it many times over (the page is all but empty
  // without it), it is what a reader gets, and stays.
  static constexpr std::size_t kNoscriptShare = 10;
  void ResolveNoscript() {
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
  void KeepTextValidUtf8() {
    std::string& t = doc_.text;
    std::size_t i = 0;
    while ((i += decode::ValidUtf8PrefixLength(std::string_view(t).substr(i))) < t.size()) t[i++] = '?';
  }

  static std::size_t NonSpaceBytes(std::string_view s) {
    std::size_t count = 0;
    for (char c : s) count += !(c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f');
    return count;
  }

  bool HasAttr(const Node& n, Attr key) const {
    for (std::uint32_t i = n.attr_begin; i < n.attr_begin + n.attr_count; ++i) {
      if (doc_.attrs[i].key == key) return true;
    }
    return false;
  }

  // Source positions mostly increase in tree order: walk a cursor forward, binary-search otherwise.
  std::uint32_t LineOfNode(myhtml_tree_node_t* node) {
    const myhtml_position_t pos = myhtml_node_raw_position(node);
    if (pos.begin == 0 && pos.length == 0) return 0;
    if (pos.begin < last_offset_) {
      line_cursor_ = LineOf(newlines_, pos.begin) - 1;
    } else {
      while (line_cursor_ < newlines_.size() && newlines_[line_cursor_] < pos.begin) ++line_cursor_;
    }
    last_offset_ = pos.begin;
    return static_cast<std::uint32_t>(line_cursor_) + 1;
  }

  void AddText(myhtml_tree_node_t* node, NodeId parent) {
    std::size_t len = 0;
    const char* text = myhtml_node_text(node, &len);
    if (!text || len == 0) return;
    Node n;
    n.tag = Tag::kText;
    n.text_begin = static_cast<std::uint32_t>(doc_.text.size());
    n.text_size = AppendFolded(doc_.text, std::string_view(text, len));
    n.line = LineOfNode(node);
    const NodeId me = Append(n, parent);
    Close(me);
    const Node& added = doc_.nodes[me];
    if ((added.flags & kFlagInNoscript) && !(added.flags & kFlagHidden)) {
      noscript_chars_ += NonSpaceBytes(std::string_view(doc_.text).substr(added.text_begin, added.text_size));
    }
  }

  void CollectJsonLd(myhtml_tree_node_t* node) {
    bool is_ld = false;
    for (myhtml_tree_attr_t* a = myhtml_node_attribute_first(node); a; a = myhtml_attribute_next(a)) {
      std::size_t klen = 0, vlen = 0;
      const char* k = myhtml_attribute_key(a, &klen);
      const char* v = myhtml_attribute_value(a, &vlen);
      if (k && v && std::string_view(k, klen) == "type" &&
          EqualsIgnoreCase(std::string_view(v, vlen), "application/ld+json")) {
        is_ld = true;
      }
    }
    if (!is_ld) return;
    std::string body;
    for (myhtml_tree_node_t* c = myhtml_node_child(node); c; c = myhtml_node_next(c)) {
      std::size_t len = 0;
      const char* t = myhtml_node_text(c, &len);
      if (t) body.append(t, len);
    }
    if (!body.empty()) doc_.json_ld.push_back(std::move(body));
  }

  NodeId AddElement(myhtml_tree_node_t* node, myhtml_tag_id_t id, NodeId parent) {
    Node n;
    n.tag = session_.MapTag(id);
    if (n.tag == Tag::kUnknown) n.name_index = UnknownNameIndex(session_.TagNameOf(id));
    n.line = LineOfNode(node);
    n.attr_begin = static_cast<std::uint32_t>(doc_.attrs.size());
    bool hidden = false;
    for (myhtml_tree_attr_t* a = myhtml_node_attribute_first(node); a; a = myhtml_attribute_next(a)) {
      std::size_t klen = 0, vlen = 0;
      const char* k = myhtml_attribute_key(a, &klen);
      const char* v = myhtml_attribute_value(a, &vlen);
      if (!k) continue;
      const std::string_view key(k, klen);
      const std::string_view value = v ? std::string_view(v, vlen) : std::string_view();
      switch (key.size()) {
        case 5: if (key == "style" && HasHiddenStyle(value)) hidden = true; break;
        case 6: if (key == "hidden") hidden = true; break;
        case 11: if (key == "aria-hidden" && EqualsIgnoreCase(value, "true")) hidden = true; break;
        default: break;
      }
      const Attr kept = KeptAttr(key);
      if (kept == Attr::kCount || n.attr_count == 0xFF) continue;
      if (HasAttr(n, kept)) continue;  // first occurrence wins, as in HTML5
      AttrEntry e{kept, static_cast<std::uint32_t>(doc_.strings.size()), 0};
      e.size = AppendFolded(doc_.strings, value);
      doc_.attrs.push_back(e);
      ++n.attr_count;
    }
    if (hidden) n.flags |= kFlagHidden;
    if (n.tag == Tag::kA) n.flags |= kFlagInLink;
    if (n.tag == Tag::kNoscript) n.flags |= kFlagInNoscript;
    const NodeId me = Append(n, parent);
    RememberLandmark(n.tag, me);
    return me;
  }

  void RememberLandmark(Tag tag, NodeId id) {
    switch (tag) {
      case Tag::kHtml: if (doc_.html == kNoNode) doc_.html = id; break;
      case Tag::kHead: if (doc_.head == kNoNode) doc_.head = id; break;
      case Tag::kBody: if (doc_.body == kNoNode) doc_.body = id; break;
      case Tag::kTitle: if (doc_.title == kNoNode) doc_.title = id; break;
      default: break;
    }
  }

  std::uint16_t UnknownNameIndex(std::string_view name) {
    for (std::size_t i = 0; i < doc_.unknown_names.size(); ++i) {
      if (doc_.unknown_names[i] == name) return static_cast<std::uint16_t>(i);
    }
    if (doc_.unknown_names.size() >= 0xFFFF) return 0xFFFF - 1;
    doc_.unknown_names.emplace_back(name);
    return static_cast<std::uint16_t>(doc_.unknown_names.size() - 1);
  }

  MyHtmlSession& session_;
  Document& doc_;
  std::vector<std::uint32_t> newlines_;
  std::size_t line_cursor_ = 0;   // newlines_[line_cursor_ - 1] < last_offset_ <= newlines_[line_cursor_]
  std::size_t last_offset_ = 0;
  std::size_t noscript_chars_ = 0;  // non-space text bytes inside <noscript> (and not hidden otherwise)
  const std::vector<std::size_t>& raw_element_tags_;
  std::size_t raw_elements_found_ = 0;
};

// What one linear pass over the tags finds.
struct MarkupScan {
  int max_depth = 0;  // see EstimateNestingDepth
  // Contents of <script> and <style> elements that MyHTML need not see (about a third of the bytes
  // of a typical page, which pith never reads): the offset of the element's '<' and the content's
  // byte range. Not listed: JSON-LD scripts (metadata reads them), scripts whose content holds
  // "<!--" (the tokenizer's escaped states could end them elsewhere) and unterminated elements.
  struct RawContent {
    std::size_t tag, begin, end;
  };
  std::vector<RawContent> omissible;
};

MarkupScan ScanMarkup(std::string_view html) {
  MarkupScan scan;
  int depth = 0;
  int foreign = 0;  // open <svg> and <math> elements
  std::size_t i = 0;
  const std::size_t n = html.size();
  char name_buf[16];  // tag names are compared only up to 15 bytes; every listed name is shorter
  while (i < n) {
    const std::size_t lt = html.find('<', i);
    if (lt == std::string_view::npos || lt + 1 >= n) break;
    i = lt + 1;
    if (html[i] == '!' && i + 2 < n && html[i + 1] == '-' && html[i + 2] == '-') {
      const std::size_t end = html.find("-->", i + 3);
      i = end == std::string_view::npos ? n : end + 3;
      continue;
    }
    const bool closing = html[i] == '/';
    if (closing) ++i;
    if (i >= n || !IsAsciiAlpha(html[i])) continue;
    std::size_t name_size = 0;
    while (i < n && name_size < sizeof name_buf && html[i] != '>' && html[i] != '/' &&
           html[i] != ' ' && html[i] != '\t' && html[i] != '\n' && html[i] != '\r' && html[i] != '\f') {
      name_buf[name_size++] = Lower(html[i++]);
    }
    const std::string_view name(name_buf, name_size);
    const std::size_t gt = html.find('>', i);
    if (gt == std::string_view::npos) break;
    const bool self_closing = gt > 0 && html[gt - 1] == '/';
    const std::size_t name_end = i;
    i = gt + 1;
    if (IsVoidOrOptionalEnd(name)) continue;
    const bool script = name == "script", style = name == "style";
    if ((name == "svg" || name == "math") && !self_closing) {
      if (closing && foreign > 0) --foreign;
      if (!closing) ++foreign;
    }
    if (closing) {
      if (depth > 0) --depth;
      continue;
    }
    // Inside <svg> and <math> a <script> or <style> holds markup, not raw text.
    if (IsRawTextElement(name) && !(foreign > 0 && (script || style))) {
      if (script || style) {
        // The content starts after the real end of the start tag (quoted values may hold '>').
        const std::size_t tag_end = StartTagEnd(html, name_end);
        if (tag_end == std::string_view::npos) break;
        i = tag_end + 1;
      }
      const std::size_t end = FindEndTag(html, i, name);
      if ((script || style) && end != std::string_view::npos && end > i) {
        const std::string_view content = html.substr(i, end - i);
        const bool keep = script && (ContainsIgnoreCase(html.substr(lt, i - lt), "ld+json") ||
                                     content.find("<!--") != std::string_view::npos);
        if (!keep) scan.omissible.push_back({lt, i, end});
      }
      i = end == std::string_view::npos ? n : end;
      continue;
    }
    if (!self_closing) scan.max_depth = std::max(scan.max_depth, ++depth);
  }
  return scan;
}

// `html` without the omissible contents, each replaced by its newlines (line numbers stay), into
// `out`; the offsets of the omitted elements' '<' in `out` go to `tags`.
std::string_view OmitRawContents(std::string_view html, const std::vector<MarkupScan::RawContent>& omit,
                                 std::string* out, std::vector<std::size_t>* tags) {
  out->clear();
  out->reserve(html.size());
  tags->clear();
  std::size_t pos = 0;
  for (const MarkupScan::RawContent& r : omit) {
    out->append(html.substr(pos, r.begin - pos));
    tags->push_back(out->size() - (r.begin - r.tag));
    for (const char* p = html.data() + r.begin, *end = html.data() + r.end;
         (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)))); ++p) {
      out->push_back('\n');
    }
    pos = r.end;
  }
  out->append(html.substr(pos));
  return *out;
}

// Parses `input` with MyHTML into `doc` (a MyHTML failure goes to `status`). False when an offset
// of `omitted_tags` starts no HTML <script> or <style> element of the tree: only where MyHTML's
// tokenizer really read such a start tag was the omitted content raw text, so that the tree is the
// one the whole page gives; otherwise the page must be parsed whole.
bool ParseWithMyHtml(MyHtmlSession& session, std::string_view input, const std::vector<std::size_t>& omitted_tags,
                     Document* doc, Status* status) {
  doc->Clear();
  session.ResetTagCache();
  if (myhtml_parse(session.tree(), MyENCODING_UTF_8, input.data(), input.size()) != MyHTML_STATUS_OK) {
    *status = Status(StatusCode::kInternal, "MyHTML failed to parse the input");
    myhtml_tree_clean(session.tree());
    return true;
  }
  myhtml_tree_node_t* root = myhtml_tree_get_document(session.tree());
  TreeBuilder builder(session, input, omitted_tags, doc);
  if (root) builder.Build(root);
  if (doc->nodes.empty()) {
    doc->nodes.push_back(Node{});
    doc->subtree_end.push_back(1);
  }
  myhtml_tree_clean(session.tree());
  return builder.raw_elements_found() == omitted_tags.size();
}

}  // namespace

int EstimateNestingDepth(std::string_view html) { return ScanMarkup(html).max_depth; }

Status Parse(std::string_view html, const ParseLimits& limits, Document* doc) {
  doc->Clear();
  const MarkupScan scan = ScanMarkup(html);
  if (scan.max_depth > limits.max_nesting_depth) {
    return Status(StatusCode::kTooDeep, "element nesting reaches " + std::to_string(scan.max_depth) +
                                            " levels (limit " +
                                            std::to_string(limits.max_nesting_depth) + ")");
  }
  MyHtmlSession& session = Session();
  if (!session.tree()) return Status(StatusCode::kInternal, "MyHTML failed to initialise");
  Status status = Status::Ok();
  if (limits.omit_raw_contents && !scan.omissible.empty()) {
    std::string compact;
    std::vector<std::size_t> omitted_tags;
    const std::string_view input = OmitRawContents(html, scan.omissible, &compact, &omitted_tags);
    if (ParseWithMyHtml(session, input, omitted_tags, doc, &status)) return status;
    // The scan took text for a <script> or <style> that MyHTML did not (a tag inside a comment form
    // it does not know, a frameset page): parse the page as it is.
  }
  ParseWithMyHtml(session, html, {}, doc, &status);
  return status;
}

}  // namespace pith::dom
