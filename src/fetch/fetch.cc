// libcurl multi-interface fetcher for online mode (see fetch.h for the contract).
//
// One loop on the calling thread: admit URLs into a window, start the ones whose host has a free
// slot and whose per-host delay has passed, drive curl_multi_perform, classify finished transfers
// (retrying transient ones after a backoff), and deliver finished results in input order.
// Under FetchOptions::public_only every socket goes through OpenSocket, which checks the address
// libcurl resolved and is about to connect to (address_guard.h).
#include "fetch/fetch.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "fetch/address_guard.h"
#include "text/ascii.h"

namespace pith::io {
namespace {

using Clock = std::chrono::steady_clock;

// A header value: OWS before it; OWS and the line's CRLF (libcurl hands the line over whole) after.
std::string_view TrimHeaderValue(std::string_view s) {
  return text::TrimBack(text::TrimFront(s, text::IsHttpOws), text::IsOwsOrLineEnd);
}

void GlobalInit() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

// One attempt at one URL; owned by the loop while its easy handle is in the multi handle.
struct Transfer {
  std::size_t index = 0;
  CURL* easy = nullptr;
  std::string* body = nullptr;
  std::size_t limit = 0;
  std::string retry_after;  // Retry-After of the last response
  bool checked_type = false;
  bool too_large = false;
  bool not_html = false;
  std::string forbidden;  // why the guard refused the last address tried ("" = none refused)
  const FetchOptions* options = nullptr;
  char errbuf[CURL_ERROR_SIZE] = {};
};

std::string AddressText(const sockaddr* addr) {
  char buf[INET6_ADDRSTRLEN] = {};
  if (addr->sa_family == AF_INET) {
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(addr)->sin_addr, buf, sizeof buf);
  } else if (addr->sa_family == AF_INET6) {
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(addr)->sin6_addr, buf, sizeof buf);
  }
  return buf;
}

// libcurl's open-socket callback under public_only: the address is the one the socket will be
// connected to, so refusing here leaves no window between the check and the connection.
curl_socket_t OpenSocket(void* user, curlsocktype, curl_sockaddr* address) {
  auto* t = static_cast<Transfer*>(user);
  const sockaddr* addr = &address->addr;
  const std::string_view range = t->options->address_check ? t->options->address_check(addr) : NonPublicRange(addr);
  if (!range.empty()) {
    t->forbidden = AddressText(addr) + " is a " + std::string(range) + " address";
    return CURL_SOCKET_BAD;
  }
  return socket(address->family, address->socktype, address->protocol);
}

long ResponseCode(CURL* easy) {
  long code = 0;
  curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &code);
  return code;
}

// Body bytes (already decompressed). Aborts the transfer (return 0) on an error status, a
// non-page Content-Type, or a body past the limit; skips the bodies of redirect responses.
std::size_t OnBody(char* data, std::size_t size, std::size_t count, void* user) {
  auto* t = static_cast<Transfer*>(user);
  const std::size_t len = size * count;
  const long code = ResponseCode(t->easy);
  if (code >= 300 && code < 400) return len;
  if (code >= 400) return 0;  // classified as http_status from the code; the body is not needed
  if (!t->checked_type) {
    t->checked_type = true;
    char* type = nullptr;
    curl_easy_getinfo(t->easy, CURLINFO_CONTENT_TYPE, &type);
    if (type != nullptr && !IsPageContentType(type)) {
      t->not_html = true;
      return 0;
    }
  }
  if (t->body->size() + len > t->limit) {
    t->too_large = true;
    return 0;
  }
  t->body->append(data, len);
  return len;
}

std::size_t OnHeader(char* data, std::size_t size, std::size_t count, void* user) {
  auto* t = static_cast<Transfer*>(user);
  const std::size_t len = size * count;
  const std::string_view line(data, len);
  if (text::StartsWithIgnoreAsciiCase(line, "HTTP/")) {
    t->retry_after.clear();  // a new response (after a redirect or 100-continue)
  } else if (text::StartsWithIgnoreAsciiCase(line, "retry-after:")) {
    t->retry_after = std::string(TrimHeaderValue(line.substr(12)));
  }
  return len;
}

