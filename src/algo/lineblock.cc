// Line-block distribution function — Chen Xin, "基于行块分布函数的通用网页正文抽取"
// (paper 001, HIT-SCIR, cx-extractor), section 5.
//
// Ctext   = the page's text with all tags removed, keeping every text fragment on its source line.
// Def. 1  block i = lines i .. i+K-1 of Ctext (K = block thickness, paper: K < 5, uses K = 3).
// Def. 2  Y(i) = number of non-whitespace characters in block i (block length).
// Def. 3  the distribution function is Y over i ∈ [1, LinesNum − K].
// A content region [X_start, X_end] satisfies (section 5, conditions 1–4):
//   1. Y(X_start) > threshold                       (a sharp rise)
//   2. Y(X_n) ≠ 0 for n ∈ [start+1, start+K]         (the rise is not a lone spike)
//   3. Y(X_m) = 0 for m ∈ [end, end+1]               (a sharp fall to zero ends it)
//   4. the region contains argmax Y                  (it is the densest region)
// Everything is linear in the number of lines.
//
// Departures from the paper, each an Option:
// - Condition 4 picks one region; the paper also notes that the densest region is usually but not
//   always the body. pith collects every region that passes 1–3 and keeps those whose peak is at
//   least `min_region_peak_ratio` of the maximum (always including the one holding the maximum).
// - Lines whose text is mostly link text count as empty (`max_line_link_density`): the paper lists
//   link groups as easy to remove, and cx-extractor's navigation problem (section 5, 依据 1) is
//   exactly lines of links.
// - CJK characters are weighted (`cjk_char_weight`): the paper counts characters of Chinese text,
//   where one character is about a word; for Latin text the same threshold would accept a one-line
//   menu. Counting CJK characters `w` times lets one threshold serve both scripts.
// - Minified pages put a whole document on a few source lines, which defeats a line-based method.
//   Where one source line holds several block-level elements, each one starts a new virtual line
//   (numbered after the source line), so Ctext keeps one "line" per paragraph as in hand-written HTML.
// - Every line starts a block (the last K−1 blocks are truncated windows) and blocks past the end of
//   the page do not count as zero in condition 2, so an article that ends the page is not lost.
// - Inside a kept region, lines that are empty or link-dominated are not kept: the region's first
//   block may start on a menu line just above the text (the block reaches K lines ahead).
#include "algo/lineblock.h"

#include <algorithm>
#include <cstdio>

