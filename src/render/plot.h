// `pith plot`: paper 001's line-block distribution function as an SVG chart, drawn like the paper's
// figures 3–9 (x: line number of Ctext, y: block length Y(x)), plus what the paper's figures only
// imply: the rise threshold, the candidate regions (kept ones shaded green, rejected ones grey) and
// a strip marking the lines whose text the chosen algorithm kept (any algorithm, not only
// lineblock). The SVG is self-contained (no fonts, images or scripts are referenced) and is
// well-formed XML; every piece of page text in it is escaped.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "algo/page_state.h"
#include "pith/options.h"

namespace pith::render {

// One candidate region of lineblock (one of its Selection::decisions).
struct PlotSpan {
  std::uint32_t first = 0, last = 0;  // Ctext lines, inclusive
  std::uint32_t peak = 0;             // highest block length inside (the decision's score)
  bool kept = false;
};

struct PlotData {
  std::vector<std::uint32_t> y;          // Y(x): block length of the block starting at Ctext line x
  int threshold = 0;                     // lineblock's rise threshold (weighted characters)
  int thickness = 0;                     // K
  std::vector<PlotSpan> regions;         // lineblock's candidate regions, in line order
  std::vector<std::uint8_t> kept_lines;  // per Ctext line: 1 = holds text the chosen algorithm kept
  std::string algorithm;                 // the chosen algorithm's name (legend of the strip)
  std::string title;                     // page title, or the input's name
};

// Computes the distribution for a page that went through core::Run (state->selection is the chosen
// algorithm's). When that algorithm is not lineblock, lineblock is run on the same Document for the
// regions; the strip still shows the chosen algorithm's selection.
PlotData BuildPlotData(const algo::PageState& state, const Options& options, std::string_view title);

struct PlotSize {
  int width = 1100;  // pixels (SVG user units)
  int height = 520;
};

// The chart as an <svg> element (no XML declaration, so it can also be inlined into HTML).
std::string PlotSvg(const PlotData& data, PlotSize size = {});

// Escapes text for XML/HTML text content and attribute values: & < > " ' become entities, and the
// characters XML 1.0 forbids (C0 controls other than tab/LF/CR, U+FFFE, U+FFFF) are dropped.
// Input must be valid UTF-8 (decode guarantees it for page text).
std::string EscapeXml(std::string_view s);
void AppendEscaped(std::string_view s, std::string* out);

}  // namespace pith::render
