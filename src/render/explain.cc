// The explain report (see explain.h): one pass cuts the page into blocks, one pass ties each block
// to a decision, then the HTML or JSON is written. Everything is linear in the Document's size.
#include "render/explain.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "algo/lineblock.h"
#include "render/blocks.h"
#include "render/plot.h"
#include "text/unicode.h"

namespace pith::render {
namespace {

constexpr std::size_t kMaxBlockChars = 800;    // code points of one block shown in the HTML report
constexpr std::size_t kMaxDecisionRows = 5000; // rows of the decision table in the HTML report
constexpr std::size_t kPreviewChars = 90;      // code points of a decided node's text preview
constexpr std::size_t kPageTypeEvidenceRows = 8;  // features shown for the page type's answer

// The features that add most to the classifier's answer (largest |w · z| first).
std::vector<std::pair<std::size_t, double>> TopPageTypeEvidence(const classify::PageTypeGuess& g, std::size_t rows) {
  const auto c = classify::FeatureContributions(g.features, g.type);
  std::vector<std::pair<std::size_t, double>> out;
  for (std::size_t i = 0; i < c.size(); ++i) out.emplace_back(i, c[i]);
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return std::abs(a.second) > std::abs(b.second); });
  out.resize(std::min(rows, out.size()));
  return out;
}

// ---- Blocks -----------------------------------------------------------------------------------

void TrimSpaces(std::string* s) {
  while (!s->empty() && (s->back() == ' ' || s->back() == '\n')) s->pop_back();
  std::size_t lead = 0;
  while (lead < s->size() && ((*s)[lead] == ' ' || (*s)[lead] == '\n')) ++lead;
  s->erase(0, lead);
}

// Every visible text block under body, cut where render::CollectBlocks cuts (block-level element
// starts and ends, two <br> in a row, <hr>), with its kept/link character counts.
std::vector<ExplainBlock> Segment(const dom::Document& doc, const dom::Annotation& annotation,
                                  const std::vector<std::uint8_t>& keep) {
  std::vector<ExplainBlock> blocks;
  if (doc.size() == 0) return blocks;
  const bool have_keep = keep.size() == doc.size();
  const dom::NodeId root = doc.body != dom::kNoNode ? doc.body : 0;
  ExplainBlock cur;
  auto flush = [&]() {
    TrimSpaces(&cur.text);
    if (cur.chars > 0) blocks.push_back(std::move(cur));
    cur = ExplainBlock();
  };
  WalkBlocks(doc, root, flush, [&](dom::NodeId id, bool in_pre, const std::vector<dom::NodeId>& open) {
    const dom::Node& n = doc[id];
    if (n.tag == dom::Tag::kBr) {
      if (BreakLine(in_pre, &cur.text)) flush();
      return;
    }
    if (!n.is_text() || n.hidden()) return;
    const std::uint32_t chars = annotation[id].chars;
    if (chars > 0 && cur.first_text == dom::kNoNode) {
      cur.first_text = id;
      cur.container = open.empty() ? root : open.back();
      cur.line = n.line;
    }
    cur.chars += chars;
    if (have_keep && keep[id]) cur.kept_chars += chars;
    if (have_keep && keep[id] == algo::kKeptComment) cur.comment = true;
    if (n.in_link()) cur.link_chars += chars;
    if (chars > 0 || !cur.text.empty()) AppendNodeText(doc.Text(id), in_pre, &cur.text);
  });
  return blocks;
}

// Per node: the innermost decision on the node or an ancestor (-1 = none). Empty if no decision
// names a node.
std::vector<int> NodeDecisions(const dom::Document& doc, const algo::Selection& sel) {
  std::vector<int> by_node;
  for (std::size_t i = 0; i < sel.decisions.size(); ++i) {
    const dom::NodeId node = sel.decisions[i].node;
    if (node == dom::kNoNode || node >= doc.size()) continue;
    if (by_node.empty()) by_node.assign(doc.size(), -1);
    by_node[node] = static_cast<int>(i);
  }
  if (by_node.empty()) return by_node;
  for (dom::NodeId id = 0; id < doc.size(); ++id) {  // pre-order: parents come first
    const dom::NodeId parent = doc[id].parent;
    if (by_node[id] < 0 && parent != dom::kNoNode) by_node[id] = by_node[parent];
  }
  return by_node;
}

