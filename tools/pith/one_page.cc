// See one_page.h.
#include "one_page.h"

#include <fstream>
#include <iostream>
#include <vector>

#include "batch/inputs.h"
#include "batch/sites.h"
#include "commands.h"
#include "io/inputs.h"

namespace pith::cli {

int RunOnePage(const std::string& command, const std::string& path, const batch::Settings& settings, OnePage* page) {
  const std::vector<io::InputItem> items = io::ExpandInputs({path}, false);
  if (items.size() != 1) {
    std::cerr << command << ": " << path << " must name one HTML file (or - for stdin)\n";
    return kExitUsage;
  }
  std::string bytes;
  const Status s = batch::ReadPage(items[0], settings.options.max_input_bytes, &bytes);
  if (!s.ok()) {
    std::cerr << command << ": " << path << ": " << s.ToString() << "\n";
    return kExitSomeFailed;
  }
  page->name = items[0].name;
  page->options = settings.options;
  const batch::Complain complain = [&](const std::string& line) { std::cerr << command << ": " << line << "\n"; };
  if (const Status m = batch::PrepareSiteModel(settings, batch::kTool, &page->options, complain); !m.ok()) {
    complain(m.code() == StatusCode::kInvalidArgument ? m.message() : m.ToString());
    return m.code() == StatusCode::kInvalidArgument ? kExitUsage : kExitFatal;
  }
  PageInfo info;
  info.url = settings.url;
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
