// Input enumeration and reading with size limits.
#include "io/inputs.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <system_error>

#include <sys/stat.h>

namespace pith::io {
namespace fs = std::filesystem;
namespace {

bool HasHtmlExtension(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext == ".gz" || ext == ".zst") {  // page.html.gz, crawl.warc.gz, crawl.warc.zst
    std::string inner = p.stem().extension().string();
    std::transform(inner.begin(), inner.end(), inner.begin(), [](unsigned char c) { return std::tolower(c); });
    return (ext == ".gz" && (inner == ".html" || inner == ".htm" || inner == ".arc")) || inner == ".warc";
  }
  return ext == ".html" || ext == ".htm" || ext == ".xhtml" || ext == ".shtml" || ext == ".warc" || ext == ".arc";
}

void AddFolder(const std::string& arg, bool recursive, std::vector<InputItem>* out) {
  std::vector<std::string> files;
  std::error_code ec;
  auto add = [&](const fs::directory_entry& e) {
    std::error_code fec;
    if (e.is_regular_file(fec) && HasHtmlExtension(e.path())) files.push_back(e.path().string());
  };
  if (recursive) {
    for (fs::recursive_directory_iterator it(arg, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
      add(*it);
    }
  } else {
    for (fs::directory_iterator it(arg, ec), end; !ec && it != end; it.increment(ec)) add(*it);
  }
  if (ec) {
    out->push_back({arg, arg, Status(StatusCode::kIoError, "cannot list folder: " + ec.message())});
    return;
  }
  std::sort(files.begin(), files.end());
  for (std::string& f : files) out->push_back({f, f, Status::Ok()});
}

}  // namespace

std::vector<InputItem> ExpandInputs(const std::vector<std::string>& args, bool recursive) {
  std::vector<InputItem> out;
  for (const std::string& arg : args) {
    if (arg == "-") {
      out.push_back({"-", "", Status::Ok()});
      continue;
    }
    std::error_code ec;
    const fs::file_status st = fs::status(arg, ec);
    if (ec || !fs::exists(st)) {
      out.push_back({arg, arg, Status(StatusCode::kIoError, "no such file or folder")});
    } else if (fs::is_directory(st)) {
      AddFolder(arg, recursive, &out);
    } else {
      out.push_back({arg, arg, Status::Ok()});
    }
  }
  return out;
}

Status ReadInput(const InputItem& item, std::size_t max_bytes, std::string* out) {
  out->clear();
  if (!item.error.ok()) return item.error;
  FILE* f = item.path.empty() ? stdin : std::fopen(item.path.c_str(), "rb");
  if (!f) return Status(StatusCode::kIoError, std::strerror(errno));
  auto too_large = [max_bytes] {  // built only when needed: this runs once per input
    return Status(StatusCode::kTooLarge, "input exceeds the limit of " + std::to_string(max_bytes) + " bytes");
  };
  Status status = Status::Ok();
  // A regular file is read straight into a string of its size: one copy from the kernel, where
  // reading through a buffer and appending copied every byte twice more and regrew the string.
  // The loop below still takes whatever the file holds beyond its size at open (a growing log)
  // and reads pipes, stdin and special files.
  struct stat st {};
  if (f != stdin && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    if (static_cast<std::uintmax_t>(st.st_size) > max_bytes) {
      std::fclose(f);
      return too_large();
    }
    out->resize(static_cast<std::size_t>(st.st_size));
    out->resize(std::fread(out->data(), 1, out->size(), f));
  }
  char buf[1 << 16];
  while (!std::ferror(f) && !std::feof(f)) {
    const std::size_t n = std::fread(buf, 1, sizeof buf, f);
    if (out->size() + n > max_bytes) {
      status = too_large();
      out->clear();
      break;
    }
    out->append(buf, n);
  }
  if (status.ok() && std::ferror(f)) status = Status(StatusCode::kIoError, std::strerror(errno));
  if (f != stdin) std::fclose(f);
  return status;
}

std::string OutputStem(const InputItem& item) {
  if (item.path.empty()) return "stdin";
  std::string stem = fs::path(item.path).stem().string();
  return stem.empty() ? "input" : stem;
}

}  // namespace pith::io
