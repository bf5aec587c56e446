// `pith site learn|show` and the --site-* flags of `pith extract` (paper 004 §1.2: same-site
// template removal with reusable site models). See site_cmd.h for the command lines.
#include "site_cmd.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>

#include "commands.h"
#include "site/model.h"
#include "warc_cmd.h"

namespace pith::cli {

namespace {

namespace fs = std::filesystem;

// A file-name-safe form of a group key ("news.example.com", "/data/pages" → "_data_pages").
std::string Slug(const std::string& key) {
  std::string out;
  for (char c : key) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                    c == '-';
    out.push_back(ok ? c : '_');
  }
  return out.empty() ? "site" : out;
}

// The site group of an input: the host of --url when given, else the input's folder ("" = stdin).
std::string GroupKey(const io::InputItem& item, const std::string& url_host) {
  if (!url_host.empty()) return url_host;
  if (item.path.empty()) return "";
  return fs::path(item.path).parent_path().string();
}

bool SwitchToPathSim(const SiteArgs& args, Options& options) {
  const bool given = args.cmd && args.cmd->count("--algorithm") > 0;
  if (!given) {
    options.algorithm = Algorithm::kPathSim;
    return true;
  }
  if (options.algorithm != Algorithm::kPathSim) {
    std::cerr << "pith: --site-pages and --site-model need --algorithm pathsim (the only algorithm that "
                 "uses a site model)\n";
    return false;
  }
  return true;
}

}  // namespace

Status LearnFromItems(const std::vector<io::InputItem>& items, const std::vector<std::size_t>& which,
                      std::size_t max_pages, const Options& options, const std::string& host,
                      std::shared_ptr<const SiteModel>* out) {
  std::vector<std::size_t> chosen;
  const std::size_t n = which.size();
  const std::size_t take = max_pages == 0 ? n : std::min(n, max_pages);
  for (std::size_t k = 0; k < take; ++k) chosen.push_back(which[k * n / take]);
  std::vector<std::string> bytes(chosen.size());
  std::vector<std::string_view> views;
  for (std::size_t k = 0; k < chosen.size(); ++k) {
    const Status s = ReadPage(items[chosen[k]], options.max_input_bytes, &bytes[k]);
    if (!s.ok()) {
      std::cerr << "pith: " << items[chosen[k]].name << ": " << s.ToString() << " (not used for the site model)\n";
      continue;
    }
    views.push_back(bytes[k]);
  }
  return SiteModel::Learn(views, options, out, host);
}

void AddSiteFlags(CLI::App* cmd, SiteArgs& args) {
  args.cmd = cmd;
  auto* pages = cmd->add_option("--site-pages", args.pages,
                                "other pages of the same site (2 or more): their shared template is removed "
                                "(implies --algorithm pathsim)")
                    ->expected(2, -1);
  cmd->add_option("--site-model", args.model, "a site model saved by `pith site learn` (implies --algorithm pathsim)")
      ->excludes(pages);
  cmd->add_option("--site-save", args.save_dir, "batch: also save every learned site model into this folder");
  cmd->add_flag("--no-site-groups", args.no_groups, "batch with pathsim: do not learn a model per site group");
  cmd->add_option("--site-min-pages", args.min_group,
                  "batch with pathsim: a site group of at least this many pages learns a model (default 3)")
      ->check(CLI::Range(3, 1000000));
  cmd->add_option("--site-max-learn", args.max_learn,
                  "pages a site model is learned from, evenly spread over the group (default 20)")
      ->check(CLI::Range(2, 1000000));
}

int SiteExtractors::Prepare(const SiteArgs& args, const std::string& url, const std::vector<io::InputItem>& items,
                            Options& options) {
  per_item_.clear();
  std::shared_ptr<const SiteModel> model;
  if (!args.model.empty()) {
    if (!SwitchToPathSim(args, options)) return kExitUsage;
    if (const Status s = SiteModel::Load(args.model, &model); !s.ok()) {
      std::cerr << "pith: " << s.ToString() << "\n";
      return kExitFatal;
    }
  } else if (!args.pages.empty()) {
    if (!SwitchToPathSim(args, options)) return kExitUsage;
    const std::vector<io::InputItem> refs = io::ExpandInputs(args.pages, false);
    std::vector<std::size_t> all(refs.size());
    for (std::size_t k = 0; k < refs.size(); ++k) all[k] = k;
    if (const Status s = LearnFromItems(refs, all, 0, options, SiteModel::HostOf(url), &model); !s.ok()) {
      std::cerr << "pith: --site-pages: " << s.ToString() << "\n";
      return kExitFatal;
    }
  }
  if (model) {
    options.pathsim.site = model;  // every input gets the same model through the main Extractor
    return kExitOk;
  }
  if (options.algorithm != Algorithm::kPathSim || args.no_groups || items.size() < args.min_group) return kExitOk;
  // Batch: one model per site group with enough pages.
  const std::string url_host = SiteModel::HostOf(url);
  std::map<std::string, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!items[i].error.ok()) continue;
    const std::string key = GroupKey(items[i], url_host);
    if (!key.empty()) groups[key].push_back(i);
  }
  per_item_.resize(items.size());
  for (const auto& [key, members] : groups) {
    if (members.size() < args.min_group) continue;
    std::shared_ptr<const SiteModel> group_model;
    const std::string host = url_host.empty() ? "" : url_host;
    if (const Status s = LearnFromItems(items, members, args.max_learn, options, host, &group_model); !s.ok()) {
      std::cerr << "pith: no site model for " << key << ": " << s.message() << "\n";
      continue;
    }
    if (!args.save_dir.empty()) {
      std::error_code ec;
      fs::create_directories(args.save_dir, ec);
      const std::string path = args.save_dir + "/" + Slug(key) + ".json";
      if (const Status s = group_model->Save(path); !s.ok()) std::cerr << "pith: " << s.ToString() << "\n";
    }
    Options group_options = options;
    group_options.pathsim.site = group_model;
    auto extractor = std::make_shared<const Extractor>(group_options);
    for (std::size_t i : members) per_item_[i] = extractor;
  }
  return kExitOk;
}

// ---- pith site -----------------------------------------------------------------------------------

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
  if (const Status s = LearnFromItems(items, usable, a.max_pages, a.options, a.host, &model); !s.ok()) {
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
