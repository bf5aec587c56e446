// Golden pages: tests/pages/<case>/source.html and truth.txt, the page's main content written by
// hand from what a reader sees (not from pith's output): one paragraph per line, blank lines between,
// "? " before a line a reader may or may not count as content (a byline, a post's author line), whose
// presence or absence is no gap. An optional `url` file gives the page URL.
// For each file gaps.<algorithm>.txt the algorithm runs on the page, and its output lines
// (whitespace collapsed) are aligned with the truth in order: the lines it outputs that are not
// content ("+ line") and the content lines it loses ("- line") must be exactly those the gaps file
// lists. An empty gaps file means the algorithm gets the page right. A listed gap is a known defect,
// not correct output: the test fails when a gap grows, and also when one closes, so that the list
// is shortened and the gap cannot come back unnoticed.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "pith/pith.h"
#include "test_util.h"

namespace pith {
namespace {

// Whitespace runs (ASCII, U+00A0, U+3000) become one space; leading and trailing ones go.
std::string Collapse(std::string_view s) {
  std::string out;
  bool space = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::size_t width = 0;
    if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\f' || s[i] == '\n') {
      width = 1;
    } else if (s.substr(i, 2) == "\xC2\xA0") {
      width = 2;
    } else if (s.substr(i, 3) == "\xE3\x80\x80") {
      width = 3;
    }
    if (width > 0) {
      space = !out.empty();
      i += width - 1;
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += s[i];
  }
  return out;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    line = Collapse(line);
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

struct TruthLine {
  std::string text;
  bool optional = false;
};

std::vector<TruthLine> ReadTruth(const std::filesystem::path& file) {
  std::vector<TruthLine> out;
  for (const std::string& line : Lines(testing::ReadFile(file))) {
    const bool optional = line.starts_with("? ");
    out.push_back({optional ? line.substr(2) : line, optional});
  }
  return out;
}

// The output's differences from the truth, in document order: "+ " lines output that are not in
// the truth, "- " truth lines (not optional) missing from the output. Aligned by the longest common
// subsequence, so that a line out of order counts as both.
std::vector<std::string> Gaps(const std::vector<std::string>& output, const std::vector<TruthLine>& truth) {
  const std::size_t n = output.size(), m = truth.size();
  std::vector<std::vector<std::size_t>> lcs(n + 1, std::vector<std::size_t>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t j = m; j-- > 0;) {
      lcs[i][j] = output[i] == truth[j].text ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::vector<std::string> gaps;
  std::size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && output[i] == truth[j].text) {
      ++i, ++j;
    } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      if (!truth[j].optional) gaps.push_back("- " + truth[j].text);
      ++j;
    } else {
      gaps.push_back("+ " + output[i]);
      ++i;
    }
  }
  return gaps;
}

TEST(Golden, OutputDiffersFromTheHandWrittenTruthOnlyByTheKnownGaps) {
  const std::filesystem::path root = std::filesystem::path(PITH_TEST_DIR) / "pages";
  int cases = 0, exact = 0;
  for (const auto& entry : std::filesystem::directory_iterator(root)) {
    const auto dir = entry.path();
    if (!std::filesystem::exists(dir / "source.html")) continue;
    ASSERT_TRUE(std::filesystem::exists(dir / "truth.txt")) << dir;
    const std::vector<TruthLine> truth = ReadTruth(dir / "truth.txt");
    PageInfo info;
    if (std::filesystem::exists(dir / "url")) info.url = Collapse(testing::ReadFile(dir / "url"));
    const std::string source = testing::ReadFile(dir / "source.html");
    for (const auto& file : std::filesystem::directory_iterator(dir)) {
      const std::string name = file.path().filename().string();
      if (!name.starts_with("gaps.") || file.path().extension() != ".txt") continue;
      Options options;
      const std::string algorithm = name.substr(5, name.size() - 5 - 4);
      ASSERT_TRUE(ParseAlgorithm(algorithm, &options.algorithm)) << file.path();
      ++cases;
      const Result r = Extractor(options).Extract(source, info);
      EXPECT_TRUE(r.status.ok()) << file.path() << ": " << r.status.ToString();
      const std::vector<std::string> gaps = Gaps(Lines(r.Text()), truth);
      const std::vector<std::string> known = Lines(testing::ReadFile(file.path()));
      exact += gaps.empty();
      std::string now;
      for (const std::string& g : gaps) now += g + "\n";
      EXPECT_TRUE(gaps == known) << file.path() << " lists other gaps than " << algorithm << " has now:\n" << now;
    }
  }
  EXPECT_GE(cases, 20);
  std::printf("%d page/algorithm cases, %d without a gap\n", cases, exact);
}

// The alignment on hand-made lines: boilerplate kept, content lost, an optional line either way,
// a line out of order.
TEST(Golden, GapsAreTheLinesAddedAndLostAgainstTheTruth) {
  const std::vector<TruthLine> truth = {{"Title", false}, {"By A. Writer", true}, {"One.", false}, {"Two.", false}};
  EXPECT_TRUE(Gaps({"Title", "By A. Writer", "One.", "Two."}, truth).empty());
  EXPECT_TRUE(Gaps({"Title", "One.", "Two."}, truth).empty());
  EXPECT_EQ(Gaps({"Home", "Title", "One.", "More from Local"}, truth),
            (std::vector<std::string>{"+ Home", "- Two.", "+ More from Local"}));
  EXPECT_EQ(Gaps({"Title", "Two.", "One."}, truth), (std::vector<std::string>{"- One.", "+ One."}));
  EXPECT_EQ(Lines("  a \xE3\x80\x80 b\xC2\xA0\n\n\tc  \n"), (std::vector<std::string>{"a b", "c"}));
}

}  // namespace
}  // namespace pith
