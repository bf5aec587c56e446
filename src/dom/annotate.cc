// Bottom-up statistics: node ids are in pre-order, so walking them in reverse visits every child
// before its parent and one linear pass accumulates subtree sums without recursion.
#include "dom/annotate.h"

#include <array>

namespace pith::dom {

namespace {

// ASCII classes: 0 space, 1 punctuation, 2 letter, 3 digit/other word character.
struct AsciiClasses {
  std::uint8_t cls[128];
  AsciiClasses() {
    for (int c = 0; c < 128; ++c) {
      cls[c] = text::IsSpace(static_cast<char32_t>(c)) ? 0
               : text::IsPunct(static_cast<char32_t>(c)) ? 1
               : text::ScriptOf(static_cast<char32_t>(c)) == text::Script::kLatin ? 2
                                                                                   : 3;
    }
  }
};
const AsciiClasses kAscii;

}  // namespace

void CountText(std::string_view s, TextCounts* c) {
  bool in_word = false;
  constexpr int kLatin = static_cast<int>(text::Script::kLatin);
  constexpr int kNone = static_cast<int>(text::Script::kNone);
  constexpr int kCjk = static_cast<int>(text::Script::kCjk);
  for (std::size_t i = 0; i < s.size();) {
    const auto byte = static_cast<unsigned char>(s[i]);
    if (byte < 0x80) {
      ++i;
      switch (kAscii.cls[byte]) {
        case 0: in_word = false; break;
        case 1: ++c->chars; ++c->punct; in_word = false; break;
        default:
          ++c->chars;
          ++c->by_script[kAscii.cls[byte] == 2 ? kLatin : kNone];
          if (!in_word) ++c->words;
          in_word = true;
      }
      continue;
    }
    // Lead bytes E4..E9 start U+4000..U+9FFF: CJK ideographs only (extension A from U+3400, the
    // unified block from U+4E00), never a space or punctuation. Most text of Chinese pages.
    if (byte >= 0xE4 && byte <= 0xE9 && i + 3 <= s.size()) {
      i += 3;
      ++c->chars;
      ++c->cjk;
      ++c->words;
      ++c->by_script[kCjk];
      in_word = false;
      continue;
    }
    const char32_t cp = text::NextCodePoint(s, i);
    if (text::IsSpace(cp)) {
      in_word = false;
      continue;
    }
    ++c->chars;
    if (text::IsPunct(cp)) {
      ++c->punct;
      in_word = false;
      continue;
    }
    if (cp == text::kTsheg || cp == 0x0F0C) ++c->tsheg;
    const text::Script script = text::ScriptOf(cp);
    ++c->by_script[static_cast<int>(script)];
    if (script == text::Script::kCjk) {
      ++c->cjk;
      ++c->words;
      in_word = false;
    } else if (!in_word) {
      ++c->words;
      in_word = true;
    }
  }
}

namespace {

std::uint64_t HashBytes(std::string_view name) {
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (char ch : name) h = (h ^ static_cast<unsigned char>(ch)) * 0x100000001B3ull;
  return h;
}

// The hash of every listed tag's name, computed once.
struct TagNameHashes {
  std::uint64_t of[static_cast<std::size_t>(Tag::kUnknown)];
  TagNameHashes() {
    for (std::size_t t = 0; t < static_cast<std::size_t>(Tag::kUnknown); ++t) {
      of[t] = HashBytes(TagName(static_cast<Tag>(t)));
    }
  }
};
const TagNameHashes kTagNameHashes;

// The path hash of an element: its parent's path hash extended by its name.
std::uint64_t ExtendPath(std::uint64_t parent_hash, const Document& doc, NodeId id) {
  const Tag tag = doc[id].tag;
  const std::uint64_t name = tag < Tag::kUnknown ? kTagNameHashes.of[static_cast<std::size_t>(tag)]
                                                 : HashBytes(doc.Name(id));
  const std::uint64_t h = (parent_hash ^ 0x9E3779B97F4A7C15ull) * 0x100000001B3ull ^ name;
  return (h ^ (h >> 29)) * 0xFF51AFD7ED558CCDull;
}

}  // namespace

void Annotate(const Document& doc, Annotation* out) {
  const std::size_t n = doc.size();
  out->stats.assign(n, NodeStats{});
  constexpr int kScripts = static_cast<int>(text::Script::kCount);
  std::vector<std::array<std::uint32_t, kScripts>> scripts(n);

  // Top-down: tag path hashes (parents precede children in pre-order).
  for (NodeId id = 1; id < n; ++id) {
    const Node& node = doc[id];
    const std::uint64_t parent_hash = out->stats[node.parent].path_hash;
    out->stats[id].path_hash = node.is_element() ? ExtendPath(parent_hash, doc, id) : parent_hash;
  }
  // Bottom-up sums.
  for (NodeId id = static_cast<NodeId>(n); id-- > 0;) {
    const Node& node = doc[id];
    NodeStats& s = out->stats[id];
    if (node.is_text() && !node.hidden()) {
      TextCounts c;
      CountText(doc.Text(id), &c);
      s.chars += c.chars;
      s.punct += c.punct;
      s.tsheg += c.tsheg;
      s.cjk += c.cjk;
      s.words += c.words;
      if (node.in_link()) s.link_chars += c.chars;
      for (int k = 0; k < kScripts; ++k) scripts[id][k] += c.by_script[k];
    }
    if (node.tag == Tag::kA && !node.hidden()) {
      bool has_href = false;
      doc.GetAttr(id, Attr::kHref, &has_href);
      if (has_href) ++s.link_count;
    }
    // Dominant script: the letter class with most code points (kNone when no letters). A subtree
    // without characters has no script counts either (most elements of a page): nothing to do.
    if (s.chars > 0) {
      int best = static_cast<int>(text::Script::kLatin);
      for (int k = best + 1; k < kScripts; ++k) {
        if (scripts[id][k] > scripts[id][best]) best = k;
      }
      s.script = scripts[id][best] ? static_cast<text::Script>(best) : text::Script::kNone;
    }
    if (id == 0) break;
    NodeStats& p = out->stats[node.parent];
    p.chars += s.chars;
    p.link_chars += s.link_chars;
    p.link_count += s.link_count;
    p.punct += s.punct;
    p.tsheg += s.tsheg;
    p.cjk += s.cjk;
    p.words += s.words;
    if (s.chars > 0) {
      for (int k = 0; k < kScripts; ++k) scripts[node.parent][k] += scripts[id][k];
    }
  }
}

}  // namespace pith::dom
