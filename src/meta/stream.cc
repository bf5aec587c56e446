// meta/stream.cc — BuildStream: one walk over the body's nodes; hidden subtrees and form
// controls are skipped, block-level elements break lines, text is appended with its whitespace
// collapsed (eight bytes at a time where it is plain ASCII).
#include "meta/stream.h"

#include <array>
#include <cstring>

#include "meta/text_util.h"
#include "text/word_bytes.h"

namespace pith::meta {

using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

namespace {

constexpr std::size_t kMaxStreamBytes = 40 * 1024;   // visible body text kept for the rules below

// How the whitespace-collapsing copy of BuildStream treats each byte of UTF-8 text.
enum class ByteKind : std::uint8_t {
  kPlain,       // never the start of whitespace: copied
  kAsciiSpace,  // ' ', '\t', '\n', '\r', '\f', '\v': whitespace by itself, written as ' '
  kMaybeSpace,  // another byte text::MayStartSpace names (an ASCII control, or the lead byte of a
                // multi-byte space): decided by SpaceLen
};
constexpr std::array<ByteKind, 256> kByteKind = [] {
  std::array<ByteKind, 256> k{};
  for (int b = 0; b < 256; ++b) {
    k[b] = text::MayStartSpace(static_cast<unsigned char>(b)) ? ByteKind::kMaybeSpace : ByteKind::kPlain;
  }
  for (int b : {' ', '\t', '\n', '\r', '\f', '\v'}) k[b] = ByteKind::kAsciiSpace;
  return k;
}();

// Whether the eight bytes of `word` can be copied as they are by AppendStreamText: ASCII from ' '
// up (no control, no multi-byte character), with no space right after another (`space_before`:
// the byte before them is one). Then its spaces are single ones, each written as it is.
bool CopiesAsIs(std::uint64_t word, bool space_before) {
  using text::kEachByte, text::kHighBits;
  // Without a high bit, adding 0x80 - ' ' sets the high bit of exactly the bytes from ' ' up.
  const bool printable = (word & kHighBits) == 0 && ((word + (0x80 - ' ') * kEachByte) & kHighBits) == kHighBits;
  const std::uint64_t spaces = text::BytesEqual(word, ' ');
  // A byte's flag moved onto the next byte (memory order is the word's low-to-high byte order).
  return printable && (spaces & (spaces << 8 | (space_before ? 0x80u : 0u))) == 0;
}

// Appends text node `t` to *out with every whitespace run collapsed to one space, and no space
// after a space or a line break, nor at the start of the stream. The space of a run is written at
// its first byte; runs of plain bytes and of ASCII spaces each go through a loop of their own, and
// stretches of ASCII words with single spaces (most of Latin-script text) are copied eight bytes
// at a time.
void AppendStreamText(std::string_view t, std::string* out) {
  auto kind = [](const char* q) { return kByteKind[static_cast<unsigned char>(*q)]; };
  // Whether a space written now would be dropped.
  bool after_space = out->empty() || out->back() == '\n' || out->back() == ' ';
  // Leading ASCII whitespace first: most text nodes lie between tags and hold nothing else.
  const char* p = t.data();
  const char* const end = p + t.size();
  while (p < end && kind(p) == ByteKind::kAsciiSpace) ++p;
  if (p != t.data() && !after_space) {
    out->push_back(' ');
    after_space = true;
  }
  if (p == end) return;
  // Collapsing never makes text longer: room for the rest, written through a pointer, then cut.
  const std::size_t old_size = out->size();
  out->resize(old_size + static_cast<std::size_t>(end - p));
  char* const buf = out->data();
  char* w = buf + old_size;
  while (p < end) {
    if (end - p >= 8) {
      const std::uint64_t word = text::LoadWord(p);
      if (CopiesAsIs(word, after_space)) {
        std::memcpy(w, &word, sizeof word);  // w is never ahead of p: the eight bytes have room
        w += sizeof word;
        p += sizeof word;
        after_space = w[-1] == ' ';
        continue;
      }
    }
    const ByteKind k = kind(p);
    if (k == ByteKind::kPlain) {
      do *w++ = *p++;
      while (p < end && kind(p) == ByteKind::kPlain);
      after_space = false;
      continue;
    }
    if (k == ByteKind::kAsciiSpace) {
      if (!after_space) *w++ = ' ';
      after_space = true;
      while (++p < end && kind(p) == ByteKind::kAsciiSpace) {
      }
      continue;
    }
    const std::size_t i = static_cast<std::size_t>(p - t.data());
    if (const std::size_t sp = SpaceLen(t, i)) {
      if (!after_space) *w++ = ' ';
      after_space = true;
      p += sp;
      continue;
    }
    // Not a space after all (a control character, or another character of that lead byte): copy
    // its sequence.
    const std::size_t n = std::min(SeqLen(*p), t.size() - i);
    w = std::copy_n(p, n, w);
    after_space = false;
    p += n;
  }
  out->resize(static_cast<std::size_t>(w - buf));
}

}  // namespace

// Text nodes without characters (the whitespace between tags, half of a page's text nodes) need
// no scan: AppendStreamText would write one space for them, unless one is there already.
void BuildStream(const dom::Document& doc, const dom::Annotation& ann, Stream* st) {
  const NodeId root = doc.body != kNoNode ? doc.body : 0;
  const NodeId end = doc.SubtreeEnd(root);
  // Subtree ends of open block elements, above a bottom entry that no node reaches (so that the
  // test made at every node needs no emptiness check).
  std::vector<NodeId> open_blocks{kNoNode};
  std::string& out = st->text;
  out.reserve(std::min<std::size_t>(kMaxStreamBytes, doc.text.size()) + 64);
  auto newline = [&] {
    while (!out.empty() && out.back() == ' ') out.pop_back();
    if (!out.empty() && out.back() != '\n') out.push_back('\n');
  };
  for (NodeId id = root; id < end && out.size() < kMaxStreamBytes; ++id) {
    while (id >= open_blocks.back()) {
      open_blocks.pop_back();
      newline();
    }
    const dom::Node& n = doc[id];
    if (n.is_element()) {
      if (n.hidden() || n.tag == Tag::kSelect || n.tag == Tag::kOption) {
        id = doc.SubtreeEnd(id) - 1;
        continue;
      }
      if (dom::IsBlockLevel(n.tag)) {
        newline();
        if (n.first_child != kNoNode) open_blocks.push_back(doc.SubtreeEnd(id));
      }
      continue;
    }
    if (!n.is_text() || n.hidden()) continue;
    const std::uint32_t begin = static_cast<std::uint32_t>(out.size());
    if (!ann.stats.empty() && ann[id].chars == 0) {
      if (n.text_size > 0 && !out.empty() && out.back() != '\n' && out.back() != ' ') out.push_back(' ');
    } else {
      AppendStreamText(doc.Text(id), &out);
    }
    const std::uint32_t stop = static_cast<std::uint32_t>(out.size());
    if (stop > begin) st->segs.push_back({begin, stop, id, n.in_link()});
  }
}

ContentStart FindContentStart(const Stream& st, const std::vector<std::uint8_t>& content) {
  for (const Seg& s : st.segs) {
    if (s.node >= content.size() || content[s.node] == 0) continue;
    if (s.in_link) return {};
    const std::string_view text = st.text;
    const std::size_t nl = s.begin == 0 ? std::string_view::npos : text.rfind('\n', s.begin - 1);
    const std::size_t b = nl == std::string_view::npos ? 0 : nl + 1;
    const std::size_t e = std::min(text.find('\n', s.begin), text.size());
    return {Trim(text.substr(b, e - b), IsControlOrSpace), s.node};
  }
  return {};
}

}  // namespace pith::meta
