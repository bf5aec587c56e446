// URL list reading for online mode (see url_list.h).
#include "fetch/url_list.h"

#include <fstream>
#include <iostream>

#include "text/ascii.h"

namespace pith::io {
namespace {

bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}  // namespace

std::vector<std::string> ParseUrlList(std::istream& in) {
  std::vector<std::string> urls;
  std::string line;
  bool first = true;
  while (std::getline(in, line)) {
    std::string_view s = line;
    if (first && s.starts_with("\xEF\xBB\xBF")) s.remove_prefix(3);
    first = false;
    s = text::Trim(s, text::IsCSpace);
    if (s.empty() || s.front() == '#') continue;
    urls.emplace_back(s);
  }
  return urls;
}

Status ReadUrlList(const std::string& path, std::vector<std::string>* out) {
  if (path == "-") {
    *out = ParseUrlList(std::cin);
    return Status::Ok();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(StatusCode::kIoError, "cannot open URL list " + path);
  *out = ParseUrlList(in);
  if (in.bad()) return Status(StatusCode::kIoError, "error reading URL list " + path);
  return Status::Ok();
}

bool LooksLikeUrl(std::string_view arg) {
  const std::size_t colon = arg.find("://");
  if (colon == std::string_view::npos || colon == 0 || !IsAlpha(arg[0])) return false;
  for (std::size_t i = 1; i < colon; ++i) {
    const char c = arg[i];
    if (!IsAlpha(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') return false;
  }
  return true;
}

}  // namespace pith::io
