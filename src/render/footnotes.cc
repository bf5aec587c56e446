#include "render/footnotes.h"

#include <algorithm>
#include <string_view>

#include "render/callouts.h"
#include "text/ascii.h"
#include "text/unicode.h"

namespace pith::render {
namespace {

// A reference's mark is short: "1", "[12]", "†", "[note 3]".
constexpr std::size_t kMaxReferenceBytes = 12;

// Whether a character can stand around a reference's or a back link's text without being words:
// white space, punctuation (the brackets of "[1]", the commas between back links, "^"), arrows
// ("↩", "↑") and the variation selectors written after them.
bool IsMarkCharacter(char32_t c) {
  return text::IsSpace(c) || text::IsPunct(c) || (c >= 0x2190 && c <= 0x21FF) || c == 0xFE0E || c == 0xFE0F ||
         text::IsZeroWidthFormat(c);
}

bool OnlyMarkCharacters(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    if (!IsMarkCharacter(text::NextCodePoint(s, i))) return false;
  }
  return true;
}

// Whether a class value or role marks a footnote reference: a class token holding `footnote`,
// `fnref` or `noteref` (pandoc's `footnote-ref`, Sphinx's `footnote-reference`, kramdown's
// `footnote`), or role="doc-noteref".
bool MarkedAsReference(const dom::Document& doc, dom::NodeId e) {
  if (doc[e].attr_count == 0) return false;
  if (text::EqualsIgnoreAsciiCase(doc.GetAttr(e, dom::Attr::kRole), "doc-noteref")) return true;
  return AnyClassToken(doc.GetAttr(e, dom::Attr::kClass), [](std::string_view t) {
    for (const std::string_view word : {"footnote", "fnref", "noteref"}) {
      if (text::FindIgnoreAsciiCase(t, word) != std::string_view::npos) return true;
    }
    return false;
  });
}

// Whether a section holds notes: a class token holding `footnote` or `endnote` (`footnotes`,
// `footnote-list`), or role="doc-endnotes".
bool IsNotesSection(const dom::Document& doc, dom::NodeId e) {
  if (doc[e].attr_count == 0) return false;
  if (text::EqualsIgnoreAsciiCase(doc.GetAttr(e, dom::Attr::kRole), "doc-endnotes")) return true;
  return AnyClassToken(doc.GetAttr(e, dom::Attr::kClass), [](std::string_view t) {
    return text::FindIgnoreAsciiCase(t, "footnote") != std::string_view::npos ||
           text::FindIgnoreAsciiCase(t, "endnote") != std::string_view::npos;
  });
}

// Whether a link's visible text is a reference's: not empty, at most kMaxReferenceBytes once
// trimmed, and holding kept text.
bool ReferenceText(const dom::Document& doc, const std::vector<std::uint8_t>& keep, dom::NodeId a) {
  std::size_t bytes = 0;
  bool kept = false;
  for (dom::NodeId t = a + 1; t < doc.SubtreeEnd(a); ++t) {
    if (!doc[t].is_text() || doc[t].hidden()) continue;
    const std::string_view s = text::Trim(doc.Text(t), text::IsAsciiWhitespace);
    bytes += s.size();
    kept = kept || (keep[t] && !s.empty());
    if (bytes > kMaxReferenceBytes) return false;
  }
  return kept && bytes > 0;
}

// Whether a link is set as a reference: in a <sup> (its parent or grandparent), holding one, or
// marked as one (MarkedAsReference) on itself or its parent.
bool ReferenceShape(const dom::Document& doc, dom::NodeId a) {
  const dom::NodeId parent = doc[a].parent;
  const dom::NodeId grandparent = parent == dom::kNoNode ? dom::kNoNode : doc[parent].parent;
  if ((parent != dom::kNoNode && doc[parent].tag == dom::Tag::kSup) ||
      (grandparent != dom::kNoNode && doc[grandparent].tag == dom::Tag::kSup)) {
    return true;
  }
  for (dom::NodeId d = a + 1; d < doc.SubtreeEnd(a); ++d) {
    if (doc[d].tag == dom::Tag::kSup) return true;
  }
  return MarkedAsReference(doc, a) || (parent != dom::kNoNode && MarkedAsReference(doc, parent));
}

// Whether the element a reference points to can hold a note: it holds kept text and no heading,
// and it is no section, table or list of the page (a table of contents points to those).
bool CanBeNote(const dom::Document& doc, const std::vector<std::uint8_t>& keep, dom::NodeId e) {
  switch (doc[e].tag) {
    case dom::Tag::kHtml: case dom::Tag::kBody: case dom::Tag::kMain: case dom::Tag::kArticle:
    case dom::Tag::kSection: case dom::Tag::kNav: case dom::Tag::kHeader: case dom::Tag::kFooter:
    case dom::Tag::kTable: case dom::Tag::kTbody: case dom::Tag::kThead: case dom::Tag::kTr:
    case dom::Tag::kOl: case dom::Tag::kUl: case dom::Tag::kDl: case dom::Tag::kForm:
      return false;
    default: break;
  }
  if (dom::HeadingLevel(doc[e].tag) > 0) return false;
  bool text = false;
  for (dom::NodeId d = e + 1; d < doc.SubtreeEnd(e); ++d) {
    if (dom::HeadingLevel(doc[d].tag) > 0) return false;
    text = text || (doc[d].is_text() && keep[d] && !doc[d].hidden() && !OnlyMarkCharacters(doc.Text(d)));
  }
  return text;
}

// The fragment a link points to within the page ("fn1" of "#fn1"), or "".
std::string_view Fragment(const dom::Document& doc, dom::NodeId a) {
  const std::string_view href = doc.GetAttr(a, dom::Attr::kHref);
  return href.size() > 1 && href[0] == '#' ? href.substr(1) : std::string_view();
}

const Footnotes::Range* Find(const std::vector<Footnotes::Range>& ranges, dom::NodeId id) {
  auto it = std::upper_bound(ranges.begin(), ranges.end(), id,
                             [](dom::NodeId v, const Footnotes::Range& r) { return v < r.begin; });
  if (it == ranges.begin()) return nullptr;
  --it;
  return id < it->end ? &*it : nullptr;
}

}  // namespace