// Per line (up to `lines`): the decision on a line range covering it (-1 = none). Empty if none.
std::vector<int> LineDecisions(const algo::Selection& sel, std::size_t lines) {
  std::vector<int> by_line;
  for (std::size_t i = 0; i < sel.decisions.size(); ++i) {
    const algo::Decision& d = sel.decisions[i];
    if (d.node != dom::kNoNode || d.last_line < d.first_line || (d.first_line == 0 && d.last_line == 0)) continue;
    if (by_line.empty()) by_line.assign(lines + 1, -1);
    for (std::size_t line = d.first_line; line <= d.last_line && line <= lines; ++line) {
      by_line[line] = static_cast<int>(i);
    }
  }
  return by_line;
}

// ---- Formatting helpers -----------------------------------------------------------------------

std::string Shorten(std::string_view s, std::size_t max_chars, std::size_t* dropped = nullptr) {
  std::size_t i = 0, n = 0;
  while (i < s.size() && n < max_chars) {
    text::NextCodePoint(s, i);
    ++n;
  }
  if (dropped) *dropped = 0;
  if (i >= s.size()) return std::string(s);
  if (dropped) {
    for (std::size_t j = i; j < s.size(); ++(*dropped)) text::NextCodePoint(s, j);
  }
  return std::string(s.substr(0, i)) + "…";
}

std::string Score(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

// 12345 → "12,345".
std::string Count(std::uint64_t v) {
  const std::string digits = std::to_string(v);
  std::string s;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) s.push_back(',');
    s.push_back(digits[i]);
  }
  return s;
}

std::string Percent(std::uint64_t part, std::uint64_t whole) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return buf;
}

const char* SourceExplanation(const EncodingInfo& e) {
  switch (e.source) {
    case EncodingSource::kCaller: return "given by the caller (--charset or the HTTP Content-Type header)";
    case EncodingSource::kBom: return "byte order mark at the start of the file";
    case EncodingSource::kMeta: return "declared by the page (<meta charset>, http-equiv or <?xml encoding?>)";
    case EncodingSource::kUtf8Valid:
      return e.declared.empty() ? "the bytes are valid UTF-8"
                                : "the bytes are valid UTF-8, which overrides the page's declaration";
    case EncodingSource::kDetector: return "guessed by uchardet from the page's text";
    case EncodingSource::kDefault: return "nothing else decided: the windows-1252 fallback";
    case EncodingSource::kNone: return "not decoded";
  }
  return "";
}

std::string UnitLabel(const algo::Decision& d, const dom::Document& doc, bool ctext) {
  if (d.node != dom::kNoNode && d.node < doc.size()) {
    std::string s = "<" + DescribeNode(doc, d.node) + ">";
    if (doc[d.node].line) s += " line " + std::to_string(doc[d.node].line);
    return s;
  }
  if (d.first_line == 0 && d.last_line == 0) return "page";
  std::string s = ctext ? "Ctext lines " : "lines ";
  s += std::to_string(d.first_line);
  if (d.last_line != d.first_line) s += "–" + std::to_string(d.last_line);
  return s;
}

// ---- HTML -------------------------------------------------------------------------------------

