// libFuzzer target: the HTML parser adapter (src/dom/parse.cc), differentially. Every input, decoded
// to valid UTF-8 as the pipeline does, is parsed twice: with <script>/<style> contents omitted from
// what MyHTML sees (the default) and with the page handed over whole. The two documents must be
// identical — tree, text, attributes, source lines, JSON-LD — or the target traps.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "decode/decode.h"
#include "dom/parse.h"

namespace {

bool SameNode(const pith::dom::Node& a, const pith::dom::Node& b) {
  return a.parent == b.parent && a.first_child == b.first_child && a.last_child == b.last_child &&
         a.next_sibling == b.next_sibling && a.prev_sibling == b.prev_sibling && a.tag == b.tag &&
         a.name_index == b.name_index && a.depth == b.depth && a.flags == b.flags &&
         a.attr_count == b.attr_count && a.attr_begin == b.attr_begin && a.text_begin == b.text_begin &&
         a.text_size == b.text_size && a.line == b.line;
}

bool SameDocument(const pith::dom::Document& a, const pith::dom::Document& b) {
  if (a.size() != b.size() || a.text != b.text || a.strings != b.strings || a.attrs.size() != b.attrs.size() ||
      a.unknown_names != b.unknown_names || a.json_ld != b.json_ld || a.subtree_end != b.subtree_end ||
      a.html != b.html || a.head != b.head || a.body != b.body || a.title != b.title ||
      a.line_count != b.line_count) {
    return false;
  }
  for (std::size_t i = 0; i < a.attrs.size(); ++i) {
    if (a.attrs[i].key != b.attrs[i].key || a.attrs[i].begin != b.attrs[i].begin || a.attrs[i].size != b.attrs[i].size) {
      return false;
    }
  }
  for (pith::dom::NodeId id = 0; id < a.size(); ++id) {
    if (!SameNode(a[id], b[id])) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  pith::decode::Decoded decoded;
  if (!pith::decode::Decode(std::string_view(reinterpret_cast<const char*>(data), size), "", "", &decoded).ok()) {
    return 0;
  }
  pith::dom::ParseLimits omitting;
  omitting.max_nesting_depth = 2000;
  pith::dom::ParseLimits whole = omitting;
  whole.omit_raw_contents = false;
  pith::dom::Document a, b;
  const pith::Status sa = pith::dom::Parse(decoded.utf8, omitting, &a);
  const pith::Status sb = pith::dom::Parse(decoded.utf8, whole, &b);
  if (sa.code() != sb.code()) __builtin_trap();
  if (sa.ok() && !SameDocument(a, b)) __builtin_trap();
  return 0;
}
