// `pith serve` end to end: the real tool on 127.0.0.1 and an ephemeral port (serve_harness.h),
// real HTTP. Every endpoint; every error kind to its HTTP status; records equal to `pith extract
// -f jsonl`'s on corpus pages; the forgery guard as the server applies it; tokens, CORS, the
// request log; limits and abuse (slow clients, 1,000 idle connections, malformed and huge
// requests, a gzip bomb, deep nesting, a huge page) while the server keeps answering with
// bounded memory; SIGTERM drain. Local test sites are servers on 127.0.0.1 (online_test_server.h).
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "batch/option_table.h"
#include "online_test_server.h"
#include "serve_harness.h"

namespace pith {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::Connect;
using testing::ReadUntilClose;
using testing::Reply;
using testing::SendAll;
using testing::ServeProcess;
using testing::TempDir;
using testing::TestHttpServer;
using testing::TestRoutes;

const std::string kArticle =
    "<html><head><title>A test article</title></head><body><nav><a href=/a>Home</a> <a href=/b>News</a></nav>"
    "<article><h1>The harbour reopens</h1><p>The old harbour reopened on Monday after two years of repairs, and "
    "the first boats came in with the morning tide while the town watched from the quay.</p><p>Fishermen said "
    "the new walls held well in the storms of the winter, and the council thanked the builders for their "
    "patience with the weather.</p></article><footer>Copyright 2026</footer></body></html>";

std::string Gzip(const std::string& data) {
  z_stream z{};
  deflateInit2(&z, 9, Z_DEFLATED, 31, 9, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, data.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

json Body(const Reply& r) { return json::parse(r.body, nullptr, false); }

TEST(Serve, HealthMetricsAndThePage) {
  ServeProcess s;
  ASSERT_TRUE(s.ok()) << s.Log();
  Reply r = s.Request("GET", "/healthz");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(Body(r)["status"], "ok");
  r = s.Request("GET", "/");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "text/html; charset=utf-8");
  const std::string csp = r.Header("Content-Security-Policy");
  EXPECT_NE(csp.find("default-src 'none'"), std::string::npos) << csp;
  EXPECT_NE(csp.find("script-src 'self'"), std::string::npos) << csp;
  EXPECT_EQ(csp.find("unsafe"), std::string::npos) << csp;
  EXPECT_EQ(r.body.find("http://"), std::string::npos);  // nothing from elsewhere
  EXPECT_EQ(r.body.find("https://"), r.body.find("https://example.org"));  // but the placeholder
  EXPECT_EQ(r.body.find("<script>"), std::string::npos);                  // no inline script
  EXPECT_EQ(r.body.find("style="), std::string::npos);                    // no inline style
  EXPECT_EQ(s.Request("GET", "/app.js").content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(s.Request("GET", "/app.css").content_type, "text/css; charset=utf-8");
  EXPECT_EQ(s.Request("POST", "/v1/extract?format=json", kArticle).status, 200);
  r = s.Request("GET", "/metrics");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "text/plain; version=0.0.4; charset=utf-8");
  for (const char* needle :
       {"pith_requests_total{endpoint=\"/healthz\",status=\"200\"} 1",
        "pith_request_duration_seconds_bucket{endpoint=\"/v1/extract\",status=\"200\",le=\"+Inf\"} 1",
        "pith_records_total{result=\"ok\"} 1", "pith_request_bytes_total ", "pith_response_bytes_total ",
        "pith_requests_in_flight 1", "pith_queue_length 0", "pith_connections 1"}) {
    EXPECT_NE(r.body.find(needle), std::string::npos) << needle << "\n" << r.body;
  }
  EXPECT_EQ(r.connects, 0);  // the same keep-alive connection throughout
  EXPECT_EQ(s.Request("GET", "/nope").status, 404);
  EXPECT_EQ(s.Request("DELETE", "/v1/extract").status, 405);
  EXPECT_EQ(s.Request("POST", "/healthz", "x").status, 405);
}

TEST(Serve, RecordsEqualTheToolsOnCorpusPages) {
  const fs::path corpus = fs::path(PITH_SHARED_DATA) / "wcxb-dev" / "html";
  if (!fs::exists(corpus)) GTEST_SKIP() << "no corpus at " << corpus;
  std::vector<fs::path> pages;
  for (const auto& e : fs::directory_iterator(corpus)) pages.push_back(e.path());
  std::sort(pages.begin(), pages.end());
  pages.resize(std::min<std::size_t>(pages.size(), 12));
  TempDir dir;
  for (const fs::path& p : pages) fs::copy_file(p, dir.path() / p.filename());
  const testing::RunResult cli = testing::RunPith("extract -f jsonl " + dir.path().string());
  std::map<std::string, json> expected;
  std::istringstream lines(cli.out);
  for (std::string line; std::getline(lines, line);) {
    json j = json::parse(line);
    expected[fs::path(j["input"].get<std::string>()).filename().string()] = j;
  }
  ASSERT_EQ(expected.size(), pages.size()) << cli.err;
  ServeProcess s;
  ASSERT_TRUE(s.ok()) << s.Log();
  for (const fs::path& p : pages) {
    const Reply r = s.Request("POST", "/v1/extract", testing::ReadFile(p), {"Content-Type: text/html"});
    json got = Body(r);
    json want = expected[p.filename().string()];
    EXPECT_EQ(r.status, want["status"] == "ok" || want["status"] == "no_content" ? 200 : 400) << p;
    got.erase("input");
    want.erase("input");
    EXPECT_EQ(got, want) << p;
  }
  // The Markdown of one page equals the tool's.
  const testing::RunResult md = testing::RunPith("extract -f markdown " + pages[0].string());
  const Reply r = s.Request("POST", "/v1/extract?format=markdown", testing::ReadFile(pages[0]));
  EXPECT_EQ(r.content_type, "text/markdown; charset=utf-8");
  EXPECT_EQ(r.body, md.out);
}

TEST(Serve, ErrorKindsToStatuses) {
  TestHttpServer site(TestRoutes);
  TempDir dir;
  ServeProcess s("--allow-private --max-request-body 100000 --max-inflated 200000 --timeout 1 --retries 0");
  ASSERT_TRUE(s.ok()) << s.Log();
  const auto kind = [](const Reply& r) { return Body(r)["error"]["kind"].get<std::string>(); };
  Reply r = s.Request("POST", "/v1/extract?favor=sideways", kArticle);
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(kind(r), "bad_request");
  EXPECT_NE(Body(r)["error"]["message"].get<std::string>().find("favor"), std::string::npos);
  EXPECT_EQ(s.Request("POST", "/v1/extract?no_such_option=1", kArticle).status, 400);
  r = s.Request("POST", "/v1/extract", "");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(kind(r), "empty_input");
  static const char kPdf[] = "%PDF-1.7\n\x00\x01\x02\x03 binary data";
  r = s.Request("POST", "/v1/extract", std::string(kPdf, sizeof kPdf - 1));
  EXPECT_EQ(r.status, 415);
  EXPECT_EQ(kind(r), "not_html");
  EXPECT_EQ(s.Request("POST", "/v1/extract", kArticle, {"Content-Type: image/png"}).status, 415);
  r = s.Request("POST", "/v1/extract", "<html><body><nav><a href=/>Home</a></nav></body></html>");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(Body(r)["status"], "no_content");
  r = s.Request("POST", "/v1/extract", std::string(150000, 'a'));
  EXPECT_EQ(r.status, 413);
  EXPECT_EQ(kind(r), "too_large");
  r = s.Request("POST", "/v1/extract", Gzip(std::string(5u << 20, ' ')), {"Content-Encoding: gzip"});  // a bomb
  EXPECT_EQ(r.status, 413) << r.body;
  EXPECT_EQ(kind(r), "too_large");
  r = s.Request("POST", "/v1/extract", Gzip(kArticle), {"Content-Encoding: gzip"});
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(Body(r)["title"], "A test article");
  EXPECT_EQ(s.Request("POST", "/v1/extract", "\x1f\x8b\x08garbage", {"Content-Encoding: gzip"}).status, 400);
  EXPECT_EQ(s.Request("POST", "/v1/extract", kArticle, {"Content-Encoding: br"}).status, 415);
  // Fetches.
  const std::string base = site.Url("");
  r = s.Request("GET", "/v1/extract?url=" + base + "/page/3");
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(Body(r)["final_url"], base + "/page/3");
  EXPECT_EQ(Body(r)["http_status"], 200);
  r = s.Request("GET", "/v1/extract?url=" + base + "/status/404");
  EXPECT_EQ(r.status, 502);
  EXPECT_EQ(kind(r), "http_status");
  r = s.Request("GET", "/v1/extract?url=" + base + "/stall");
  EXPECT_EQ(r.status, 504);
  EXPECT_EQ(kind(r), "timeout");
  EXPECT_EQ(s.Request("GET", "/v1/extract?url=" + base + "/loop").status, 502);
  r = s.Request("GET", "/v1/extract?url=ftp://127.0.0.1/x");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(kind(r), "bad_url");
  EXPECT_EQ(s.Request("GET", "/v1/extract").status, 400);  // no url
  // The short form is Markdown.
  r = s.Request("GET", "/" + base + "/page/4");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "text/markdown; charset=utf-8");
  EXPECT_NE(r.body.find("Record 4:"), std::string::npos) << r.body;
  // A failure is its JSON record whatever the format asked.
  r = s.Request("GET", "/" + base + "/status/404");
  EXPECT_EQ(r.status, 502);
  EXPECT_EQ(r.content_type, "application/json");
  EXPECT_EQ(kind(r), "http_status");
  EXPECT_EQ(Body(r)["final_url"], base + "/status/404");
  r = s.Request("POST", "/v1/extract?format=text", "");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(kind(r), "empty_input");
}

// The server's query parameters are the option table's server options, by the names of the
// Python keywords, the tool's flags with '_' for '-'; each is taken, checked and applied.
TEST(Serve, QueryParametersAreTheOptionTables) {
  ServeProcess s("--quiet");
  ASSERT_TRUE(s.ok()) << s.Log();
  const Reply r = s.Request("GET", "/v1/options");
  ASSERT_EQ(r.status, 200);
  std::vector<std::string> served, table;
  std::map<std::string, json> by_name;
  const json options = Body(r);
  for (const json& o : options["options"]) {
    served.push_back(o["name"]);
    by_name[o["name"]] = o;
  }
  for (const batch::OptionSpec& spec : batch::OptionTable()) {
    if (spec.fronts & batch::kServer) table.push_back(spec.keyword);
  }
  EXPECT_EQ(served, table);
  for (const char* name : {"no_images", "lb_thickness", "cc_threshold", "auto_min_para", "favor", "explain"}) {
    EXPECT_TRUE(by_name.count(name)) << name;
  }
  EXPECT_EQ(by_name["format"]["default"], "jsonl");  // the server's default; the tool's is text
  const testing::RunResult help = testing::RunPith("extract --help");
  for (const std::string& name : served) {
    std::string flag = "--" + name;
    std::replace(flag.begin(), flag.end(), '_', '-');
    EXPECT_NE(help.out.find(flag), std::string::npos) << flag << " is not in pith extract --help";
    // Each is accepted with its default (a flag with 0: left as it is) or a value of its own.
    const json& o = by_name[name];
    std::string value = o["kind"] == "flag" ? "0" : o["default"].get<std::string>();
    if (value.empty() && o.contains("choices")) value = o["choices"][0];  // cc_preset has no default
    if (name == "warc_types") value = "metadata";                       // nor this list
    const Reply one = s.Request("POST", "/v1/extract?" + name + "=" + value, kArticle);
    EXPECT_EQ(one.status, 200) << name << "=" << value << ": " << one.body;
  }
  // The table's checks and messages.
  Reply bad = s.Request("POST", "/v1/extract?lb_thickness=20", kArticle);
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(Body(bad)["error"]["message"], "lb_thickness: 20 is not in 1..10");
  EXPECT_EQ(Body(s.Request("POST", "/v1/extract?lb-thickness=3", kArticle))["error"]["message"],
            "unknown option 'lb-thickness'");
  EXPECT_EQ(s.Request("POST", "/v1/extract?jobs=2", kArticle).status, 400);       // the server's own work
  EXPECT_EQ(s.Request("POST", "/v1/extract?format=wet", kArticle).status, 400);   // the tool's only
  EXPECT_EQ(s.Request("POST", "/v1/extract?links=1", kArticle).status, 400);      // needs markdown or blocks
  EXPECT_EQ(s.Request("POST", "/v1/extract?explain=1&format=text", kArticle).status, 400);
  EXPECT_EQ(s.Request("POST", "/v1/extract?algorithm=lineblock&algorithm=auto", kArticle).status, 400);
  // Applied: the algorithm, a threshold, images.
  EXPECT_EQ(Body(s.Request("POST", "/v1/extract?algorithm=lineblock&lb_thickness=2", kArticle))["algorithm"],
            "lineblock");
  const std::string figure = "<html><body><article><h1>Boats</h1><p>" + std::string(40, 'w') +
                             " the harbour at dawn, with the first boats coming in on the tide.</p><figure><img "
                             "src=\"https://example.org/boats.jpg\" alt=\"Boats at dawn\"><figcaption>The quay"
                             "</figcaption></figure><p>More text about the harbour and the town that watched the "
                             "boats come in from the quay.</p></article></body></html>";
  const Reply with = s.Request("POST", "/v1/extract?format=markdown", figure);
  const Reply without = s.Request("POST", "/v1/extract?format=markdown&no_images=1", figure);
  EXPECT_NE(with.body.find("![Boats at dawn]"), std::string::npos) << with.body;
  EXPECT_EQ(without.body.find("!["), std::string::npos) << without.body;
}

// `pith serve [options of pith extract]`: the defaults of every request.
TEST(Serve, ExtractOptionsOnTheCommandLineAreDefaults) {
  ServeProcess s("--quiet --algorithm lineblock --format markdown --no-images");
  ASSERT_TRUE(s.ok()) << s.Log();
  Reply r = s.Request("POST", "/v1/extract", kArticle);
  EXPECT_EQ(r.content_type, "text/markdown; charset=utf-8");
  EXPECT_NE(r.body.find("harbour"), std::string::npos);
  r = s.Request("POST", "/v1/extract?format=jsonl", kArticle);
  EXPECT_EQ(Body(r)["algorithm"], "lineblock");
  EXPECT_EQ(Body(r = s.Request("POST", "/v1/extract?format=jsonl&algorithm=auto", kArticle))["algorithm"], "auto");
  for (const std::string bad : {"--format wet", "--input warc", "--format text --explain", "--lb-thickness 20"}) {
    const testing::RunResult run = testing::RunPith("serve --listen 127.0.0.1:0 " + bad);
    EXPECT_EQ(run.exit_code, 2) << bad << ": " << run.err;
  }
}

// Sends `data` as one chunk of a chunked request body.
bool SendChunk(int fd, const std::string& data) {
  char size[32];
  std::snprintf(size, sizeof size, "%zx\r\n", data.size());
  return SendAll(fd, size + data + "\r\n");
}

// The large inputs: a streamed batch and one huge page. Under AddressSanitizer the code runs
// several times slower and up to 256 MB of freed memory stays in its quarantine, so there the
// inputs are smaller: the same code paths, while the memory bounds are the Release build's to hold.
#ifdef __SANITIZE_ADDRESS__
constexpr std::size_t kStreamedBatchBytes = 40u << 20;
constexpr std::size_t kHugePageBytes = 20u << 20;
constexpr long kQuarantineKib = 256 << 10;  // freed memory AddressSanitizer keeps, at most
#else
constexpr std::size_t kStreamedBatchBytes = 150u << 20;
constexpr std::size_t kHugePageBytes = 60u << 20;
constexpr long kQuarantineKib = 0;
#endif

TEST(Serve, BatchStreamsOneRecordPerLineInOrder) {
  const fs::path corpus = fs::path(PITH_SHARED_DATA) / "wcxb-dev" / "html";
  if (!fs::exists(corpus)) GTEST_SKIP() << "no corpus at " << corpus;
  TestHttpServer site(TestRoutes);
  TempDir dir;
  std::vector<fs::path> pages;
  for (const auto& e : fs::directory_iterator(corpus)) pages.push_back(e.path());
  std::sort(pages.begin(), pages.end());
  if (pages.size() < 20) GTEST_SKIP() << "too few corpus pages";
  pages = std::vector<fs::path>(pages.begin() + 12, pages.begin() + 20);
  for (const fs::path& p : pages) fs::copy_file(p, dir.path() / p.filename());
  const testing::RunResult cli = testing::RunPith("extract -f jsonl " + dir.path().string());
  std::vector<json> expected;
  std::istringstream lines(cli.out);
  for (std::string l; std::getline(lines, l);) expected.push_back(json::parse(l));
  ASSERT_EQ(expected.size(), pages.size());
  ServeProcess s("--quiet --allow-private --max-line 2000000");
  ASSERT_TRUE(s.ok()) << s.Log();
  // Pages, a blank line, bad lines, an over-long line, a fetched URL; one record each, in order.
  std::string body;
  for (const fs::path& p : pages) body += json{{"html", testing::ReadFile(p)}}.dump() + "\n";
  body += "\n{\"url\": 7}\nnot json\n" + json{{"html", std::string(2100000, 'x')}}.dump() + "\n";
  body += json{{"url", site.Url("/page/5")}}.dump() + "\n" + json{{"url", "ftp://x/"}}.dump();  // no final newline
  const Reply r = s.Request("POST", "/v1/batch", body, {"Content-Type: application/x-ndjson"});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "application/x-ndjson");
  std::vector<json> got;
  std::istringstream out(r.body);
  for (std::string l; std::getline(out, l);) got.push_back(json::parse(l));
  ASSERT_EQ(got.size(), pages.size() + 5);
  for (std::size_t i = 0; i < pages.size(); ++i) {
    EXPECT_EQ(got[i]["input"], "line " + std::to_string(i + 1));
    json a = got[i], b = expected[i];
    a.erase("input");
    b.erase("input");
    EXPECT_EQ(a, b) << pages[i];
  }
  const std::size_t k = pages.size();
  EXPECT_EQ(got[k]["input"], "line " + std::to_string(k + 2));  // the blank line counts as a line, not a record
  EXPECT_EQ(got[k]["error"]["kind"], "bad_request");
  EXPECT_EQ(got[k + 1]["error"]["kind"], "bad_request");
  EXPECT_EQ(got[k + 2]["error"]["kind"], "too_large");
  EXPECT_EQ(got[k + 3]["status"], "ok");
  EXPECT_EQ(got[k + 3]["final_url"], site.Url("/page/5"));
  EXPECT_EQ(got[k + 4]["error"]["kind"], "bad_url");
  EXPECT_EQ(s.Request("POST", "/v1/batch?format=markdown", body).status, 400);