constexpr const char* kStyle = R"CSS(
:root { --kept: #2e7d32; --kept-bg: #eef7ee; --partial: #b26a00; --partial-bg: #fff6e5;
        --removed: #b23b3b; --removed-bg: #faf0f0; --muted: #666; }
* { box-sizing: border-box; }
body { font-family: system-ui, "DejaVu Sans", "Noto Sans", "Noto Sans CJK SC", "Noto Naskh Arabic",
       "Noto Serif Tibetan", sans-serif; margin: 0 auto; max-width: 1160px; padding: 16px 24px 48px;
       color: #1d1d1d; background: #fff; line-height: 1.5; }
h1 { font-size: 24px; margin: 4px 0 2px; }
h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
.algo { background: #1f5fa8; color: #fff; border-radius: 4px; padding: 1px 8px; font-size: 16px;
        vertical-align: middle; }
.input { color: var(--muted); margin: 2px 0; word-break: break-all; }
.summary { font-size: 16px; background: #f3f6fb; border-left: 4px solid #1f5fa8; padding: 8px 12px;
           margin: 10px 0 4px; }
.tally { margin: 4px 0; }
.toc { margin: 2px 0; font-size: 14px; color: var(--muted); }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid #eee; }
th { background: #fafafa; }
table.facts th { width: 118px; }
table.facts td, table.facts th { padding: 2px 8px; }
.facts-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 0 28px; }
@media (max-width: 800px) { .facts-grid { grid-template-columns: 1fr; } }
td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.unit { white-space: nowrap; }
.preview { color: var(--muted); font-size: 12px; white-space: normal; }
.badge { display: inline-block; min-width: 64px; text-align: center; border-radius: 3px; color: #fff;
         font-size: 12px; font-weight: bold; padding: 0 6px; text-transform: uppercase; }
.kept .badge { background: var(--kept); }
.partial .badge { background: var(--partial); }
.removed .badge { background: var(--removed); }
tr.kept td:first-child { border-left: 4px solid var(--kept); }
tr.removed td:first-child { border-left: 4px solid var(--removed); }
.blk { border-left: 5px solid; margin: 6px 0; padding: 4px 10px; border-radius: 2px; }
.blk.kept { border-color: var(--kept); background: var(--kept-bg); }
.blk.partial { border-color: var(--partial); background: var(--partial-bg); }
.blk.removed { border-color: var(--removed); background: var(--removed-bg); color: #555; }
.blk .meta { font-size: 12px; color: var(--muted); }
.blk .txt { margin: 2px 0; white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; }
.note { color: var(--muted); font-size: 13px; }
.plot { overflow-x: auto; }
.plot svg { max-width: 100%; height: auto; }
.controls { margin: 8px 0; font-size: 14px; }
.controls label { margin-right: 18px; }
#hide-removed:checked ~ .blocks .removed { display: none; }
#hide-kept:checked ~ .blocks .kept { display: none; }
)CSS";

class HtmlWriter {
 public:
  HtmlWriter(const algo::PageState& state, const Result& result, const Options& options,
             const Explanation& ex, std::string_view input)
      : s_(state), r_(result), o_(options), ex_(ex), input_(input) {}

  std::string Write() {
    Head();
    Header();
    Facts();
    if (ex_.ctext_lines) LineBlockSection();
    Blocks();
    Decisions();
    out_ += "</body>\n</html>\n";
    return std::move(out_);
  }

 private:
  void Esc(std::string_view s) { AppendEscaped(s, &out_); }
  void Raw(std::string_view s) { out_.append(s); }

  void Head() {
    Raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; img-src data:\"/>\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>pith explain: ");
    Esc(r_.metadata.title.empty() ? input_ : std::string_view(r_.metadata.title));
    Raw("</title>\n<style>");
    Raw(kStyle);
    Raw("</style>\n</head>\n<body>\n");
  }

  void Header() {
    Raw("<header>\n<h1>pith explain <span class=\"algo\">");
    Esc(AlgorithmName(o_.algorithm));
    Raw("</span></h1>\n<p class=\"input\">input: ");
    Esc(input_);
    Raw("</p>\n<p class=\"summary\">");
    Esc(s_.selection.summary.empty() ? "(the algorithm gave no summary)" : s_.selection.summary);
    Raw("</p>\n<p class=\"tally\">");
    const std::size_t removed = ex_.blocks.size() - ex_.kept_blocks - ex_.partial_blocks;
    std::string t = Count(ex_.kept_blocks) + " of " + Count(ex_.blocks.size()) + " text blocks kept";
    if (ex_.partial_blocks) t += ", " + Count(ex_.partial_blocks) + " partly";
    t += ", " + Count(removed) + " removed · " + Count(ex_.kept_chars) + " of " + Count(ex_.chars) +
         " characters kept (" + Percent(ex_.kept_chars, ex_.chars) + ") · " +
         Count(s_.selection.decisions.size()) + " decisions · status: " + r_.status.ToString();
    Esc(t);
    Raw("</p>\n<p class=\"toc\">jump to: <a href=\"#page-text\">page text</a> · <a href=\"#decisions\">decisions</a>");
    if (ex_.ctext_lines) Raw(" · <a href=\"#lineblock\">line-block distribution</a>");
    Raw("</p>\n</header>\n");
  }

  void FactRow(std::string_view name, std::string_view value, bool page_text = true) {
    Raw("<tr><th>");
    Esc(name);
    Raw(page_text ? "</th><td dir=\"auto\">" : "</th><td>");
    if (value.empty()) {
      Raw("<span class=\"note\">none found</span>");
    } else {
      Esc(value);
    }
    Raw("</td></tr>\n");
  }

  void Facts() {
    const Metadata& m = r_.metadata;
    std::string keywords;
    for (const std::string& k : m.keywords) keywords += (keywords.empty() ? "" : ", ") + k;
    Raw("<div class=\"facts-grid\">\n<section id=\"metadata\">\n<h2>Metadata found</h2>\n<table class=\"facts\">\n");
    FactRow("Title", m.title);
    FactRow("Site name", m.site_name);
    FactRow("Date", m.date, false);
    FactRow("Author", m.author);
    FactRow("Keywords", keywords);
    FactRow("Language", m.lang, false);
    FactRow("Direction", m.dir, false);
    FactRow("URL", m.url, false);
    FactRow("Description", m.description);
    Raw("</table>\n</section>\n<section id=\"encoding\">\n<h2>Encoding</h2>\n<table class=\"facts\">\n");
    const EncodingInfo& e = r_.encoding;
    FactRow("Charset used", e.charset, false);
    FactRow("Decided by", std::string(EncodingSourceName(e.source)) + ": " + SourceExplanation(e), false);
    FactRow("Page declared", e.declared, false);
    FactRow("Replacements", std::to_string(e.replacements) +
                                  (e.replacements ? " invalid sequences became U+FFFD" : " (clean decode)"),
            false);
    Raw("</table>\n</section>\n</div>\n");
    PageTypeFacts();
  }

  // The page classifier's answer, every type's probability and the features that weigh most for
  // the answer (w · z, src/classify/page_type.h).
  void PageTypeFacts() {
    const classify::PageTypeGuess& g = s_.page_type;
    Raw("<section id=\"page-type\">\n<h2>Page type</h2>\n<table class=\"facts\">\n");
    std::string probabilities;
    for (std::size_t t = 0; t < classify::kPageTypes; ++t) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s%s %.2f", t ? ", " : "", PageTypeName(static_cast<PageType>(t)),
                    g.probability[t]);
      probabilities += buf;
    }
    FactRow("Answer", PageTypeName(g.type), false);
    FactRow("Probabilities", probabilities, false);
    for (const auto& [feature, contribution] : TopPageTypeEvidence(g, kPageTypeEvidenceRows)) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "%.3g (adds %+.2f to %s)", g.features.values[feature], contribution,
                    PageTypeName(g.type));
      FactRow(classify::PageTypeFeatureName(feature), buf, false);
    }
    Raw("</table>\n</section>\n");
  }

  void Decisions() {
    const auto& ds = s_.selection.decisions;
    Raw("<section id=\"decisions\">\n<h2>Decisions (");
    Raw(Count(ds.size()));
    Raw(")</h2>\n");
    if (ds.empty()) {
      Raw("<p class=\"note\">The algorithm recorded no scored units.</p>\n</section>\n");
      return;
    }
    Raw("<table>\n<tr><th>#</th><th>unit</th><th>score</th><th>verdict</th><th>blocks</th><th>reason</th></tr>\n");
    for (std::size_t i = 0; i < ds.size() && i < kMaxDecisionRows; ++i) {
      const algo::Decision& d = ds[i];
      Raw(d.kept ? "<tr class=\"kept\" id=\"d" : "<tr class=\"removed\" id=\"d");
      Raw(std::to_string(i));
      Raw("\"><td class=\"num\">");
      Raw(std::to_string(i));
      Raw("</td><td class=\"unit\">");
      Esc(UnitLabel(d, s_.doc, ex_.ctext_lines));
      if (d.node != dom::kNoNode && d.node < s_.doc.size()) {
        // The node's text collapsed, read only as far as the preview shows: the ascent records a
        // decision on each of up to 5,000 nested ancestors, and building each one's whole text
        // took time proportional to the rows × the page.
        std::string text;
        std::size_t code_points = 0;
        for (dom::NodeId id = d.node; id < s_.doc.SubtreeEnd(d.node) && code_points < kPreviewChars + 2; ++id) {
          if (!s_.doc[id].is_text()) continue;
          const std::size_t before = text.size();
          AppendCollapsed(s_.doc.Text(id), &text);
          for (std::size_t k = before; k < text.size();) {
            text::NextCodePoint(text, k);
            ++code_points;
          }
        }
        TrimSpaces(&text);
        Raw("<div class=\"preview\" dir=\"auto\">");
        Esc(Shorten(text, kPreviewChars));
        Raw("</div>");
      }
      Raw("</td><td class=\"num\">");
      Esc(Score(d.score));
      Raw("</td><td><span class=\"badge\">");
      Raw(d.kept ? "kept" : "removed");
      Raw("</span></td><td class=\"num\">");
      Raw(std::to_string(i < ex_.blocks_per_decision.size() ? ex_.blocks_per_decision[i] : 0));
      Raw("</td><td dir=\"auto\">");
      Esc(d.reason);
      Raw("</td></tr>\n");
    }
    Raw("</table>\n");
    if (ds.size() > kMaxDecisionRows) {
      Raw("<p class=\"note\">");
      Raw(Count(ds.size() - kMaxDecisionRows));
      Raw(" more decisions not shown (pith extract --explain --format json lists them all).</p>\n");
    }
    Raw("</section>\n");
  }

  void LineBlockSection() {
    const LineBlockOptions& lb = o_.lineblock;
    char params[320];
    std::snprintf(params, sizeof params,
                  "K = %d lines per block · rise threshold %d weighted characters · a CJK or Tibetan "
                  "character counts %d · lines with more than %.0f%% link text count as empty · %s",
                  lb.block_thickness, lb.rise_threshold, lb.cjk_char_weight, lb.max_line_link_density * 100,
                  lb.all_regions ? "further regions kept when their peak reaches " : "only the region holding the maximum is kept");
    std::string p = params;
    if (lb.all_regions) p += Score(lb.min_region_peak_ratio * 100) + "% of the maximum";
    Raw("<section id=\"lineblock\">\n<h2>Line-block distribution (paper 001)</h2>\n<p>");
    Esc(p);
    Raw("</p>\n<div class=\"plot\">\n");
    const PlotData plot = BuildPlotData(s_, o_, r_.metadata.title.empty() ? input_ : std::string_view(r_.metadata.title));
    Raw(PlotSvg(plot, PlotSize{1100, 460}));
    Raw("</div>\n<p class=\"note\">Lines are Ctext lines: the page's source lines, where a source line "
        "holding several block-level elements (minified markup) gives each further block a virtual "
        "line, so numbers can run ahead of the source. Each block below shows its Ctext line and the "
        "block length Y there.</p>\n</section>\n");
  }

  void BlockMeta(const ExplainBlock& b, std::size_t index) {
    Raw("<div class=\"meta\"><span class=\"badge\">");
    Raw(VerdictName(b.verdict()));
    Raw("</span> #");
    Raw(std::to_string(index));
    std::string m = " · line " + std::to_string(b.line);
    if (ex_.ctext_lines) {
      m += " (Ctext " + std::to_string(b.unit_line);
      if (b.unit_line < ex_.block_lengths.size()) m += ", Y = " + std::to_string(ex_.block_lengths[b.unit_line]);
      m += ")";
    }
    m += " · <" + DescribeNode(s_.doc, b.container) + "> · " + Count(b.chars) + " chars";
    if (b.link_chars) m += ", " + Percent(b.link_chars, b.chars) + " link text";
    if (b.verdict() == Verdict::kPartial) m += ", " + Count(b.kept_chars) + " kept";
    if (b.comment) m += ", kept as a comment";
    Esc(m);
    Raw(" — ");
    if (b.decision < 0) {
      Raw("<span class=\"note\">no decision covers this block");
      if (ex_.ctext_lines) Raw(" (it lies outside every candidate region)");
      Raw("</span>");
    } else {
      const algo::Decision& d = s_.selection.decisions[static_cast<std::size_t>(b.decision)];
      Raw("<a href=\"#d");
      Raw(std::to_string(b.decision));
      Raw("\">decision ");
      Raw(std::to_string(b.decision));
      Raw("</a> (");
      Raw(d.kept ? "kept" : "removed");
      Raw(", score ");
      Esc(Score(d.score));
      Raw("): <span dir=\"auto\">");
      Esc(d.reason);
      Raw("</span>");
      if (d.kept && b.verdict() == Verdict::kRemoved) {
        Raw(" <span class=\"note\">— inside a kept unit, but this text itself was not kept</span>");
      } else if (!d.kept && b.verdict() != Verdict::kRemoved) {
        Raw(" <span class=\"note\">— kept by another of the algorithm's rules</span>");
      }
    }
    Raw("</div>\n");
  }

  void Blocks() {
    Raw("<section id=\"page-text\">\n<h2>Page text in document order</h2>\n"
        "<input type=\"checkbox\" id=\"hide-removed\"/> <label for=\"hide-removed\">hide removed blocks</label>\n"
        "<input type=\"checkbox\" id=\"hide-kept\"/> <label for=\"hide-kept\">hide kept blocks</label>\n"
        "<div class=\"blocks\">\n");
    if (ex_.blocks.empty()) Raw("<p class=\"note\">The page has no visible text.</p>\n");
    const std::string lang = EscapeXml(r_.metadata.lang);
    for (std::size_t i = 0; i < ex_.blocks.size(); ++i) {
      const ExplainBlock& b = ex_.blocks[i];
      Raw("<div class=\"blk ");
      Raw(VerdictName(b.verdict()));
      Raw("\" id=\"b");
      Raw(std::to_string(i));
      Raw("\">\n");
      BlockMeta(b, i);
      Raw("<p class=\"txt\" dir=\"auto\"");
      if (!lang.empty()) {
        Raw(" lang=\"");
        Raw(lang);
        Raw("\"");
      }
      Raw(">");
      std::size_t dropped = 0;
      Esc(Shorten(b.text, kMaxBlockChars, &dropped));
      if (dropped) {
        Raw(" <span class=\"note\">(");
        Raw(Count(dropped));
        Raw(" more characters)</span>");
      }
      Raw("</p>\n</div>\n");
    }
    Raw("</div>\n</section>\n");
  }

  const algo::PageState& s_;
  const Result& r_;
  const Options& o_;
  const Explanation& ex_;
  std::string_view input_;
  std::string out_;
};

}  // namespace

