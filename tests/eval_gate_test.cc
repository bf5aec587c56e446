// The accuracy gate: each algorithm's scores on ../shared/data, set by set and page by page, must not
// fall below the floors checked in as tests/eval_baseline.json:
//   - set means (shingle F1, char F, snippet F1, and on a set with Markdown truth each structure
//     column of the Markdown and its overall) by more than tolerance.set; the metadata rates
//     (title, author, date found as the truth names them) not at all;
//   - each page's score by more than tolerance.page: shingle F1 where the page has text truth, else
//     the share of its snippets scored right; a page of a set without truth (gne-zh-pages) must
//     still yield text, at least tolerance.smoke of the bytes it yielded;
//   - for auto, each page's title, author and date that were right stay right.
// `limits` says how many pages of each set an algorithm runs on (the first N in index order, 0 =
// all): auto runs on every page, the paper algorithms on the first 100 (every page of the small
// sets). Floors are the measured values: the baseline is rewritten only by scripts/update_baseline.sh
// (PITH_UPDATE_BASELINE=1), which prints every set and page that went down, so that lowering a
// floor is a visible edit of that file with its reason in the commit. The full evaluation with
// tables is scripts/eval.sh.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"

namespace pith {
namespace {

using nlohmann::json;

// 3 decimals per page keep the baseline readable; the page tolerance is far above the rounding.
double Round(double x, double scale) { return std::round(x * scale) / scale; }

// The set means the gate watches: shingle F1 and char F for full-text sets, snippet F1 for snippet
// sets, the share of titles, authors and dates found right where the truth names them, and the
// number of pages (a set that changes size needs a new baseline, not a silent comparison).
json SetScores(const json& set) {
  json out = json::object();
  out["pages"] = set["pages"];
  if (set.value("text_truth_pages", 0) > 0 && set["shingle"].is_object()) {
    out["shingle_f1"] = set["shingle"]["f1"];
    out["char_f"] = set["char"]["f1"];
  }
  if (set.value("snippet_truth_pages", 0) > 0 && set["snippets"].is_object() && set["snippets"].contains("f1")) {
    out["snippet_f1"] = set["snippets"]["f1"];
  }
  if (set.contains("metadata") && set["metadata"].is_object()) {
    for (const char* field : {"title", "author", "date"}) {
      if (set["metadata"].contains(field)) out[std::string(field) + "_accuracy"] = set["metadata"][field]["accuracy"];
    }
  }
  // A set with Markdown truth (struct-dev): the structure metrics of the Markdown, each column's
  // mean and the overall, under the set tolerance like the text means.
  if (set.contains("structure") && set["structure"].is_object()) {
    const json& st = set["structure"];
    for (const auto& [column, mean] : st["means"].items()) {
      if (mean.is_number()) out["structure_" + column] = mean;
    }
    if (st["overall"].is_number()) out["structure_overall"] = st["overall"];
  }
  return out;
}

// One page's score: shingle F1 with text truth, else the share of snippets right, else (no truth)
// the bytes of text it yielded, -1 for an error.
json PageScore(const json& page) {
  if (page.value("error", false)) return -1;
  if (page.contains("shingle")) return Round(page["shingle"]["f1"].get<double>(), 1e3);
  if (page.contains("snippets")) {
    const json& s = page["snippets"];
    const double all = s["tp"].get<double>() + s["fp"].get<double>() + s["fn"].get<double>() + s["tn"].get<double>();
    return all > 0 ? Round((s["tp"].get<double>() + s["tn"].get<double>()) / all, 1e3) : 1.0;
  }
  return page.value("output_bytes", 0);
}

// The metadata fields a page got right: "t" title, "a" author, "d" date.
std::string MetadataRight(const json& page) {
  std::string right;
  if (!page.contains("metadata")) return right;
  const json& m = page["metadata"];
  if (m.contains("title") && m["title"].value("exact", false)) right += 't';
  if (m.contains("author") && m["author"].value("exact", false)) right += 'a';
  if (m.contains("date") && m["date"].value("same_day", false)) right += 'd';
  return right;
}

struct Measured {
  json sets = json::object();   // algorithm → set → scores
  json pages = json::object();  // "set/id" → {algorithm: score, "meta": "tad"}
  std::map<std::string, bool> truthless;  // "set/id" → the page has no truth (smoke check)
};

void RunEval(const std::string& algorithm, int limit, Measured* m) {
  testing::TempDir dir;
  const auto out = dir.path() / "eval.json";
  const auto r = testing::RunPith("eval --data " + std::string(PITH_SHARED_DATA) + " --algorithm " + algorithm +
                                  " --limit " + std::to_string(limit) + " --per-page --json " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(testing::ReadFile(out), nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << "eval JSON of " << algorithm;
  for (const json& set : j["sets"]) {
    const std::string name = set["name"];
    m->sets[algorithm][name] = SetScores(set);
    for (const json& page : set["page_results"]) {
      const std::string key = name + "/" + page["id"].get<std::string>();
      m->pages[key][algorithm] = PageScore(page);
      const std::string right = MetadataRight(page);
      if (algorithm == "auto" && !right.empty()) m->pages[key]["meta"] = right;
      m->truthless[key] = !page.contains("shingle") && !page.contains("snippets");
    }
  }
}

// What went down from `floor` to `now` (both in the baseline's shape), one line each; `every_fall` lists
// every fall, else only falls past the tolerances (the gate's failures).
std::vector<std::string> Falls(const json& floor, const json& now, const std::map<std::string, bool>& truthless,
                               bool every_fall) {
  const double set_tol = every_fall ? 0 : floor["tolerance"]["set"].get<double>();
  const double page_tol = every_fall ? 0 : floor["tolerance"]["page"].get<double>();
  const double smoke = every_fall ? 1 : floor["tolerance"]["smoke"].get<double>();
  std::vector<std::string> falls;
  auto line = [&](const std::string& what, const json& was, const json& is) {
    falls.push_back(what + ": " + was.dump() + " -> " + is.dump());
  };
  for (const auto& [algorithm, sets] : floor["sets"].items()) {
    for (const auto& [set, metrics] : sets.items()) {
      const std::string where = algorithm + " / " + set;
      if (!now["sets"].contains(algorithm) || !now["sets"][algorithm].contains(set)) {
        falls.push_back(where + ": not evaluated");
        continue;
      }
      const json& is = now["sets"][algorithm][set];
      for (const auto& [metric, was] : metrics.items()) {
        if (!is.contains(metric)) {
          falls.push_back(where + " / " + metric + ": no longer measured");
        } else if (metric == "pages") {
          if (is[metric] != was) line(where + " / pages", was, is[metric]);
        } else {
          const bool metadata = metric.ends_with("_accuracy");
          if (is[metric].get<double>() < was.get<double>() - (metadata ? 1e-9 : set_tol)) {
            line(where + " / " + metric, was, is[metric]);
          }
        }
      }
    }
  }
  for (const auto& [page, scores] : floor["pages"].items()) {
    if (!now["pages"].contains(page)) {
      falls.push_back(page + ": not evaluated");
      continue;
    }
    const json& is = now["pages"][page];
    for (const auto& [algorithm, was] : scores.items()) {
      if (!is.contains(algorithm) && algorithm != "meta") {
        falls.push_back(page + " / " + algorithm + ": not evaluated");
      } else if (algorithm == "meta") {
        const std::string right = is.value("meta", "");
        for (char field : was.get<std::string>()) {
          if (right.find(field) == std::string::npos) {
            line(page + " / " + (field == 't' ? "title" : field == 'a' ? "author" : "date") + " right", was, right);
          }
        }
      } else {
        const double w = was.get<double>(), n = is[algorithm].get<double>();
        const auto t = truthless.find(page);
        const bool fell = t != truthless.end() && t->second ? n < 0 || n < smoke * w : n < w - page_tol;
        if (fell) line(page + " / " + algorithm, was, is[algorithm]);
      }
    }
  }
  return falls;
}

// The baseline with one page per line, so that a changed floor is a one-line diff.
std::string Format(const json& baseline) {
  std::ostringstream out;
  out << "{\n\"limits\": " << baseline["limits"].dump() << ",\n\"tolerance\": " << baseline["tolerance"].dump()
      << ",\n\"sets\": " << baseline["sets"].dump(1) << ",\n\"pages\": {\n";
  bool first = true;
  for (const auto& [page, scores] : baseline["pages"].items()) {
    out << (first ? "" : ",\n") << json(page).dump() << ": " << scores.dump();
    first = false;
  }
  out << "\n}\n}\n";
  return out.str();
}

TEST(EvalGate, NoSetOrPageFallsBelowItsBaseline) {
  if (!std::filesystem::exists(PITH_SHARED_DATA)) GTEST_SKIP() << "no corpus at " << PITH_SHARED_DATA;
  const auto path = std::filesystem::path(PITH_TEST_DIR) / "eval_baseline.json";
  const json floor = json::parse(testing::ReadFile(path), nullptr, false);
  ASSERT_FALSE(floor.is_discarded()) << path;
  ASSERT_FALSE(floor["limits"].empty());
  Measured m;
  for (const auto& [algorithm, limit] : floor["limits"].items()) {
    RunEval(algorithm, limit.get<int>(), &m);
    if (HasFatalFailure()) return;
  }
  json now = floor;
  now["sets"] = m.sets;
  now["pages"] = m.pages;

  if (std::getenv("PITH_UPDATE_BASELINE") != nullptr) {
    // The explicit rewrite: every set and page that went down is printed for the commit message.
    const std::vector<std::string> down = Falls(floor, now, m.truthless, /*every_fall=*/true);
    std::printf("%zu scores went down:\n", down.size());
    for (const std::string& d : down) std::printf("  %s\n", d.c_str());
    std::ofstream(path) << Format(now);
    std::printf("wrote %s\n", path.c_str());
    return;
  }
  std::size_t new_pages = 0;
  for (const auto& [page, scores] : now["pages"].items()) new_pages += !floor["pages"].contains(page);
  if (new_pages > 0) std::printf("%zu pages have no floor yet (scripts/update_baseline.sh adds them)\n", new_pages);
  const std::vector<std::string> falls = Falls(floor, now, m.truthless, /*every_fall=*/false);
  std::string list;
  for (const std::string& f : falls) list += "\n  " + f;
  EXPECT_TRUE(falls.empty()) << falls.size() << " scores fell below tests/eval_baseline.json (set tolerance "
                             << floor["tolerance"]["set"] << ", page tolerance " << floor["tolerance"]["page"]
                             << "); lowering a floor is an explicit scripts/update_baseline.sh:" << list;
}

// The gate's own arithmetic on a hand-made baseline: a page that loses more than the page
// tolerance fails even when its set's mean holds; a lost title fails; a truthless page that stops
// yielding text fails; falls within the tolerances pass.
TEST(EvalGate, FallsPastTheTolerancesAreListed) {
  const json floor = json::parse(R"({
    "limits": {"auto": 0},
    "tolerance": {"set": 0.002, "page": 0.05, "smoke": 0.5},
    "sets": {"auto": {"s": {"pages": 3, "shingle_f1": 0.9, "title_accuracy": 0.5}}},
    "pages": {"s/a": {"auto": 0.9, "meta": "t"}, "s/b": {"auto": 0.8}, "z/c": {"auto": 1000}}})");
  json now = floor;
  const std::map<std::string, bool> truthless = {{"s/a", false}, {"s/b", false}, {"z/c", true}};
  EXPECT_TRUE(Falls(floor, now, truthless, false).empty());
  now["sets"]["auto"]["s"]["shingle_f1"] = 0.899;  // within the set tolerance
  now["pages"]["s/a"]["auto"] = 0.86;              // within the page tolerance
  now["pages"]["z/c"]["auto"] = 500;               // half the text: still yields text
  EXPECT_TRUE(Falls(floor, now, truthless, false).empty());
  EXPECT_EQ(Falls(floor, now, truthless, true).size(), 3u);  // the rewrite lists every fall

  now["pages"]["s/b"]["auto"] = 0.74;  // one page past the page tolerance
  now["pages"]["s/a"].erase("meta");   // the title lost
  now["pages"]["z/c"]["auto"] = 499;   // under half the text
  const std::vector<std::string> falls = Falls(floor, now, truthless, false);
  ASSERT_EQ(falls.size(), 3u);
  EXPECT_EQ(falls[0], "s/a / title right: \"t\" -> \"\"");
  EXPECT_EQ(falls[1], "s/b / auto: 0.8 -> 0.74");
  EXPECT_EQ(falls[2], "z/c / auto: 1000 -> 499");

  now = floor;
  now["sets"]["auto"]["s"]["title_accuracy"] = 0.49;  // metadata rates have no tolerance
  now["sets"]["auto"]["s"]["pages"] = 2;
  now["pages"].erase("s/b");
  EXPECT_EQ(Falls(floor, now, truthless, false),
            (std::vector<std::string>{"auto / s / pages: 3 -> 2", "auto / s / title_accuracy: 0.5 -> 0.49",
                                      "s/b: not evaluated"}));
}

// A set with Markdown truth gets a floor for each structure column that has a value and for the
// overall; a column without pages (null) gets none.
TEST(EvalGate, StructureColumnsAreSetScores) {
  const json set = json::parse(R"({"pages": 2, "text_truth_pages": 0, "snippet_truth_pages": 0,
    "structure": {"means": {"lists": 0.9, "table": null}, "overall": 0.95, "pages": 2}})");
  EXPECT_EQ(SetScores(set), json::parse(R"({"pages": 2, "structure_lists": 0.9, "structure_overall": 0.95})"));
  const json plain = json::parse(R"({"pages": 1, "text_truth_pages": 0, "snippet_truth_pages": 0})");
  EXPECT_EQ(SetScores(plain), json::parse(R"({"pages": 1})"));
}

}  // namespace
}  // namespace pith