  // Streamed: the first record arrives before the body is complete; memory stays bounded while a
  // large batch goes through (150 MB; 40 MB in the sanitized build).
  const int fd = Connect(s.port());
  ASSERT_TRUE(SendAll(fd, "POST /v1/batch HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"));
  const std::string line = json{{"html", testing::ReadFile(pages[0])}}.dump() + "\n";
  ASSERT_TRUE(SendChunk(fd, line));
  std::string first;
  for (int i = 0; i < 100 && first.find("\"status\":\"ok\"") == std::string::npos; ++i) first += ReadUntilClose(fd, 100);
  EXPECT_NE(first.find("HTTP/1.1 200"), std::string::npos) << first.substr(0, 300);
  EXPECT_NE(first.find("\"status\":\"ok\""), std::string::npos);
  std::atomic<std::size_t> records{0};
  std::thread reader([&] {
    std::string all;
    for (int i = 0; i < 600 && all.find("\r\n0\r\n\r\n") == std::string::npos; ++i) {
      all += ReadUntilClose(fd, 100);
      records = static_cast<std::size_t>(std::count(all.begin(), all.end(), '\n'));
    }
  });
  // Bounded means flat: after the first fifth of the batch (the allocator's arenas and the page's
  // working set are in place), the server's resident size grows by less than a third of what it
  // would if it held the remaining input, whatever the build and the machine make of the absolute
  // figure.
  const int count = static_cast<int>(kStreamedBatchBytes / line.size());
  const int warm = count / 5;
  long warm_rss = 0, max_rss = 0;
  std::string samples;
  for (int i = 0; i < count; ++i) {
    ASSERT_TRUE(SendChunk(fd, line));
    if (i % 25 != 0 && i != warm) continue;
    const long rss = s.RssKb();
    samples += " " + std::to_string(i) + ":" + std::to_string(rss);
    if (i == warm) warm_rss = rss;
    if (i >= warm) max_rss = std::max(max_rss, rss);
  }
  SendAll(fd, "0\r\n\r\n");
  reader.join();
  close(fd);
  EXPECT_GT(records.load(), static_cast<std::size_t>(count));  // every record and its chunk framing
  const long rest_kib = static_cast<long>(static_cast<std::size_t>(count - warm) * line.size() / 1024);
  EXPECT_LT(max_rss - warm_rss, rest_kib / 3 + kQuarantineKib) << "server RSS in KiB, line:RSS" << samples;
  RecordProperty("rss_kib_streamed_batch", static_cast<int>(max_rss));
}

