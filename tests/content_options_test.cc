// What the content holds besides its main text: Options::headline (--no-headline) and
// Options::comments (--comments), through the library, the block renderer, JSON and the CLI.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "algo/algorithm.h"
#include "dom/annotate.h"
#include "dom/parse.h"
#include "pith/pith.h"
#include "render/blocks.h"
#include "render/formats.h"
#include "test_util.h"

namespace pith {
namespace {

std::string Repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

const std::string kParagraphs = Repeat(
    "<p>The harbour board approved the budget for the new breakwater on Monday evening, after a long "
    "debate about the cost.</p>",
    4);

Result Extract(const std::string& html, bool headline, Algorithm algorithm = Algorithm::kAuto) {
  Options o;
  o.algorithm = algorithm;
  o.headline = headline;
  return testing::ExtractOk(html, o);
}

TEST(Headline, NoHeadlineLeavesOutTheOpeningHeading) {
  const std::string html = "<html><head><title>Breakwater budget approved - The Harbour Times</title></head><body>"
                           "<nav><a href=/>Home</a> <a href=/news>News</a></nav><article><h1>Breakwater budget "
                           "approved</h1>" + kParagraphs + "<h2>What comes next</h2>" + kParagraphs +
                           "</article></body></html>";
  const Result with = Extract(html, true);
  EXPECT_EQ(with.Text().rfind("Breakwater budget approved", 0), 0u) << with.Text();
  const Result without = Extract(html, false);
  EXPECT_EQ(without.Text().find("Breakwater budget approved"), std::string::npos) << without.Text();
  EXPECT_EQ(without.Text().rfind("The harbour board approved", 0), 0u) << without.Text();
  // A section heading further down is no headline, and the title stays in the metadata.
  EXPECT_NE(without.Text().find("What comes next"), std::string::npos) << without.Text();
  EXPECT_EQ(without.metadata.title, "Breakwater budget approved");
}

TEST(Headline, ATitleWrittenAsAParagraphIsTheHeadlineToo) {
  // No heading element: the headline is a bold paragraph, recognised as the page's <title>
  // before the site's name.
  const std::string html = "<html><head><title>Breakwater budget approved | The Harbour Times</title></head><body>"
                           "<div id=story><p class=headline><b>Breakwater budget approved</b></p>" + kParagraphs +
                           "</div></body></html>";
  EXPECT_NE(Extract(html, true).Text().find("Breakwater budget approved"), std::string::npos);
  const Result without = Extract(html, false);
  EXPECT_EQ(without.Text().find("Breakwater budget approved"), std::string::npos) << without.Text();
  EXPECT_EQ(without.Text().rfind("The harbour board approved", 0), 0u) << without.Text();
}

TEST(Headline, AnOpeningParagraphThatIsNotTheTitleStays) {
  // The first block is prose that only starts like the title: no separator follows it there.
  const std::string html = "<html><head><title>Breakwater budget approved | The Harbour Times</title></head><body>"
                           "<div id=story><p>Breakwater budget approved after a long night, the board says.</p>" +
                           kParagraphs + "</div></body></html>";
  const Result without = Extract(html, false);
  EXPECT_EQ(without.Text().rfind("Breakwater budget approved after a long night", 0), 0u) << without.Text();
}

TEST(Headline, EveryAlgorithmLeavesItOut) {
  const std::string html = "<html><body><div id=story><h1>Breakwater budget approved</h1>" + kParagraphs +
                           kParagraphs + "</div></body></html>";
  int keeping = 0;  // algorithms that keep the headline by default
  for (const Algorithm a : {Algorithm::kLineBlock, Algorithm::kCorrelation, Algorithm::kSemantic,
                            Algorithm::kTibetan, Algorithm::kPathSim, Algorithm::kAuto}) {
    if (Extract(html, true, a).Text().find("Breakwater budget approved") == std::string::npos) continue;
    ++keeping;
    EXPECT_EQ(Extract(html, false, a).Text().find("Breakwater budget approved"), std::string::npos) << AlgorithmName(a);
  }
  EXPECT_GE(keeping, 3);
}

// The rule on a selection: the opening heading goes when another kept block follows it, and stays
// when it is all the content.
TEST(Headline, AHeadlineThatIsAllTheContentStays) {
  for (const bool alone : {true, false}) {
    dom::Document doc;
    dom::Parse(std::string("<body><h1>Breakwater budget approved</h1>") + (alone ? "" : "<p>The board met.</p>") +
                   "</body>",
               {}, &doc);
    dom::Annotation ann;
    dom::Annotate(doc, &ann);
    Options o;
    o.headline = false;
    algo::Selection sel;
    sel.Reset(doc.size());
    for (dom::NodeId id = 0; id < doc.size(); ++id) sel.keep[id] = doc[id].is_text() ? algo::kKeptContent : 0;
    algo::LeaveOutHeadline(algo::Context{doc, ann, o}, &sel);
    std::string text;
    for (const Block& b : render::CollectBlocks(doc, sel.keep)) text += b.text + "|";
    EXPECT_EQ(text, alone ? "Breakwater budget approved|" : "The board met.|");
    EXPECT_EQ(sel.decisions.size(), alone ? 0u : 1u);
  }
}

// Blocks of a page whose comment section is marked algo::kKeptComment: marked blocks are comments,
// and a comment's text never joins a content block, even inside one element.
TEST(Comments, MarkedTextMakesCommentBlocks) {
  dom::Document doc;
  dom::Parse("<body><div><p>The story.</p><span>Its last words</span><span>A reader's comment</span></div>"
             "<div class=comments><p>Another comment.</p></div></body>",
             {}, &doc);
  std::vector<std::uint8_t> keep(doc.size(), 0);
  bool in_comments = false;
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    if (!doc[id].is_text()) continue;
    const std::string_view t = doc.Text(id);
    in_comments = in_comments || t.find("comment") != std::string_view::npos;
    keep[id] = in_comments ? algo::kKeptComment : algo::kKeptContent;
  }
  const std::vector<Block> blocks = render::CollectBlocks(doc, keep);
  ASSERT_EQ(blocks.size(), 4u);
  EXPECT_EQ(blocks[0].text, "The story.");
  EXPECT_FALSE(blocks[0].comment);
  EXPECT_EQ(blocks[1].text, "Its last words");
  EXPECT_FALSE(blocks[1].comment);
  EXPECT_EQ(blocks[2].text, "A reader's comment");
  EXPECT_TRUE(blocks[2].comment);
  EXPECT_TRUE(blocks[3].comment);
  Result r;
  r.blocks = blocks;
  EXPECT_EQ(r.MainText(), "The story.\n\nIts last words");
  EXPECT_EQ(r.CommentsText(), "A reader's comment\n\nAnother comment.");
  EXPECT_EQ(r.Text(), r.MainText() + "\n\n" + r.CommentsText());
  // JSON: "text" without the comments, "comments" with them, and each comment block marked.
  const nlohmann::json j = render::ToJson(r, "page.html", /*blocks=*/true);
  EXPECT_EQ(j["text"], r.MainText());
  EXPECT_EQ(j["comments"], r.CommentsText());
  EXPECT_FALSE(j["blocks"][0].contains("comment"));
  EXPECT_EQ(j["blocks"][2]["comment"], true);
  // Without comment blocks there is no "comments" field.
  r.blocks.resize(2);
  EXPECT_FALSE(render::ToJson(r, "page.html").contains("comments"));
}

TEST(ContentOptions, CliFlags) {
  testing::TempDir dir;
  const auto page = dir.path() / "page.html";
  testing::WriteFile(page, "<html><body><article><h1>Breakwater budget approved</h1>" + kParagraphs +
                               "</article></body></html>");
  const testing::RunResult with = testing::RunPith("extract " + page.string());
  ASSERT_EQ(with.exit_code, 0) << with.err;
  EXPECT_NE(with.out.find("Breakwater budget approved"), std::string::npos) << with.out;
  const testing::RunResult without = testing::RunPith("extract --no-headline " + page.string());
  ASSERT_EQ(without.exit_code, 0) << without.err;
  EXPECT_EQ(without.out.find("Breakwater budget approved"), std::string::npos) << without.out;
  EXPECT_NE(without.out.find("The harbour board approved"), std::string::npos) << without.out;
  // --comments is accepted by every subcommand that runs an algorithm.
  EXPECT_EQ(testing::RunPith("extract --comments " + page.string()).exit_code, 0);
}

}  // namespace
}  // namespace pith
