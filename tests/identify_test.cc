// `pith identify`: one record per input (text or JSON), the evidence fields, error records and exit
// codes, --text with legacy-font conversion, and the --tib- thresholds.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"

namespace pith {
namespace {

const std::string kFixtures = std::string(PITH_TEST_DIR) + "/fixtures/tibetan/html/";

std::vector<nlohmann::json> JsonLines(const std::string& out) {
  std::vector<nlohmann::json> records;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) records.push_back(nlohmann::json::parse(line));
  }
  return records;
}

TEST(IdentifyCli, JsonRecordPerPageWithEvidence) {
  const testing::RunResult r = testing::RunPith("identify --format json " + kFixtures + "bo-news-1.html " +
                                                kFixtures + "zh-news-1.html");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<nlohmann::json> records = JsonLines(r.out);
  ASSERT_EQ(records.size(), 2u) << r.out;
  const nlohmann::json& bo = records[0];
  EXPECT_EQ(bo["path"], kFixtures + "bo-news-1.html");
  EXPECT_EQ(bo["tibetan"], true);
  EXPECT_EQ(bo["encoding"], "unicode");
  EXPECT_EQ(bo["charset"], "utf-8");
  EXPECT_GT(bo["dots"].get<int>(), 100);
  EXPECT_GT(bo["syllables_fit"].get<int>(), 100);
  EXPECT_EQ(bo["max_syllable_length"], 7);
  EXPECT_NE(std::find(bo["fonts"].begin(), bo["fonts"].end(), "Microsoft Himalaya"), bo["fonts"].end());
  EXPECT_TRUE(bo.contains("reason"));
  const nlohmann::json& zh = records[1];
  EXPECT_EQ(zh["tibetan"], false);
  EXPECT_EQ(zh["charset"], "gbk");
  EXPECT_EQ(zh["dots"], 0);
}

TEST(IdentifyCli, TextFormatShowsDecisionAndEvidence) {
  const testing::RunResult r = testing::RunPith("identify " + kFixtures + "bo-legacy-tmw.html");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Tibetan (ascii-font)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("legacy: TMW"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("convertible"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("syllable dots:"), std::string::npos) << r.out;
}

TEST(IdentifyCli, UnreadableInputGivesErrorRecordAndExitCode) {
  testing::TempDir dir;
  testing::WriteFile(dir.path() / "empty.html", "");
  const testing::RunResult r = testing::RunPith("identify --format json /no/such/page.html " +
                                                (dir.path() / "empty.html").string() + " " + kFixtures +
                                                "bo-news-2.html");
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<nlohmann::json> records = JsonLines(r.out);
  ASSERT_EQ(records.size(), 3u) << r.out;
  EXPECT_EQ(records[0]["tibetan"], false);
  EXPECT_EQ(records[0]["error"]["code"], "io_error");
  EXPECT_EQ(records[1]["error"]["code"], "empty_input");
  EXPECT_EQ(records[2]["tibetan"], true);
  EXPECT_NE(r.err.find("/no/such/page.html"), std::string::npos);
}

TEST(IdentifyCli, TextOptionConvertsLegacyFonts) {
  const testing::RunResult r =
      testing::RunPith("identify --format json --text " + kFixtures + "bo-legacy-tcrc.html");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<nlohmann::json> records = JsonLines(r.out);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0]["converted"], true);
  const std::string text = records[0]["text"];
  const std::string truth = testing::ReadFile(std::string(PITH_TEST_DIR) + "/fixtures/tibetan/truth/bo-legacy-tcrc.txt");
  const std::string first_paragraph = truth.substr(truth.find("\n\n") + 2, 40);
  EXPECT_NE(text.find(first_paragraph), std::string::npos) << text;
}

TEST(IdentifyCli, ThresholdFlags) {
  // Demanding more fitting syllables than the page has turns the decision.
  const testing::RunResult r =
      testing::RunPith("identify --format json --tib-min-syllables 100000 " + kFixtures + "bo-news-1.html");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<nlohmann::json> records = JsonLines(r.out);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0]["tibetan"], false);
  EXPECT_EQ(testing::RunPith("identify --tib-fit-ratio 2 " + kFixtures + "bo-news-1.html").exit_code, 2);
}

}  // namespace
}  // namespace pith
