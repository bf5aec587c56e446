// The HTTP/1.1 server of `pith serve` (see http_server.h): Boost.Beast parses and writes HTTP,
// Asio runs the sockets on one I/O thread; a fixed worker pool runs extractions and a thread per
// streamed exchange runs batches, each handing its result back to the I/O thread with a post.
#include <utility>  // first: Boost 1.74's Asio uses std::exchange without including <utility>

#include "serve/http_server.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_set>

namespace pith::serve {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

std::chrono::milliseconds Ms(double seconds) {
  return std::chrono::milliseconds(static_cast<long long>(std::max(0.001, seconds) * 1000.0));
}

double Since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Up to this many unsent bytes of a stream are queued before its writer waits.
constexpr std::size_t kStreamBacklog = 1u << 20;
// A streamed body is read in pieces of this size.
constexpr std::size_t kStreamPiece = 64u << 10;
// A closing connection discards up to this much of an unread body, so the client reads the answer.
constexpr std::size_t kLingerBytes = 1u << 20;

// Extraction threads behind a bounded queue.
class WorkerPool {
 public:
  WorkerPool(int threads, std::size_t capacity) : capacity_(capacity) {
    for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { Loop(); });
  }
  ~WorkerPool() {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    for (std::thread& t : threads_) t.join();
  }
  // Queues `job` unless `capacity` jobs already wait beyond the idle workers.
  bool TrySubmit(std::function<void()> job) {
    {
      std::lock_guard lock(mu_);
      if (queue_.size() >= capacity_ + idle_) return false;
      queue_.push_back(std::move(job));
    }
    cv_.notify_one();
    return true;
  }
  std::size_t Queued() {
    std::lock_guard lock(mu_);
    return queue_.size() > idle_ ? queue_.size() - idle_ : 0;
  }

 private:
  void Loop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock lock(mu_);
        ++idle_;
        cv_.wait(lock, [this] { return stop_ || !queue_.empty(); });
        --idle_;
        if (queue_.empty()) return;
        job = std::move(queue_.front());
        queue_.pop_front();
      }
      job();
    }
  }
  std::size_t capacity_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> threads_;
  std::size_t idle_ = 0;
  bool stop_ = false;
};

class Session;

}  // namespace

const std::string& HttpRequest::Header(std::string_view name) const {
  static const std::string kNone;
  for (const auto& [k, v] : headers) {
    if (k == name) return v;
  }
  return kNone;
}

struct HttpServer::Impl {
  Impl(HttpLimits l, HttpApp& a) : limits(l), app(a), pool(l.workers, l.queue) {}
  HttpLimits limits;
  HttpApp& app;
  // I/O thread only; declared before `io` so that they outlive any handler `io` destroys.
  bool stopping = false;
  std::size_t connections = 0;
  int in_flight = 0;
  int streams = 0;
  std::unordered_set<Session*> sessions;
  asio::io_context io{1};
  tcp::acceptor acceptor{io};
  asio::signal_set signals{io};
  WorkerPool pool;

  void Accept();
  void BeginStop();
  void Gauge() { app.Gauge(static_cast<int>(connections), in_flight, pool.Queued()); }
};

namespace {

// The bridge between a streamed exchange's thread and its connection on the I/O thread.
class StreamBridge : public HttpApp::Stream {
 public:
  StreamBridge(asio::io_context& io, std::function<void()> want_body, std::function<void()> want_write)
      : io_(io), want_body_(std::move(want_body)), want_write_(std::move(want_write)) {}

  bool ReadBody(std::string* bytes) override {
    std::unique_lock lock(mu_);
    if (pieces_.empty() && !body_done_ && !failed_ && !requested_) {
      requested_ = true;
      asio::post(io_, want_body_);
    }
    cv_.wait(lock, [this] { return !pieces_.empty() || body_done_ || failed_; });
    if (pieces_.empty()) return false;
    *bytes = std::move(pieces_.front());
    pieces_.pop_front();
    return true;
  }