Footnotes::Footnotes(const dom::Document& doc, const std::vector<std::uint8_t>& keep,
                     const std::vector<dom::NodeId>& links) {
  // References: links to a fragment, short, holding kept text, set as references.
  std::vector<dom::NodeId> references;
  for (const dom::NodeId id : links) {
    const dom::Node& n = doc[id];
    if (n.tag != dom::Tag::kA || n.attr_count == 0 || n.hidden() || Fragment(doc, id).empty()) continue;
    if (ReferenceText(doc, keep, id) && ReferenceShape(doc, id)) references.push_back(id);
  }
  if (references.empty()) return;
  // The elements they point to (by id, or a named anchor's name), and the ids a link back to a
  // reference points to: the reference's, or its <sup>'s (Python-Markdown's `sup#fnref:1`).
  std::unordered_map<std::string_view, dom::NodeId> targets;
  for (const dom::NodeId a : references) targets.emplace(Fragment(doc, a), dom::kNoNode);
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    if (doc[id].attr_count == 0 || !doc[id].is_element()) continue;
    for (const dom::Attr attr : {dom::Attr::kId, dom::Attr::kName}) {
      if (attr == dom::Attr::kName && doc[id].tag != dom::Tag::kA) continue;
      const auto it = targets.find(doc.GetAttr(id, attr));
      if (it != targets.end() && it->second == dom::kNoNode) it->second = id;
    }
  }
  // Each reference's note: the element it points to, or the block-level element around an inline
  // one (an anchor at the start of the note's paragraph); after the reference, able to hold a note.
  std::vector<std::pair<dom::NodeId, dom::NodeId>> pairs;  // (note element, reference)
  std::unordered_map<dom::NodeId, bool> checked;
  for (const dom::NodeId a : references) {
    const dom::NodeId target = targets[Fragment(doc, a)];
    dom::NodeId t = target;
    while (t != dom::kNoNode && !dom::IsBlockLevel(doc[t].tag)) t = doc[t].parent;
    if (t == dom::kNoNode || t < doc.SubtreeEnd(a)) continue;
    const auto [it, fresh] = checked.try_emplace(t, false);
    if (fresh) it->second = CanBeNote(doc, keep, t);
    if (!it->second) continue;
    pairs.emplace_back(t, a);
    anchors_.insert(target);
  }
  if (pairs.empty()) return;
  for (const auto& [t, a] : pairs) notes_.push_back(t);
  std::sort(notes_.begin(), notes_.end());
  notes_.erase(std::unique(notes_.begin(), notes_.end()), notes_.end());
  auto index_of = [&](dom::NodeId t) {
    return static_cast<std::uint32_t>(std::lower_bound(notes_.begin(), notes_.end(), t) - notes_.begin()) + 1;
  };
  // The ids that lead back to the references: the reference's own (or its name) and those of two
  // elements around it, and the element of each.
  std::unordered_map<std::string_view, dom::NodeId> back_targets;
  for (const auto& [t, a] : pairs) {
    marks_.try_emplace(a, Mark{SpanKind::kFootnote, index_of(t)});
    dom::NodeId e = a;
    for (int level = 0; level < 3 && e != dom::kNoNode; ++level, e = doc[e].parent) {
      if (const std::string_view id = doc.GetAttr(e, dom::Attr::kId); !id.empty()) back_targets.emplace(id, e);
      if (const std::string_view name = doc.GetAttr(e, dom::Attr::kName); !name.empty() && doc[e].tag == dom::Tag::kA) {
        back_targets.emplace(name, e);
      }
    }
  }
  for (std::size_t i = 0; i < notes_.size(); ++i) {
    const dom::NodeId t = notes_[i];
    dom::NodeId end = doc.SubtreeEnd(t);
    // A <dt>'s note is in the <dd> after it (docutils' older `dl.footnote`).
    if (doc[t].tag == dom::Tag::kDt) {
      dom::NodeId next = doc[t].next_sibling;
      while (next != dom::kNoNode && !doc[next].is_element()) next = doc[next].next_sibling;
      if (next != dom::kNoNode && doc[next].tag == dom::Tag::kDd) end = doc.SubtreeEnd(next);
    }
    if (!note_ranges_.empty() && note_ranges_.back().end > t) continue;  // inside the note before it
    note_ranges_.push_back({t, end, static_cast<std::uint32_t>(i + 1)});
    // Its links back: links to a reference (or an element just around it).
    for (dom::NodeId d = t; d < end; ++d) {
      if (doc[d].tag != dom::Tag::kA || doc[d].attr_count == 0) continue;
      const auto it = back_targets.find(Fragment(doc, d));
      if (it == back_targets.end()) continue;
      marks_.try_emplace(d, Mark{SpanKind::kFootnoteBack, static_cast<std::uint32_t>(i + 1)});
      anchors_.insert(it->second);
    }
    // The section around it, up to three levels out.
    dom::NodeId s = doc[t].parent;
    for (int level = 0; level < 3 && s != dom::kNoNode; ++level, s = doc[s].parent) {
      if (!IsNotesSection(doc, s)) continue;
      if (section_ranges_.empty() || section_ranges_.back().begin != s) {
        section_ranges_.push_back({s, doc.SubtreeEnd(s), static_cast<std::uint32_t>(i + 1)});
      }
      break;
    }
  }
  std::sort(section_ranges_.begin(), section_ranges_.end(), [](const Range& x, const Range& y) { return x.begin < y.begin; });
}

