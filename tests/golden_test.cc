// Golden pages: tests/pages/<case>/source.html must produce exactly expected.txt (main text, blocks
// separated by blank lines) with the algorithm named in an optional `algorithm` file (default:
// the default algorithm), and exactly expected.<algorithm>.txt with that algorithm, for each such
// file. An optional `url` file gives the page URL. To add a case, write source.html, run
// `build/pith extract [-a ALG] tests/pages/<case>/source.html > expected[.ALG].txt`, and read it
// before committing.
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
    PageInfo info;
    if (std::filesystem::exists(dir / "url")) info.url = Trimmed(testing::ReadFile(dir / "url"));
    const std::string source = testing::ReadFile(dir / "source.html");
    for (const auto& file : std::filesystem::directory_iterator(dir)) {
      const std::string name = file.path().filename().string();
      if (name.rfind("expected", 0) != 0 || file.path().extension() != ".txt") continue;
      Options options;
      const std::string middle = name.substr(8, name.size() - 8 - 4);  // "" or ".<algorithm>"
      if (!middle.empty()) {
        ASSERT_TRUE(ParseAlgorithm(middle.substr(1), &options.algorithm)) << file.path();
      } else if (std::filesystem::exists(dir / "algorithm")) {
        const std::string alg = Trimmed(testing::ReadFile(dir / "algorithm"));
        ASSERT_TRUE(ParseAlgorithm(alg, &options.algorithm)) << dir << ": " << alg;
      }
      ++cases;
      const Result r = Extractor(options).Extract(source, info);
      EXPECT_TRUE(r.status.ok()) << file.path() << ": " << r.status.ToString();
      EXPECT_EQ(Trimmed(r.Text()), Trimmed(testing::ReadFile(file.path()))) << file.path();
    }
  }
  EXPECT_GE(cases, 3);
}

}  // namespace
}  // namespace pith
