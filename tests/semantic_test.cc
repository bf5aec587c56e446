// Paper 002 (local-semantic purification): formula (1) and its edge cases, HTMLSegment on
// hand-built trees, page-local TF-IDF and cosine on hand-computed examples, feature words, and the
// whole algorithm on small pages.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "algo/semantic.h"
#include "dom/parse.h"
#include "render/blocks.h"

namespace pith::algo {
namespace {

using semantic::Block;
using semantic::Similar;

struct Page {
  dom::Document doc;
  dom::Annotation ann;
  explicit Page(const std::string& html) {
    dom::Parse(html, {}, &doc);
    dom::Annotate(doc, &ann);
  }
  // Visible text of a block, whitespace-collapsed.
  std::string Text(const Block& b) const {
    std::string raw;
    for (dom::NodeId id = b.begin; id < b.end; ++id) {
      if (doc[id].is_text() && !doc[id].hidden()) raw += std::string(doc.Text(id)) + " ";
    }
    std::string out;
    render::AppendCollapsed(raw, &out);
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
  }
  std::vector<std::string> Texts(const std::vector<Block>& blocks) const {
    std::vector<std::string> out;
    for (const Block& b : blocks) out.push_back(Text(b));
    return out;
  }
};

SemanticOptions Paper() {  // formula (1) unsmoothed, threshold 0.5
  SemanticOptions o;
  o.density_smoothing = 0;
  o.similarity_threshold = 0.5;
  return o;
}

// ---- Formula (1) ----------------------------------------------------------------------------------

TEST(SemanticSimilar, IsTheRatioOfTheSmallerToTheLargerDensity) {
  EXPECT_DOUBLE_EQ(Similar(0.2, 0.4, 0), 0.5);
  EXPECT_DOUBLE_EQ(Similar(0.4, 0.2, 0), 0.5);  // symmetric: both branches of formula (1)
  EXPECT_DOUBLE_EQ(Similar(0.3, 0.3, 0), 1.0);
  EXPECT_DOUBLE_EQ(Similar(1.0, 0.25, 0), 0.25);
}

TEST(SemanticSimilar, EdgeCasesZeroOverZeroAndXOverZero) {
  EXPECT_DOUBLE_EQ(Similar(0, 0, 0), 1.0);    // 0/0: two link-free nodes are alike
  EXPECT_DOUBLE_EQ(Similar(0, 0.01, 0), 0.0);  // the larger density is the denominator: 0/x = 0
  EXPECT_DOUBLE_EQ(Similar(1, 0, 0), 0.0);
  EXPECT_DOUBLE_EQ(Similar(1.5, 1, 0), 1.0);   // densities are clamped to [0, 1]
  EXPECT_DOUBLE_EQ(Similar(-1, 0, 0), 1.0);
}

TEST(SemanticSimilar, SmoothingPullsSmallDifferencesTogether) {
  EXPECT_DOUBLE_EQ(Similar(0, 0.1, 0.2), 0.2 / 0.3);
  EXPECT_DOUBLE_EQ(Similar(0, 1, 0.2), 0.2 / 1.2);
  EXPECT_DOUBLE_EQ(Similar(0, 0, 0.2), 1.0);
  EXPECT_DOUBLE_EQ(Similar(0, 0.5, -3), 0.0);  // negative smoothing counts as 0
}

// ---- HTMLSegment ----------------------------------------------------------------------------------

TEST(SemanticSegment, UniformPageIsOneBlockRootedAtBody) {
  Page p("<body><div><p>One paragraph.</p><p>Two paragraph.</p></div><p>Three.</p></body>");
  const std::vector<Block> blocks = semantic::Segment(p.doc, p.ann, p.doc.body, Paper());
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].begin, p.doc.body);
  EXPECT_EQ(blocks[0].parent, dom::kNoNode);
  EXPECT_EQ(p.Text(blocks[0]), "One paragraph. Two paragraph. Three.");
}

