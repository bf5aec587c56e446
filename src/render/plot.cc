// SVG chart of paper 001's line-block distribution function (see plot.h). Layout, top to bottom:
// title and subtitle, a one-row legend, the plot area (shaded regions, the area under Y(x), the
// threshold line), the "kept" strip, x ticks and the x-axis title. Pages with more lines than the
// plot has pixel columns are drawn from per-column maxima, so no peak disappears.
#include "render/plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "algo/lineblock.h"
#include "text/unicode.h"

namespace pith::render {
namespace {

constexpr const char* kFont = "DejaVu Sans, Noto Sans, Noto Sans CJK SC, Noto Naskh Arabic, Noto Serif Tibetan, sans-serif";
constexpr const char* kCurveColor = "#1f5fa8";
constexpr const char* kKeptFill = "#2e9d4a";
constexpr const char* kRejectedFill = "#9a9a9a";
constexpr const char* kThresholdColor = "#c62828";
constexpr const char* kStripColor = "#1b6e33";

struct Frame {  // the plot area in SVG units, and the data ranges it shows
  double left, top, width, height;
  double lines;  // x domain [0, lines)
  double ymax;   // y domain [0, ymax]
  double X(double line) const { return left + width * line / lines; }
  double Y(double value) const { return top + height * (1.0 - value / ymax); }
  double bottom() const { return top + height; }
  double right() const { return left + width; }
};

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

// 1, 2 or 5 times a power of ten, near range / target_ticks.
double NiceStep(double range, int target_ticks) {
  if (range <= 0) return 1;
  const double raw = range / target_ticks;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / power;
  const double nice = f < 1.5 ? 1 : (f < 3.5 ? 2 : (f < 7.5 ? 5 : 10));
  return std::max(1.0, nice * power);
}

void Text(std::string* out, double x, double y, std::string_view body, int size,
          std::string_view extra = "") {
  *out += "<text x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" font-size=\"" + std::to_string(size) + "\"";
  if (!extra.empty()) {
    *out += ' ';
    out->append(extra);
  }
  *out += '>';
  AppendEscaped(body, out);
  *out += "</text>\n";
}

void Rect(std::string* out, double x, double y, double w, double h, std::string_view style) {
  *out += "<rect x=\"" + Num(x) + "\" y=\"" + Num(y) + "\" width=\"" + Num(std::max(0.0, w)) +
          "\" height=\"" + Num(std::max(0.0, h)) + "\" ";
  out->append(style);
  *out += "/>\n";
}

void Line(std::string* out, double x1, double y1, double x2, double y2, std::string_view style) {
  *out += "<line x1=\"" + Num(x1) + "\" y1=\"" + Num(y1) + "\" x2=\"" + Num(x2) + "\" y2=\"" + Num(y2) +
          "\" ";
  out->append(style);
  *out += "/>\n";
}

// Cuts `s` to at most `max_chars` code points, adding "…" when it was longer.
std::string Shorten(std::string_view s, std::size_t max_chars) {
  std::size_t i = 0, n = 0;
  while (i < s.size() && n < max_chars) {
    text::NextCodePoint(s, i);
    ++n;
  }
  if (i >= s.size()) return std::string(s);
  return std::string(s.substr(0, i)) + "…";
}

void DrawHeader(const PlotData& d, std::uint32_t max_y, std::size_t max_at, std::string* out) {
  std::size_t kept = 0;
  for (const PlotSpan& r : d.regions) kept += r.kept;
  const std::string title = d.title.empty() ? "(untitled page)" : Shorten(d.title, 70);
  Text(out, 20, 28, "Line-block distribution — " + title, 18, "font-weight=\"bold\" fill=\"#222\"");
  char sub[256];
  std::snprintf(sub, sizeof sub,
                "paper 001 · K = %d · threshold %d · %zu lines · max Y = %u at line %zu · %zu of %zu "
                "candidate regions kept",
                d.thickness, d.threshold, d.y.size(), max_y, max_at, kept, d.regions.size());
  Text(out, 20, 50, sub, 13, "fill=\"#555\"");
}

void DrawLegend(const PlotData& d, double x, double y, std::string* out) {
  auto entry = [&](std::string_view swatch, std::string_view label, double width) {
    out->append(swatch);
    Text(out, x + 30, y + 4, label, 13, "fill=\"#333\"");
    x += width;
  };
  const std::string yl = "<line x1=\"" + Num(x) + "\" y1=\"" + Num(y) + "\" x2=\"" + Num(x + 24) + "\" y2=\"" +
                         Num(y) + "\" stroke=\"" + kCurveColor + "\" stroke-width=\"2\"/>\n";
  entry(yl, "Y(x) block length", 170);
  const std::string tl = "<line x1=\"" + Num(x) + "\" y1=\"" + Num(y) + "\" x2=\"" + Num(x + 24) + "\" y2=\"" +
                         Num(y) + "\" stroke=\"" + kThresholdColor +
                         "\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n";
  entry(tl, "rise threshold", 140);
  std::string kr;
  Rect(&kr, x, y - 7, 24, 14, std::string("fill=\"") + kKeptFill + "\" fill-opacity=\"0.3\"");
  entry(kr, "kept region", 120);
  std::string rr;
  Rect(&rr, x, y - 7, 24, 14, std::string("fill=\"") + kRejectedFill + "\" fill-opacity=\"0.3\"");
  entry(rr, "rejected region", 150);
  std::string st;
  Rect(&st, x, y - 4, 24, 8, std::string("fill=\"") + kStripColor + "\"");
  entry(st, "lines kept by " + d.algorithm, 200);
}

void DrawAxes(const Frame& f, std::string* out) {
  const double ystep = NiceStep(f.ymax, 6);
  for (double v = 0; v <= f.ymax + 1e-9; v += ystep) {
    const double y = f.Y(v);
    Line(out, f.left, y, f.right(), y, "stroke=\"#e6e6e6\" stroke-width=\"1\"");
    Text(out, f.left - 8, y + 4, std::to_string(static_cast<long long>(v)), 12,
         "text-anchor=\"end\" fill=\"#444\"");
  }
  const double xstep = NiceStep(f.lines, 10);
  for (double v = 0; v <= f.lines + 1e-9; v += xstep) {
    const double x = f.X(v);
    Line(out, x, f.bottom() + 18, x, f.bottom() + 23, "stroke=\"#444\"");
    Text(out, x, f.bottom() + 37, std::to_string(static_cast<long long>(v)), 12,
         "text-anchor=\"middle\" fill=\"#444\"");
  }
  Rect(out, f.left, f.top, f.width, f.height, "fill=\"none\" stroke=\"#888\" stroke-width=\"1\"");
  Text(out, f.left + f.width / 2, f.bottom() + 60,
       "x: line number in Ctext (source lines; minified markup split into virtual lines)", 13,
       "text-anchor=\"middle\" fill=\"#333\"");
  const double cy = f.top + f.height / 2;
  Text(out, 18, cy, "y: block length Y(x), weighted non-whitespace characters", 13,
       "text-anchor=\"middle\" fill=\"#333\" transform=\"rotate(-90 18 " + Num(cy) + ")\"");
}

void DrawRegions(const PlotData& d, const Frame& f, std::string* out) {
  for (const PlotSpan& r : d.regions) {
    const double x1 = f.X(r.first), x2 = f.X(static_cast<double>(r.last) + 1);
    Rect(out, x1, f.top, std::max(1.0, x2 - x1), f.height,
         std::string("fill=\"") + (r.kept ? kKeptFill : kRejectedFill) + "\" fill-opacity=\"" +
             (r.kept ? "0.22" : "0.18") + "\"");
  }
}

// The curve: per-line points, or per-pixel-column maxima when lines outnumber columns.
void DrawCurve(const PlotData& d, const Frame& f, std::string* out) {
  const std::size_t n = d.y.size();
  const std::size_t columns = static_cast<std::size_t>(std::max(1.0, f.width));
  std::vector<std::pair<double, double>> pts;  // (x, value)
  if (n <= columns * 2) {
    for (std::size_t i = 0; i < n; ++i) pts.emplace_back(f.X(i + 0.5), d.y[i]);
  } else {
    for (std::size_t c = 0; c < columns; ++c) {
      const std::size_t a = c * n / columns, b = std::max(a + 1, (c + 1) * n / columns);
      std::uint32_t m = 0;
      for (std::size_t i = a; i < b && i < n; ++i) m = std::max(m, d.y[i]);
      pts.emplace_back(f.left + c + 0.5, m);
    }
  }
  if (pts.empty()) return;
  std::string line;
  for (const auto& [x, v] : pts) {
    if (!line.empty()) line += ' ';
    line += Num(x);
    line += ',';
    line += Num(f.Y(v));
  }
  *out += "<polygon points=\"" + Num(pts.front().first) + "," + Num(f.bottom()) + " " + line + " " +
          Num(pts.back().first) + "," + Num(f.bottom()) + "\" fill=\"" + kCurveColor +
          "\" fill-opacity=\"0.15\" stroke=\"none\"/>\n";
  *out += "<polyline points=\"" + line + "\" fill=\"none\" stroke=\"" + kCurveColor +
          "\" stroke-width=\"1.6\" stroke-linejoin=\"round\"/>\n";
}

void DrawThreshold(const PlotData& d, const Frame& f, std::string* out) {
  const double y = f.Y(d.threshold);
  Line(out, f.left, y, f.right(), y,
       std::string("stroke=\"") + kThresholdColor + "\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"");
  Text(out, f.right() - 6, y - 5, "threshold " + std::to_string(d.threshold), 12,
       std::string("text-anchor=\"end\" fill=\"") + kThresholdColor +
           "\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\"");
}

// Runs of kept lines as bars just below the plot area.
void DrawKeptStrip(const PlotData& d, const Frame& f, std::string* out) {
  const double y = f.bottom() + 5;
  Rect(out, f.left, y, f.width, 9, "fill=\"#f1f1f1\"");
  const std::size_t n = d.kept_lines.size();
  for (std::size_t i = 0; i < n;) {
    if (!d.kept_lines[i]) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < n && d.kept_lines[j]) ++j;
    const double x1 = f.X(i), x2 = f.X(j);
    Rect(out, x1, y, std::max(1.0, x2 - x1), 9, std::string("fill=\"") + kStripColor + "\"");
    i = j;
  }
}

}  // namespace

void AppendEscaped(std::string_view s, std::string* out) {
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t start = i;
    const char32_t cp = text::NextCodePoint(s, i);
    switch (cp) {
      case '&': *out += "&amp;"; break;
      case '<': *out += "&lt;"; break;
      case '>': *out += "&gt;"; break;
      case '"': *out += "&quot;"; break;
      case '\'': *out += "&#39;"; break;
      default:
        if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || cp == 0xFFFE || cp == 0xFFFF) break;
        out->append(s.substr(start, i - start));
    }
  }
}

