// The tables behind ClassifyHintToken. Words are chosen for what they mean on the web at large
// (English-language class names dominate even on Chinese and Greek sites); no site is named.
#include "text/boilerplate_words.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace pith::text {
namespace {

// Navigation, furniture, advertising, sharing, recommendations; author boxes, forum signatures and
// tooltips (text about the page, its people or its words, not the text itself); a poster's
// profile box ("profile", "userinfo", "usertitle", XenForo's "message-userExtras": name, rank,
// join date, post count beside each forum post); appeals for money ("donate", "donation(s)",
// "support": a "support us" box under a story); a story's keyword line ("keyword", "keywords").
// Chinese sites name their regions in pinyin as often as in English (as "zhengwen" below): "daohang"
// (导航, navigation), "tuijian" (推荐, recommended), "xiangguan" (相关, related), "fenxiang" (分享,
// share), "banquan" (版权, copyright), and "pinglun" (评论) for comments. Cookie consent managers
// ("consent", "cookie(s)", "gdpr", and OneTrust's "onetrust-..." ids, the most common one on the
// web). "notices": a forum's announcements block above the thread (XenForo's "notices"), the site's
// news rather than the thread's. "byline" is not here: some evaluation sets keep bylines as part of
// the text (docs/auto.md).
constexpr std::string_view kBoilerplate[] = {
    "ad", "ads", "advert", "advertisement", "aside", "author", "banner", "banquan", "bottom",
    "breadcrumb", "breadcrumbs", "consent", "cookie", "cookies", "copyright", "crumbs", "daohang",
    "disclaimer", "donate", "donation", "donations", "dropdown", "fenxiang", "foot", "footer",
    "footnav", "gdpr", "header", "hidden", "hot", "jump", "keyword", "keywords", "links", "login",
    "masthead", "menu", "modal", "more", "nav", "navbar", "navigation", "newsletter", "notices",
    "onetrust", "outbrain", "pager", "pagination", "popular", "popup", "profile", "promo", "rail",
    "recommend", "recommended", "related", "rightcol", "share", "sharing", "shopping", "side", "sidebar",
    "signature", "signup", "skip", "social", "sponsor", "sponsored", "subnav", "subscribe",
    "subscription", "support", "taboola", "tag", "tags", "toolbar", "toolbox", "tools", "tooltip",
    "top", "topbar", "trending", "tuijian", "userextras", "userinfo", "usertitle", "widget",
    "widgets", "xiangguan",
};

// Containers of the main text ("zhengwen" is pinyin for body text, common on Chinese sites).
constexpr std::string_view kContent[] = {
    "article", "articlebody", "artical", "blog", "body", "content", "detail", "entry", "main",
    "maincontent", "news", "post", "postbody", "story", "text", "thread", "topic", "zhengwen",
};

// Comment sections: boilerplate on an article page, the content itself on a forum thread.
// Trackbacks and pingbacks (other blogs' notices that they link to the post) are listed with or
// like its comments.
constexpr std::string_view kComments[] = {
    "comment", "commentlist", "comments", "discuss", "disqus", "pingback", "pingbacks", "pinglun",
    "respond", "trackback", "trackbacks",
};

// Prefix families: compounds of these words ("sidebar1", "navbar-top") read like the word itself.
constexpr std::string_view kBoilerplatePrefixes[] = {"sidebar", "navbar", "footer", "share", "social", "related", "advert"};
constexpr std::string_view kCommentsPrefix = "comment";

// Class names are classified once per element of every page, so the tables are compiled into an
// open-addressing hash table of words packed into two integers (no word is longer than 16 bytes),
// and prefixes are compared as masked integers.
struct Packed {
  std::uint64_t lo = 0, hi = 0;  // bytes 0–7 and 8–15, zero-padded
  constexpr bool operator==(const Packed&) const = default;
};

constexpr Packed Pack(std::string_view w) {
  Packed p;
  for (std::size_t i = 0; i < w.size() && i < 16; ++i) {
    (i < 8 ? p.lo : p.hi) |= std::uint64_t{static_cast<unsigned char>(w[i])} << (8 * (i % 8));
  }
  return p;
}

constexpr std::size_t kMaxWordBytes = 16;
constexpr int kSlotBits = 9;
constexpr std::size_t kSlots = std::size_t{1} << kSlotBits;

constexpr std::size_t SlotOf(const Packed& p) {
  return static_cast<std::size_t>(((p.lo * 0x9E3779B97F4A7C15ull) ^ (p.hi * 0xC2B2AE3D27D4EB4Full)) >> (64 - kSlotBits));
}

struct Slot {
  Packed word;
  HintKind kind = HintKind::kNone;  // kNone: empty slot
};

// A word in two tables takes the later one's kind: comments over content over boilerplate.
constexpr std::array<Slot, kSlots> BuildTable() {
  std::array<Slot, kSlots> table{};
  auto add = [&](std::string_view w, HintKind kind) {
    const Packed p = Pack(w);
    std::size_t i = SlotOf(p);
    while (table[i].kind != HintKind::kNone && !(table[i].word == p)) i = (i + 1) % kSlots;
    table[i] = {p, kind};
  };
  for (std::string_view w : kBoilerplate) add(w, HintKind::kBoilerplate);
  for (std::string_view w : kContent) add(w, HintKind::kContent);
  for (std::string_view w : kComments) add(w, HintKind::kComments);
  return table;
}
constexpr std::array<Slot, kSlots> kTable = BuildTable();

template <std::size_t N>
constexpr bool AllFit(const std::string_view (&words)[N], std::size_t max_bytes) {
  for (std::string_view w : words) {
    if (w.empty() || w.size() > max_bytes) return false;
  }
  return true;
}
static_assert(AllFit(kBoilerplate, kMaxWordBytes) && AllFit(kContent, kMaxWordBytes) && AllFit(kComments, kMaxWordBytes),
              "hint words are 1 to 16 bytes");
static_assert(AllFit(kBoilerplatePrefixes, 8) && kCommentsPrefix.size() <= 8, "prefixes are compared within one integer");

struct Prefix {
  std::uint64_t bytes, mask;  // the prefix packed, and a mask of its length (at most 8 bytes)
  HintKind kind;
};

constexpr Prefix MakePrefix(std::string_view p, HintKind kind) {
  return {Pack(p).lo, p.size() >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * p.size())) - 1, kind};
}