const char* VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kKept: return "kept";
    case Verdict::kPartial: return "partial";
    case Verdict::kRemoved: return "removed";
  }
  return "removed";
}

std::string DescribeNode(const dom::Document& doc, dom::NodeId id) {
  if (id >= doc.size()) return "?";
  if (!doc[id].is_element()) return id == 0 ? "document" : "text";
  std::string s(doc.Name(id));
  const std::string_view html_id = doc.GetAttr(id, dom::Attr::kId);
  if (!html_id.empty()) {
    s += '#';
    s += Shorten(html_id, 24);
  }
  const std::string_view cls = doc.GetAttr(id, dom::Attr::kClass);
  int classes = 0;
  for (std::size_t i = 0; i < cls.size() && classes < 2;) {
    while (i < cls.size() && (cls[i] == ' ' || cls[i] == '\t' || cls[i] == '\n')) ++i;
    std::size_t j = i;
    while (j < cls.size() && !(cls[j] == ' ' || cls[j] == '\t' || cls[j] == '\n')) ++j;
    if (j > i) {
      s += '.';
      s += Shorten(cls.substr(i, j - i), 20);
      ++classes;
    }
    i = j;
  }
  return s;
}

Explanation Explain(const algo::PageState& state, const Options& options) {
  const dom::Document& doc = state.doc;
  const algo::Selection& sel = state.selection;
  Explanation ex;
  ex.blocks = Segment(doc, state.annotation, sel.keep);
  ex.blocks_per_decision.assign(sel.decisions.size(), 0);
  ex.ctext_lines = options.algorithm == Algorithm::kLineBlock && doc.size() > 0;

  std::size_t lines = doc.line_count + 1;
  algo::LineProfile profile;
  if (ex.ctext_lines) {
    profile = algo::BuildLineProfile(doc, state.annotation, options.lineblock);
    ex.block_lengths = algo::BlockLengths(profile, options.lineblock);
    lines = profile.length.size();
  }
  const std::vector<int> by_node = NodeDecisions(doc, sel);
  const std::vector<int> by_line = LineDecisions(sel, lines);
  for (ExplainBlock& b : ex.blocks) {
    const dom::NodeId t = b.first_text;
    b.unit_line = b.line;
    if (ex.ctext_lines && profile.node_first_line[t] <= profile.node_last_line[t]) {
      b.unit_line = profile.node_first_line[t];
    }
    if (!by_node.empty() && by_node[t] >= 0) {
      b.decision = by_node[t];
    } else if (!by_line.empty() && b.unit_line < by_line.size()) {
      b.decision = by_line[b.unit_line];
    }
    if (b.decision >= 0) ++ex.blocks_per_decision[static_cast<std::size_t>(b.decision)];
    ex.chars += b.chars;
    ex.kept_chars += b.kept_chars;
    ex.kept_blocks += b.verdict() == Verdict::kKept;
    ex.partial_blocks += b.verdict() == Verdict::kPartial;
  }
  return ex;
}