  bool Write(std::string chunk) override {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [this] { return failed_ || unsent_ < kStreamBacklog; });
    if (failed_) return false;
    if (chunk.empty()) return true;
    unsent_ += chunk.size();
    out_.push_back(std::move(chunk));
    written_any_ = true;
    asio::post(io_, want_write_);
    return true;
  }

  // I/O thread side.
  void Piece(std::string piece, bool done) {
    {
      std::lock_guard lock(mu_);
      requested_ = false;
      if (!piece.empty()) pieces_.push_back(std::move(piece));
      body_done_ = body_done_ || done;
    }
    cv_.notify_all();
  }
  void Fail() {
    {
      std::lock_guard lock(mu_);
      failed_ = true;
    }
    cv_.notify_all();
  }
  std::string TakeOutput() {
    std::lock_guard lock(mu_);
    std::string all;
    for (std::string& s : out_) all += s;
    out_.clear();
    return all;
  }
  void Sent(std::size_t n) {
    {
      std::lock_guard lock(mu_);
      unsent_ -= std::min(unsent_, n);
    }
    cv_.notify_all();
  }
  bool written_any() {
    std::lock_guard lock(mu_);
    return written_any_;
  }
  bool body_done() {
    std::lock_guard lock(mu_);
    return body_done_;
  }

 private:
  asio::io_context& io_;
  std::function<void()> want_body_, want_write_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> pieces_, out_;
  std::size_t unsent_ = 0;
  bool requested_ = false, body_done_ = false, failed_ = false, written_any_ = false;
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(HttpServer::Impl& server, tcp::socket socket) : s_(server), stream_(std::move(socket)) {
    beast::error_code ec;
    stream_.socket().set_option(tcp::no_delay(true), ec);
    const auto peer = stream_.socket().remote_endpoint(ec);
    if (!ec) remote_ = peer.address().to_string();
    ++s_.connections;
    s_.sessions.insert(this);
    s_.Gauge();
  }
  ~Session() {
    --s_.connections;
    s_.sessions.erase(this);
    s_.Gauge();
  }

  void Start() { WaitRequest(true); }

  // Stop(): connections waiting for a request close now; one whose header is arriving gets 503.
  void StopIfIdle() {
    if (state_ == State::kIdle) Close();
  }

 private:
  enum class State { kIdle, kHeader, kBody, kWorking, kWriting, kStreaming, kClosed };

  void WaitRequest(bool first) {
    state_ = State::kIdle;
    if (s_.stopping) return Close();
    if (buffer_.size() > 0) return ReadHeader();  // a pipelined request is already here
    stream_.expires_after(Ms(first ? s_.limits.header_timeout : s_.limits.idle_timeout));
    stream_.async_read_some(buffer_.prepare(2048), [self = shared_from_this()](beast::error_code ec, std::size_t n) {
      self->buffer_.commit(n);
      if (ec) return self->Close();
      self->ReadHeader();
    });
  }

