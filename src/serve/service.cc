// `pith serve`'s routes (see service.h).
#include "serve/service.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <mutex>

#include <nlohmann/json.hpp>

#include "batch/driver.h"
#include "batch/option_table.h"
#include "fetch/fetch.h"
#include "fetch/fetched_task.h"
#include "io/warc_stream.h"
#include "pith/pith.h"
#include "render/formats.h"
#include "serve/batch_lines.h"
#include "serve/page.h"
#include "serve/request.h"

namespace pith::serve {
namespace {

std::string Json(const nlohmann::json& j) { return render::DumpJson(j) + "\n"; }

HttpResponse JsonResponse(int status, const nlohmann::json& j, std::string kind) {
  HttpResponse r;
  r.status = status;
  r.body = Json(j);
  r.log_kind = std::move(kind);
  return r;
}

// An error record as the tool writes it ({input, text, status, error: {kind, message}}).
nlohmann::json ErrorRecord(std::string_view input, std::string_view kind, const std::string& message) {
  nlohmann::json j = render::ErrorJson(input, Status(StatusCode::kInvalidArgument, message));
  j["status"] = kind;
  j["error"]["kind"] = kind;
  return j;
}

HttpResponse ErrorResponse(int status, std::string_view input, std::string_view kind, const std::string& message) {
  return JsonResponse(status, ErrorRecord(input, kind, message), std::string(kind));
}

std::string IsoNow() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
  return buf;
}

bool ConstantTimeEqual(std::string_view a, std::string_view b) {
  unsigned diff = a.size() == b.size() ? 0u : 1u;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned>(a[i] ^ (i < b.size() ? b[i] : 0));
  return diff == 0;
}

std::string PathOf(const std::string& target) { return target.substr(0, target.find('?')); }

bool IsJson(const std::string& format) { return format == "json" || format == "jsonl"; }

std::string ContentTypeOf(const std::string& format) {
  if (IsJson(format)) return "application/json";
  if (format == "markdown") return "text/markdown; charset=utf-8";
  if (format == "html") return "text/html; charset=utf-8";
  return "text/plain; charset=utf-8";  // text, paper
}

// A record's kind from its category: "ok", "no_content", or the error's ("error:timeout" → "timeout").
std::string KindOf(const std::string& category) {
  return category.starts_with("error:") ? category.substr(6) : category;
}

// A request's settings: the server's defaults, then its query; "" or what is wrong.
std::string RequestSettings(const std::string& target, const batch::Settings& defaults, batch::Settings* settings) {
  *settings = defaults;
  const auto t = ParseTarget(target);
  return t ? ApplyQuery(t->query, settings) : "malformed query string";
}

const char* KindName(batch::OptionKind kind) {
  switch (kind) {
    case batch::OptionKind::kFlag: return "flag";
    case batch::OptionKind::kBool: return "bool";
    case batch::OptionKind::kInt: return "int";
    case batch::OptionKind::kBytes: return "bytes";
    case batch::OptionKind::kNumber: return "number";
    case batch::OptionKind::kText: return "text";
    case batch::OptionKind::kChoice: return "choice";
    case batch::OptionKind::kList: return "list";
  }
  return "text";
}

// GET /v1/options: every query parameter with its kind, group, the server's default and help.
nlohmann::json OptionsJson(const batch::Settings& defaults) {
  nlohmann::json list = nlohmann::json::array();
  for (const batch::OptionSpec& spec : batch::OptionTable()) {
    if (!(spec.fronts & batch::kServer)) continue;
    nlohmann::json o = {{"name", spec.keyword},
                        {"group", batch::OptionGroupName(spec.group)},
                        {"kind", KindName(spec.kind)},
                        {"default", spec.get(defaults)},
                        {"help", spec.help}};
    if (!spec.choices.empty()) o["choices"] = spec.choices;
    if (spec.min < spec.max) {
      o["min"] = spec.min;
      o["max"] = spec.max;
    }
    list.push_back(std::move(o));
  }
  nlohmann::json out = nlohmann::json::object();
  out["options"] = std::move(list);
  return out;
}

// POST /v1/batch's records, written to the response as the driver hands them over, in order.
class ChunkSink : public batch::Sink {
 public:
  ChunkSink(HttpApp::Stream& stream, Metrics& metrics) : stream_(stream), metrics_(metrics) {}
  void Write(const batch::Record& record) override {
    const std::string kind = KindOf(record.category);
    metrics_.Record(kind);
    ++records_;
    failed_ += StatusForKind(kind) != 200;
    if (!stopped_ && !stream_.Write(record.rendered)) stopped_ = true;
  }
  bool Stopped() const override { return stopped_; }
  std::uint64_t records() const { return records_; }
  std::uint64_t failed() const { return failed_; }

