// `pith serve`'s HTTP/1.1 front door on Boost.Beast + Asio (docs/serve.md says why Beast): one
// I/O thread runs every connection asynchronously, so a slow or idle client costs a socket and a
// few KB, never a thread; work that takes CPU (extraction) runs on a fixed pool of workers behind
// a bounded queue (429 beyond it), and a streamed exchange (POST /v1/batch) on a thread of its own
// from a bounded set.
//
// Limits: request header size (431), body size (413, also from Content-Length before reading), a
// deadline for the whole header (a client sending a byte a second is dropped) and for the whole
// body, an idle keep-alive timeout, a write timeout, and a cap on open connections (beyond it a new
// connection is closed at once). Malformed requests get 400 and the connection is closed.
//
// Stop() (SIGTERM/SIGINT): the listener closes, idle keep-alive connections close, requests being
// read or worked on finish and are answered with "Connection: close", then Run returns.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace pith::serve {

struct HttpLimits {
  std::size_t max_header_bytes = 16u << 10;  // request line and headers
  std::size_t max_body_bytes = 32u << 20;    // a request body as sent (before inflating)
  double header_timeout = 10;                // seconds for a whole request header
  double idle_timeout = 30;                  // seconds a keep-alive connection waits for its next request
  double body_timeout = 60;                  // seconds for a whole body (a streamed body: for each read)
  double write_timeout = 60;                 // seconds for a response (a stream: for each chunk)
  std::size_t max_connections = 4096;        // open connections; more are closed on accept
  int workers = 2;                           // extraction threads
  std::size_t queue = 64;                    // requests waiting for a worker (429 beyond)
  int streams = 4;                           // streamed exchanges at once (429 beyond)
};

struct HttpRequest {
  std::string method;  // "GET", "POST", ...
  std::string target;  // as sent: "/v1/extract?format=json"
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-case, in order
  std::string body;    // buffered exchanges only
  std::string remote;  // the peer's address
  bool keep_alive = true;

  // The first header of that (lower-case) name, "" if none.
  const std::string& Header(std::string_view name) const;
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  // For the request log and metrics, never sent.
  std::string endpoint = "other";  // the route's name: "/v1/extract", "/healthz", ...
  std::string log_url;             // the URL the request asked about
  std::string log_kind;            // the record's result: "ok", "no_content", an error kind
};

// What the server asks of the application. Every call but Stream runs on the I/O thread or a
// worker and must not block on the network.
class HttpApp {
 public:
  virtual ~HttpApp() = default;
  enum class Mode { kInline, kWorker, kStream };
  // After the header, before the body is read: how the request runs, or (returning false) the
  // response to send at once instead (404, 401, 405, 413...).
  virtual bool Route(const HttpRequest& head, Mode* mode, HttpResponse* early) = 0;
  // A buffered exchange (kInline on the I/O thread, kWorker on a worker); `queued` is the time
  // the request waited for a worker, in seconds.
  virtual HttpResponse Handle(HttpRequest& request, double queued) = 0;

  // A streamed exchange runs on a thread of its own: ReadBody until it returns false, Write
  // chunks (the first Write sends `head`, whose body is ignored: the stream is chunked).
  class Stream {
   public:
    virtual ~Stream() = default;
    // The next piece of the body; false at its end, or when the client is gone or too slow.
    virtual bool ReadBody(std::string* bytes) = 0;
    // Queues a chunk, waiting while too much is unsent; false once the client is gone.
    virtual bool Write(std::string chunk) = 0;
  };
  // Returns the response to log (status, endpoint...). If nothing was written, `head` is sent
  // whole, body included (an error before the stream began).
  virtual HttpResponse StreamExchange(const HttpRequest& head, Stream& stream, HttpResponse head_response) = 0;
  // The head of a streamed response (status 200, its content type and headers).
  virtual HttpResponse StreamHead(const HttpRequest& head) = 0;

  // One finished exchange: for the log and metrics (on the I/O thread).
  virtual void Finished(const HttpRequest& request, const HttpResponse& response, double seconds,
                        std::uint64_t bytes_in, std::uint64_t bytes_out) = 0;
  // Headers every response gets (CORS, nosniff), added just before it is sent.
  virtual void Decorate(const HttpRequest& request, HttpResponse* response) = 0;
  // Open connections, requests in flight and requests waiting for a worker, when they change.
  virtual void Gauge(int connections, int in_flight, std::size_t queued) = 0;
};

class HttpServer {
 public:
  HttpServer(HttpLimits limits, HttpApp& app);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds "host:port" ("127.0.0.1:8080", "[::1]:0", "0.0.0.0:8080"); "" or the reason it failed.
  std::string Listen(const std::string& address);
  // The port bound (useful after ":0").
  int port() const;
  // Serves until Stop, then drains: returns once every accepted request has been answered.
  void Run();
  // Thread-safe and async-signal-unsafe; call from any thread (the tool calls it from Asio's
  // signal handler on the I/O thread).
  void Stop();
  // Stops on SIGTERM and SIGINT (registered before Run).
  void StopOnSignals();

  struct Impl;  // http_server.cc's

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace pith::serve
