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

// Why a folder entry with an HTML name cannot be read as a page, or "" if it can (a regular file, or
// a symbolic link to one). Told from the entry's status alone: opening a FIFO would block until some
// other process writes to it.
std::string UnreadableEntry(const fs::directory_entry& e) {
  std::error_code ec;
  const fs::file_status st = e.status(ec);
  if (fs::is_regular_file(st)) return {};
  if (!fs::exists(st)) {
    return e.is_symlink(ec) ? "broken symbolic link" : "cannot read the file's status: " + ec.message();
  }
  if (fs::is_fifo(st)) return "not a regular file: a FIFO (named pipe)";
  if (fs::is_socket(st)) return "not a regular file: a socket";
  if (fs::is_block_file(st) || fs::is_character_file(st)) return "not a regular file: a device";
  return "not a regular file";
}

// Every entry with an HTML name but folders yields an item: a regular file to read, or an entry
// that cannot be read (broken symlink, FIFO, socket, device) carrying its io_error, so that each
// input found gets its record.
void AddFolder(const std::string& arg, bool recursive, std::vector<InputItem>* out) {
  std::vector<InputItem> files;
  std::error_code ec;
  auto add = [&](const fs::directory_entry& e) {
    std::error_code fec;
    if (!HasHtmlExtension(e.path()) || e.is_directory(fec)) return;
    const std::string path = e.path().string();
    const std::string unreadable = UnreadableEntry(e);
    files.push_back({path, path, unreadable.empty() ? Status::Ok() : Status(StatusCode::kIoError, unreadable)});
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
  std::sort(files.begin(), files.end(), [](const InputItem& a, const InputItem& b) { return a.path < b.path; });
  for (InputItem& f : files) out->push_back(std::move(f));
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
      const bool broken_link = fs::is_symlink(fs::symlink_status(arg, ec));
      out.push_back({arg, arg, Status(StatusCode::kIoError, broken_link ? "broken symbolic link" : "no such file or folder")});
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
