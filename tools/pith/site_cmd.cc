// `pith site learn|show` (paper 004 §1.2: same-site template removal with reusable site models):
//
//   pith site learn A B ... -o site.json       learn the template shared by pages A, B, ...
//   pith site show site.json                   print the model
//   pith extract PAGE --site-model site.json   reuse it (the --site-* flags: batch/sites.h)
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "batch/sites.h"
#include "commands.h"
#include "io/inputs.h"
#include "site/model.h"

namespace pith::cli {
namespace {

struct SiteLearnArgs {
  std::vector<std::string> paths;
  std::string out;
  std::string host;
  bool recursive = false;
  std::size_t max_pages = 0;
  Options options;
};

int RunLearn(const SiteLearnArgs& a) {
  const std::vector<io::InputItem> items = io::ExpandInputs(a.paths, a.recursive);
  std::vector<std::size_t> usable;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].error.ok()) {
      usable.push_back(i);
    } else {
      std::cerr << "pith: " << items[i].name << ": " << items[i].error.ToString() << "\n";
    }
  }
  const auto start = std::chrono::steady_clock::now();
  std::shared_ptr<const SiteModel> model;
  const batch::Complain complain = [](const std::string& line) { std::cerr << "pith: " << line << "\n"; };
  if (const Status s = batch::LearnFromItems(items, usable, a.max_pages, a.options, a.host, &model, complain);
      !s.ok()) {
    std::cerr << "pith site learn: " << s.ToString() << "\n";
    return kExitFatal;
  }
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (const Status s = model->Save(a.out); !s.ok()) {
    std::cerr << "pith site learn: " << s.ToString() << "\n";
    return kExitFatal;
  }
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s: learned from %zu pages in %.1f ms: %zu template items, %zu template texts\n",
                a.out.c_str(), model->pages(), ms, model->items(), model->template_texts());
  std::cout << buf;
  return kExitOk;
}

int RunShow(const std::string& path) {
  std::shared_ptr<const SiteModel> model;
  if (const Status s = SiteModel::Load(path, &model); !s.ok()) {
    std::cerr << "pith site show: " << s.ToString() << "\n";
    return kExitFatal;
  }
  const SiteModel::Data& d = model->data();
  std::cout << "host: " << (d.host.empty() ? "(unknown)" : d.host) << "\npages: " << d.pages
            << "\nitems: " << model->items() << " (" << model->template_texts() << " texts)\n";
  for (std::size_t i = 0; i < d.keys.size(); ++i) {
    if (d.is_text[i]) std::cout << d.counts[i] << "/" << d.pages << "\t" << d.texts[i] << "\n";
  }
  return kExitOk;
}

}  // namespace

void RegisterSite(CLI::App& root, int& exit_code) {
  CLI::App* site = root.add_subcommand(
      "site",
      "Site models (paper 004): learn the template shared by pages of one site, to remove it with "
      "`pith extract --site-model FILE` (--algorithm pathsim).");
  site->require_subcommand(1);

  auto learn_args = std::make_shared<SiteLearnArgs>();
  CLI::App* learn = site->add_subcommand("learn", "Learn a site model from 2 or more pages of one site.");
  learn->add_option("paths", learn_args->paths, "HTML files or folders of one site")->required();
  learn->add_option("-o,--output", learn_args->out, "where to write the model (JSON)")->required();
  learn->add_option("--host", learn_args->host, "the site's host, stored in the model for reference");
  learn->add_flag("-r,--recursive", learn_args->recursive, "descend into sub-folders");
  learn->add_option("--max-pages", learn_args->max_pages, "learn from at most this many pages, evenly spread (0 = all)");
  learn->add_option("--charset", learn_args->options.forced_charset, "decode every page with this charset");
  learn->callback([learn_args, &exit_code] { exit_code = RunLearn(*learn_args); });

  auto show_path = std::make_shared<std::string>();
  CLI::App* show = site->add_subcommand("show", "Print a site model's host, size and template texts.");
  show->add_option("model", *show_path, "a model written by `pith site learn`")->required();
  show->callback([show_path, &exit_code] { exit_code = RunShow(*show_path); });
}

}  // namespace pith::cli
