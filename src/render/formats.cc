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

// A link target as Markdown accepts it: no spaces or parentheses, no control characters.
std::string MarkdownUrl(std::string_view url) {
  std::string out;
  for (char c : url) {
    switch (c) {
      case ' ': out += "%20"; break;
      case '(': out += "%28"; break;
      case ')': out += "%29"; break;
      case '<': out += "%3C"; break;
      case '>': out += "%3E"; break;
      case '\n': case '\r': case '\t': break;
      default: out.push_back(c);
    }
  }
  return out;
}

// Whether a link is worth writing outside the page: not a script, and not empty.
bool WritableLink(std::string_view url) {
  while (!url.empty() && (url.front() == ' ' || url.front() == '\t' || url.front() == '\n')) url.remove_prefix(1);
  if (url.empty()) return false;
  std::string scheme;
  for (char c : url.substr(0, 11)) scheme.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c));
  return scheme.rfind("javascript:", 0) != 0;
}

// The block's text with its links as [text](url) when `links`, else the text as it is.
std::string InlineText(const Block& b, bool links) {
  if (!links || b.links.empty()) return b.text;
  std::string out;
  std::size_t at = 0;
  for (const Link& l : b.links) {
    if (l.begin < at || l.end > b.text.size() || !WritableLink(l.url)) continue;
    out.append(b.text, at, l.begin - at);
    out += '[';
    for (char c : std::string_view(b.text).substr(l.begin, l.end - l.begin)) {
      if (c == '[' || c == ']') out += '\\';
      out += c;
    }
    out += "](" + MarkdownUrl(l.url) + ")";
    at = l.end;
  }
  out.append(b.text, at, std::string::npos);
  return out;
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

std::string ToMarkdown(const Result& r, bool links) {
  std::string out;
  const std::vector<Block>& blocks = r.blocks;
  for (std::size_t i = 0; i < blocks.size();) {
    const Block& b = blocks[i];
    // Table cells are written cell by cell below; code blocks carry no links (CollectBlocks).
    const std::string text = b.kind == BlockKind::kTableRow ? std::string() : InlineText(b, links);
    const bool same_list = i > 0 && b.kind == BlockKind::kListItem && blocks[i - 1].kind == BlockKind::kListItem;
    if (!out.empty() && !same_list) out += "\n";  // a blank line between blocks; a list stays tight
    switch (b.kind) {
      case BlockKind::kHeading:
        out.append(static_cast<std::size_t>(std::clamp(b.level, 1, 6)), '#');
        out += ' ';
        out += text;
        break;
      case BlockKind::kListItem: AppendPrefixed("- ", text, &out); break;
      case BlockKind::kQuote: AppendPrefixed("> ", text, &out); break;
      case BlockKind::kCode: out += "```\n" + text + "\n```"; break;
      case BlockKind::kCaption: out += "*" + text + "*"; break;
      case BlockKind::kParagraph: AppendParagraph(text, &out); break;
      case BlockKind::kTableRow: {
        // Consecutive cells form a table; cells sharing a row id form one row.
        std::size_t rows = 0, columns = 0;
        while (i < blocks.size() && blocks[i].kind == BlockKind::kTableRow) {
          const std::uint32_t row = blocks[i].row;
          std::size_t cells = 0;
          out += "|";
          for (; i < blocks.size() && blocks[i].kind == BlockKind::kTableRow && blocks[i].row == row; ++i, ++cells) {
            out += " " + TableCell(InlineText(blocks[i], links)) + " |";
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

std::string ToPlainFormat(std::string_view format, const Result& r, bool links) {
  if (format == "markdown") return ToMarkdown(r, links);
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

std::string DumpJson(const nlohmann::json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

nlohmann::json ToJson(const Result& r, std::string_view input, bool blocks, const nlohmann::json* explain,
                      bool links) {
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
      nlohmann::json block = {{"kind", BlockKindName(b.kind)}, {"level", b.level}, {"line", b.line}, {"text", b.text}};
      if (links) {
        nlohmann::json spans = nlohmann::json::array();
        for (const Link& l : b.links) spans.push_back({{"begin", l.begin}, {"end", l.end}, {"url", l.url}});
        block["links"] = std::move(spans);
      }
      list.push_back(std::move(block));
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
