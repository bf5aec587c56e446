// Paper 000's content correlativity on hand-built trees (each formula, its guards, smoothing, the
// "off the level" rule, de-duplication) and on the Uyghur fixtures of tests/fixtures/uyghur/ (the
// same pages in UTF-8, windows-1252 references, presentation forms and windows-1256).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "algo/correlation.h"
#include "dom/parse.h"
#include "pith/pith.h"
#include "render/blocks.h"
#include "test_util.h"
#include "text/unicode.h"

namespace pith::algo {
namespace {

struct Page {
  dom::Document doc;
  dom::Annotation ann;
  CorrelationScores scores;

  // The element whose id attribute is `id`.
  dom::NodeId Id(std::string_view id) const {
    for (dom::NodeId n = 0; n < doc.size(); ++n) {
      if (doc[n].is_element() && doc.GetAttr(n, dom::Attr::kId) == id) return n;
    }
    ADD_FAILURE() << "no element with id " << id;
    return 0;
  }
};

CorrelationOptions Paper() { return CorrelationOptions::Uyghur(); }

void Score(const std::string& html, const CorrelationOptions& o, Page* p) {
  dom::Parse(html, {}, &p->doc);
  dom::Annotate(p->doc, &p->ann);
  ScoreCorrelation(p->doc, p->ann, o, &p->scores);
}

// Extracted text, blocks joined by "|".
std::string Extract(const std::string& html, const CorrelationOptions& o) {
  dom::Document doc;
  dom::Parse(html, {}, &doc);
  dom::Annotation ann;
  dom::Annotate(doc, &ann);
  Options options;
  options.algorithm = Algorithm::kCorrelation;
  options.correlation = o;
  const Selection sel = RunCorrelation(Context{doc, ann, options});
  std::string out;
  for (const Block& b : render::CollectBlocks(doc, sel.keep)) out += b.text + "|";
  return out;
}

std::string Repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// ---- Definition 1: CC = TA / LA, LA = 0 taken as 1 ----

TEST(Correlation, CcIsNonLinkCharactersOverLinkCount) {
  Page p;
  Score("<body><div id=d>abcde fghij<a href=/x>linktext</a> <a href=/y>more</a></div></body>", Paper(), &p);
  const dom::NodeId d = p.Id("d");
  EXPECT_EQ(p.scores.ta[d], 10);  // link text does not count, whitespace does not count
  EXPECT_EQ(p.scores.la[d], 2u);
  EXPECT_DOUBLE_EQ(p.scores.cc_raw[d], 5.0);
}

TEST(Correlation, ZeroLinksCountAsOne) {
  Page p;
  Score("<body><p id=p>twelve chars</p></body>", Paper(), &p);
  EXPECT_EQ(p.scores.la[p.Id("p")], 0u);
  EXPECT_DOUBLE_EQ(p.scores.cc_raw[p.Id("p")], 11.0);  // "twelvechars": 11 non-space characters
  EXPECT_DOUBLE_EQ(ContentCorrelativity(11, 0), 11.0);
  EXPECT_DOUBLE_EQ(ContentCorrelativity(0, 0), 0.0);
}

TEST(Correlation, AnchorsWithoutHrefAreNotLinks) {
  Page p;
  Score("<body><div id=d><a name=top>anchor</a><a href=/x>x</a></div></body>", Paper(), &p);
  EXPECT_EQ(p.scores.la[p.Id("d")], 1u);
}

TEST(Correlation, CjkCharactersAreWeighted) {
  CorrelationOptions o = Paper();
  o.cjk_char_weight = 3;
  Page p;
  Score("<body><p id=p>今天下雨 ok</p></body>", o, &p);
  EXPECT_EQ(p.scores.ta[p.Id("p")], 4 * 3 + 2);
}

// ---- Definition 2: TD = TA(parent) / LA, TA(parent) = 0 and LA = 0 taken as 1 ----

TEST(Correlation, TdDividesParentTextByOwnLinks) {
  Page p;
  Score("<body><div id=parent>" + Repeat("x", 90) +
            "<p id=c><a href=/1>a</a><a href=/2>b</a><a href=/3>c</a></p></div></body>",
        Paper(), &p);
  EXPECT_DOUBLE_EQ(p.scores.td[p.Id("c")], 30.0);  // 90 / 3
  EXPECT_DOUBLE_EQ(TextDensity(90, 0), 90.0);
}

TEST(Correlation, TdGuardsAParentWithoutText) {
  Page p;
  Score("<body><ul id=menu><li id=li><a href=/1>Home</a></li><li><a href=/2>News</a></li></ul></body>",
        Paper(), &p);
  EXPECT_EQ(p.scores.ta[p.Id("menu")], 0);
  EXPECT_DOUBLE_EQ(p.scores.td[p.Id("li")], 1.0);  // TA(parent) = 0 → 1, LA = 1
  EXPECT_DOUBLE_EQ(TextDensity(0, 0), 1.0);
}

TEST(Correlation, TdOfAnOnlyChildIsItsOwnDensity) {
  // A one-child parent holds exactly its child's text: TD degenerates to TA(i) / LA(i) = CC(i).
  Page p;
  Score("<body><div id=wrap><p id=only>" + Repeat("word ", 8) + "<a href=/x>x</a></p></div></body>",
        Paper(), &p);
  const dom::NodeId only = p.Id("only");
  EXPECT_EQ(p.scores.ta[p.Id("wrap")], p.scores.ta[only]);
  EXPECT_DOUBLE_EQ(p.scores.td[only], p.scores.cc_raw[only]);
  EXPECT_DOUBLE_EQ(p.scores.cs[only], 1.0);  // its only same-tag sibling is itself, and content
}

// ---- Definition 3: CS = same-tag siblings with CC ≥ C / same-tag siblings (itself included) ----

TEST(Correlation, CsCountsSameTagSiblingsWithText) {
  const std::string long_text = Repeat("content ", 6);  // 42 characters: CC 42 ≥ 29
  Page p;
  Score("<body><div id=parent><p>" + long_text + "</p><p>" + long_text + "</p><p id=short>short</p>"
            "<p></p><p> </p><div id=div>" + long_text + "</div></div></body>",
        Paper(), &p);
  // Three <p> with text (the two empty ones do not count), two of them content.
  EXPECT_DOUBLE_EQ(p.scores.cs[p.Id("short")], 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(p.scores.cs[p.Id("div")], 1.0);  // the only <div>
  EXPECT_DOUBLE_EQ(ContentScale(0, 0), 0.0);
}

// ---- The thresholds' comparisons, on hand-computed values ----

TEST(Correlation, CcEqualToCIsContentAndOneBelowIsNoise) {
  // §3.4: a node is content when CC ≥ C. 29 letters and one link: CC = 29 / 1 = 29 = C.
  Page p;
  Score("<body><div id=d>" + std::string(29, 'x') + "<a href=/x>l</a></div></body>", Paper(), &p);
  EXPECT_DOUBLE_EQ(p.scores.cc_raw[p.Id("d")], 29.0);
  EXPECT_EQ(p.scores.state[p.Id("d")], CcState::kContent);
  Score("<body><div id=d>" + std::string(28, 'x') + "<a href=/x>l</a></div></body>", Paper(), &p);
  EXPECT_DOUBLE_EQ(p.scores.cc_raw[p.Id("d")], 28.0);
  EXPECT_EQ(p.scores.state[p.Id("d")], CcState::kNoise);
}

TEST(Correlation, PromotionNeedsCsAboveSAndTdAboveDStrictly) {
  // §3.5 case 1: CC < C and CS > S and TD > D. Two <p> siblings: one of 40 letters (CC 40, content),
  // one of 5 letters and a link (CC 5). CS(short) = 1 / 2 = 0.5; TD(short) = TA(parent) / LA =
  // 45 / 1 = 45.
  const std::string html = "<body><div id=parent><p id=long>" + std::string(40, 'x') + "</p><p id=short>" +
                           std::string(5, 'y') + "<a href=/x>l</a></p></div></body>";
  CorrelationOptions o = Paper();
  Page p;
  auto state = [&](double s, double d) {
    o.cs_share = s;
    o.td_density = d;
    Score(html, o, &p);
    return p.scores.state[p.Id("short")];
  };
  EXPECT_EQ(state(0.49, 44.9), CcState::kPromoted);
  EXPECT_DOUBLE_EQ(p.scores.cs[p.Id("short")], 0.5);
  EXPECT_DOUBLE_EQ(p.scores.td[p.Id("short")], 45.0);
  EXPECT_DOUBLE_EQ(p.scores.cc[p.Id("short")], 29.0);  // CC := C
  EXPECT_EQ(state(0.5, 44.9), CcState::kNoise);   // CS = S is not above it
  EXPECT_EQ(state(0.49, 45), CcState::kNoise);    // TD = D is not above it
}

// ---- §3.5 smoothing, case 1: short replies ----

std::string Thread(int long_replies, const std::vector<std::string>& short_replies, const std::string& extra = "") {
  std::string html = "<body><div id=nav>";
  for (int i = 0; i < 6; ++i) html += "<a href=/b" + std::to_string(i) + ">Board " + std::to_string(i) + "</a> ";
  html += "</div><div id=thread>";
  for (int i = 0; i < long_replies; ++i) {
    html += "<div class=reply><a href=/u" + std::to_string(i) + ">user</a> I tried this on my own machine "
            "and it worked after a restart, number " + std::to_string(i) + ".</div>";
  }
  int k = 0;
  for (const std::string& s : short_replies) {
    html += "<div class=reply id=short" + std::to_string(k++) + "><a href=/v>user</a> " + s + "</div>";
  }
  return html + "</div>" + extra + "</body>";
}

TEST(Correlation, ShortReplyAmongContentSiblingsIsPromoted) {
  Page p;
  Score(Thread(5, {"Thanks!", "Same here."}), Paper(), &p);
  const dom::NodeId s0 = p.Id("short0");
  EXPECT_LT(p.scores.cc_raw[s0], 29);
  EXPECT_GT(p.scores.cs[s0], 0.57);  // 5 of 7 replies are content
  EXPECT_GT(p.scores.td[s0], 63);    // the thread's text over one link
  EXPECT_EQ(p.scores.state[s0], CcState::kPromoted);
  EXPECT_DOUBLE_EQ(p.scores.cc[s0], 29);  // CC := C
  const std::string out = Extract(Thread(5, {"Thanks!", "Same here."}), Paper());
  EXPECT_NE(out.find("Thanks!"), std::string::npos) << out;
  EXPECT_NE(out.find("Same here."), std::string::npos) << out;
  EXPECT_EQ(out.find("Board 1"), std::string::npos) << out;
}

TEST(Correlation, ShortReplyAmongShortSiblingsIsNot) {
  Page p;
  Score(Thread(2, {"Thanks!", "Same here.", "+1", "ok"}), Paper(), &p);
  const dom::NodeId s0 = p.Id("short0");
  EXPECT_LE(p.scores.cs[s0], 0.57);  // 2 of 6
  EXPECT_EQ(p.scores.state[s0], CcState::kNoise);
}

TEST(Correlation, NoPromotionWhenTheContextIsThin) {
  // Same share of content siblings, but the parent holds little text per link: TD ≤ D.
  CorrelationOptions o = Paper();
  o.td_density = 1000;
  Page p;
  Score(Thread(5, {"Thanks!"}), o, &p);
  EXPECT_EQ(p.scores.state[p.Id("short0")], CcState::kNoise);
}

// ---- §3.5 smoothing, case 2: off the content level ----

std::string Article(const std::string& footer) {
  std::string html = "<body><div id=top><a href=/>Home</a> <a href=/news>News</a></div><div id=main>"
                     "<div id=article><h1 id=h>The river rose during the night</h1><div id=text>";
  for (int i = 0; i < 5; ++i) {
    html += "<p>The river rose during the night and the town woke to water in the streets, paragraph " +
            std::to_string(i) + ".</p>";
  }
  return html + "</div></div></div>" + footer + "</body>";
}

TEST(Correlation, CopyrightBlockOffTheLevelIsSetToZero) {
  const std::string footer =
      "<div id=footer><p id=copy>Copyright 2012 Example Daily. All rights reserved. No part may be "
      "reproduced.</p></div>";
  Page p;
  Score(Article(footer), Paper(), &p);
  const dom::NodeId copy = p.Id("copy");
  EXPECT_GE(p.scores.cc_raw[copy], 29);  // content by the threshold alone...
  EXPECT_EQ(p.scores.state[copy], CcState::kOffLevel);  // ...but not where the content is
  EXPECT_EQ(p.scores.cc[copy], 0);
  EXPECT_TRUE(p.doc.IsAncestor(p.Id("main"), p.scores.level) || p.scores.level == p.Id("main"));
  const std::string out = Extract(Article(footer), Paper());
  EXPECT_EQ(out.find("Copyright"), std::string::npos) << out;
  EXPECT_NE(out.find("paragraph 4"), std::string::npos) << out;
  EXPECT_NE(out.find("The river rose during the night|"), std::string::npos) << out;  // the title
}

TEST(Correlation, LevelShareZeroKeepsEveryContentNode) {
  CorrelationOptions o = Paper();
  o.level_share = 0;
  const std::string out = Extract(
      Article("<div id=footer><p>Copyright 2012 Example Daily. All rights reserved. Reprints on request.</p></div>"),
      o);
  EXPECT_NE(out.find("Copyright"), std::string::npos) << out;
}

TEST(Correlation, ContentOnTheLevelsTagPathStaysOnTheLevel) {
  // A long first post holds most of the text; later long posts sit in a sibling branch but on the
  // same tag path, so they are on the content level. The footer is on another path.
  std::string html = "<body><div id=t><div class=first><div class=msg><p>" +
                     Repeat("A long opening post about the new bridge and its costs. ", 12) +
                     "</p></div></div><div class=more>";
  for (int i = 0; i < 3; ++i) {
    html += "<div class=post><div class=msg><p>A later reply with its own sentence of some length, " +
            std::to_string(i) + ".</p></div></div>";
  }
  html += "</div></div><div id=foot><span>Copyright 2012 Example Forum, all rights reserved.</span></div></body>";
  const std::string out = Extract(html, Paper());
  EXPECT_NE(out.find("own sentence of some length, 2."), std::string::npos) << out;
  EXPECT_EQ(out.find("Copyright"), std::string::npos) << out;
}

TEST(Correlation, LevelIsRaisedThroughLinkFreeContentAncestors) {
  // L0 is the text <div> (no paragraph holds half of it); the article around it adds only link-free text (title, date line), so the
  // level is raised to it and the title is output; the page wrapper adds a menu, so it stops there.
  const std::string html =
      "<body><div id=page><div id=menu><a href=/1>Home</a> <a href=/2>World</a> <a href=/3>Sport</a>"
      "</div><div id=article><h2 id=title>Bridge reopens</h2><div id=date>Monday, 3 May</div>"
      "<div id=text><p>" + Repeat("The bridge reopened on Monday after two years of repair work. ", 2) +
      "</p><p>" + Repeat("Traffic was light in the morning and heavier in the afternoon. ", 2) +
      "</p><p>" + Repeat("The city will add a second bus lane across it in the summer. ", 2) +
      "</p></div></div></div></body>";
  Page p;
  Score(html, Paper(), &p);
  EXPECT_EQ(p.scores.core, p.Id("text"));
  EXPECT_EQ(p.scores.level, p.Id("article"));
  EXPECT_EQ(p.scores.state[p.Id("title")], CcState::kNoise);  // 13 characters < C
  const std::string out = Extract(html, Paper());
  EXPECT_EQ(out.find("Bridge reopens|Monday, 3 May|The bridge reopened"), 0u) << out;
  EXPECT_EQ(out.find("Home"), std::string::npos) << out;
}

TEST(Correlation, LevelIsNotRaisedThroughALinkList) {
  // The parent adds a related-links list: its added text per added link is far below C.
  std::string html = "<body><div id=col><div id=text><p>" +
                     Repeat("A long paragraph of article text that keeps going. ", 5) +
                     "</p></div><div id=related><h3>Related</h3><ul>";
  for (int i = 0; i < 5; ++i) {
    html += "<li><a href=/r" + std::to_string(i) + ">Story " + std::to_string(i) + "</a></li>";
  }
  html += "</ul></div></div></body>";
  Page p;
  Score(html, Paper(), &p);
  EXPECT_EQ(p.scores.level, p.Id("text"));
  const std::string out = Extract(html, Paper());
  EXPECT_EQ(out.find("Related"), std::string::npos) << out;
  EXPECT_EQ(out.find("Story"), std::string::npos) << out;
}

// ---- de-duplication and order ----

TEST(Correlation, ParentAndChildBothSelectedOutputTheTextOnce) {
  const std::string para = Repeat("Text of the article that goes on. ", 3);
  const std::string html = "<body><div id=a>" + para + "A<div id=b>" + para + "B</div>" + para + "C</div></body>";
  Page p;
  Score(html, Paper(), &p);
  EXPECT_EQ(p.scores.state[p.Id("a")], CcState::kContent);
  EXPECT_EQ(p.scores.state[p.Id("b")], CcState::kContent);
  const std::string out = Extract(html, Paper());
  // Each of a's text nodes is "<para>A" with para's trailing space before the letter: the source
  // text, output once, in document order (b's text is not repeated in a's).
  EXPECT_EQ(out, para + "A|" + para + "B|" + para + "C|");
}

TEST(Correlation, DecisionsCarryReasons) {
  dom::Document doc;
  dom::Parse(Thread(5, {"Thanks!"}), {}, &doc);
  dom::Annotation ann;
  dom::Annotate(doc, &ann);
  Options options;
  options.correlation = Paper();
  const Selection sel = RunCorrelation(Context{doc, ann, options});
  ASSERT_FALSE(sel.decisions.empty());
  bool promoted = false;
  for (const Decision& d : sel.decisions) {
    EXPECT_FALSE(d.reason.empty());
    EXPECT_NE(d.node, dom::kNoNode);
    if (d.reason.find("smoothed") != std::string::npos) promoted = d.kept;
  }
  EXPECT_TRUE(promoted);
  EXPECT_NE(sel.summary.find("promoted"), std::string::npos) << sel.summary;
}

TEST(Correlation, EmptyAndLinkOnlyPagesSelectNothing) {
  EXPECT_EQ(Extract("<body></body>", Paper()), "");
  EXPECT_EQ(Extract("<body><a href=/a>one</a> <a href=/b>two</a></body>", Paper()), "");
  EXPECT_EQ(Extract("", Paper()), "");
}

// ---- presets and the CLI ----

TEST(Correlation, Presets) {
  CorrelationOptions o;
  ASSERT_TRUE(CorrelationOptions::FromPreset("uyghur", &o));
  EXPECT_EQ(o.cc_threshold, 29);
  EXPECT_EQ(o.cs_share, 0.57);
  EXPECT_EQ(o.td_density, 63);
  EXPECT_EQ(o.cjk_char_weight, 1);
  ASSERT_TRUE(CorrelationOptions::FromPreset("default", &o));
  EXPECT_EQ(o.cc_threshold, CorrelationOptions().cc_threshold);
  EXPECT_EQ(o.cjk_char_weight, CorrelationOptions().cjk_char_weight);
  EXPECT_FALSE(CorrelationOptions::FromPreset("klingon", &o));
}

TEST(CorrelationCli, PresetAndThresholdFlags) {
  testing::TempDir dir;
  const auto page = dir.path() / "p.html";
  testing::WriteFile(page, Thread(5, {"Thanks!"}));
  const auto ok = testing::RunPith("extract -a correlation --cc-preset uyghur " + page.string());
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(ok.out.find("Thanks!"), std::string::npos) << ok.out;
  // An explicit threshold after the preset wins: C = 1000 leaves nothing.
  const auto high = testing::RunPith("extract -a correlation --cc-preset uyghur --cc-threshold 1000 " + page.string());
  EXPECT_EQ(high.out.find("I tried this"), std::string::npos) << high.out;
  EXPECT_NE(testing::RunPith("extract -a correlation --cc-preset nope " + page.string()).exit_code, 0);
}

// ---- Uyghur pages in four encodings (tests/fixtures/uyghur/make_fixtures.py) ----

class UyghurFixtures : public ::testing::TestWithParam<const char*> {};

Result ExtractFile(const std::filesystem::path& file, const CorrelationOptions& o) {
  Options options;
  options.algorithm = Algorithm::kCorrelation;
  options.correlation = o;
  return Extractor(options).Extract(testing::ReadFile(file));
}

bool HasPresentationForms(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const char32_t c = text::NextCodePoint(s, i);
    if ((c >= 0xFB50 && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF)) return true;
  }
  return false;
}

TEST_P(UyghurFixtures, EveryEncodingGivesTheSameBaseLetterText) {
  const std::string name = GetParam();
  const std::filesystem::path pages = std::filesystem::path(PITH_TEST_DIR) / "pages";
  const nlohmann::json expect = nlohmann::json::parse(
      testing::ReadFile(std::filesystem::path(PITH_TEST_DIR) / "fixtures/uyghur/expect.json"))[name];
  for (const CorrelationOptions& o : {CorrelationOptions::Default(), CorrelationOptions::Uyghur()}) {
    const Result utf8 = ExtractFile(pages / ("uyghur-" + name + "-utf8") / "source.html", o);
    ASSERT_TRUE(utf8.status.ok()) << utf8.status.ToString();
    const std::string text = utf8.Text();
    for (const auto& s : expect["must"]) EXPECT_NE(text.find(s.get<std::string>()), std::string::npos) << s;
    for (const auto& s : expect["must_not"]) EXPECT_EQ(text.find(s.get<std::string>()), std::string::npos) << s;
    if (expect.contains("short_replies")) {
      ASSERT_GE(expect["short_replies"].size(), 3u);
      for (const auto& s : expect["short_replies"]) {
        EXPECT_NE(text.find(s.get<std::string>()), std::string::npos) << "short reply lost: " << s;
      }
    }
    EXPECT_EQ(utf8.metadata.dir, "rtl");
    EXPECT_EQ(utf8.metadata.title.find(expect["title"].get<std::string>()), 0u) << utf8.metadata.title;
    for (const char* enc : {"cp1252", "presentation", "cp1256"}) {
      const Result r = ExtractFile(pages / ("uyghur-" + name + "-" + enc) / "source.html", o);
      ASSERT_TRUE(r.status.ok()) << enc << ": " << r.status.ToString();
      EXPECT_EQ(r.Text(), text) << enc;
      EXPECT_FALSE(HasPresentationForms(r.Text())) << enc;
      EXPECT_EQ(r.Text().find("&#"), std::string::npos) << enc;
      EXPECT_EQ(r.metadata.title, utf8.metadata.title) << enc;
      EXPECT_EQ(r.metadata.dir, "rtl") << enc;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Correlation, UyghurFixtures, ::testing::Values("news", "forum"));

}  // namespace
}  // namespace pith::algo
