// Turns a Selection (kept text nodes) into pith::Block paragraphs in document order. Block
// boundaries come from the document structure (block-level elements, <br>), never from the
// algorithm, so every algorithm renders the same way.
#pragma once

#include <cstdint>
#include <vector>

#include "dom/document.h"
#include "pith/result.h"

namespace pith::render {

std::vector<Block> CollectBlocks(const dom::Document& doc, const std::vector<std::uint8_t>& keep);

// Collapses whitespace runs to one space and trims; keeps line breaks when `keep_newlines`.
void AppendCollapsed(std::string_view text, bool keep_newlines, std::string* out);

}  // namespace pith::render
