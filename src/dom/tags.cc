// Tag names ↔ pith::dom::Tag, and the block-level set used by rendering and line splitting.
#include "dom/tags.h"

#include <algorithm>
#include <array>
#include <utility>

namespace pith::dom {
namespace {

constexpr std::string_view kNames[] = {
#define PITH_TAG_NAME(e, n) n,
    PITH_HTML_TAGS(PITH_TAG_NAME)
#undef PITH_TAG_NAME
};
constexpr std::size_t kKnown = sizeof(kNames) / sizeof(kNames[0]);

// Sorted (name, tag) pairs for binary search.
struct NameIndex {
  std::array<std::pair<std::string_view, Tag>, kKnown> entries{};
  NameIndex() {
    for (std::size_t i = 0; i < kKnown; ++i) entries[i] = {kNames[i], static_cast<Tag>(i)};
    std::sort(entries.begin(), entries.end());
  }
};

}  // namespace

std::string_view TagName(Tag tag) {
  const auto i = static_cast<std::size_t>(tag);
  if (i < kKnown) return kNames[i];
  if (tag == Tag::kText) return "#text";
  if (tag == Tag::kDocument) return "#document";
  return "";
}

Tag TagFromName(std::string_view name) {
  static const NameIndex index;
  auto it = std::lower_bound(index.entries.begin(), index.entries.end(), name,
                             [](const auto& e, std::string_view n) { return e.first < n; });
  if (it != index.entries.end() && it->first == name) return it->second;
  return Tag::kUnknown;
}

int HeadingLevel(Tag tag) {
  switch (tag) {
    case Tag::kH1: return 1;
    case Tag::kH2: return 2;
    case Tag::kH3: return 3;
    case Tag::kH4: return 4;
    case Tag::kH5: return 5;
    case Tag::kH6: return 6;
    default: return 0;
  }
}

}  // namespace pith::dom
