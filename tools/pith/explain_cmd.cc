// `pith explain PAGE -o report.html`: one page through the pipeline, then a self-contained HTML
// report of what the algorithm decided (src/render/explain.h).
#include <iostream>
#include <memory>

#include "commands.h"
#include "one_page.h"
#include "render/explain.h"

namespace pith::cli {
namespace {

struct ExplainArgs {
  std::string path;
  std::string out;
  batch::Settings settings;  // --url, the algorithm's options, --site-pages / --site-model
};

int RunExplain(const ExplainArgs& a) {
  OnePage page;
  if (const int rc = RunOnePage("pith explain", a.path, a.settings, &page); rc != kExitOk) return rc;
  const std::string report = render::ExplainHtml(page.state, page.result, page.options, page.name);
  if (a.out.empty() || a.out == "-") {
    std::cout << report << std::flush;
    if (std::cout) return kExitOk;
  } else if (WriteFileBytes(a.out, report)) {
    return kExitOk;
  }
  std::cerr << "pith explain: cannot write " << a.out << "\n";
  return kExitFatal;
}

}  // namespace

void RegisterExplain(CLI::App& root, int& exit_code) {
  auto args = std::make_shared<ExplainArgs>();
  CLI::App* cmd = root.add_subcommand(
      "explain",
      "Show what the algorithm decided on one page: a self-contained HTML report (no scripts, no\n"
      "network) listing every text block in document order as kept or removed, with the algorithm's\n"
      "score and reason, the metadata found, the encoding decision and a summary line.\n"
      "Example: pith explain page.html --algorithm lineblock -o report.html");
  cmd->add_option("page", args->path, "the HTML file, or - for stdin")->required();
  cmd->add_option("-o,--output", args->out, "write the report here (default: stdout)");
  cmd->add_option("--url", args->settings.url, "the page's URL (for metadata: canonical URL, date in the URL)");
  AddTableFlags(cmd, args->settings, {batch::OptionGroup::kAlgorithm, batch::OptionGroup::kSite});
  cmd->callback([args, &exit_code]() { exit_code = RunExplain(*args); });
}

}  // namespace pith::cli
