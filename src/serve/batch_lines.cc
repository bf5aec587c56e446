// POST /v1/batch's lines as batch tasks (batch_lines.h).
#include "serve/batch_lines.h"

#include <algorithm>

#include "fetch/fetched_task.h"
#include "serve/request.h"

namespace pith::serve {
namespace {

bool Blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

batch::Task FailedTask(std::string name, std::string kind, std::string message) {
  batch::Task t;
  t.kind = batch::Task::Kind::kFailed;
  t.name = std::move(name);
  t.kind_name = std::move(kind);
  t.status = Status(StatusCode::kInvalidArgument, std::move(message));
  return t;
}

}  // namespace

io::FetchResult FetchOne(const std::string& url, io::FetchOptions options, double budget, Metrics& metrics) {
  options.timeout = std::min(options.timeout, budget);
  options.progress = false;
  options.window = 1;
  io::FetchResult fetched;
  io::FetchAll(
      1, [&](std::size_t) { return url; }, [&](std::size_t, io::FetchResult& f) { fetched = std::move(f); }, options);
  metrics.Fetch(fetched.ok() ? "ok" : io::FetchErrorName(fetched.error));
  return fetched;
}

HostGate::HostGate(int per_host, double delay)
    : per_host_(std::max(1, per_host)),
      delay_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::max(0.0, delay)))) {}

bool HostGate::Enter(const std::string& host, Clock::time_point deadline) {
  std::unique_lock lock(mu_);
  while (true) {
    if (closed_) return false;
    Host& h = hosts_[host];
    const Clock::time_point now = Clock::now();
    if (h.active < per_host_ && now >= h.next_start) {
      ++h.active;
      h.next_start = now + delay_;
      return true;
    }
    if (now >= deadline) return false;
    // A free slot waits out the delay; a full host waits for a Leave (or the deadline).
    cv_.wait_until(lock, h.active < per_host_ ? std::min(deadline, h.next_start) : deadline);
  }
}

void HostGate::Leave(const std::string& host) {
  {
    const std::lock_guard lock(mu_);
    auto it = hosts_.find(host);
    if (--it->second.active == 0 && it->second.next_start <= Clock::now()) hosts_.erase(it);
  }
  cv_.notify_all();
}

void HostGate::Close() {
  {
    const std::lock_guard lock(mu_);
    closed_ = true;
  }
  cv_.notify_all();
}

BatchLines::BatchLines(HttpApp::Stream& stream, std::size_t max_line, const io::FetchOptions& fetch, double budget,
                       Metrics& metrics)
    : stream_(stream),
      max_line_(max_line),
      fetch_(fetch),
      budget_(budget),
      metrics_(metrics),
      gate_(fetch.max_per_host, fetch.per_host_delay),
      reader_([this] { Read(); }) {}

BatchLines::~BatchLines() {
  {
    const std::lock_guard lock(mu_);
    closed_ = true;
  }
  cv_.notify_all();
  gate_.Close();
  reader_.join();
  for (const auto& slot : slots_) {
    if (slot->fetch.joinable()) slot->fetch.join();
  }
}

void BatchLines::Read() {
  LineSplitter splitter(max_line_);
  bool eof = false;
  std::string piece;
  const auto next_line = [&](LineSplitter::Line* line) {
    while (!splitter.Next(line)) {
      if (eof) return splitter.Finish(line);
      if (stream_.ReadBody(&piece)) {
        splitter.Feed(piece);
      } else {
        eof = true;
      }
    }
    return true;
  };
  std::size_t number = 0;
  LineSplitter::Line line;
  while (true) {
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return closed_ || slots_.size() < kAhead; });
      if (closed_) break;
    }
    if (!next_line(&line)) break;
    ++number;
    if (!line.too_long && Blank(line.text)) continue;
    auto slot = std::make_unique<Slot>();
    const std::string name = "line " + std::to_string(number);  // a record's input when the line names none
    if (line.too_long) {
      slot->task = FailedTask(name, "too_large",
                              "the line is longer than the limit (" + std::to_string(max_line_) + " bytes)");
      slot->ready = true;
    } else if (BatchLine b = ParseBatchLine(line.text); !b.error.empty()) {
      slot->task = FailedTask(name, "bad_request", b.error);
      slot->ready = true;
    } else if (b.html) {
      batch::Task& t = slot->task;
      t.kind = batch::Task::Kind::kPage;
      t.loaded = true;
      t.name = b.url.empty() ? name : b.url;
      t.info.url = b.url;
      t.info.charset = b.charset;
      t.bytes = std::move(*b.html);
      slot->ready = true;
    } else {
      Slot* s = slot.get();
      slot->fetch = std::thread([this, s, url = std::move(b.url)] {
        batch::Task t = Fetch(url);
        {
          const std::lock_guard lock(mu_);
          s->task = std::move(t);
          s->ready = true;
        }
        cv_.notify_all();
      });
    }
    {
      const std::lock_guard lock(mu_);
      slots_.push_back(std::move(slot));
    }
    cv_.notify_all();
  }
  {
    const std::lock_guard lock(mu_);
    done_ = true;
  }
  cv_.notify_all();
}

batch::Task BatchLines::Fetch(const std::string& url) {
  const std::string host = io::HostKey(url);  // "" for a URL the fetcher refuses at once
  if (host.empty()) {
    io::FetchResult f = FetchOne(url, fetch_, budget_, metrics_);
    return io::FetchedTask(f);
  }
  using Clock = HostGate::Clock;
  const Clock::time_point start = Clock::now();
  const auto budget = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(budget_));
  if (!gate_.Enter(host, start + budget)) {
    io::FetchResult f;
    f.url = url;
    f.error = io::FetchError::kTimeout;
    f.message = "no fetch of " + host + " could start within the request timeout (--per-host, --per-host-delay)";
    f.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    metrics_.Fetch(io::FetchErrorName(f.error));
    return io::FetchedTask(f);
  }
  const double waited = std::chrono::duration<double>(Clock::now() - start).count();
  io::FetchResult f = FetchOne(url, fetch_, std::max(0.001, budget_ - waited), metrics_);
  gate_.Leave(host);
  return io::FetchedTask(f);
}

bool BatchLines::Next(batch::Task* task) {
  std::unique_ptr<Slot> slot;
  {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return (!slots_.empty() && slots_.front()->ready) || (slots_.empty() && done_); });
    if (slots_.empty()) return false;
    slot = std::move(slots_.front());
    slots_.pop_front();
  }
  cv_.notify_all();
  if (slot->fetch.joinable()) slot->fetch.join();
  *task = std::move(slot->task);
  return true;
}

}  // namespace pith::serve
