// Paper 004 on hand-built inputs: sequence alignment (extra / missing nodes, reordered sidebars,
// anchors on long ranges), template marking with a site model, path similarity and its variants,
// block grouping and the choice of the body.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "algo/pathsim.h"
#include "dom/parse.h"
#include "render/blocks.h"
#include "site/align.h"
#include "site/model.h"

namespace pith {
namespace {

using site::Alignment;
using site::AlignOptions;
using site::kUnmatched;

std::vector<std::uint32_t> AlignKeys(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b,
                                     AlignOptions options = {}, Alignment* out = nullptr) {
  Alignment local;
  Alignment* r = out ? out : &local;
  site::Align(a, b, options, r);
  return r->a_to_b;
}

constexpr std::uint32_t X = kUnmatched;

// ---- alignment -------------------------------------------------------------------------------------

TEST(PathSimAlign, IdenticalSequencesMatchOneToOne) {
  EXPECT_EQ(AlignKeys({1, 2, 3, 2, 1}, {1, 2, 3, 2, 1}), (std::vector<std::uint32_t>{0, 1, 2, 3, 4}));
}

TEST(PathSimAlign, AnExtraNodeInTheReferenceShiftsNothing) {
  // The paper's lockstep walk compares position k with position k and loses step after the extra
  // node; the alignment skips it.
  EXPECT_EQ(AlignKeys({1, 2, 3, 4, 5}, {1, 2, 99, 3, 4, 5}), (std::vector<std::uint32_t>{0, 1, 3, 4, 5}));
}

TEST(PathSimAlign, AMissingNodeLeavesOnlyThatNodeUnmatched) {
  EXPECT_EQ(AlignKeys({1, 2, 77, 3, 4}, {1, 2, 3, 4}), (std::vector<std::uint32_t>{0, 1, X, 2, 3}));
}

TEST(PathSimAlign, ReorderedBlocksAreFoundAsMoves) {
  // Two sidebar boxes (10-12 and 20-22) in the opposite order, then a footer (99).
  Alignment r;
  const auto m = AlignKeys({10, 11, 12, 20, 21, 22, 99}, {20, 21, 22, 10, 11, 12, 99}, {}, &r);
  for (std::uint32_t v : m) EXPECT_NE(v, X);
  EXPECT_EQ(m[6], 6u);
  EXPECT_EQ(r.moves, 3u);  // one box aligns in order, the other is a move
  EXPECT_EQ(r.in_order, 4u);
  AlignOptions no_moves;
  no_moves.detect_moves = false;
  const auto m2 = AlignKeys({10, 11, 12, 20, 21, 22, 99}, {20, 21, 22, 10, 11, 12, 99}, no_moves);
  EXPECT_EQ(std::count(m2.begin(), m2.end(), X), 3);
}

TEST(PathSimAlign, LongRangesAlignThroughUniqueAnchors) {
  // 3,000 items with insertions on both sides; a tiny DP budget forces the patience anchors.
  std::vector<std::uint64_t> a, b;
  for (std::uint64_t i = 0; i < 3000; ++i) {
    a.push_back(i);
    b.push_back(i);
    if (i % 100 == 7) a.push_back(1000000 + i);  // only in A
    if (i % 150 == 9) b.push_back(2000000 + i);  // only in B
  }
  AlignOptions o;
  o.dp_budget = 64;
  Alignment r;
  const auto m = AlignKeys(a, b, o, &r);
  std::size_t matched = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] < 1000000) {
      ASSERT_NE(m[i], X) << i;
      EXPECT_EQ(b[m[i]], a[i]);
      ++matched;
    } else {
      EXPECT_EQ(m[i], X);
    }
  }
  EXPECT_EQ(matched, 3000u);
  EXPECT_EQ(r.moves, 0u);
}

