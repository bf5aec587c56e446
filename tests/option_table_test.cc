// The table of options (batch/option_table.h): the tool's --help is the table's, each option sets
// its own field of Settings and no other, the checks are the same in every front end.
#include <regex>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "batch/option_table.h"
#include "test_util.h"

namespace pith::batch {
namespace {

using pith::testing::RunPith;

TEST(OptionTable, ToolHelpIsTheTable) {
  const auto help = RunPith("extract --help");
  ASSERT_EQ(help.exit_code, 0) << help.err;
  std::set<std::string> in_table;
  for (const OptionSpec& spec : OptionTable()) {
    if (!(spec.fronts & kTool)) continue;
    in_table.insert(spec.flag);
    const std::string line = (spec.short_flag ? std::string("-") + spec.short_flag + ",--" : "--") + spec.flag;
    EXPECT_NE(help.out.find(line), std::string::npos) << spec.flag;
    EXPECT_NE(help.out.find(HelpText(spec)), std::string::npos) << spec.flag;  // help and generated default
  }
  const std::regex flag(R"(\n\s+(?:-\w,)?--([a-z][a-z0-9-]*))");
  std::size_t listed = 0;
  for (auto it = std::sregex_iterator(help.out.begin(), help.out.end(), flag); it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[1];
    if (name == "help") continue;
    ++listed;
    EXPECT_TRUE(in_table.count(name)) << "--" << name << " is not in the table of options";
  }
  EXPECT_EQ(listed, in_table.size());
  // Defaults come from Settings{}: a generated one, and one shown in MiB.
  EXPECT_NE(help.out.find("lineblock: block thickness K in lines (default 3)"), std::string::npos);
  EXPECT_NE(help.out.find("largest input accepted, in bytes (default 64 MiB)"), std::string::npos);
}

// A value other than the default, within the option's checks.
std::vector<std::string> OtherValue(const OptionSpec& spec) {
  const std::string d = DefaultText(spec);
  switch (spec.kind) {
    case OptionKind::kFlag: return {};
    case OptionKind::kBool: return {d == "1" ? "0" : "1"};
    case OptionKind::kInt:
    case OptionKind::kBytes: {
      const long long v = std::stoll(d);
      if (spec.min < spec.max) return {std::to_string(v == static_cast<long long>(spec.max) ? v - 1 : v + 1)};
      return {std::to_string(v + 1)};
    }
    case OptionKind::kNumber: {
      const double v = std::stod(d);
      const double other = spec.min < spec.max ? (v == spec.min ? spec.max : spec.min) : v + 1;
      return {std::to_string(other)};
    }
    case OptionKind::kChoice:
      for (const std::string& c : spec.choices) {
        if (c != d) return {c};
      }
      return {};
    case OptionKind::kList: return {"a.html", "b.html"};
    case OptionKind::kText: return {spec.flag == "warc-types" ? "metadata" : "x"};
  }
  return {};
}

TEST(OptionTable, EachOptionSetsItsOwnFieldAndNoOther) {
  const Settings defaults;
  for (const OptionSpec& spec : OptionTable()) {
    if (spec.flag == "cc-preset") continue;  // sets the thresholds below it, and keeps no value itself
    Settings s;
    ASSERT_EQ(SetOption(spec, s, OtherValue(spec)), "") << spec.flag;
    for (const OptionSpec& other : OptionTable()) {
      const bool changed = other.get(s) != other.get(defaults);
      EXPECT_EQ(changed, &other == &spec) << "setting --" << spec.flag << (changed ? " changed --" : " left --")
                                          << other.flag;
    }
  }
  Settings s;
  SetOption(*FindOption("cc_preset"), s, {"uyghur"});
  EXPECT_EQ(s.options.correlation.cc_threshold, CorrelationOptions::Uyghur().cc_threshold);
}

TEST(OptionTable, ChecksAreTheSameInEveryFrontEnd) {
  const OptionSpec& thickness = *FindOption("lb_thickness");
  for (const Front front : {kTool, kPython, kServer}) {
    Settings s;
    const std::string bad = SetOptions({{&thickness, {"20"}}}, s, front);
    EXPECT_EQ(bad, (front == kTool ? "--lb-thickness" : "lb_thickness") + std::string(": 20 is not in 1..10"));
  }
  Settings s;
  EXPECT_NE(SetOption(thickness, s, {"3.5"}), "");
  EXPECT_NE(SetOption(*FindOption("lb_link_density"), s, {"nan"}), "");
  EXPECT_EQ(SetOption(*FindOption("lb_link_density"), s, {"1e-3"}), "");
  EXPECT_EQ(s.options.lineblock.max_line_link_density, 0.001);
  EXPECT_NE(SetOption(*FindOption("algorithm"), s, {"magic"}), "");
  EXPECT_NE(SetOption(*FindOption("warc_types"), s, {"metadata,nope"}), "");
  EXPECT_NE(SetOption(*FindOption("site_pages"), s, {"one.html"}), "");
  // The preset applies before the thresholds whatever the order they were given in.
  Settings p;
  EXPECT_EQ(SetOptions({{FindOption("cc_threshold"), {"5"}}, {FindOption("cc_preset"), {"uyghur"}}}, p, kPython), "");
  EXPECT_EQ(p.options.correlation.cc_threshold, 5);
  // Options that exclude or need each other.
  Settings both;
  both.site.model = "m.json";
  both.site.pages = {"a.html", "b.html"};
  EXPECT_EQ(CheckCombination(both, false, kPython), "site_model excludes site_pages");
  Settings links;
  links.links = true;
  EXPECT_EQ(CheckCombination(links, false, kTool), "--links needs --format markdown, or --format json/jsonl with --blocks");
  Settings explain;
  explain.explain = true;
  EXPECT_EQ(CheckCombination(explain, false, kTool), "");
  EXPECT_EQ(explain.format, "json");  // --explain implies JSON
}

TEST(OptionTable, TheServerTakesWhatShapesOneRecordOnly) {
  std::size_t served = 0;
  for (const OptionSpec& spec : OptionTable()) {
    if (!(spec.fronts & kServer)) continue;
    ++served;
    EXPECT_TRUE(spec.fronts & kPython) << spec.flag;  // a query parameter is a Python keyword too
    EXPECT_NE(spec.group, OptionGroup::kBatch) << spec.flag;
    EXPECT_NE(spec.group, OptionGroup::kSite) << spec.flag;  // site models are files
  }
  EXPECT_GT(served, 60u);
  for (const char* keyword : {"output", "jobs", "site_model", "site_pages", "summary", "max_bytes", "urls"}) {
    EXPECT_FALSE(FindOption(keyword)->fronts & kServer) << keyword;
  }
}

}  // namespace
}  // namespace pith::batch
