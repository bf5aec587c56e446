// Bottom-up statistics: node ids are in pre-order, so walking them in reverse visits every child
// before its parent and one linear pass accumulates subtree sums without recursion.
#include "dom/annotate.h"

#include <algorithm>
#include <array>
#include <bit>

#include "text/byte_scan.h"
#include "text/word_bytes.h"

#if PITH_BYTE_SCAN_X86
#include <immintrin.h>
#endif

namespace pith::dom {

namespace {

// Byte classes for CountText: ASCII letter, other word character (digits, controls), space,
// punctuation, and the bytes of multi-byte characters, which are decoded. The two word classes
// come first, so that a run's loop tests one bound and counts its non-letters by adding the class.
enum ByteClass : std::uint8_t { kLetter = 0, kOtherWord = 1, kSpace, kPunct, kMultiByte };

struct ByteClasses {
  std::uint8_t of[256];
  ByteClasses() {
    for (int c = 0; c < 256; ++c) {
      const auto cp = static_cast<char32_t>(c);
      of[c] = c >= 0x80                                       ? kMultiByte
              : text::IsSpace(cp)                             ? kSpace
              : text::IsPunct(cp)                             ? kPunct
              : text::ScriptOf(cp) == text::Script::kLatin ? kLetter
                                                              : kOtherWord;
    }
  }
};
const ByteClasses kClasses;

constexpr std::uint32_t ScriptBit(int script) { return std::uint32_t{1} << script; }

#if PITH_BYTE_SCAN_X86
// The ASCII byte classes of kClasses as vpshufb tables: a byte b < 0x80 is of class k when
// kNibbles.low[k][b & 15] has bit (b >> 4) set.
struct NibbleTables {
  alignas(32) std::uint8_t low[3][32];  // kSpace, kPunct, kLetter; each table twice (the two lanes)
  NibbleTables() : low{} {
    constexpr ByteClass kTabled[3] = {kSpace, kPunct, kLetter};
    for (int k = 0; k < 3; ++k) {
      for (int b = 0; b < 0x80; ++b) {
        if (kClasses.of[b] != kTabled[k]) continue;
        low[k][b & 15] |= static_cast<std::uint8_t>(1u << (b >> 4));
        low[k][16 + (b & 15)] |= static_cast<std::uint8_t>(1u << (b >> 4));
      }
    }
  }
};
const NibbleTables kNibbles;

// The bytes of a block in a class: bit i when table[low[i]] has the bit high[i] (kNibbles).
[[gnu::target("avx2")]] inline std::uint32_t ClassMask(__m256i table, __m256i low, __m256i high) {
  const __m256i hits = _mm256_and_si256(_mm256_shuffle_epi8(table, low), high);
  return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hits, _mm256_setzero_si256())));
}

