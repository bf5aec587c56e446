// A batch's inputs (inputs.h).
#include "batch/inputs.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <mutex>

#include "io/archive_input.h"

namespace pith::batch {
namespace {

// stdin's first bytes are read once and kept (a pipe cannot be read twice).
constexpr std::size_t kSniffBytes = 1 << 16;

// Bytes IsArchive read from stdin (read(2) on fd 0, never stdio, so nothing is buffered elsewhere).
std::mutex g_stdin_mu;
std::string g_stdin_prefix;
bool g_stdin_sniffed = false;

// Reads from fd 0 until `limit` bytes are in *out or the input ends.
void ReadStdin(std::size_t limit, std::string* out) {
  char buf[1 << 16];
  while (out->size() < limit) {
    const ssize_t n = read(0, buf, std::min(sizeof buf, limit - out->size()));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out->append(buf, static_cast<std::size_t>(n));
  }
}

// The kept bytes of stdin, read first if IsArchive did not.
std::string TakeStdinPrefix() {
  const std::lock_guard lock(g_stdin_mu);
  if (!g_stdin_sniffed) {
    ReadStdin(kSniffBytes, &g_stdin_prefix);
    g_stdin_sniffed = true;
  }
  std::string prefix = std::move(g_stdin_prefix);
  g_stdin_prefix.clear();
  return prefix;
}

}  // namespace

bool IsArchive(const io::InputItem& item, const std::string& input) {
  if (input != "auto") return input == "warc";
  if (!item.error.ok()) return false;
  if (!item.path.empty()) return io::IsArchiveFile(item);
  const std::lock_guard lock(g_stdin_mu);
  if (!g_stdin_sniffed) {
    ReadStdin(kSniffBytes, &g_stdin_prefix);
    g_stdin_sniffed = true;
  }
  return io::StartsAnArchive(g_stdin_prefix);
}

Status ReadPage(const io::InputItem& item, std::size_t max_bytes, std::string* out) {
  bool sniffed = false;
  {
    const std::lock_guard lock(g_stdin_mu);
    sniffed = g_stdin_sniffed;
  }
  if (!(item.path.empty() && item.error.ok() && sniffed)) return io::ReadPageFile(item, max_bytes, out);
  *out = TakeStdinPrefix();
  ReadStdin(max_bytes + 1, out);
  if (out->size() > max_bytes) {
    out->clear();
    return Status(StatusCode::kTooLarge, "input exceeds the limit of " + std::to_string(max_bytes) + " bytes");
  }
  return io::InflateIfGzip(max_bytes, out);
}

std::unique_ptr<WarcReader> OpenArchive(const io::InputItem& item, std::size_t max_record_bytes,
                                        std::size_t read_ahead, Status* status, std::uint64_t* size) {
  WarcReaderOptions ro;
  ro.max_record_bytes = max_record_bytes;
  ro.read_ahead = read_ahead;
  *size = 0;
  if (item.path.empty()) return WarcReader::OpenFd(0, ro, TakeStdinPrefix());
  std::unique_ptr<WarcReader> reader = WarcReader::Open(item.path, ro, status);
  struct stat st {};
  if (reader && stat(item.path.c_str(), &st) == 0) *size = static_cast<std::uint64_t>(st.st_size);
  return reader;
}

}  // namespace pith::batch
