// Golden pages: tests/pages/<case>/source.html must produce exactly expected.txt (main text, blocks
// separated by blank lines). An optional `algorithm` file names the algorithm (default lineblock);
// an optional `url` file gives the page URL. To add a case, write source.html, run
// `build/pith extract tests/pages/<case>/source.html > expected.txt`, and read it before committing.
#include <gtest/gtest.h>

#include <filesystem>

#include "pith/pith.h"
#include "test_util.h"

namespace pith {
namespace {

std::string Trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

TEST(Golden, EveryPageMatchesItsExpectedText) {
  const std::filesystem::path root = std::filesystem::path(PITH_TEST_DIR) / "pages";
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(root)) {
    const auto dir = entry.path();
    if (!std::filesystem::exists(dir / "source.html")) continue;
    ++cases;
    Options options;
    if (std::filesystem::exists(dir / "algorithm")) {
      const std::string name = Trimmed(testing::ReadFile(dir / "algorithm"));
      ASSERT_TRUE(ParseAlgorithm(name, &options.algorithm)) << dir << ": " << name;
    }
    PageInfo info;
    if (std::filesystem::exists(dir / "url")) info.url = Trimmed(testing::ReadFile(dir / "url"));
    const Result r = Extractor(options).Extract(testing::ReadFile(dir / "source.html"), info);
    EXPECT_TRUE(r.status.ok()) << dir << ": " << r.status.ToString();
    EXPECT_EQ(Trimmed(r.Text()), Trimmed(testing::ReadFile(dir / "expected.txt"))) << dir;
  }
  EXPECT_GE(cases, 3);
}

}  // namespace
}  // namespace pith
