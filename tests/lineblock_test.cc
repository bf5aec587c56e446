// Paper 001's line-block distribution on crafted inputs: Y(i), the four region conditions, CJK
// weighting, the link filter, virtual lines for minified pages.
#include <gtest/gtest.h>

#include <string>

#include "algo/lineblock.h"
#include "dom/parse.h"
#include "render/blocks.h"

namespace pith::algo {
namespace {

std::string Repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

LineBlockOptions Plain() {
  LineBlockOptions o;
  o.cjk_char_weight = 1;
  o.max_line_link_density = 1.0;
  return o;
}

TEST(LineBlock, BlockLengthsAreSlidingSumsOfKLines) {
  LineProfile p;
  p.length = {0, 5, 0, 7, 1, 0, 0};
  p.chars = p.length;
  p.link_chars.assign(p.length.size(), 0);
  LineBlockOptions o = Plain();
  o.block_thickness = 3;
  // Y(i) = L(i) + L(i+1) + L(i+2), truncated at the last line
  EXPECT_EQ(BlockLengths(p, o), (std::vector<std::uint32_t>{5, 12, 8, 8, 1, 0, 0}));
  o.block_thickness = 1;
  EXPECT_EQ(BlockLengths(p, o), p.length);
}

TEST(LineBlock, RegionNeedsARiseFollowedByKNonEmptyBlocks) {
  LineBlockOptions o = Plain();
  o.block_thickness = 3;
  o.rise_threshold = 10;
  // A lone spike (index 1) fails condition 2; the rise at 5 has 3 non-empty successors.
  const std::vector<std::uint32_t> y = {0, 50, 0, 0, 0, 20, 30, 40, 5, 0, 0, 3};
  const std::vector<Region> regions = FindRegions(y, o);
  ASSERT_EQ(regions.size(), 1u);
  EXPECT_EQ(regions[0].start, 5u);
  EXPECT_EQ(regions[0].end, 9u);  // condition 3: Y(9) = Y(10) = 0
  EXPECT_EQ(regions[0].peak, 40u);
}

TEST(LineBlock, CollectsEveryQualifyingRegion) {
  LineBlockOptions o = Plain();
  o.block_thickness = 1;
  o.rise_threshold = 10;
  const std::vector<std::uint32_t> y = {20, 30, 0, 0, 15, 15, 0, 0, 99, 12, 0, 0};
  const std::vector<Region> regions = FindRegions(y, o);
  ASSERT_EQ(regions.size(), 3u);
  EXPECT_EQ(regions[2].peak, 99u);
}

// ---- Each formula of section 5 on hand-computed cases --------------------------------------------

TEST(LineBlock, LineLengthCountsNonWhitespaceCharactersWithCjkWeighted) {
  // Def. 2 counts characters of Ctext: "ab c" is 3, "中文x" is 2 × 3 + 1 at the default weight 3.
  dom::Document doc;
  dom::Parse("<body>\n<p>ab c</p>\n<p>中文x</p>\n</body>", {}, &doc);
  dom::Annotation ann;
  dom::Annotate(doc, &ann);
  const LineProfile p = BuildLineProfile(doc, ann, LineBlockOptions{});
  std::vector<std::uint32_t> nonempty, chars;
  for (std::size_t i = 0; i < p.length.size(); ++i) {
    if (p.length[i] > 0) nonempty.push_back(p.length[i]), chars.push_back(p.chars[i]);
  }
  EXPECT_EQ(nonempty, (std::vector<std::uint32_t>{3, 7}));
  EXPECT_EQ(chars, (std::vector<std::uint32_t>{3, 3}));
}

TEST(LineBlock, ALineCountsAsEmptyOnlyWhenMoreThanHalfIsLinkText) {
  LineProfile p;
  p.length = {10, 10, 10, 10};
  p.chars = p.length;
  p.link_chars = {0, 5, 6, 10};
  // 5 of 10 is not more than 0.5: the line keeps its length; 6 of 10 is.
  EXPECT_EQ(EffectiveLengths(p, LineBlockOptions{}), (std::vector<std::uint32_t>{10, 10, 0, 0}));
}

TEST(LineBlock, TheRiseMustExceedTheThresholdStrictly) {
  // Condition 1: Y(X_start) > threshold. A block of exactly 86 is no rise, 87 is.
  LineBlockOptions o = Plain();
  o.block_thickness = 3;
  o.rise_threshold = 86;
  EXPECT_TRUE(FindRegions({0, 86, 50, 50, 50, 0, 0}, o).empty());
  const std::vector<Region> regions = FindRegions({0, 87, 50, 50, 50, 0, 0}, o);
  ASSERT_EQ(regions.size(), 1u);
  EXPECT_EQ(regions[0].start, 1u);
  EXPECT_EQ(regions[0].end, 5u);
  EXPECT_EQ(regions[0].peak, 87u);
}

TEST(LineBlock, TheRiseNeedsTheNextKBlocksNonEmpty) {
  // Condition 2: Y(X_n) ≠ 0 for n in [start+1, start+K]. With K = 3 the empty block 3 stops the
  // rise at 0; with K = 2 it is past the window.
  LineBlockOptions o = Plain();
  o.rise_threshold = 86;
  o.block_thickness = 3;
  EXPECT_TRUE(FindRegions({100, 10, 10, 0, 0, 0}, o).empty());
  o.block_thickness = 2;
  ASSERT_EQ(FindRegions({100, 10, 10, 0, 0, 0}, o).size(), 1u);
  // Blocks past the last line do not exist: an article ending the page still rises.
  o.block_thickness = 3;
  const std::vector<Region> at_end = FindRegions({100, 10}, o);
  ASSERT_EQ(at_end.size(), 1u);
  EXPECT_EQ(at_end[0].end, 2u);
}

TEST(LineBlock, ARegionEndsOnlyAtTwoConsecutiveEmptyBlocks) {
  // Condition 3: Y(X_m) = 0 for m in [end, end+1]. One empty block (index 4) inside the article
  // does not end it; the two at 6 and 7 do.
  LineBlockOptions o = Plain();
  o.block_thickness = 3;
  o.rise_threshold = 86;
  const std::vector<Region> regions = FindRegions({100, 10, 10, 10, 0, 130, 0, 0, 5}, o);
  ASSERT_EQ(regions.size(), 1u);
  EXPECT_EQ(regions[0].start, 0u);
  EXPECT_EQ(regions[0].end, 6u);
  EXPECT_EQ(regions[0].peak, 130u);
}

// `lines` source lines of `chars` letters each (one word: no whitespace), then six blank lines, so
// that each group ends in two empty blocks of thickness 3.
std::string LinesOf(int lines, int chars) {
  std::string html;
  for (int i = 0; i < lines; ++i) html += "<p>" + std::string(static_cast<std::size_t>(chars), 'x') + "</p>\n";
  return html + "\n\n\n\n\n\n";
}

TEST(LineBlock, RegionsAreKeptByHoldingTheMaximumOrByTheirPeakRatio) {
  // Condition 4 and its generalisation: four lines of 400 peak at Y = 1200 (the maximum, kept);
  // four of 100 peak at 300 = 0.25 × 1200 (kept at ratio 0.25); four of 99 peak at 297 (not kept).
  const std::string html = "<body>\n" + LinesOf(4, 100) + LinesOf(4, 400) + LinesOf(4, 99) + "</body>";
  dom::Document doc;
  dom::Parse(html, {}, &doc);
  dom::Annotation ann;
  dom::Annotate(doc, &ann);
  Options options;
  options.lineblock = Plain();
  options.lineblock.min_region_peak_ratio = 0.25;
  const Selection sel = RunLineBlock(Context{doc, ann, options});
  ASSERT_EQ(sel.decisions.size(), 3u);
  EXPECT_EQ(sel.decisions[0].score, 300);
  EXPECT_EQ(sel.decisions[1].score, 1200);
  EXPECT_EQ(sel.decisions[2].score, 297);
  EXPECT_TRUE(sel.decisions[0].kept);
  EXPECT_TRUE(sel.decisions[1].kept);
  EXPECT_FALSE(sel.decisions[2].kept);
  options.lineblock.all_regions = false;  // the paper's condition 4 alone: only the maximum
  const Selection one = RunLineBlock(Context{doc, ann, options});
  EXPECT_FALSE(one.decisions[0].kept);
  EXPECT_TRUE(one.decisions[1].kept);
}

// A page: navigation lines of links, an article of long lines, a footer.
std::string Page(const std::string& paragraph, int paragraphs) {
  std::string html = "<html><body>\n<div class=nav>\n";
  for (int i = 0; i < 8; ++i) html += "<a href=\"/s" + std::to_string(i) + "\">Section number " + std::to_string(i) + "</a>\n";
  html += "</div>\n<div class=article>\n";
  for (int i = 0; i < paragraphs; ++i) html += "<p>" + paragraph + " " + std::to_string(i) + "</p>\n";
  html += "</div>\n\n\n<div class=footer>\nCopyright 2024 Example\n</div>\n</body></html>\n";
  return html;
}

std::string RunOn(const std::string& html, const LineBlockOptions& o) {
  dom::Document doc;
  dom::Parse(html, {}, &doc);
  dom::Annotation ann;
  dom::Annotate(doc, &ann);
  Options options;
  options.lineblock = o;
  const Selection sel = RunLineBlock(Context{doc, ann, options});
  std::string out;
  for (const Block& b : render::CollectBlocks(doc, sel.keep)) out += b.text + "|";
  return out;
}

TEST(LineBlock, SelectsTheArticleAndDropsNavigationAndFooter) {
  const std::string para = Repeat("The river rose during the night and the town woke to water. ", 2);
  const std::string out = RunOn(Page(para, 6), LineBlockOptions{});
  EXPECT_NE(out.find("The river rose"), std::string::npos) << out;
  EXPECT_NE(out.find(" 5|"), std::string::npos) << out;  // last paragraph kept
  EXPECT_EQ(out.find("Section number"), std::string::npos) << out;
  EXPECT_EQ(out.find("Copyright"), std::string::npos) << out;
}

TEST(LineBlock, CjkWeightLetsShortChineseParagraphsRise) {
  // 30 Han characters per line: 30 plain characters never exceed 86 even in a 3-line block
  // with an empty line between paragraphs; weighted ×3 they do.
  const std::string para = Repeat("今天上午市政府召开新闻发布会介绍情况", 2);
  std::string html = "<body>\n";
  for (int i = 0; i < 5; ++i) html += "<p>" + para + "</p>\n\n";
  html += "</body>";
  LineBlockOptions plain;
  plain.cjk_char_weight = 1;
  EXPECT_EQ(RunOn(html, plain), "");
  LineBlockOptions weighted;
  weighted.cjk_char_weight = 3;
  EXPECT_NE(RunOn(html, weighted).find("今天上午"), std::string::npos);
}

TEST(LineBlock, MinifiedPagesGetOneVirtualLinePerBlock) {
  const std::string para = Repeat("A long sentence of article text that goes on. ", 3);
  std::string html = "<body><div>";
  for (int i = 0; i < 8; ++i) html += "<a href=/x>menu entry " + std::to_string(i) + "</a><br>";
  html += "</div><div>";
  for (int i = 0; i < 5; ++i) html += "<p>" + para + "</p>";
  html += "</div></body>";  // everything on one source line
  dom::Document doc;
  dom::Parse(html, {}, &doc);
  dom::Annotation ann;
  dom::Annotate(doc, &ann);
  const LineProfile p = BuildLineProfile(doc, ann, LineBlockOptions{});
  std::size_t nonempty = 0;
  for (auto len : p.length) nonempty += len > 0;
  EXPECT_GE(nonempty, 13u);  // 8 menu lines + 5 paragraphs, not 1
  const std::string out = RunOn(html, LineBlockOptions{});
  EXPECT_NE(out.find("A long sentence"), std::string::npos);
  EXPECT_EQ(out.find("menu entry"), std::string::npos) << out;
}

TEST(LineBlock, EmptyAndTextlessPagesSelectNothing) {
  EXPECT_EQ(RunOn("<html><body></body></html>", LineBlockOptions{}), "");
  EXPECT_EQ(RunOn("<html><body><img src=x></body></html>", LineBlockOptions{}), "");
}

}  // namespace
}  // namespace pith::algo
