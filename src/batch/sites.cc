// Site models in a batch (sites.h).
#include "batch/sites.h"

#include <filesystem>
#include <map>

#include "batch/inputs.h"

namespace pith::batch {
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

}  // namespace

Status LearnFromItems(const std::vector<io::InputItem>& items, const std::vector<std::size_t>& which,
                      std::size_t max_pages, const Options& options, const std::string& host,
                      std::shared_ptr<const SiteModel>* out, const Complain& complain) {
  std::vector<std::size_t> chosen;
  const std::size_t n = which.size();
  const std::size_t take = max_pages == 0 ? n : std::min(n, max_pages);
  for (std::size_t k = 0; k < take; ++k) chosen.push_back(which[k * n / take]);
  std::vector<std::string> bytes(chosen.size());
  std::vector<std::string_view> views;
  for (std::size_t k = 0; k < chosen.size(); ++k) {
    const Status s = ReadPage(items[chosen[k]], options.max_input_bytes, &bytes[k]);
    if (!s.ok()) {
      complain(items[chosen[k]].name + ": " + s.ToString() + " (not used for the site model)");
      continue;
    }
    views.push_back(bytes[k]);
  }
  return SiteModel::Learn(views, options, out, host);
}

Status PrepareSiteModel(const Settings& settings, Front front, Options* options, const Complain& complain) {
  const SiteSettings& site = settings.site;
  if (site.model.empty() && site.pages.empty()) return Status::Ok();
  if (settings.algorithm_given && options->algorithm != Algorithm::kPathSim) {
    const std::string need = front == kTool ? "--algorithm pathsim" : "algorithm=\"pathsim\"";
    return Status(StatusCode::kInvalidArgument,
                  NameFor(*FindOption("site_pages"), front) + " and " + NameFor(*FindOption("site_model"), front) +
                      " need " + need + " (the only algorithm that uses a site model)");
  }
  options->algorithm = Algorithm::kPathSim;
  std::shared_ptr<const SiteModel> model;
  Status s;
  if (!site.model.empty()) {
    s = SiteModel::Load(site.model, &model);
  } else {
    const std::vector<io::InputItem> refs = io::ExpandInputs(site.pages, false);
    std::vector<std::size_t> all(refs.size());
    for (std::size_t k = 0; k < refs.size(); ++k) all[k] = k;
    s = LearnFromItems(refs, all, 0, *options, SiteModel::HostOf(settings.url), &model, complain);
  }
  if (!s.ok()) {
    const char* option = site.model.empty() ? "site_pages" : "site_model";
    return Status(s.code(), NameFor(*FindOption(option), front) + ": " + s.message());
  }
  options->pathsim.site = model;  // every input gets the same model through the main Extractor
  return Status::Ok();
}

void SiteGroups::Prepare(const SiteSettings& site, const std::string& url, const std::vector<io::InputItem>& items,
                         const Options& options, const Complain& complain) {
  per_item_.clear();
  if (options.pathsim.site || options.algorithm != Algorithm::kPathSim || site.no_groups ||
      items.size() < site.min_group) {
    return;
  }
  const std::string url_host = SiteModel::HostOf(url);
  std::map<std::string, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!items[i].error.ok()) continue;
    const std::string key = GroupKey(items[i], url_host);
    if (!key.empty()) groups[key].push_back(i);
  }
  per_item_.resize(items.size());
  for (const auto& [key, members] : groups) {
    if (members.size() < site.min_group) continue;
    std::shared_ptr<const SiteModel> group_model;
    if (const Status s = LearnFromItems(items, members, site.max_learn, options, url_host, &group_model, complain);
        !s.ok()) {
      complain("no site model for " + key + ": " + s.message());
      continue;
    }
    if (!site.save_dir.empty()) {
      std::error_code ec;
      fs::create_directories(site.save_dir, ec);
      const std::string path = site.save_dir + "/" + Slug(key) + ".json";
      if (const Status s = group_model->Save(path); !s.ok()) complain(s.ToString());
    }
    Options group_options = options;
    group_options.pathsim.site = group_model;
    auto extractor = std::make_shared<const Extractor>(group_options);
    for (std::size_t i : members) per_item_[i] = extractor;
  }
}

}  // namespace pith::batch