  void ReadHeader() {
    state_ = State::kHeader;
    started_ = Clock::now();
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(std::min<std::size_t>(s_.limits.max_header_bytes, UINT32_MAX)));
    parser_->body_limit(s_.limits.max_body_bytes);
    stream_.expires_after(Ms(s_.limits.header_timeout));
    http::async_read_header(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->OnHeader(ec);
    });
  }

  void OnHeader(beast::error_code ec) {
    if (ec == http::error::header_limit) return Reject(431, "the request header is larger than the limit");
    if (ec == http::error::body_limit) {  // Content-Length over the limit, seen with the header
      return Reject(413, "the request body is larger than the limit (" + std::to_string(s_.limits.max_body_bytes) +
                             " bytes)");
    }
    if (ec == beast::error::timeout || ec == http::error::end_of_stream || ec == asio::error::eof ||
        ec == asio::error::operation_aborted || ec == asio::error::connection_reset) {
      return Close();
    }
    if (ec) return Reject(400, "malformed request: " + ec.message());
    const auto& h = parser_->get();
    req_ = HttpRequest{};
    req_.method = std::string(h.method_string());
    req_.target = std::string(h.target());
    for (const auto& field : h) {
      std::string name(field.name_string());
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      req_.headers.emplace_back(std::move(name), std::string(field.value()));
    }
    req_.remote = remote_;
    req_.keep_alive = h.keep_alive();
    ++s_.in_flight;
    counted_ = true;
    s_.Gauge();
    if (s_.stopping) return Send(Error(503, "the server is shutting down"), true);
    bytes_in_ = 0;
    if (const auto length = parser_->content_length(); length && *length > s_.limits.max_body_bytes) {
      HttpResponse r = Error(413, "the request body is larger than the limit (" +
                                      std::to_string(s_.limits.max_body_bytes) + " bytes)");
      return Send(std::move(r), true);
    }
    HttpResponse early;
    if (!s_.app.Route(req_, &mode_, &early)) return Send(std::move(early), HasBody());
    if (req_.Header("expect") == "100-continue" && HasBody()) {
      auto cont = std::make_shared<http::response<http::empty_body>>(http::status::continue_, 11);
      stream_.expires_after(Ms(s_.limits.write_timeout));
      return http::async_write(stream_, *cont, [self = shared_from_this(), cont](beast::error_code ec2, std::size_t) {
        if (ec2) return self->Close();
        self->mode_ == HttpApp::Mode::kStream ? self->StartStream() : self->ReadBody();
      });
    }
    mode_ == HttpApp::Mode::kStream ? StartStream() : ReadBody();
  }

  bool HasBody() const { return parser_ && !parser_->is_done(); }

  void ReadBody() {
    state_ = State::kBody;
    if (const auto length = parser_->content_length(); length && *length > 0) {
      buffer_.reserve(std::min<std::size_t>(*length + 1024, 256u << 10));  // large reads, not 512-byte ones
    }
    stream_.expires_after(Ms(s_.limits.body_timeout));
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->OnBody(ec);
    });
  }

  void OnBody(beast::error_code ec) {
    if (ec == http::error::body_limit) {
      return Send(Error(413, "the request body is larger than the limit (" +
                                 std::to_string(s_.limits.max_body_bytes) + " bytes)"),
                  true);
    }
    if (ec == beast::error::timeout) return Send(Error(408, "the request body did not arrive in time"), true);
    if (ec) {
      if (ec == http::error::end_of_stream || ec == asio::error::eof || ec == asio::error::connection_reset ||
          ec == asio::error::operation_aborted) {
        return Close();
      }
      return Send(Error(400, "malformed request body: " + ec.message()), true);
    }
    req_.body = std::move(parser_->get().body());
    bytes_in_ = req_.body.size();
    if (mode_ == HttpApp::Mode::kInline) return Send(s_.app.Handle(req_, 0.0), false);
    state_ = State::kWorking;
    auto work = asio::make_work_guard(s_.io);
    const auto queued_at = Clock::now();
    const bool taken = s_.pool.TrySubmit([self = shared_from_this(), work = std::move(work), queued_at]() mutable {
      HttpResponse r = self->s_.app.Handle(self->req_, Since(queued_at));
      auto& io = self->s_.io;
      asio::post(io, [self = std::move(self), r = std::move(r)]() mutable { self->Send(std::move(r), false); });
      work.reset();
    });
    if (!taken) {
      HttpResponse r = Error(429, "too many requests waiting; try again");
      r.headers.emplace_back("Retry-After", "1");
      r.log_kind = "overloaded";
      return Send(std::move(r), false);
    }
    s_.Gauge();
  }

  static HttpResponse Error(int status, const std::string& message) {
    HttpResponse r;
    r.status = status;
    r.log_kind = status == 431   ? "header_too_large"
                 : status == 413 ? "too_large"
                 : status == 408 ? "timeout"
                 : status == 429 ? "overloaded"
                 : status == 503 ? "shutting_down"
                                 : "bad_request";
    r.body = nlohmann::json{{"status", r.log_kind}, {"error", {{"kind", r.log_kind}, {"message", message}}}}.dump() + "\n";
    return r;
  }

  // A request that could not be read whole: answered, then the connection closes.
  void Reject(int status, const std::string& message) {
    if (!counted_) {
      ++s_.in_flight;
      counted_ = true;
    }
    req_ = HttpRequest{};
    req_.remote = remote_;
    Send(Error(status, message), true);
  }

  void Send(HttpResponse r, bool close_after) {
    state_ = State::kWriting;
    s_.app.Decorate(req_, &r);
    auto res = std::make_shared<http::response<http::string_body>>(static_cast<http::status>(r.status), 11);
    res->set(http::field::content_type, r.content_type);
    res->set(http::field::server, "pith");
    for (const auto& [k, v] : r.headers) res->set(k, v);
    res->body() = std::move(r.body);
    const bool keep = req_.keep_alive && !close_after && !s_.stopping;
    res->keep_alive(keep);
    res->prepare_payload();
    const std::uint64_t bytes_out = res->body().size();
    r.body.clear();
    stream_.expires_after(Ms(s_.limits.write_timeout));
    http::async_write(stream_, *res,
                      [self = shared_from_this(), res, r = std::move(r), keep, bytes_out](beast::error_code ec, std::size_t) {
                        self->Done(r, bytes_out);
                        if (ec) return self->Close();
                        if (!keep) return self->Linger();
                        self->parser_.reset();
                        if (self->buffer_.size() == 0) self->buffer_.shrink_to_fit();
                        self->WaitRequest(false);
                      });
  }

  void Done(const HttpResponse& r, std::uint64_t bytes_out) {
    s_.app.Finished(req_, r, Since(started_), bytes_in_, bytes_out);
    if (counted_) {
      --s_.in_flight;
      counted_ = false;
    }
    s_.Gauge();
  }

  // After a response that closes the connection: stop sending, discard what the client still
  // sends for a moment (so it reads the response instead of a reset), then close.
  void Linger() {
    state_ = State::kClosed;
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    lingered_ = 0;
    LingerRead();
  }
  void LingerRead() {
    stream_.expires_after(std::chrono::seconds(2));
    buffer_.consume(buffer_.size());
    stream_.async_read_some(buffer_.prepare(16384), [self = shared_from_this()](beast::error_code ec, std::size_t n) {
      self->lingered_ += n;
      if (ec || self->lingered_ > kLingerBytes) return self->Close();
      self->LingerRead();
    });
  }

  void Close() {
    state_ = State::kClosed;
    if (counted_) {
      --s_.in_flight;
      counted_ = false;
      s_.Gauge();
    }
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.socket().close(ec);
  }

  // --- streamed exchanges -----------------------------------------------------------------

  void StartStream() {
    if (s_.streams >= s_.limits.streams) {
      HttpResponse r = Error(429, "too many batches at once; try again");
      r.headers.emplace_back("Retry-After", "1");
      return Send(std::move(r), true);
    }
    state_ = State::kStreaming;
    ++s_.streams;
    stream_parser_.emplace(std::move(*parser_));
    stream_parser_->body_limit(std::numeric_limits<std::uint64_t>::max());
    parser_.reset();
    std::weak_ptr<Session> weak = shared_from_this();
    bridge_ = std::make_shared<StreamBridge>(
        s_.io, [weak] { if (auto self = weak.lock()) self->StreamRead(); },
        [weak] { if (auto self = weak.lock()) self->Pump(); });
    head_ = s_.app.StreamHead(req_);
    s_.app.Decorate(req_, &head_);
    auto work = asio::make_work_guard(s_.io);
    std::thread([self = shared_from_this(), bridge = bridge_, work = std::move(work)]() mutable {
      HttpResponse r = self->s_.app.StreamExchange(self->req_, *bridge, self->head_);
      auto& io = self->s_.io;
      asio::post(io, [self = std::move(self), r = std::move(r)]() mutable { self->StreamDone(std::move(r)); });
      work.reset();
    }).detach();
  }

  void StreamRead() {
    if (stream_failed_) return;
    if (stream_parser_->is_done()) return bridge_->Piece({}, true);
    piece_.resize(kStreamPiece);
    stream_parser_->get().body().data = piece_.data();
    stream_parser_->get().body().size = piece_.size();
    stream_parser_->get().body().more = true;
    stream_.expires_after(Ms(s_.limits.body_timeout));
    http::async_read_some(stream_, buffer_, *stream_parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec == http::error::need_buffer) ec = {};
      if (ec) {
        self->stream_failed_ = true;
        self->bridge_->Fail();
        return;
      }
      const std::size_t got = self->piece_.size() - self->stream_parser_->get().body().size;
      self->bytes_in_ += got;
      const bool done = self->stream_parser_->is_done();
      if (got == 0 && !done) return self->StreamRead();
      self->bridge_->Piece(self->piece_.substr(0, got), done);
    });
  }

  void Pump() {
    if (writing_ || stream_failed_) return;
    if (!head_sent_) {
      writing_ = true;
      head_res_.emplace(static_cast<http::status>(head_.status), 11);
      head_res_->set(http::field::content_type, head_.content_type);
      head_res_->set(http::field::server, "pith");
      for (const auto& [k, v] : head_.headers) head_res_->set(k, v);
      head_res_->chunked(true);
      head_res_->keep_alive(req_.keep_alive && !s_.stopping);
      head_sr_.emplace(*head_res_);
      stream_.expires_after(Ms(s_.limits.write_timeout));
      http::async_write_header(stream_, *head_sr_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
        self->writing_ = false;
        self->head_sent_ = true;
        if (ec) return self->StreamBroken();
        self->Pump();
      });
      return;
    }
    auto data = std::make_shared<std::string>(bridge_->TakeOutput());
    if (data->empty()) {
      if (finished_) WriteLastChunk();
      return;
    }
    writing_ = true;
    stream_bytes_out_ += data->size();
    stream_.expires_after(Ms(s_.limits.write_timeout));
    asio::async_write(stream_, http::make_chunk(asio::buffer(*data)),
                      [self = shared_from_this(), data](beast::error_code ec, std::size_t) {
                        self->writing_ = false;
                        self->bridge_->Sent(data->size());
                        if (ec) return self->StreamBroken();
                        self->Pump();
                      });
  }

  void StreamBroken() {
    stream_failed_ = true;
    bridge_->Fail();
    Close();
  }

  void StreamDone(HttpResponse r) {
    --s_.streams;
    finished_ = true;
    final_ = std::move(r);
    if (stream_failed_) {
      Done(final_, stream_bytes_out_);
      return Close();
    }
    if (!bridge_->written_any()) {
      // Nothing was streamed: an error before the first record, sent whole.
      stream_parser_.reset();
      return Send(std::move(final_), true);
    }
    Pump();
  }

  void WriteLastChunk() {
    if (last_written_) return;
    last_written_ = true;
    writing_ = true;
    stream_.expires_after(Ms(s_.limits.write_timeout));
    asio::async_write(stream_, http::make_chunk_last(), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->writing_ = false;
      self->Done(self->final_, self->stream_bytes_out_);
      const bool keep = !ec && self->bridge_->body_done() && self->req_.keep_alive && !self->s_.stopping;
      self->stream_parser_.reset();
      self->head_sr_.reset();
      self->head_res_.reset();
      self->bridge_.reset();
      self->head_sent_ = self->finished_ = self->last_written_ = false;
      self->stream_bytes_out_ = 0;
      if (ec) return self->Close();
      if (!keep) return self->Linger();
      self->WaitRequest(false);
    });
  }

  HttpServer::Impl& s_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::request_parser<http::buffer_body>> stream_parser_;
  HttpRequest req_;
  HttpApp::Mode mode_ = HttpApp::Mode::kInline;
  std::string remote_;
  State state_ = State::kIdle;
  Clock::time_point started_ = Clock::now();
  std::uint64_t bytes_in_ = 0;
  bool counted_ = false;
  std::size_t lingered_ = 0;
  // Streams.
  std::shared_ptr<StreamBridge> bridge_;
  std::string piece_;
  HttpResponse head_, final_;
  std::optional<http::response<http::empty_body>> head_res_;
  std::optional<http::response_serializer<http::empty_body>> head_sr_;
  bool writing_ = false, head_sent_ = false, finished_ = false, last_written_ = false, stream_failed_ = false;
  std::uint64_t stream_bytes_out_ = 0;
};

}  // namespace

