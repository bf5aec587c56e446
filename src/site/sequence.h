// A page as the sequence that template alignment compares (paper 004 §1.2: "for every node: depth,
// path, text content, whether it is a tag").
//
// Items are the element and visible non-blank text nodes under <body>, in pre-order. Each item has
// one 64-bit key:
//   element: hash of its tag path (lower-case element names from <html> down to it; the depth is the
//            path's length, so depth and path are both in the key);
//   text:    hash of its parent's tag path and its text with whitespace runs collapsed and trimmed.
// Class names are deliberately not part of alignment keys: many sites put per-page tokens in them
// (WordPress "postid-1234" on <body>), which would make every path differ between pages.
//
// The hash (FNV-1a 64 over bytes, then a finaliser) is fixed: keys are saved in site models.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dom/annotate.h"
#include "dom/document.h"

namespace pith::site {

struct Sequence {
  std::vector<std::uint64_t> keys;
  std::vector<dom::NodeId> nodes;
  std::vector<std::uint8_t> is_text;

  std::size_t size() const { return keys.size(); }
  void Clear() { keys.clear(); nodes.clear(); is_text.clear(); }
};

void BuildSequence(const dom::Document& doc, const dom::Annotation& annotation, Sequence* out);

// Whitespace-collapsed, trimmed text (what text keys hash).
std::string NormalizedText(std::string_view text);

// Key of a text item whose parent element has path hash `parent_path` (exposed for tests).
std::uint64_t TextKey(std::uint64_t parent_path, std::string_view text);
// Path hash of an element named `name` under a parent with path hash `parent_path` (root: 0).
std::uint64_t ElementPathKey(std::uint64_t parent_path, std::string_view name);

}  // namespace pith::site