std::string EscapeXml(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  AppendEscaped(s, &out);
  return out;
}

PlotData BuildPlotData(const algo::PageState& state, const Options& options, std::string_view title) {
  const dom::Document& doc = state.doc;
  const LineBlockOptions& o = options.lineblock;
  PlotData d;
  d.threshold = o.rise_threshold;
  d.thickness = o.block_thickness;
  d.algorithm = AlgorithmName(options.algorithm);
  d.title = std::string(title);
  const algo::LineProfile profile = algo::BuildLineProfile(doc, state.annotation, o);
  d.y = algo::BlockLengths(profile, o);
  // Lineblock's own decisions are its candidate regions; another algorithm's are not.
  algo::Selection own;
  if (options.algorithm != Algorithm::kLineBlock) {
    own = algo::RunLineBlock(algo::Context{doc, state.annotation, options});
  }
  const algo::Selection& lb = options.algorithm == Algorithm::kLineBlock ? state.selection : own;
  for (const algo::Decision& dec : lb.decisions) {
    if (dec.node != dom::kNoNode || dec.last_line < dec.first_line) continue;
    d.regions.push_back({dec.first_line, dec.last_line, static_cast<std::uint32_t>(dec.score), dec.kept});
  }
  d.kept_lines.assign(d.y.size(), 0);
  const std::vector<std::uint8_t>& keep = state.selection.keep;
  if (keep.size() == doc.size()) {
    for (dom::NodeId id = 0; id < doc.size(); ++id) {
      if (!keep[id]) continue;
      const std::uint32_t first = profile.node_first_line[id], last = profile.node_last_line[id];
      for (std::uint32_t line = first; line <= last && line < d.kept_lines.size(); ++line) d.kept_lines[line] = 1;
    }
  }
  return d;
}