std::uint32_t Footnotes::NoteOf(dom::NodeId id, bool* section) const {
  if (section) *section = false;
  if (const Range* r = Find(note_ranges_, id)) return r->note;
  const Range* s = Find(section_ranges_, id);
  if (!s) return 0;
  if (section) *section = true;
  return s->note;
}

namespace {

// Numbers the notes from 1 in the order the blocks first refer to them (Block::footnote and the
// spans' `note` hold note indices + 1 until then), and takes the marks away where a reference's
// note or a note's reference is not among the blocks.
void NumberFootnotes(std::vector<Block>* blocks) {
  std::uint32_t most = 0;
  for (const Block& b : *blocks) {
    most = std::max(most, b.footnote);
    for (const Span& sp : b.spans) most = std::max(most, sp.note);
  }
  if (most == 0) return;
  // The notes with text among the blocks (more than their links back).
  std::vector<std::uint8_t> written(most + 1, 0);
  for (const Block& b : *blocks) {
    if (b.footnote == 0 || b.kind == BlockKind::kHeading) continue;
    std::size_t at = 0;
    bool text = b.kind == BlockKind::kImage || b.kind == BlockKind::kMath || b.kind == BlockKind::kCode;
    for (const Span& sp : b.spans) {
      if (sp.kind != SpanKind::kFootnoteBack || sp.begin < at) continue;
      text = text || !OnlyMarkCharacters(std::string_view(b.text).substr(at, sp.begin - at));
      at = sp.end;
    }
    text = text || !OnlyMarkCharacters(std::string_view(b.text).substr(std::min<std::size_t>(at, b.text.size())));
    if (text) written[b.footnote] = 1;
  }
  std::vector<std::uint32_t> number(most + 1, 0);
  std::uint32_t next = 1;
  for (Block& b : *blocks) {
    std::erase_if(b.spans, [&](Span& sp) {
      if (sp.kind != SpanKind::kFootnote) return false;
      const std::uint32_t k = sp.note;
      if (k == 0 || !written[k] || k == b.footnote) return true;  // (a note does not refer to itself)
      if (number[k] == 0) number[k] = next++;
      sp.note = number[k];
      return false;
    });
  }
  for (Block& b : *blocks) {
    b.footnote = b.footnote == 0 ? 0 : number[b.footnote];
    if (b.footnote == 0) std::erase_if(b.spans, [](const Span& sp) { return sp.kind == SpanKind::kFootnoteBack; });
  }
}

}  // namespace

