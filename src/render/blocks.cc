// Block assembly: one pre-order pass with a stack of open block-level ancestors.
#include "render/blocks.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "algo/algorithm.h"
#include "render/callouts.h"
#include "render/code.h"
#include "render/footnotes.h"
#include "render/images.h"
#include "render/tables.h"
#include "text/string_memo.h"
#include "text/unicode.h"

namespace pith::render {
namespace {

BlockKind KindOf(dom::Tag tag) {
  switch (tag) {
    case dom::Tag::kH1: case dom::Tag::kH2: case dom::Tag::kH3:
    case dom::Tag::kH4: case dom::Tag::kH5: case dom::Tag::kH6: return BlockKind::kHeading;
    case dom::Tag::kLi: case dom::Tag::kDt: case dom::Tag::kDd: return BlockKind::kListItem;
    case dom::Tag::kBlockquote: return BlockKind::kQuote;
    case dom::Tag::kPre: return BlockKind::kCode;
    case dom::Tag::kTr: case dom::Tag::kTd: case dom::Tag::kTh: return BlockKind::kTableRow;
    case dom::Tag::kFigcaption: case dom::Tag::kCaption: return BlockKind::kCaption;
    case dom::Tag::kMath: return BlockKind::kMath;  // (only a display formula opens a block)
    default: return BlockKind::kParagraph;
  }
}

// The block kind an element makes: its tag's, and a quotation for a callout (render/callouts.h).
BlockKind KindOf(const dom::Document& doc, dom::NodeId element) {
  const BlockKind kind = KindOf(doc[element].tag);
  return kind == BlockKind::kParagraph && IsCallout(doc, element) ? BlockKind::kQuote : kind;
}

// The inline markup an element makes of its text, if any.
std::optional<SpanKind> SpanKindOf(dom::Tag tag) {
  switch (tag) {
    case dom::Tag::kEm: case dom::Tag::kI: return SpanKind::kEmphasis;
    case dom::Tag::kStrong: case dom::Tag::kB: return SpanKind::kStrong;
    case dom::Tag::kCode: case dom::Tag::kKbd: case dom::Tag::kSamp: case dom::Tag::kTt: return SpanKind::kCode;
    case dom::Tag::kS: case dom::Tag::kDel: case dom::Tag::kStrike: return SpanKind::kStrikethrough;
    case dom::Tag::kSup: return SpanKind::kSuperscript;
    case dom::Tag::kSub: return SpanKind::kSubscript;
    case dom::Tag::kMath: return SpanKind::kMath;  // an inline formula
    default: return std::nullopt;
  }
}

// Trims trailing white space (spaces, tabs, newlines) of the block being built.
void TrimEnd(std::string* s) {
  while (!s->empty() && (s->back() == ' ' || s->back() == '\n' || s->back() == '\t')) s->pop_back();
}

// The nearest <a href> ancestor of a text node inside a link, or kNoNode.
dom::NodeId EnclosingLink(const dom::Document& doc, dom::NodeId id) {
  for (dom::NodeId a = doc[id].parent; a != dom::kNoNode; a = doc[a].parent) {
    if (doc[a].tag != dom::Tag::kA) continue;
    bool present = false;
    doc.GetAttr(a, dom::Attr::kHref, &present);
    return present ? a : dom::kNoNode;
  }
  return dom::kNoNode;
}

// Whether a link's text is a permalink mark, as documentation generators put at the end of each
// heading (Sphinx's and MkDocs' "¶", "#", "§", "🔗", an icon font's glyph or nothing): no letter or
// digit, only those marks and white space.
bool IsPermalinkMark(std::string_view s) {
  if (s.size() > 16) return false;
  for (std::size_t i = 0; i < s.size();) {
    const char32_t c = text::NextCodePoint(s, i);
    const bool mark = c == '#' || c == 0xB6 || c == 0xA7 || c == 0x1F517 || c == 0x2693 ||
                      (c >= 0xE000 && c <= 0xF8FF) ||  // private use: icon fonts' link glyphs
                      text::IsSpace(c) || text::IsZeroWidthFormat(c);
    if (!mark) return false;
  }
  return true;
}

// Whether a text node is a heading's permalink: a mark (above) that is all the text of a link to a
// fragment of the page, inside an <h1>-<h6>. Such a link is navigation, not the heading's words.
bool IsHeadingPermalink(const dom::Document& doc, dom::NodeId text_id, const std::vector<dom::NodeId>& open) {
  if (!doc[text_id].in_link() || !IsPermalinkMark(doc.Text(text_id))) return false;
  const dom::NodeId a = EnclosingLink(doc, text_id);
  if (a == dom::kNoNode || !doc.GetAttr(a, dom::Attr::kHref).starts_with('#')) return false;
  return std::any_of(open.begin(), open.end(), [&](dom::NodeId e) { return dom::HeadingLevel(doc[e].tag) > 0; });
}

// How AppendCollapsed treats each byte of UTF-8 text.
enum class ByteKind : std::uint8_t {
  kCopy,    // begins no space (text::MayStartSpace): copied
  kSpace,   // an ASCII space
  kDecode,  // an ASCII control or the lead byte of a multi-byte character that may be a space
};
constexpr std::array<ByteKind, 256> kByteKind = [] {
  std::array<ByteKind, 256> t{};
  for (int b = 0; b < 256; ++b) {
    const bool ascii_space = b == ' ' || (b >= '\t' && b <= '\r');  // text::IsSpace below 0x80
    t[b] = ascii_space                                          ? ByteKind::kSpace
           : text::MayStartSpace(static_cast<unsigned char>(b)) ? ByteKind::kDecode
                                                                 : ByteKind::kCopy;
  }
  return t;
}();

// HTML's rules for parsing integers: leading white space, an optional sign, digits (what follows
// them is ignored); nothing when no digit comes. Saturates far beyond any list's numbers.
std::optional<std::int64_t> ParseHtmlInteger(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\f' || s[i] == '\r')) ++i;
  bool negative = false;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) negative = s[i++] == '-';
  if (i == s.size() || s[i] < '0' || s[i] > '9') return std::nullopt;
  std::int64_t value = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
    value = std::min<std::int64_t>(value * 10 + (s[i] - '0'), 1LL << 40);
  }
  return negative ? -value : value;
}