TEST(PathSimAlign, AlignmentWorkIsBoundedOnAdversarialSequences) {
  // A = 1 2 3 … n, B = 2 1 3 2 4 3 …: every split of the patience step finds one unique anchor at
  // an edge, so splitting all the way costs n² key counts. The work budget stops it; what it
  // matched is still right, and the same sequences with a budget large enough align further.
  const std::uint64_t n = 3000;
  std::vector<std::uint64_t> a, b;
  for (std::uint64_t k = 1; k <= n; ++k) {
    a.push_back(k);
    b.push_back(k < n ? k + 1 : k);
    if (k < n) b.push_back(k);
  }
  auto matched = [&](const AlignOptions& o) {
    Alignment r;
    const auto m = AlignKeys(a, b, o, &r);
    std::size_t count = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (m[i] == X) continue;
      EXPECT_EQ(b[m[i]], a[i]);
      ++count;
    }
    return count;
  };
  AlignOptions bounded;
  bounded.dp_budget = 64;
  bounded.detect_moves = false;
  AlignOptions unbounded = bounded;
  unbounded.work_factor = 4 * n;
  const std::size_t within_budget = matched(bounded), without = matched(unbounded);
  EXPECT_GT(within_budget, 0u);
  EXPECT_LT(within_budget, without);
}

TEST(PathSimAlign, RepeatedKeysPairByEqualFrequency) {
  // No key is unique (an element path repeated, "Read more" links) and the ends differ, so neither
  // prefix/suffix nor unique anchors apply: keys seen equally often on both sides pair k-th with k-th.
  std::vector<std::uint64_t> a = {8, 8}, b = {9, 9};
  for (int i = 0; i < 40; ++i) {
    a.insert(a.end(), {5, 6});
    b.insert(b.end(), {5, 6});
  }
  a.insert(a.end(), {9, 9});
  b.insert(b.end(), {8, 8});
  AlignOptions o;
  o.dp_budget = 16;
  o.max_anchor_frequency = 64;
  const auto m = AlignKeys(a, b, o);
  for (std::size_t i = 2; i < 82; ++i) {
    ASSERT_NE(m[i], X) << i;
    EXPECT_EQ(m[i], i);
  }
  o.max_anchor_frequency = 1;  // unique anchors only: nothing to align on
  const auto none = AlignKeys(a, b, o);
  EXPECT_EQ(std::count(none.begin(), none.end(), X), static_cast<std::ptrdiff_t>(a.size()));
}

// ---- template marking --------------------------------------------------------------------------------

struct Parsed {
  dom::Document doc;
  dom::Annotation ann;
  explicit Parsed(const std::string& html) {
    dom::Parse(html, {}, &doc);
    dom::Annotate(doc, &ann);
  }
};

std::string SitePage(const std::string& extra_top, const std::string& article, bool reversed_sidebar) {
  const std::string box_a = "<section><h3>Newsletter</h3><p>Sign up for the weekday briefing.</p></section>";
  const std::string box_b = "<section><h3>Podcasts</h3><p>Listen to the harbor hour.</p></section>";
  return "<html><body>" + extra_top +
         "<nav><a href=/>Home</a><a href=/news>News</a><a href=/sport>Sport</a></nav>"
         "<div class=main>" +
         article + "</div><aside>" + (reversed_sidebar ? box_b + box_a : box_a + box_b) +
         "</aside><footer><p>Copyright 2024 Harbor Media</p></footer></body></html>";
}

// Texts of the template-marked nodes, joined by "|".
std::string TemplateTexts(const Parsed& page, const SiteModel::Data& model, double share = 1.0) {
  site::TemplateMarks marks;
  site::MarkTemplate(page.doc, page.ann, model, share, &marks);
  std::string out;
  for (dom::NodeId id = 0; id < page.doc.size(); ++id) {
    if (marks.is_template[id]) out += std::string(page.doc.Text(id)) + "|";
  }
  return out;
}

std::unique_ptr<SiteModel::Data> LearnFrom(const std::vector<std::string>& pages) {
  site::Learner learner;
  for (const std::string& html : pages) {
    const Parsed p(html);
    learner.Add(p.doc, p.ann);
  }
  return learner.Finish();
}

TEST(PathSimTemplate, SameTextAtAlignedPlacesIsTemplate) {
  const auto model = LearnFrom({SitePage("", "<p>Second article body.</p>", false),
                                SitePage("", "<p>Third article body, longer.</p><p>More.</p>", false)});
  EXPECT_EQ(model->pages, 2u);
  const Parsed target(SitePage("", "<p>The target article.</p>", false));
  EXPECT_EQ(TemplateTexts(target, *model),
            "Home|News|Sport|Newsletter|Sign up for the weekday briefing.|Podcasts|Listen to the harbor hour.|"
            "Copyright 2024 Harbor Media|");
}

