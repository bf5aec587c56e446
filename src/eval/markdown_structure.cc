// Reading Markdown into its structural elements (structure.h) with cmark-gfm, as score_struct.py's
// mdstruct.parse reads it with markdown-it-py: the same block and inline rules (CommonMark, GFM
// tables, strike-through, footnotes), the same math delimiters, the same texts per element.
//
// cmark-gfm reads no TeX math, and its escapes and emphasis would change a formula's characters
// ("\{" → "{", "a*b*c" → emphasis), so the formulas are taken out of the source first: every
// $…$, $$…$$, \(…\) and \[…\] outside code becomes a placeholder (U+E000, its number, U+E001) that
// cmark-gfm keeps as text, and reading the tree puts each formula back. A formula alone on its
// lines ($$ or \[ first after a blank line, the closing delimiter at a line's end) becomes a
// paragraph of its own, which is read as a display block, as markdown-it's math block rules read it.
#include "eval/structure.h"

#ifdef PITH_EVAL_MARKDOWN
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#endif

#include <cctype>
#include <memory>
#include <regex>

#include "dom/document.h"
#include "dom/parse.h"
#include "eval/metrics.h"
#include "text/unicode.h"

namespace pith::eval {

#ifndef PITH_EVAL_MARKDOWN

bool StructureMetricsAvailable() { return false; }
MarkdownStructure ParseMarkdownStructure(std::string_view) { return {}; }

#else

bool StructureMetricsAvailable() { return true; }

namespace {

constexpr std::string_view kOpen = "\xEE\x80\x80";   // U+E000
constexpr std::string_view kClose = "\xEE\x80\x81";  // U+E001

struct Formula {
  std::string latex;   // between the delimiters
  std::string source;  // with them (put back where the formula turns out to be code)
};

bool IsAsciiPunct(char c) {
  return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}

// Valid UTF-8 (ill-formed bytes as U+FFFD), as the scorer reads a file with errors='replace'.
std::string ValidUtf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char32_t c : DecodeUtf8(s)) text::AppendUtf8(c, out);
  return out;
}

