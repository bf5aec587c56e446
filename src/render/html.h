// `--format html`: the purified page — paper 002's product is a cleaned web page, not plain text.
//
// The output is a small, self-contained HTML5 document: a <head> with the charset (always UTF-8),
// the title and the canonical URL when known, and a <body> holding only the elements that contain
// kept text, nested as in the source, with the kept text nodes inside them. Links keep their href
// (so the "related links" the paper keeps stay links), images inside kept elements keep src/alt,
// <br> is kept inside kept elements; every other attribute (class, id, style, event handlers) is
// dropped, and nothing from <head>, scripts or removed blocks is carried over. Works for any
// algorithm's Selection.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dom/document.h"
#include "pith/result.h"

namespace pith::render {

// `keep` is a Selection's per-node flag (1 = kept text node). `r` supplies title, lang, dir, url.
std::string ToHtml(const dom::Document& doc, const std::vector<std::uint8_t>& keep, const Result& r);

// HTML escaping: text (& < >) and double-quoted attribute values (& " < >).
void AppendEscapedText(std::string_view s, std::string* out);
void AppendEscapedAttribute(std::string_view s, std::string* out);

}  // namespace pith::render