struct Slot {
  FetchResult result;
  std::string host_key;
  bool done = false;
  bool started = false;
  Clock::time_point first_start;
};

struct Waiting {
  std::size_t index;
  Clock::time_point ready;
};

struct HostState {
  int active = 0;
  Clock::time_point next_start{};
};

Clock::duration Seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::max(0.0, s)));
}

// Parses `url`; on success sets the per-host key ("scheme://host:port"), else returns the reason.
std::string CheckUrl(const std::string& url, bool allow_file, std::string* host_key) {
  CURLU* u = curl_url();
  std::string reason;
  if (curl_url_set(u, CURLUPART_URL, url.c_str(), CURLU_NON_SUPPORT_SCHEME) != CURLUE_OK) {
    reason = "not a valid absolute URL";
  } else {
    char* scheme = nullptr;
    char* host = nullptr;
    char* port = nullptr;
    curl_url_get(u, CURLUPART_SCHEME, &scheme, 0);
    curl_url_get(u, CURLUPART_HOST, &host, 0);
    curl_url_get(u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT);
    const std::string s = scheme ? text::LowerAscii(scheme) : "";
    if (s == "file") {
      if (!allow_file) reason = "file:// URLs are refused (use --allow-file-urls)";
      *host_key = "file://";
    } else if (s != "http" && s != "https") {
      reason = "unsupported scheme '" + s + "' (only http and https are fetched)";
    } else if (host == nullptr || *host == '\0') {
      reason = "URL has no host";
    } else {
      *host_key = s + "://" + text::LowerAscii(host) + ":" + (port ? port : "");
    }
    curl_free(scheme);
    curl_free(host);
    curl_free(port);
  }
  curl_url_cleanup(u);
  return reason;
}

class Loop {
 public:
  Loop(std::size_t n, const std::function<std::string(std::size_t)>& url_at,
       const std::function<void(std::size_t, FetchResult&)>& deliver, const FetchOptions& o)
      : n_(n), url_at_(url_at), deliver_(deliver), o_(o) {
    window_ = o.window > 0 ? o.window : static_cast<std::size_t>(std::max(1, o.max_connections)) * 4;
    multi_ = curl_multi_init();
    curl_multi_setopt(multi_, CURLMOPT_MAX_TOTAL_CONNECTIONS, static_cast<long>(std::max(1, o.max_connections)));
    for (const std::string& entry : o.resolve) resolve_ = curl_slist_append(resolve_, entry.c_str());
    start_ = Clock::now();
  }
  ~Loop() {
    for (auto& [easy, t] : transfers_) {
      curl_multi_remove_handle(multi_, easy);
      curl_easy_cleanup(easy);
    }
    curl_multi_cleanup(multi_);
    curl_slist_free_all(resolve_);
  }

  void Run() {
    while (next_deliver_ < n_) {
      bool progressed = Admit();
      progressed |= StartReady();
      int running = 0;
      curl_multi_perform(multi_, &running);
      progressed |= Collect();
      progressed |= Deliver();
      ShowProgress(false);
      if (next_deliver_ >= n_) break;
      if (!progressed) Wait();
    }
    ShowProgress(true);
  }

 private:
  bool Admit() {
    bool any = false;
    while (next_new_ < n_ && next_new_ < next_deliver_ + window_) {
      const std::size_t i = next_new_++;
      Slot& slot = slots_[i];
      slot.result.url = url_at_(i);
      const std::string reason = CheckUrl(slot.result.url, o_.allow_file_urls, &slot.host_key);
      if (!reason.empty()) {
        slot.result.error = FetchError::kBadUrl;
        slot.result.message = reason;
        Finish(slot);
      } else {
        waiting_.push_back({i, Clock::now()});
      }
      any = true;
    }
    return any;
  }

