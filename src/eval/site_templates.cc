// Site grouping and leave-one-out site models for `pith eval --site-templates`; see site_templates.h.
#include "eval/site_templates.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

#include "pith/site.h"

namespace pith::eval {

namespace {

using Clock = std::chrono::steady_clock;

// Up to `max` of `members` other than `self`, evenly spread.
std::vector<std::size_t> Others(const std::vector<std::size_t>& members, std::size_t self, std::size_t max) {
  std::vector<std::size_t> rest;
  for (std::size_t m : members) {
    if (m != self) rest.push_back(m);
  }
  if (max == 0 || rest.size() <= max) return rest;
  std::vector<std::size_t> chosen;
  for (std::size_t k = 0; k < max; ++k) chosen.push_back(rest[k * rest.size() / max]);
  return chosen;
}

}  // namespace

std::string PageSite(const Page& page, const Options& options) {
  std::string host = SiteModel::HostOf(page.url);
  if (!host.empty()) return host;
  if (!page.site.empty()) {
    host = page.site;
    for (char& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return host;
  }
  Options meta = options;
  meta.algorithm = Algorithm::kLineBlock;  // any algorithm: only the metadata is read
  meta.extract_metadata = true;
  meta.pathsim.site = nullptr;
  return SiteModel::HostOf(Extractor(meta).Extract(page.html).metadata.url);
}

ExtractFunction PrepareSiteTemplates(DataSet* set, const SiteTemplateConfig& config, const ExtractFunction& extract,
                                     std::ostream& out) {
  const Clock::time_point group_start = Clock::now();
  std::vector<std::string> sites(set->pages.size());
  std::map<std::string, std::size_t> sizes;
  for (std::size_t i = 0; i < set->pages.size(); ++i) {
    sites[i] = PageSite(set->pages[i], config.options);
    if (!sites[i].empty()) ++sizes[sites[i]];
  }
  auto big = [&](const std::string& site) { return !site.empty() && sizes[site] >= config.min_host_pages; };
  if (config.only_site_pages) {
    std::vector<Page> kept;
    std::vector<std::string> kept_sites;
    for (std::size_t i = 0; i < set->pages.size(); ++i) {
      if (!big(sites[i])) continue;
      kept.push_back(std::move(set->pages[i]));
      kept_sites.push_back(sites[i]);
    }
    set->pages = std::move(kept);
    sites = std::move(kept_sites);
  }
  std::map<std::string, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < set->pages.size(); ++i) {
    if (big(sites[i])) groups[sites[i]].push_back(i);
  }
  const double group_seconds = std::chrono::duration<double>(Clock::now() - group_start).count();

  // Leave-one-out models.
  std::unordered_map<const char*, std::shared_ptr<const Extractor>> by_page;  // key: the page's html bytes
  std::size_t models = 0, learn_pages = 0, failed = 0;
  const Clock::time_point learn_start = Clock::now();
  for (const auto& [site, members] : groups) {
    if (!config.apply) break;
    for (std::size_t i : members) {
      std::vector<std::string_view> refs;
      for (std::size_t r : Others(members, i, config.max_learn_pages)) refs.push_back(set->pages[r].html);
      std::shared_ptr<const SiteModel> model;
      if (!SiteModel::Learn(refs, config.options, &model, site).ok()) {
        ++failed;
        continue;
      }
      Options options = config.options;
      options.pathsim.site = model;
      by_page[set->pages[i].html.data()] = std::make_shared<const Extractor>(options);
      ++models;
      learn_pages += refs.size();
    }
  }
  const double learn_seconds = std::chrono::duration<double>(Clock::now() - learn_start).count();

  std::size_t site_pages = 0;
  for (const auto& [site, members] : groups) site_pages += members.size();
  char buf[400];
  std::snprintf(buf, sizeof buf,
                "# site templates %s: %zu of %zu pages in %zu sites with >= %zu pages; grouping %.2f s; "
                "%zu models learned (%zu failed), %.1f pages each, learn %.3f s = %.2f ms per model\n",
                set->name.c_str(), site_pages, set->pages.size(), groups.size(), config.min_host_pages,
                group_seconds, models, failed, models ? double(learn_pages) / double(models) : 0.0, learn_seconds,
                models ? 1000.0 * learn_seconds / double(models) : 0.0);
  out << buf;
  if (by_page.empty()) return extract;
  return [by_page = std::move(by_page), extract](std::string_view html, const PageInfo& info) {
    const auto it = by_page.find(html.data());
    if (it == by_page.end()) return extract(html, info);
    return ToExtraction(it->second->Extract(html, info));
  };
}

}  // namespace pith::eval