// A batch's URL lines are fetched together, their records come out in line order and equal the
// tool's online-mode records (`pith extract -f jsonl URL...`) but for the time each fetch took.
TEST(Serve, BatchFetchesUrlLinesTogetherInOrder) {
  std::atomic<int> in_flight{0}, most{0};
  TestHttpServer site([&](const testing::HttpRequest& req) {
    const int now = ++in_flight;
    for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
    }
    // The first page is the slowest: the others are fetched (and extracted) while it is awaited.
    std::this_thread::sleep_for(std::chrono::milliseconds(req.path == "/page/1" ? 600 : 200));
    testing::HttpResponse r = TestRoutes(req);
    --in_flight;
    return r;
  });
  std::vector<std::string> urls;
  std::string body, args;
  for (int i = 1; i <= 8; ++i) {
    urls.push_back(site.Url("/page/" + std::to_string(i)));
    body += json{{"url", urls.back()}}.dump() + "\n";
    args += " " + urls.back();
  }
  ServeProcess s("--quiet --allow-private --threads 2 --per-host 8");
  ASSERT_TRUE(s.ok()) << s.Log();
  const Reply r = s.Request("POST", "/v1/batch", body);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_GE(most.load(), 4) << "URL lines fetched one after another";
  const testing::RunResult cli = testing::RunPith("extract -f jsonl --per-host 8" + args);
  std::istringstream want_lines(cli.out), got_lines(r.body);
  std::size_t n = 0;
  for (std::string got, want; std::getline(got_lines, got);) {
    ASSERT_TRUE(std::getline(want_lines, want)) << cli.err;
    json a = json::parse(got), b = json::parse(want);
    EXPECT_EQ(a["url"], urls[n]);
    EXPECT_EQ(a["status"], "ok");
    a.erase("fetch_ms");
    b.erase("fetch_ms");
    EXPECT_EQ(a, b) << urls[n];
    ++n;
  }
  EXPECT_EQ(n, urls.size());
}

