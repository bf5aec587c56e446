// html5lib (Debian's python3-html5lib), the third HTML parser of the parse differential, as a pith
// Document, and the verdict of the three parsers on a page. scripts/html5lib_tree.py parses the page
// and prints its tree as JSON, which is written here by document_builder.h's rules, as MyHTML's tree
// is (src/dom/parse_myhtml.cc). html5lib breaks the ties where pith and MyHTML disagree and no known
// MyHTML deviation (parse_compare.h) explains it: when html5lib builds pith's Document, the
// difference is MyHTML's (fuzz/parse_fuzz.cc, scripts/parse_oracle.sh); and it checks that each
// known deviation is MyHTML's and not pith's (tests/html_parser_corpus_test.cc). html5lib reports no
// source positions: comparisons with it leave the lines out (WithoutLines).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>
#include <unistd.h>
#include <unordered_map>
#include <utility>
#include <vector>

#include "dom/document.h"
#include "dom/document_builder.h"
#include "dom/parse.h"
#include "dom/tags.h"
#include "parse_compare.h"
#include "pith/status.h"

#ifndef PITH_HTML5LIB_TREE
#error "PITH_HTML5LIB_TREE must name scripts/html5lib_tree.py (CMakeLists.txt)"
#endif

namespace pith::dom::testing {

// html5lib's JSON tree, flattened, as a WriteDocument source.
class Html5libTree {
 public:
  using Node = std::int32_t;
  static constexpr Node kNone = -1;
  static constexpr bool kTextIsValidUtf8 = false;

  explicit Html5libTree(const nlohmann::json& children) {
    nodes_.push_back({});  // the document
    Add(children, 0);
  }

  Node Root() const { return 0; }
  Node FirstChild(Node n) const { return nodes_[n].first_child; }
  Node NextSibling(Node n) const { return nodes_[n].next_sibling; }
  Node Parent(Node n) const { return nodes_[n].parent; }
  SourceRole Role(Node n) const { return nodes_[n].role; }
  Tag TagOf(Node n) const { return TagFromName(nodes_[n].name); }
  std::string_view NameOf(Node n) const { return nodes_[n].name; }
  std::uint32_t NameKey(Node n) const { return nodes_[n].name_key; }
  std::size_t Offset(Node) const { return kNoSourceOffset; }
  template <class F>
  void ForEachAttribute(Node n, F f) const {
    for (const auto& [key, value] : nodes_[n].attributes) f(key, value);
  }
  template <class F>
  void ForEachTextPiece(Node n, F f) const {
    f(nodes_[n].text);
  }
  template <class F>
  void ForEachChildText(Node n, F f) const {
    for (Node c = nodes_[n].first_child; c != kNone; c = nodes_[c].next_sibling) {
      if (nodes_[c].role == SourceRole::kText) f(nodes_[c].text);
    }
  }

 private:
  struct Entry {
    std::string name, text;
    std::vector<std::pair<std::string, std::string>> attributes;
    SourceRole role = SourceRole::kElement;
    std::uint32_t name_key = 0;
    Node parent = kNone, first_child = kNone, next_sibling = kNone;
  };

  // The roles of parse_myhtml.cc's MyHtmlSource, by name.
  static SourceRole RoleOf(std::string_view name) {
    static const std::unordered_map<std::string_view, SourceRole> roles = {
        {"script", SourceRole::kScript},    {"noscript", SourceRole::kNoscript}, {"#comment", SourceRole::kDropped},
        {"style", SourceRole::kDropped},    {"template", SourceRole::kDropped},  {"iframe", SourceRole::kDropped},
        {"svg", SourceRole::kDropped},      {"math", SourceRole::kDropped},      {"noembed", SourceRole::kDropped},
        {"noframes", SourceRole::kDropped}, {"object", SourceRole::kDropped},    {"textarea", SourceRole::kEmpty},
        {"video", SourceRole::kEmpty},      {"audio", SourceRole::kEmpty},       {"rp", SourceRole::kEmpty}};
    const auto it = roles.find(name);
    return it == roles.end() ? SourceRole::kElement : it->second;
  }

  void Add(const nlohmann::json& children, Node parent) {
    Node last = kNone;
    for (const nlohmann::json& child : children) {
      const Node id = static_cast<Node>(nodes_.size());
      Entry& e = nodes_.emplace_back();
      e.parent = parent;
      if (child.is_string()) {
        e.role = SourceRole::kText;
        e.text = child.get<std::string>();
      } else {
        e.name = child[0].get<std::string>();
        e.role = RoleOf(e.name);
        e.name_key = names_.emplace(e.name, static_cast<std::uint32_t>(names_.size())).first->second;
        for (const nlohmann::json& a : child[1]) e.attributes.emplace_back(a[0].get<std::string>(), a[1].get<std::string>());
      }
      if (last == kNone) {
        nodes_[parent].first_child = id;
      } else {
        nodes_[last].next_sibling = id;
      }
      last = id;
      if (child.is_array()) Add(child[2], id);
    }
  }