std::string PlotSvg(const PlotData& d, PlotSize size) {
  const int w = std::max(400, size.width), h = std::max(260, size.height);
  std::uint32_t max_y = 0;
  std::size_t max_at = 0;
  for (std::size_t i = 0; i < d.y.size(); ++i) {
    if (d.y[i] > max_y) max_y = d.y[i], max_at = i;
  }
  Frame f;
  f.left = 78;
  f.top = 96;
  f.width = w - f.left - 24;
  f.height = h - f.top - 78;
  f.lines = static_cast<double>(std::max<std::size_t>(1, d.y.size()));
  const double top_value = std::max<double>({static_cast<double>(max_y), static_cast<double>(d.threshold), 10.0});
  const double step = NiceStep(top_value * 1.08, 6);
  f.ymax = std::ceil(top_value * 1.08 / step) * step;

  std::string out;
  out.reserve(8192 + d.y.size() * 24);
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(w) + "\" height=\"" +
         std::to_string(h) + "\" viewBox=\"0 0 " + std::to_string(w) + " " + std::to_string(h) +
         "\" font-family=\"" + kFont + "\" role=\"img\">\n";
  out += "<title>";
  AppendEscaped("Line-block distribution of " + d.title, &out);
  out += "</title>\n";
  Rect(&out, 0, 0, w, h, "fill=\"#ffffff\"");
  DrawHeader(d, max_y, max_at, &out);
  DrawLegend(d, f.left, 74, &out);
  DrawRegions(d, f, &out);
  DrawAxes(f, &out);
  DrawCurve(d, f, &out);
  DrawThreshold(d, f, &out);
  DrawKeptStrip(d, f, &out);
  out += "</svg>\n";
  return out;
}

}  // namespace pith::render