// What CountTextScripts counts over a run of ASCII bytes, 32 at a time with AVX2: the classes of a
// block are bit masks (from kNibbles), and the counts their popcounts; a word starts where a word
// byte follows a space or punctuation (or the state before the block, `*in_word`). Returns the
// bytes counted: those before the first non-ASCII byte of each block, up to a whole number of
// blocks (what is left, fewer than 32 bytes or a block that starts with a multi-byte character, is
// for the scalar loop).
[[gnu::target("avx2,popcnt")]] std::size_t CountAsciiBlocks(const char* s, std::size_t size, TextCounts* c,
                                                            bool* in_word, std::uint32_t* scripts) {
  const __m256i low_nibble = _mm256_set1_epi8(0x0F);
  const __m256i space_table = _mm256_load_si256(reinterpret_cast<const __m256i*>(kNibbles.low[0]));
  const __m256i punct_table = _mm256_load_si256(reinterpret_cast<const __m256i*>(kNibbles.low[1]));
  const __m256i letter_table = _mm256_load_si256(reinterpret_cast<const __m256i*>(kNibbles.low[2]));
  // 1 << (b >> 4) for b < 0x80 (bytes above are masked out by `ascii`).
  const __m256i high_bit = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
                                            1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
  constexpr int kLatin = static_cast<int>(text::Script::kLatin);
  constexpr int kNone = static_cast<int>(text::Script::kNone);
  std::size_t i = 0;
  while (i + 32 <= size) {
    const __m256i block = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i));
    const auto non_ascii = static_cast<std::uint32_t>(_mm256_movemask_epi8(block));
    const int n = non_ascii == 0 ? 32 : __builtin_ctz(non_ascii);
    if (n == 0) break;
    const __m256i high = _mm256_shuffle_epi8(high_bit, _mm256_and_si256(_mm256_srli_epi16(block, 4), low_nibble));
    const __m256i low = _mm256_and_si256(block, low_nibble);
    const std::uint32_t taken = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1;
    const std::uint32_t space = ClassMask(space_table, low, high) & taken;
    const std::uint32_t punct = ClassMask(punct_table, low, high) & taken;
    const std::uint32_t letter = ClassMask(letter_table, low, high) & taken;
    const std::uint32_t word = taken & ~space & ~punct;
    const std::uint32_t starts = word & ~(word << 1 | (*in_word ? 1u : 0u));
    c->chars += static_cast<std::uint32_t>(__builtin_popcount(word | punct));
    c->punct += static_cast<std::uint32_t>(__builtin_popcount(punct));
    c->words += static_cast<std::uint32_t>(__builtin_popcount(starts));
    c->by_script[kLatin] += static_cast<std::uint32_t>(__builtin_popcount(letter));
    c->by_script[kNone] += static_cast<std::uint32_t>(__builtin_popcount(word & ~letter));
    if (letter != 0) *scripts |= ScriptBit(kLatin);
    *in_word = (word >> (n - 1)) & 1;
    i += static_cast<std::size_t>(n);
    if (n < 32) break;
  }
  return i;
}
#endif


// CountText, returning the letter scripts it counted (ScriptBit of each, kNone not included), so
// that Annotate's per-node work follows the scripts the text has rather than all of them. ASCII
// words are counted a run at a time: the loop over a run's bytes only tells letters from other
// word characters.
std::uint32_t CountTextScripts(std::string_view s, TextCounts* c) {
  std::uint32_t scripts = 0;
  bool in_word = false;
  constexpr int kLatin = static_cast<int>(text::Script::kLatin);
  constexpr int kNone = static_cast<int>(text::Script::kNone);
  constexpr int kCjk = static_cast<int>(text::Script::kCjk);
  const std::size_t size = s.size();
  std::size_t i = 0;
#if PITH_BYTE_SCAN_X86
  // Runs of ASCII go to CountAsciiBlocks: from the start, and again after a multi-byte character
  // when at least a word of ASCII follows (one character of a CJK text does not pay for the call).
  const bool vector = text::ScansUseAvx2();
  bool resume_vector = vector;
#endif
  while (i < size) {
#if PITH_BYTE_SCAN_X86
    if (resume_vector) {
      resume_vector = false;
      if (size - i >= 32 && !text::HasNonAscii(text::LoadWord(s.data() + i))) {
        i += CountAsciiBlocks(s.data() + i, size - i, c, &in_word, &scripts);
        continue;
      }
    }
#endif
    const auto byte = static_cast<unsigned char>(s[i]);
    std::uint8_t cls = kClasses.of[byte];
    if (cls == kSpace) {
      while (++i < size && kClasses.of[static_cast<unsigned char>(s[i])] == kSpace) {
      }
      in_word = false;
      continue;
    }
    if (cls == kPunct) {
      ++i;
      ++c->chars;
      ++c->punct;
      in_word = false;
      continue;
    }
    if (cls != kMultiByte) {
      if (!in_word) ++c->words;
      in_word = true;
      const std::size_t run = i;
      std::uint32_t non_letters = 0;
      do {
        non_letters += cls;  // kLetter 0, kOtherWord 1
        if (++i == size) break;
        cls = kClasses.of[static_cast<unsigned char>(s[i])];
      } while (cls <= kOtherWord);
      const auto length = static_cast<std::uint32_t>(i - run);
      c->chars += length;
      c->by_script[kLatin] += length - non_letters;
      c->by_script[kNone] += non_letters;
      if (length > non_letters) scripts |= ScriptBit(kLatin);
      continue;
    }
#if PITH_BYTE_SCAN_X86
    resume_vector = vector;
#endif
    // Lead bytes E4..E9 start U+4000..U+9FFF: CJK ideographs only (extension A from U+3400, the
    // unified block from U+4E00), never a space or punctuation. Most text of Chinese pages.
    if (byte >= 0xE4 && byte <= 0xE9 && i + 3 <= size) {
      i += 3;
      ++c->chars;
      ++c->cjk;
      ++c->words;
      ++c->by_script[kCjk];
      scripts |= ScriptBit(kCjk);
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
    if (script != text::Script::kNone) scripts |= ScriptBit(static_cast<int>(script));
    if (script == text::Script::kCjk) {
      ++c->cjk;
      ++c->words;
      in_word = false;
    } else if (!in_word) {
      ++c->words;
      in_word = true;
    }
  }
  return scripts;
}

// Whether all eight bytes of `w` are ASCII spaces (' ' or '\t'..'\r', text::IsSpace below 0x80),
// tested on the bytes' low seven bits as text/word_bytes.h does.
bool EightAsciiSpaces(std::uint64_t w) {
  using text::kEachByte, text::kHighBits, text::kLowBits;
  const std::uint64_t low = w & kLowBits;
  const std::uint64_t from_tab = low + (0x80 - '\t') * kEachByte;     // top bit: the byte >= '\t'
  const std::uint64_t past_cr = low + (0x80 - '\r' - 1) * kEachByte;  // top bit: the byte > '\r'
  const std::uint64_t space = (text::BytesEqual(w, ' ') | (from_tab & ~past_cr & ~w)) & kHighBits;
  return space == kHighBits;
}

// The whitespace between tags, most of a page's text nodes: nothing to count. Read eight bytes at
// a time (indentation runs are long), the rest one by one.
bool OnlyAsciiSpaces(std::string_view s) {
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    if (!EightAsciiSpaces(text::LoadWord(s.data() + i))) return false;
  }
  for (; i < s.size(); ++i) {
    if (kClasses.of[static_cast<unsigned char>(s[i])] != kSpace) return false;
  }
  return true;
}

}  // namespace

