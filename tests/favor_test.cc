// `--favor precision|recall` (AutoOptions::favor, src/algo/auto/favor.cc): the same decisions of
// `auto` with their thresholds shifted, on small real-shaped pages where balanced extraction sits
// between the two; the names and the CLI flag.
#include <gtest/gtest.h>

#include <string>

#include "pith/pith.h"
#include "test_util.h"

namespace pith {
namespace {

std::string Extract(const std::string& html, Favor favor) {
  Options o;
  o.automatic.favor = favor;
  const Result r = Extractor(o).Extract(html);
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return r.Text();
}

std::string Story() {
  std::string s;
  for (int i = 0; i < 6; ++i) {
    s += "<p>The harbour board approved the budget for the new breakwater on Monday evening, after a long "
         "debate about the cost and the schedule of the works.</p>";
  }
  return s;
}

TEST(Favor, PrecisionDropsShortLinesAfterTheLastParagraphOnEveryPage) {
  // An English story ending with a photo credit and a filing line. Balanced keeps them (English
  // news truths keep reporter credits; only CJK pages lose their credit lines); precision lets the
  // credit-line trim of the content's end run on every page.
  const std::string html = "<html><body><div class=story><h1>Breakwater budget approved</h1>" + Story() +
                           "<p>Photo by Jane Doe</p><p>Filed under Harbour news</p></div></body></html>";
  const std::string balanced = Extract(html, Favor::kBalanced);
  EXPECT_NE(balanced.find("Filed under Harbour news"), std::string::npos) << balanced;
  const std::string precise = Extract(html, Favor::kPrecision);
  EXPECT_EQ(precise.find("Filed under Harbour news"), std::string::npos) << precise;
  EXPECT_EQ(precise.find("Photo by Jane Doe"), std::string::npos) << precise;
  EXPECT_NE(precise.find("approved the budget for the new breakwater"), std::string::npos) << precise;
}

TEST(Favor, RecallKeepsAnOpeningLineThatBalancedTakesForAByline) {
  // A 63-character opening line without a sentence mark: under the balanced byline length (80
  // weighted characters) it goes as a byline; recall halves that length and keeps it.
  const std::string html =
      "<html><body><div class=story><p>Harbour correspondent notes from the evening session of the board</p>" +
      Story() + "</div></body></html>";
  const std::string balanced = Extract(html, Favor::kBalanced);
  EXPECT_EQ(balanced.find("Harbour correspondent notes"), std::string::npos) << balanced;
  const std::string recalled = Extract(html, Favor::kRecall);
  EXPECT_NE(recalled.find("Harbour correspondent notes"), std::string::npos) << recalled;
}

TEST(Favor, NamesAndFlag) {
  for (Favor f : {Favor::kBalanced, Favor::kPrecision, Favor::kRecall}) {
    Favor parsed = Favor::kBalanced;
    ASSERT_TRUE(ParseFavor(FavorName(f), &parsed));
    EXPECT_EQ(parsed, f);
  }
  Favor f = Favor::kRecall;
  EXPECT_FALSE(ParseFavor("fast", &f));
  EXPECT_EQ(f, Favor::kRecall);  // untouched
  EXPECT_EQ(Options().automatic.favor, Favor::kBalanced);

  testing::TempDir dir;
  const auto page = dir.path() / "page.html";
  testing::WriteFile(page, "<html><body><div class=story>" + Story() +
                               "<p>Photo by Jane Doe</p><p>Filed under Harbour news</p></div></body></html>");
  const auto precise = testing::RunPith("extract --favor precision " + page.string());
  EXPECT_EQ(precise.exit_code, 0) << precise.err;
  EXPECT_EQ(precise.out.find("Filed under Harbour news"), std::string::npos) << precise.out;
  const auto balanced = testing::RunPith("extract --favor balanced " + page.string());
  EXPECT_NE(balanced.out.find("Filed under Harbour news"), std::string::npos) << balanced.out;
  const auto bad = testing::RunPith("extract --favor fast " + page.string());
  EXPECT_NE(bad.exit_code, 0);
}

}  // namespace
}  // namespace pith
