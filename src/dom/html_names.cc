// The tree builder's element names: lookup by packed integer compare in an open-addressing table
// built at compile time.
#include "dom/html_names.h"

#include <array>

namespace pith::dom {
namespace {

constexpr std::string_view kNames[] = {
#define PITH_HTML_NAME_TEXT(e, n) n,
    PITH_HTML_NAMES(PITH_HTML_NAME_TEXT)
#undef PITH_HTML_NAME_TEXT
};
static_assert(sizeof(kNames) / sizeof(kNames[0]) == html_name::kCount);

// pith's tag names, in dom::Tag order.
constexpr std::string_view kTagNames[] = {
#define PITH_TAG_NAME(e, n) n,
    PITH_HTML_TAGS(PITH_TAG_NAME)
#undef PITH_TAG_NAME
};

constexpr std::size_t kMaxPacked = 16;  // longer names are never listed ("annotation-xml" is 14)
constexpr int kSlotBits = 9;            // 512 slots for ~150 names: probes are almost always 1

struct Packed {
  std::uint64_t lo = 0, hi = 0;
};

constexpr Packed Pack(std::string_view name) {
  Packed p;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const std::uint64_t byte = static_cast<unsigned char>(name[i]);
    if (i < 8) {
      p.lo |= byte << (8 * i);
    } else {
      p.hi |= byte << (8 * (i - 8));
    }
  }
  return p;
}

constexpr std::size_t Slot(const Packed& p) {
  return static_cast<std::size_t>(((p.lo ^ (p.hi * 0xC2B2AE3D27D4EB4Full)) * 0x9E3779B97F4A7C15ull) >>
                                  (64 - kSlotBits));
}

struct NameTable {
  std::array<std::uint16_t, 1u << kSlotBits> slots{};  // name id + 1; 0 = empty
  std::array<Packed, html_name::kCount> packed{};
  std::array<Tag, html_name::kCount> tags{};
  constexpr NameTable() {
    for (HtmlName id = 0; id < html_name::kCount; ++id) {
      packed[id] = Pack(kNames[id]);
      tags[id] = Tag::kUnknown;
      for (std::size_t t = 0; t < sizeof(kTagNames) / sizeof(kTagNames[0]); ++t) {
        if (kTagNames[t] == kNames[id]) tags[id] = static_cast<Tag>(t);
      }
      std::size_t s = Slot(packed[id]);
      while (slots[s] != 0) s = (s + 1) & (slots.size() - 1);
      slots[s] = static_cast<std::uint16_t>(id + 1);
    }
  }
};

constexpr NameTable kTable;

}  // namespace

HtmlName LookupHtmlName(std::string_view name) {
  if (name.empty() || name.size() > kMaxPacked) return html_name::kCount;
  const Packed p = Pack(name);
  // Names are zero-padded and no listed name holds a NUL, so equal packs mean equal names.
  for (std::size_t s = Slot(p);; s = (s + 1) & (kTable.slots.size() - 1)) {
    const std::uint16_t entry = kTable.slots[s];
    if (entry == 0) return html_name::kCount;
    const Packed& q = kTable.packed[entry - 1];
    if (q.lo == p.lo && q.hi == p.hi) return static_cast<HtmlName>(entry - 1);
  }
}

std::string_view HtmlNameText(HtmlName name) { return kNames[name]; }

Tag TagOfHtmlName(HtmlName name) { return kTable.tags[name]; }

}  // namespace pith::dom