// Takes the formulas out of one run of non-blank lines outside fenced code (`chunk`), appending
// the result to `out`.
void ProtectChunk(std::string_view chunk, std::vector<Formula>* formulas, std::string* out) {
  auto placeholder = [&](std::string_view latex, std::string_view source) {
    formulas->push_back({std::string(latex), std::string(source)});
    return std::string(kOpen) + std::to_string(formulas->size() - 1) + std::string(kClose);
  };
  // The next unescaped `delim` at or after `from`, npos if none.
  auto find_closing = [&](std::size_t from, std::string_view delim) {
    for (std::size_t k = from; k < chunk.size(); ++k) {
      if (chunk[k] == '\\' && delim[0] != '\\') {
        ++k;
        continue;
      }
      if (chunk.substr(k, delim.size()) == delim) return k;
    }
    return std::string_view::npos;
  };
  std::size_t line_start = 0;
  for (std::size_t j = 0; j < chunk.size();) {
    const char c = chunk[j];
    if (c == '\n') {
      out->push_back(c);
      line_start = ++j;
      continue;
    }
    // A display formula: $$ or \[ after nothing but indentation and quote markers.
    std::string_view open, close;
    if (chunk.substr(j, 2) == "$$") {
      open = "$$", close = "$$";
    } else if (chunk.substr(j, 2) == "\\[" && line_start == 0 &&
               chunk.substr(0, j).find_first_not_of(" \t>") == std::string_view::npos) {
      open = "\\[", close = "\\]";  // a block only, which cannot interrupt a paragraph
    } else if (chunk.substr(j, 2) == "\\(") {
      open = "\\(", close = "\\)";
    } else if (c == '$') {
      open = "$", close = "$";
    }
    if (!open.empty()) {
      const std::size_t end = find_closing(j + open.size(), close);
      if (end != std::string_view::npos && (open.size() == 2 || end > j + 1)) {
        const std::string_view latex = chunk.substr(j + open.size(), end - j - open.size());
        const std::string_view source = chunk.substr(j, end + close.size() - j);
        const std::string_view prefix = chunk.substr(line_start, j - line_start);
        std::size_t after = end + close.size();
        while (after < chunk.size() && (chunk[after] == ' ' || chunk[after] == '\t')) ++after;
        // Math blocks cannot interrupt a paragraph: only a chunk's first line starts one.
        const bool alone = open != "$" && open != "\\(" && line_start == 0 &&
                           prefix.find_first_not_of(" \t>") == std::string_view::npos &&
                           (after == chunk.size() || chunk[after] == '\n');
        if (alone) {
          // A paragraph of its own: a blank line (keeping quote markers) before and after.
          std::string blank(prefix);
          while (!blank.empty() && (blank.back() == ' ' || blank.back() == '\t')) blank.pop_back();
          out->resize(out->size() - prefix.size());
          if (line_start > 0) *out += blank + "\n";
          // The block's LaTeX without the blank around it, as markdown-it's math block has it.
          const std::size_t b = latex.find_first_not_of(" \t\r\n");
          const std::string_view trimmed =
              b == std::string_view::npos ? std::string_view() : latex.substr(b, latex.find_last_not_of(" \t\r\n") + 1 - b);
          *out += std::string(prefix) + placeholder(trimmed, source) + "\n" + blank;
          j = after;
        } else {
          *out += placeholder(latex, source);
          j = end + close.size();
        }
        continue;
      }
    }
    if (c == '\\' && j + 1 < chunk.size() && IsAsciiPunct(chunk[j + 1])) {
      out->append(chunk.substr(j, 2));
      j += 2;
      continue;
    }
    if (c == '`') {  // a code span: the same run of backticks closes it
      std::size_t run = j;
      while (run < chunk.size() && chunk[run] == '`') ++run;
      const std::size_t n = run - j;
      std::size_t k = run;
      std::size_t close_at = std::string_view::npos;
      while (k < chunk.size()) {
        if (chunk[k] != '`') {
          ++k;
          continue;
        }
        std::size_t e = k;
        while (e < chunk.size() && chunk[e] == '`') ++e;
        if (e - k == n) {
          close_at = e;
          break;
        }
        k = e;
      }
      const std::size_t stop = close_at == std::string_view::npos ? run : close_at;
      out->append(chunk.substr(j, stop - j));
      j = stop;
      continue;
    }
    if (c == '<' && j + 1 < chunk.size() &&
        (std::isalpha(static_cast<unsigned char>(chunk[j + 1])) || chunk[j + 1] == '/' || chunk[j + 1] == '!')) {
      // A tag (or autolink) on this line: its attributes are no math.
      const std::size_t gt = chunk.find('>', j);
      const std::size_t nl = chunk.find('\n', j);
      if (gt != std::string_view::npos && gt < nl) {
        out->append(chunk.substr(j, gt + 1 - j));
        j = gt + 1;
        continue;
      }
    }
    out->push_back(c);
    ++j;
  }
}

// The source with its formulas as placeholders; fenced code is left as it is.
std::string ProtectMath(std::string_view md, std::vector<Formula>* formulas) {
  std::string out;
  out.reserve(md.size() + 64);
  std::size_t chunk_begin = 0;
  char fence = 0;
  std::size_t fence_len = 0;
  auto flush = [&](std::size_t upto) {
    if (upto > chunk_begin) ProtectChunk(md.substr(chunk_begin, upto - chunk_begin), formulas, &out);
  };
  std::size_t pos = 0;
  while (pos < md.size()) {
    std::size_t nl = md.find('\n', pos);
    const std::size_t next = nl == std::string_view::npos ? md.size() : nl + 1;
    const std::string_view line = md.substr(pos, next - pos);
    std::size_t k = line.find_first_not_of(" \t>");
    const std::string_view body = k == std::string_view::npos ? std::string_view() : line.substr(k);
    std::size_t run = 0;
    const char first = body.empty() ? 0 : body[0];
    if (first == '`' || first == '~') {
      while (run < body.size() && body[run] == first) ++run;
    }
    if (fence) {
      const bool closes = first == fence && run >= fence_len &&
                          body.substr(run).find_first_not_of(" \t\r\n") == std::string_view::npos;
      out.append(line);
      if (closes) fence = 0;
      chunk_begin = next;
    } else if (run >= 3 && (first == '~' || body.substr(run).find('`') == std::string_view::npos)) {
      flush(pos);
      out.append(line);
      fence = first;
      fence_len = run;
      chunk_begin = next;
    } else if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) {
      flush(pos);
      out.append(line);
      chunk_begin = next;
    }
    pos = next;
  }
  if (!fence) flush(md.size());
  return out;
}