 private:
  HttpApp::Stream& stream_;
  Metrics& metrics_;
  std::uint64_t records_ = 0, failed_ = 0;
  bool stopped_ = false;
};

// A batch's failures are in its records, not on a terminal.
class QuietObserver : public batch::Observer {
 public:
  void Complain(const std::string&) override {}
};

void NoComplaint(const std::string&) {}

}  // namespace

int StatusForKind(std::string_view kind) {
  if (kind == "ok" || kind == "no_content") return 200;
  if (kind == "invalid_argument" || kind == "bad_request" || kind == "bad_url" || kind == "empty_input") return 400;
  if (kind == "forbidden_address") return 403;
  if (kind == "too_large") return 413;
  if (kind == "not_html") return 415;
  if (kind == "timeout") return 504;
  if (kind == "dns" || kind == "connect" || kind == "tls" || kind == "too_many_redirects" || kind == "http_status" ||
      kind == "network") {
    return 502;
  }
  return 500;
}

struct Service::Impl {
  std::mutex log_mu;
};

Service::Service(ServiceConfig config) : impl_(std::make_unique<Impl>()), config_(std::move(config)) {}
Service::~Service() = default;

HttpResponse Service::Answer(const batch::Settings& settings, batch::Task& task, const io::FetchResult* fetched) {
  std::shared_ptr<const Extractor> extractor;
  if (const Status st = batch::MakeExtractor(settings, batch::kServer, NoComplaint, &extractor); !st.ok()) {
    return ErrorResponse(400, task.name, "bad_request", st.message());
  }
  const auto start = std::chrono::steady_clock::now();
  batch::Record record = batch::Runner(settings, extractor, batch::Mode::kPages).Do(task);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  char timing[96];
  std::snprintf(timing, sizeof timing, "extract;dur=%.1f", ms);
  const std::string kind = KindOf(record.category);
  metrics_.Record(kind);
  HttpResponse r;
  r.status = StatusForKind(kind);
  r.log_kind = kind;
  r.headers.emplace_back("Server-Timing", fetched ? "fetch;dur=" + std::to_string(static_cast<long long>(
                                                                       fetched->seconds * 1000)) + ", " + timing
                                                  : std::string(timing));
  if (r.status != 200 && !IsJson(settings.format)) {
    // An error is its JSON record in every format (the text formats have no place for one).
    batch::Settings json = settings;
    json.format = "jsonl";
    record = batch::Runner(json, extractor, batch::Mode::kPages).Do(task);
  } else {
    r.content_type = ContentTypeOf(settings.format);
    if (!IsJson(settings.format)) r.headers.emplace_back("X-Pith-Status", kind);  // no_content is a 200 too
    if (settings.format == "html") {
      // The purified page is the visited site's markup: it may not run anything or load anything.
      r.headers.emplace_back("Content-Security-Policy",
                             "default-src 'none'; img-src *; style-src 'unsafe-inline'; sandbox");
    }
  }
  r.body = std::move(record.rendered);
  return r;
}

bool Service::Route(const HttpRequest& head, Mode* mode, HttpResponse* early) {
  const std::string path = PathOf(head.target);
  *mode = Mode::kInline;
  early->endpoint = "other";
  if (head.method == "OPTIONS") {  // CORS preflight
    early->status = 204;
    early->endpoint = "preflight";
    early->content_type.clear();
    return false;
  }
  const bool page = path == "/" || path == "/app.js" || path == "/app.css";
  const bool open = page || path == "/healthz";
  if (!config_.tokens.empty() && !open) {
    const std::string& auth = head.Header("authorization");
    bool ok = false;
    if (auth.size() > 7 && (auth.compare(0, 7, "Bearer ") == 0 || auth.compare(0, 7, "bearer ") == 0)) {
      for (const std::string& t : config_.tokens) ok |= ConstantTimeEqual(auth.substr(7), t);
    }
    if (!ok) {
      *early = ErrorResponse(401, "-", "unauthorized", "a valid bearer token is needed (Authorization: Bearer TOKEN)");
      early->headers.emplace_back("WWW-Authenticate", "Bearer");
      early->endpoint = path.starts_with("/v1/") ? path : "other";
      return false;
    }
  }
  const bool get = head.method == "GET";
  if (path == "/v1/extract") {
    if (head.method == "POST") {
      *mode = Mode::kWorker;
      return true;
    }
    if (get) {
      *mode = Mode::kStream;  // a fetch: on a thread of its own, not a worker
      return true;
    }
  } else if (path == "/v1/batch") {
    if (head.method == "POST") {
      *mode = Mode::kStream;
      return true;
    }
  } else if (!ShortFormUrl(head.target).empty()) {
    if (get) {
      *mode = Mode::kStream;
      return true;
    }
  } else if (open || path == "/metrics" || path == "/v1/options") {
    if (get) return true;
  } else {
    *early = ErrorResponse(404, "-", "not_found", "no such endpoint: " + path);
    return false;
  }
  *early = ErrorResponse(405, "-", "method_not_allowed", head.method + " is not allowed on " + path);
  return false;
}

