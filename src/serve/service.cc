// `pith serve`'s routes (see service.h).
#include "serve/service.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <mutex>

#include <nlohmann/json.hpp>

#include "batch/records.h"
#include "fetch/fetch.h"
#include "io/warc_stream.h"
#include "pith/pith.h"
#include "render/formats.h"
#include "serve/page.h"
#include "serve/request.h"

namespace pith::serve {
namespace {

// What one request asks for: the query parameters, checked.
struct Ask {
  std::string format = "json";  // json, markdown, text, html
  std::string url;              // url=: the page's URL (POST) or the URL to fetch (GET)
  std::string charset;          // charset=: the page's charset, as an HTTP header would give it
  bool blocks = false, links = false, explain = false;
  Options options;
};

bool ParseBool(const std::string& v, bool* out) {
  if (v.empty() || v == "1" || v == "true" || v == "yes" || v == "on") {
    *out = true;
  } else if (v == "0" || v == "false" || v == "no" || v == "off") {
    *out = false;
  } else {
    return false;
  }
  return true;
}

// The query parameters of the extraction endpoints; "" or what is wrong ("favor: ...").
std::string ParseAsk(const std::vector<std::pair<std::string, std::string>>& query, Ask* ask) {
  for (const auto& [key, value] : query) {
    if (key == "format") {
      if (value != "json" && value != "jsonl" && value != "markdown" && value != "text" && value != "html") {
        return "format: '" + value + "' is not one of json, markdown, text, html";
      }
      ask->format = value == "jsonl" ? "json" : value;
    } else if (key == "url") {
      ask->url = value;
    } else if (key == "charset") {
      ask->charset = value;
    } else if (key == "algorithm") {
      if (!ParseAlgorithm(value, &ask->options.algorithm)) return "algorithm: unknown algorithm '" + value + "'";
    } else if (key == "favor") {
      if (!ParseFavor(value, &ask->options.automatic.favor)) {
        return "favor: '" + value + "' is not one of balanced, precision, recall";
      }
    } else if (key == "comments" || key == "blocks" || key == "links" || key == "explain") {
      bool b = false;
      if (!ParseBool(value, &b)) return key + ": '" + value + "' is not 1 or 0";
      if (key == "comments") ask->options.comments = b;
      if (key == "blocks") ask->blocks = b;
      if (key == "links") ask->links = b;
      if (key == "explain") ask->explain = b;
    } else {
      return "unknown option '" + key + "'";
    }
  }
  if (ask->explain && ask->format != "json") return "explain: needs format=json";
  return {};
}

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

// The online-mode fields of a fetched page's record (docs/online.md).
void AddFetchFields(const io::FetchResult& f, nlohmann::json& j) {
  j["url"] = f.url;
  j["final_url"] = f.final_url;
  j["http_status"] = f.http_status;
  j["content_type"] = f.content_type;
  j["fetch_ms"] = static_cast<long long>(f.seconds * 1000.0 + 0.5);
  j["attempts"] = f.attempts;
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

namespace {

// Makes the response of one page: the record (or the page in the format asked) with its status.
HttpResponse PageResponse(std::string_view bytes, const PageInfo& info, std::string_view input, const Ask& ask,
                          const io::FetchResult* fetched, Metrics& metrics) {
  const auto start = std::chrono::steady_clock::now();
  const Extractor extractor(ask.options);
  nlohmann::json explain;
  std::string html;
  const Result result = batch::ExtractPage(extractor, bytes, info, ask.explain ? &explain : nullptr,
                                           ask.format == "html" ? &html : nullptr);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  char timing[96];
  std::snprintf(timing, sizeof timing, "extract;dur=%.1f", ms);
  const std::string server_timing =
      fetched ? "fetch;dur=" + std::to_string(static_cast<long long>(fetched->seconds * 1000)) + ", " + timing : timing;
  const std::string category = batch::PageCategory(result);
  const std::string kind = category.starts_with("error:") ? category.substr(6) : category;
  metrics.Record(kind);
  HttpResponse r;
  r.status = StatusForKind(kind);
  r.log_kind = kind;
  r.headers.emplace_back("Server-Timing", server_timing);
  const bool failed = r.status != 200;
  if (ask.format == "json" || failed) {
    nlohmann::json j = failed ? render::ErrorJson(input, result.status)
                              : render::ToJson(result, input, ask.blocks, ask.explain ? &explain : nullptr, ask.links);
    if (fetched != nullptr) {
      if (!failed) j["page_url"] = j.value("url", "");
      AddFetchFields(*fetched, j);
    }
    r.body = Json(j);
    return r;
  }
  if (ask.format == "html") {
    r.content_type = "text/html; charset=utf-8";
    r.body = html;
    // The purified page is the visited site's markup: it may not run anything or load anything.
    r.headers.emplace_back("Content-Security-Policy", "default-src 'none'; img-src *; style-src 'unsafe-inline'; sandbox");
  } else {
    r.content_type = ask.format == "markdown" ? "text/markdown; charset=utf-8" : "text/plain; charset=utf-8";
    r.body = render::ToPlainFormat(ask.format, result, ask.links);
  }
  r.headers.emplace_back("X-Pith-Status", kind);  // no_content is a 200 too
  return r;
}

}  // namespace

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
  } else if (open || path == "/metrics") {
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
  if (path == "/" || path == "/app.js" || path == "/app.css") {
    HttpResponse r = PageAsset(path);
    r.endpoint = "/";
    return r;
  }
  // POST /v1/extract
  HttpResponse r;
  const auto target = ParseTarget(request.target);
  Ask ask;
  const std::string problem = target ? ParseAsk(target->query, &ask) : "malformed query string";
  const std::string input = ask.url.empty() ? "-" : ask.url;
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
        PageInfo info;
        info.url = ask.url;
        info.charset = ask.charset.empty() ? io::CharsetOf(type) : ask.charset;
        r = PageResponse(body, info, input, ask, nullptr, metrics_);
      }
    }
  }
  r.endpoint = "/v1/extract";
  r.log_url = ask.url;
  return r;
}

