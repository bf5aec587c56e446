// What `pith extract` shows on stderr (terminal.h).
#include "terminal.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <system_error>

#include "commands.h"

namespace pith::cli {

bool MakeFolder(const std::string& dir, std::string_view what) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) std::cerr << "pith: cannot create " << what << " " << dir << ": " << ec.message() << "\n";
  return !ec;
}

void TerminalObserver::Complain(const std::string& line) {
  std::cerr << (progress_ && plan_.mode == batch::Mode::kArchives ? "\r\033[K" : "") << "pith: " << line << "\n";
}

void TerminalObserver::InputDone(std::size_t input, const batch::Counts& counts) {
  if (plan_.mode != batch::Mode::kArchives) return;
  if (plan_.archive[input]) {
    if (progress_) std::cerr << "\r\033[K" << std::flush;
    std::cerr << "pith: " << plan_.names[input] << ": " << counts.Line() << "\n";
  }
  per_input_.push_back({{"input", plan_.names[input]}, {"counts", counts.Json()}});
}

// "crawl.warc.gz  42% 120/285 MB  1234 rec/s  14.1 MB/s  ETA 0:12", at most 4 times a second;
// without the percent, total and ETA when the size is unknown (stdin).
void TerminalObserver::Progress(std::size_t input, const batch::Counts& counts, std::uint64_t done,
                                std::uint64_t size) {
  if (!progress_) return;
  const auto now = std::chrono::steady_clock::now();
  if (input != progress_input_) {
    progress_input_ = input;
    start_ = last_ = now;
  }
  if (now - last_ < std::chrono::milliseconds(250)) return;
  last_ = now;
  const std::string& name = plan_.names[input];
  const double secs = std::max(1e-3, std::chrono::duration<double>(now - start_).count());
  const double mb = static_cast<double>(done) / 1e6, total = static_cast<double>(size) / 1e6;
  const double rate = mb / secs;
  char line[256];
  if (size > 0) {
    const int left = rate > 0 ? static_cast<int>((total - mb) / rate) : 0;
    std::snprintf(line, sizeof line, "\r%s  %3.0f%% %.0f/%.0f MB  %.0f rec/s  %.1f MB/s  ETA %d:%02d\033[K",
                  std::filesystem::path(name).filename().c_str(), 100.0 * mb / total, mb, total,
                  static_cast<double>(counts.records) / secs, rate, left / 60, left % 60);
  } else {
    std::snprintf(line, sizeof line, "\r%s  %.0f MB  %.0f rec/s  %.1f MB/s\033[K", name.c_str(), mb,
                  static_cast<double>(counts.records) / secs, rate);
  }
  std::cerr << line << std::flush;
}

}  // namespace pith::cli