TEST(SemanticSegment, DissimilarChildrenSplitIntoRunsOfSimilarSiblings) {
  Page p("<body><ul><li><a href=a>Home</a></li><li><a href=b>News</a></li></ul>"
         "<div><p>First paragraph text.</p><p>Second paragraph text.</p></div>"
         "<p>Closing words.</p></body>");
  SemanticOptions o = Paper();
  std::vector<Block> blocks = semantic::Segment(p.doc, p.ann, p.doc.body, o);
  // body's children: ul (ρ 1, merged), div (ρ 0, merged), p (ρ 0): not all similar, so the body is
  // not one block; the ul stands alone and the div + p run is one block.
  EXPECT_EQ(p.Texts(blocks), (std::vector<std::string>{"Home News",
                                                       "First paragraph text. Second paragraph text. Closing words."}));
  EXPECT_EQ(blocks[1].parent, p.doc.body);
  EXPECT_EQ(blocks[0].link_chars, blocks[0].chars);
  EXPECT_EQ(blocks[1].link_chars, 0u);

  o.group_siblings = false;  // each merged child alone
  blocks = semantic::Segment(p.doc, p.ann, p.doc.body, o);
  EXPECT_EQ(p.Texts(blocks), (std::vector<std::string>{"Home News", "First paragraph text. Second paragraph text.",
                                                       "Closing words."}));
}

TEST(SemanticSegment, AnUnmergedChildBreaksARunAndHoldsItsOwnBlocks) {
  Page p("<body><p>Alpha text here.</p>"
         "<div><ul><li><a href=x>Link one</a></li></ul><p>Inner text.</p></div>"
         "<p>Omega text here.</p></body>");
  const std::vector<Block> blocks = semantic::Segment(p.doc, p.ann, p.doc.body, Paper());
  EXPECT_EQ(p.Texts(blocks), (std::vector<std::string>{"Alpha text here.", "Link one", "Inner text.",
                                                       "Omega text here."}));
}

TEST(SemanticSegment, ChildrenExactlyAtTheSimilarityThresholdMerge) {
  // Formula (1) unsmoothed: ρ = 1/4 and 2/4 give Similar = 0.25 / 0.5 = 0.5. At threshold 0.5 the two
  // paragraphs are similar (≥), so their <div> merges and so does <body>: one block rooted at
  // <body>. At 0.51 they are not: two blocks.
  Page p("<body><div><p>abc<a href=x>d</a></p><p>ab<a href=y>cd</a></p></div></body>");
  SemanticOptions o = Paper();
  const std::vector<Block> blocks = semantic::Segment(p.doc, p.ann, p.doc.body, o);
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].begin, p.doc.body);
  EXPECT_EQ(blocks[0].parent, dom::kNoNode);
  o.similarity_threshold = 0.51;
  EXPECT_EQ(semantic::Segment(p.doc, p.ann, p.doc.body, o).size(), 2u);
}

TEST(SemanticSegment, SiblingsExactlyAtTheSimilarityThresholdFormOneRun) {
  // The <div>'s children are not all similar (the link list has ρ = 1: Similar(0.25, 1) = 0.25), so
  // runs of adjacent similar children form the blocks: the two paragraphs (Similar 0.5 at threshold
  // 0.5) are one run, the list another.
  Page p("<body><div><p>abc<a href=x>d</a></p><p>ab<a href=y>cd</a></p>"
         "<ul><li><a href=1>one</a></li><li><a href=2>two</a></li></ul></div></body>");
  const std::vector<Block> blocks = semantic::Segment(p.doc, p.ann, p.doc.body, Paper());
  EXPECT_EQ(p.Texts(blocks), (std::vector<std::string>{"abc d ab cd", "one two"}));
}

TEST(SemanticSegment, InlineLinksDoNotSplitAParagraph) {
  // Text, <a>, text inside one <p> form one inline unit: the paragraph is a leaf.
  Page p("<body><p>Read the <a href=r>full report</a> for details.</p>"
         "<ul><li><a href=1>Menu one</a></li><li><a href=2>Menu two</a></li></ul></body>");
  const std::vector<Block> blocks = semantic::Segment(p.doc, p.ann, p.doc.body, Paper());
  EXPECT_EQ(p.Texts(blocks), (std::vector<std::string>{"Read the full report for details.", "Menu one Menu two"}));
}