// A batch's URL lines keep the fetcher's politeness per host (--per-host, --per-host-delay) while
// another host's lines go on beside them (the gate's own timeouts: ServeHostGate).
TEST(Serve, BatchKeepsPerHostLimitsAcrossLines) {
  // Requests in the handlers (counted before the answer is written, so that a test server thread
  // still closing a connection after the client has its answer is not counted).
  struct Count {
    std::atomic<int> in_flight{0}, most{0};
    void Enter() {
      const int now = ++in_flight;
      for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
      }
    }
  } both, slow_only, fast_only;
  const auto serve = [&](Count& host, const testing::HttpRequest& req, int ms) {
    host.Enter();
    both.Enter();
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    testing::HttpResponse r = TestRoutes(req);
    --both.in_flight;
    --host.in_flight;
    return r;
  };
  TestHttpServer slow([&](const testing::HttpRequest& req) { return serve(slow_only, req, 300); });
  TestHttpServer fast([&](const testing::HttpRequest& req) { return serve(fast_only, req, 50); });
  std::string body;
  for (int i = 1; i <= 4; ++i) {
    body += json{{"url", slow.Url("/page/" + std::to_string(i))}}.dump() + "\n";
    body += json{{"url", fast.Url("/page/" + std::to_string(i))}}.dump() + "\n";
  }
  {
    ServeProcess s("--quiet --allow-private --threads 2 --per-host 1 --per-host-delay 0.1");
    ASSERT_TRUE(s.ok()) << s.Log();
    const Reply r = s.Request("POST", "/v1/batch", body);
    ASSERT_EQ(r.status, 200) << r.body;
    std::istringstream lines(r.body);
    int ok = 0;
    for (std::string line; std::getline(lines, line);) ok += json::parse(line)["status"] == "ok";
    EXPECT_EQ(ok, 8) << r.body;
  }
  EXPECT_EQ(slow_only.most.load(), 1);
  EXPECT_EQ(fast_only.most.load(), 1);
  EXPECT_EQ(both.most.load(), 2) << "the fast host's lines should run beside the slow host's";
  // The fast host's four fetches take 50 ms each; their starts 100 ms apart span 300 ms (seen on
  // the server: less the connections' jitter; a lower bound only).
  const auto starts = fast.StartTimes();
  ASSERT_EQ(starts.size(), 4u);
  EXPECT_GE(starts.back() - starts.front(), std::chrono::milliseconds(250));
}

