// Turns a Selection (kept text nodes) into pith::Block paragraphs in document order. Block
// boundaries come from the document structure (block-level elements, <br>), never from the
// algorithm, so every algorithm renders the same way.
#pragma once

#include <cstdint>
#include <vector>

#include "dom/document.h"
#include "pith/result.h"

namespace pith::render {

struct CollectOptions {
  bool images = true;  // Options::images: the content's images become kImage blocks and Block::images
};
std::vector<Block> CollectBlocks(const dom::Document& doc, const std::vector<std::uint8_t>& keep,
                                 const CollectOptions& options = {});

// Where blocks are cut, shared by CollectBlocks and the explain report: walks the subtree of `root`
// in pre-order, calls on_break() wherever a block ends (a block-level element or a display formula
// opens or closes, <hr>, and once at the end) and on_node(id, in_pre, open) for every other node, <br> included
// (one is a line break inside its block, two in a row a block's end: BreakLine), `open` being the
// block-level ancestors still open (innermost last).
// may_skip(id), asked at every element, lets the walk pass over the element's whole subtree without
// a call: where the calls it spares would change nothing (and the subtree holds no <pre>, whose
// close would have reset in_pre), or where the subtree's text is to be left out (a line-number
// gutter).
template <class OnBreak, class OnNode, class MaySkip>
void WalkBlocks(const dom::Document& doc, dom::NodeId root, OnBreak&& on_break, OnNode&& on_node,
                MaySkip&& may_skip) {
  if (root >= doc.size()) return;
  std::vector<dom::NodeId> open;
  bool in_pre = false;
  for (dom::NodeId id = root; id < doc.SubtreeEnd(root); ++id) {
    while (!open.empty() && doc.SubtreeEnd(open.back()) <= id) {
      if (doc[open.back()].tag == dom::Tag::kPre) in_pre = false;
      open.pop_back();
      on_break();
    }
    const dom::Node& n = doc[id];
    if (n.is_element() && may_skip(id)) {
      id = doc.SubtreeEnd(id) - 1;
      continue;
    }
    // A display formula is set apart on its own line: a block of its own.
    const bool display_formula = n.tag == dom::Tag::kMath && (n.flags & dom::kFlagDisplayMath);
    if (n.is_element() && (dom::IsBlockLevel(n.tag) || display_formula) && n.tag != dom::Tag::kBr) {
      on_break();
      if (n.tag != dom::Tag::kHr) open.push_back(id);
      if (n.tag == dom::Tag::kPre) in_pre = true;
      continue;
    }
    on_node(id, in_pre, static_cast<const std::vector<dom::NodeId>&>(open));
  }
  on_break();
}
template <class OnBreak, class OnNode>
void WalkBlocks(const dom::Document& doc, dom::NodeId root, OnBreak&& on_break, OnNode&& on_node) {
  WalkBlocks(doc, root, on_break, on_node, [](dom::NodeId) { return false; });
}

// A <br> in the block whose text so far is `text`: a line break ('\n'; in <pre> as it is), or, right
// after another one with nothing between, the block's end (returns true). Nothing before it in the
// block: nothing to break.
bool BreakLine(bool in_pre, std::string* text);

// Appends `text` with whitespace runs collapsed to one space (none at the start of `out` or after
// a line break there): how a browser shows text outside <pre>.
void AppendCollapsed(std::string_view text, std::string* out);

// Appends `text` of a <pre> as it is laid out: its spaces, tabs and line breaks kept (spaces at the
// end of a line dropped, other control characters written as spaces).
void AppendPreformatted(std::string_view text, std::string* out);

// AppendPreformatted inside <pre>, else AppendCollapsed.
void AppendNodeText(std::string_view text, bool in_pre, std::string* out);

}  // namespace pith::render
