// `pith eval`: score an algorithm against evaluation sets in ../shared/data's layout.
//
//   pith eval --data DIR [--algorithm A ... | --outputs SAVED] [--json OUT] [--limit N] [--pages IDS] [--per-page]
//
// DIR is one set (a folder with index.jsonl) or a folder of sets. With --outputs, no algorithm runs:
// each page's output is read from SAVED/<set>/<id>.txt (another tool's results, scored with the
// same metrics; a missing file is an empty output) and the speed columns print "-". Runs in process; the engine and
// the metric definitions live in src/eval/ (evaluate.h, metrics.h). Exit codes: 0 when it ran
// (scores are not judged here), 1 when some set could not be loaded but others ran, 3 when DIR holds
// no set or is unreadable, or the JSON file cannot be written.
#include <iostream>
#include <memory>
#include <string>

#include "eval/dataset.h"
#include "eval/evaluate.h"
#include "eval/site_templates.h"
#include "commands.h"
#include "pith/pith.h"

namespace pith::cli {

namespace {

struct EvalState {
  batch::Settings settings;  // the algorithm's options
  std::string data;
  std::string json_out;
  std::string pages_file;
  std::string outputs;  // saved outputs to score instead of running an algorithm
  bool algorithm_given = false;
  std::size_t limit = 0;
  bool per_page = false;
  bool site_templates = false, site_subset = false;  // issue 7, src/eval/site_templates.h
  std::size_t site_min_pages = 3;
};

int RunEval(const EvalState& state) {
  eval::RunConfig config;
  config.data = state.data;
  config.json_out = state.json_out;
  config.per_page = state.per_page;
  config.filter.limit = state.limit;
  config.algorithm = AlgorithmName(state.settings.options.algorithm);
  if (state.settings.options.comments) config.algorithm += " --comments";
  if (!state.settings.options.headline) config.algorithm += " --no-headline";
  if (state.settings.options.automatic.favor != Favor::kBalanced) {
    config.algorithm += std::string(" --favor ") + FavorName(state.settings.options.automatic.favor);
  }
  config.outputs = state.outputs;
  if (!state.outputs.empty() && (state.algorithm_given || state.site_templates)) {
    std::cerr << "pith eval: --outputs scores saved outputs; it cannot be combined with --algorithm or "
                 "--site-templates\n";
    return kExitUsage;
  }
  if (state.site_templates || state.site_subset) {
    if (state.site_templates && state.settings.options.algorithm != Algorithm::kPathSim) {
      std::cerr << "pith eval: --site-templates needs --algorithm pathsim\n";
      return kExitUsage;
    }
    eval::SiteTemplateConfig site{state.site_templates, state.site_subset, state.site_min_pages, 20, state.settings.options};
    config.prepare_set = [site](eval::DataSet* set, const eval::ExtractFunction& extract, std::ostream& out) {
      return eval::PrepareSiteTemplates(set, site, extract, out);
    };
  }
  if (!state.pages_file.empty()) {
    if (Status st = eval::ReadIdList(state.pages_file, &config.filter.ids); !st.ok()) {
      std::cerr << "pith eval: " << st.message() << "\n";
      return kExitUsage;
    }
    if (config.filter.ids.empty()) {
      std::cerr << "pith eval: " << state.pages_file << " lists no page id\n";
      return kExitUsage;
    }
  }

  const Extractor extractor(state.settings.options);
  const eval::ExtractFunction extract = [&extractor](std::string_view html, const PageInfo& info) {
    return eval::ToExtraction(extractor.Extract(html, info));
  };

  switch (eval::RunEvaluation(config, extract, std::cout, std::cerr)) {
    case eval::RunOutcome::kRan:
      return kExitOk;
    case eval::RunOutcome::kSomeSetsFailed:
      return kExitSomeFailed;
    case eval::RunOutcome::kFatal:
      return kExitFatal;
  }
  return kExitFatal;
}

}  // namespace

void RegisterEval(CLI::App& root, int& exit_code) {
  auto state = std::make_shared<EvalState>();
  CLI::App* cmd = root.add_subcommand(
      "eval",
      "Score extraction against evaluation sets (index.jsonl + html/ + truth/): shingle P/R/F1 "
      "(ScrapingHub), character P/R/F (paper 000), word P/R/F1 (WCXB), snippet counts, metadata (title, author, date where the "
      "truth names them), compression, pages/s. With --outputs, score any tool's saved outputs with the same "
      "metrics instead of running an algorithm (metadata is then not scored).");
  cmd->add_option("--data", state->data, "An evaluation set, or a folder of sets (each subfolder with an index.jsonl)")
      ->required();
  AddTableFlags(cmd, state->settings, {batch::OptionGroup::kAlgorithm});
  cmd->add_option("--outputs", state->outputs,
                  "Score saved outputs instead of running an algorithm: page <id> of set <set> is read from "
                  "OUTPUTS/<set>/<id>.txt (UTF-8; a missing file is an empty output, status 'missing'). "
                  "Speed columns then print '-' (JSON: null): nothing is timed");
  cmd->add_option("--json", state->json_out, "Also write the results as JSON to this file");
  cmd->add_option("--limit", state->limit, "Evaluate only the first N pages of each set (0 = all)");
  cmd->add_option("--pages", state->pages_file,
                  "Evaluate only the pages listed in this file: one id (or <set>/<id>) per line, # comments");
  cmd->add_flag("--per-page", state->per_page, "Print (and put in the JSON) every page's scores");
  cmd->add_flag("--site-templates", state->site_templates,
                "pathsim: give each page a site model learned from the other pages of its host (hosts with "
                ">= --site-min-pages pages; host = url, else index 'site', else the page's canonical URL)");
  cmd->add_flag("--site-subset", state->site_subset,
                "evaluate only the pages whose host has >= --site-min-pages pages (with or without --site-templates)");
  cmd->add_option("--site-min-pages", state->site_min_pages, "site size for --site-templates/--site-subset (default 3)")
      ->check(CLI::Range(3, 1000000));
  cmd->callback([state, &exit_code] {
    state->algorithm_given = state->settings.algorithm_given;
    exit_code = RunEval(*state);
  });
}

}  // namespace pith::cli