std::string Collapse(std::string_view s) { return CollapseWhitespace(s); }

class Reader {
 public:
  Reader(std::vector<Formula> formulas, MarkdownStructure* out) : formulas_(std::move(formulas)), out_(out) {}

  void Blocks(cmark_node* node, int depth) {
    for (cmark_node* c = cmark_node_first_child(node); c; c = cmark_node_next(c)) Block(c, depth, nullptr);
  }

  const std::vector<std::string>& texts() const { return texts_; }

 private:
  // Puts the formulas back into `s`; with `record`, each one is listed as a formula and replaced by
  // its LaTeX, otherwise by its source (code).
  std::string Restore(std::string_view s, bool record) {
    std::string r;
    std::size_t i = 0;
    while (i < s.size()) {
      const std::size_t a = s.find(kOpen, i);
      if (a == std::string_view::npos) break;
      const std::size_t b = s.find(kClose, a + kOpen.size());
      if (b == std::string_view::npos) break;
      r.append(s.substr(i, a - i));
      const std::string_view digits = s.substr(a + kOpen.size(), b - a - kOpen.size());
      std::size_t index = 0;
      bool ok = !digits.empty() && digits.size() < 10;
      for (char d : digits) {
        ok = ok && d >= '0' && d <= '9';
        index = index * 10 + static_cast<std::size_t>(d - '0');
      }
      if (!ok || index >= formulas_.size()) {
        r.append(s.substr(a, b + kClose.size() - a));
      } else if (record) {
        out_->formulas.push_back(formulas_[index].latex);
        r += formulas_[index].latex;
      } else {
        r += formulas_[index].source;
      }
      i = b + kClose.size();
    }
    r.append(s.substr(i));
    return r;
  }

  static std::string Type(cmark_node* n) { return cmark_node_get_type_string(n); }
  static std::string Literal(cmark_node* n) {
    const char* l = cmark_node_get_literal(n);
    return l ? l : "";
  }