// The lowest element passing `is_container` that is or holds every one of `nodes` (each block's
// nearest such element), or kNoNode, also when a block has none.
template <class IsContainer>
dom::NodeId CommonContainer(const dom::Document& doc, const std::vector<dom::NodeId>& nodes, IsContainer is_container) {
  dom::NodeId common = nodes.empty() ? dom::kNoNode : nodes.front();
  for (const dom::NodeId n : nodes) {
    if (n == dom::kNoNode) return dom::kNoNode;
    while (common != dom::kNoNode && n != common && !doc.IsAncestor(common, n)) {
      do {
        common = doc[common].parent;
      } while (common != dom::kNoNode && !is_container(common));
    }
    if (common == dom::kNoNode) return dom::kNoNode;
  }
  return common;
}

// Content lying wholly inside one list item (a page laid out as a list, a post in an <li>) or one
// <blockquote> or callout (a blog setting its posts in one) is neither a list nor a quotation: the
// blocks whose nearest item or quote that is become what they are inside it (paragraphs for the
// item's own text); lists and quotes nested in it stay. `quote_of`: each block's nearest quote.
void UnwrapContent(const dom::Document& doc, const std::vector<dom::NodeId>& quote_of, std::vector<Block>* blocks) {
  // (A data table's blocks keep their items to the table: they neither make nor break a wrapper.)
  std::vector<dom::NodeId> item_of;
  for (const Block& b : *blocks) {
    if (b.table == 0) item_of.push_back(b.item == 0 ? dom::kNoNode : b.item);
  }
  auto is_item = [&](dom::NodeId e) { return KindOf(doc[e].tag) == BlockKind::kListItem; };
  auto is_quote = [&](dom::NodeId e) { return KindOf(doc, e) == BlockKind::kQuote; };
  if (const dom::NodeId wrapper = CommonContainer(doc, item_of, is_item); wrapper != dom::kNoNode) {
    for (Block& b : *blocks) {
      if (b.item != wrapper || b.table != 0) continue;
      b.item = 0;
      b.depth = 0;
      b.number = 0;
      b.definition = DefinitionPart::kNone;
      if (b.kind == BlockKind::kListItem) {
        b.kind = BlockKind::kParagraph;
        b.level = 0;
      }
    }
  }
  if (const dom::NodeId wrapper = CommonContainer(doc, quote_of, is_quote); wrapper != dom::kNoNode) {
    for (std::size_t i = 0; i < blocks->size(); ++i) {
      if (quote_of[i] == wrapper && (*blocks)[i].kind == BlockKind::kQuote) {
        (*blocks)[i].kind = BlockKind::kParagraph;
        (*blocks)[i].quote = 0;
      }
    }
  }
}

