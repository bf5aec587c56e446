// Step 9 of `auto` (driver: auto.cc, EndOfContent): second copies. Decides which kept blocks
// repeat text the content already gave, on the evidence of the blocks' text (whitespace
// collapsed) and where they sit: a run of kept blocks repeating an earlier run verbatim in
// another container goes (responsive layouts that ship the article twice), and so does a single
// block inside a <blockquote> that does (a forum reply quoting an earlier post), with the
// quotation's frame ("Jane said:"), and a block that repeats an earlier one behind a reply prefix
// ("Re: <the thread's title>"). No paper removes copies; runs are found with polynomial hashes
// (RunHashes) so that a page of one row repeated costs no quadratic time.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"
#include "text/ascii.h"

namespace pith::algo::auto_steps {
namespace {

// Step 9's runs: how far two stretches of blocks hold the same texts, in O(log n) per question,
// from polynomial hashes (modulo the prime 2^61 − 1) of every prefix of the blocks' text ids.
// Comparing block by block instead takes quadratic time on a page of one row repeated. Equal
// stretches always hash equal, so the length found is never shorter than the true one; a longer
// one (a collision) is caught by the block-by-block check of a run before it is dropped.
class RunHashes {
 public:
  explicit RunHashes(const std::vector<std::size_t>& ids) : prefix_(ids.size() + 1, 0), power_(ids.size() + 1, 1) {
    for (std::size_t k = 0; k < ids.size(); ++k) {
      prefix_[k + 1] = Add(Multiply(prefix_[k], kBase), (ids[k] + 1) % kModulus);
      power_[k + 1] = Multiply(power_[k], kBase);
    }
  }
  // The longest m ≤ `longest` for which the m ids from `a` hash as the m ids from `b` do, given
  // that the first ids are equal.
  std::size_t CommonLength(std::size_t a, std::size_t b, std::size_t longest) const {
    std::size_t low = 1, high = longest;
    while (low < high) {
      const std::size_t mid = low + (high - low + 1) / 2;
      if (Hash(a, mid) == Hash(b, mid)) {
        low = mid;
      } else {
        high = mid - 1;
      }
    }
    return low;
  }

 private:
  static constexpr std::uint64_t kModulus = (std::uint64_t{1} << 61) - 1;
  static constexpr std::uint64_t kBase = 0x1c8e3f5a7b9d2e41ull % kModulus;
  static std::uint64_t Add(std::uint64_t x, std::uint64_t y) {
    const std::uint64_t sum = x + y;  // both at most 2^61 − 1: no overflow
    return sum >= kModulus ? sum - kModulus : sum;
  }
  static std::uint64_t Multiply(std::uint64_t x, std::uint64_t y) {
    const unsigned __int128 product = static_cast<unsigned __int128>(x) * y;
    return Add(static_cast<std::uint64_t>(product & kModulus), static_cast<std::uint64_t>(product >> 61));
  }
  std::uint64_t Hash(std::size_t from, std::size_t length) const {
    return Add(prefix_[from + length], kModulus - Multiply(prefix_[from], power_[length]));
  }
  std::vector<std::uint64_t> prefix_, power_;
};

// The kept blocks of step 9, in document order: each block's kept text nodes with characters.
// Collapsing and comparing their text is the costly part, so a block's text is built only when
// another block has the same key: a hash of its text with whitespace collapsed, computed on the
// way through its text nodes.
constexpr std::size_t kNoBlock = static_cast<std::size_t>(-1);
class RepeatedBlocks {
 public:
  explicit RepeatedBlocks(const Page& a) : doc_(a.doc) {
    for (NodeId id = a.root; id < doc_.SubtreeEnd(a.root); ++id) {
      if (!a.sel.keep[id] || !doc_[id].is_text() || a.ann[id].chars == 0) continue;
      if (blocks_.empty() || blocks_.back().owner != a.owner[id]) {
        blocks_.push_back({a.owner[id], nodes_.size(), 0, 0, kFnvOffset});
        pending_space_ = false;
      }
      Unit& b = blocks_.back();
      nodes_.push_back(id);
      b.last = nodes_.size();
      b.chars += a.weight[id];
      // The hash of the text as Text() builds it: whitespace runs as one space, none at the ends.
      for (const char c : doc_.Text(id)) {
        if (text::IsAsciiWhitespace(c)) {
          pending_space_ = b.key != kFnvOffset;
          continue;
        }
        if (pending_space_) b.key = (b.key ^ static_cast<unsigned char>(' ')) * kFnvPrime;
        pending_space_ = false;
        b.key = (b.key ^ static_cast<unsigned char>(c)) * kFnvPrime;
      }
      total_ += a.weight[id];
    }
    texts_.resize(blocks_.size());
    built_.assign(blocks_.size(), 0);
  }
  std::size_t size() const { return blocks_.size(); }
  NodeId owner(std::size_t b) const { return blocks_[b].owner; }
  double chars(std::size_t b) const { return blocks_[b].chars; }
  std::uint64_t key(std::size_t b) const { return blocks_[b].key; }
  double total() const { return total_; }
  bool SameText(std::size_t a, std::size_t b) { return key(a) == key(b) && Text(a) == Text(b); }
  // The block's text with whitespace runs collapsed to one space, trimmed.
  const std::string& Text(std::size_t b) {
    std::string& t = texts_[b];
    if (built_[b]) return t;
    built_[b] = 1;
    for (std::size_t m = blocks_[b].first; m < blocks_[b].last; ++m) {
      for (char c : doc_.Text(nodes_[m])) {
        if (text::IsAsciiWhitespace(c)) {
          if (!t.empty() && t.back() != ' ') t.push_back(' ');
        } else {
          t.push_back(c);
        }
      }
    }
    if (!t.empty() && t.back() == ' ') t.pop_back();
    return t;
  }
  // The block's first text with its leading whitespace skipped (as much as one text node holds).
  std::string_view Start(std::size_t b) const {
    return text::TrimFront(doc_.Text(nodes_[blocks_[b].first]), text::IsAsciiWhitespace);
  }
  // The key of a text whose whitespace is collapsed already, equal to a block's key for its text.
  static std::uint64_t Key(std::string_view collapsed) {
    std::uint64_t key = kFnvOffset;
    for (const char c : collapsed) key = (key ^ static_cast<unsigned char>(c)) * kFnvPrime;
    return key;
  }
  void Unkeep(std::size_t b, Selection* sel) const {
    for (std::size_t m = blocks_[b].first; m < blocks_[b].last; ++m) sel->keep[nodes_[m]] = 0;
  }

