// Site models in a batch (paper 004 §1.2): the one model every input gets (--site-pages, learned;
// --site-model, loaded) and, under pathsim without one, a model per site group of the batch: pages
// grouped by site (the host of --url, else their folder); a group of at least SiteSettings::min_group
// pages learns one model from up to max_learn of them, cached for the run (and saved to save_dir).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "batch/option_table.h"
#include "batch/settings.h"
#include "io/inputs.h"
#include "pith/pith.h"
#include "pith/site.h"

namespace pith::batch {

// A line for the user (stderr), without the "pith: " the tool puts before it.
using Complain = std::function<void(const std::string&)>;

// Learns a model from up to `max_pages` of items[which] (evenly spread; 0 = all). Pages that cannot
// be read are complained about and left out.
Status LearnFromItems(const std::vector<io::InputItem>& items, const std::vector<std::size_t>& which,
                      std::size_t max_pages, const Options& options, const std::string& host,
                      std::shared_ptr<const SiteModel>* out, const Complain& complain);

// Loads --site-model or learns --site-pages into options.pathsim.site, switching to pathsim when no
// algorithm was chosen. kInvalidArgument when another algorithm was chosen; the loading or learning
// error otherwise (its message names the option as `front` does).
Status PrepareSiteModel(const Settings& settings, Front front, Options* options, const Complain& complain);

// One Extractor per site group of a batch.
class SiteGroups {
 public:
  // Learns the groups' models when `options` runs pathsim without a model and groups are on.
  void Prepare(const SiteSettings& site, const std::string& url, const std::vector<io::InputItem>& items,
               const Options& options, const Complain& complain);
  // The extractor for input `item`: its group's, or `fallback` when it has none.
  const Extractor& For(std::size_t item, const Extractor& fallback) const {
    return item < per_item_.size() && per_item_[item] ? *per_item_[item] : fallback;
  }

 private:
  std::vector<std::shared_ptr<const Extractor>> per_item_;
};

}  // namespace pith::batch