TEST(SemanticSegment, SmoothingMergesAParagraphWithAShortLink) {
  const std::string html =
      "<body><div><p>A long paragraph without any link in it at all.</p>"
      "<p>Another paragraph with <a href=x>one</a> link.</p></div>"
      "<ul><li><a href=1>Menu one</a></li><li><a href=2>Menu two</a></li></ul></body>";
  Page p(html);
  SemanticOptions o = Paper();
  o.group_siblings = false;
  // Unsmoothed: ρ 0 vs ρ 0.1 is Similar 0, so the two paragraphs are separate blocks.
  EXPECT_EQ(semantic::Segment(p.doc, p.ann, p.doc.body, o).size(), 3u);
  // ε = 0.2: (0 + 0.2) / (0.1 + 0.2) = 0.67 ≥ 0.5, so the div is one block; the menu stays apart.
  o.density_smoothing = 0.2;
  const std::vector<Block> blocks = semantic::Segment(p.doc, p.ann, p.doc.body, o);
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(p.Text(blocks[1]), "Menu one Menu two");
}

TEST(SemanticSegment, BlocksPartitionTheVisibleText) {
  Page p("<body><header><a href=/>Site</a> <nav><a href=1>A</a><a href=2>B</a></nav></header>"
         "<main><h1>Title</h1><p>Body <b>bold</b> text.</p><p>More <a href=z>linked</a> text.</p>"
         "<aside><ul><li><a href=r1>Related one</a></li><li><a href=r2>Related two</a></li></ul></aside>"
         "<div hidden>secret</div></main><footer>© 2024 <span>Site</span></footer></body>");
  for (double eps : {0.0, 0.2}) {
    SemanticOptions o = Paper();
    o.density_smoothing = eps;
    const std::vector<Block> blocks = semantic::Segment(p.doc, p.ann, p.doc.body, o);
    std::vector<int> owner(p.doc.size(), 0);
    for (std::size_t i = 1; i < blocks.size(); ++i) EXPECT_LE(blocks[i - 1].end, blocks[i].begin);
    for (const Block& b : blocks) {
      for (dom::NodeId id = b.begin; id < b.end; ++id) ++owner[id];
    }
    for (dom::NodeId id = 0; id < p.doc.size(); ++id) {
      if (!p.doc[id].is_text() || p.ann[id].chars == 0) continue;
      EXPECT_EQ(owner[id], 1) << "text node " << id << " '" << p.doc.Text(id) << "' eps " << eps;
    }
  }
}

TEST(SemanticSegment, EmptyBodyHasNoBlocks) {
  Page p("<body>  <div></div> <img src=x> </body>");
  EXPECT_TRUE(semantic::Segment(p.doc, p.ann, p.doc.body, Paper()).empty());
}

// ---- TF-IDF and cosine ----------------------------------------------------------------------------

