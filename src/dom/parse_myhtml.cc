// MyHTML → pith::dom::Document, the reference of pith's own parser. MyHTML (Debian libmodest) is used
// in single-threaded mode with one parser and one tree per thread, fed valid UTF-8 only (its own
// charset decoders are never used), and given the page whole. Its tree is written by the rules of
// document_builder.h, walked iteratively (first-child / next-sibling / parent links).
#include "dom/parse_myhtml.h"

// MyHTML's internal headers (api.h repeats their declarations): tree.h exposes the stack of open
// elements, whose depth the reference measures.
#include <myhtml/callback.h>
#include <myhtml/myhtml.h>
#include <myhtml/tree.h>

#include <string>
#include <vector>

#include "dom/document_builder.h"

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
  std::string_view TagNameOf(myhtml_tag_id_t id) const {
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

// MyHTML's tree as a WriteDocument source.
class MyHtmlSource {
 public:
  using Node = myhtml_tree_node_t*;
  static constexpr Node kNone = nullptr;
  static constexpr bool kTextIsValidUtf8 = false;

  MyHtmlSource(MyHtmlSession& session, Node root) : session_(session), root_(root) {}

  Node Root() const { return root_; }
  Node FirstChild(Node n) const { return myhtml_node_child(n); }
  Node NextSibling(Node n) const { return myhtml_node_next(n); }
  Node Parent(Node n) const { return myhtml_node_parent(n); }

  SourceRole Role(Node n) const {
    switch (myhtml_node_tag_id(n)) {
      case MyHTML_TAG__TEXT: return SourceRole::kText;
      case MyHTML_TAG_SCRIPT: return SourceRole::kScript;
      case MyHTML_TAG_NOSCRIPT: return SourceRole::kNoscript;
      case MyHTML_TAG_MATH: return SourceRole::kMathml;
      case MyHTML_TAG__UNDEF: case MyHTML_TAG__COMMENT: case MyHTML_TAG__DOCTYPE: case MyHTML_TAG_STYLE:
      case MyHTML_TAG_TEMPLATE: case MyHTML_TAG_IFRAME: case MyHTML_TAG_SVG:
      case MyHTML_TAG_NOEMBED: case MyHTML_TAG_NOFRAMES: case MyHTML_TAG_OBJECT:
        return SourceRole::kDropped;
      case MyHTML_TAG_TEXTAREA: case MyHTML_TAG_VIDEO: case MyHTML_TAG_AUDIO: case MyHTML_TAG_RP:
        return SourceRole::kEmpty;
      default:
        return SourceRole::kElement;
    }
  }
  Tag TagOf(Node n) const { return session_.MapTag(myhtml_node_tag_id(n)); }
  std::string_view NameOf(Node n) const { return session_.TagNameOf(myhtml_node_tag_id(n)); }
  std::uint32_t NameKey(Node n) const { return static_cast<std::uint32_t>(myhtml_node_tag_id(n)); }
  std::size_t Offset(Node n) const {
    const myhtml_position_t pos = myhtml_node_raw_position(n);
    return pos.begin == 0 && pos.length == 0 ? kNoSourceOffset : pos.begin;
  }
  template <class F>
  void ForEachAttribute(Node n, F f) const {
    for (myhtml_tree_attr_t* a = myhtml_node_attribute_first(n); a; a = myhtml_attribute_next(a)) {
      std::size_t klen = 0, vlen = 0;
      const char* k = myhtml_attribute_key(a, &klen);
      const char* v = myhtml_attribute_value(a, &vlen);
      if (k) f(std::string_view(k, klen), v ? std::string_view(v, vlen) : std::string_view());
    }
  }
  template <class F>
  void ForEachTextPiece(Node n, F f) const {
    std::size_t len = 0;
    const char* text = myhtml_node_text(n, &len);
    if (text) f(std::string_view(text, len));
  }
  template <class F>
  void ForEachChildText(Node n, F f) const {
    for (Node c = myhtml_node_child(n); c; c = myhtml_node_next(c)) ForEachTextPiece(c, f);
  }

 private:
  MyHtmlSession& session_;
  Node root_;
};

// The deepest MyHTML's stack of open elements was after any token.
void* MeasureDepth(myhtml_tree_t* tree, myhtml_token_node_t*, void* ctx) {
  std::size_t& deepest = *static_cast<std::size_t*>(ctx);
  if (tree->open_elements && tree->open_elements->length > deepest) deepest = tree->open_elements->length;
  return ctx;
}

}  // namespace

Status ParseWithMyHtml(std::string_view html, const ParseLimits& limits, Document* doc) {
  doc->Clear();
  MyHtmlSession& session = Session();
  if (!session.tree()) return Status(StatusCode::kInternal, "MyHTML failed to initialise");
  session.ResetTagCache();
  std::size_t deepest = 0;
  myhtml_callback_after_token_done_set(session.tree(), MeasureDepth, &deepest);
  const bool parsed = myhtml_parse(session.tree(), MyENCODING_UTF_8, html.data(), html.size()) == MyHTML_STATUS_OK;
  myhtml_callback_after_token_done_set(session.tree(), nullptr, nullptr);
  Status status = Status::Ok();
  if (!parsed) {
    status = Status(StatusCode::kInternal, "MyHTML failed to parse the input");
  } else if (deepest > static_cast<std::size_t>(limits.max_nesting_depth)) {
    status = Status(StatusCode::kTooDeep, "element nesting reaches " + std::to_string(deepest) + " levels (limit " +
                                              std::to_string(limits.max_nesting_depth) + ")");
  } else if (myhtml_tree_node_t* root = myhtml_tree_get_document(session.tree())) {
    WriteDocument(MyHtmlSource(session, root), html, doc);
  } else {
    status = Status(StatusCode::kInternal, "MyHTML built no document");
  }
  myhtml_tree_clean(session.tree());
  return status;
}

}  // namespace pith::dom
