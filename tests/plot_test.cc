// `pith plot` (src/render/plot.h): the distribution data matches lineblock's own functions and
// decisions, the SVG is well-formed with its threshold, regions, legend and escaped title, large
// pages are binned, and the CLI writes SVG (and PNG when rsvg-convert is installed).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "algo/lineblock.h"
#include "algo/registry.h"
#include "core/pipeline.h"
#include "markup_check.h"
#include "render/plot.h"
#include "test_util.h"

namespace pith {
namespace {

using testing::AsciiLower;
using testing::CheckXml;
using testing::ExplainPage;
using testing::ExplainPages;
using testing::ReadFile;
using testing::RunPith;
using testing::TempDir;

struct Ran {
  algo::PageState state;
  Result result;
};

void RunPage(const std::string& bytes, const Options& options, Ran* out) {
  core::Run(bytes, PageInfo{}, options, &out->state, &out->result);
}

// The `points` attribute of the first <polyline>, as a count of points.
std::size_t PolylinePoints(const std::string& svg) {
  const std::size_t at = svg.find("<polyline points=\"");
  if (at == std::string::npos) return 0;
  const std::size_t begin = at + 18, end = svg.find('"', begin);
  return static_cast<std::size_t>(std::count(svg.begin() + begin, svg.begin() + end, ',')) ;
}

TEST(Plot, DataIsLineblocksDistributionAndRegions) {
  Options options;
  options.algorithm = Algorithm::kLineBlock;
  Ran r;
  RunPage(ReadFile(ExplainPage("zh-gbk.html")), options, &r);
  ASSERT_TRUE(r.result.status.ok());
  const render::PlotData d = render::BuildPlotData(r.state, options, r.result.metadata.title);
  const algo::LineProfile profile = algo::BuildLineProfile(r.state.doc, r.state.annotation, options.lineblock);
  EXPECT_EQ(d.y, algo::BlockLengths(profile, options.lineblock));
  EXPECT_EQ(d.threshold, options.lineblock.rise_threshold);
  EXPECT_EQ(d.thickness, options.lineblock.block_thickness);
  ASSERT_EQ(d.regions.size(), r.state.selection.decisions.size());
  bool any_kept = false;
  for (std::size_t i = 0; i < d.regions.size(); ++i) {
    EXPECT_EQ(d.regions[i].first, r.state.selection.decisions[i].first_line);
    EXPECT_EQ(d.regions[i].kept, r.state.selection.decisions[i].kept);
    any_kept |= d.regions[i].kept;
  }
  EXPECT_TRUE(any_kept);
  // The strip marks exactly the lines of kept text, all inside kept regions.
  ASSERT_EQ(d.kept_lines.size(), d.y.size());
  for (std::size_t line = 0; line < d.kept_lines.size(); ++line) {
    if (!d.kept_lines[line]) continue;
    bool inside = false;
    for (const auto& reg : d.regions) inside |= reg.kept && line >= reg.first && line <= reg.last;
    EXPECT_TRUE(inside) << "line " << line;
  }
  EXPECT_GT(std::count(d.kept_lines.begin(), d.kept_lines.end(), 1), 3);
}

TEST(Plot, SvgIsWellFormedWithTitleAxesThresholdLegendAndRegions) {
  for (const std::string& name : ExplainPages()) {
    SCOPED_TRACE(name);
    Options options;
    options.algorithm = Algorithm::kLineBlock;
    Ran r;
    RunPage(ReadFile(ExplainPage(name)), options, &r);
    ASSERT_TRUE(r.result.status.ok());
    const std::string svg = render::PlotSvg(render::BuildPlotData(r.state, options, r.result.metadata.title));
    EXPECT_EQ(CheckXml(svg), "");
    EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
    EXPECT_NE(svg.find(render::EscapeXml(r.result.metadata.title)), std::string::npos) << "page title";
    EXPECT_NE(svg.find("threshold 86"), std::string::npos);
    EXPECT_NE(svg.find("x: line number"), std::string::npos);
    EXPECT_NE(svg.find("y: block length"), std::string::npos);
    EXPECT_NE(svg.find("lines kept by lineblock"), std::string::npos);
    EXPECT_NE(svg.find("fill=\"#2e9d4a\" fill-opacity=\"0.22\""), std::string::npos) << "a kept region is shaded";
    EXPECT_EQ(PolylinePoints(svg), r.state.doc.size() ? render::BuildPlotData(r.state, options, "").y.size() : 0);
  }
}

TEST(Plot, ThresholdOptionAndOtherAlgorithmsAreReflected) {
  const std::string bytes = ReadFile(ExplainPage("zh-gbk.html"));
  Options options;
  options.algorithm = Algorithm::kLineBlock;
  options.lineblock.rise_threshold = 400;
  Ran r;
  RunPage(bytes, options, &r);
  const std::string svg = render::PlotSvg(render::BuildPlotData(r.state, options, "t"));
  EXPECT_NE(svg.find("threshold 400"), std::string::npos);
  for (int a = 0; a <= static_cast<int>(Algorithm::kAuto); ++a) {
    Options other;
    other.algorithm = static_cast<Algorithm>(a);
    if (other.algorithm == Algorithm::kLineBlock || !algo::IsAvailable(other.algorithm)) continue;
    SCOPED_TRACE(AlgorithmName(other.algorithm));
    Ran o;
    RunPage(bytes, other, &o);
    const render::PlotData d = render::BuildPlotData(o.state, other, "t");
    EXPECT_FALSE(d.regions.empty()) << "lineblock's regions are drawn for every algorithm";
    EXPECT_EQ(d.algorithm, AlgorithmName(other.algorithm));
    std::size_t kept_nodes = 0;
    for (std::uint8_t k : o.state.selection.keep) kept_nodes += k;
    const bool any_line = std::count(d.kept_lines.begin(), d.kept_lines.end(), 1) > 0;
    EXPECT_EQ(any_line, kept_nodes > 0) << "the strip shows this algorithm's selection";
    EXPECT_EQ(CheckXml(render::PlotSvg(d)), "");
  }
}

TEST(Plot, TitleIsEscaped) {
  render::PlotData d;
  d.y = {0, 5, 120, 300, 90, 0, 0};
  d.threshold = 86;
  d.thickness = 3;
  d.regions = {{2, 4, 300, true}};
  d.algorithm = "lineblock";
  d.title = "</text><script>alert(1)</script> & \"quotes\" \x01";
  const std::string svg = render::PlotSvg(d);
  EXPECT_EQ(CheckXml(svg), "");
  EXPECT_EQ(AsciiLower(svg).find("<script"), std::string::npos);
  EXPECT_NE(svg.find("&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"),
            std::string::npos);
  EXPECT_EQ(svg.find('\x01'), std::string::npos) << "characters XML forbids are dropped";
}

TEST(Plot, LongPagesAreBinnedPerPixelColumnKeepingPeaks) {
  render::PlotData d;
  d.y.assign(100000, 3);
  d.y[77777] = 5000;  // a single-line spike must survive binning
  d.threshold = 86;
  d.thickness = 3;
  d.algorithm = "lineblock";
  const std::string svg = render::PlotSvg(d, render::PlotSize{800, 400});
  EXPECT_EQ(CheckXml(svg), "");
  const std::size_t points = PolylinePoints(svg);
  EXPECT_GT(points, 300u);
  EXPECT_LE(points, 800u);
  EXPECT_NE(svg.find("max Y = 5000 at line 77777"), std::string::npos);
  // The spike's column reaches the top part of the chart: some point has a small y coordinate.
  const std::size_t at = svg.find("<polyline points=\"");
  const std::string pts = svg.substr(at + 18, svg.find('"', at + 18) - at - 18);
  double min_y = 1e9;
  for (std::size_t c = pts.find(','); c != std::string::npos; c = pts.find(',', c + 1)) {
    min_y = std::min(min_y, std::atof(pts.c_str() + c + 1));
  }
  EXPECT_LT(min_y, 150.0);
}

TEST(Plot, PageWithoutTextStillDraws) {
  Options options;
  options.algorithm = Algorithm::kLineBlock;
  Ran r;
  RunPage("<html><body><img src=a.png></body></html>", options, &r);
  const std::string svg = render::PlotSvg(render::BuildPlotData(r.state, options, ""));
  EXPECT_EQ(CheckXml(svg), "");
  EXPECT_NE(svg.find("(untitled page)"), std::string::npos);
}

TEST(PlotCli, WritesSvgAndOptionallyPng) {
  TempDir dir;
  const std::string svg_path = (dir.path() / "p.svg").string();
  auto r = RunPith("plot " + ExplainPage("ug-rtl.html") + " -o " + svg_path + " --lb-threshold 120");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string svg = ReadFile(svg_path);
  EXPECT_EQ(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg", 0), 0u);
  EXPECT_EQ(CheckXml(svg), "");
  EXPECT_NE(svg.find("threshold 120"), std::string::npos);

  r = RunPith("plot " + ExplainPage("bo-tibetan.html"));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(CheckXml(r.out), "") << "SVG on stdout without -o";

  r = RunPith("plot " + (dir.path() / "missing.html").string());
  EXPECT_EQ(r.exit_code, 1);

  if (std::system("command -v rsvg-convert >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "rsvg-convert (librsvg2-bin) not installed: PNG output not tested";
  }
  const std::string png_path = (dir.path() / "p.png").string();
  r = RunPith("plot " + ExplainPage("zh-gbk.html") + " --png " + png_path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.out.empty()) << "only the PNG was asked for";
  const std::string png = ReadFile(png_path);
  ASSERT_GT(png.size(), 1000u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
}

}  // namespace
}  // namespace pith