TEST(PathSimTemplate, ExtraNodesInAReferenceAndReorderedSidebarsStillAlign) {
  // Reference 1 has a cookie banner on top and its sidebar boxes reversed; the target has an
  // extra breaking-news bar. The template is still found, the target's own bar is not template.
  const auto model = LearnFrom({SitePage("<div class=cookie><p>We use cookies.</p></div>", "<p>Body one.</p>", true),
                                SitePage("", "<p>Body two.</p>", false)});
  const Parsed target(SitePage("<div class=bar><a href=/b>Breaking: storm</a></div>", "<p>Target.</p>", false));
  const std::string t = TemplateTexts(target, *model);
  EXPECT_NE(t.find("Home|News|Sport|"), std::string::npos) << t;
  EXPECT_NE(t.find("Newsletter|"), std::string::npos) << t;
  EXPECT_NE(t.find("Podcasts|"), std::string::npos) << t;
  EXPECT_NE(t.find("Copyright 2024 Harbor Media|"), std::string::npos) << t;
  EXPECT_EQ(t.find("Breaking"), std::string::npos) << t;
  EXPECT_EQ(t.find("Target."), std::string::npos) << t;
}

TEST(PathSimTemplate, TextOnOnlySomePagesNeedsTheShare) {
  // "Sponsored" appears on 2 of 3 learned pages: template at share 0.6, not at the paper's 1.0.
  const auto model = LearnFrom({SitePage("<p class=ad>Sponsored</p>", "<p>A.</p>", false),
                                SitePage("<p class=ad>Sponsored</p>", "<p>B.</p>", false),
                                SitePage("", "<p>C.</p>", false)});
  const Parsed target(SitePage("<p class=ad>Sponsored</p>", "<p>D.</p>", false));
  EXPECT_EQ(TemplateTexts(target, *model, 1.0).find("Sponsored"), std::string::npos);
  EXPECT_NE(TemplateTexts(target, *model, 0.6).find("Sponsored"), std::string::npos);
  EXPECT_EQ(site::RequiredCount(3, 1.0), 3u);
  EXPECT_EQ(site::RequiredCount(3, 0.6), 2u);
  EXPECT_EQ(site::RequiredCount(10, 0.0), 2u);  // never fewer than two pages
}

TEST(PathSimTemplate, SameTextUnderAnotherPathIsNotTemplate) {
  // The target's headline equals a link text in the references' "related" list: different path.
  const std::string related = "<ul class=related><li><a href=/x>Ferry resumes</a></li></ul>";
  const auto model = LearnFrom({SitePage("", "<p>A.</p>" + related, false), SitePage("", "<p>B.</p>" + related, false)});
  const Parsed target(SitePage("", "<h2>Ferry resumes</h2><p>Target text.</p>", false));
  EXPECT_EQ(TemplateTexts(target, *model).find("Ferry resumes"), std::string::npos);
}

// ---- path similarity ---------------------------------------------------------------------------------

// The text node whose text starts with `prefix`.
dom::NodeId TextNode(const dom::Document& doc, std::string_view prefix) {
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    if (doc[id].is_text() && doc.Text(id).substr(0, prefix.size()) == prefix) return id;
  }
  ADD_FAILURE() << "no text " << prefix;
  return 0;
}

TEST(PathSimSimilarity, CommonPrefixOverTheLongerPath) {
  const Parsed p(
      "<html><body><div class=story><p>one</p><p>two <a href=/x>link</a></p></div>"
      "<div class=side><ul><li>three</li></ul></div></body></html>");
  PathSimOptions o;
  std::vector<std::uint64_t> labels;
  algo::BuildPathLabels(p.doc, o, &labels);
  const dom::NodeId one = TextNode(p.doc, "one"), two = TextNode(p.doc, "two"), link = TextNode(p.doc, "link"),
                    three = TextNode(p.doc, "three");
  // html body div.story p  (4 steps)
  EXPECT_EQ(algo::PathLength(p.doc, labels, one), 4u);
  EXPECT_DOUBLE_EQ(algo::PathSimilarity(p.doc, labels, one, two), 1.0);          // sibling paragraphs
  EXPECT_DOUBLE_EQ(algo::PathSimilarity(p.doc, labels, one, link), 4.0 / 5.0);   // p vs p/a
  EXPECT_DOUBLE_EQ(algo::PathSimilarity(p.doc, labels, one, three), 2.0 / 5.0);  // html body | ...
  EXPECT_DOUBLE_EQ(algo::PathSimilarity(p.doc, labels, three, one), 2.0 / 5.0);  // symmetric
}