// Which images lie in the content: the text around an image decides (docs/output.md, "Images").
// Counts of visible text nodes (holding more than white space) kept and not kept, before each node.
class ContentImages {
 public:
  ContentImages(const dom::Document& doc, const std::vector<std::uint8_t>& keep)
      : doc_(doc), kept_before_(doc.size() + 1, 0), dropped_before_(doc.size() + 1, 0) {
    for (dom::NodeId i = 0; i < doc.size(); ++i) {
      const dom::Node& n = doc[i];
      const bool visible = n.is_text() && !n.hidden() && HoldsText(doc.Text(i));
      kept_before_[i + 1] = kept_before_[i] + (visible && keep[i]);
      dropped_before_[i + 1] = dropped_before_[i] + (visible && !keep[i]);
      if (visible && keep[i]) kept_.push_back(i);
    }
    if (!kept_.empty()) root_ = LowestCommonAncestor(kept_.front(), kept_.back());
  }

  // The image lies inside the content's root (the lowest element holding all kept text), and the
  // nearest element around it that holds text holds only kept text, or holds kept and other text
  // and no text that is not kept stands between the image and the kept text before or after it.
  bool InContent(dom::NodeId img) const {
    if (root_ == dom::kNoNode || !(img == root_ || doc_.IsAncestor(root_, img))) return false;
    for (dom::NodeId a = doc_[img].parent; a != dom::kNoNode; a = doc_[a].parent) {
      const std::uint32_t kept = Kept(a, doc_.SubtreeEnd(a)), dropped = Dropped(a, doc_.SubtreeEnd(a));
      if (kept + dropped == 0) continue;
      if (dropped == 0) return true;
      if (kept == 0) return false;
      const auto next = std::upper_bound(kept_.begin(), kept_.end(), img);
      const bool after = next != kept_.end() && Dropped(img, *next) == 0;
      const bool before = next != kept_.begin() && Dropped(*(next - 1), img) == 0;
      return before || after;
    }
    return false;
  }