constexpr std::array<Prefix, std::size(kBoilerplatePrefixes) + 1> kPrefixes = [] {
  std::array<Prefix, std::size(kBoilerplatePrefixes) + 1> out{};
  out[0] = MakePrefix(kCommentsPrefix, HintKind::kComments);
  for (std::size_t i = 0; i < std::size(kBoilerplatePrefixes); ++i) {
    out[i + 1] = MakePrefix(kBoilerplatePrefixes[i], HintKind::kBoilerplate);
  }
  return out;
}();

// The first two bytes of every word and prefix family (as packed, so a one-byte word's second is
// 0), hashed to 12 bits: a token whose first two bytes are none of them ("col", "md", "btn", most
// tokens) has no kind, known after one lookup.
constexpr std::size_t kHeadBits = 12;
constexpr std::size_t HeadOf(std::uint64_t lo) {
  return static_cast<std::size_t>(((lo & 0xFF) << 6 ^ (lo >> 8 & 0xFF)) & ((std::size_t{1} << kHeadBits) - 1));
}
constexpr std::array<bool, std::size_t{1} << kHeadBits> kHeads = [] {
  std::array<bool, std::size_t{1} << kHeadBits> heads{};
  for (const Slot& slot : kTable) {
    if (slot.kind != HintKind::kNone) heads[HeadOf(slot.word.lo)] = true;
  }
  for (const Prefix& f : kPrefixes) heads[HeadOf(f.bytes)] = true;
  return heads;
}();

}  // namespace

HintKind ClassifyHintToken(std::string_view t) {
  if (t.empty()) return HintKind::kNone;
  Packed p;
  if constexpr (std::endian::native == std::endian::little) {  // Pack's layout, with two loads
    char bytes[16] = {};
    std::memcpy(bytes, t.data(), std::min<std::size_t>(t.size(), sizeof bytes));
    std::memcpy(&p.lo, bytes, 8);
    std::memcpy(&p.hi, bytes + 8, 8);
  } else {
    p = Pack(t);
  }
  if (!kHeads[HeadOf(p.lo)]) return HintKind::kNone;
  if (t.size() <= kMaxWordBytes) {
    for (std::size_t i = SlotOf(p); kTable[i].kind != HintKind::kNone; i = (i + 1) % kSlots) {
      if (kTable[i].word == p) return kTable[i].kind;
    }
  }
  for (const Prefix& f : kPrefixes) {
    if ((p.lo & f.mask) == f.bytes) return f.kind;
  }
  return HintKind::kNone;
}

}  // namespace pith::text
