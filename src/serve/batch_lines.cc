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

BatchLines::BatchLines(HttpApp::Stream& stream, std::size_t max_line, const io::FetchOptions& fetch, double budget,
                       Metrics& metrics)
    : stream_(stream),
      max_line_(max_line),
      fetch_(fetch),
      budget_(budget),
      metrics_(metrics),
      reader_([this] { Read(); }) {}

BatchLines::~BatchLines() {
  {
    const std::lock_guard lock(mu_);
    closed_ = true;
  }
  cv_.notify_all();
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
        io::FetchResult f = FetchOne(url, fetch_, budget_, metrics_);
        batch::Task t = io::FetchedTask(f);
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
