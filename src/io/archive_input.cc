// Archive sniffing and page reading for offline inputs (archive_input.h).
#include "io/archive_input.h"

#include <cstring>
#include <filesystem>
#include <fstream>

#include "io/warc_stream.h"
#include "text/ascii.h"

namespace pith::io {

bool HasArchiveName(std::string_view path) {
  const std::string p = text::LowerAscii(path);
  for (const char* ext : {".warc", ".warc.gz", ".warc.zst", ".arc", ".arc.gz"}) {
    if (p.ends_with(ext)) return true;
  }
  return false;
}

bool StartsAnArchive(const std::string& head) {
  std::string plain;
  const std::string* text = &head;
  if (SniffCompression(head) == Compression::kZstd) return true;
  if (SniffCompression(head) == Compression::kGzip) {
    DecompressedStream stream(-1, head);
    stream.Fill(&plain, 64);
    text = &plain;
  }
  const std::string_view t = *text;
  return t.starts_with("WARC/1.") || t.starts_with("WARC/0.") || t.starts_with("filedesc://");
}

bool IsArchiveFile(const InputItem& item) {
  if (!item.error.ok()) return false;
  if (HasArchiveName(item.path)) return true;
  std::ifstream f(item.path, std::ios::binary);
  std::string head(kArchiveSniffBytes, '\0');
  f.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(f.gcount()));
  return StartsAnArchive(head);
}

std::string ArchiveStem(const InputItem& item) {
  if (item.path.empty()) return "stdin";
  std::string name = std::filesystem::path(item.path).filename().string();
  for (const char* ext : {".gz", ".zst", ".warc", ".arc", ".html", ".htm"}) {
    if (text::LowerAscii(name).ends_with(ext) && name.size() > std::strlen(ext)) {
      name.resize(name.size() - std::strlen(ext));
    }
  }
  return name.empty() ? "input" : name;
}

Status InflateIfGzip(std::size_t max_bytes, std::string* bytes) {
  if (SniffCompression(*bytes) != Compression::kGzip) return Status::Ok();
  std::string inflated;
  const Status s = InflateGzip(*bytes, max_bytes, &inflated);
  bytes->swap(inflated);
  if (!s.ok()) bytes->clear();
  return s;
}

Status ReadPageFile(const InputItem& item, std::size_t max_bytes, std::string* out) {
  const Status s = ReadInput(item, max_bytes, out);
  return s.ok() ? InflateIfGzip(max_bytes, out) : s;
}

}  // namespace pith::io
