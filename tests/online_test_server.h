// A tiny HTTP/1.1 server for online-mode tests: listens on 127.0.0.1 on an ephemeral port, one
// thread per connection, `Connection: close` after every response (another loopback address and a
// fixed port may be asked for: the forgery guard's tests). Tests give it a handler that
// maps a request to a response; the server never contacts any other address.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cstdint>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace pith::testing {

struct HttpRequest {
  std::string path;                           // with the query string
  std::map<std::string, std::string> headers;  // lower-case names
  int hit = 0;                                 // 1 for the first request to this path, 2 for the next...
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "text/html";
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  bool send_length = true;     // Content-Length header (otherwise the close delimits the body)
  std::size_t stall_after = std::string::npos;  // send this many body bytes, then stall
  int delay_ms = 0;            // wait before answering
};

class TestHttpServer {
 public:
  using Handler = std::function<HttpResponse(const HttpRequest&)>;

  explicit TestHttpServer(Handler handler, const std::string& address = "127.0.0.1", int port = 0)
      : handler_(std::move(handler)), address_(address) {
    listen_fd_ = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    inet_pton(AF_INET, address.c_str(), &addr.sin_addr);
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    bound_ = bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    listen(listen_fd_, 512);
    socklen_t len = sizeof addr;
    getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    acceptor_ = std::thread([this] { AcceptLoop(); });
  }

  ~TestHttpServer() {
    stop_ = true;
    acceptor_.join();
    close(listen_fd_);
    std::unique_lock lock(mu_);
    idle_.wait(lock, [this] { return active_ == 0; });
  }

  int port() const { return port_; }
  bool bound() const { return bound_; }
  std::string Url(const std::string& path) const { return "http://" + address_ + ":" + std::to_string(port_) + path; }
  int Hits(const std::string& path) {
    std::lock_guard lock(mu_);
    return hits_[path];
  }
  int TotalRequests() {
    std::lock_guard lock(mu_);
    return total_;
  }
  int MaxConcurrent() {
    std::lock_guard lock(mu_);
    return max_concurrent_;
  }
  std::vector<std::chrono::steady_clock::time_point> StartTimes() {
    std::lock_guard lock(mu_);
    return starts_;
  }

 private:
  void AcceptLoop() {
    while (!stop_) {
      pollfd p{listen_fd_, POLLIN, 0};
      if (poll(&p, 1, 20) <= 0) continue;
      const int fd = accept(listen_fd_, nullptr, nullptr);
      if (fd < 0) continue;
      {
        std::lock_guard lock(mu_);
        ++active_;
      }
      std::thread([this, fd] {
        Serve(fd);
        close(fd);
        std::lock_guard lock(mu_);
        if (--active_ == 0) idle_.notify_all();
      }).detach();
    }
  }

  static bool WaitReadable(int fd, int ms) {
    pollfd p{fd, POLLIN, 0};
    return poll(&p, 1, ms) > 0;
  }

  void WriteAll(int fd, const std::string& data) {
    std::size_t off = 0;
    while (off < data.size()) {
      const ssize_t n = send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
      if (n <= 0) return;
      off += static_cast<std::size_t>(n);
    }
  }

