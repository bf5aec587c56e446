// pith/site.h — site models: what the template of one web site looks like (paper 004 §1.2).
//
// Pages of one site are generated from one template (menus, headers, footers, sidebars, copyright
// lines). A SiteModel is learned once from a few pages of a site and then removes that template from
// any other page of the site before the path-similarity algorithm (--algorithm pathsim) groups what
// is left:
//
//   #include "pith/site.h"
//
//   std::shared_ptr<const pith::SiteModel> model;
//   pith::Status s = pith::SiteModel::Learn({page_a, page_b, page_c}, options, &model);  // raw bytes
//   s = model->Save("news.example.com.json");              // ship it; SiteModel::Load reads it back
//   options.algorithm = pith::Algorithm::kPathSim;
//   options.pathsim.site = model;                           // hand it to an Extractor
//   pith::Result r = pith::Extractor(options).Extract(page_d);
//
// The paper compares a page with two other pages of its site ("reference pages"); learning a model
// from those two pages and applying it is exactly that comparison, and a model learned from more
// pages is reused for every page of the site, so N pages cost O(N) instead of N·references.
// A model is immutable and may be shared between threads and Extractors.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pith/export.h"
#include "pith/options.h"
#include "pith/status.h"

namespace pith {

class PITH_API SiteModel {
 public:
  struct Data;  // the learned template (src/site/model.h)

  // Learns the template shared by `pages` (raw bytes in any encoding, decoded and parsed with
  // `options`' charset and limit settings; pages that fail to decode are skipped). Needs at least two
  // usable pages (kInvalidArgument otherwise). Cost: linear in the pages' size for pages that share a
  // template. `host` is stored in the model for reference ("" = unknown).
  static Status Learn(const std::vector<std::string_view>& pages, const Options& options,
                      std::shared_ptr<const SiteModel>* out, std::string host = "");

  // JSON round trip (format "pith-site-model", version 1; see docs/pathsim.md).
  static Status FromJson(std::string_view json, std::shared_ptr<const SiteModel>* out);
  static Status Load(const std::string& path, std::shared_ptr<const SiteModel>* out);
  std::string ToJson() const;
  Status Save(const std::string& path) const;

  const std::string& host() const;
  std::size_t pages() const;           // pages the model was learned from
  std::size_t items() const;           // template items kept (elements and texts seen on ≥ 2 pages)
  std::size_t template_texts() const;  // of which text items

  // Lower-case host of a URL ("news.example.com" for "https://News.Example.com:8080/a?b"), "" if the
  // string has none. Batch tools group pages of one site by it.
  static std::string HostOf(std::string_view url);

  explicit SiteModel(std::unique_ptr<Data> data);
  ~SiteModel();
  SiteModel(const SiteModel&) = delete;
  SiteModel& operator=(const SiteModel&) = delete;
  const Data& data() const { return *data_; }

 private:
  std::unique_ptr<const Data> data_;
};

}  // namespace pith