TEST(PathSimSimilarity, VariantsClassSiblingIndexInline) {
  const Parsed p("<html><body><div class=a><p>x1</p></div><div class=b><p>x2</p><p>x3 <b>x4</b></p></div></body></html>");
  const dom::NodeId x1 = TextNode(p.doc, "x1"), x2 = TextNode(p.doc, "x2"), x3 = TextNode(p.doc, "x3"),
                    x4 = TextNode(p.doc, "x4");
  std::vector<std::uint64_t> labels;
  PathSimOptions with_class;
  algo::BuildPathLabels(p.doc, with_class, &labels);
  EXPECT_DOUBLE_EQ(algo::PathSimilarity(p.doc, labels, x1, x2), 2.0 / 4.0);  // div.a ≠ div.b
  PathSimOptions no_class;
  no_class.class_in_path = false;
  algo::BuildPathLabels(p.doc, no_class, &labels);
  EXPECT_DOUBLE_EQ(algo::PathSimilarity(p.doc, labels, x1, x2), 1.0);  // div = div
  PathSimOptions sibling;
  sibling.sibling_index_in_path = true;
  algo::BuildPathLabels(p.doc, sibling, &labels);
  EXPECT_DOUBLE_EQ(algo::PathSimilarity(p.doc, labels, x2, x3), 3.0 / 4.0);  // p[1] ≠ p[2]
  PathSimOptions no_inline;
  no_inline.inline_in_path = false;
  algo::BuildPathLabels(p.doc, no_inline, &labels);
  EXPECT_DOUBLE_EQ(algo::PathSimilarity(p.doc, labels, x3, x4), 1.0);  // <b> is no step
  algo::BuildPathLabels(p.doc, PathSimOptions{}, &labels);
  EXPECT_DOUBLE_EQ(algo::PathSimilarity(p.doc, labels, x3, x4), 4.0 / 5.0);
}

// ---- grouping and the body ---------------------------------------------------------------------------

std::string Para(const std::string& word, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += word + " number " + std::to_string(i) + " of the story. ";
  return s;
}

std::string Extract(const std::string& html, const PathSimOptions& ps = {}) {
  const Parsed p(html);
  Options options;
  options.pathsim = ps;
  const algo::Selection sel = algo::RunPathSim(algo::Context{p.doc, p.ann, options});
  std::string out;
  for (const Block& b : render::CollectBlocks(p.doc, sel.keep)) out += b.text + "|";
  return out;
}

TEST(PathSimGrouping, ConsecutiveSimilarLeavesFormBlocks) {
  const Parsed p(
      "<html><body><ul class=menu><li><a href=/a>Alpha</a></li><li><a href=/b>Beta</a></li></ul>"
      "<div class=story><p>" + Para("Sentence", 3) + "</p><p>" + Para("Another", 3) + "</p></div>"
      "<div class=footer><p>Contact us</p></div></body></html>");
  algo::PathGrouping g;
  algo::GroupLeaves(p.doc, p.ann, nullptr, PathSimOptions{}, &g);
  ASSERT_EQ(g.blocks.size(), 3u);
  EXPECT_EQ(g.blocks[0].last - g.blocks[0].first, 1u);  // the two menu items
  EXPECT_EQ(g.blocks[1].last - g.blocks[1].first, 1u);  // the two paragraphs
  EXPECT_EQ(g.main, 1u);
  EXPECT_TRUE(g.blocks[1].kept);
  EXPECT_FALSE(g.blocks[0].kept);
  EXPECT_FALSE(g.blocks[2].kept);
}

TEST(PathSimGrouping, LeavesExactlyAtTheBlockSimilarityJoinOneBlock) {
  // §2: consecutive leaves with sim ≥ block_similarity form one block. "one" (html body div.story p)
  // and "link" (... p a) share 4 of 5 steps: sim = 0.8.
  const Parsed p("<html><body><div class=story><p>one <a href=/x>link</a></p></div></body></html>");
  PathSimOptions o;
  o.block_similarity = 0.8;
  algo::PathGrouping g;
  algo::GroupLeaves(p.doc, p.ann, nullptr, o, &g);
  EXPECT_EQ(g.blocks.size(), 1u);
  o.block_similarity = 0.81;
  algo::GroupLeaves(p.doc, p.ann, nullptr, o, &g);
  EXPECT_EQ(g.blocks.size(), 2u);
}