 private:
  struct Unit {
    NodeId owner;             // the block element
    std::size_t first, last;  // its text nodes: nodes_[first, last)
    double chars;             // weighted non-link characters
    std::uint64_t key;        // FNV-1a hash of the text as Text() builds it
  };
  static constexpr std::uint64_t kFnvOffset = 14695981039346656037ull, kFnvPrime = 1099511628211ull;
  const dom::Document& doc_;
  std::vector<Unit> blocks_;
  std::vector<NodeId> nodes_;
  std::vector<std::string> texts_;
  std::vector<std::uint8_t> built_;
  double total_ = 0;
  bool pending_space_ = false;  // whitespace seen after the current block's last character
};

// The <blockquote> that is or holds `id`, or kNoNode. `quote_of` caches the answer for every node
// of the page, filled in one pass on the first call.
NodeId QuotationOf(const Page& page, NodeId id, std::vector<NodeId>* quote_of) {
  if (quote_of->empty()) {
    quote_of->resize(page.doc.size());
    for (NodeId n = 0; n < page.doc.size(); ++n) {
      const NodeId parent = page.doc[n].parent;
      const NodeId above = parent == dom::kNoNode ? dom::kNoNode : (*quote_of)[parent];
      (*quote_of)[n] = page.doc[n].tag == Tag::kBlockquote ? n : above;
    }
  }
  return (*quote_of)[id];
}

// Quotations whose quoted copy went: what is left of one, under kMinRepeatedChars, is its frame
// ("Jane said:", "Click to expand..."), and goes too. Linear in the page: the kept text is summed
// once, and a quotation inside one already dropped is passed over.
void DropQuotationFrames(Page& page, std::vector<NodeId>* quotes) {
  if (quotes->empty()) return;
  std::sort(quotes->begin(), quotes->end());
  quotes->erase(std::unique(quotes->begin(), quotes->end()), quotes->end());
  std::vector<double> kept(page.doc.size(), 0);
  for (NodeId id = static_cast<NodeId>(page.doc.size()); id-- > 1;) {
    if (page.sel.keep[id] && page.doc[id].is_text()) kept[id] += page.weight[id];
    kept[page.doc[id].parent] += kept[id];
  }
  NodeId dropped_end = 0;
  for (const NodeId quote : *quotes) {
    if (quote < dropped_end || kept[quote] >= kMinRepeatedChars) continue;
    dropped_end = page.doc.SubtreeEnd(quote);
    for (NodeId id = quote; id < dropped_end; ++id) page.sel.keep[id] = 0;
  }
}

// The length of the reply prefix `s` starts with, spaces after it included; 0 when none does.
std::size_t ReplyPrefixLength(std::string_view s) {
  for (const std::string_view prefix : kReplyPrefixes) {
    if (!text::StartsWithIgnoreAsciiCase(s, prefix)) continue;
    std::size_t n = prefix.size();
    while (n < s.size() && s[n] == ' ') ++n;
    return n;
  }
  return 0;
}

// Step 9: a block that is an earlier block's text behind a reply prefix ("Re: Turning off all
// LEDs", "回复：…") is a forum post's subject line, which repeats the thread's title post after
// post.
void DropReplySubjects(Page& page, RepeatedBlocks* blocks, const std::unordered_map<std::uint64_t, std::size_t>& head,
                       const std::vector<std::size_t>& next_same_key) {
  for (std::size_t j = 1; j < blocks->size(); ++j) {
    if (ReplyPrefixLength(blocks->Start(j)) == 0) continue;
    std::string_view subject = blocks->Text(j);
    for (std::size_t n; (n = ReplyPrefixLength(subject)) > 0;) subject.remove_prefix(n);
    const auto it = head.find(RepeatedBlocks::Key(subject));
    if (it == head.end()) continue;
    for (std::size_t i = it->second; i != kNoBlock; i = next_same_key[i]) {
      if (i >= j || blocks->Text(i) != subject) continue;
      blocks->Unkeep(j, &page.sel);
      page.AddDecision(blocks->owner(j), blocks->chars(j), false,
                       "a reply's subject line: an earlier block behind \"Re:\"");
      break;
    }
  }
}

}  // namespace

// Step 9: a run of kept blocks that repeats an earlier run verbatim, in another container, is a
// second copy of the same text (responsive layouts that ship the article twice, a slideshow's
// intro repeated on its slides): the later copy goes. Blocks compare by their text with
// whitespace collapsed. A run needs kMinRepeatedBlocks blocks, kMinRepeatedChars weighted
// characters and kMinRepeatedShare of the kept text, and its first block must sit under another
// parent than the original's, so that a list whose items share a blurb, a chorus sung twice or a
// paragraph the author wrote twice in one text all stay.
// Inside a <blockquote> one block of kMinRepeatedChars is a run, whatever its share: a forum reply
// quoting an earlier post of the thread, which the post itself already gave. The quotation's
// frame goes with it (DropQuotationFrames).
void DropRepeatedRuns(Page& page) {
  RepeatedBlocks blocks(page);
  const std::size_t n = blocks.size();
  if (n < 2 * kMinRepeatedBlocks) return;  // no room for a run and its copy
  // The first block holding each text, chained by key: head[key] → next_same_key → …; and for
  // every block, the first block holding its text (itself when it is the first).
  std::unordered_map<std::uint64_t, std::size_t> head;
  std::vector<std::size_t> next_same_key(n, kNoBlock), first_with_text(n);
  for (std::size_t j = 0; j < n; ++j) {
    first_with_text[j] = j;
    const auto [it, inserted] = head.emplace(blocks.key(j), j);
    if (inserted) continue;
    std::size_t i = it->second;
    while (i != kNoBlock && !blocks.SameText(i, j)) i = next_same_key[i];
    if (i != kNoBlock) {
      first_with_text[j] = i;
    } else {  // a new text with a known key
      next_same_key[j] = it->second;
      it->second = j;
    }
  }
  std::vector<double> chars_before(n + 1, 0);  // weighted characters of the blocks before each
  for (std::size_t j = 0; j < n; ++j) chars_before[j + 1] = chars_before[j] + blocks.chars(j);
  const RunHashes runs(first_with_text);
  std::vector<NodeId> quote_of, quotes;  // QuotationOf's cache; the quotations a copy left
  for (std::size_t j = 0; j < n; ++j) {
    const std::size_t i = first_with_text[j];
    if (i == j || page.doc[blocks.owner(i)].parent == page.doc[blocks.owner(j)].parent) continue;
    // The copy runs while the blocks after j repeat those after i, up to the original's end: by
    // hashes first (never shorter than the true run), then block by block for a run that counts.
    const std::size_t longest = std::min(j - i, n - j);
    std::size_t len = runs.CommonLength(i, j, longest);
    const NodeId quote = QuotationOf(page, blocks.owner(j), &quote_of);
    const bool quoted = quote != dom::kNoNode;
    const auto counts = [&](std::size_t length) {
      const double chars = chars_before[j + length] - chars_before[j];
      return length >= (quoted ? 1 : kMinRepeatedBlocks) && chars >= kMinRepeatedChars &&
             (quoted || chars >= kMinRepeatedShare * blocks.total());
    };
    if (!counts(len)) continue;
    std::size_t checked = 1;
    while (checked < len && first_with_text[i + checked] == first_with_text[j + checked]) ++checked;
    if (checked < len && !counts(len = checked)) continue;
    const double chars = chars_before[j + len] - chars_before[j];
    for (std::size_t k = j; k < j + len; ++k) blocks.Unkeep(k, &page.sel);
    if (quoted) quotes.push_back(quote);
    page.AddDecision(blocks.owner(j), chars, false,
                     "repeats " + std::to_string(len) + " blocks found earlier on the page (a second copy)");
    page.sel.summary += "; a repeated copy of " + std::to_string(len) + " blocks dropped";
    j += len - 1;
  }
  DropQuotationFrames(page, &quotes);
  DropReplySubjects(page, &blocks, head, next_same_key);
}

}  // namespace pith::algo::auto_steps
