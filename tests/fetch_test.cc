// Online mode, library level: io::FetchAll against a local test server (online_test_server.h),
// the URL-list reader, and the fetch helpers (charset, content type, Retry-After, curl codes).
#include <curl/curl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <sstream>

#include "fetch/fetch.h"
#include "fetch/url_list.h"
#include "online_test_server.h"
#include "test_util.h"

namespace pith::io {
namespace {

using pith::testing::TestHttpServer;
using pith::testing::TestRoutes;

FetchOptions FastOptions() {
  FetchOptions o;
  o.timeout = 5;
  o.connect_timeout = 2;
  o.retries = 1;
  o.backoff = 0.05;
  o.max_per_host = 8;
  return o;
}

std::vector<FetchResult> Fetch(const std::vector<std::string>& urls, const FetchOptions& o) {
  std::vector<FetchResult> out;
  std::vector<std::size_t> order;
  FetchAll(
      urls.size(), [&](std::size_t i) { return urls[i]; },
      [&](std::size_t i, FetchResult& r) {
        order.push_back(i);
        out.push_back(std::move(r));
      },
      o);
  for (std::size_t i = 0; i < order.size(); ++i) EXPECT_EQ(order[i], i);  // input order
  EXPECT_EQ(out.size(), urls.size());
  return out;
}

FetchResult FetchOne(const std::string& url, const FetchOptions& o = FastOptions()) {
  auto results = Fetch({url}, o);
  return results.empty() ? FetchResult{} : results[0];
}

// A port on 127.0.0.1 with nothing listening (bound, then closed).
int ClosedPort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  close(fd);
  return ntohs(addr.sin_port);
}

TEST(FetchHelpers, CharsetOfContentType) {
  EXPECT_EQ(CharsetOf("text/html; charset=windows-1251"), "windows-1251");
  EXPECT_EQ(CharsetOf("text/html;charset=\"GBK\""), "GBK");
  EXPECT_EQ(CharsetOf("text/html; Charset = utf-8; foo=bar"), "utf-8");
  EXPECT_EQ(CharsetOf("text/html"), "");
  EXPECT_EQ(CharsetOf(""), "");
}

TEST(FetchHelpers, PageContentTypes) {
  EXPECT_TRUE(IsPageContentType(""));
  EXPECT_TRUE(IsPageContentType("text/html; charset=utf-8"));
  EXPECT_TRUE(IsPageContentType("application/xhtml+xml"));
  EXPECT_TRUE(IsPageContentType("TEXT/PLAIN"));
  EXPECT_FALSE(IsPageContentType("application/pdf"));
  EXPECT_FALSE(IsPageContentType("image/png"));
  EXPECT_FALSE(IsPageContentType("application/octet-stream"));
}

TEST(FetchHelpers, RetryAfter) {
  EXPECT_EQ(ParseRetryAfter("1", 0), 1.0);
  EXPECT_EQ(ParseRetryAfter(" 120 ", 0), 120.0);
  // Sun, 06 Nov 1994 08:49:37 GMT = 784111777
  EXPECT_EQ(ParseRetryAfter("Sun, 06 Nov 1994 08:49:37 GMT", 784111777 - 30), 30.0);
  EXPECT_EQ(ParseRetryAfter("Sun, 06 Nov 1994 08:49:37 GMT", 784111777 + 30), 0.0);
  EXPECT_LT(ParseRetryAfter("soon", 0), 0.0);
  EXPECT_LT(ParseRetryAfter("", 0), 0.0);
}

TEST(FetchHelpers, CurlCodesAreTyped) {
  // DNS failures are checked here, not over the network: the test machine must not query a resolver.
  EXPECT_EQ(ClassifyCurlCode(CURLE_COULDNT_RESOLVE_HOST), FetchError::kDns);
  EXPECT_EQ(ClassifyCurlCode(CURLE_COULDNT_CONNECT), FetchError::kConnect);
  EXPECT_EQ(ClassifyCurlCode(CURLE_OPERATION_TIMEDOUT), FetchError::kTimeout);
  EXPECT_EQ(ClassifyCurlCode(CURLE_SSL_CONNECT_ERROR), FetchError::kTls);
  EXPECT_EQ(ClassifyCurlCode(CURLE_PEER_FAILED_VERIFICATION), FetchError::kTls);
  EXPECT_EQ(ClassifyCurlCode(CURLE_TOO_MANY_REDIRECTS), FetchError::kTooManyRedirects);
  EXPECT_EQ(ClassifyCurlCode(CURLE_URL_MALFORMAT), FetchError::kBadUrl);
  EXPECT_EQ(ClassifyCurlCode(CURLE_GOT_NOTHING), FetchError::kNetwork);
  EXPECT_EQ(ClassifyCurlCode(CURLE_OK), FetchError::kNone);
  EXPECT_EQ(FetchErrorName(FetchError::kHttpStatus), "http_status");
  EXPECT_EQ(FetchErrorName(FetchError::kNotHtml), "not_html");
}

TEST(FetchUrlList, CommentsBlanksAndBom) {
  std::istringstream in("\xEF\xBB\xBFhttp://a.example/1\n\n  # a comment\n  http://a.example/2  \r\n#x\nhttps://b/3");
  const auto urls = ParseUrlList(in);
  ASSERT_EQ(urls.size(), 3u);
  EXPECT_EQ(urls[0], "http://a.example/1");
  EXPECT_EQ(urls[1], "http://a.example/2");
  EXPECT_EQ(urls[2], "https://b/3");
  std::vector<std::string> none;
  EXPECT_FALSE(ReadUrlList("/nonexistent/urls.txt", &none).ok());
}

TEST(FetchUrlList, LooksLikeUrl) {
  EXPECT_TRUE(LooksLikeUrl("http://x/"));
  EXPECT_TRUE(LooksLikeUrl("https://x/"));
  EXPECT_TRUE(LooksLikeUrl("file:///etc/hosts"));
  EXPECT_FALSE(LooksLikeUrl("page.html"));
  EXPECT_FALSE(LooksLikeUrl("-"));
  EXPECT_FALSE(LooksLikeUrl("dir/with://colon"));
}

TEST(Fetch, PageWithHeaderCharsetAndFinalUrl) {
  TestHttpServer server(TestRoutes);
  const FetchResult r = FetchOne(server.Url("/zh-gbk"));
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.http_status, 200);
  EXPECT_EQ(r.charset, "GBK");
  EXPECT_EQ(r.final_url, server.Url("/zh-gbk"));
  EXPECT_NE(r.body.find(pith::testing::kZhGbk), std::string::npos);
  EXPECT_EQ(r.attempts, 1);
}

