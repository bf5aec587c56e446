// `pith serve`'s application: its routes over the HTTP server (http_server.h), with bearer tokens,
// CORS, the request log (one JSON line per request on stderr, never page content), metrics, the
// page for people at `/`, and the extraction endpoints:
//   POST /v1/extract          the body is a page (Content-Type charset = the HTTP charset,
//                             Content-Encoding: gzip inflated within a limit)
//   GET  /v1/extract?url=U    fetched with the online-mode fetcher behind the forgery guard
//   GET  /https://host/path   the short form of the last: Markdown
//   POST /v1/batch            NDJSON in, NDJSON out in order, one record per non-blank line,
//                             streamed, on the batch driver (batch_lines.h)
//   GET  /v1/options          the query parameters: the option table's server options
//   GET  /healthz, /metrics
// The query parameters are the options of `pith extract` by their Python keywords (request.h
// ApplyQuery), over the server's defaults (`pith serve`'s own flags of pith extract). A response is
// the record the batch driver makes for the page (batch::Runner: the one `pith extract -f jsonl`
// writes, or the page's Markdown, text, paper layout or purified HTML), with the HTTP status of its
// kind (StatusForKind).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "batch/driver.h"
#include "batch/settings.h"
#include "fetch/fetch.h"
#include "serve/http_server.h"
#include "serve/metrics.h"

namespace pith::serve {

struct ServiceConfig {
  batch::Settings defaults;               // every request's options before its query (format jsonl)
  int jobs = 2;                           // extraction threads of one batch
  std::vector<std::string> tokens;        // bearer tokens; empty = no authentication
  std::vector<std::string> cors_origins;  // origins allowed to call the API from a browser
  io::FetchOptions fetch;                 // the fetcher's limits (public_only unless --allow-private)
  double request_timeout = 30;            // seconds a request may take, queue wait and fetch included
  std::size_t max_inflated_bytes = 64u << 20;  // a gzip request body, inflated
  std::size_t max_line_bytes = 64u << 20;      // one NDJSON line of a batch
  bool log = true;                              // the request log on stderr
};

// The HTTP status of a record's result kind: 200 for ok and no_content, 400 for bad options and
// requests, 403 forbidden_address, 413 too_large, 415 not_html, 502 for fetch failures, 504
// timeout, 500 otherwise.
int StatusForKind(std::string_view kind);

class Service : public HttpApp {
 public:
  explicit Service(ServiceConfig config);
  ~Service() override;

  bool Route(const HttpRequest& head, Mode* mode, HttpResponse* early) override;
  HttpResponse Handle(HttpRequest& request, double queued) override;
  HttpResponse StreamHead(const HttpRequest& head) override;
  HttpResponse StreamExchange(const HttpRequest& head, Stream& stream, HttpResponse head_response) override;
  void Finished(const HttpRequest& request, const HttpResponse& response, double seconds, std::uint64_t bytes_in,
                std::uint64_t bytes_out) override;
  void Decorate(const HttpRequest& request, HttpResponse* response) override;
  void Gauge(int connections, int in_flight, std::size_t queued) override;

  Metrics& metrics() { return metrics_; }

 private:
  HttpResponse Batch(const HttpRequest& head, Stream& stream);
  // The response for one page or fetch: the record `settings` make of it.
  HttpResponse Answer(const batch::Settings& settings, batch::Task& task, const io::FetchResult* fetched);

  struct Impl;
  std::unique_ptr<Impl> impl_;
  Metrics metrics_;
  ServiceConfig config_;
};

}  // namespace pith::serve
