// The tool's flags from the table of options (batch/option_table.h): every subcommand that runs an
// algorithm registers the groups it takes, so that names, help, defaults and checks are the table's.
#include <string>

#include "commands.h"

namespace pith::cli {

void AddTableFlags(CLI::App* cmd, batch::Settings& settings, std::initializer_list<batch::OptionGroup> groups,
                   batch::Front front) {
  using batch::OptionKind;
  for (const batch::OptionSpec& spec : batch::OptionTable()) {
    if (!(spec.fronts & front) || std::find(groups.begin(), groups.end(), spec.group) == groups.end()) continue;
    const std::string name = spec.short_flag ? std::string("-") + spec.short_flag + ",--" + spec.flag : "--" + spec.flag;
    const std::string flag = "--" + spec.flag;
    const batch::OptionSpec* s = &spec;
    CLI::Option* opt = nullptr;
    if (spec.kind == OptionKind::kFlag) {
      opt = cmd->add_flag_function(
          name, [s, &settings](std::int64_t) { batch::SetOption(*s, settings, {}); }, batch::HelpText(spec));
    } else {
      opt = cmd->add_option(
          name,
          [s, &settings, flag](const CLI::results_t& values) {
            if (const std::string bad = batch::SetOption(*s, settings, values); !bad.empty()) {
              throw CLI::ValidationError(flag, bad);
            }
            return true;
          },
          batch::HelpText(spec));
      switch (spec.kind) {
        case OptionKind::kBool: opt->type_name("BOOLEAN"); break;
        case OptionKind::kInt: opt->type_name("INT"); break;
        case OptionKind::kBytes: opt->type_name("UINT"); break;
        case OptionKind::kNumber: opt->type_name("FLOAT"); break;
        case OptionKind::kChoice: {
          std::string list;
          for (const std::string& c : spec.choices) list += (list.empty() ? "" : ",") + c;
          opt->type_name("TEXT:{" + list + "}");
          break;
        }
        default: opt->type_name("TEXT"); break;
      }
      if (spec.kind == OptionKind::kList) opt->expected(static_cast<int>(spec.min_items), -1)->allow_extra_args();
    }
    if (spec.group == batch::OptionGroup::kOnline) opt->group("Online mode (URL arguments or --urls)");
  }
}

}  // namespace pith::cli
