// Text / JSON / paper-001 writers. JSON goes through nlohmann::json (never hand-escaped); invalid
// UTF-8 cannot reach it because decode guarantees valid UTF-8.
#include "render/formats.h"

#include <algorithm>

namespace pith::render {

std::string ToText(const Result& r) {
  std::string text = r.Text();
  if (!text.empty()) text.push_back('\n');
  return text;
}

namespace {

// A paragraph that would start a Markdown construct ("# ", "- ", "1. ", "> ") gets a backslash.
void AppendParagraph(std::string_view text, std::string* out) {
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  const bool numbered = digits > 0 && digits + 1 < text.size() && (text[digits] == '.' || text[digits] == ')') &&
                        text[digits + 1] == ' ';
  if (!text.empty() && (text[0] == '#' || text[0] == '>' || text[0] == '-' || text[0] == '*' ||
                        text[0] == '+' || text[0] == '|' || text[0] == '`' || text[0] == '=')) {
    out->push_back('\\');
  } else if (numbered) {
    out->append(text.substr(0, digits));
    out->push_back('\\');
    text.remove_prefix(digits);
  }
  out->append(text);
}

// Every line of `text` with `prefix` in front.
void AppendPrefixed(std::string_view prefix, std::string_view text, std::string* out) {
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = std::min(text.find('\n', start), text.size());
    out->append(prefix);
    out->append(text.substr(start, nl - start));
    if (nl == text.size()) break;
    out->push_back('\n');
    start = nl + 1;
  }
}

std::string TableCell(std::string_view text) {
  std::string cell;
  for (char c : text) {
    if (c == '|') cell += "\\|";
    else cell.push_back(c == '\n' ? ' ' : c);
  }
  return cell;
}

}  // namespace

std::string ToMarkdown(const Result& r) {
  std::string out;
  const std::vector<Block>& blocks = r.blocks;
  for (std::size_t i = 0; i < blocks.size();) {
    const Block& b = blocks[i];
    const bool same_list = i > 0 && b.kind == BlockKind::kListItem && blocks[i - 1].kind == BlockKind::kListItem;
    if (!out.empty() && !same_list) out += "\n";  // a blank line between blocks; a list stays tight
    switch (b.kind) {
      case BlockKind::kHeading:
        out.append(static_cast<std::size_t>(std::clamp(b.level, 1, 6)), '#');
        out += ' ';
        out += b.text;
        break;
      case BlockKind::kListItem: AppendPrefixed("- ", b.text, &out); break;
      case BlockKind::kQuote: AppendPrefixed("> ", b.text, &out); break;
      case BlockKind::kCode: out += "```\n" + b.text + "\n```"; break;
      case BlockKind::kCaption: out += "*" + b.text + "*"; break;
      case BlockKind::kParagraph: AppendParagraph(b.text, &out); break;
      case BlockKind::kTableRow: {
        // Consecutive cells form a table; cells sharing a row id form one row.
        std::size_t rows = 0, columns = 0;
        while (i < blocks.size() && blocks[i].kind == BlockKind::kTableRow) {
          const std::uint32_t row = blocks[i].row;
          std::size_t cells = 0;
          out += "|";
          for (; i < blocks.size() && blocks[i].kind == BlockKind::kTableRow && blocks[i].row == row; ++i, ++cells) {
            out += " " + TableCell(blocks[i].text) + " |";
          }
          out += "\n";
          if (++rows == 1) {
            columns = cells;
            out += "|";
            for (std::size_t c = 0; c < columns; ++c) out += " --- |";
            out += "\n";
          }
        }
        out.pop_back();
        out += "\n";
        continue;
      }
    }
    out += "\n";
    ++i;
  }
  return out;
}

std::string ToPlainFormat(std::string_view format, const Result& r) {
  if (format == "markdown") return ToMarkdown(r);
  if (format == "paper") return ToPaperFormat(r);
  return ToText(r);
}

bool IsPlainFormat(std::string_view format) {
  return format == "text" || format == "markdown" || format == "paper";
}

std::string FileExtension(std::string_view format) {
  if (format == "json") return ".json";
  if (format == "jsonl") return ".jsonl";
  if (format == "markdown") return ".md";
  if (format == "html") return ".html";
  return ".txt";
}

nlohmann::json ErrorJson(std::string_view input, const Status& status) {
  nlohmann::json j;
  j["input"] = std::string(input);
  j["text"] = "";
  j["status"] = std::string(StatusCodeName(status.code()));
  j["error"] = {{"kind", std::string(StatusCodeName(status.code()))}, {"message", status.message()}};
  return j;
}

nlohmann::json ToJson(const Result& r, std::string_view input, bool blocks, const nlohmann::json* explain) {
  const bool failed = !r.status.ok() && r.status.code() != StatusCode::kNoContent;
  nlohmann::json j = failed ? ErrorJson(input, r.status) : nlohmann::json::object();
  const Metadata& m = r.metadata;
  if (!failed) {
    j["input"] = std::string(input);
    j["text"] = r.Text();
    j["status"] = std::string(StatusCodeName(r.status.code()));
  }
  j["title"] = m.title;
  j["date"] = m.date;
  j["keywords"] = m.keywords;
  j["author"] = m.author;
  j["lang"] = m.lang;
  j["dir"] = m.dir;
  j["url"] = m.url;
  j["site_name"] = m.site_name;
  j["description"] = m.description;
  j["algorithm"] = AlgorithmName(r.algorithm);
  j["encoding"] = {{"charset", r.encoding.charset},
                   {"source", EncodingSourceName(r.encoding.source)},
                   {"declared", r.encoding.declared},
                   {"replacements", r.encoding.replacements}};
  if (!r.encoding.legacy_fonts_converted.empty()) {
    j["encoding"]["legacy_fonts_converted"] = r.encoding.legacy_fonts_converted;
  }
  if (!r.encoding.legacy_fonts_unconverted.empty()) {
    j["encoding"]["legacy_fonts_unconverted"] = r.encoding.legacy_fonts_unconverted;
  }
  if (blocks) {
    nlohmann::json list = nlohmann::json::array();
    for (const Block& b : r.blocks) {
      list.push_back({{"kind", BlockKindName(b.kind)}, {"level", b.level}, {"line", b.line}, {"text", b.text}});
    }
    j["blocks"] = std::move(list);
  }
  if (explain && !explain->is_null()) j["explain"] = *explain;
  return j;
}

std::string ToPaperFormat(const Result& r) {
  const Metadata& m = r.metadata;
  std::string keywords;
  for (const std::string& k : m.keywords) {
    if (!keywords.empty()) keywords += ", ";
    keywords += k;
  }
  std::string out;
  out += "Title: " + m.title + "\n";
  out += "Keywords: " + keywords + "\n";
  out += "Date: " + m.date + "\n";
  out += "Body:\n";
  out += ToText(r);
  return out;
}

}  // namespace pith::render