void CountText(std::string_view s, TextCounts* counts) { CountTextScripts(s, counts); }

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
  // Letters per script in each node's subtree, for the scripts the page uses: a page writes in one
  // or two, so a script's column is made (zeros) when the bottom-up pass meets its first text.
  std::array<std::vector<std::uint32_t>, kScripts> letters;
  std::vector<int> page_scripts;  // ascending

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
    if (node.is_text() && !node.hidden() && !OnlyAsciiSpaces(doc.Text(id))) {
      TextCounts c;
      std::uint32_t scripts = CountTextScripts(doc.Text(id), &c);
      s.chars += c.chars;
      s.punct += c.punct;
      s.tsheg += c.tsheg;
      s.cjk += c.cjk;
      s.words += c.words;
      if (node.in_link()) {
        s.link_chars += c.chars;
        s.link_cjk += c.cjk;
      }
      for (; scripts != 0; scripts &= scripts - 1) {
        const int k = std::countr_zero(scripts);
        if (letters[k].empty()) {
          letters[k].assign(n, 0);
          page_scripts.insert(std::upper_bound(page_scripts.begin(), page_scripts.end(), k), k);
        }
        letters[k][id] += c.by_script[k];
      }
    }
    if (node.tag == Tag::kA && !node.hidden()) {
      bool has_href = false;
      doc.GetAttr(id, Attr::kHref, &has_href);
      if (has_href) ++s.link_count;
    }
    // Dominant script: the letter class with most code points, the first in Script order on a tie
    // (kNone when no letters). A subtree without characters has no letters either (most elements
    // of a page): nothing to do.
    if (s.chars > 0) {
      std::uint32_t most = 0;
      for (const int k : page_scripts) {
        if (letters[k][id] > most) {
          most = letters[k][id];
          s.script = static_cast<text::Script>(k);
        }
      }
    }
    if (id == 0) break;
    NodeStats& p = out->stats[node.parent];
    p.chars += s.chars;
    p.link_chars += s.link_chars;
    p.link_count += s.link_count;
    p.punct += s.punct;
    p.tsheg += s.tsheg;
    p.cjk += s.cjk;
    p.link_cjk += s.link_cjk;
    p.words += s.words;
    if (s.chars > 0) {
      for (const int k : page_scripts) letters[k][node.parent] += letters[k][id];
    }
  }
}

}  // namespace pith::dom