  std::vector<Entry> nodes_;
  std::unordered_map<std::string, std::uint32_t> names_;
};

// Parses each page (valid UTF-8) with html5lib into a Document of `docs` (every line 0), with one
// run of Python for all. Fails when Debian's Python or its python3-html5lib is missing
// (scripts/deps.sh installs it).
inline Status ParseWithHtml5lib(const std::vector<std::string_view>& pages, std::vector<Document>* docs) {
  char folder[] = "/tmp/pith-html5lib-XXXXXX";
  if (!mkdtemp(folder)) return Status(StatusCode::kInternal, "html5lib: cannot create a temporary folder");
  std::string command = std::string("/usr/bin/python3 ") + PITH_HTML5LIB_TREE;
  std::vector<std::string> paths;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    paths.push_back(std::string(folder) + "/" + std::to_string(i));
    std::ofstream(paths.back(), std::ios::binary).write(pages[i].data(), static_cast<std::streamsize>(pages[i].size()));
    command += " " + paths.back();
  }
  command += " 2>&1";
  std::string out;
  int exit_status = -1;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[65536];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
    exit_status = pclose(pipe);
  }
  for (const std::string& path : paths) std::remove(path.c_str());
  rmdir(folder);
  if (exit_status != 0) {  // the last line of Python's message
    const std::size_t end = out.find_last_not_of('\n');
    const std::size_t begin = end == std::string::npos ? 0 : out.rfind('\n', end);
    return Status(StatusCode::kInternal, "html5lib failed (needs /usr/bin/python3 with python3-html5lib): " +
                                             out.substr(begin == std::string::npos ? 0 : begin + 1));
  }
  docs->resize(pages.size());
  std::size_t line_begin = 0;
  for (std::size_t i = 0; i < pages.size(); ++i) {  // one line of JSON per page
    const std::size_t line_end = out.find('\n', line_begin);
    if (line_end == std::string::npos) return Status(StatusCode::kInternal, "html5lib printed too few trees");
    const nlohmann::json tree =
        nlohmann::json::parse(out.begin() + static_cast<std::ptrdiff_t>(line_begin),
                              out.begin() + static_cast<std::ptrdiff_t>(line_end), nullptr, /*allow_exceptions=*/false);
    if (!tree.is_array()) return Status(StatusCode::kInternal, "html5lib printed no tree");
    WriteDocument(Html5libTree(tree), pages[i], &(*docs)[i]);
    line_begin = line_end + 1;
  }
  return Status::Ok();
}

inline Status ParseWithHtml5lib(std::string_view html, Document* doc) {
  std::vector<Document> docs;
  Status status = ParseWithHtml5lib(std::vector<std::string_view>{html}, &docs);
  if (status.ok()) *doc = std::move(docs[0]);
  return status;
}

// Whether Debian's Python and its html5lib are there (the tests skip what needs them otherwise).
inline bool Html5libAvailable() {
  static const bool available = std::system("/usr/bin/python3 -c 'import html5lib' >/dev/null 2>&1") == 0;
  return available;
}

// `doc` with every node's line 0, to compare with html5lib's.
inline Document WithoutLines(const Document& doc) {
  Document copy = doc;
  for (NodeId id = 0; id < copy.size(); ++id) copy.nodes[id].line = 0;
  return copy;
}

// What the three parsers make of a page.
struct ParseVerdict {
  enum Kind {
    kSame,            // pith and MyHTML build the same Document
    kExplained,       // a known MyHTML deviation, or one of pith's limits, explains the difference
    kHtml5libAgrees,  // html5lib builds pith's Document: the difference is MyHTML's
    kPithAlone,       // pith disagrees with both: a pith bug, or a deviation both references share
  };
  Kind kind = kSame;
  std::string detail;  // the deviation's name, or the differences
};

// The verdict on valid UTF-8 `html`; `explain` names the known deviation or limit behind a
// difference, "" for none (ExplainDisagreement; the tests give another).
inline ParseVerdict JudgeParse(std::string_view html, const ParseLimits& limits,
                               std::string (*explain)(std::string_view, const ParseLimits&) = ExplainDisagreement) {
  Document mine, reference;
  Parse(html, limits, &mine);
  const Status b = ParseWithMyHtml(html, limits, &reference);
  const std::string difference = b.ok() ? DocumentDifference(mine, reference) : "MyHTML failed: " + b.ToString();
  if (difference.empty()) return {ParseVerdict::kSame, ""};
  const std::string deviation = explain(html, limits);
  if (!deviation.empty()) return {ParseVerdict::kExplained, deviation};
  // The lines are html5lib's blind spot: a difference of lines alone is not tied.
  const Document mine_without_lines = WithoutLines(mine);
  if (b.ok() && DocumentDifference(mine_without_lines, WithoutLines(reference)).empty()) {
    return {ParseVerdict::kPithAlone, difference};
  }
  Document third;
  const Status h = ParseWithHtml5lib(html, &third);
  if (!h.ok()) return {ParseVerdict::kPithAlone, difference + "\n  (no tie-break: " + h.ToString() + ")"};
  const std::string from_html5lib = DocumentDifference(mine_without_lines, third, "html5lib");
  if (from_html5lib.empty()) return {ParseVerdict::kHtml5libAgrees, difference};
  return {ParseVerdict::kPithAlone, difference + "\n  and from html5lib, " + from_html5lib};
}

}  // namespace pith::dom::testing
