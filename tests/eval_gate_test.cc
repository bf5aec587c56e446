// The accuracy gate: every algorithm's scores on a fixed fast subset of ../shared/data (the first
// `limit` pages of each set) must not fall below the checked-in floors in tests/eval_baseline.json
// by more than `tolerance`. Lowering a floor is an explicit edit of that file, with the reason in
// the commit. Regenerate it with
//   PITH_UPDATE_BASELINE=1 build/pith_tests --gtest_filter=EvalGate.*
// The full-corpus evaluation is `scripts/eval.sh` (not part of the test suite: it takes minutes).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "test_util.h"

namespace pith {
namespace {

using nlohmann::json;

// The scores the gate watches for one set of an eval JSON: shingle F1 and char F for full-text
// sets, snippet F1 for snippet sets, and the share of titles, authors and dates found right where
// the truth names them.
json SetScores(const json& set) {
  json out = json::object();
  if (set.contains("shingle") && set["shingle"].is_object() && set["shingle"].value("pages", 0) > 0) {
    out["shingle_f1"] = set["shingle"]["f1"];
    out["char_f"] = set["char"]["f1"];
  }
  if (set.contains("snippets") && set["snippets"].is_object() && set["snippets"].value("pages", 1) > 0 &&
      set["snippets"].contains("f1")) {
    out["snippet_f1"] = set["snippets"]["f1"];
  }
  if (set.contains("metadata") && set["metadata"].is_object()) {
    for (const char* field : {"title", "author", "date"}) {
      if (set["metadata"].contains(field)) out[std::string(field) + "_accuracy"] = set["metadata"][field]["accuracy"];
    }
  }
  return out;
}

json RunEval(const std::string& algorithm, int limit) {
  testing::TempDir dir;
  const auto out = dir.path() / "eval.json";
  const auto r = testing::RunPith("eval --data " + std::string(PITH_SHARED_DATA) + " --algorithm " + algorithm +
                                  " --limit " + std::to_string(limit) + " --json " + out.string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  json result = json::object();
  const json j = json::parse(testing::ReadFile(out), nullptr, false);
  if (j.is_discarded()) return result;
  for (const json& set : j["sets"]) {
    const json scores = SetScores(set);
    if (!scores.empty()) result[set["name"].get<std::string>()] = scores;
  }
  return result;
}

TEST(EvalGate, NoSetFallsBelowItsBaseline) {
  if (!std::filesystem::exists(PITH_SHARED_DATA)) GTEST_SKIP() << "no corpus at " << PITH_SHARED_DATA;
  const auto path = std::filesystem::path(PITH_TEST_DIR) / "eval_baseline.json";
  json baseline = json::parse(testing::ReadFile(path), nullptr, false);
  ASSERT_FALSE(baseline.is_discarded()) << path;
  const int limit = baseline["limit"];
  const double tolerance = baseline["tolerance"];
  const bool update = std::getenv("PITH_UPDATE_BASELINE") != nullptr;
  for (auto& [algorithm, floors] : baseline["algorithms"].items()) {
    const json now = RunEval(algorithm, limit);
    if (update) {
      floors = now;
      continue;
    }
    ASSERT_FALSE(floors.empty()) << algorithm;
    for (const auto& [set, metrics] : floors.items()) {
      ASSERT_TRUE(now.contains(set)) << algorithm << " has no score for " << set;
      for (const auto& [metric, floor] : metrics.items()) {
        const double value = now[set][metric];
        EXPECT_GE(value, floor.get<double>() - tolerance)
            << algorithm << " / " << set << " / " << metric << " fell from " << floor << " to " << value;
      }
    }
  }
  if (update) std::ofstream(path) << baseline.dump(2) << "\n";
}

}  // namespace
}  // namespace pith
