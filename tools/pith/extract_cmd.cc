// `pith extract PATH...`: paper 001's offline mode (files, folders, stdin, web archives) and, for URL
// arguments, online mode (urls.h), through the one batch driver (batch/driver.h). Every input (and
// every archive record) yields exactly one record: its result, or an error record; the batch always
// goes on. This file keeps what is the tool's: flags, stderr, the --summary file and exit codes.
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <memory>

#include "batch/driver.h"
#include "batch/sinks.h"
#include "commands.h"
#include "io/inputs.h"
#include "render/formats.h"
#include "terminal.h"
#include "urls.h"

namespace pith::cli {
namespace {

struct ExtractArgs {
  std::vector<std::string> paths;
  batch::Settings settings;
  CLI::App* app = nullptr;  // to tell whether --format was given
};

void PrintLine(const std::string& line) { std::cerr << "pith: " << line << "\n"; }

// The exit code of a finished batch.
int ExitCode(const batch::Summary& summary) { return summary.ok() ? kExitOk : kExitSomeFailed; }

int RunExtract(ExtractArgs& a) {
  batch::Settings& s = a.settings;
  const bool format_given = a.app && a.app->count("--format") > 0;
  if (const std::string bad = batch::CheckCombination(s, format_given, batch::kTool); !bad.empty()) {
    PrintLine(bad);
    return kExitUsage;
  }
  if (WantsOnline(s, a.paths)) {
    if (s.explain || !s.site.pages.empty() || !s.site.model.empty()) {  // per page, as with archives
      PrintLine("--explain and site models are not available in online mode");
      return kExitUsage;
    }
    return RunOnline(s, a.paths);
  }
  if (a.paths.empty()) a.paths.push_back("-");
  const std::vector<io::InputItem> items = io::ExpandInputs(a.paths, s.recursive);
  batch::Plan plan;
  if (const Status st = batch::MakePlan(s, items, batch::kTool, &plan); !st.ok()) {
    PrintLine(st.message());
    return kExitUsage;
  }
  if (!s.out_dir.empty() && !MakeFolder(s.out_dir, "output folder")) return kExitFatal;
  std::shared_ptr<const Extractor> extractor;
  if (const Status st = batch::MakeExtractor(s, batch::kTool, PrintLine, &extractor); !st.ok()) {
    PrintLine(st.code() == StatusCode::kInvalidArgument ? st.message() : st.ToString());
    return st.code() == StatusCode::kInvalidArgument ? kExitUsage : kExitFatal;
  }
  batch::Runner runner(s, extractor, plan.mode);
  runner.PrepareSiteGroups(items, PrintLine);
  batch::FileSource source(items, plan, s);
  std::unique_ptr<batch::Sink> sink;
  if (s.out_dir.empty()) {
    sink = std::make_unique<batch::StreamSink>(std::cout, s, plan, PrintLine);
  } else {
    sink = std::make_unique<batch::FolderSink>(s.out_dir, s, plan, PrintLine);
  }
  TerminalObserver observer(plan, plan.mode == batch::Mode::kArchives && isatty(2) && !s.archive.no_progress);
  const batch::Summary summary = batch::RunBatch(runner, source, *sink, observer, s.jobs);
  if (plan.mode == batch::Mode::kArchives) {
    if (items.size() > 1) PrintLine("total: " + summary.total.Line());
    if (!s.archive.summary.empty()) {
      std::ofstream f(s.archive.summary, std::ios::binary);
      f << render::DumpJson({{"inputs", observer.per_input()}, {"total", summary.total.Json()}}, 2) << "\n";
      f.close();
      if (!f) {
        PrintLine("cannot write " + s.archive.summary);
        return kExitFatal;
      }
    }
  }
  return ExitCode(summary);
}

}  // namespace

void RegisterExtract(CLI::App& root, int& exit_code) {
  auto args = std::make_shared<ExtractArgs>();
  CLI::App* cmd = root.add_subcommand(
      "extract",
      "Extract main content from HTML files, folders of HTML files, web archives, URLs, or stdin (-).\n"
      "Text output separates paragraphs by blank lines (a <br> inside one is a line break); with\n"
      "several inputs on stdout each starts with '==> NAME <=='. Errors go to stderr (and, with -o,\n"
      "into NAME.error for text formats or into the JSON record).");
  cmd->add_option("paths", args->paths, "HTML files (.html.gz too), web archives (WARC/ARC, plain, .gz or .zst), folders "
                  "(every .html/.htm/.html.gz and archive file in them), URLs, or - for stdin");
  using G = batch::OptionGroup;
  AddTableFlags(cmd, args->settings, {G::kExtract, G::kBatch, G::kAlgorithm, G::kSite, G::kArchive, G::kOnline});
  args->app = cmd;
  cmd->callback([args, &exit_code]() { exit_code = RunExtract(*args); });
}

}  // namespace pith::cli