  void Serve(int fd) {
    std::string in;
    char buf[4096];
    while (in.find("\r\n\r\n") == std::string::npos) {
      if (!WaitReadable(fd, 2000)) return;
      const ssize_t n = recv(fd, buf, sizeof buf, 0);
      if (n <= 0) return;
      in.append(buf, static_cast<std::size_t>(n));
      if (in[0] == '\x16') {  // a TLS ClientHello (https:// to this plain server): answer in plain HTTP
        WriteAll(fd, "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
        return;
      }
    }
    HttpRequest req;
    const std::size_t sp1 = in.find(' '), sp2 = in.find(' ', sp1 + 1);
    req.path = in.substr(sp1 + 1, sp2 - sp1 - 1);
    std::size_t pos = in.find("\r\n") + 2;
    while (pos < in.size()) {
      const std::size_t end = in.find("\r\n", pos);
      if (end == pos || end == std::string::npos) break;
      const std::string line = in.substr(pos, end - pos);
      const std::size_t colon = line.find(':');
      if (colon != std::string::npos) {
        std::string name = line.substr(0, colon);
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        std::size_t v = colon + 1;
        while (v < line.size() && line[v] == ' ') ++v;
        req.headers[name] = line.substr(v);
      }
      pos = end + 2;
    }
    {
      std::lock_guard lock(mu_);
      req.hit = ++hits_[req.path];
      ++total_;
      starts_.push_back(std::chrono::steady_clock::now());
      max_concurrent_ = std::max(max_concurrent_, ++concurrent_);
    }
    const HttpResponse r = handler_(req);
    if (r.delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(r.delay_ms));
    std::string head = "HTTP/1.1 " + std::to_string(r.status) + " X\r\nConnection: close\r\n";
    if (!r.content_type.empty()) head += "Content-Type: " + r.content_type + "\r\n";
    for (const auto& [k, v] : r.headers) head += k + ": " + v + "\r\n";
    if (r.send_length) head += "Content-Length: " + std::to_string(r.body.size()) + "\r\n";
    head += "\r\n";
    if (r.stall_after != std::string::npos) {
      WriteAll(fd, head + r.body.substr(0, r.stall_after));
      // Stall until the client gives up (closes) or 5 s pass.
      for (int waited = 0; waited < 5000 && !stop_; waited += 50) {
        if (WaitReadable(fd, 50) && recv(fd, buf, sizeof buf, 0) <= 0) break;
      }
    } else {
      WriteAll(fd, head + r.body);
    }
    std::lock_guard lock(mu_);
    --concurrent_;
  }

  Handler handler_;
  std::string address_;
  bool bound_ = false;
  int listen_fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread acceptor_;
  std::mutex mu_;
  std::condition_variable idle_;
  int active_ = 0, concurrent_ = 0, max_concurrent_ = 0, total_ = 0;
  std::map<std::string, int> hits_;
  std::vector<std::chrono::steady_clock::time_point> starts_;
};

// A page with a navigation bar, an article of `paragraphs`, and a footer; `head` goes into <head>.
inline std::string TestPage(const std::string& head, const std::vector<std::string>& paragraphs) {
  std::string html = "<!DOCTYPE html><html><head>" + head + "<title>Test page</title></head><body>"
                     "<div class=\"nav\"><a href=\"/\">Home</a> | <a href=\"/about\">About</a></div><article>";
  for (const std::string& p : paragraphs) html += "<p>" + p + "</p>\n";
  html += "</article><div class=\"footer\"><a href=\"/c\">Contact</a></div></body></html>";
  return html;
}

// Cyrillic and Chinese sentences in legacy encodings (windows-1251, GBK), and their UTF-8 text.
inline const std::string kRu1251 =
    "\xc3\xee\xf0\xee\xe4\xf1\xea\xee\xe9\x20\xf1\xee\xe2\xe5\xf2\x20\xf3\xf2\xe2\xe5\xf0\xe4\xe8\xeb\x20\xed"
    "\xee\xe2\xfb\xe9\x20\xef\xeb\xe0\xed\x20\xf0\xe0\xe7\xe2\xe8\xf2\xe8\xff\x20\xef\xe0\xf0\xea\xee\xe2\x20"
    "\xe8\x20\xed\xe0\xe1\xe5\xf0\xe5\xe6\xed\xfb\xf5\x20\xed\xe0\x20\xe1\xeb\xe8\xe6\xe0\xe9\xf8\xe8\xe5\x20"
    "\xef\xff\xf2\xfc\x20\xeb\xe5\xf2\x2c\x20\xe8\x20\xe6\xe8\xf2\xe5\xeb\xe8\x20\xee\xe1\xf1\xf3\xe6\xe4\xe0"
    "\xeb\xe8\x20\xe5\xe3\xee\x20\xed\xe0\x20\xee\xf2\xea\xf0\xfb\xf2\xfb\xf5\x20\xe2\xf1\xf2\xf0\xe5\xf7\xe0"
    "\xf5\x2e";
inline const std::string kRuUtf8 =
    "Городской совет утвердил новый план развития парков и набережных на ближайшие пять лет, и жители "
    "обсуждали его на открытых встречах.";
inline const std::string kZhGbk =
    "\xca\xd0\xd5\xfe\xb8\xae\xbd\xf1\xcc\xec\xb9\xab\xb2\xbc\xc1\xcb\xd0\xc2\xb5\xc4\xb3\xc7\xca\xd0\xb9\xab"
    "\xd4\xb0\xbd\xa8\xc9\xe8\xbc\xc6\xbb\xae\xa3\xac\xd4\xa4\xbc\xc6\xd4\xda\xce\xb4\xc0\xb4\xce\xe5\xc4\xea"
    "\xc4\xda\xcd\xea\xb3\xc9\xc8\xab\xb2\xbf\xb9\xa4\xb3\xcc\xa3\xac\xbe\xd3\xc3\xf1\xbf\xc9\xd2\xd4\xd4\xda"
    "\xcd\xf8\xc9\xcf\xcc\xe1\xbd\xbb\xd2\xe2\xbc\xfb\xa1\xa3";
inline const std::string kZhUtf8 = "市政府今天公布了新的城市公园建设计划，预计在未来五年内完成全部工程，居民可以在网上提交意见。";

// gzip (made with Python's gzip module) of an English page whose paragraphs contain kGzipSentence.
inline const std::string kGzipBody = std::string(
    "\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\xcd\x92\x41\x6e\xc3\x30\x0c\x04\xbf\xb2\x0f\x08\xaa\xb6\xb9\x2a"
    "\xba\xf4\xd2\x73\x7f\xc0\x58\xb4\x25\xd4\x16\x05\x8a\x76\xd0\xdf\x57\x89\x83\x7c\xa0\x28\x90\xe3\x92\x4b"
    "\xee\x1c\xd6\x27\x5b\xe6\xe0\x13\x53\x0c\xde\xb2\xcd\x1c\xbe\xf2\xc6\xea\xdd\x2e\xbc\xdb\x57\x67\x89\x3f"
    "\xc1\xc7\xbc\x61\x98\xa9\xb5\x53\xa1\x2d\x78\x42\x52\x1e\x4f\x2e\x7c\xca\xc2\xde\x51\x77\x77\x47\x9f\xab"
    "\xe5\xe1\x7a\x5c\xc3\x87\x2c\x55\xb9\x35\x8e\x30\xa5\xd2\x46\x56\x7c\x33\xd7\x06\x4b\x8c\xbb\x11\x74\x96"
    "\xd5\xa0\xd7\x60\x74\xb7\x89\x92\x65\x29\xc8\xc5\x68\xb0\x03\x2a\x29\x4d\x4a\x35\xe1\xf5\x80\x4b\xb6\x04"
    "\x2e\xb2\x4e\x09\x17\xd1\xd8\x5f\x09\x06\x59\x8b\x81\x1a\x16\xca\xa5\xab\x62\xdc\xb5\x8c\xb7\x98\x4a\x13"
    "\xbf\x78\x57\xff\x03\xe8\xed\xd9\x80\xde\x9f\x0d\xe8\xf8\x37\x20\xf7\x68\x93\xdb\x4b\xe8\x6e\x95\xfd\x05"
    "\xa7\x73\x6e\x95\xb9\x02\x00\x00",
    216);
inline const std::string kGzipSentence = "Compressed transfer keeps the article about river restoration intact";

// Distinct paragraphs for page N, so every record can be matched to its URL.
inline std::vector<std::string> RecordParagraphs(const std::string& n) {
  return {"Record " + n + ": the council approved a new plan for the parks along the river, and residents "
          "discussed it at open meetings held every week in the old town hall.",
          "The plan for record " + n + " adds trees, benches and a cycle path, and the first works are "
          "expected to start in the spring after a public consultation closes.",
          "Officials said the budget for record " + n + " comes from the regional fund and that the city "
          "will publish a progress report every three months on its website."};
}

inline std::string RepeatedPage(const std::string& head, const std::string& sentence) {
  return TestPage(head, {sentence + " " + sentence, sentence, sentence + " " + sentence + " " + sentence});
}

// The routes every online test uses (see docs/online.md for what each exercises).
inline HttpResponse TestRoutes(const HttpRequest& req) {
  HttpResponse r;
  const std::string& p = req.path;
  auto page = [](const std::string& n) { return TestPage("<meta charset=\"utf-8\">", RecordParagraphs(n)); };
  if (p.starts_with("/page/")) {
    r.body = page(p.substr(6));
    r.content_type = "text/html; charset=utf-8";
  } else if (p.starts_with("/slow/")) {
    r.body = page(p.substr(6));
    r.delay_ms = 40;
  } else if (p.starts_with("/redirect/")) {
    r.status = 302;
    r.headers.push_back({"Location", "/page/" + p.substr(10)});
  } else if (p == "/loop") {
    r.status = 302;
    r.headers.push_back({"Location", "/loop"});
  } else if (p.starts_with("/status/")) {
    r.status = std::stoi(p.substr(8));
    r.body = "<html><body>error</body></html>";
  } else if (p == "/flaky429") {
    if (req.hit == 1) {
      r.status = 429;
      r.headers.push_back({"Retry-After", "1"});
    } else {
      r.body = page("429");
    }
  } else if (p == "/flaky503") {
    r.status = req.hit == 1 ? 503 : 200;
    r.body = page("503");
  } else if (p == "/stall") {
    r.body = page("stall");
    r.stall_after = 100;
  } else if (p == "/big" || p == "/big-nolen") {
    r.body = page("big") + std::string(2u << 20, ' ');
    r.send_length = p == "/big";
  } else if (p == "/pdf") {
    r.content_type = "application/pdf";
    r.body = "%PDF-1.4\n%binary\n";
  } else if (p == "/gzip") {
    const auto it = req.headers.find("accept-encoding");
    if (it == req.headers.end() || it->second.find("gzip") == std::string::npos) {
      r.status = 406;
    } else {
      r.headers.push_back({"Content-Encoding", "gzip"});
      r.body = kGzipBody;
    }
  } else if (p == "/ru-header") {  // header says windows-1251, the meta lies (koi8-r): the header wins
    r.content_type = "text/html; charset=windows-1251";
    r.body = RepeatedPage("<meta charset=\"koi8-r\">", kRu1251);
  } else if (p == "/ru-meta") {  // no charset in the header: the meta decides
    r.body = RepeatedPage("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1251\">", kRu1251);
  } else if (p == "/zh-gbk") {
    r.content_type = "text/html; charset=\"GBK\"";
    r.body = RepeatedPage("<meta charset=\"utf-8\">", kZhGbk);
  } else {
    r.status = 404;
  }
  return r;
}

}  // namespace pith::testing
