// Footnotes: a reference in the text (a short link to an element of the page, set in or around a
// <sup> or marked as a note reference) and its note (the element it points to, usually an item of
// the list at the end of the page, linking back to the reference). The blocks mark them (a
// `footnote` span at the reference, Block::footnote on the note's blocks, a `footnote_back` span
// over the note's link back), and Markdown writes them as [^N] and [^N]: note (docs/output.md,
// "Footnotes").
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "dom/document.h"
#include "pith/result.h"

namespace pith::render {

class Footnotes {
 public:
  // Finds the references among `links` (<a> elements holding kept text, `keep` as CollectBlocks
  // reads it) and their notes: a look at each link; more only where one could be a reference.
  Footnotes(const dom::Document& doc, const std::vector<std::uint8_t>& keep, const std::vector<dom::NodeId>& links);

  bool empty() const { return notes_.empty(); }

  // What a link is: a reference (kFootnote; `note` is its note's index + 1, the notes numbered in
  // document order) or a note's link back to its reference (kFootnoteBack).
  struct Mark {
    SpanKind kind;
    std::uint32_t note;
  };
  std::optional<Mark> MarkOf(dom::NodeId link) const {
    const auto it = marks_.find(link);
    return it == marks_.end() ? std::nullopt : std::optional<Mark>(it->second);
  }

  // The note (index + 1) whose element holds node `id`, or 0. `section`: the node lies instead in
  // the section around some notes (pandoc's and GitHub's `section.footnotes`, Python-Markdown's
  // `div.footnote`), outside them: the index + 1 of the section's first note.
  std::uint32_t NoteOf(dom::NodeId id, bool* section = nullptr) const;

  // Whether a footnote's link points to the element (by its id): a note, or a reference a note
  // links back to. `-f html` keeps those ids, so that the links still lead somewhere.
  bool Anchored(dom::NodeId element) const { return anchors_.count(element) > 0; }

  struct Range {
    dom::NodeId begin, end;  // [begin, end) of node ids
    std::uint32_t note;      // index + 1
  };

 private:
  std::vector<dom::NodeId> notes_;      // each note's element, in document order
  std::vector<Range> note_ranges_;      // the nodes of each note (a <dt>'s note adds its <dd>), by begin
  std::vector<Range> section_ranges_;   // the sections around notes, by begin
  std::unordered_map<dom::NodeId, Mark> marks_;
  std::unordered_set<dom::NodeId> anchors_;
};

// A link to a fragment of the page among the blocks: its <a>, the block, its index in Block::links.
struct FragmentLink {
  dom::NodeId anchor;
  std::uint32_t block, link;
};

// After CollectBlocks' pass (`first_node`: the node each block starts at): the footnotes among
// `links` become spans (a reference's mark: its link, or the <sup> around it when the rest of the
// <sup> is brackets or punctuation; a link back, with the marks beside it: Sphinx's "[1]" label,
// MediaWiki's "^ a b") and Block::footnote, the notes numbered from 1 in the order the blocks first
// refer to them; references whose note is not among the blocks, and notes nothing refers to, stay
// as they were.
void MarkFootnotes(const dom::Document& doc, const std::vector<std::uint8_t>& keep,
                   const std::vector<FragmentLink>& links, const std::vector<dom::NodeId>& first_node,
                   std::vector<Block>* blocks);

}  // namespace pith::render