TEST(SemanticTfIdf, HandComputedExample) {
  // Terms a = 0, b = 1, c = 2. B0 = {a, a, b}, B1 = {b, c}, B2 = {c}. N = 3, n_a = 1, n_b = n_c = 2.
  semantic::TermCounts counts;
  std::vector<std::uint32_t> b0 = {1, 0, 0}, b1 = {2, 1}, b2 = {2};
  counts.AddBlock(b0);
  counts.AddBlock(b1);
  counts.AddBlock(b2);
  ASSERT_EQ(counts.blocks(), 3u);
  EXPECT_EQ(counts.terms, 3u);
  EXPECT_EQ(counts.Words(0), 3u);
  EXPECT_EQ(counts.Words(1), 2u);
  const semantic::Vectors v = semantic::WeighTfIdf(counts);
  // B0: a = 2·ln 3 = 2.19722, b = 1·ln 1.5 = 0.40547; |B0| = 2.23432 → (0.98340, 0.18147).
  ASSERT_EQ(v.offsets[1] - v.offsets[0], 2u);
  EXPECT_NEAR(v.weight[v.offsets[0]], 0.98340, 1e-5);
  EXPECT_NEAR(v.weight[v.offsets[0] + 1], 0.18147, 1e-5);
  // B1: b = c = ln 1.5 → (0.70711, 0.70711). B2: c alone → 1.
  EXPECT_NEAR(v.weight[v.offsets[1]], 0.70711, 1e-5);
  EXPECT_NEAR(v.weight[v.offsets[2]], 1.0, 1e-12);
  // cos(B0, B1) = 0.18147 · 0.70711 = 0.12832; cos(B1, B2) = 0.70711; cos(B0, B2) = 0 (no shared term).
  EXPECT_NEAR(semantic::Cosine(v, 0, 1), 0.12832, 1e-5);
  EXPECT_NEAR(semantic::Cosine(v, 1, 0), 0.12832, 1e-5);
  EXPECT_NEAR(semantic::Cosine(v, 1, 2), 0.70711, 1e-5);
  EXPECT_DOUBLE_EQ(semantic::Cosine(v, 0, 2), 0.0);
  EXPECT_NEAR(semantic::Cosine(v, 0, 0), 1.0, 1e-12);
}

TEST(SemanticTfIdf, TermsInEveryBlockWeighNothing) {
  semantic::TermCounts counts;
  std::vector<std::uint32_t> b0 = {0, 1}, b1 = {0};
  counts.AddBlock(b0);
  counts.AddBlock(b1);
  const semantic::Vectors v = semantic::WeighTfIdf(counts);
  // Term 0 is in both blocks: ln(2/2) = 0. B1 holds only term 0, so its vector is zero.
  EXPECT_DOUBLE_EQ(v.weight[v.offsets[0]], 0.0);
  EXPECT_DOUBLE_EQ(v.weight[v.offsets[0] + 1], 1.0);
  EXPECT_DOUBLE_EQ(semantic::Cosine(v, 0, 1), 0.0);  // cosine with a zero vector is 0
  EXPECT_DOUBLE_EQ(semantic::Cosine(v, 1, 1), 0.0);
}

TEST(SemanticTfIdf, OneBlockAndEmptyBlocks) {
  semantic::TermCounts counts;
  std::vector<std::uint32_t> b0 = {0, 1, 1}, empty;
  counts.AddBlock(b0);
  semantic::Vectors v = semantic::WeighTfIdf(counts);
  for (double w : v.weight) EXPECT_DOUBLE_EQ(w, 0.0);  // N = 1: ln 1 = 0
  counts.AddBlock(empty);
  EXPECT_EQ(counts.Words(1), 0u);
  v = semantic::WeighTfIdf(counts);
  EXPECT_DOUBLE_EQ(semantic::Cosine(v, 0, 1), 0.0);
}

// ---- Feature words --------------------------------------------------------------------------------

TEST(SemanticFeatures, DropsNumbersPunctuationAndStopWordsAndFoldsCase) {
  semantic::TermDictionary dict;
  std::vector<std::uint32_t> ids;
  semantic::FeatureWords("The cat and the Cat, 42 cats! Don’t.", &dict, &ids);
  // the, and: stop words; 42: number; "Don’t" = "don't": stop word; Cat = cat.
  ASSERT_EQ(ids.size(), 3u);
  EXPECT_EQ(ids[0], ids[1]);
  EXPECT_NE(ids[0], ids[2]);
  EXPECT_EQ(dict.size(), 2u);
  EXPECT_EQ(dict.Id("cat"), ids[0]);
  EXPECT_EQ(dict.Id("cats"), ids[2]);
}

