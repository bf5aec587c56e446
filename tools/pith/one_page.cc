// See one_page.h.
#include "one_page.h"

#include <fstream>
#include <iostream>
#include <vector>

#include "commands.h"
#include "io/inputs.h"
#include "warc_cmd.h"

namespace pith::cli {

int RunOnePage(const std::string& command, const std::string& path, const std::string& url,
               const SiteArgs& site, const Options& options, OnePage* page) {
  const std::vector<io::InputItem> items = io::ExpandInputs({path}, false);
  if (items.size() != 1) {
    std::cerr << command << ": " << path << " must name one HTML file (or - for stdin)\n";
    return kExitUsage;
  }
  std::string bytes;
  const Status s = ReadPage(items[0], options.max_input_bytes, &bytes);
  if (!s.ok()) {
    std::cerr << command << ": " << path << ": " << s.ToString() << "\n";
    return kExitSomeFailed;
  }
  page->name = items[0].name;
  page->options = options;
  SiteExtractors sites;  // loads or learns the site model of --site-pages / --site-model
  if (const int rc = sites.Prepare(site, url, items, page->options); rc != kExitOk) return rc;
  PageInfo info;
  info.url = url;
  core::Run(bytes, info, page->options, &page->state, &page->result);
  const Status& status = page->result.status;
  if (!status.ok() && status.code() != StatusCode::kNoContent) {
    std::cerr << command << ": " << path << ": " << status.ToString() << "\n";
    return status.code() == StatusCode::kInvalidArgument ? kExitUsage : kExitSomeFailed;
  }
  return kExitOk;
}

bool WriteFileBytes(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary);
  f << bytes;
  return static_cast<bool>(f);
}

}  // namespace pith::cli
