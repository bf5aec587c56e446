// `auto`'s headline (step 6, src/algo/auto/ends.cc): without a heading before the content, the
// block that is the page's title is the headline, however it is marked up.
#include <gtest/gtest.h>

#include <string>

#include "pith/pith.h"
#include "test_util.h"

namespace pith {
namespace {

std::string ExtractAuto(const std::string& html) { return testing::ExtractOk(html).Text(); }

std::string Story() {
  std::string s;
  for (int i = 0; i < 5; ++i) {
    s += "<p>The harbour board approved the budget for the new breakwater on Monday evening, after a long "
         "debate about the cost of steel.</p>";
  }
  return s;
}

TEST(AutoHeadline, ABlockThatIsThePagesTitleIsTheHeadline) {
  // A portal's layout: the headline in a table cell above the story's cell, the <title> the
  // headline and the site's name. A cell of the same layout that is not the title stays out.
  const std::string html =
      "<html><head><title>Breakwater budget approved_Harbour News</title></head><body><table><tr><td "
      "class=nav><a href=/>Home</a></td></tr><tr><td class=biaoti>Breakwater budget approved</td></tr><tr><td "
      "class=info>Source: the harbour office</td></tr><tr><td class=text>" + Story() +
      "</td></tr></table></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_EQ(out.rfind("Breakwater budget approved\n\n", 0), 0u) << out;
  EXPECT_EQ(out.find("harbour office"), std::string::npos) << out;
}

TEST(AutoHeadline, AHeadingStillWins) {
  // An <h1> beside the content is the headline; a block matching the title elsewhere is not added.
  const std::string html =
      "<html><head><title>Breakwater budget approved | Harbour News</title></head><body><div class=crumbs>"
      "<span>Breakwater budget approved</span></div><div class=story><h1>Budget approved</h1>" + Story() +
      "</div></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_EQ(out.rfind("Budget approved\n\n", 0), 0u) << out;
  EXPECT_EQ(out.find("Breakwater budget approved"), std::string::npos) << out;
}

}  // namespace
}  // namespace pith
