// Text / JSON / paper-001 writers. JSON goes through nlohmann::json (never hand-escaped); invalid
// UTF-8 cannot reach it because decode guarantees valid UTF-8.
#include "render/formats.h"

#include <algorithm>
#include <cmath>

#include "text/unicode.h"

#include "render/json_writer.h"

namespace pith::render {

std::string ToText(const Result& r) {
  std::string text = r.Text();
  if (!text.empty()) text.push_back('\n');
  return text;
}

namespace {

// Markdown escaping. Text is written so that a CommonMark reader (with GitHub's tables and
// strike-through) shows it as it is: a backslash goes before every character that would otherwise
// start markup there. Inline: '*' and '`' always, '~' when the block holds another one or at the
// block's ends, where a caption's emphasis marks sit (a single tilde strikes nothing through: "about
// ~5 km" stays as typed); '_' unless between two ASCII letters or digits
// (an underscore inside a word opens no emphasis: snake_case stays as typed); '\\' before ASCII
// punctuation, a line break or the end (where it would escape or break); ']' before '(' (a link or an
// image); '[' before '^' (a footnote reference); '<' before a letter, '/', '!' or '?' (raw HTML, an
// autolink); '&' that starts an entity or a numeric reference. At the start of a line: '#', '>', '-',
// '+', '=', '|', '[' (a link reference definition) and an ordered list's "1." or "1)".
bool IsAsciiAlnum(char c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }

bool IsAsciiPunct(char c) {
  return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}

// "&name;", "&#123;" or "&#x1F;" starts at text[at] ('&').
bool StartsReference(std::string_view text, std::size_t at) {
  std::size_t i = at + 1;
  const bool numeric = i < text.size() && text[i] == '#';
  if (numeric) ++i;
  if (numeric && i < text.size() && (text[i] == 'x' || text[i] == 'X')) ++i;
  const std::size_t first = i;
  while (i < text.size() && i - first < 32 && IsAsciiAlnum(text[i])) ++i;
  return i > first && i < text.size() && text[i] == ';';
}

// The number of bytes of an ordered list marker's digits at text[at] ("12" of "12. "), or 0.
std::size_t OrderedMarkerDigits(std::string_view text, std::size_t at) {
  std::size_t i = at;
  while (i < text.size() && i - at < 9 && text[i] >= '0' && text[i] <= '9') ++i;
  if (i == at || i >= text.size() || (text[i] != '.' && text[i] != ')')) return 0;
  const std::size_t after = i + 1;
  return after == text.size() || text[after] == ' ' || text[after] == '\t' || text[after] == '\n' ? i - at : 0;
}

// Where escaped text goes. `brackets`: escape every '[' and ']' (the text of a link). `pipes`:
// escape '|' (a table cell). `one_line`: write line breaks as spaces (a table cell, a heading); else
// as hard breaks (a backslash at the end of the line). `tildes`: the block holds two '~' or more,
// or one at either end.
struct EscapeContext {
  bool brackets = false;
  bool pipes = false;
  bool one_line = false;
  bool tildes = true;
  bool dollars = false;  // '$' too (the block holds a formula, or two '$')
};

// Appends `text` escaped. `line_start`: text[0] starts a line.
void AppendEscaped(std::string_view text, bool line_start, const EscapeContext& context, std::string* out) {
  const bool one_line = context.one_line;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (c == '\n') {  // a line break inside the block (<br>): a hard break, or a space on one line
      out->append(one_line ? " " : "\\\n");
      line_start = !one_line;
      continue;
    }
    if (line_start && !one_line) {
      if (c == ' ' || c == '\t') continue;  // four would start a code block; Markdown drops them anyway
      line_start = false;
      if (const std::size_t digits = OrderedMarkerDigits(text, i)) {
        out->append(text.substr(i, digits));
        out->push_back('\\');
        out->push_back(text[i + digits]);
        i += digits;
        continue;
      }
      if (c == '#' || c == '>' || c == '-' || c == '+' || c == '=' || c == '|' || c == '[') {
        out->push_back('\\');
        out->push_back(c);
        continue;
      }
    }
    bool escape = false;
    switch (c) {
      case '*': case '`': escape = true; break;
      case '~': escape = context.tildes; break;
      case '_': escape = !(i > 0 && IsAsciiAlnum(text[i - 1]) && IsAsciiAlnum(next)); break;
      case '\\': escape = next == '\0' || next == '\n' || IsAsciiPunct(next); break;
      case '[': escape = context.brackets || next == '^'; break;  // "[^1]" is a footnote reference
      case ']': escape = context.brackets || next == '('; break;
      case '<':
        escape = ((next | 0x20) >= 'a' && (next | 0x20) <= 'z') || next == '/' || next == '!' || next == '?';
        break;
      case '&': escape = StartsReference(text, i); break;
      case '|': escape = context.pipes; break;
      case '$': escape = context.dollars; break;
      default: break;
    }
    if (escape) out->push_back('\\');
    out->push_back(c);
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

// An image as Markdown: ![alt](src).
std::string MarkdownImage(const Image& image) {
  std::string out = "![";
  AppendEscaped(image.alt, false, EscapeContext{.brackets = true, .one_line = true}, &out);
  out += "](" + MarkdownUrl(image.src) + ")";
  return out;
}

// Inline code: the text in a run of backticks longer than any inside it, with a space inside each
// end when the text begins or ends with a backtick or a space (CommonMark strips one of each).
// `pipes`: inside a table cell, where '|' is escaped even in code.
std::string CodeSpan(std::string_view code, bool pipes) {
  std::size_t longest = 0, run = 0;
  for (const char c : code) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  const bool pad = !code.empty() && (code.front() == '`' || code.back() == '`' || code.front() == ' ' ||
                                     code.back() == ' ');
  std::string out = fence + (pad ? " " : "");
  for (const char c : code) {
    if (c == '|' && pipes) out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out + (pad ? " " : "") + fence;
}

// An inline formula: $latex$ with the LaTeX as it is, on one line; in a table cell its pipes
// escaped (a GFM reader splits the row there first and takes the backslash away). A space keeps two
// formulas apart ("$a$$b$" would read as a display delimiter) and an odd run of backslashes at the
// end from escaping the closing dollar.
void AppendInlineFormula(std::string_view latex, bool pipes, std::string* out) {
  if (!out->empty() && out->back() == '$' && (out->size() < 2 || (*out)[out->size() - 2] != '\\')) out->push_back(' ');
  out->push_back('$');
  for (const char c : latex) {
    if (c == '\n' || c == '\r' || c == '\t') {
      out->push_back(' ');
      continue;
    }
    if (c == '|' && pipes) out->push_back('\\');
    out->push_back(c);
  }
  std::size_t slashes = 0;
  for (auto it = latex.rbegin(); it != latex.rend() && *it == '\\'; ++it) ++slashes;
  if (slashes % 2 == 1) out->push_back(' ');
  out->push_back('$');
}

// The code point of `text` that ends at byte `end` (0 when none), and the one starting at `at`.
char32_t CodePointBefore(std::string_view text, std::size_t end) {
  if (end == 0) return 0;
  std::size_t start = end - 1;
  while (start > 0 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
  return text::NextCodePoint(text, start);
}
char32_t CodePointAt(std::string_view text, std::size_t at) {
  if (at >= text.size()) return 0;
  return text::NextCodePoint(text, at);
}

// CommonMark's flanking rules for a delimiter run of '*' or '~' (0 = the start or end of the line,
// which counts as white space): an opening run must be followed by no white space, and by no
// punctuation unless white space or punctuation goes before it; a closing run likewise mirrored.
bool Opens(char32_t before, char32_t after) {
  const bool after_space = after == 0 || text::IsSpace(after), before_space = before == 0 || text::IsSpace(before);
  return !after_space && (!text::IsPunct(after) || before_space || text::IsPunct(before));
}
bool Closes(char32_t before, char32_t after) { return Opens(after, before); }

// The Markdown delimiters of a span: emphasis *x*, strong **x**, strike-through ~~x~~ (GitHub),
// superscript and subscript as HTML (Markdown has none); code and math are written apart.
std::string_view OpeningOf(SpanKind k) {
  switch (k) {
    case SpanKind::kEmphasis: return "*";
    case SpanKind::kStrong: return "**";
    case SpanKind::kStrikethrough: return "~~";
    case SpanKind::kSuperscript: return "<sup>";
    case SpanKind::kSubscript: return "<sub>";
    case SpanKind::kCode: case SpanKind::kMath: case SpanKind::kFootnote: case SpanKind::kFootnoteBack: return "";
  }
  return "";
}
std::string_view ClosingOf(SpanKind k) {
  switch (k) {
    case SpanKind::kSuperscript: return "</sup>";
    case SpanKind::kSubscript: return "</sub>";
    default: return OpeningOf(k);
  }
}

// Where InlineText wrote the delimiters of an emphasis, strong or strike-through span.
struct Delimiters {
  std::size_t open_at = 0, close_at = 0, size = 0;  // offsets into the output; `size` bytes each
};

// Whether a reader sees the delimiter runs at `d` as markup: CommonMark's flanking rules on the
// characters written around them, and no same character next to either run (two runs would read
// as one).
bool Readable(const Delimiters& d, std::string_view out) {
  if (d.close_at <= d.open_at + d.size) return false;  // nothing between them
  const char c = out[d.open_at];
  auto next_to = [&](std::size_t at) { return at < out.size() && out[at] == c; };
  if ((d.open_at > 0 && out[d.open_at - 1] == c) || next_to(d.open_at + d.size) ||
      out[d.close_at - 1] == c || next_to(d.close_at + d.size)) {
    return false;
  }
  return Opens(CodePointBefore(out, d.open_at), CodePointAt(out, d.open_at + d.size)) &&
         Closes(CodePointBefore(out, d.close_at), CodePointAt(out, d.close_at + d.size));
}

// Takes out the delimiters a reader would not see as markup (and so would show as text), until
// every pair left reads as markup: taking one pair out changes what stands next to the others.
void DropUnreadableDelimiters(std::vector<Delimiters> delimiters, std::string* out) {
  for (bool changed = true; changed;) {
    changed = false;
    // Inner pairs first (they were opened later): of two runs side by side, the inner one goes.
    for (std::size_t i = delimiters.size(); i-- > 0;) {
      const Delimiters d = delimiters[i];
      if (Readable(d, *out)) continue;
      out->erase(d.close_at, d.size);
      out->erase(d.open_at, d.size);
      delimiters.erase(delimiters.begin() + static_cast<std::ptrdiff_t>(i));
      for (Delimiters& o : delimiters) {
        for (std::size_t* at : {&o.open_at, &o.close_at}) {
          *at -= (*at > d.close_at ? d.size : 0) + (*at > d.open_at ? d.size : 0);
        }
      }
      changed = true;
      break;
    }
  }
}

// How a block's inline content is written (InlineText). `pipes`: a table cell. `one_line`: line
// breaks as spaces (a table cell, a heading). `plain_emphasis`: emphasis and strong left out (a
// heading is emphasis enough; a caption is written in emphasis).
struct InlineContext {
  bool links = false;
  bool pipes = false;
  bool one_line = false;
  bool plain_emphasis = false;
};

// The block's text escaped, with its links as [text](url) (when `links`), its images as
// ![alt](src) where they stand, and its spans: *emphasis*, **strong**, `code`, ~~struck~~,
// <sup>/<sub>, and formulas as $LaTeX$ with the LaTeX as it is. A '$' of the text is escaped when
// the block holds a formula or two '$' (a reader of $…$ math would pair them).
std::string InlineText(const Block& b, const InlineContext& how) {
  std::string out;
  std::size_t at = 0;
  const std::string_view text = b.text;
  const bool tildes = std::count(text.begin(), text.end(), '~') >= 2 || text.starts_with('~') || text.ends_with('~');
  bool math = std::count(text.begin(), text.end(), '$') >= 2;
  for (const Span& sp : b.spans) math = math || sp.kind == SpanKind::kMath;
  EscapeContext context{.pipes = how.pipes, .one_line = how.one_line, .tildes = tildes, .dollars = math};
  int links_open = 0;
  bool line_start = false;  // a link back left out at the start of a line: the text after it starts it
  auto append = [&](std::size_t end) {
    if (end <= at) return;
    context.brackets = links_open > 0;
    AppendEscaped(text.substr(at, end - at), at == 0 || text[at - 1] == '\n' || line_start, context, &out);
    line_start = false;
    at = end;
  };
  // Where links and spans open and close and images stand, in order of their offsets; at one
  // offset, what closes (the innermost first) goes before an image, and what opens (the outermost
  // first) after it.
  enum Type : std::uint8_t { kClose, kImage, kOpen };
  enum Source : std::uint8_t { kLink, kSpan, kPicture };
  struct Mark {
    std::size_t at;
    Type type;
    std::size_t other_end;  // a close: where its span began; an open: where it ends
    Source source;
    std::size_t index;
    std::size_t seq;  // the order it was listed in: of two opens of one extent the first is outer
  };
  std::vector<Mark> marks;
  // A footnote's reference is written [^N] and a note's link back is left out: the links and the
  // spans inside them go with them, and so does a <sup> around references (their styling).
  std::vector<std::pair<std::size_t, std::size_t>> footnote_marks;
  for (const Span& sp : b.spans) {
    if ((sp.kind == SpanKind::kFootnote && sp.note > 0) || sp.kind == SpanKind::kFootnoteBack) {
      footnote_marks.emplace_back(sp.begin, sp.end);
    }
  }
  auto in_footnote_mark = [&](std::size_t begin, std::size_t end) {
    return std::any_of(footnote_marks.begin(), footnote_marks.end(),
                       [&](const auto& f) { return begin >= f.first && end <= f.second; });
  };
  auto holds_reference = [&](const Span& sp) {
    return sp.kind == SpanKind::kSuperscript && std::any_of(b.spans.begin(), b.spans.end(), [&](const Span& f) {
             return f.kind == SpanKind::kFootnote && f.note > 0 && f.begin >= sp.begin && f.end <= sp.end;
           });
  };
  if (how.links) {
    std::size_t end = 0;
    for (std::size_t i = 0; i < b.links.size(); ++i) {
      const Link& l = b.links[i];
      if (l.begin < end || l.end > text.size() || l.begin >= l.end || !WritableLink(l.url)) continue;
      if (!footnote_marks.empty() && in_footnote_mark(l.begin, l.end)) continue;
      marks.push_back({l.begin, kOpen, l.end, kLink, i, marks.size()});
      marks.push_back({l.end, kClose, l.begin, kLink, i, marks.size()});
      end = l.end;
    }
  }
  for (std::size_t i = 0; i < b.spans.size(); ++i) {
    const Span& sp = b.spans[i];
    if (sp.begin >= sp.end || sp.end > text.size()) continue;
    if (how.plain_emphasis && (sp.kind == SpanKind::kEmphasis || sp.kind == SpanKind::kStrong)) continue;
    if (sp.kind == SpanKind::kFootnote && sp.note == 0) continue;
    if (!footnote_marks.empty() && sp.kind != SpanKind::kFootnote && sp.kind != SpanKind::kFootnoteBack &&
        (in_footnote_mark(sp.begin, sp.end) || holds_reference(sp))) {
      continue;
    }
    marks.push_back({sp.begin, kOpen, sp.end, kSpan, i, marks.size()});
    marks.push_back({sp.end, kClose, sp.begin, kSpan, i, marks.size()});
  }
  for (std::size_t i = 0; i < b.images.size(); ++i) {
    marks.push_back({std::min<std::size_t>(b.images[i].at, text.size()), kImage, 0, kPicture, i, marks.size()});
  }
  std::sort(marks.begin(), marks.end(), [](const Mark& x, const Mark& y) {
    if (x.at != y.at) return x.at < y.at;
    if (x.type != y.type) return x.type < y.type;
    // A close: the later begun (inner) first; an open: the longer (outer) first; of one extent, the
    // first listed opens first and closes last.
    if (x.other_end != y.other_end) return x.other_end > y.other_end;
    return x.type == kClose ? x.seq > y.seq : x.seq < y.seq;
  });
  // What is open, innermost last: (source, index, end). Code and formulas are written whole when
  // they open; what lies inside them is not markup.
  struct Open {
    Source source;
    std::size_t index, end;
    std::size_t delimiters;  // its entry in `delimiters`, or npos
  };
  std::vector<Open> open;
  std::vector<Delimiters> delimiters;  // of emphasis, strong and strike-through, checked at the end
  auto close = [&](const Open& o) {
    if (o.source == kLink) {
      out += "](" + MarkdownUrl(b.links[o.index].url) + ")";
      --links_open;
      return;
    }
    if (o.delimiters != std::string::npos) delimiters[o.delimiters].close_at = out.size();
    out += ClosingOf(b.spans[o.index].kind);
  };
  std::size_t raw_until = 0;  // inside code or a formula written whole: marks before here are passed over
  for (const Mark& m : marks) {
    if (m.at < raw_until || (m.at == raw_until && m.type == kOpen && raw_until > 0 && at < raw_until)) continue;
    if (m.type == kClose) {
      // Only the innermost open one can close here; one that crossed it was never opened.
      if (open.empty() || open.back().source != m.source || open.back().index != m.index) continue;
      const Open o = open.back();
      open.pop_back();
      append(m.at);
      close(o);
      continue;
    }
    append(m.at);
    if (m.type == kImage) {
      if (!out.empty() && out.back() == '!') out.insert(out.size() - 1, 1, '\\');
      out += MarkdownImage(b.images[m.index]);
      continue;
    }
    if (!open.empty() && open.back().end < m.other_end) continue;  // it would cross what is open
    if (m.source == kLink) {
      if (!out.empty() && out.back() == '!') out.insert(out.size() - 1, 1, '\\');  // "![" is an image
      out += '[';
      ++links_open;
      open.push_back({kLink, m.index, m.other_end, std::string::npos});
      continue;
    }
    const Span& sp = b.spans[m.index];
    // Code right after code would join its backticks to the other's: it is written as text.
    if (sp.kind == SpanKind::kCode && !out.empty() && out.back() == '`') continue;
    if (sp.kind == SpanKind::kFootnote || sp.kind == SpanKind::kFootnoteBack) {
      if (sp.kind == SpanKind::kFootnote) {
        out += "[^" + std::to_string(sp.note) + "]";
      } else {
        line_start = out.empty() || out.back() == '\n';
      }
      at = sp.end;
      raw_until = sp.end;
      continue;
    }
    if (sp.kind == SpanKind::kCode || sp.kind == SpanKind::kMath) {
      const std::string_view inner = text.substr(sp.begin, sp.end - sp.begin);
      if (sp.kind == SpanKind::kCode) {
        out += CodeSpan(inner, how.pipes);
      } else {
        AppendInlineFormula(inner, how.pipes, &out);
      }
      at = sp.end;
      raw_until = sp.end;
      continue;
    }
    std::size_t entry = std::string::npos;
    if (sp.kind == SpanKind::kEmphasis || sp.kind == SpanKind::kStrong || sp.kind == SpanKind::kStrikethrough) {
      entry = delimiters.size();
      delimiters.push_back({.open_at = out.size(), .size = OpeningOf(sp.kind).size()});
    }
    out += OpeningOf(sp.kind);
    open.push_back({kSpan, m.index, sp.end, entry});
  }
  append(text.size());
  // (Marks past the text cannot be; anything still open is closed at the end.)
  while (!open.empty()) {
    close(open.back());
    open.pop_back();
  }
  DropUnreadableDelimiters(std::move(delimiters), &out);
  return out;
}

// Every line of `text` with `first` in front of the first line and `rest` in front of the others.
void AppendPrefixed(std::string_view first, std::string_view rest, std::string_view text, std::string* out) {
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = std::min(text.find('\n', start), text.size());
    out->append(start == 0 ? first : rest);
    out->append(text.substr(start, nl - start));
    if (nl == text.size()) break;
    out->push_back('\n');
    start = nl + 1;
  }
}

// A fence longer than every run of backticks in the code.
std::string CodeFence(std::string_view code) {
  std::size_t longest = 0, run = 0;
  for (char c : code) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return std::string(std::max<std::size_t>(3, longest + 1), '`');
}

// One block written as Markdown on its own (list items without their marker).
std::string MarkdownBlock(const Block& b, bool links) {
  // Code blocks carry no links (CollectBlocks) and are written as they are; a heading is one line.
  const std::string text =
      b.kind == BlockKind::kCode || b.kind == BlockKind::kMath
          ? b.text
          : InlineText(b, {.links = links, .one_line = b.kind == BlockKind::kHeading,
                           .plain_emphasis = b.kind == BlockKind::kHeading || b.kind == BlockKind::kCaption});
  switch (b.kind) {
    case BlockKind::kHeading: {
      std::string line = text;
      // A run of '#' at the end would be read as the heading's closing sequence.
      std::size_t run = line.size();
      while (run > 0 && line[run - 1] == '#') --run;
      if (run < line.size() && (run == 0 || line[run - 1] != '\\')) line.insert(run, 1, '\\');
      return std::string(static_cast<std::size_t>(std::clamp(b.level, 1, 6)), '#') + ' ' + line;
    }
    case BlockKind::kQuote: {
      std::string out;
      AppendPrefixed("> ", "> ", text, &out);
      return out;
    }
    case BlockKind::kCode: {
      const std::string fence = CodeFence(text);
      return fence + b.language + "\n" + text + "\n" + fence;
    }
    case BlockKind::kCaption: return text.empty() ? text : "*" + text + "*";
    case BlockKind::kImage: return b.images.empty() ? std::string() : MarkdownImage(b.images.front());
    case BlockKind::kMath: return "$$\n" + text + "\n$$";
    case BlockKind::kListItem:
    case BlockKind::kParagraph:
    case BlockKind::kTableRow: return text;
  }
  return text;
}

// The widest a Markdown table grows by colspans and rowspans: the empty cells they add stop there
// (a cell with colspan=1000 on every row of a long table would write millions of them).
constexpr std::size_t kMaxSpannedColumns = 64;

// A block inside a table cell, on one line: a list item behind its marker, code as one code span
// per line, an image, else the text.
std::string CellBlock(const Block& b, bool links) {
  switch (b.kind) {
    case BlockKind::kCode: {
      std::string out;
      std::size_t start = 0;
      while (start <= b.text.size()) {
        const std::size_t nl = std::min(b.text.find('\n', start), b.text.size());
        if (nl > start) {
          if (!out.empty()) out += "<br>";
          out += CodeSpan(std::string_view(b.text).substr(start, nl - start), true);
        }
        start = nl + 1;
      }
      return out;
    }
    case BlockKind::kImage: return b.images.empty() ? std::string() : MarkdownImage(b.images.front());
    case BlockKind::kListItem: {
      const std::string text = InlineText(b, {.links = links, .pipes = true, .one_line = true});
      return (b.number > 0 ? std::to_string(b.number) + ". " : "- ") + text;
    }
    case BlockKind::kMath: {  // a display formula in a cell: inline, a cell being one line
      std::string out;
      AppendInlineFormula(b.text, true, &out);
      return out;
    }
    default: return InlineText(b, {.links = links, .pipes = true, .one_line = true});
  }
}

// A data table, blocks [begin, end) of one table: a row per `row` id, a cell per `cell` id, its
// blocks joined by <br>. Spans are laid out as HTML lays them (a cell spanning columns or rows
// takes the slots to its right and below; its text goes in the first, the others stay empty). The
// first row is the header, and every row is padded to the widest.
void AppendTable(const std::vector<Block>& blocks, std::size_t begin, std::size_t end, bool links, std::string* out) {
  std::vector<std::vector<std::string>> grid;
  std::vector<std::uint32_t> covered;  // per column: rows still taken by a rowspan from above
  std::size_t columns = 0;
  for (std::size_t i = begin; i < end;) {
    std::vector<std::string>& line = grid.emplace_back();
    std::size_t column = 0;
    auto skip_covered = [&]() {
      while (column < covered.size() && covered[column] > 0) {
        --covered[column];
        if (line.size() <= column) line.resize(column + 1);
        ++column;
      }
    };
    for (const std::uint32_t row = blocks[i].row; i < end && blocks[i].row == row;) {
      const Block& first = blocks[i];
      std::string cell;
      for (const std::uint32_t id = first.cell; i < end && blocks[i].row == row && blocks[i].cell == id; ++i) {
        std::string part = CellBlock(blocks[i], links);
        if (part.empty()) continue;
        if (!cell.empty()) cell += "<br>";
        cell += part;
      }
      skip_covered();
      if (line.size() <= column) line.resize(column + 1);
      line[column] = std::move(cell);
      const std::size_t span = std::max<std::size_t>(
          1, std::min<std::size_t>(first.colspan, column < kMaxSpannedColumns ? kMaxSpannedColumns - column : 1));
      const std::uint32_t down = first.rowspan == 0 ? 0 : first.rowspan - 1;
      if (down > 0 && covered.size() < column + span) covered.resize(std::min(column + span, kMaxSpannedColumns), 0);
      for (std::size_t c = column; c < column + span && c < covered.size(); ++c) covered[c] = std::max(covered[c], down);
      column += span;
      if (line.size() < column) line.resize(column);
    }
    skip_covered();
    for (std::size_t c = column; c < covered.size(); ++c) {
      if (covered[c] > 0) {
        --covered[c];
        if (line.size() <= c) line.resize(c + 1);
      }
    }
    columns = std::max(columns, line.size());
  }
  for (std::size_t r = 0; r < grid.size(); ++r) {
    *out += "|";
    for (std::size_t c = 0; c < columns; ++c) *out += c < grid[r].size() && !grid[r][c].empty() ? " " + grid[r][c] + " |" : "  |";
    *out += "\n";
    if (r == 0) {
      *out += "|";
      for (std::size_t c = 0; c < columns; ++c) *out += " --- |";
      *out += "\n";
    }
  }
}

// The footnotes' notes after the rest, in the order of their numbers: `[^N]: ` and the note's
// first block, its later blocks apart by a blank line and indented by four spaces, its links back
// and the heading of the notes' section left out. A block of a note is written as a paragraph (a
// note's list item, a table cell), code fenced, a display formula between `$$` lines.
void AppendFootnotes(const std::vector<Block>& blocks, bool links, std::string* out) {
  std::uint32_t notes = 0;
  for (const Block& b : blocks) notes = std::max(notes, b.footnote);
  if (notes == 0) return;
  std::vector<std::vector<const Block*>> of(notes + 1);
  for (const Block& b : blocks) {
    if (b.footnote != 0 && b.kind != BlockKind::kHeading) of[b.footnote].push_back(&b);
  }
  const std::string indent(4, ' ');
  for (std::uint32_t n = 1; n <= notes; ++n) {
    bool first = true;
    for (const Block* b : of[n]) {
      std::string body;
      if (b->kind == BlockKind::kCode || b->kind == BlockKind::kMath || b->kind == BlockKind::kImage) {
        body = MarkdownBlock(*b, links);
      } else {
        body = InlineText(*b, {.links = links});
      }
      const std::size_t lead = body.find_first_not_of(" \t\n");
      if (lead == std::string::npos) continue;
      body.erase(0, lead);
      while (!body.empty() && (body.back() == ' ' || body.back() == '\t' || body.back() == '\n')) body.pop_back();
      *out += "\n";
      if (first) {
        AppendPrefixed("[^" + std::to_string(n) + "]: ", indent, body, out);
      } else {
        AppendPrefixed(indent, indent, body, out);
      }
      *out += "\n";
      first = false;
    }
  }
}

}  // namespace

// The deepest column a list item's text starts at in Markdown. Items nested further (a page of
// thousands of unclosed <li>) are written at this column, as the items of the list around them
// would be: their text stays, their nesting flattens, and no line grows by the nesting (2,400
// nested items made a 2 MB page's Markdown 561 MB).
constexpr std::size_t kMaxListColumn = 48;

std::string ToMarkdown(const Result& r, bool links) {
  std::string out;
  const std::vector<Block>& blocks = r.blocks;
  // The list items being written, outermost first: each one's id (Block::item), its nesting
  // (Block::depth) and the column its text starts at, where its later blocks and the items of a
  // list nested in it start.
  struct OpenItem {
    std::uint32_t item;
    int depth;
    std::size_t column;
  };
  std::vector<OpenItem> items;
  for (std::size_t i = 0; i < blocks.size();) {
    const Block& b = blocks[i];
    if (b.footnote != 0) {  // a footnote's note: written at the end
      ++i;
      continue;
    }
    if (b.table != 0) {
      items.clear();
      std::size_t end = i;
      while (end < blocks.size() && blocks[end].table == b.table) ++end;
      if (!out.empty()) out += "\n";
      AppendTable(blocks, i, end, links, &out);
      i = end;
      continue;
    }
    const std::string body = MarkdownBlock(b, links);
    // A definition list's term and description are paragraphs, as pandoc and PHP Markdown Extra
    // read a loose definition list and a CommonMark reader reads two paragraphs: the term in strong
    // (CollectBlocks' span), the description's first paragraph behind ": ".
    if (b.definition != DefinitionPart::kNone) {
      items.clear();
      if (!out.empty()) out += "\n";
      const bool first = i == 0 || blocks[i - 1].item != b.item;
      const bool prose = b.kind == BlockKind::kListItem || b.kind == BlockKind::kParagraph;
      if (b.definition == DefinitionPart::kDescription && first && prose) out += ": ";
      out += body + "\n";
      ++i;
      continue;
    }
    // A later block of an item being written (its second paragraph, its code, its text after a
    // nested list) goes under that item's text; an item's first block gets the marker, nested under
    // the item before it when its list is deeper, else beside the item of its depth (a list's first
    // item starts at the margin, whatever its depth). A list stays tight.
    auto open =
        std::find_if(items.begin(), items.end(), [&](const OpenItem& o) { return b.item != 0 && o.item == b.item; });
    if (open != items.end()) {
      items.erase(open + 1, items.end());
      const std::string pad(items.back().column, ' ');
      out += "\n";
      AppendPrefixed(pad, pad, body, &out);
    } else if (b.item != 0) {  // an item's first block, its text or a heading, quote or code
      const bool same_list = !items.empty() && i > 0 && blocks[i - 1].item != 0;
      if (!out.empty() && !same_list) out += "\n";
      while (!items.empty() && items.back().depth >= b.depth) items.pop_back();
      const std::size_t indent = items.empty() ? 0 : items.back().column;
      const std::string marker =
          b.number > 0 ? std::to_string(std::min<std::uint32_t>(b.number, 999999999)) + ". " : "- ";
      AppendPrefixed(std::string(indent, ' ') + marker, std::string(indent + marker.size(), ' '), body, &out);
      items.push_back({b.item, b.depth, std::min(indent + marker.size(), kMaxListColumn)});
    } else {
      items.clear();
      // The blocks of one quotation in a row (the paragraphs of a <blockquote>, a callout's title
      // and text) are one quotation, their paragraphs apart by a line of ">".
      const bool same_quote = b.kind == BlockKind::kQuote && b.quote != 0 && i > 0 && blocks[i - 1].quote == b.quote &&
                              blocks[i - 1].kind == BlockKind::kQuote && blocks[i - 1].item == 0;
      if (!out.empty()) out += same_quote ? ">\n" : "\n";
      out += body;
    }
    out += "\n";
    ++i;
  }
  AppendFootnotes(blocks, links, &out);
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
  std::string out;
  AppendJson(j, indent, &out);
  return out;
}

nlohmann::json ToJson(const Result& r, std::string_view input, bool blocks, const nlohmann::json* explain,
                      bool links) {
  const bool failed = !r.status.ok() && r.status.code() != StatusCode::kNoContent;
  nlohmann::json j = failed ? ErrorJson(input, r.status) : nlohmann::json::object();
  const Metadata& m = r.metadata;
  if (!failed) {
    j["input"] = std::string(input);
    j["text"] = r.MainText();
    if (r.HasComments()) j["comments"] = r.CommentsText();
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
  if (!failed) {
    j["page_type"] = PageTypeName(r.page_type);
    j["confidence"] = std::round(r.confidence * 1e4) / 1e4;
  }
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
      if (b.item != 0) {
        block["item"] = b.item;
        block["depth"] = b.depth;
        block["number"] = b.number;
      }
      if (b.quote != 0) block["quote"] = b.quote;
      if (b.footnote != 0) block["footnote"] = b.footnote;
      if (b.definition != DefinitionPart::kNone) {
        block["definition"] = b.definition == DefinitionPart::kTerm ? "term" : "description";
      }
      if (b.table != 0) {
        block["table"] = b.table;
        block["row"] = b.row;
        block["cell"] = b.cell;
        block["colspan"] = b.colspan;
        block["rowspan"] = b.rowspan;
        block["header"] = b.header;
      }
      if (b.kind == BlockKind::kCode) block["language"] = b.language;
      if (!b.spans.empty()) {
        nlohmann::json spans = nlohmann::json::array();
        for (const Span& sp : b.spans) {
          spans.push_back({{"kind", SpanKindName(sp.kind)}, {"begin", sp.begin}, {"end", sp.end}});
          if (sp.kind == SpanKind::kFootnote) spans.back()["note"] = sp.note;
        }
        block["spans"] = std::move(spans);
      }
      if (b.kind == BlockKind::kImage && !b.images.empty()) {
        const Image& i = b.images.front();
        block["src"] = i.src;
        block["alt"] = i.alt;
        block["caption"] = i.caption;
      } else if (!b.images.empty()) {
        nlohmann::json images = nlohmann::json::array();
        for (const Image& i : b.images) images.push_back({{"at", i.at}, {"src", i.src}, {"alt", i.alt}, {"caption", i.caption}});
        block["images"] = std::move(images);
      }
      if (b.comment) block["comment"] = true;
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
