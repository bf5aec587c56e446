// The Markdown read-back check: ToMarkdown's output read by cmark-gfm (GitHub's CommonMark with
// its table and strike-through extensions and its footnotes) must show the blocks' text character for character,
// their images and inline markup, and nothing the page did not ask for. Shared by
// tests/markdown_test.cc and fuzz/extract_fuzz.cc.
#pragma once

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "pith/pith.h"
#include "render/formats.h"

namespace pith::render {

// Whitespace runs as one space, none at the ends.
inline std::string Collapse(std::string_view s) {
  std::string out;
  for (char c : s) {
    const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f';
    if (space) {
      if (!out.empty() && out.back() != ' ') out.push_back(' ');
    } else {
      out.push_back(c);
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// What a Markdown reader shows of `md`: the text of every node, a space between blocks, table
// cells and lines. Node types that the blocks cannot have asked for go to `unexpected`: emphasis
// outside a caption, raw HTML, code spans, strike-through, rules, and links when `links` is off.
// With `spans`, inline markup (emphasis, strong, code spans, strike-through, <sup>, <sub>) goes
// there instead, as "kind text" (SpanKindName and the text it covers), for the caller to match
// with the blocks' spans.
inline std::string ReadBack(const std::string& md, bool links, std::vector<std::string>* unexpected,
                     std::vector<std::string>* images = nullptr, std::vector<std::string>* spans = nullptr) {
  cmark_gfm_core_extensions_ensure_registered();
  std::unique_ptr<cmark_parser, void (*)(cmark_parser*)> parser(cmark_parser_new(CMARK_OPT_FOOTNOTES),
                                                                 cmark_parser_free);
  for (const char* name : {"table", "strikethrough"}) {
    cmark_parser_attach_syntax_extension(parser.get(), cmark_find_syntax_extension(name));
  }
  cmark_parser_feed(parser.get(), md.data(), md.size());
  std::unique_ptr<cmark_node, void (*)(cmark_node*)> doc(cmark_parser_finish(parser.get()), cmark_node_free);
  std::string text;
  int in_caption = 0;
  int in_image = 0;  // an image's alt text is no text of the page's
  int notes = 0;     // footnotes' notes read
  std::vector<std::pair<std::string, std::size_t>> open_spans;  // (kind, where its text starts in `text`)
  auto span_kind = [](const std::string& type, const char* literal) -> std::string {
    if (type == "emph") return "emphasis";
    if (type == "strong" || type == "strikethrough") return type;
    const std::string_view tag = literal ? literal : "";
    if (type == "html_inline" && (tag == "<sup>" || tag == "</sup>")) return "superscript";
    if (type == "html_inline" && (tag == "<sub>" || tag == "</sub>")) return "subscript";
    return "";
  };
  cmark_iter* it = cmark_iter_new(doc.get());
  for (cmark_event_type ev; (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE;) {
    cmark_node* node = cmark_iter_get_node(it);
    const std::string type = cmark_node_get_type_string(node);
    const char* literal = cmark_node_get_literal(node);
    const cmark_node_type footnote_type = cmark_node_get_type(node);
    if (type == "image" && images) {
      if (ev == CMARK_EVENT_ENTER) {
        images->push_back(cmark_node_get_url(node));
        ++in_image;
      } else {
        --in_image;
      }
      continue;
    }
    if (in_image > 0) continue;
    if (ev == CMARK_EVENT_ENTER) {
      if (type == "text" || type == "code_block") text += literal ? literal : "";
      // A footnote's reference and its note, as BlockText writes them (cmark-gfm puts the notes
      // last, in the order of their first reference, which is the order of pith's numbers; it
      // names their types "<unknown>" and gives a note no label).
      if (footnote_type == CMARK_NODE_FOOTNOTE_REFERENCE) text += "[^" + std::string(literal ? literal : "") + "]";
      if (footnote_type == CMARK_NODE_FOOTNOTE_DEFINITION) text += " [^" + std::to_string(++notes) + "]: ";
      if (type == "softbreak" || type == "linebreak") text += ' ';
      const bool caption = type == "emph" && cmark_node_parent(node) &&
                           std::string(cmark_node_get_type_string(cmark_node_parent(node))) == "paragraph" &&
                           !cmark_node_previous(node) && !cmark_node_next(node);
      if (caption) ++in_caption;
      // A table cell's blocks are joined by <br>, which reads as a line break.
      const bool cell_break = type == "html_inline" && literal && std::string_view(literal) == "<br>" &&
                              cmark_node_parent(node) &&
                              std::string(cmark_node_get_type_string(cmark_node_parent(node))) == "table_cell";
      if (cell_break) text += ' ';
      const std::string kind = spans && !caption ? span_kind(type, literal) : "";
      if (!kind.empty() && type == "html_inline" && literal && literal[1] == '/') {
        if (!open_spans.empty() && open_spans.back().first == kind) {
          spans->push_back(kind + " " + Collapse(std::string_view(text).substr(open_spans.back().second)));
          open_spans.pop_back();
        } else {
          unexpected->push_back("unpaired " + std::string(literal));
        }
      } else if (!kind.empty()) {
        open_spans.emplace_back(kind, text.size());
        if (type == "html_inline") continue;  // (no children: it ends at its closing tag)
      } else if (spans && type == "code") {
        spans->push_back("code " + Collapse(literal ? literal : ""));
        text += literal ? literal : "";
      } else if ((type == "emph" && !caption) || type == "strong" || (type == "html_inline" && !cell_break) || type == "html_block" ||
          type == "code" || type == "strikethrough" || type == "thematic_break" || type == "image" ||
          (type == "link" && !links)) {
        unexpected->push_back(type + ": " + (literal ? literal : ""));
        if (type == "code" || type == "html_inline" || type == "html_block") text += literal ? literal : "";
      }
    } else if (type == "emph" && in_caption > 0 && (open_spans.empty() || open_spans.back().first != "emphasis")) {
      --in_caption;
    } else if (spans && !span_kind(type, literal).empty() && type != "html_inline" && !open_spans.empty()) {
      spans->push_back(open_spans.back().first + " " + Collapse(std::string_view(text).substr(open_spans.back().second)));
      open_spans.pop_back();
    }
    // Blocks, table rows and cells end with a space; inline nodes run on.
    const bool is_inline = type == "text" || type == "code" || type == "emph" || type == "strong" ||
                           type == "link" || type == "image" || type == "softbreak" || type == "linebreak" ||
                           type == "html_inline" || type == "strikethrough" ||
                           footnote_type == CMARK_NODE_FOOTNOTE_REFERENCE;
    if (!is_inline && (ev == CMARK_EVENT_EXIT || cmark_node_first_child(node) == nullptr)) text += ' ';
  }
  cmark_iter_free(it);
  return Collapse(text);
}

// The text of b.text[from, to) as a reader should see it: a formula between its dollars (cmark-gfm
// reads no TeX math), a footnote's reference as [^N], a note's link back left out.
inline std::string ShownText(const Block& b, std::size_t from, std::size_t to) {
  std::string text;
  std::size_t at = from;
  for (const Span& sp : b.spans) {
    const bool math = sp.kind == SpanKind::kMath, reference = sp.kind == SpanKind::kFootnote && sp.note > 0;
    if (!(math || reference || sp.kind == SpanKind::kFootnoteBack) || sp.begin < at || sp.end > to) continue;
    text += b.text.substr(at, sp.begin - at);
    if (math) text += "$" + b.text.substr(sp.begin, sp.end - sp.begin) + "$";
    if (reference) text += "[^" + std::to_string(sp.note) + "]";
    at = sp.end;
  }
  return text + b.text.substr(at, to > at ? to - at : 0);
}

// The text the blocks hold, as a reader should see it (a list item in a table cell behind its
// marker: a cell holds no list; ShownText), the footnotes' notes last, in the order of their numbers,
// each behind its [^N]: (the heading of their section left out).
inline std::string BlockText(const Result& r) {
  std::string text;
  std::uint32_t notes = 0;
  for (const Block& b : r.blocks) {
    notes = std::max(notes, b.footnote);
    if (b.footnote != 0) continue;
    if (b.table != 0 && b.kind == BlockKind::kListItem) text += b.number > 0 ? std::to_string(b.number) + ". " : "- ";
    // A definition list's description behind ": " (its first paragraph).
    const bool description_start = b.definition == DefinitionPart::kDescription && (&b == &r.blocks.front() || (&b)[-1].item != b.item) &&
                                   (b.kind == BlockKind::kListItem || b.kind == BlockKind::kParagraph);
    if (description_start) text += ": ";
    if (b.kind == BlockKind::kMath) {
      text += (b.table != 0 ? "$" : "$$ ") + b.text + (b.table != 0 ? "$ " : " $$ ");
      continue;
    }
    text += ShownText(b, 0, b.text.size()) + " ";
  }
  for (std::uint32_t n = 1; n <= notes; ++n) {
    text += " [^" + std::to_string(n) + "]: ";
    for (const Block& b : r.blocks) {
      if (b.footnote != n || b.kind == BlockKind::kHeading) continue;
      text += (b.kind == BlockKind::kMath ? "$$ " + b.text + " $$" : ShownText(b, 0, b.text.size())) + " ";
    }
  }
  return Collapse(text);
}

// The inline markup a reader should see of the blocks, as ReadBack lists it ("kind text"): every
// span but formulas and the emphasis and strong of a heading or a caption (left out there). Markdown may
// write a span plain where its delimiters could not be read (inside a word next to punctuation),
// so what is read back must be among these, not all of them.
inline std::multiset<std::string> BlockSpans(const Result& r) {
  std::multiset<std::string> spans;
  for (const Block& b : r.blocks) {
    for (const Span& sp : b.spans) {
      if (sp.kind == SpanKind::kMath || sp.kind == SpanKind::kFootnote || sp.kind == SpanKind::kFootnoteBack) continue;
      const bool plain = b.kind == BlockKind::kHeading || b.kind == BlockKind::kCaption;
      if (plain && (sp.kind == SpanKind::kEmphasis || sp.kind == SpanKind::kStrong)) continue;
      // Markup inside a footnote's mark goes with it, and a <sup> around references is theirs.
      bool in_mark = false, holds_reference = false;
      for (const Span& f : b.spans) {
        const bool mark = (f.kind == SpanKind::kFootnote && f.note > 0) || f.kind == SpanKind::kFootnoteBack;
        in_mark = in_mark || (mark && sp.begin >= f.begin && sp.end <= f.end);
        holds_reference = holds_reference || (f.kind == SpanKind::kFootnote && f.note > 0 && f.begin >= sp.begin &&
                                              f.end <= sp.end && sp.kind == SpanKind::kSuperscript);
      }
      if (in_mark || holds_reference) continue;
      spans.insert(std::string(SpanKindName(sp.kind)) + " " + Collapse(ShownText(b, sp.begin, sp.end)));
    }
  }
  return spans;
}

// Adds to `unexpected` each read-back span that is none of `want` (each of them matched once).
inline void MatchSpans(const std::vector<std::string>& shown, std::multiset<std::string> want,
                std::vector<std::string>* unexpected) {
  for (const std::string& s : shown) {
    const auto it = want.find(s);
    if (it == want.end()) {
      unexpected->push_back("span not asked for: " + s);
    } else {
      want.erase(it);
    }
  }
}

// The blocks with each formula's LaTeX replaced by a word ("Formula7"): Markdown writes formulas as
// they are, for a reader of TeX math, so only the text around them can be read back by cmark-gfm.
inline Result WithPlaceholderFormulas(const Result& r) {
  Result out = r;
  int n = 0;
  for (Block& b : out.blocks) {
    if (b.kind == BlockKind::kMath) b.text = "Formula" + std::to_string(n++);
    std::vector<std::pair<std::uint32_t, std::int64_t>> shifts;  // (old end of a formula, shift from there)
    std::string text;
    std::int64_t shift = 0;
    std::size_t at = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> formulas;  // new [begin, end)
    for (const Span& f : b.spans) {
      if (f.kind != SpanKind::kMath || f.begin < at) continue;
      text += b.text.substr(at, f.begin - at);
      const std::string word = "Formula" + std::to_string(n++);
      formulas.emplace_back(static_cast<std::uint32_t>(text.size()), static_cast<std::uint32_t>(text.size() + word.size()));
      text += word;
      shift += static_cast<std::int64_t>(word.size()) - (f.end - f.begin);
      shifts.emplace_back(f.end, shift);
      at = f.end;
    }
    if (shifts.empty()) continue;
    text += b.text.substr(at);
    auto moved = [&](std::uint32_t offset) {
      std::int64_t by = 0;
      for (const auto& [end, s] : shifts) by = offset >= end ? s : by;
      return static_cast<std::uint32_t>(offset + by);
    };
    for (Link& l : b.links) {
      l.begin = moved(l.begin);
      l.end = moved(l.end);
    }
    for (Image& i : b.images) i.at = moved(i.at);
    std::size_t next = 0;
    for (Span& sp : b.spans) {
      if (sp.kind == SpanKind::kMath && next < formulas.size() && moved(sp.end) == formulas[next].second) {
        std::tie(sp.begin, sp.end) = formulas[next++];
        continue;
      }
      sp.begin = moved(sp.begin);
      sp.end = moved(sp.end);
    }
    b.text = std::move(text);
  }
  return out;
}

// The blocks' images, their URLs as Markdown writes them (spaces and parentheses percent-encoded).
inline std::vector<std::string> BlockImages(const Result& r) {
  std::vector<std::string> urls;
  for (const Block& b : r.blocks) {
    for (const Image& i : b.images) {
      std::string url;
      for (const char c : i.src) {
        if (c == ' ') url += "%20";
        else if (c == '(') url += "%28";
        else if (c == ')') url += "%29";
        else if (c == '<') url += "%3C";
        else if (c == '>') url += "%3E";
        else if (c != '\n' && c != '\r' && c != '\t') url.push_back(c);
      }
      urls.push_back(url);
    }
  }
  return urls;
}

// "" when `r` rendered as Markdown (with `links` or not) reads back as its blocks (formulas as
// placeholder words: cmark-gfm reads no TeX math), else what differs first.
inline std::string MarkdownReadBackProblem(const Result& page, bool links) {
  const Result r = WithPlaceholderFormulas(page);
  std::vector<std::string> unexpected, images, spans;
  const std::string shown = ReadBack(ToMarkdown(r, links), links, &unexpected, &images, &spans);
  const std::string want = BlockText(r);
  if (images != BlockImages(r)) unexpected.push_back("images differ");
  MatchSpans(spans, BlockSpans(r), &unexpected);
  if (shown == want && unexpected.empty()) return "";
  std::size_t at = 0;
  while (at < shown.size() && at < want.size() && shown[at] == want[at]) ++at;
  return (unexpected.empty() ? "" : unexpected.front() + " | ") + "at " + std::to_string(at) + " shown \"" +
         shown.substr(at > 20 ? at - 20 : 0, 60) + "\" want \"" + want.substr(at > 20 ? at - 20 : 0, 60) + "\"";
}

}  // namespace pith::render