TEST(Serve, ForgeryGuardRefusesLocalSitesUnlessAllowed) {
  TestHttpServer site(TestRoutes);
  const std::string port = std::to_string(site.port());
  ServeProcess s;
  ASSERT_TRUE(s.ok()) << s.Log();
  for (const std::string& host : {std::string("127.0.0.1"), std::string("localhost"), std::string("2130706433"),
                                  std::string("0177.0.0.1"), std::string("0.0.0.0"),
                                  std::string("[::ffff:127.0.0.1]")}) {
    const std::string url = "http://" + host + ":" + port + "/page/1";
    Reply r = s.Request("GET", "/v1/extract?url=" + url);
    EXPECT_EQ(r.status, 403) << host << ": " << r.body;
    EXPECT_EQ(Body(r)["error"]["kind"], "forbidden_address") << host;
    EXPECT_EQ(s.Request("GET", "/" + url).status, 403) << host;
  }
  EXPECT_EQ(site.TotalRequests(), 0);
  ServeProcess open("--allow-private");
  ASSERT_TRUE(open.ok()) << open.Log();
  EXPECT_EQ(open.Request("GET", "/v1/extract?url=" + site.Url("/page/1")).status, 200);
  EXPECT_EQ(site.TotalRequests(), 1);
}

TEST(Serve, TokensCorsAndTheRequestLog) {
  TempDir dir;
  testing::WriteFile(dir.path() / "tokens", "# tokens\nsecret-one\n\nsecret-two\n");
  ServeProcess s("--token-file " + (dir.path() / "tokens").string() + " --cors-origin https://app.example");
  ASSERT_TRUE(s.ok()) << s.Log();
  EXPECT_EQ(s.Request("POST", "/v1/extract", kArticle).status, 401);
  EXPECT_EQ(s.Request("POST", "/v1/extract", kArticle, {"Authorization: Bearer wrong"}).status, 401);
  EXPECT_EQ(s.Request("GET", "/metrics").status, 401);
  EXPECT_EQ(s.Request("GET", "/healthz").status, 200);
  EXPECT_EQ(s.Request("GET", "/").status, 200);
  Reply r = s.Request("POST", "/v1/extract", kArticle, {"Authorization: Bearer secret-two", "Origin: https://app.example"});
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.Header("Access-Control-Allow-Origin"), "https://app.example");
  r = s.Request("POST", "/v1/extract", kArticle, {"Authorization: Bearer secret-one", "Origin: https://evil.example"});
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.Header("Access-Control-Allow-Origin"), "");
  r = s.Request("OPTIONS", "/v1/extract", "", {"Origin: https://app.example", "Access-Control-Request-Method: POST"});
  EXPECT_EQ(r.status, 204);
  EXPECT_NE(r.Header("Access-Control-Allow-Headers").find("Authorization"), std::string::npos);
  EXPECT_EQ(s.Stop(), 0);
  // One JSON line per request after the first line; never the page's text.
  std::istringstream log(s.Log());
  std::string line;
  std::getline(log, line);
  int requests = 0;
  while (std::getline(log, line)) {
    if (line.rfind("pith serve:", 0) == 0) continue;
    const json j = json::parse(line, nullptr, false);
    ASSERT_TRUE(j.is_object()) << line;
    for (const char* key : {"time", "method", "path", "status", "bytes_in", "bytes_out", "ms", "remote"}) {
      EXPECT_TRUE(j.contains(key)) << key << " in " << line;
    }
    EXPECT_EQ(line.find("harbour"), std::string::npos) << line;
    ++requests;
  }
  EXPECT_EQ(requests, 8);
}