void HttpServer::Impl::Accept() {
  acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
    if (ec) {
      if (!acceptor.is_open()) return;  // stopped
    } else if (connections >= limits.max_connections || stopping) {
      socket.close(ec);
    } else {
      std::make_shared<Session>(*this, std::move(socket))->Start();
    }
    if (!stopping) Accept();
  });
}

void HttpServer::Impl::BeginStop() {
  if (stopping) return;
  stopping = true;
  beast::error_code ec;
  acceptor.close(ec);
  signals.cancel(ec);
  std::vector<Session*> all(sessions.begin(), sessions.end());
  for (Session* s : all) s->StopIfIdle();
}

HttpServer::HttpServer(HttpLimits limits, HttpApp& app) : impl_(std::make_unique<Impl>(limits, app)) {}
HttpServer::~HttpServer() = default;

std::string HttpServer::Listen(const std::string& address) {
  std::string host = address, port = "8080";
  if (!address.empty() && address.front() == '[') {  // [v6]:port
    const std::size_t close = address.find(']');
    if (close == std::string::npos) return "cannot listen on '" + address + "': missing ']'";
    host = address.substr(1, close - 1);
    if (close + 1 < address.size() && address[close + 1] == ':') port = address.substr(close + 2);
  } else if (const std::size_t colon = address.rfind(':'); colon != std::string::npos) {
    host = address.substr(0, colon);
    port = address.substr(colon + 1);
  }
  beast::error_code ec;
  const asio::ip::address ip = asio::ip::make_address(host.empty() ? "127.0.0.1" : host, ec);
  if (ec) return "cannot listen on '" + address + "': '" + host + "' is not an IP address";
  int port_number = 0;
  try {
    port_number = std::stoi(port);
  } catch (...) {
    port_number = -1;
  }
  if (port_number < 0 || port_number > 65535) return "cannot listen on '" + address + "': bad port";
  const tcp::endpoint endpoint(ip, static_cast<unsigned short>(port_number));
  auto& a = impl_->acceptor;
  a.open(endpoint.protocol(), ec);
  if (!ec) a.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) a.bind(endpoint, ec);
  if (!ec) a.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) return "cannot listen on '" + address + "': " + ec.message();
  return {};
}

int HttpServer::port() const {
  beast::error_code ec;
  const auto endpoint = impl_->acceptor.local_endpoint(ec);
  return ec ? 0 : endpoint.port();
}

void HttpServer::StopOnSignals() {
  impl_->signals.add(SIGTERM);
  impl_->signals.add(SIGINT);
  impl_->signals.async_wait([this](beast::error_code ec, int) {
    if (!ec) impl_->BeginStop();
  });
}

void HttpServer::Run() {
  impl_->Accept();
  impl_->io.run();
}

void HttpServer::Stop() {
  asio::post(impl_->io, [this] { impl_->BeginStop(); });
}

}  // namespace pith::serve
