// A real `pith serve` for tests: the tool started on 127.0.0.1 with an ephemeral port (read from
// its first stderr line), stopped with SIGTERM when the object dies; an HTTP client over libcurl
// and raw sockets for what no well-behaved client sends. Every wait is bounded.
#pragma once

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "test_util.h"

namespace pith::testing {

struct Reply {
  long status = 0;
  std::string body;
  std::string headers;  // raw, lower-cased names not guaranteed
  std::string content_type;
  long connects = 0;  // new connections this request opened (0 = reused keep-alive)

  std::string Header(const std::string& name) const {
    std::istringstream in(headers);
    std::string line;
    const std::string lower = AsciiLowerCopy(name) + ":";
    while (std::getline(in, line)) {
      if (AsciiLowerCopy(line.substr(0, lower.size())) == lower) {
        std::string v = line.substr(lower.size());
        while (!v.empty() && (v.front() == ' ')) v.erase(0, 1);
        while (!v.empty() && (v.back() == '\r' || v.back() == ' ')) v.pop_back();
        return v;
      }
    }
    return "";
  }
  static std::string AsciiLowerCopy(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  }
};

class ServeProcess {
 public:
  explicit ServeProcess(const std::string& args = "") {
    err_path_ = dir_.path() / "stderr";
    pid_ = fork();
    if (pid_ == 0) {
      const std::string cmd = "exec " + std::string(PITH_CLI) + " serve --listen 127.0.0.1:0 " + args + " 2>" +
                              err_path_.string() + " >/dev/null";
      execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 400 && port_ == 0; ++i) {  // up to 20 s for the first line
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      const std::string err = ReadFile(err_path_);
      const std::size_t at = err.find("listening on http://127.0.0.1:");
      if (at != std::string::npos) port_ = std::atoi(err.c_str() + at + 30);
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        break;
      }
    }
    curl_ = curl_easy_init();
  }
  ~ServeProcess() {
    curl_easy_cleanup(curl_);
    Stop();
  }

  bool ok() const { return port_ != 0; }
  int port() const { return port_; }
  pid_t pid() const { return pid_; }
  std::string Url(const std::string& path) const { return "http://127.0.0.1:" + std::to_string(port_) + path; }
  std::string Log() const { return ReadFile(err_path_); }

  // SIGTERM, then the exit code (-1 if it had to be killed after 20 s).
  int Stop() {
    if (pid_ <= 0) return exit_code_;
    kill(pid_, SIGTERM);
    int status = 0;
    for (int i = 0; i < 400; ++i) {
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        return exit_code_;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return exit_code_ = -1;
  }

  // Resident memory of the server, in KiB (0 if unknown).
  long RssKb() const {
    std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
    }
    return 0;
  }

  // One request over the keep-alive connection of this object's curl handle.
  Reply Request(const std::string& method, const std::string& path, const std::string& body = "",
                const std::vector<std::string>& headers = {}, long timeout_ms = 20000) {
    return Send(curl_, method, Url(path), body, headers, timeout_ms);
  }

  static Reply Send(CURL* c, const std::string& method, const std::string& url, const std::string& body,
                    const std::vector<std::string>& headers, long timeout_ms) {
    Reply r;
    curl_easy_reset(c);
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(c, CURLOPT_PROXY, "");
    if (method == "POST") {
      curl_easy_setopt(c, CURLOPT_POST, 1L);
      curl_easy_setopt(c, CURLOPT_POSTFIELDS, body.data());
      curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
    } else if (method != "GET") {
      curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method.c_str());
    }
    curl_slist* list = nullptr;
    for (const std::string& h : headers) list = curl_slist_append(list, h.c_str());
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, +[](char* d, size_t s, size_t n, void* u) {
      static_cast<std::string*>(u)->append(d, s * n);
      return s * n;
    });
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &r.body);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, +[](char* d, size_t s, size_t n, void* u) {
      static_cast<std::string*>(u)->append(d, s * n);
      return s * n;
    });
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &r.headers);
    if (curl_easy_perform(c) == CURLE_OK) {
      curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &r.status);
      char* type = nullptr;
      curl_easy_getinfo(c, CURLINFO_CONTENT_TYPE, &type);
      if (type) r.content_type = type;
      curl_easy_getinfo(c, CURLINFO_NUM_CONNECTS, &r.connects);
    }
    curl_slist_free_all(list);
    return r;
  }

 private:
  TempDir dir_;
  std::filesystem::path err_path_;
  pid_t pid_ = -1;
  int port_ = 0;
  int exit_code_ = -1;
  CURL* curl_ = nullptr;
};

// A raw TCP connection to 127.0.0.1:port (-1 on failure).
inline int Connect(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

inline bool SendAll(int fd, const std::string& data) {
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (n <= 0) return false;
    off += static_cast<std::size_t>(n);
  }
  return true;
}

// Reads until the peer closes or `ms` pass; returns what arrived.
inline std::string ReadUntilClose(int fd, int ms, bool* closed = nullptr) {
  std::string out;
  char buf[16384];
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  if (closed) *closed = false;
  while (std::chrono::steady_clock::now() < end) {
    pollfd p{fd, POLLIN, 0};
    const int left = static_cast<int>(
        std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now()).count());
    if (poll(&p, 1, std::max(1, left)) <= 0) continue;
    const ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0) {
      if (closed) *closed = true;
      break;
    }
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

}  // namespace pith::testing
