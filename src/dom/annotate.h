// One bottom-up pass of per-node statistics shared by all algorithms. Counts cover the node and
// all its descendants and ignore hidden text (Node::hidden()). "chars" are non-whitespace code
// points: a CJK character counts 1, like a Latin letter; algorithms weight scripts themselves.
#pragma once

#include <cstdint>
#include <vector>

#include "dom/document.h"
#include "text/unicode.h"

namespace pith::dom {

struct NodeStats {
  std::uint32_t chars = 0;       // non-whitespace code points of visible text
  std::uint32_t link_chars = 0;  // of which inside an <a>
  std::uint32_t link_count = 0;  // <a href> elements (the node itself included)
  std::uint32_t punct = 0;       // punctuation code points (text::IsPunct)
  std::uint32_t tsheg = 0;       // Tibetan syllable dots U+0F0B (and U+0F0C)
  std::uint32_t cjk = 0;         // Han / kana / hangul code points
  std::uint32_t link_cjk = 0;    // of which inside an <a>
  std::uint32_t words = 0;       // runs of non-CJK letters/digits, plus one per CJK character
  std::uint64_t path_hash = 0;   // hash of the root-to-node element names (tag path)
  text::Script script = text::Script::kNone;  // dominant script of the subtree's letters

  std::uint32_t text_chars() const { return chars - link_chars; }  // non-link characters
  double link_density() const { return chars ? static_cast<double>(link_chars) / chars : 0.0; }
};

class Annotation {
 public:
  std::vector<NodeStats> stats;
  const NodeStats& operator[](NodeId id) const { return stats[id]; }
};

void Annotate(const Document& doc, Annotation* out);

// Counts of one text fragment (used by Annotate and by line-based algorithms).
struct TextCounts {
  std::uint32_t chars = 0, punct = 0, tsheg = 0, cjk = 0, words = 0;
  std::uint32_t by_script[static_cast<int>(text::Script::kCount)] = {};
};
void CountText(std::string_view s, TextCounts* counts);

}  // namespace pith::dom