// Raises the open-file limit so that the test and the server it starts can hold 1,000 connections.
bool RaiseFileLimit(rlim_t want) {
  rlimit lim{};
  getrlimit(RLIMIT_NOFILE, &lim);
  if (lim.rlim_cur >= want) return true;
  lim.rlim_cur = std::min(want, lim.rlim_max);
  return setrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur >= want;
}

TEST(ServeAbuse, SlowIdleMalformedAndHugeRequests) {
  if (!RaiseFileLimit(2200)) GTEST_SKIP() << "cannot open 1,000 connections here";
  ServeProcess s("--quiet --header-timeout 1 --idle-timeout 30 --max-request-body 1000000");
  ASSERT_TRUE(s.ok()) << s.Log();
  EXPECT_EQ(s.Request("POST", "/v1/extract", kArticle).status, 200);
  const long rss_before = s.RssKb();
  // 1,000 idle connections, each having sent one request; the server answers the others throughout.
  std::vector<int> idle;
  for (int i = 0; i < 1000; ++i) {
    const int fd = Connect(s.port());
    if (fd < 0) break;
    SendAll(fd, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    idle.push_back(fd);
  }
  EXPECT_EQ(idle.size(), 1000u);
  EXPECT_EQ(s.Request("GET", "/healthz").status, 200);
  EXPECT_EQ(s.Request("POST", "/v1/extract", kArticle).status, 200);
  const long rss_idle = s.RssKb();
  // Slow clients: a header byte every 300 ms is dropped at the header deadline (1 s here).
  std::vector<int> slow;
  for (int i = 0; i < 20; ++i) slow.push_back(Connect(s.port()));
  const std::string header = "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaa";
  int dropped = 0;
  for (std::size_t b = 0; b < 10; ++b) {
    for (int& fd : slow) {
      if (fd >= 0 && !SendAll(fd, header.substr(b, 1))) fd = -1;
    }
    EXPECT_EQ(s.Request("GET", "/healthz", "", {}, 2000).status, 200);  // answered meanwhile
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  }
  // Each was due to be dropped two seconds ago; on a loaded machine (the ASan build beside other
  // tests) the server's timers can run late, so the closes are awaited up to five seconds in all.
  const auto closes_due = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  for (int fd : slow) {
    bool closed = false;
    if (fd < 0) {
      ++dropped;
      continue;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(closes_due - std::chrono::steady_clock::now());
    ReadUntilClose(fd, std::max<int>(1, static_cast<int>(left.count())), &closed);
    dropped += closed ? 1 : 0;
    close(fd);
  }
  EXPECT_EQ(dropped, 20);
  // Malformed request lines, a huge header, a body announced over the limit.
  for (const std::string& bad : {std::string("GARBAGE\r\n\r\n"), std::string("GET / HTTP/9.9\r\n\r\n"),
                                 std::string("GET\r\n\r\n"), std::string("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\r\n\r\n"),
                                 std::string("POST /v1/extract HTTP/1.1\r\nHost: x\r\nContent-Length: zz\r\n\r\n")}) {
    const int fd = Connect(s.port());
    SendAll(fd, bad);
    const std::string reply = ReadUntilClose(fd, 3000);
    EXPECT_EQ(reply.rfind("HTTP/1.1 400", 0), 0u) << bad << " -> " << reply.substr(0, 80);
    close(fd);
  }
  int fd = Connect(s.port());
  SendAll(fd, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(40000, 'a') + "\r\n\r\n");
  EXPECT_EQ(ReadUntilClose(fd, 3000).rfind("HTTP/1.1 431", 0), 0u);
  close(fd);
  fd = Connect(s.port());
  SendAll(fd, "POST /v1/extract HTTP/1.1\r\nHost: x\r\nContent-Length: 40000000\r\n\r\n");
  EXPECT_EQ(ReadUntilClose(fd, 3000).rfind("HTTP/1.1 413", 0), 0u);
  close(fd);
  // The idle connections still work (keep-alive): each reads its answer and may ask again.
  int answered = 0;
  for (std::size_t i = 0; i < idle.size(); i += 100) {
    if (ReadUntilClose(idle[i], 200).find("HTTP/1.1 200") == 0) ++answered;
  }
  EXPECT_EQ(answered, 10);
  for (int f : idle) close(f);
  EXPECT_EQ(s.Request("GET", "/healthz").status, 200);
  // An idle connection holds its socket, its parser and its read buffer: about 1.5 KiB. The bound
  // is on the growth, not the absolute size, which the build sets (AddressSanitizer's shadow and
  // quarantine alone take about 190 MB).
  const long kib_per_connection = 32;
  EXPECT_LT(rss_idle - rss_before, 1000 * kib_per_connection)
      << "KiB for 1,000 idle connections (" << rss_before << " KiB before, " << rss_idle << " after)";
  RecordProperty("rss_kib_1000_idle", static_cast<int>(rss_idle));
  RecordProperty("rss_kib_before_idle", static_cast<int>(rss_before));
}

TEST(ServeAbuse, PathologicalPagesOverloadAndDrain) {
  TestHttpServer site([](const testing::HttpRequest& req) {
    testing::HttpResponse r = TestRoutes(req);
    if (req.path == "/slow-page") {
      r = TestRoutes({"/page/9", {}, 1});
      r.delay_ms = 1500;
    }
    return r;
  });
  ServeProcess s("--quiet --threads 1 --queue 0 --allow-private --max-request-body 70000000");
  ASSERT_TRUE(s.ok()) << s.Log();
  // Deep nesting.
  std::string deep = "<html><body>";
  for (int i = 0; i < 100000; ++i) deep += "<div>";
  deep += "<p>Deep inside the nesting there is a sentence of real text for the reader to find.</p></body></html>";
  Reply r = s.Request("POST", "/v1/extract", deep);
  EXPECT_EQ(r.status, 200) << r.body.substr(0, 200);
  // A huge page (60 MB; 20 MB in the sanitized build) while another request arrives: with one
  // thread and no queue, it gets 429; /healthz is answered throughout.
  std::string huge = "<html><head><title>Huge</title></head><body>";
  const std::string para = "<p>A paragraph of a very long page, repeated until the page is huge.</p>\n";
  while (huge.size() < kHugePageBytes) huge += para;
  huge += "</body></html>";
  Reply big;
  std::thread t([&] {
    CURL* c = curl_easy_init();
    big = ServeProcess::Send(c, "POST", s.Url("/v1/extract"), huge, {"Content-Type: text/html"}, 120000);
    curl_easy_cleanup(c);
  });
  int overloaded = 0;
  for (int i = 0; i < 40 && overloaded == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    EXPECT_EQ(s.Request("GET", "/healthz", "", {}, 5000).status, 200);
    const Reply small = s.Request("POST", "/v1/extract", kArticle, {}, 5000);
    if (small.status == 429) {
      ++overloaded;
      EXPECT_EQ(small.Header("Retry-After"), "1");
    }
  }
  const long rss = s.RssKb();
  t.join();
  EXPECT_EQ(overloaded, 1);
  EXPECT_EQ(big.status, 200);
  EXPECT_EQ(Body(big)["title"], "Huge");
  EXPECT_LT(rss, 3L * 1024 * 1024) << "KiB while extracting the huge page";
  RecordProperty("rss_kib_huge_page", static_cast<int>(rss));
  // SIGTERM while a fetch is in flight: it is answered, then the server exits 0.
  Reply slow;
  std::thread f([&] {
    CURL* c = curl_easy_init();
    slow = ServeProcess::Send(c, "GET", s.Url("/v1/extract?url=" + site.Url("/slow-page")), "", {}, 20000);
    curl_easy_cleanup(c);
  });
  const int late = Connect(s.port());  // a header still arriving when SIGTERM comes gets 503
  SendAll(late, "GET /healthz HTTP/1.1\r\nHost: x\r\n");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  kill(s.pid(), SIGTERM);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  SendAll(late, "\r\n");
  EXPECT_EQ(ReadUntilClose(late, 3000).rfind("HTTP/1.1 503", 0), 0u);
  close(late);
  EXPECT_LT(Connect(s.port()), 0);  // no longer accepting
  f.join();
  EXPECT_EQ(slow.status, 200) << slow.body;
  EXPECT_NE(slow.body.find("Record 9:"), std::string::npos);
  EXPECT_EQ(s.Stop(), 0);
}

}  // namespace
}  // namespace pith
