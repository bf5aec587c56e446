// Online mode glue: URLs → fetch (fetch/fetch.h, in input order) → extract → the offline formats.
// Every URL yields exactly one record; a fetch failure becomes a record whose error.kind is the
// fetch error (bad_url, dns, connect, timeout, tls, too_many_redirects, http_status, too_large,
// not_html, network). Extraction runs on the calling thread as results are delivered.
#include "urls.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>

#include "commands.h"
#include "fetch/url_list.h"
#include "pith/pith.h"
#include "render/formats.h"

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

struct Record {
  bool failed = false;
  std::string kind, message;  // of a failure
  std::string rendered;
};

nlohmann::json RecordJson(const io::FetchResult& f, const Result* r, const OnlineOutput& out) {
  nlohmann::json j;
  if (!f.ok()) {
    const std::string kind(io::FetchErrorName(f.error));
    j = render::ErrorJson(f.url, Status(StatusCode::kIoError, f.message));
    j["status"] = kind;
    j["error"]["kind"] = kind;
  } else {
    j = render::ToJson(*r, f.url, out.blocks, nullptr, out.links);
    j["page_url"] = j.value("url", "");
  }
  j["url"] = f.url;
  j["final_url"] = f.final_url;
  j["http_status"] = f.http_status;
  j["content_type"] = f.content_type;
  j["fetch_ms"] = static_cast<long long>(f.seconds * 1000.0 + 0.5);
  j["attempts"] = f.attempts;
  return j;
}

Record MakeRecord(const io::FetchResult& f, const Extractor& extractor, const OnlineOutput& out) {
  Record rec;
  Result result;
  if (f.ok()) {
    PageInfo info;
    info.url = f.final_url.empty() ? f.url : f.final_url;
    info.charset = f.charset;
    result = extractor.Extract(f.body, info);
    if (!result.status.ok() && result.status.code() != StatusCode::kNoContent) {
      rec.failed = true;
      rec.kind = std::string(StatusCodeName(result.status.code()));
      rec.message = result.status.message();
    }
  } else {
    rec.failed = true;
    rec.kind = std::string(io::FetchErrorName(f.error));
    rec.message = f.message;
  }
  if (out.format == "json" || out.format == "jsonl") {
    const nlohmann::json j = RecordJson(f, f.ok() ? &result : nullptr, out);
    rec.rendered = out.format == "json" ? render::DumpJson(j, 2) + "\n" : render::DumpJson(j) + "\n";
  } else if (!rec.failed) {
    rec.rendered = render::ToPlainFormat(out.format, result, out.links);
  }
  return rec;
}

// --save-html: DIR/NNNNNN.html plus a line in DIR/urls.tsv (file, requested URL, final URL, charset).
bool SaveHtml(const std::string& dir, std::size_t i, const io::FetchResult& f, std::ofstream& index) {
  const std::string name = IndexName(i) + ".html";
  std::ofstream file(dir + "/" + name, std::ios::binary);
  file << f.body;
  index << name << '\t' << f.url << '\t' << f.final_url << '\t' << f.charset << '\n';
  return static_cast<bool>(file) && static_cast<bool>(index);
}

}  // namespace

void AddOnlineFlags(CLI::App* cmd, OnlineArgs& a) {
  io::FetchOptions& f = a.fetch;
  const std::string group = "Online mode (URL arguments or --urls)";
  cmd->add_option("--urls", a.urls_file, "read URLs from FILE, one per line (# comments; - = stdin)")->group(group);
  cmd->add_option("--concurrency", f.max_connections, "transfers in flight over all hosts (default 16)")
      ->check(CLI::Range(1, 1024))->group(group);
  cmd->add_option("--per-host", f.max_per_host, "transfers in flight per host (default 2)")
      ->check(CLI::Range(1, 1024))->group(group);
  cmd->add_option("--per-host-delay", f.per_host_delay, "seconds between two requests to one host (default 0)")
      ->check(CLI::Range(0.0, 3600.0))->group(group);
  cmd->add_option("--connect-timeout", f.connect_timeout, "seconds to connect (default 10)")
      ->check(CLI::Range(0.001, 3600.0))->group(group);
  cmd->add_option("--timeout", f.timeout, "seconds for a whole transfer incl. redirects (default 30)")
      ->check(CLI::Range(0.001, 86400.0))->group(group);
  cmd->add_option("--max-redirects", f.max_redirects, "redirects followed (default 10)")
      ->check(CLI::Range(0, 100))->group(group);
  cmd->add_option("--max-body", f.max_body_bytes, "largest decoded body in bytes (default 16 MiB)")->group(group);
  cmd->add_option("--user-agent", f.user_agent, "User-Agent header")->group(group);
  cmd->add_option("--retries", f.retries, "retries of timeouts, dropped connections, 429, 5xx (default 2)")
      ->check(CLI::Range(0, 20))->group(group);
  cmd->add_option("--backoff", f.backoff, "seconds before the first retry, doubled each time (default 1); "
                  "a Retry-After header wins (capped at 60 s)")
      ->check(CLI::Range(0.0, 3600.0))->group(group);
  cmd->add_option("--save-html", a.save_html, "keep fetched pages in DIR (NNNNNN.html + urls.tsv) to replay offline")
      ->group(group);
  cmd->add_flag("--allow-file-urls", f.allow_file_urls, "also read file:// URLs (refused by default)")->group(group);
}

