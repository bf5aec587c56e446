// `pith explain PAGE -o report.html`: one page through the pipeline, then a self-contained HTML
// report of what the algorithm decided (src/render/explain.h).
#include <fstream>
#include <iostream>
#include <memory>

#include "commands.h"
#include "core/pipeline.h"
#include "io/inputs.h"
#include "site_cmd.h"
#include "render/explain.h"

namespace pith::cli {
namespace {

struct ExplainArgs {
  std::string path;
  std::string out;
  std::string url;
  Options options;
  SiteArgs site;  // --site-pages / --site-model for pathsim (site_cmd.h)
};

// Writes `bytes` to `path`, or to stdout when path is "" or "-".
bool WriteOutput(const std::string& path, const std::string& bytes) {
  if (path.empty() || path == "-") {
    std::cout << bytes;
    std::cout.flush();
    return static_cast<bool>(std::cout);
  }
  std::ofstream f(path, std::ios::binary);
  f << bytes;
  return static_cast<bool>(f);
}

int RunExplain(const ExplainArgs& a) {
  const std::vector<io::InputItem> items = io::ExpandInputs({a.path}, false);
  if (items.size() != 1) {
    std::cerr << "pith explain: " << a.path << " must name one HTML file (or - for stdin)\n";
    return kExitUsage;
  }
  std::string bytes;
  Status s = io::ReadInput(items[0], a.options.max_input_bytes, &bytes);
  if (!s.ok()) {
    std::cerr << "pith explain: " << a.path << ": " << s.ToString() << "\n";
    return kExitSomeFailed;
  }
  Options options = a.options;
  SiteExtractors sites;  // loads or learns the site model of --site-pages / --site-model
  if (const int rc = sites.Prepare(a.site, a.url, items, options); rc != kExitOk) return rc;
  PageInfo info;
  info.url = a.url;
  core::PageState state;
  Result result;
  core::Run(bytes, info, options, &state, &result);
  if (!result.status.ok() && result.status.code() != StatusCode::kNoContent) {
    std::cerr << "pith explain: " << a.path << ": " << result.status.ToString() << "\n";
    return result.status.code() == StatusCode::kInvalidArgument ? kExitUsage : kExitSomeFailed;
  }
  if (!WriteOutput(a.out, render::ExplainHtml(state, result, options, items[0].name))) {
    std::cerr << "pith explain: cannot write " << a.out << "\n";
    return kExitFatal;
  }
  return kExitOk;
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
  cmd->add_option("--url", args->url, "the page's URL (for metadata: canonical URL, date in the URL)");
  AddAlgorithmFlags(cmd, args->options);
  AddSiteFlags(cmd, args->site);
  cmd->callback([args, &exit_code]() { exit_code = RunExplain(*args); });
}

}  // namespace pith::cli