  bool StartReady() {
    bool any = false;
    const auto now = Clock::now();
    for (auto it = waiting_.begin(); it != waiting_.end() && in_flight_ < o_.max_connections;) {
      Slot& slot = slots_[it->index];
      HostState& host = hosts_[slot.host_key];
      if (it->ready <= now && host.active < std::max(1, o_.max_per_host) && host.next_start <= now) {
        Start(it->index, slot, host, now);
        it = waiting_.erase(it);
        any = true;
      } else {
        ++it;
      }
    }
    return any;
  }

  void Start(std::size_t i, Slot& slot, HostState& host, Clock::time_point now) {
    if (!slot.started) {
      slot.started = true;
      slot.first_start = now;
    }
    ++slot.result.attempts;
    ++host.active;
    host.next_start = now + Seconds(o_.per_host_delay);
    ++in_flight_;
    auto t = std::make_unique<Transfer>();
    t->index = i;
    t->easy = curl_easy_init();
    t->body = &slot.result.body;
    t->limit = o_.max_body_bytes;
    t->options = &o_;
    slot.result.body.clear();
    CURL* e = t->easy;
    curl_easy_setopt(e, CURLOPT_URL, slot.result.url.c_str());
    curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, o_.allow_file_urls && !o_.public_only ? "http,https,file" : "http,https");
    if (o_.public_only) {
      curl_easy_setopt(e, CURLOPT_OPENSOCKETFUNCTION, OpenSocket);
      curl_easy_setopt(e, CURLOPT_OPENSOCKETDATA, t.get());
      curl_easy_setopt(e, CURLOPT_PROXY, "");
    }
    if (resolve_ != nullptr) curl_easy_setopt(e, CURLOPT_RESOLVE, resolve_);
    curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(e, CURLOPT_MAXREDIRS, static_cast<long>(o_.max_redirects));
    curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(o_.connect_timeout * 1000));
    curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, static_cast<long>(o_.timeout * 1000));
    curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "");  // every encoding libcurl supports
    curl_easy_setopt(e, CURLOPT_USERAGENT, o_.user_agent.c_str());
    curl_easy_setopt(e, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(o_.max_body_bytes));
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, OnBody);
    curl_easy_setopt(e, CURLOPT_WRITEDATA, t.get());
    curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, OnHeader);
    curl_easy_setopt(e, CURLOPT_HEADERDATA, t.get());
    curl_easy_setopt(e, CURLOPT_ERRORBUFFER, t->errbuf);
    curl_multi_add_handle(multi_, e);
    transfers_.emplace(e, std::move(t));
  }

  bool Collect() {
    bool any = false;
    int left = 0;
    while (CURLMsg* msg = curl_multi_info_read(multi_, &left)) {
      if (msg->msg != CURLMSG_DONE) continue;
      CURL* e = msg->easy_handle;
      const CURLcode code = msg->data.result;
      auto it = transfers_.find(e);
      std::unique_ptr<Transfer> t = std::move(it->second);
      transfers_.erase(it);
      curl_multi_remove_handle(multi_, e);
      Complete(*t, code);
      curl_easy_cleanup(e);
      any = true;
    }
    return any;
  }

  void Complete(Transfer& t, CURLcode code) {
    Slot& slot = slots_[t.index];
    FetchResult& r = slot.result;
    HostState& host = hosts_[slot.host_key];
    --host.active;
    --in_flight_;
    r.http_status = ResponseCode(t.easy);
    char* s = nullptr;
    curl_easy_getinfo(t.easy, CURLINFO_EFFECTIVE_URL, &s);
    r.final_url = s ? s : "";
    s = nullptr;
    curl_easy_getinfo(t.easy, CURLINFO_CONTENT_TYPE, &s);
    r.content_type = s ? s : "";
    r.charset = CharsetOf(r.content_type);
    Classify(t, code, r);
    if (!r.ok() && IsTransient(r) && r.attempts <= o_.retries) {
      double delay = o_.backoff * std::pow(2.0, r.attempts - 1);
      const double asked = ParseRetryAfter(t.retry_after, static_cast<std::int64_t>(std::time(nullptr)));
      if (asked >= 0) delay = std::min(asked, o_.max_retry_after);
      const auto ready = Clock::now() + Seconds(delay);
      host.next_start = std::max(host.next_start, ready);  // the whole host is asked to slow down
      r.body.clear();
      waiting_.push_back({t.index, ready});
      return;
    }
    Finish(slot);
  }

  static void Classify(const Transfer& t, CURLcode code, FetchResult& r) {
    r.error = FetchError::kNone;
    r.message.clear();
    if (!t.forbidden.empty() && code != CURLE_OK) {
      r.error = FetchError::kForbiddenAddress;
      r.message = "refused: " + t.forbidden + " (only public addresses are fetched)";
    } else if (t.too_large || code == CURLE_FILESIZE_EXCEEDED) {
      r.error = FetchError::kTooLarge;
      r.message = "body larger than the limit";
    } else if (t.not_html) {
      r.error = FetchError::kNotHtml;
      r.message = "Content-Type " + r.content_type + " is not a web page";
    } else if (r.http_status >= 400) {
      r.error = FetchError::kHttpStatus;
      r.message = "HTTP status " + std::to_string(r.http_status);
    } else if (code != CURLE_OK) {
      r.error = ClassifyCurlCode(code);
      r.message = t.errbuf[0] != '\0' ? std::string(t.errbuf) : std::string(curl_easy_strerror(code));
    }
  }

  static bool IsTransient(const FetchResult& r) {
    if (r.error == FetchError::kTimeout || r.error == FetchError::kNetwork) return true;
    return r.error == FetchError::kHttpStatus && (r.http_status == 429 || r.http_status >= 500);
  }

  void Finish(Slot& slot) {
    slot.done = true;
    if (!slot.result.ok()) {
      slot.result.body.clear();
      slot.result.body.shrink_to_fit();
      ++failed_;
    }
    if (slot.started) {
      slot.result.seconds = std::chrono::duration<double>(Clock::now() - slot.first_start).count();
    }
    ++finished_;
  }

  bool Deliver() {
    bool any = false;
    while (next_deliver_ < n_) {
      auto it = slots_.find(next_deliver_);
      if (it == slots_.end() || !it->second.done) break;
      deliver_(next_deliver_, it->second.result);
      slots_.erase(it);
      ++next_deliver_;
      any = true;
    }
    return any;
  }

  void Wait() {
    const auto now = Clock::now();
    long wait_ms = 200;
    for (const Waiting& w : waiting_) {
      const auto at = std::max(w.ready, hosts_[slots_[w.index].host_key].next_start);
      const long ms = static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(at - now).count());
      wait_ms = std::min(wait_ms, std::max(0L, ms + 1));
    }
    long curl_ms = -1;
    curl_multi_timeout(multi_, &curl_ms);
    if (curl_ms >= 0) wait_ms = std::min(wait_ms, curl_ms);
    if (wait_ms > 0) curl_multi_poll(multi_, nullptr, 0, static_cast<int>(wait_ms), nullptr);
  }

  void ShowProgress(bool final) {
    if (!o_.progress) return;
    const auto now = Clock::now();
    if (!final && now - last_progress_ < std::chrono::milliseconds(250)) return;
    last_progress_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double rate = elapsed > 0 ? static_cast<double>(finished_) / elapsed : 0.0;
    std::fprintf(stderr, "\rpith: %zu/%zu done, %zu failed, %d in flight, %.1f URLs/s   %s", finished_, n_,
                 failed_, in_flight_, rate, final ? "\n" : "");
    std::fflush(stderr);
  }

  const std::size_t n_;
  const std::function<std::string(std::size_t)>& url_at_;
  const std::function<void(std::size_t, FetchResult&)>& deliver_;
  const FetchOptions& o_;
  std::size_t window_ = 0;
  CURLM* multi_ = nullptr;
  curl_slist* resolve_ = nullptr;  // FetchOptions::resolve
  std::map<std::size_t, Slot> slots_;  // admitted, not yet delivered (at most window_)
  std::deque<Waiting> waiting_;        // admitted, not in flight (new or retrying)
  std::unordered_map<std::string, HostState> hosts_;
  std::unordered_map<CURL*, std::unique_ptr<Transfer>> transfers_;
  std::size_t next_new_ = 0, next_deliver_ = 0, finished_ = 0, failed_ = 0;
  int in_flight_ = 0;
  Clock::time_point start_, last_progress_{};
};

}  // namespace