bool WantsOnline(const OnlineArgs& a, const std::vector<std::string>& positional) {
  if (!a.urls_file.empty()) return true;
  for (const std::string& p : positional) {
    if (io::LooksLikeUrl(p)) return true;
  }
  return false;
}

int RunOnline(const OnlineArgs& a, const std::vector<std::string>& positional, const OnlineOutput& out) {
  std::vector<std::string> urls = positional;
  if (!a.urls_file.empty()) {
    std::vector<std::string> listed;
    if (Status s = io::ReadUrlList(a.urls_file, &listed); !s.ok()) {
      std::cerr << "pith: " << s.ToString() << "\n";
      return kExitFatal;
    }
    urls.insert(urls.end(), listed.begin(), listed.end());
  }
  if (urls.empty()) return kExitOk;
  if (!out.out_dir.empty() && !MakeFolder(out.out_dir, "folder")) return kExitFatal;
  std::ofstream saved_index;
  if (!a.save_html.empty()) {
    if (!MakeFolder(a.save_html, "folder")) return kExitFatal;
    saved_index.open(a.save_html + "/urls.tsv", std::ios::binary);
  }
  io::FetchOptions fetch = a.fetch;
  fetch.progress = isatty(STDERR_FILENO) != 0;
  const Extractor extractor(out.options);
  const bool text = render::IsPlainFormat(out.format);
  const bool json_array = out.format == "json" && out.out_dir.empty() && urls.size() > 1;
  bool any_failed = false;
  if (json_array) std::cout << "[\n";

  const std::function<std::string(std::size_t)> url_at = [&](std::size_t i) { return urls[i]; };
  const std::function<void(std::size_t, io::FetchResult&)> deliver = [&](std::size_t i, io::FetchResult& f) {
    if (!a.save_html.empty() && f.ok() && !SaveHtml(a.save_html, i, f, saved_index)) {
      std::cerr << "pith: cannot save " << f.url << " into " << a.save_html << "\n";
      any_failed = true;
    }
    const Record rec = MakeRecord(f, extractor, out);
    if (rec.failed) {
      any_failed = true;
      std::cerr << "pith: " << f.url << ": " << rec.kind << ": " << rec.message << "\n";
    }
    if (!out.out_dir.empty()) {
      const bool text_error = rec.failed && text;
      const std::string path = out.out_dir + "/" + UrlStem(i, f.url) + (text_error ? ".error" : render::FileExtension(out.format == "html" ? "text" : out.format));
      std::ofstream file(path, std::ios::binary);
      file << (text_error ? f.url + ": " + rec.kind + ": " + rec.message + "\n" : rec.rendered);
      if (!file) {
        std::cerr << "pith: cannot write " << path << "\n";
        any_failed = true;
      }
      return;
    }
    if (json_array) {
      std::string body = rec.rendered;
      if (!body.empty() && body.back() == '\n') body.pop_back();
      std::cout << body << (i + 1 < urls.size() ? ",\n" : "\n");
    } else {
      if (urls.size() > 1 && text) std::cout << "==> " << f.url << " <==\n";
      std::cout << rec.rendered;
      if (urls.size() > 1 && text) std::cout << "\n";
    }
    std::cout.flush();
  };
  io::FetchAll(urls.size(), url_at, deliver, fetch);
  if (json_array) std::cout << "]\n";
  return any_failed ? kExitSomeFailed : kExitOk;
}

}  // namespace pith::cli
