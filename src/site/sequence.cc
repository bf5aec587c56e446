// Pre-order item sequences of a page for template alignment; see sequence.h.
#include "site/sequence.h"

#include "text/unicode.h"

namespace pith::site {

namespace {

constexpr std::uint64_t kFnvOffset = 0xCBF29CE484222325ull;
constexpr std::uint64_t kFnvPrime = 0x100000001B3ull;

std::uint64_t Finish(std::uint64_t h) {
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 32;
  return h;
}

std::uint64_t FeedByte(std::uint64_t h, unsigned char c) { return (h ^ c) * kFnvPrime; }

std::uint64_t FeedU64(std::uint64_t h, std::uint64_t v) {
  for (int k = 0; k < 8; ++k) h = FeedByte(h, static_cast<unsigned char>(v >> (8 * k)));
  return h;
}

// Calls emit(bytes) for the whitespace-collapsed, trimmed form of `text`, piece by piece.
template <typename Emit>
void ForEachNormalizedPiece(std::string_view text, Emit emit) {
  bool pending_space = false, any = false;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t start = i;
    const char32_t cp = text::NextCodePoint(text, i);
    if (text::IsSpace(cp)) {
      pending_space = any;
      continue;
    }
    if (pending_space) emit(std::string_view(" "));
    pending_space = false;
    any = true;
    emit(text.substr(start, i - start));
  }
}

}  // namespace

std::uint64_t ElementPathKey(std::uint64_t parent_path, std::string_view name) {
  std::uint64_t h = FeedU64(kFnvOffset, parent_path);
  h = FeedByte(h, '/');
  for (char c : name) h = FeedByte(h, static_cast<unsigned char>(c));
  return Finish(h);
}

std::uint64_t TextKey(std::uint64_t parent_path, std::string_view text) {
  std::uint64_t h = FeedU64(kFnvOffset, parent_path);
  h = FeedByte(h, '#');
  ForEachNormalizedPiece(text, [&h](std::string_view piece) {
    for (char c : piece) h = FeedByte(h, static_cast<unsigned char>(c));
  });
  return Finish(h);
}

std::string NormalizedText(std::string_view text) {
  std::string out;
  ForEachNormalizedPiece(text, [&out](std::string_view piece) { out.append(piece); });
  return out;
}

void BuildSequence(const dom::Document& doc, const dom::Annotation& annotation, Sequence* out) {
  out->Clear();
  if (doc.size() == 0) return;
  // Path hashes of the elements on the way down: parents precede children in pre-order, so one
  // array indexed by node id is filled top-down (only elements are written).
  thread_local std::vector<std::uint64_t> path;
  path.assign(doc.size(), 0);
  for (dom::NodeId id = 1; id < doc.size(); ++id) {
    const dom::Node& n = doc[id];
    if (n.is_element()) path[id] = ElementPathKey(path[n.parent], doc.Name(id));
  }
  const dom::NodeId root = doc.body != dom::kNoNode ? doc.body : 0;
  for (dom::NodeId id = root; id < doc.SubtreeEnd(root); ++id) {
    const dom::Node& n = doc[id];
    if (n.is_element()) {
      out->keys.push_back(path[id]);
    } else if (n.is_text() && !n.hidden() && annotation[id].chars > 0) {
      out->keys.push_back(TextKey(path[n.parent], doc.Text(id)));
    } else {
      continue;
    }
    out->nodes.push_back(id);
    out->is_text.push_back(n.is_text() ? 1 : 0);
  }
}

}  // namespace pith::site