namespace pith::algo {
namespace {

// Adds a fragment's counts to `line` (weighted: CJK characters count `cjk_weight` times).
void AddCounts(std::uint32_t chars, std::uint32_t cjk, bool in_link, int cjk_weight,
               std::uint32_t line, LineProfile* p) {
  if (chars == 0) return;
  if (line >= p->length.size()) {
    p->length.resize(line + 1, 0);
    p->link_chars.resize(line + 1, 0);
    p->chars.resize(line + 1, 0);
  }
  p->length[line] += chars + cjk * static_cast<std::uint32_t>(cjk_weight - 1);
  p->chars[line] += chars;
  if (in_link) p->link_chars[line] += chars;
}

}  // namespace

LineProfile BuildLineProfile(const dom::Document& doc, const dom::Annotation& annotation,
                             const LineBlockOptions& options) {
  LineProfile p;
  p.node_first_line.assign(doc.size(), 0xFFFFFFFFu);  // first > last: not in Ctext
  p.node_last_line.assign(doc.size(), 0);
  const dom::NodeId root = doc.body != dom::kNoNode ? doc.body : 0;
  const int weight = std::max(1, options.cjk_char_weight);
  // `extra` = virtual lines inserted so far; `last_line` = line of the last text emitted.
  std::uint32_t extra = 0, last_line = 0;
  bool line_has_text = false;
  for (dom::NodeId id = root; id < doc.SubtreeEnd(root); ++id) {
    const dom::Node& n = doc[id];
    if (n.is_element()) {
      if (dom::IsBlockLevel(n.tag) && line_has_text && n.line + extra <= last_line) {
        ++extra;  // a second block on the same source line: start a virtual line
        line_has_text = false;
      }
      continue;
    }
    if (!n.is_text() || n.hidden()) continue;
    const dom::NodeStats& stats = annotation[id];
    if (stats.chars == 0) continue;  // whitespace only: contributes nothing to any line
    const std::string_view text = doc.Text(id);
    std::uint32_t line = std::max(n.line + extra, last_line);
    if (line != last_line) line_has_text = false;
    p.node_first_line[id] = line;
    if (text.find('\n') == std::string_view::npos) {
      AddCounts(stats.chars, stats.cjk, n.in_link(), weight, line, &p);
      line_has_text = true;
    } else {
      std::size_t begin = 0;
      while (true) {
        const std::size_t nl = text.find('\n', begin);
        const std::string_view piece =
            text.substr(begin, nl == std::string_view::npos ? nl : nl - begin);
        dom::TextCounts c;
        dom::CountText(piece, &c);
        AddCounts(c.chars, c.cjk, n.in_link(), weight, line, &p);
        if (c.chars > 0) line_has_text = true;
        if (nl == std::string_view::npos) break;
        ++line;
        line_has_text = false;
        begin = nl + 1;
      }
    }
    p.node_last_line[id] = line;
    last_line = line;
  }
  if (p.length.empty()) p.length.resize(1, 0), p.link_chars.resize(1, 0), p.chars.resize(1, 0);
  return p;
}

std::vector<std::uint32_t> EffectiveLengths(const LineProfile& p, const LineBlockOptions& options) {
  std::vector<std::uint32_t> eff(p.length.size());
  for (std::size_t i = 0; i < eff.size(); ++i) {
    const bool linky = p.chars[i] > 0 &&
                       static_cast<double>(p.link_chars[i]) > options.max_line_link_density * p.chars[i];
    eff[i] = linky ? 0 : p.length[i];
  }
  return eff;
}

std::vector<std::uint32_t> BlockLengths(const LineProfile& p, const LineBlockOptions& options) {
  const std::size_t k = static_cast<std::size_t>(std::max(1, options.block_thickness));
  const std::vector<std::uint32_t> eff = EffectiveLengths(p, options);
  const std::size_t lines = eff.size();
  std::vector<std::uint32_t> y(lines, 0);
  std::uint32_t window = 0;  // sum of eff[i .. i+k-1], truncated at the last line
  for (std::size_t i = 0; i < std::min(k, lines); ++i) window += eff[i];
  for (std::size_t i = 0; i < lines; ++i) {
    y[i] = window;
    if (i + k < lines) window += eff[i + k];
    window -= eff[i];
  }
  return y;
}

std::vector<Region> FindRegions(const std::vector<std::uint32_t>& y, const LineBlockOptions& options) {
  const std::size_t k = static_cast<std::size_t>(std::max(1, options.block_thickness));
  const std::size_t n = y.size();
  auto at = [&](std::size_t i) -> std::uint32_t { return i < n ? y[i] : 0; };
  std::vector<Region> regions;
  std::size_t i = 0;
  while (i < n) {
    // Conditions 1 and 2: a rise above the threshold followed by K non-empty blocks.
    // Blocks past the last line do not exist: the page ending is not a zero block.
    bool rise = at(i) > static_cast<std::uint32_t>(std::max(0, options.rise_threshold));
    for (std::size_t m = i + 1; rise && m <= i + k && m < n; ++m) rise = at(m) != 0;
    if (!rise) {
      ++i;
      continue;
    }
    // Condition 3: the region ends where two consecutive blocks are empty.
    Region r;
    r.start = static_cast<std::uint32_t>(i);
    std::size_t e = i;
    while (e < n && !(at(e) == 0 && at(e + 1) == 0)) {
      r.peak = std::max(r.peak, at(e));
      ++e;
    }
    r.end = static_cast<std::uint32_t>(e);
    regions.push_back(r);
    i = e + 1;
  }
  return regions;
}

Selection RunLineBlock(const Context& ctx) {
  const LineBlockOptions& o = ctx.options.lineblock;
  const dom::Document& doc = ctx.doc;
  Selection sel;
  sel.Reset(doc.size());
  const LineProfile profile = BuildLineProfile(doc, ctx.annotation, o);
  const std::vector<std::uint32_t> y = BlockLengths(profile, o);
  const std::vector<std::uint32_t> eff = EffectiveLengths(profile, o);
  const std::vector<Region> regions = FindRegions(y, o);
  const std::uint32_t max_y = y.empty() ? 0 : *std::max_element(y.begin(), y.end());

  // Condition 4 (and its generalisation): keep the region holding the maximum, plus regions whose
  // peak reaches min_region_peak_ratio of it when all_regions is set.
  std::vector<std::uint8_t> line_kept(profile.length.size(), 0);
  std::size_t kept_regions = 0;
  for (const Region& r : regions) {
    const bool holds_max = r.peak == max_y && max_y > 0;
    const bool strong = o.all_regions && r.peak >= o.min_region_peak_ratio * max_y;
    Decision d;
    d.first_line = r.start;
    d.last_line = r.end > r.start ? r.end - 1 : r.start;
    d.score = r.peak;
    d.kept = holds_max || strong;
    char buf[160];
    std::snprintf(buf, sizeof buf, "peak block length %u %s %d; %s", r.peak, "rises above",
                  o.rise_threshold, holds_max ? "holds the maximum" :
                  (d.kept ? "peak ≥ ratio × maximum" : "peak below ratio × maximum"));
    d.reason = buf;
    if (d.kept) {
      ++kept_regions;
      for (std::uint32_t line = r.start; line < r.end && line < line_kept.size(); ++line) {
        line_kept[line] = eff[line] > 0;
      }
    }
    sel.decisions.push_back(std::move(d));
  }
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    if (!doc[id].is_text() || doc[id].hidden()) continue;
    const std::uint32_t first = profile.node_first_line[id], last = profile.node_last_line[id];
    for (std::uint32_t line = first; line <= last && line < line_kept.size(); ++line) {
      if (line_kept[line]) {
        sel.keep[id] = 1;
        break;
      }
    }
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "%zu lines, %zu blocks, max Y %u, %zu of %zu regions kept",
                profile.length.size(), y.size(), max_y, kept_regions, regions.size());
  sel.summary = buf;
  return sel;
}

}  // namespace pith::algo