std::string HostKey(const std::string& url) {
  std::string key;
  if (!CheckUrl(url, false, &key).empty()) key.clear();
  return key;
}

std::string_view FetchErrorName(FetchError e) {
  switch (e) {
    case FetchError::kNone: return "ok";
    case FetchError::kBadUrl: return "bad_url";
    case FetchError::kDns: return "dns";
    case FetchError::kConnect: return "connect";
    case FetchError::kTimeout: return "timeout";
    case FetchError::kTls: return "tls";
    case FetchError::kTooManyRedirects: return "too_many_redirects";
    case FetchError::kHttpStatus: return "http_status";
    case FetchError::kTooLarge: return "too_large";
    case FetchError::kNotHtml: return "not_html";
    case FetchError::kNetwork: return "network";
    case FetchError::kForbiddenAddress: return "forbidden_address";
  }
  return "network";
}

std::string CharsetOf(std::string_view content_type) {
  const std::string lower = text::LowerAscii(content_type);
  std::size_t pos = lower.find("charset");
  while (pos != std::string::npos) {
    std::size_t i = pos + 7;
    while (i < lower.size() && (lower[i] == ' ' || lower[i] == '\t')) ++i;
    if (i < lower.size() && lower[i] == '=') {
      ++i;
      while (i < lower.size() && (lower[i] == ' ' || lower[i] == '\t')) ++i;
      const bool quoted = i < lower.size() && (lower[i] == '"' || lower[i] == '\'');
      if (quoted) ++i;
      std::size_t end = i;
      while (end < lower.size() && lower[end] != ';' && lower[end] != ' ' && lower[end] != '"' &&
             lower[end] != '\'') {
        ++end;
      }
      return std::string(content_type.substr(i, end - i));
    }
    pos = lower.find("charset", pos + 7);
  }
  return {};
}

