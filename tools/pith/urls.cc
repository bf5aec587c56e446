// Online mode (urls.h): URLs → fetch (fetch/fetch.h, on a thread of its own, in input order) → the
// batch driver → the offline formats. Every URL yields exactly one record; a fetch failure becomes a
// record whose error.kind is the fetch error (bad_url, dns, connect, timeout, tls,
// too_many_redirects, http_status, too_large, not_html, network).
#include "urls.h"

#include <unistd.h>

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fstream>
#include <iostream>
#include <mutex>
#include <thread>

#include "batch/driver.h"
#include "batch/sinks.h"
#include "commands.h"
#include "fetch/fetched_task.h"
#include "fetch/url_list.h"
#include "terminal.h"

namespace pith::cli {
namespace {

// "000042" — fixed width keeps `ls` order equal to input order for runs below a million URLs.
std::string IndexName(std::size_t i) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%06zu", i + 1);
  return buf;
}

// Output stem for URL i: index plus the URL's host, with anything but [A-Za-z0-9.-] dropped.
std::string UrlStem(std::size_t i, const std::string& url) {
  std::string host;
  const std::size_t start = url.find("://");
  if (start != std::string::npos) {
    for (std::size_t k = start + 3; k < url.size() && url[k] != '/' && url[k] != ':' && host.size() < 64; ++k) {
      const char c = url[k];
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-') {
        host.push_back(c);
      }
    }
  }
  return host.empty() ? IndexName(i) : IndexName(i) + "-" + host;
}

// --save-html: DIR/NNNNNN.html plus a line in DIR/urls.tsv (file, requested URL, final URL, charset).
bool SaveHtml(const std::string& dir, std::size_t i, const io::FetchResult& f, std::ofstream& index) {
  const std::string name = IndexName(i) + ".html";
  std::ofstream file(dir + "/" + name, std::ios::binary);
  file << f.body;
  index << name << '\t' << f.url << '\t' << f.final_url << '\t' << f.charset << '\n';
  return static_cast<bool>(file) && static_cast<bool>(index);
}

// The fetcher as the batch's source: FetchAll runs on its own thread and hands each result, in
// input order, to a queue of at most kQueue tasks that the batch's workers take from.
class FetchSource : public batch::Source {
 public:
  FetchSource(const std::vector<std::string>& urls, const io::FetchOptions& fetch, const std::string& save_dir,
              std::ofstream* index)
      : thread_([this, &urls, fetch, save_dir, index] {
          const std::function<std::string(std::size_t)> url_at = [&](std::size_t i) { return urls[i]; };
          const std::function<void(std::size_t, io::FetchResult&)> deliver = [&](std::size_t i, io::FetchResult& f) {
            const bool unsaved = !save_dir.empty() && f.ok() && !SaveHtml(save_dir, i, f, *index);
            batch::Task t = io::FetchedTask(f);
            if (unsaved) t.notice = "cannot save " + f.url + " into " + save_dir;
            t.input = i;
            std::unique_lock lock(mu_);
            cv_.wait(lock, [&] { return queue_.size() < kQueue || closed_; });
            if (!closed_) queue_.push_back(std::move(t));
            cv_.notify_all();
          };
          io::FetchAll(urls.size(), url_at, deliver, fetch);
          const std::lock_guard lock(mu_);
          done_ = true;
          cv_.notify_all();
        }) {}

  ~FetchSource() override {
    {
      const std::lock_guard lock(mu_);
      closed_ = true;  // a stopped batch takes no more
      cv_.notify_all();
    }
    thread_.join();
  }

  bool Next(batch::Task* t) override {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return !queue_.empty() || done_; });
    if (queue_.empty()) return false;
    *t = std::move(queue_.front());
    queue_.pop_front();
    cv_.notify_all();
    return true;
  }

 private:
  static constexpr std::size_t kQueue = 16;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<batch::Task> queue_;
  bool done_ = false, closed_ = false;
  std::thread thread_;  // last: it starts once the members above exist
};

void PrintLine(const std::string& line) { std::cerr << "pith: " << line << "\n"; }

}  // namespace

bool WantsOnline(const batch::Settings& s, const std::vector<std::string>& positional) {
  if (!s.online.urls_file.empty()) return true;
  for (const std::string& p : positional) {
    if (io::LooksLikeUrl(p)) return true;
  }
  return false;
}

int RunOnline(const batch::Settings& s, const std::vector<std::string>& positional) {
  std::vector<std::string> urls = positional;
  if (!s.online.urls_file.empty()) {
    std::vector<std::string> listed;
    if (Status st = io::ReadUrlList(s.online.urls_file, &listed); !st.ok()) {
      PrintLine(st.ToString());
      return kExitFatal;
    }
    urls.insert(urls.end(), listed.begin(), listed.end());
  }
  if (urls.empty()) return kExitOk;
  if (!s.out_dir.empty() && !MakeFolder(s.out_dir, "folder")) return kExitFatal;
  std::ofstream saved_index;
  if (!s.online.save_html.empty()) {
    if (!MakeFolder(s.online.save_html, "folder")) return kExitFatal;
    saved_index.open(s.online.save_html + "/urls.tsv", std::ios::binary);
  }
  io::FetchOptions fetch = s.online.fetch;
  fetch.progress = isatty(STDERR_FILENO) != 0;
  batch::Plan plan;
  plan.archive.assign(urls.size(), false);
  plan.names = urls;
  for (std::size_t i = 0; i < urls.size(); ++i) plan.stems.push_back(UrlStem(i, urls[i]));
  const batch::Runner runner(s, std::make_shared<const Extractor>(s.options), batch::Mode::kPages);
  std::unique_ptr<batch::Sink> sink;
  if (s.out_dir.empty()) {
    sink = std::make_unique<batch::StreamSink>(std::cout, s, plan, PrintLine);
  } else {
    sink = std::make_unique<batch::FolderSink>(s.out_dir, s, plan, PrintLine);
  }
  TerminalObserver observer(plan, false);
  batch::Summary summary;
  {
    FetchSource source(urls, fetch, s.online.save_html, &saved_index);
    summary = batch::RunBatch(runner, source, *sink, observer, s.jobs);
  }
  return summary.ok() ? kExitOk : kExitSomeFailed;
}

}  // namespace pith::cli