TEST(SemanticFeatures, ChineseWordsThroughIcu) {
  semantic::TermDictionary dict;
  std::vector<std::uint32_t> ids;
  semantic::FeatureWords("我们的大学在北京。2024年", &dict, &ids);
  // 我们, 的, 在 are stop words; 2024 is a number. 大学 and 北京 remain (年 may follow as a word).
  ASSERT_GE(ids.size(), 2u);
  EXPECT_EQ(ids[0], dict.Id("大学"));
  EXPECT_EQ(ids[1], dict.Id("北京"));
}

TEST(SemanticFeatures, DictionaryIdsAreDenseAndClearable) {
  semantic::TermDictionary dict;
  std::vector<std::string> words;
  for (int i = 0; i < 5000; ++i) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "w%d", i);
    words.emplace_back(buf);
  }
  for (int i = 0; i < 5000; ++i) EXPECT_EQ(dict.Id(words[i]), static_cast<std::uint32_t>(i));
  for (int i = 0; i < 5000; i += 7) EXPECT_EQ(dict.Id(words[i]), static_cast<std::uint32_t>(i));
  EXPECT_EQ(dict.size(), 5000u);
  dict.Clear();
  EXPECT_EQ(dict.size(), 0u);
  EXPECT_EQ(dict.Id("w42"), 0u);
}

// ---- The algorithm --------------------------------------------------------------------------------

std::string Kept(const Page& p, const Selection& sel) {
  std::string out;
  for (const pith::Block& b : render::CollectBlocks(p.doc, sel.keep)) out += b.text + "|";
  return out;
}

const char* const kArticlePage =
    "<body><ul><li><a href=1>Home</a></li><li><a href=2>Sports</a></li><li><a href=3>Weather</a></li></ul>"
    "<div><h1>Glacier retreat in the Alps</h1>"
    "<p>Alpine glaciers lost a record share of their ice this summer, glaciologists reported.</p>"
    "<p>The glaciers of the Alps have been shrinking for decades as summers grow warmer.</p></div>"
    "<ul><li><a href=4>Alps glaciers: the record summer in pictures</a></li>"
    "<li><a href=5>Why glaciers retreat</a></li></ul>"
    "<p>Advertisement</p>"
    "<ul><li><a href=6>Celebrity gossip of the week</a></li><li><a href=7>Cheap flights to Paris</a></li></ul>"
    "<p>Subscribe to our newsletter for daily deals.</p></body>";

// The paper's options with the link-block filter at `max_link_density` and ClearNoise's λ.
Options PaperRun(double max_link_density, double lambda) {
  Options options;
  options.semantic = Paper();
  options.semantic.max_link_density = max_link_density;
  options.semantic.relevance_threshold = lambda;
  return options;
}

TEST(SemanticRun, KeepsTheMainBlockAndRelatedLinksAndRemovesNoise) {
  Page p(kArticlePage);
  const Options options = PaperRun(1.0, 0.05);
  const Selection sel = RunSemantic(Context{p.doc, p.ann, options});
  const std::string kept = Kept(p, sel);
  EXPECT_NE(kept.find("Glacier retreat in the Alps"), std::string::npos) << kept;
  EXPECT_NE(kept.find("Alpine glaciers lost"), std::string::npos) << kept;
  EXPECT_NE(kept.find("Why glaciers retreat"), std::string::npos) << kept;  // related links stay
  EXPECT_EQ(kept.find("Celebrity gossip"), std::string::npos) << kept;
  EXPECT_EQ(kept.find("Sports"), std::string::npos) << kept;
  EXPECT_EQ(kept.find("newsletter"), std::string::npos) << kept;
  // One decision per block, the main block's reason says so.
  ASSERT_FALSE(sel.decisions.empty());
  int mains = 0;
  for (const Decision& d : sel.decisions) {
    mains += d.reason.find("main block") != std::string::npos;
    EXPECT_FALSE(d.reason.empty());
  }
  EXPECT_EQ(mains, 1);
  EXPECT_NE(sel.summary.find("kept"), std::string::npos);
}

