// Minimal Boost.Beast server for bench/http_libraries/run.sh: GET /hello, POST /echo (length + hash);
// 2 I/O threads, a 10 s deadline per read (the whole header) and per write.
#include <utility>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>
namespace asio = boost::asio; namespace beast = boost::beast; namespace http = beast::http;
using tcp = asio::ip::tcp;
struct Session : std::enable_shared_from_this<Session> {
  beast::tcp_stream s; beast::flat_buffer buf; std::unique_ptr<http::request_parser<http::string_body>> p;
  http::response<http::string_body> res;
  explicit Session(tcp::socket sock) : s(std::move(sock)) { s.socket().set_option(tcp::no_delay(true)); buf.reserve(65536); }
  void Read() {
    p = std::make_unique<http::request_parser<http::string_body>>();
    p->header_limit(16 * 1024); p->body_limit(64 << 20);
    s.expires_after(std::chrono::seconds(10));
    http::async_read(s, buf, *p, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->OnRead(ec); });
  }
  void OnRead(beast::error_code ec) {
    if (ec) { s.socket().close(ec); return; }
    auto& req = p->get();
    res = {};
    res.version(11); res.keep_alive(req.keep_alive());
    if (req.target() == "/hello") { res.result(200); res.body() = "hello\n"; }
    else { unsigned long h = 1469598103934665603UL; for (unsigned char c : req.body()) h = (h ^ c) * 1099511628211UL;
      res.result(200); res.body() = std::to_string(req.body().size()) + " " + std::to_string(h) + "\n"; }
    res.set(http::field::content_type, "text/plain"); res.prepare_payload();
    s.expires_after(std::chrono::seconds(10));
    http::async_write(s, res, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec || !self->res.keep_alive()) { self->s.socket().shutdown(tcp::socket::shutdown_send, ec); return; }
      self->Read(); });
  }
};
void Accept(tcp::acceptor& a) {
  a.async_accept([&a](beast::error_code ec, tcp::socket sock) { if (!ec) std::make_shared<Session>(std::move(sock))->Read(); Accept(a); });
}
int main(int argc, char** argv) {
  asio::io_context io(2);
  tcp::acceptor a(io, {asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(atoi(argv[1]))});
  a.listen(4096);
  Accept(a);
  std::thread t([&] { io.run(); }); io.run(); t.join();
}
