// Output formats for one extraction: plain text, JSON record, and paper 001's layout.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "pith/result.h"

namespace pith::render {

// Main text: blocks separated by blank lines, ending with a newline ("" when there is no text).
std::string ToText(const Result& r);

// One JSON record: input, text, title, date, keywords, author, lang, dir, url, site_name,
// description, algorithm, encoding {charset, source, declared, replacements}, status, and for a
// failed input an "error" object {kind, message}. "text" is the content without comment blocks;
// "comments" (only when comment blocks were kept, Options::comments) their text. `blocks` adds
// the block list ("comment": true on comment blocks), with `links` each
// block's links {begin, end, url} (byte offsets into the block's text); a non-null `explain`
// (render::ExplainJson, for `extract --explain`) is added as "explain".
nlohmann::json ToJson(const Result& r, std::string_view input, bool blocks = false,
                      const nlohmann::json* explain = nullptr, bool links = false);
// A record for an input that could not even be read.
nlohmann::json ErrorJson(std::string_view input, const Status& status);
// A record as text (`indent` as nlohmann::json::dump: -1 = one line). Never throws: bytes that are
// not UTF-8 (a file name or a URL is bytes, and so is an error message quoting one) are written as
// U+FFFD, so every input still gets its record.
std::string DumpJson(const nlohmann::json& j, int indent = -1);

// Markdown from the same blocks as the text: headings (#), list items (- or 1., nested as the page
// nests them), quotes (>), code (```), table rows (| a | b |, a header rule after each table's
// first row, which is as wide as the widest row) and captions (*...*). Only how blocks are written
// differs from ToText; what was selected is the same, and the text is escaped so that a CommonMark
// reader shows it as it is (see AppendEscaped). With `links`, linked text is written [text](url)
// (javascript: and empty targets stay plain text; not in code blocks).
std::string ToMarkdown(const Result& r, bool links = false);

// Paper 001, figure 1: title, keywords, publish date, then the body.
std::string ToPaperFormat(const Result& r);

// The plain formats by name: "markdown", "paper", anything else the text.
std::string ToPlainFormat(std::string_view format, const Result& r, bool links = false);
// True for the formats ToPlainFormat writes: text, markdown, paper (not json, jsonl, html).
bool IsPlainFormat(std::string_view format);

// The file extension `-o DIR` gives a format: .json, .jsonl, .md, .html, else .txt.
std::string FileExtension(std::string_view format);

}  // namespace pith::render