bool IsPageContentType(std::string_view content_type) {
  const std::string t = text::LowerAscii(TrimHeaderValue(content_type.substr(0, content_type.find(';'))));
  if (t.empty()) return true;
  return t.starts_with("text/") || t.find("html") != std::string::npos || t.find("xml") != std::string::npos;
}

FetchError ClassifyCurlCode(int curl_code) {
  switch (static_cast<CURLcode>(curl_code)) {
    case CURLE_OK: return FetchError::kNone;
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT: return FetchError::kBadUrl;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY: return FetchError::kDns;
    case CURLE_COULDNT_CONNECT: return FetchError::kConnect;
    case CURLE_OPERATION_TIMEDOUT: return FetchError::kTimeout;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_USE_SSL_FAILED: return FetchError::kTls;
    case CURLE_TOO_MANY_REDIRECTS: return FetchError::kTooManyRedirects;
    case CURLE_FILESIZE_EXCEEDED: return FetchError::kTooLarge;
    case CURLE_FILE_COULDNT_READ_FILE: return FetchError::kConnect;
    default: return FetchError::kNetwork;
  }
}

double ParseRetryAfter(std::string_view value, std::int64_t now_unix) {
  value = TrimHeaderValue(value);
  if (value.empty()) return -1;
  if (std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    if (value.size() > 9) return 1e9;
    return static_cast<double>(std::stoll(std::string(value)));
  }
  const std::string copy(value);
  const time_t when = curl_getdate(copy.c_str(), nullptr);
  if (when < 0) return -1;
  return std::max(0.0, static_cast<double>(static_cast<std::int64_t>(when) - now_unix));
}

void FetchAll(std::size_t n, const std::function<std::string(std::size_t)>& url_at,
              const std::function<void(std::size_t, FetchResult&)>& deliver, const FetchOptions& options) {
  if (n == 0) return;
  GlobalInit();
  Loop loop(n, url_at, deliver, options);
  loop.Run();
}

}  // namespace pith::io
