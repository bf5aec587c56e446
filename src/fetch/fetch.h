// Online mode's fetcher: a list of URLs → one FetchResult per URL, over libcurl's multi interface.
//
// Politeness and limits (FetchOptions): total and per-host concurrency, a minimum delay between two
// request starts on the same host, connect and whole-transfer timeouts, a redirect limit, a maximum
// (decoded) body size, compressed transfer (every encoding libcurl was built with: gzip, br, zstd),
// a user agent, and retries with exponential backoff for transient failures (timeouts, dropped
// connections, HTTP 429 and 5xx), honouring Retry-After (seconds or HTTP date, capped).
//
// Every URL yields exactly one FetchResult, delivered in input order: transfers complete in any
// order, but a URL is only started while it is fewer than `window` positions past the oldest
// result not yet delivered, so at most `window` results (bodies) are buffered at any time.
//
// Failures are typed (FetchError): bad_url (unparsable, or a scheme other than http/https unless
// file:// is allowed), dns, connect, timeout, tls, too_many_redirects, http_status (final status
// ≥ 400), too_large, not_html (Content-Type is neither HTML, XML nor text — PDFs, images...),
// network (connection dropped, empty reply...), forbidden_address (FetchOptions::public_only: the
// host, or a redirect's, resolves only to addresses that are not public; address_guard.h). A body
// is kept only for successful fetches.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <sys/socket.h>

namespace pith::io {

enum class FetchError {
  kNone,
  kBadUrl,
  kDns,
  kConnect,
  kTimeout,
  kTls,
  kTooManyRedirects,
  kHttpStatus,
  kTooLarge,
  kNotHtml,
  kNetwork,
  kForbiddenAddress,
};

// Stable lower-case name used as the JSON error kind ("bad_url", "http_status", ...).
std::string_view FetchErrorName(FetchError e);

struct FetchOptions {
  int max_connections = 16;          // transfers in flight over all hosts
  int max_per_host = 2;              // transfers in flight per host (scheme + host + port)
  double per_host_delay = 0.0;       // seconds between two request starts on one host
  double connect_timeout = 10.0;     // seconds to establish a connection
  double timeout = 30.0;             // seconds for a whole transfer (one attempt, redirects included)
  int max_redirects = 10;            // redirects followed per attempt
  std::size_t max_body_bytes = 16u << 20;  // decoded body limit (bytes)
  std::string user_agent = "pith/0.1 (+https://github.com/pith)";
  int retries = 2;                   // extra attempts after a transient failure
  double backoff = 1.0;              // seconds before the first retry, doubled for each later one
  double max_retry_after = 60.0;     // cap on a server's Retry-After (seconds)
  bool allow_file_urls = false;      // also fetch file:// URLs
  std::size_t window = 0;            // results buffered for in-order delivery (0: 4 × max_connections)
  bool progress = false;             // print done / failed / in flight / rate to stderr
  // The forgery guard (pith serve): connect only to public unicast addresses (address_guard.h),
  // checked on every connection of every redirect hop; http and https only; proxies from the
  // environment are ignored, since a proxy would resolve the host where the guard cannot see it.
  bool public_only = false;
  // Seams for tests of the guard: fixed resolutions ("host:port:address", libcurl's
  // CURLOPT_RESOLVE) and a policy replacing NonPublicRange ("" = allowed, else the range's name).
  std::vector<std::string> resolve;
  std::function<std::string_view(const sockaddr*)> address_check;
};

struct FetchResult {
  std::string url;           // as requested
  std::string final_url;     // after redirects ("" if never connected)
  long http_status = 0;      // last response's status (0 if none)
  std::string content_type;  // e.g. "text/html; charset=gbk"
  std::string charset;       // the charset parameter of content_type, "" if none
  std::string body;          // decoded (decompressed) body; empty on failure
  double seconds = 0;        // wall time from first start to completion, retry waits included
  int attempts = 0;          // transfers started for this URL
  FetchError error = FetchError::kNone;
  std::string message;       // human-readable reason when error != kNone

  bool ok() const { return error == FetchError::kNone; }
};

// The charset parameter of a Content-Type value ("" if none), unquoted.
std::string CharsetOf(std::string_view content_type);
// Whether a Content-Type may carry a page: empty, text/*, or any type mentioning html or xml.
bool IsPageContentType(std::string_view content_type);
// Maps a libcurl result code (CURLcode as int) to a FetchError; kNone for CURLE_OK.
FetchError ClassifyCurlCode(int curl_code);
// Delay in seconds asked by a Retry-After value (delta-seconds or an HTTP date), -1 if unusable.
double ParseRetryAfter(std::string_view value, std::int64_t now_unix);

// The key the per-host limits count by: "scheme://host:port" (the scheme's port when the URL names
// none), lower-case; "" when `url` is not an http(s) URL with a host.
std::string HostKey(const std::string& url);

// Fetches url_at(0..n-1); deliver(i, result) runs on the calling thread for i = 0, 1, 2, ...
void FetchAll(std::size_t n, const std::function<std::string(std::size_t)>& url_at,
              const std::function<void(std::size_t, FetchResult&)>& deliver, const FetchOptions& options);

}  // namespace pith::io