TEST(Fetch, RedirectIsFollowedAndLoopIsTyped) {
  TestHttpServer server(TestRoutes);
  const auto rs = Fetch({server.Url("/redirect/7"), server.Url("/loop")}, FastOptions());
  ASSERT_TRUE(rs[0].ok()) << rs[0].message;
  EXPECT_EQ(rs[0].final_url, server.Url("/page/7"));
  EXPECT_NE(rs[0].body.find("Record 7:"), std::string::npos);
  EXPECT_EQ(rs[1].error, FetchError::kTooManyRedirects);
  EXPECT_TRUE(rs[1].body.empty());
}

TEST(Fetch, HttpErrorsAndRetries) {
  TestHttpServer server(TestRoutes);
  FetchOptions o = FastOptions();
  o.retries = 1;
  const auto rs = Fetch({server.Url("/status/404"), server.Url("/status/500"), server.Url("/flaky503")}, o);
  EXPECT_EQ(rs[0].error, FetchError::kHttpStatus);
  EXPECT_EQ(rs[0].http_status, 404);
  EXPECT_EQ(rs[0].attempts, 1);  // 404 is not transient
  EXPECT_EQ(rs[1].error, FetchError::kHttpStatus);
  EXPECT_EQ(rs[1].http_status, 500);
  EXPECT_EQ(rs[1].attempts, 2);  // retried once, then given up
  EXPECT_EQ(server.Hits("/status/500"), 2);
  ASSERT_TRUE(rs[2].ok()) << rs[2].message;  // 503 then 200
  EXPECT_EQ(rs[2].attempts, 2);
}

TEST(Fetch, TooManyRequestsHonoursRetryAfter) {
  TestHttpServer server(TestRoutes);
  FetchOptions o = FastOptions();
  o.backoff = 0.01;  // Retry-After: 1 must win over this
  const FetchResult r = FetchOne(server.Url("/flaky429"), o);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.attempts, 2);
  const auto starts = server.StartTimes();
  ASSERT_EQ(starts.size(), 2u);
  EXPECT_GE(starts[1] - starts[0], std::chrono::milliseconds(900));  // lower bound only
  o.retries = 0;
  TestHttpServer fresh(TestRoutes);
  const FetchResult no_retry = FetchOne(fresh.Url("/flaky429"), o);
  EXPECT_EQ(no_retry.error, FetchError::kHttpStatus);
  EXPECT_EQ(no_retry.http_status, 429);
}

TEST(Fetch, StalledBodyTimesOut) {
  TestHttpServer server(TestRoutes);
  FetchOptions o = FastOptions();
  o.timeout = 0.5;
  o.retries = 0;
  const FetchResult r = FetchOne(server.Url("/stall"), o);
  EXPECT_EQ(r.error, FetchError::kTimeout) << r.message;
  EXPECT_TRUE(r.body.empty());
}

