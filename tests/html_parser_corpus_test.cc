// pith's HTML parser against the MyHTML reference on every page of the development corpus: each page
// is decoded as the pipeline does and parsed by both; the Documents must be identical field by field
// (tests/parse_compare.h). Skips when the shared corpus (PITH_SHARED_DATA) is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "decode/decode.h"
#include "dom/parse.h"
#include "dom/parse_myhtml.h"
#include "parse_compare.h"
#include "test_util.h"

namespace pith::dom {
namespace {

namespace fs = std::filesystem;

TEST(HtmlParserCorpus, EveryPageParsesAsTheReferenceDoes) {
  const fs::path data(PITH_SHARED_DATA);
  if (!fs::is_directory(data)) GTEST_SKIP() << "no corpus at " << data;
  std::vector<fs::path> pages;
  for (const auto& set : fs::directory_iterator(data)) {
    if (!fs::is_directory(set.path() / "html")) continue;
    for (const auto& page : fs::directory_iterator(set.path() / "html")) {
      if (page.path().extension() == ".html") pages.push_back(page.path());
    }
  }
  std::sort(pages.begin(), pages.end());
  ASSERT_FALSE(pages.empty());

  std::size_t identical = 0;
  Document mine, reference;
  for (const fs::path& page : pages) {
    const std::string name = page.parent_path().parent_path().filename().string() + "/" + page.stem().string();
    decode::Decoded decoded;
    ASSERT_TRUE(decode::Decode(pith::testing::ReadFile(page), "", "", &decoded).ok()) << name;
    const Status a = Parse(decoded.utf8, ParseLimits{}, &mine);
    const Status b = ParseWithMyHtml(decoded.utf8, ParseLimits{}, &reference);
    ASSERT_EQ(a.code(), b.code()) << name << ": " << a.ToString() << " vs " << b.ToString();
    const std::string invariant = dom::testing::DocumentInvariantViolation(mine);
    EXPECT_EQ(invariant, "") << name;
    const std::string difference = dom::testing::DocumentDifference(mine, reference);
    if (difference.empty()) {
      ++identical;
    } else {
      ADD_FAILURE() << name << ": " << difference;
    }
  }
  std::printf("%zu of %zu pages identical\n", identical, pages.size());
  EXPECT_EQ(identical, pages.size());
}

}  // namespace
}  // namespace pith::dom