HttpResponse Service::Handle(HttpRequest& request, double queued) {
  const std::string path = PathOf(request.target);
  if (path == "/healthz") {
    HttpResponse r = JsonResponse(200, {{"status", "ok"}}, "ok");
    r.endpoint = path;
    r.headers.emplace_back("Cache-Control", "no-store");
    return r;
  }
  if (path == "/metrics") {
    HttpResponse r;
    r.content_type = "text/plain; version=0.0.4; charset=utf-8";
    r.body = metrics_.Text();
    r.endpoint = path;
    r.log_kind = "ok";
    return r;
  }
  if (path == "/v1/options") {
    HttpResponse r = JsonResponse(200, OptionsJson(config_.defaults), "ok");
    r.endpoint = path;
    return r;
  }
  if (path == "/" || path == "/app.js" || path == "/app.css") {
    HttpResponse r = PageAsset(path);
    r.endpoint = "/";
    return r;
  }
  // POST /v1/extract
  HttpResponse r;
  batch::Settings settings;
  const std::string problem = RequestSettings(request.target, config_.defaults, &settings);
  const std::string input = settings.url.empty() ? "-" : settings.url;
  if (!problem.empty()) {
    r = ErrorResponse(400, input, "bad_request", problem);
  } else if (queued > config_.request_timeout) {
    r = ErrorResponse(503, input, "timeout", "the request waited too long for a worker");
  } else {
    std::string body = std::move(request.body);
    const std::string& encoding = request.Header("content-encoding");
    // curl --data-binary sends application/x-www-form-urlencoded unless told otherwise: no type.
    std::string type = request.Header("content-type");
    if (type.starts_with("application/x-www-form-urlencoded")) type.clear();
    if (!type.empty() && !io::IsPageContentType(type) && type.find("octet-stream") == std::string::npos) {
      r = ErrorResponse(415, input, "not_html", "Content-Type " + type + " is not a web page");
    } else if (!encoding.empty() && encoding != "identity" && encoding != "gzip" && encoding != "x-gzip") {
      r = ErrorResponse(415, input, "bad_request", "Content-Encoding " + encoding + " is not accepted (gzip is)");
    } else {
      Status inflated;
      if (encoding == "gzip" || encoding == "x-gzip") {
        std::string out;
        inflated = io::InflateGzip(body, config_.max_inflated_bytes, &out);
        body = std::move(out);
      }
      if (inflated.code() == StatusCode::kTooLarge) {
        r = ErrorResponse(413, input, "too_large",
                          "the inflated body is larger than the limit (" + std::to_string(config_.max_inflated_bytes) +
                              " bytes)");
      } else if (!inflated.ok()) {
        r = ErrorResponse(400, input, "bad_request", "the gzip body is damaged");
      } else {
        batch::Task task;
        task.kind = batch::Task::Kind::kPage;
        task.loaded = true;
        task.name = input;
        task.info.url = settings.url;
        task.info.charset = io::CharsetOf(type);  // the HTTP charset; charset= forces one over every other
        task.bytes = std::move(body);
        r = Answer(settings, task, nullptr);
      }
    }
  }
  r.endpoint = "/v1/extract";
  r.log_url = settings.url;
  return r;
}

HttpResponse Service::StreamHead(const HttpRequest&) {
  HttpResponse r;
  r.content_type = "application/x-ndjson";
  return r;
}

