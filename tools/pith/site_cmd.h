// Site models on the command line (paper 004 §1.2): the `pith site` subcommand (site_cmd.cc) and
// the --site-* flags that `pith extract` adds with AddSiteFlags / SiteExtractors.
//
//   pith extract PAGE --site-pages A B ...     learn the template of A, B, ... and remove it from PAGE
//   pith extract PAGE --site-model site.json   reuse a model saved by `pith site learn`
//   pith extract -a pathsim DIR/               batch: pages grouped by site (the host of --url, else
//                                              their folder); a group of >= 3 pages learns one model,
//                                              cached for the run (and saved with --site-save DIR)
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "io/inputs.h"
#include "pith/pith.h"
#include "pith/site.h"

namespace pith::cli {

struct SiteArgs {
  std::vector<std::string> pages;  // --site-pages
  std::string model;               // --site-model
  std::string save_dir;            // --site-save: write each learned model here
  bool no_groups = false;          // --no-site-groups
  std::size_t min_group = 3;       // --site-min-pages: a batch group learns a model from this size on
  std::size_t max_learn = 20;      // --site-max-learn: pages per model (evenly spread over the group)
  CLI::App* cmd = nullptr;         // to tell whether --algorithm was given
};

void AddSiteFlags(CLI::App* cmd, SiteArgs& args);

// One Extractor per site group of a batch (or one for all inputs when a model was given).
class SiteExtractors {
 public:
  // Loads or learns models as the flags say and may switch `options` to pathsim. Returns kExitOk, or
  // the exit code to stop with (after printing why).
  int Prepare(const SiteArgs& args, const std::string& url, const std::vector<io::InputItem>& items,
              Options& options);
  // The extractor for input `item`: its group's, or `fallback` when it has none.
  const Extractor& For(std::size_t item, const Extractor& fallback) const {
    return item < per_item_.size() && per_item_[item] ? *per_item_[item] : fallback;
  }

 private:
  std::vector<std::shared_ptr<const Extractor>> per_item_;
};

// Learns a model from up to `max_pages` of `items` (evenly spread). Errors are printed.
Status LearnFromItems(const std::vector<io::InputItem>& items, const std::vector<std::size_t>& which,
                      std::size_t max_pages, const Options& options, const std::string& host,
                      std::shared_ptr<const SiteModel>* out);

}  // namespace pith::cli