HttpResponse Service::StreamHead(const HttpRequest&) {
  HttpResponse r;
  r.content_type = "application/x-ndjson";
  return r;
}

namespace {

// GET /v1/extract?url= and the short form: fetches `url` within the request's budget, extracts it.
HttpResponse FetchAndExtract(const std::string& url, const Ask& ask, const ServiceConfig& config, Metrics& metrics) {
  io::FetchOptions fetch = config.fetch;
  fetch.timeout = std::min(fetch.timeout, config.request_timeout);
  fetch.progress = false;
  fetch.window = 1;
  io::FetchResult fetched;
  io::FetchAll(
      1, [&](std::size_t) { return url; }, [&](std::size_t, io::FetchResult& f) { fetched = std::move(f); }, fetch);
  metrics.Fetch(fetched.ok() ? "ok" : io::FetchErrorName(fetched.error));
  if (!fetched.ok()) {
    const std::string kind(io::FetchErrorName(fetched.error));
    metrics.Record(kind);
    nlohmann::json j = ErrorRecord(url, kind, fetched.message);
    AddFetchFields(fetched, j);
    return JsonResponse(StatusForKind(kind), j, kind);
  }
  PageInfo info;
  info.url = fetched.final_url.empty() ? fetched.url : fetched.final_url;
  info.charset = fetched.charset;
  return PageResponse(fetched.body, info, url, ask, &fetched, metrics);
}

bool Blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

}  // namespace

// POST /v1/batch: one record per non-blank line, in order, written as each is made.
HttpResponse Service::Batch(const HttpRequest& head, Stream& stream) {
  HttpResponse r;
  r.endpoint = "/v1/batch";
  const auto target = ParseTarget(head.target);
  Ask ask;
  std::string problem = target ? ParseAsk(target->query, &ask) : "malformed query string";
  if (problem.empty() && ask.format != "json") problem = "format: a batch answers NDJSON records (format=json)";
  if (!problem.empty()) {
    r = ErrorResponse(400, "-", "bad_request", problem);
    r.endpoint = "/v1/batch";
    return r;
  }
  LineSplitter splitter(config_.max_line_bytes);
  bool eof = false;
  std::string piece;
  const auto next_line = [&](LineSplitter::Line* line) {
    while (!splitter.Next(line)) {
      if (eof) return splitter.Finish(line);
      if (stream.ReadBody(&piece)) {
        splitter.Feed(piece);
      } else {
        eof = true;
      }
    }
    return true;
  };
  std::size_t number = 0, n = 0, failed = 0;
  LineSplitter::Line line;
  while (next_line(&line)) {
    ++number;
    if (!line.too_long && Blank(line.text)) continue;
    ++n;
    const std::string name = "line " + std::to_string(number);  // a record's input when the line names none
    HttpResponse rec;
    if (line.too_long) {
      rec = ErrorResponse(413, name, "too_large", "the line is longer than the limit (" +
                                                      std::to_string(config_.max_line_bytes) + " bytes)");
    } else if (const BatchLine b = ParseBatchLine(line.text); !b.error.empty()) {
      rec = ErrorResponse(400, name, "bad_request", b.error);
    } else if (b.html) {
      PageInfo info;
      info.url = b.url;
      info.charset = b.charset;
      rec = PageResponse(*b.html, info, b.url.empty() ? name : b.url, ask, nullptr, metrics_);
    } else {
      rec = FetchAndExtract(b.url, ask, config_, metrics_);
    }
    failed += rec.status != 200;
    if (!stream.Write(std::move(rec.body))) break;
  }
  r.status = 200;
  r.log_kind = failed == 0 ? "ok" : std::to_string(failed) + " of " + std::to_string(n) + " failed";
  return r;
}

HttpResponse Service::StreamExchange(const HttpRequest& head, Stream& stream, HttpResponse) {
  const std::string path = PathOf(head.target);
  if (path == "/v1/batch") return Batch(head, stream);
  // GET /v1/extract?url=... and GET /https://host/path: fetch, then extract.
  Ask ask;
  std::string problem;
  std::string endpoint = "/v1/extract";
  if (path == "/v1/extract") {
    const auto target = ParseTarget(head.target);
    problem = target ? ParseAsk(target->query, &ask) : "malformed query string";
    if (problem.empty() && ask.url.empty()) problem = "url: the URL to fetch is missing (GET /v1/extract?url=...)";
  } else {
    endpoint = "/{url}";
    ask.url = ShortFormUrl(head.target);
    ask.format = "markdown";
  }
  HttpResponse r = problem.empty() ? FetchAndExtract(ask.url, ask, config_, metrics_)
                                   : ErrorResponse(400, ask.url.empty() ? "-" : ask.url, "bad_request", problem);
  r.endpoint = endpoint;
  r.log_url = ask.url;
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