  void InlineHtmlImage(const std::string& tag) {
    static const std::regex img(R"re(^<img\b)re", std::regex::icase);
    static const std::regex src(R"re(src\s*=\s*["']?([^"'\s>]+))re", std::regex::icase);
    static const std::regex alt(R"re(alt\s*=\s*"([^"]*)")re", std::regex::icase);
    if (!std::regex_search(tag, img)) return;
    std::smatch s, a;
    const bool has_src = std::regex_search(tag, s, src);
    const bool has_alt = std::regex_search(tag, a, alt);
    out_->images.emplace_back(has_alt ? UnescapeHtml(a[1].str()) : "", has_src ? s[1].str() : "");
  }

  // html.unescape for an attribute: pith's HTML parser reads the character references.
  static std::string UnescapeHtml(const std::string& s) {
    if (s.find('&') == std::string::npos) return s;
    dom::Document doc;
    dom::Parse("<p>" + s, dom::ParseLimits{}, &doc);
    std::string out;
    for (dom::NodeId id = 0; id < doc.size(); ++id) {
      if (doc[id].is_text()) out += doc.Text(id);
    }
    return out;
  }

  // The text of an inline container; records images and (through Restore) formulas.
  void InlineText(cmark_node* node, std::string* s) {
    for (cmark_node* c = cmark_node_first_child(node); c; c = cmark_node_next(c)) {
      const std::string type = Type(c);
      if (type == "text" || type == "code") {
        *s += Literal(c);
      } else if (type == "softbreak" || type == "linebreak") {
        *s += ' ';
      } else if (type == "image") {
        std::string alt;
        for (cmark_node* k = cmark_node_first_child(c); k; k = cmark_node_next(k)) {
          if (Type(k) == "text" || Type(k) == "code") alt += Literal(k);
        }
        out_->images.emplace_back(Restore(alt, false), cmark_node_get_url(c) ? cmark_node_get_url(c) : "");
      } else if (type == "html_inline") {
        const std::string tag = Literal(c);
        static const std::regex br(R"(^<br\s*/?>)", std::regex::icase);
        if (std::regex_search(tag, br)) {
          *s += ' ';
        } else {
          InlineHtmlImage(tag);
        }
      } else if (type == "footnote_reference") {
        // no text
      } else {
        InlineText(c, s);  // emphasis, strong, strike-through, links
      }
    }
  }

  std::string Inline(cmark_node* node) {
    std::string s;
    InlineText(node, &s);
    return Restore(s, true);
  }

  // A paragraph that is one display formula's placeholder (markdown-it's math block).
  bool IsDisplayFormula(cmark_node* paragraph) const {
    cmark_node* only = cmark_node_first_child(paragraph);
    if (!only || cmark_node_next(only) || Type(only) != "text") return false;
    const std::string l = Literal(only);
    if (!l.starts_with(kOpen) || !l.ends_with(kClose)) return false;
    const std::string digits = l.substr(kOpen.size(), l.size() - kOpen.size() - kClose.size());
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) return false;
    const std::size_t index = std::stoul(digits);
    return index < formulas_.size() &&
           (formulas_[index].source.starts_with("$$") || formulas_[index].source.starts_with("\\["));
  }

  void HtmlBlock(const std::string& raw) {
    dom::Document doc;
    dom::Parse("<div>" + raw + "</div>", dom::ParseLimits{}, &doc);
    std::string text;
    for (dom::NodeId id = 0; id < doc.size(); ++id) {
      const dom::Node& n = doc[id];
      if (n.tag == dom::Tag::kScript || n.tag == dom::Tag::kStyle) {
        id = doc.SubtreeEnd(id) - 1;
        continue;
      }
      if (n.is_text()) text += doc.Text(id);
      if (n.tag == dom::Tag::kImg) {
        out_->images.emplace_back(std::string(doc.GetAttr(id, dom::Attr::kAlt)), std::string(doc.GetAttr(id, dom::Attr::kSrc)));
      }
    }
    for (dom::NodeId t = 0; t < doc.size(); ++t) {
      if (doc[t].tag != dom::Tag::kTable) continue;
      StructureTable table;
      for (dom::NodeId tr = t + 1; tr < doc.SubtreeEnd(t); ++tr) {
        if (doc[tr].tag != dom::Tag::kTr) continue;
        std::vector<StructureCell> row;
        for (dom::NodeId c = doc[tr].first_child; c != dom::kNoNode; c = doc[c].next_sibling) {
          if (doc[c].tag != dom::Tag::kTd && doc[c].tag != dom::Tag::kTh) continue;
          StructureCell cell;
          cell.text = Collapse(doc.SubtreeText(c));
          const dom::NodeId section = doc[tr].parent;
          cell.header = doc[c].tag == dom::Tag::kTh || (section != dom::kNoNode && doc[section].tag == dom::Tag::kThead);
          auto span = [&](dom::Attr a) {
            const std::string_view v = doc.GetAttr(c, a);
            if (v.empty() || v.size() > 6 || v.find_first_not_of("0123456789") != std::string_view::npos) return 1;
            return std::max(1, std::stoi(std::string(v)));
          };
          cell.colspan = span(dom::Attr::kColspan);
          cell.rowspan = span(dom::Attr::kRowspan);
          row.push_back(std::move(cell));
        }
        if (!row.empty()) table.push_back(std::move(row));
      }
      if (!table.empty()) out_->tables.push_back(std::move(table));
    }
    texts_.push_back(text);
  }

  void Block(cmark_node* node, int depth, std::vector<std::string>* item_text) {
    const std::string type = Type(node);
    if (type == "list") {
      for (cmark_node* c = cmark_node_first_child(node); c; c = cmark_node_next(c)) Block(c, depth + 1, nullptr);
    } else if (type == "item") {
      std::vector<std::string> own;
      for (cmark_node* c = cmark_node_first_child(node); c; c = cmark_node_next(c)) Block(c, depth, &own);
      std::string joined;
      for (std::size_t k = 0; k < own.size(); ++k) joined += (k ? " " : "") + own[k];
      out_->items.emplace_back(depth, Collapse(joined));
    } else if (type == "paragraph") {
      const bool display = IsDisplayFormula(node);
      std::string s = Inline(node);
      if (item_text && !display) item_text->push_back(s);
      texts_.push_back(std::move(s));
    } else if (type == "heading") {
      std::string s = Inline(node);
      out_->headings.emplace_back(cmark_node_get_heading_level(node), Collapse(s));
      texts_.push_back(std::move(s));
    } else if (type == "code_block") {
      std::string content = Restore(Literal(node), false);
      std::string info = cmark_node_get_fence_info(node) ? cmark_node_get_fence_info(node) : "";
      std::string lang;
      const std::size_t b = info.find_first_not_of(" \t\r\n");
      if (b != std::string::npos) {
        lang = info.substr(b, info.find_first_of(" \t\r\n", b) - b);
        lang = lang.substr(0, lang.find_first_of("{["));
      }
      std::string trimmed = content;
      while (!trimmed.empty() && trimmed.back() == '\n') trimmed.pop_back();
      out_->code.emplace_back(lang, trimmed);
      texts_.push_back(std::move(content));
    } else if (type == "html_block") {
      HtmlBlock(Restore(Literal(node), false));
    } else if (type == "table") {
      StructureTable table;
      for (cmark_node* r = cmark_node_first_child(node); r; r = cmark_node_next(r)) {
        const bool header = cmark_gfm_extensions_get_table_row_is_header(r) != 0;
        std::vector<StructureCell> row;
        for (cmark_node* c = cmark_node_first_child(r); c; c = cmark_node_next(c)) {
          std::string s = Inline(c);
          row.push_back({Collapse(s), header, 1, 1});
          texts_.push_back(std::move(s));
        }
        table.push_back(std::move(row));
      }
      if (!table.empty()) out_->tables.push_back(std::move(table));
    } else {
      // document, block quotes, footnote definitions: their blocks
      for (cmark_node* c = cmark_node_first_child(node); c; c = cmark_node_next(c)) Block(c, depth, nullptr);
    }
  }

  std::vector<Formula> formulas_;
  MarkdownStructure* out_;
  std::vector<std::string> texts_;
};

}  // namespace

MarkdownStructure ParseMarkdownStructure(std::string_view markdown) {
  const std::string md = ValidUtf8(markdown);
  std::vector<Formula> formulas;
  const std::string protected_md = ProtectMath(md, &formulas);
  cmark_gfm_core_extensions_ensure_registered();
  std::unique_ptr<cmark_parser, void (*)(cmark_parser*)> parser(cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES),
                                                                 cmark_parser_free);
  for (const char* name : {"table", "strikethrough"}) {
    cmark_parser_attach_syntax_extension(parser.get(), cmark_find_syntax_extension(name));
  }
  cmark_parser_feed(parser.get(), protected_md.data(), protected_md.size());
  std::unique_ptr<cmark_node, void (*)(cmark_node*)> doc(cmark_parser_finish(parser.get()), cmark_node_free);
  MarkdownStructure out;
  Reader reader(std::move(formulas), &out);
  reader.Blocks(doc.get(), 0);
  std::string all;
  for (std::size_t k = 0; k < reader.texts().size(); ++k) all += (k ? " " : "") + reader.texts()[k];
  out.text = Collapse(all);
  return out;
}

#endif

}  // namespace pith::eval
