// The tree builder's element names: lookup by packed integer compare in an open-addressing table
// built at compile time.
#include "dom/html_names.h"

#include <array>
#include <bit>
#include <cstring>

namespace pith::dom {
namespace {

static_assert(std::endian::native == std::endian::little);
using html_name_tables::kTexts;
static_assert(std::size(kTexts) == html_name::kCount);

constexpr bool AllDistinct() {
  for (std::size_t i = 0; i < std::size(kTexts); ++i) {
    for (std::size_t j = i + 1; j < std::size(kTexts); ++j) {
      if (kTexts[i] == kTexts[j]) return false;
    }
  }
  return true;
}
static_assert(AllDistinct(), "a name is listed twice: in PITH_HTML_TAGS and PITH_HTML_TREE_ONLY_NAMES");

constexpr std::size_t kMaxPacked = 16;  // longer names are never listed ("annotation-xml" is 14)
constexpr int kSlotBits = 9;            // 512 slots for ~150 names: probes are almost always 1

struct Packed {
  std::uint64_t lo = 0, hi = 0;
};

// Up to 16 bytes of a name, first byte lowest, zero-padded.
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

// The same at run time (the words are loaded little-endian), with at most two loads per word and no
// read past the name: 1–3 bytes are read as first, middle, last; 4–8 as two overlapping 4-byte words.
inline std::uint64_t LoadUpTo8(const char* s, std::size_t n) {
  if (n >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, s, 4);
    std::memcpy(&b, s + n - 4, 4);
    return a | (std::uint64_t{b} << (8 * (n - 4)));
  }
  if (n == 0) return 0;
  const auto byte = [&](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(s[i])}; };
  return byte(0) | (byte(n / 2) << (8 * (n / 2))) | (byte(n - 1) << (8 * (n - 1)));
}

constexpr std::size_t Slot(const Packed& p) {
  return static_cast<std::size_t>(((p.lo ^ (p.hi * 0xC2B2AE3D27D4EB4Full)) * 0x9E3779B97F4A7C15ull) >>
                                  (64 - kSlotBits));
}

struct NameTable {
  std::array<std::uint16_t, 1u << kSlotBits> slots{};  // name id + 1; 0 = empty
  std::array<Packed, html_name::kCount> packed{};
  constexpr NameTable() {
    for (HtmlName id = 0; id < html_name::kCount; ++id) {
      packed[id] = Pack(kTexts[id]);
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
  Packed p;
  if (name.size() <= 8) {
    p.lo = LoadUpTo8(name.data(), name.size());
  } else {
    std::memcpy(&p.lo, name.data(), 8);
    p.hi = LoadUpTo8(name.data() + 8, name.size() - 8);
  }
  // Names are zero-padded and no listed name holds a NUL, so equal packs mean equal names.
  for (std::size_t s = Slot(p);; s = (s + 1) & (kTable.slots.size() - 1)) {
    const std::uint16_t entry = kTable.slots[s];
    if (entry == 0) return html_name::kCount;
    const Packed& q = kTable.packed[entry - 1];
    if (q.lo == p.lo && q.hi == p.hi) return static_cast<HtmlName>(entry - 1);
  }
}

}  // namespace pith::dom