 private:
  static bool HoldsText(std::string_view s) {
    for (const char c : s) {
      if (!(c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f')) return true;
    }
    return false;
  }
  std::uint32_t Kept(dom::NodeId from, dom::NodeId to) const { return kept_before_[to] - kept_before_[from]; }
  std::uint32_t Dropped(dom::NodeId from, dom::NodeId to) const {
    return dropped_before_[to] - dropped_before_[from];
  }
  dom::NodeId LowestCommonAncestor(dom::NodeId a, dom::NodeId b) const {
    while (a != dom::kNoNode && !(a == b || doc_.IsAncestor(a, b))) a = doc_[a].parent;
    return a;
  }

  const dom::Document& doc_;
  std::vector<std::uint32_t> kept_before_, dropped_before_;
  std::vector<dom::NodeId> kept_;  // the kept visible text nodes, in order
  dom::NodeId root_ = dom::kNoNode;
};

// The text of the <figcaption> of the <figure> an image stands in (the figure is its parent or
// grandparent), white space collapsed; "" when none.
std::string FigureCaption(const dom::Document& doc, dom::NodeId img) {
  dom::NodeId figure = doc[img].parent;
  for (int level = 0; level < 2 && figure != dom::kNoNode && doc[figure].tag != dom::Tag::kFigure; ++level) {
    figure = doc[figure].parent;
  }
  if (figure == dom::kNoNode || doc[figure].tag != dom::Tag::kFigure) return {};
  for (dom::NodeId c = doc[figure].first_child; c != dom::kNoNode; c = doc[c].next_sibling) {
    if (doc[c].tag != dom::Tag::kFigcaption) continue;
    std::string caption;
    for (dom::NodeId t = c + 1; t < doc.SubtreeEnd(c); ++t) {
      if (doc[t].is_text() && !doc[t].hidden()) AppendCollapsed(doc.Text(t), &caption);
    }
    TrimEnd(&caption);
    return caption;
  }
  return {};
}

}  // namespace

// Written through a pointer into room made up front: collapsing never lengthens the text, since
// every byte written stands for a byte read (a pending space for the space that set it).
void AppendCollapsed(std::string_view text, std::string* out) {
  const std::size_t old_size = out->size();
  out->resize(old_size + text.size());
  char* const begin = out->data();
  char* w = begin + old_size;
  bool pending_space = false;
  auto space_before_text = [&]() {
    if (pending_space && w != begin && w[-1] != ' ' && w[-1] != '\n') *w++ = ' ';
    pending_space = false;
  };
  auto space = [&]() {
    if (w != begin && w[-1] != '\n') pending_space = true;
  };
  auto kind = [](char c) { return kByteKind[static_cast<unsigned char>(c)]; };
  const char* p = text.data();
  const char* const end = p + text.size();
  while (p < end) {
    const ByteKind k = kind(*p);
    if (k == ByteKind::kCopy) {
      space_before_text();
      *w++ = *p++;
      // Four bytes per test of the end while the run goes on, then one by one.
      for (; end - p >= 4 && kind(p[0]) == ByteKind::kCopy && kind(p[1]) == ByteKind::kCopy &&
             kind(p[2]) == ByteKind::kCopy && kind(p[3]) == ByteKind::kCopy;
           p += 4, w += 4) {
        std::memcpy(w, p, 4);
      }
      while (p < end && kind(*p) == ByteKind::kCopy) *w++ = *p++;
      continue;
    }
    if (k != ByteKind::kDecode) {
      space();
      ++p;
      continue;
    }
    std::size_t i = static_cast<std::size_t>(p - text.data());
    const char32_t cp = text::NextCodePoint(text, i);
    const char* const next = text.data() + i;
    if (text::IsZeroWidthFormat(cp)) {  // kept after a character, dropped after a space
      if (!pending_space && w != begin && w[-1] != ' ' && w[-1] != '\n') w = std::copy(p, next, w);
    } else if (text::IsSpace(cp)) {
      space();
    } else {
      space_before_text();
      w = std::copy(p, next, w);
    }
    p = next;
  }
  space_before_text();
  out->resize(static_cast<std::size_t>(w - begin));
}

void AppendPreformatted(std::string_view text, std::string* out) {
  for (const char c : text) {
    if (c == '\n') {
      while (!out->empty() && (out->back() == ' ' || out->back() == '\t')) out->pop_back();
      out->push_back('\n');
    } else {
      out->push_back(static_cast<unsigned char>(c) < 0x20 && c != '\t' ? ' ' : c);
    }
  }
}

void AppendNodeText(std::string_view text, bool in_pre, std::string* out) {
  if (in_pre) {
    AppendPreformatted(text, out);
  } else {
    AppendCollapsed(text, out);
  }
}

bool BreakLine(bool in_pre, std::string* text) {
  if (text->empty()) return false;
  if (in_pre) {
    text->push_back('\n');
    return false;
  }
  while (!text->empty() && text->back() == ' ') text->pop_back();
  if (text->empty() || text->back() == '\n') return true;
  text->push_back('\n');
  return false;
}

std::vector<Block> CollectBlocks(const dom::Document& doc, const std::vector<std::uint8_t>& keep,
                                 const CollectOptions& options) {
  std::vector<Block> blocks;
  Block current;
  dom::NodeId quote = dom::kNoNode;   // the <blockquote> or callout of `current` when it is a quote
  bool callout_title = false;         // `current` is the title of that callout
  std::vector<dom::NodeId> quote_of;  // ... of each block

  dom::NodeId current_anchor = dom::kNoNode;  // the <a> of current.links.back(), while it grows
  dom::NodeId code_element = dom::kNoNode;    // the <pre> of `current` when it is code
  std::vector<dom::NodeId> span_elements;     // the element of each of current.spans, while they grow
  // For the footnotes: the node each block starts at, and the links to a fragment of the page.
  std::vector<dom::NodeId> first_node;
  dom::NodeId current_first = dom::kNoNode;
  std::vector<FragmentLink> fragment_links;
  // While its text is empty the block being built is as Block() makes it (its kind, line and
  // links are set once text arrives), so most breaks, between elements without kept text, cost a
  // test.
  auto flush = [&]() {
    current_anchor = dom::kNoNode;
    if (current.text.empty()) {
      // Images met with no text in their block stand on their own.
      if (current.images.empty()) return;
      Block image = std::move(current);
      std::vector<Image> images = std::move(image.images);
      for (Image& i : images) {
        i.at = 0;
        blocks.push_back(image);
        blocks.back().kind = BlockKind::kImage;
        blocks.back().level = 0;
        blocks.back().links.clear();
        blocks.back().images.push_back(std::move(i));
        quote_of.push_back(quote);
        first_node.push_back(current_first);
      }
      current = Block();
      span_elements.clear();
      return;
    }
    TrimEnd(&current.text);
    // Leading white space goes; in code, only up to the last line break in it: the first line's
    // indentation is the code's.
    std::size_t lead = 0;
    for (std::size_t i = 0; i < current.text.size(); ++i) {
      const char c = current.text[i];
      if (c != ' ' && c != '\n' && c != '\t') break;
      if (current.kind != BlockKind::kCode || c == '\n') lead = i + 1;
    }
    if (lead) current.text.erase(0, lead);
    const auto size = static_cast<std::uint32_t>(current.text.size());
    std::erase_if(current.links, [&](Link& l) {
      l.begin = l.begin > lead ? static_cast<std::uint32_t>(l.begin - lead) : 0;
      l.end = std::min(l.end > lead ? static_cast<std::uint32_t>(l.end - lead) : 0, size);
      return l.begin >= l.end;
    });
    for (Image& i : current.images) i.at = std::min(i.at > lead ? static_cast<std::uint32_t>(i.at - lead) : 0, size);
    std::erase_if(current.spans, [&](Span& sp) {
      sp.begin = sp.begin > lead ? static_cast<std::uint32_t>(sp.begin - lead) : 0;
      sp.end = std::min(sp.end > lead ? static_cast<std::uint32_t>(sp.end - lead) : 0, size);
      return sp.begin >= sp.end;
    });
    // Outer spans before the spans they hold (an element's span is begun at its first text, after
    // the spans of elements inside it).
    std::stable_sort(current.spans.begin(), current.spans.end(), [](const Span& a, const Span& b) {
      return a.begin != b.begin ? a.begin < b.begin : a.end > b.end;
    });
    span_elements.clear();
    if (current.kind == BlockKind::kCode) {
      current.links.clear();
      current.language = CodeLanguage(doc, code_element);
    }
    if (current.kind == BlockKind::kCode || current.kind == BlockKind::kMath) current.spans.clear();
    // A callout's title and a definition list's term are written in strong, unless already all strong.
    const auto whole_strong = [&](const Span& sp) { return sp.kind == SpanKind::kStrong && sp.begin == 0 && sp.end == size; };
    const bool term = current.definition == DefinitionPart::kTerm && current.kind != BlockKind::kCode &&
                      current.kind != BlockKind::kMath && current.kind != BlockKind::kHeading;
    if ((callout_title || term) && size > 0 && std::none_of(current.spans.begin(), current.spans.end(), whole_strong)) {
      current.spans.insert(current.spans.begin(), Span{SpanKind::kStrong, 0, size});
    }
    if (!current.text.empty()) {
      blocks.push_back(std::move(current));
      quote_of.push_back(quote);
      first_node.push_back(current_first);
    }
    current = Block();
  };
  // Per <ol>: its last <li> numbered so far and that item's number, as HTML numbers them: from the
  // list's `start` (1, or the item count of a `reversed` list, when absent or not an integer), up
  // or down by one, and from an item's own `value` when it has one. Items come in document order,
  // so each list's children are counted once, however long it is.
  struct Numbering {
    dom::NodeId last = dom::kNoNode;
    std::int64_t number = 0;
    std::int64_t step = 1;
  };
  std::unordered_map<dom::NodeId, Numbering> numbered;
  auto number_of = [&](dom::NodeId li) -> std::uint32_t {
    const dom::NodeId list = doc[li].parent;
    if (list == dom::kNoNode || doc[list].tag != dom::Tag::kOl) return 0;
    auto [entry, first] = numbered.try_emplace(list);
    Numbering& n = entry->second;
    if (first) {
      bool reversed = false;
      doc.GetAttr(list, dom::Attr::kReversed, &reversed);
      n.step = reversed ? -1 : 1;
      std::int64_t start = 1;
      if (const auto given = ParseHtmlInteger(doc.GetAttr(list, dom::Attr::kStart))) {
        start = *given;
      } else if (reversed) {
        start = 0;
        for (dom::NodeId c = doc[list].first_child; c != dom::kNoNode; c = doc[c].next_sibling) {
          start += doc[c].tag == dom::Tag::kLi;
        }
      }
      n.number = start - n.step;
    }
    if (n.last != li) {
      for (dom::NodeId c = n.last == dom::kNoNode ? doc[list].first_child : doc[n.last].next_sibling;
           c != dom::kNoNode && c <= li; c = doc[c].next_sibling) {
        if (doc[c].tag != dom::Tag::kLi) continue;
        const auto value = ParseHtmlInteger(doc.GetAttr(c, dom::Attr::kValue));
        n.number = value ? *value : n.number + n.step;
      }
      n.last = li;
    }
    return static_cast<std::uint32_t>(std::clamp<std::int64_t>(n.number, 1, std::numeric_limits<std::uint32_t>::max()));
  };
  // The block kind from the nearest typed ancestor. A <p> or <div> between the text and a heading
  // makes it a paragraph (a heading holding paragraphs is a styled wrapper), not between the text and
  // a list item, a quote, code or a caption (`<li><p>`, `<blockquote><p>`, `<figcaption><p>`). Every
  // block inside a list item (its own text, a nested paragraph, code or heading) carries the item's
  // id, the lists around the item and its number in an <ol>. A data table's cell (the outermost
  // one, when tables nest: the inner table is text of the outer cell) makes every block inside it
  // one of the cell's, a list item or code inside the cell keeping its kind; a layout table's cells
  // are containers, like <div>s.
  auto is_list = [&](dom::NodeId a) {
    const dom::Tag t = doc[a].tag;
    return t == dom::Tag::kUl || t == dom::Tag::kOl || t == dom::Tag::kDl || t == dom::Tag::kMenu;
  };
  // What a block's context needs from its open elements, per level of the stack of open elements
  // and summed over the levels up to it: the innermost element there of a kind other than
  // paragraph (and other than a table's), <p> or <div>, list item and table cell (a level, or -1),
  // and the lists. A level stays valid while the element open at it does, and an element's levels
  // below it are its ancestors', so each element opened is summed once and a block's context jumps
  // between the few levels that matter instead of walking all of them (a page nested 5,000 deep
  // walked 5,000 per block).
  struct Level {
    dom::NodeId id;
    int typed, paragraph, item, cell, lists;
  };
  std::vector<Level> levels;
  auto sync_levels = [&](const std::vector<dom::NodeId>& open) {
    std::size_t k = std::min(levels.size(), open.size());
    while (k > 0 && levels[k - 1].id != open[k - 1]) --k;
    levels.resize(k);
    for (; k < open.size(); ++k) {
      const dom::Tag tag = doc[open[k]].tag;
      const BlockKind kind = KindOf(doc, open[k]);
      const Level below = k > 0 ? levels[k - 1] : Level{dom::kNoNode, -1, -1, -1, -1, 0};
      const int here = static_cast<int>(k);
      const bool cell = tag == dom::Tag::kTd || tag == dom::Tag::kTh;
      levels.push_back({open[k], kind != BlockKind::kParagraph && kind != BlockKind::kTableRow ? here : below.typed,
                        tag == dom::Tag::kP || tag == dom::Tag::kDiv ? here : below.paragraph,
                        kind == BlockKind::kListItem ? here : below.item, cell ? here : below.cell,
                        below.lists + (is_list(open[k]) ? 1 : 0)});
    }
  };
  TableKinds tables(doc);
  auto block_context = [&](Block* b, const std::vector<dom::NodeId>& open) {
    b->kind = BlockKind::kParagraph;
    b->level = 0;
    b->number = 0;
    b->table = b->row = b->cell = 0;
    b->colspan = b->rowspan = 1;
    b->header = false;
    b->item = 0;
    b->depth = 0;
    b->quote = 0;
    b->definition = DefinitionPart::kNone;
    quote = dom::kNoNode;
    callout_title = false;
    if (open.empty()) return;
    sync_levels(open);
    const int top = static_cast<int>(open.size()) - 1;
    int cell = -1;
    for (int k = levels[top].cell; k >= 0; k = k > 0 ? levels[k - 1].cell : -1) {
      const dom::NodeId table = TableOf(doc, open[k]);
      if (table != dom::kNoNode && tables.IsDataTable(table)) cell = k;
    }
    if (cell >= 0) {
      const dom::NodeId c = open[cell];
      b->kind = BlockKind::kTableRow;
      b->table = TableOf(doc, c);
      b->row = doc[c].parent;
      b->cell = c;
      b->colspan = ColumnSpan(doc, c);
      b->rowspan = RowSpan(doc, c);
      b->header = IsHeaderCell(doc, c);
      // The innermost list item, code or display formula inside the cell.
      for (int k = levels[top].typed; k > cell; k = levels[k - 1].typed) {
        const BlockKind kind = KindOf(doc[open[k]].tag);
        if (kind == BlockKind::kCode || kind == BlockKind::kMath) {
          b->kind = kind;
          code_element = open[k];
          break;
        }
        if (kind == BlockKind::kListItem) {
          b->kind = kind;
          b->item = open[k];
          b->depth = std::max(1, levels[k].lists - levels[cell].lists);
          b->level = b->depth;
          if (doc[open[k]].tag == dom::Tag::kLi) b->number = number_of(open[k]);
          break;
        }
      }
      return;
    }
    bool typed = false;
    // From the innermost open element outward, over the levels of a kind other than paragraph.
    for (int k = levels[top].typed; k >= 0;) {
      const dom::Tag tag = doc[open[k]].tag;
      const BlockKind kind = KindOf(doc, open[k]);
      if (kind == BlockKind::kListItem) {
        b->item = open[k];
        b->depth = std::max(1, levels[k].lists);
        if (tag == dom::Tag::kLi) b->number = number_of(open[k]);
        if (tag == dom::Tag::kDt) b->definition = DefinitionPart::kTerm;
        if (tag == dom::Tag::kDd) b->definition = DefinitionPart::kDescription;
        if (!typed) {
          b->kind = kind;
          b->level = b->depth;
        }
        return;
      }
      const bool in_paragraph = levels[top].paragraph > k;  // a <p> or <div> between the text and k
      if (!typed && !(kind == BlockKind::kHeading && in_paragraph)) {
        typed = true;
        b->kind = kind;
        if (kind == BlockKind::kQuote) {
          quote = open[k];
          b->quote = open[k];
          if (tag != dom::Tag::kBlockquote) {  // a callout: its title, when the block lies in it
            for (int t = k + 1; t <= top && !callout_title; ++t) callout_title = IsCalloutTitle(doc, open[t]);
          }
        }
        if (kind == BlockKind::kCode) code_element = open[k];
        b->level = dom::HeadingLevel(tag);
      }
      // Once typed, only a list item further out still matters.
      k = k == 0 ? -1 : typed ? levels[k - 1].item : levels[k - 1].typed;
    }
  };

  // Most of a page is not kept. While no text waits in `current` (a break would be a no-op), a
  // subtree without kept text and without <pre> is passed over: marked_before[i] counts the kept
  // text nodes and <pre> elements before node i.
  // Visible images count as marked too, so that the walk reaches them.
  const bool images = options.images;
  std::vector<std::uint32_t> marked_before(doc.size() + 1, 0);
  for (dom::NodeId i = 0; i < doc.size(); ++i) {
    const dom::Node& n = doc[i];
    marked_before[i + 1] = marked_before[i] + ((n.is_text() && keep[i]) || n.tag == dom::Tag::kPre ||
                                               (images && n.tag == dom::Tag::kImg && !n.hidden()));
  }
  // Line-number gutters are passed over too, whatever they hold (their digits are no text).
  auto may_skip = [&](dom::NodeId id) {
    return (current.text.empty() && current.images.empty() &&
            marked_before[doc.SubtreeEnd(id)] == marked_before[id]) ||
           (doc[id].attr_count != 0 && IsLineNumberGutter(doc, id));
  };
  std::optional<ContentImages> content_images;  // made at the first image met
  text::StringMemo<bool> decoration_words;      // IsDecorativeImage's reading of class and id values

  WalkBlocks(doc, 0, flush, [&](dom::NodeId id, bool in_pre, const std::vector<dom::NodeId>& open) {
    const dom::Node& n = doc[id];
    // An image stands between words as a space does; an inline image goes before that space.
    const auto image_at = static_cast<std::uint32_t>(current.text.size());
    if (n.tag == dom::Tag::kImg && !current.text.empty()) current.text.push_back(' ');
    if (n.tag == dom::Tag::kImg && images && !in_pre) {
      if (!content_images) content_images.emplace(doc, keep);
      std::string url = ImageUrl(doc, id);
      if (IsDecorativeImage(doc, id, url, &decoration_words) || !content_images->InContent(id)) return;
      if (current.text.empty() && current.images.empty()) {
        block_context(&current, open);
        current.line = n.line;
        current_first = id;
      }
      current.images.push_back(Image{std::move(url), std::string(doc.GetAttr(id, dom::Attr::kAlt)),
                                     FigureCaption(doc, id), image_at});
      current_anchor = dom::kNoNode;
      return;
    }
    // A <br> breaks the line inside the block (an address, a verse, a post's lines); a second one
    // with nothing kept since is a paragraph break, as pages without <p> write them.
    if (n.tag == dom::Tag::kBr) {
      if (BreakLine(in_pre, &current.text)) return flush();
      current_anchor = dom::kNoNode;
      return;
    }
    if (!n.is_text() || !keep[id]) return;
    if (IsHeadingPermalink(doc, id, open)) return;
    // Comment text (algo::kKeptComment) never shares a block with the content's.
    const bool comment = keep[id] == algo::kKeptComment;
    if (!current.text.empty() && current.comment != comment) flush();
    current.comment = comment;
    const std::size_t before = current.text.size();
    AppendNodeText(doc.Text(id), in_pre, &current.text);
    if (before == 0 && !current.text.empty() && current.images.empty()) {  // the block's first content
      block_context(&current, open);
      current.line = n.line;
      current_first = id;
    }
    std::size_t begin = before;  // past the space AppendCollapsed may have put before the text
    while (begin < current.text.size() && (current.text[begin] == ' ' || current.text[begin] == '\n')) ++begin;
    std::size_t end = current.text.size();
    while (end > begin && (current.text[end - 1] == ' ' || current.text[end - 1] == '\n')) --end;
    // The inline markup around the text, up to its block's element: each element's span grows over
    // its text nodes.
    if (!in_pre && begin < end) {
      const dom::NodeId block_element = open.empty() ? dom::kNoNode : open.back();
      const std::size_t first_new = current.spans.size();
      for (dom::NodeId a = n.parent; a != dom::kNoNode && a != block_element; a = doc[a].parent) {
        const std::optional<SpanKind> kind = SpanKindOf(doc[a].tag);
        if (!kind) continue;
        const auto known = std::find(span_elements.rbegin(), span_elements.rend(), a);
        if (known != span_elements.rend()) {
          current.spans[static_cast<std::size_t>(span_elements.rend() - known) - 1].end = static_cast<std::uint32_t>(end);
        } else {
          current.spans.push_back({*kind, static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end)});
          span_elements.push_back(a);
        }
      }
      // The spans begun here were found innermost first: outermost first, as Block::spans lists them.
      std::reverse(current.spans.begin() + static_cast<std::ptrdiff_t>(first_new), current.spans.end());
      std::reverse(span_elements.begin() + static_cast<std::ptrdiff_t>(first_new), span_elements.end());
    }
    const dom::NodeId anchor = n.in_link() ? EnclosingLink(doc, id) : dom::kNoNode;
    if (anchor == dom::kNoNode) {
      current_anchor = dom::kNoNode;
      return;
    }
    if (begin >= end) return;
    if (anchor == current_anchor && !current.links.empty()) {
      current.links.back().end = static_cast<std::uint32_t>(end);  // the same link, split by markup
      return;
    }
    current.links.push_back(Link{static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end),
                                 std::string(doc.GetAttr(anchor, dom::Attr::kHref))});
    current_anchor = anchor;
    if (const std::string_view href = current.links.back().url; href.size() > 1 && href[0] == '#') {
      fragment_links.push_back({anchor, static_cast<std::uint32_t>(blocks.size()),
                                static_cast<std::uint32_t>(current.links.size() - 1)});
    }
  }, may_skip);
  if (!fragment_links.empty()) MarkFootnotes(doc, keep, fragment_links, first_node, &blocks);
  UnwrapContent(doc, quote_of, &blocks);
  CompleteTables(doc, &blocks);
  return blocks;
}

}  // namespace pith::render
