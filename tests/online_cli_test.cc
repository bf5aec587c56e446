// Online mode through the CLI: `pith extract URL...` and `pith extract --urls FILE` against a local
// test server (online_test_server.h). Checks one record per URL, in input order, with the right
// text or error kind, the exit code, --save-html and -o.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "online_test_server.h"
#include "test_util.h"

namespace pith::testing {
namespace {

std::vector<nlohmann::json> JsonLines(const std::string& out) {
  std::vector<nlohmann::json> records;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty()) records.push_back(nlohmann::json::parse(line));
  }
  return records;
}

const std::string kFast = " --timeout 5 --connect-timeout 2 --backoff 0.05 --retries 1 ";

TEST(OnlineCli, EncodingsHeaderVersusMeta) {
  TestHttpServer server(TestRoutes);
  const RunResult r = RunPith("extract -f jsonl" + kFast + server.Url("/ru-header") + " " + server.Url("/ru-meta") +
                              " " + server.Url("/zh-gbk"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto recs = JsonLines(r.out);
  ASSERT_EQ(recs.size(), 3u);
  // Header charset windows-1251 beats a lying meta koi8-r; without a header charset the meta decides.
  EXPECT_NE(recs[0]["text"].get<std::string>().find(kRuUtf8), std::string::npos) << recs[0].dump();
  EXPECT_EQ(recs[0]["encoding"]["charset"], "windows-1251");
  EXPECT_NE(recs[1]["text"].get<std::string>().find(kRuUtf8), std::string::npos) << recs[1].dump();
  EXPECT_NE(recs[2]["text"].get<std::string>().find(kZhUtf8), std::string::npos) << recs[2].dump();
  EXPECT_EQ(recs[0]["url"], server.Url("/ru-header"));
  EXPECT_EQ(recs[0]["final_url"], server.Url("/ru-header"));
  EXPECT_EQ(recs[0]["http_status"], 200);
  EXPECT_TRUE(recs[0]["fetch_ms"].is_number());
}

TEST(OnlineCli, EveryFailureKindYieldsOneRecord) {
  TestHttpServer server(TestRoutes);
  TempDir dir;
  const std::string list = (dir.path() / "urls.txt").string();
  WriteFile(list, "# failures and successes\n" + server.Url("/page/1") + "\n\n" + server.Url("/redirect/2") + "\n" +
                      server.Url("/loop") + "\n" + server.Url("/status/404") + "\n" + server.Url("/status/500") +
                      "\n" + server.Url("/flaky429") + "\n" + server.Url("/stall") + "\n" + server.Url("/big") +
                      "\n" + server.Url("/pdf") + "\n" + server.Url("/gzip") + "\n" + "file:///etc/hostname\n" +
                      "https://127.0.0.1:" + std::to_string(server.port()) + "/page/3\n");
  const RunResult r = RunPith("extract -f jsonl --urls " + list +
                              " --timeout 1 --retries 1 --backoff 0.05 --max-body 1000000 --concurrency 4");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto recs = JsonLines(r.out);
  ASSERT_EQ(recs.size(), 12u) << r.out;
  const std::vector<std::string> kinds = {"",          "",          "too_many_redirects", "http_status",
                                          "http_status", "",        "timeout",            "too_large",
                                          "not_html",  "",          "bad_url",            "tls"};
  for (std::size_t i = 0; i < recs.size(); ++i) {
    if (kinds[i].empty()) {
      EXPECT_FALSE(recs[i].contains("error")) << i << recs[i].dump();
      EXPECT_EQ(recs[i]["status"], "ok") << i << recs[i].dump();
    } else {
      ASSERT_TRUE(recs[i].contains("error")) << i << recs[i].dump();
      EXPECT_EQ(recs[i]["error"]["kind"], kinds[i]) << i << recs[i].dump();
      EXPECT_FALSE(recs[i]["error"]["message"].get<std::string>().empty());
    }
  }
  EXPECT_NE(recs[0]["text"].get<std::string>().find("Record 1:"), std::string::npos);
  EXPECT_EQ(recs[1]["final_url"], server.Url("/page/2"));
  EXPECT_NE(recs[1]["text"].get<std::string>().find("Record 2:"), std::string::npos);
  EXPECT_EQ(recs[3]["http_status"], 404);
  EXPECT_EQ(recs[4]["attempts"], 2);
  EXPECT_EQ(recs[5]["attempts"], 2);  // 429 + Retry-After: 1, then 200
  EXPECT_NE(recs[9]["text"].get<std::string>().find(kGzipSentence), std::string::npos);
  // Every failure is also reported on stderr.
  EXPECT_NE(r.err.find("/status/404: http_status"), std::string::npos) << r.err;
}

TEST(OnlineCli, ThousandUrlsInOrder) {
  TestHttpServer server(TestRoutes);
  TempDir dir;
  std::string list;
  for (int i = 0; i < 1000; ++i) {
    list += server.Url(i % 10 == 3 ? "/status/404?" + std::to_string(i) : "/page/" + std::to_string(i)) + "\n";
  }
  WriteFile(dir.path() / "urls.txt", list);
  const RunResult r = RunPith("extract -f jsonl --concurrency 32 --per-host 32" + kFast + "--urls " +
                              (dir.path() / "urls.txt").string());
  EXPECT_EQ(r.exit_code, 1);
  const auto recs = JsonLines(r.out);
  ASSERT_EQ(recs.size(), 1000u);
  for (int i = 0; i < 1000; ++i) {
    const nlohmann::json& rec = recs[static_cast<std::size_t>(i)];
    if (i % 10 == 3) {
      EXPECT_EQ(rec["url"], server.Url("/status/404?" + std::to_string(i)));
      EXPECT_EQ(rec["error"]["kind"], "http_status") << i;
    } else {
      EXPECT_EQ(rec["url"], server.Url("/page/" + std::to_string(i)));
      EXPECT_NE(rec["text"].get<std::string>().find("Record " + std::to_string(i) + ":"), std::string::npos) << i;
    }
  }
  EXPECT_EQ(server.TotalRequests(), 1000);  // 404 is not retried; every URL fetched once
}

TEST(OnlineCli, TextStdinListSaveHtmlAndOutputDir) {
  TestHttpServer server(TestRoutes);
  TempDir dir;
  const RunResult one = RunPith("extract" + kFast + server.Url("/page/5"));
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_NE(one.out.find("Record 5:"), std::string::npos);
  EXPECT_EQ(one.out.find("Home"), std::string::npos);  // navigation removed

  const auto list = dir.path() / "list.txt";
  WriteFile(list, server.Url("/page/1") + "\n" + server.Url("/status/404") + "\n");
  const auto saved = dir.path() / "saved", out = dir.path() / "out";
  const RunResult r = RunPith("extract --urls -" + kFast + "--save-html " + saved.string() + " -o " + out.string(),
                              list.string());
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(ReadFile(saved / "000001.html").find("Record 1:"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(saved / "000002.html"));
  EXPECT_NE(ReadFile(saved / "urls.tsv").find(server.Url("/page/1")), std::string::npos);
  EXPECT_NE(ReadFile(out / "000001-127.0.0.1.txt").find("Record 1:"), std::string::npos);
  EXPECT_NE(ReadFile(out / "000002-127.0.0.1.error").find("http_status"), std::string::npos);

  // The saved page replays offline.
  const RunResult replay = RunPith("extract " + (saved / "000001.html").string());
  EXPECT_NE(replay.out.find("Record 1:"), std::string::npos);

  // file:// is refused unless allowed.
  const RunResult file = RunPith("extract file://" + (saved / "000001.html").string());
  EXPECT_EQ(file.exit_code, 1);
  EXPECT_NE(file.err.find("bad_url"), std::string::npos);
  const RunResult allowed = RunPith("extract --allow-file-urls file://" + (saved / "000001.html").string());
  EXPECT_EQ(allowed.exit_code, 0) << allowed.err;
  EXPECT_NE(allowed.out.find("Record 1:"), std::string::npos);
}

// The per-page options are refused in online mode, as with web archives, rather than dropped: the
// run would otherwise write plain text without the explanation or the site model asked for.
TEST(OnlineCli, PerPageOptionsAreRefusedNotIgnored) {
  TempDir dir;
  const auto page = dir.path() / "page.html", model = dir.path() / "site.json";
  WriteFile(page, "<html><body><article><p>" + std::string(400, 'a') + " end.</p></article></body></html>");
  const std::string url = " --allow-file-urls file://" + page.string();
  for (const std::string& option : {std::string("--explain"), std::string("--explain -f jsonl"),
                                    "--site-model " + model.string(),
                                    "--site-pages " + page.string() + " " + page.string()}) {
    const RunResult r = RunPith("extract " + option + url);
    EXPECT_EQ(r.exit_code, 2) << option << ": " << r.out;
    EXPECT_TRUE(r.out.empty()) << option;
    EXPECT_NE(r.err.find("online mode"), std::string::npos) << option << ": " << r.err;
  }
  EXPECT_EQ(RunPith("extract" + url).exit_code, 0);
}

}  // namespace
}  // namespace pith::testing