void MarkFootnotes(const dom::Document& doc, const std::vector<std::uint8_t>& keep,
                   const std::vector<FragmentLink>& links, const std::vector<dom::NodeId>& first_node,
                   std::vector<Block>* blocks) {
  std::vector<dom::NodeId> anchors;
  for (const FragmentLink& l : links) anchors.push_back(l.anchor);
  const Footnotes footnotes(doc, keep, anchors);
  if (footnotes.empty()) return;
  auto marks = [](std::string_view text, std::size_t from, std::size_t to) {
    return from >= to || OnlyMarkCharacters(text.substr(from, to - from));
  };
  std::vector<std::uint8_t> touched(blocks->size(), 0);
  for (const FragmentLink& l : links) {
    const auto mark = footnotes.MarkOf(l.anchor);
    if (!mark || l.block >= blocks->size() || l.link >= (*blocks)[l.block].links.size()) continue;
    Block& b = (*blocks)[l.block];
    std::size_t begin = b.links[l.link].begin, end = std::min<std::size_t>(b.links[l.link].end, b.text.size());
    if (begin >= end) continue;
    if (mark->kind == SpanKind::kFootnote) {
      // The <sup> around the reference, when the rest of it is marks ("[", "]").
      for (const Span& sp : b.spans) {
        if (sp.kind == SpanKind::kSuperscript && sp.begin <= begin && sp.end >= end && sp.end <= b.text.size() &&
            marks(b.text, sp.begin, begin) && marks(b.text, end, sp.end)) {
          begin = std::min<std::size_t>(begin, sp.begin);
          end = std::max<std::size_t>(end, sp.end);
        }
      }
    }
    b.spans.push_back({mark->kind, static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end),
                       mark->kind == SpanKind::kFootnote ? mark->note : 0});
    touched[l.block] = 1;
  }
  for (std::size_t i = 0; i < blocks->size(); ++i) {
    Block& b = (*blocks)[i];
    if (i < first_node.size() && first_node[i] != dom::kNoNode) {
      bool section = false;
      const std::uint32_t note = footnotes.NoteOf(first_node[i], &section);
      b.footnote = section && b.kind != BlockKind::kHeading ? 0 : note;
    }
    if (!touched[i]) continue;
    std::stable_sort(b.spans.begin(), b.spans.end(), [](const Span& x, const Span& y) {
      return x.begin != y.begin ? x.begin < y.begin : x.end > y.end;
    });
    // A note's links back in a row, with the marks between and beside them, are one mark: Sphinx's
    // "[1]" label, MediaWiki's "^ a b", markdown-it's "↩︎ ↩︎"; out to the block's start or end when
    // only marks lie between.
    std::vector<Span> backs;
    std::erase_if(b.spans, [&](const Span& sp) {
      if (sp.kind != SpanKind::kFootnoteBack) return false;
      if (!backs.empty() && marks(b.text, backs.back().end, sp.begin)) {
        backs.back().end = std::max(backs.back().end, sp.end);
      } else {
        backs.push_back(sp);
      }
      return true;
    });
    for (Span& sp : backs) {
      if (marks(b.text, 0, sp.begin)) sp.begin = 0;
      if (marks(b.text, sp.end, b.text.size())) sp.end = static_cast<std::uint32_t>(b.text.size());
      while (sp.begin < sp.end && text::IsAsciiWhitespace(b.text[sp.begin])) ++sp.begin;
      while (sp.end > sp.begin && text::IsAsciiWhitespace(b.text[sp.end - 1])) --sp.end;
      // Spans wholly inside the mark go with it (an <i> or <sup> of MediaWiki's "a").
      std::erase_if(b.spans, [&](const Span& o) { return o.begin >= sp.begin && o.end <= sp.end && o.kind != SpanKind::kFootnote; });
      const auto at = std::find_if(b.spans.begin(), b.spans.end(), [&](const Span& o) {
        return o.begin > sp.begin || (o.begin == sp.begin && o.end < sp.end);
      });
      if (sp.begin < sp.end) b.spans.insert(at, sp);
    }
  }
  NumberFootnotes(blocks);
}

}  // namespace pith::render