std::string ExplainHtml(const algo::PageState& state, const Result& result, const Options& options,
                        std::string_view input) {
  const Explanation ex = Explain(state, options);
  return HtmlWriter(state, result, options, ex, input).Write();
}

nlohmann::json ExplainJson(const algo::PageState& state, const Options& options) {
  const Explanation ex = Explain(state, options);
  const dom::Document& doc = state.doc;
  const auto& ds = state.selection.decisions;
  nlohmann::json j;
  j["summary"] = state.selection.summary;
  {
    const classify::PageTypeGuess& g = state.page_type;
    nlohmann::json probabilities = nlohmann::json::object(), features = nlohmann::json::object();
    for (std::size_t t = 0; t < classify::kPageTypes; ++t) {
      probabilities[PageTypeName(static_cast<PageType>(t))] = g.probability[t];
    }
    for (std::size_t i = 0; i < classify::kPageTypeFeatures; ++i) {
      features[classify::PageTypeFeatureName(i)] = g.features.values[i];
    }
    nlohmann::json evidence = nlohmann::json::array();
    for (const auto& [feature, contribution] : TopPageTypeEvidence(g, kPageTypeEvidenceRows)) {
      evidence.push_back({{"feature", classify::PageTypeFeatureName(feature)}, {"adds", contribution}});
    }
    j["page_type"] = {{"type", PageTypeName(g.type)},
                      {"probabilities", std::move(probabilities)},
                      {"features", std::move(features)},
                      {"evidence", std::move(evidence)}};
  }
  {
    nlohmann::json features = nlohmann::json::object();
    for (std::size_t i = 0; i < classify::kConfidenceFeatures; ++i) {
      features[classify::ConfidenceFeatureName(i)] = state.confidence.values[i];
    }
    j["confidence"] = {{"features", std::move(features)}};
  }
  j["line_numbering"] = ex.ctext_lines ? "ctext" : "source";
  j["chars"] = ex.chars;
  j["kept_chars"] = ex.kept_chars;
  nlohmann::json decisions = nlohmann::json::array();
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const algo::Decision& d = ds[i];
    nlohmann::json e = {{"index", i}, {"score", d.score}, {"kept", d.kept}, {"reason", d.reason},
                        {"first_line", d.first_line}, {"last_line", d.last_line},
                        {"blocks", ex.blocks_per_decision[i]}};
    if (d.node != dom::kNoNode && d.node < doc.size()) {
      e["node"] = DescribeNode(doc, d.node);
      e["node_line"] = doc[d.node].line;
    } else {
      e["node"] = nullptr;
    }
    decisions.push_back(std::move(e));
  }
  j["decisions"] = std::move(decisions);
  nlohmann::json blocks = nlohmann::json::array();
  for (std::size_t i = 0; i < ex.blocks.size(); ++i) {
    const ExplainBlock& b = ex.blocks[i];
    nlohmann::json e = {{"index", i}, {"line", b.line}, {"unit_line", b.unit_line},
                        {"element", DescribeNode(doc, b.container)}, {"verdict", VerdictName(b.verdict())},
                        {"chars", b.chars}, {"kept_chars", b.kept_chars}, {"link_chars", b.link_chars},
                        {"text", b.text}};
    if (ex.ctext_lines && b.unit_line < ex.block_lengths.size()) e["y"] = ex.block_lengths[b.unit_line];
    if (b.comment) e["comment"] = true;
    if (b.decision >= 0) {
      const algo::Decision& d = ds[static_cast<std::size_t>(b.decision)];
      e["decision"] = b.decision;
      e["score"] = d.score;
      e["reason"] = d.reason;
    } else {
      e["decision"] = nullptr;
    }
    blocks.push_back(std::move(e));
  }
  j["blocks"] = std::move(blocks);
  return j;
}

}  // namespace pith::render