TEST(SemanticRun, LinkDensityFilterDropsLinkBlocksUnsegmented) {
  Page p(kArticlePage);
  const Options options = PaperRun(0.5, 0.05);
  const Selection sel = RunSemantic(Context{p.doc, p.ann, options});
  const std::string kept = Kept(p, sel);
  EXPECT_NE(kept.find("Alpine glaciers lost"), std::string::npos) << kept;
  EXPECT_EQ(kept.find("Why glaciers retreat"), std::string::npos) << kept;
  bool unsegmented = false;
  for (const Decision& d : sel.decisions) unsegmented |= d.reason.find("not segmented") != std::string::npos;
  EXPECT_TRUE(unsegmented);
}

TEST(SemanticRun, LambdaOneKeepsOnlyTheMainBlockAndZeroKeepsAllSegmented) {
  Page p(kArticlePage);
  Options options = PaperRun(1.0, 1.0);
  Selection sel = RunSemantic(Context{p.doc, p.ann, options});
  EXPECT_EQ(Kept(p, sel), "Glacier retreat in the Alps|Alpine glaciers lost a record share of their ice this summer, "
                          "glaciologists reported.|The glaciers of the Alps have been shrinking for decades as "
                          "summers grow warmer.|");
  options.semantic.relevance_threshold = 0;
  sel = RunSemantic(Context{p.doc, p.ann, options});
  EXPECT_NE(Kept(p, sel).find("Celebrity gossip"), std::string::npos);
  EXPECT_NE(Kept(p, sel).find("Sports"), std::string::npos);
}

TEST(SemanticRun, ClearNoiseKeepsABlockWhoseCosineEqualsLambda) {
  // ClearNoise removes a block whose cosine to PS_m is below λ: at λ equal to a block's cosine the
  // block stays, at the next larger double it goes.
  Page p(kArticlePage);
  Options options = PaperRun(1.0, 0);
  const Selection all = RunSemantic(Context{p.doc, p.ann, options});
  const Decision* related = nullptr;  // a block related to the article but not the main block
  for (const Decision& d : all.decisions) {
    if (d.score > 0 && d.score < 1 && (related == nullptr || d.score > related->score)) related = &d;
  }
  ASSERT_NE(related, nullptr);
  const std::size_t index = static_cast<std::size_t>(related - all.decisions.data());
  options.semantic.relevance_threshold = related->score;
  EXPECT_TRUE(RunSemantic(Context{p.doc, p.ann, options}).decisions[index].kept);
  options.semantic.relevance_threshold = std::nextafter(related->score, 2.0);
  EXPECT_FALSE(RunSemantic(Context{p.doc, p.ann, options}).decisions[index].kept);
}

TEST(SemanticRun, MainBlockIsTextNotTheLongestMenu) {
  // The menu has more feature words than the article; counted × (1 − ρ) the article wins.
  std::string menu = "<ul>";
  for (int i = 0; i < 30; ++i) {
    char item[96];
    std::snprintf(item, sizeof item, "<li><a href=m>Category number%d pages</a></li>", i);
    menu += item;
  }
  menu += "</ul>";
  Page p("<body>" + menu + "<p>Volcanic eruption forces evacuation of nearby villages overnight.</p></body>");
  Options options;
  options.semantic.max_link_density = 1.0;
  options.semantic.main_text_words = true;
  std::string kept = Kept(p, RunSemantic(Context{p.doc, p.ann, options}));
  EXPECT_NE(kept.find("Volcanic eruption"), std::string::npos) << kept;
  options.semantic.main_text_words = false;  // the paper's plain count picks the menu
  kept = Kept(p, RunSemantic(Context{p.doc, p.ann, options}));
  EXPECT_NE(kept.find("Category"), std::string::npos) << kept;
}

TEST(SemanticRun, PageWithoutTextKeepsNothing) {
  Page p("<body><img src=a><div> </div></body>");
  Options options;
  const Selection sel = RunSemantic(Context{p.doc, p.ann, options});
  for (std::uint8_t k : sel.keep) EXPECT_EQ(k, 0);
  EXPECT_TRUE(sel.decisions.empty());
}

}  // namespace
}  // namespace pith::algo