// POST /v1/batch: one record per non-blank line, in order, written as each is made; the lines run
// on the batch driver with `jobs` workers, URL lines fetched ahead (batch_lines.h).
HttpResponse Service::Batch(const HttpRequest& head, Stream& stream) {
  HttpResponse r;
  batch::Settings defaults = config_.defaults;
  defaults.format = "jsonl";
  batch::Settings settings;
  std::string problem = RequestSettings(head.target, defaults, &settings);
  if (problem.empty() && !IsJson(settings.format)) problem = "format: a batch answers NDJSON records (format=jsonl)";
  std::shared_ptr<const Extractor> extractor;
  if (problem.empty()) {
    settings.format = "jsonl";
    if (const Status st = batch::MakeExtractor(settings, batch::kServer, NoComplaint, &extractor); !st.ok()) {
      problem = st.message();
    }
  }
  if (!problem.empty()) {
    r = ErrorResponse(400, "-", "bad_request", problem);
    r.endpoint = "/v1/batch";
    return r;
  }
  const batch::Runner runner(settings, extractor, batch::Mode::kPages);
  BatchLines lines(stream, config_.max_line_bytes, config_.fetch, config_.request_timeout, metrics_);
  batch::CallbackSource source([&lines](batch::Task* t) { return lines.Next(t); });
  ChunkSink sink(stream, metrics_);
  QuietObserver observer;
  batch::RunBatch(runner, source, sink, observer, config_.jobs);
  r.status = 200;
  r.endpoint = "/v1/batch";
  r.log_kind = sink.failed() == 0 ? "ok" : std::to_string(sink.failed()) + " of " + std::to_string(sink.records()) + " failed";
  return r;
}

HttpResponse Service::StreamExchange(const HttpRequest& head, Stream& stream, HttpResponse) {
  const std::string path = PathOf(head.target);
  if (path == "/v1/batch") return Batch(head, stream);
  // GET /v1/extract?url=... and GET /https://host/path (Markdown): fetch, then extract.
  batch::Settings settings;
  std::string problem;
  std::string endpoint = "/v1/extract";
  if (path == "/v1/extract") {
    problem = RequestSettings(head.target, config_.defaults, &settings);
    if (problem.empty() && settings.url.empty()) problem = "url: the URL to fetch is missing (GET /v1/extract?url=...)";
  } else {
    endpoint = "/{url}";
    settings = config_.defaults;
    settings.url = ShortFormUrl(head.target);
    settings.format = "markdown";
    settings.explain = false;
  }
  HttpResponse r;
  if (problem.empty()) {
    io::FetchResult fetched = FetchOne(settings.url, config_.fetch, config_.request_timeout, metrics_);
    batch::Task task = io::FetchedTask(fetched);
    r = Answer(settings, task, &fetched);
  } else {
    r = ErrorResponse(400, settings.url.empty() ? "-" : settings.url, "bad_request", problem);
  }
  r.endpoint = endpoint;
  r.log_url = settings.url;
  return r;
}

void Service::Finished(const HttpRequest& request, const HttpResponse& response, double seconds,
                       std::uint64_t bytes_in, std::uint64_t bytes_out) {
  metrics_.Request(response.endpoint, response.status, seconds, bytes_in, bytes_out);
  if (!config_.log) return;
  nlohmann::json line = {{"time", IsoNow()},
                         {"remote", request.remote},
                         {"method", request.method},
                         {"path", PathOf(request.target).substr(0, 2048)},
                         {"status", response.status},
                         {"bytes_in", bytes_in},
                         {"bytes_out", bytes_out},
                         {"ms", static_cast<double>(static_cast<long long>(seconds * 10000.0)) / 10.0}};
  if (!response.log_url.empty()) line["url"] = response.log_url.substr(0, 2048);
  if (!response.log_kind.empty()) line["result"] = response.log_kind;
  const std::string text = render::DumpJson(line) + "\n";
  std::lock_guard lock(impl_->log_mu);
  std::fwrite(text.data(), 1, text.size(), stderr);
}

void Service::Decorate(const HttpRequest& request, HttpResponse* response) {
  response->headers.emplace_back("X-Content-Type-Options", "nosniff");
  const std::string& origin = request.Header("origin");
  if (origin.empty()) return;
  if (std::find(config_.cors_origins.begin(), config_.cors_origins.end(), origin) == config_.cors_origins.end()) return;
  response->headers.emplace_back("Access-Control-Allow-Origin", origin);
  response->headers.emplace_back("Vary", "Origin");
  if (request.method == "OPTIONS") {
    response->headers.emplace_back("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
    response->headers.emplace_back("Access-Control-Allow-Headers", "Authorization, Content-Type, Content-Encoding");
    response->headers.emplace_back("Access-Control-Max-Age", "600");
  }
}

void Service::Gauge(int connections, int in_flight, std::size_t queued) {
  metrics_.SetGauges(connections, in_flight, queued);
}

}  // namespace pith::serve