TEST(Fetch, BodyLargerThanLimit) {
  TestHttpServer server(TestRoutes);
  FetchOptions o = FastOptions();
  o.max_body_bytes = 1u << 20;
  const auto rs = Fetch({server.Url("/big"), server.Url("/big-nolen"), server.Url("/page/1")}, o);
  EXPECT_EQ(rs[0].error, FetchError::kTooLarge) << rs[0].message;  // refused by Content-Length
  EXPECT_EQ(rs[1].error, FetchError::kTooLarge) << rs[1].message;  // cut while reading
  EXPECT_TRUE(rs[1].body.empty());
  EXPECT_TRUE(rs[2].ok());
}

TEST(Fetch, NonHtmlContentType) {
  TestHttpServer server(TestRoutes);
  const FetchResult r = FetchOne(server.Url("/pdf"));
  EXPECT_EQ(r.error, FetchError::kNotHtml);
  EXPECT_EQ(r.content_type, "application/pdf");
}

TEST(Fetch, GzipBodyIsDecoded) {
  TestHttpServer server(TestRoutes);
  const FetchResult r = FetchOne(server.Url("/gzip"));
  ASSERT_TRUE(r.ok()) << r.message;  // the server answers 406 unless gzip was offered
  EXPECT_NE(r.body.find(pith::testing::kGzipSentence), std::string::npos);
  EXPECT_NE(r.body.find("</html>"), std::string::npos);
}

TEST(Fetch, ConnectTlsAndBadUrls) {
  TestHttpServer server(TestRoutes);
  const std::string https = "https://127.0.0.1:" + std::to_string(server.port()) + "/page/1";  // plain HTTP there
  const auto rs = Fetch({"http://127.0.0.1:" + std::to_string(ClosedPort()) + "/", https, "ftp://127.0.0.1/x",
                         "file:///etc/hostname", "not a url", "http://[::1/x"},
                        FastOptions());
  EXPECT_EQ(rs[0].error, FetchError::kConnect) << rs[0].message;
  EXPECT_EQ(rs[1].error, FetchError::kTls) << rs[1].message;
  for (std::size_t i = 2; i < rs.size(); ++i) EXPECT_EQ(rs[i].error, FetchError::kBadUrl) << i << rs[i].message;
}

TEST(Fetch, FileUrlsWhenAllowed) {
  pith::testing::TempDir dir;
  pith::testing::WriteFile(dir.path() / "a.html", "<html><body><p>local</p></body></html>");
  FetchOptions o = FastOptions();
  o.allow_file_urls = true;
  const FetchResult r = FetchOne("file://" + (dir.path() / "a.html").string(), o);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_NE(r.body.find("local"), std::string::npos);
}

TEST(Fetch, PerHostConcurrencyAndDelay) {
  TestHttpServer server(TestRoutes);
  FetchOptions o = FastOptions();
  o.max_connections = 16;
  o.max_per_host = 2;
  std::vector<std::string> urls;
  for (int i = 0; i < 12; ++i) urls.push_back(server.Url("/slow/" + std::to_string(i)));
  const auto rs = Fetch(urls, o);
  for (const auto& r : rs) EXPECT_TRUE(r.ok()) << r.message;
  EXPECT_LE(server.MaxConcurrent(), 2);
  EXPECT_GE(server.MaxConcurrent(), 1);

  TestHttpServer polite(TestRoutes);
  o.per_host_delay = 0.1;
  urls.clear();
  for (int i = 0; i < 6; ++i) urls.push_back(polite.Url("/page/" + std::to_string(i)));
  Fetch(urls, o);
  const auto starts = polite.StartTimes();
  ASSERT_EQ(starts.size(), 6u);
  // Five gaps of ≥ 100 ms on the client; the server sees them shifted by connect latency only.
  EXPECT_GE(starts.back() - starts.front(), std::chrono::milliseconds(400));  // lower bound only
}

TEST(Fetch, BufferingIsBoundedByWindow) {
  TestHttpServer server(TestRoutes);
  FetchOptions o = FastOptions();
  o.max_connections = 8;
  o.window = 5;
  // The first URL is slow; the others may finish first but cannot run more than `window` ahead.
  std::vector<std::string> urls = {server.Url("/slow/0")};
  for (int i = 1; i < 40; ++i) urls.push_back(server.Url("/page/" + std::to_string(i)));
  int max_seen = 0;
  FetchAll(
      urls.size(), [&](std::size_t i) { return urls[i]; },
      [&](std::size_t i, FetchResult& r) {
        EXPECT_TRUE(r.ok());
        EXPECT_NE(r.body.find("Record " + std::to_string(i) + ":"), std::string::npos);
        max_seen = std::max(max_seen, server.TotalRequests() - static_cast<int>(i));
      },
      o);
  EXPECT_LE(max_seen, 5);
  EXPECT_EQ(server.TotalRequests(), 40);
}

}  // namespace
}  // namespace pith::io