TEST(PathSimGrouping, ArticleSplitByAnImageAndAQuoteComesOutWhole) {
  const std::string html =
      "<html><body><div class=nav><a href=/>Home</a> <a href=/n>News</a></div>"
      "<div class=content><div class=text><p>" + Para("Opening", 4) + "</p><p>" + Para("Second", 4) + "</p></div>"
      "<figure><img src=a.jpg><figcaption>The pier at dawn</figcaption></figure>"
      "<div class=text><p>" + Para("Middle", 3) + "</p><blockquote><p>We will rebuild it.</p></blockquote><p>" +
      Para("Closing", 3) + "</p></div></div>"
      "<div class=sidebar><h3>Most read</h3><ul><li><a href=/1>Other story one</a></li>"
      "<li><a href=/2>Other story two</a></li></ul></div></body></html>";
  const std::string out = Extract(html);
  EXPECT_NE(out.find("Opening number 0"), std::string::npos) << out;
  EXPECT_NE(out.find("Middle number 0"), std::string::npos) << out;
  EXPECT_NE(out.find("We will rebuild it."), std::string::npos) << out;
  EXPECT_NE(out.find("Closing number 2"), std::string::npos) << out;
  EXPECT_EQ(out.find("Most read"), std::string::npos) << out;
  EXPECT_EQ(out.find("Other story"), std::string::npos) << out;
  EXPECT_EQ(out.find("Home"), std::string::npos) << out;
}

TEST(PathSimGrouping, DropDownOptionsAreNeverContent) {
  std::string months;
  for (int i = 0; i < 60; ++i) months += "<option>Month number " + std::to_string(i) + " (12)</option>";
  const std::string out = Extract("<html><body><div class=story><p>" + Para("Short", 2) +
                                  "</p></div><div class=side><select>" + months + "</select></div></body></html>");
  EXPECT_NE(out.find("Short number 1"), std::string::npos) << out;
  EXPECT_EQ(out.find("Month number"), std::string::npos) << out;
}

TEST(PathSimGrouping, SectionsOutweighOneLongFooterWithCandidates) {
  // Three sections (under distinct wrappers, so they form separate blocks) each shorter than the
  // footer's disclaimer, together longer: the paper's rule takes the footer, candidates take the article.
  std::string html = "<html><body><div class=article>";
  for (const char* w : {"Alpha", "Beta", "Gamma"}) {
    html += std::string("<section class=part><h2>") + w + "</h2><div class=prose><p>" + Para(w, 4) +
            "</p></div></section><div class=ad><a href=/ad>Advertisement</a></div>";
  }
  html += "</div><footer><div class=legal><p>" + Para("Disclaimer", 6) + "</p></div></footer></body></html>";
  PathSimOptions paper;
  paper.main_candidates = 1;
  EXPECT_NE(Extract(html, paper).find("Disclaimer"), std::string::npos);
  const std::string out = Extract(html);
  EXPECT_EQ(out.find("Disclaimer"), std::string::npos) << out;
  EXPECT_NE(out.find("Alpha number 0"), std::string::npos) << out;
  EXPECT_NE(out.find("Gamma number 3"), std::string::npos) << out;
}

TEST(PathSimGrouping, SiteTemplateIsExcludedBeforeGrouping) {
  // A short article under a long template footer: alone, the footer is the largest block; with a
  // model of the site the footer is template and the article is the body.
  auto page = [](const std::string& body) {
    return "<html><body><div class=top><a href=/>Home</a></div><div class=story><p>" + body +
           "</p></div><div class=foot><p>" + Para("Legal notice", 5) + "</p></div></body></html>";
  };
  const std::string target = page("A brief note about the harbor opening hours.");
  EXPECT_EQ(Extract(target).find("harbor opening"), std::string::npos);
  site::Learner learner;
  for (const std::string& other : {page("Another brief."), page("A third brief.")}) {
    const Parsed p(other);
    learner.Add(p.doc, p.ann);
  }
  PathSimOptions ps;
  ps.site = std::make_shared<const SiteModel>(learner.Finish());
  EXPECT_EQ(Extract(target, ps), "A brief note about the harbor opening hours.|");
}

}  // namespace
}  // namespace pith
