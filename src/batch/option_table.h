// The table of options: every option of `pith extract` once, with its tool flag, its Python keyword
// (which is also the server's query parameter), its group, its help text, its check, and the field
// of Settings (settings.h) it sets, whose initial value is the default every front end shows.
//
// The tool registers its flags from here (tools/pith/flags.cc), the Python module its keywords
// (python/src/options.cc) and `pith serve` its query parameters; tests/option_table_test.cc holds
// `pith extract --help` and the table together, python/tests the keywords.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "batch/settings.h"

namespace pith::batch {

enum class OptionKind : std::uint8_t {
  kFlag,    // present or not (Python: a bool)
  kBool,    // takes 1/0 (true/false, yes/no, on/off)
  kInt,     // an integer, maybe within [min, max]
  kBytes,   // a byte count (shown as "64 MiB" in help)
  kNumber,  // a real number, maybe within [min, max]
  kText,    // any text (a path, a charset label, a URL)
  kChoice,  // one of `choices`
  kList,    // several values (paths), at least `min_items`
};

// The groups of `pith.options()` and of the server's documentation.
enum class OptionGroup : std::uint8_t { kExtract, kBatch, kAlgorithm, kSite, kArchive, kOnline };
const char* OptionGroupName(OptionGroup g);  // "extract", "batch", "algorithm", "site", "archive", "online"

// Which front ends take an option.
enum Front : unsigned { kTool = 1, kPython = 2, kServer = 4 };

struct OptionSpec {
  std::string flag;     // the tool's long flag without "--": "lb-thickness"
  char short_flag = 0;  // 'a' for -a
  std::string keyword;  // Python keyword and server query parameter: the flag with '_' for '-'
  OptionGroup group = OptionGroup::kExtract;
  OptionKind kind = OptionKind::kText;
  unsigned fronts = kTool | kPython;
  std::string help;     // what it does; Help() adds the default
  std::vector<std::string> choices;  // kChoice
  double min = 0, max = 0;           // kInt, kBytes, kNumber: accepted range when min < max
  std::size_t min_items = 1;         // kList
  // The value in `settings` as text ("" = nothing to show: a flag not given, an empty text or
  // list; "1" for a flag given; a list's values joined by spaces), and a setter that checks the
  // values and stores them, returning "" or what is wrong with them.
  std::function<std::string(const Settings&)> get;
  std::function<std::string(Settings&, const std::vector<std::string>&)> set;
};

// Every option, in the order of `pith extract --help`.
const std::vector<OptionSpec>& OptionTable();
// The option of a keyword ("lb_thickness") or a long flag ("lb-thickness"); null if none.
const OptionSpec* FindOption(std::string_view name);

// The default as text (Settings{}'s value: "3", "0.5", "auto"; "" when there is none to show).
std::string DefaultText(const OptionSpec& spec);
// The help text with its default: "lineblock: block thickness K in lines (default 3)".
std::string HelpText(const OptionSpec& spec);
// How a front end names an option in messages: "--lb-thickness" (tool), "lb_thickness" (Python, server).
std::string NameFor(const OptionSpec& spec, Front front);

// Sets one option from its values (one for every kind but kList; none for a flag); returns "" or
// what is wrong, without the option's name ("20 is not in 1..10").
std::string SetOption(const OptionSpec& spec, Settings& settings, const std::vector<std::string>& values);

// Several options at once, applied in table order whatever order they were given in (so that
// --cc-preset comes before the thresholds it presets). Stops at the first error: "NAME: what".
struct GivenOption {
  const OptionSpec* spec;
  std::vector<std::string> values;
};
std::string SetOptions(std::vector<GivenOption> given, Settings& settings, Front front);

// What no single option can check: pairs of options that exclude or need each other (site model
// and site pages; links without markdown or JSON blocks; explain outside JSON). "" when they fit.
// `format_given`: the format was chosen (explain without one means JSON).
std::string CheckCombination(Settings& settings, bool format_given, Front front);

}  // namespace pith::batch
