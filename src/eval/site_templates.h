// `pith eval --site-templates` (issue 7, paper 004 §1.2): evaluate same-site template removal.
//
// The pages of a set are grouped by site: the host of the index's `url`, else the index's `site`
// field (daniel-dev), else the host of the canonical URL the page declares (<link rel=canonical>,
// og:url; found by pith's metadata extraction). Each page of a host with at least `min_host_pages`
// pages gets a site model learned from the *other* pages of its host (leave-one-out, at most
// `max_learn_pages` of them, evenly spread), so no page is ever compared with itself. Pages of smaller
// hosts run without a model. With `only_site_pages` the other pages are dropped from the set, so the
// same subset can be scored with and without template removal.
//
// Learning happens before the timed extraction loop and is timed separately (printed as a "# site
// templates" line before the set's rows); the loop's pages/s then include applying the model.
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>

#include "eval/dataset.h"
#include "eval/evaluate.h"
#include "pith/pith.h"

namespace pith::eval {

struct SiteTemplateConfig {
  bool apply = true;               // learn and apply models (false: only group / filter)
  bool only_site_pages = false;    // drop pages whose host has fewer than min_host_pages pages
  std::size_t min_host_pages = 3;  // the page itself plus at least two others (the paper's minimum)
  std::size_t max_learn_pages = 20;
  Options options;                 // the extraction options (decoding for learning; pathsim for applying)
};

// The site a page belongs to ("" when unknown); see the file comment for the order of sources.
std::string PageSite(const Page& page, const Options& options);

// Groups `set`'s pages by site, drops pages as configured, learns the leave-one-out models, prints
// the timing line, and returns the extract function that applies each page's model (pages without
// one go to `extract`).
ExtractFunction PrepareSiteTemplates(DataSet* set, const SiteTemplateConfig& config, const ExtractFunction& extract,
                                     std::ostream& out);

}  // namespace pith::eval
