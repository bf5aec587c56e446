// POST /v1/batch's body as tasks of the batch driver (batch/driver.h, through a CallbackSource):
// a thread of its own reads the body line by line as the client sends it; each non-blank line
// becomes one task, in line order: an inline page ({"html": ...}), a URL to fetch ({"url": ...},
// fetched behind the server's forgery guard on a thread of its own as soon as the line is read, so
// the URL lines of a batch fetch together), or a failure (bad_request for a line that is neither,
// too_large for a line longer than the limit). The URL lines keep the fetcher's politeness as
// `pith extract URL...` does: at most max_per_host of one host's fetches in flight, and their starts
// per_host_delay seconds apart (HostGate). At most kAhead lines are held ahead of the one the
// driver takes next, so memory is bounded by kAhead lines whatever the size of the batch.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "batch/driver.h"
#include "fetch/fetch.h"
#include "serve/http_server.h"
#include "serve/metrics.h"

namespace pith::serve {

// Fetches one URL within `budget` seconds (the whole transfer), counting it in `metrics`.
io::FetchResult FetchOne(const std::string& url, io::FetchOptions options, double budget, Metrics& metrics);

// Holds fetches of one host back while `per_host` of them are in flight or until `delay` seconds
// have passed since the last one started; fetches of other hosts go on meanwhile.
class HostGate {
 public:
  using Clock = std::chrono::steady_clock;
  HostGate(int per_host, double delay);
  // Waits for `host`'s turn and takes it (true); false if `deadline` comes first or the gate closes.
  bool Enter(const std::string& host, Clock::time_point deadline);
  void Leave(const std::string& host);
  // Lets every waiting and later Enter return false at once.
  void Close();

 private:
  struct Host {
    int active = 0;
    Clock::time_point next_start{};
  };
  const int per_host_;
  const Clock::duration delay_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<std::string, Host> hosts_;
  bool closed_ = false;
};

class BatchLines {
 public:
  static constexpr std::size_t kAhead = 16;

  BatchLines(HttpApp::Stream& stream, std::size_t max_line, const io::FetchOptions& fetch, double budget,
             Metrics& metrics);
  // Stops reading (the stream has failed or ended by then) and waits for the fetches begun.
  ~BatchLines();
  BatchLines(const BatchLines&) = delete;
  BatchLines& operator=(const BatchLines&) = delete;

  // The next line's task, once it is ready (fetched); false after the last line.
  bool Next(batch::Task* task);

 private:
  struct Slot {
    bool ready = false;
    batch::Task task;
    std::thread fetch;
  };
  void Read();
  batch::Task Fetch(const std::string& url);

  HttpApp::Stream& stream_;
  const std::size_t max_line_;
  const io::FetchOptions fetch_;
  const double budget_;
  Metrics& metrics_;
  HostGate gate_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::unique_ptr<Slot>> slots_;
  bool done_ = false, closed_ = false;
  std::thread reader_;  // last: it starts once the members above exist
};

}  // namespace pith::serve
