// meta/stream.h — the text stream: the visible body text flattened once (its first 40 KB),
// whitespace collapsed, '\n' at block boundaries, with the text node each stretch came from.
// The date, author and language rules read it instead of walking the DOM again.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dom/annotate.h"
#include "dom/document.h"

namespace pith::meta {

inline constexpr std::size_t kDateWindowBefore = 2 * 1024;  // dates searched from the headline − 2 KB ...
inline constexpr std::size_t kDateWindowAfter = 18 * 1024;  // ... to + 18 KB (or the first 20 KB)


struct Seg {
  std::uint32_t begin, end;
  dom::NodeId node;
  bool in_link;
};

struct Stream {
  std::string text;
  std::vector<Seg> segs;

  // Segment holding byte `pos` (or the next one), nullptr past the end.
  const Seg* SegAt(std::size_t pos) const {
    auto it = std::upper_bound(segs.begin(), segs.end(), pos,
                               [](std::size_t p, const Seg& s) { return p < s.end; });
    return it == segs.end() ? nullptr : &*it;
  }
  // Offset of the first text of node `id`'s subtree, npos if none is in the stream.
  std::size_t OffsetOf(const dom::Document& doc, dom::NodeId id) const {
    auto it = std::lower_bound(segs.begin(), segs.end(), id,
                               [](const Seg& s, dom::NodeId n) { return s.node < n; });
    if (it == segs.end() || it->node >= doc.SubtreeEnd(id)) return std::string::npos;
    return it->begin;
  }
};

void BuildStream(const dom::Document& doc, const dom::Annotation& ann, Stream* st);

// Where the content begins: the first text node marked in `content` (per node id, as
// algo::Selection::keep) and its line of the stream; none when no kept text is in the stream, or
// when that text is a link's.
struct ContentStart {
  std::string_view line;
  dom::NodeId node = dom::kNoNode;
};
ContentStart FindContentStart(const Stream& st, const std::vector<std::uint8_t>& content);

// Where the headline sits in the text stream: [begin, end), or npos.
struct Anchor {
  std::size_t begin = std::string::npos, end = std::string::npos;
  bool found() const { return begin != std::string::npos; }
};

}  // namespace pith::meta
