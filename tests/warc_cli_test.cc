// `pith extract` over web archives and gzip pages: JSONL records with their WARC fields, error
// records, the summary whose counts add up, -j order, -o naming, stdin, WET output, .html.gz.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "pith/warc.h"
#include "test_util.h"
#include "warc_builder.h"

namespace pith {
namespace {

namespace fs = std::filesystem;
using testing::GzipBytes;
using testing::HttpResponseBytes;
using testing::ReadFile;
using testing::RunPith;
using testing::TempDir;
using testing::WarcRecordBytes;
using testing::WriteFile;

const std::string kText = "Heavy snow closed every school in the district on Monday, the education office said.";
const std::string kPage = "<html><head><title>Snow</title></head><body><div><a href=/>Home</a></div><p>" + kText +
                          "</p><p>Buses will run again once the roads are cleared, which may take until Wednesday.</p></body></html>";

std::string Response(int n, std::string_view headers = "Content-Type: text/html\r\n", std::string_view body = kPage) {
  return WarcRecordBytes("response", "http://example.com/" + std::to_string(n), "id-" + std::to_string(n),
                         "application/http; msgtype=response", HttpResponseBytes(200, headers, body));
}

std::vector<nlohmann::json> Lines(const std::string& out) {
  std::vector<nlohmann::json> records;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) records.push_back(nlohmann::json::parse(line));
  return records;
}

// A small crawl: a page, a request, a damaged gzip member, a page with a wrong charset, a 404, garbage.
std::string SmallCrawl() {
  std::string bad = GzipBytes(Response(3));
  for (std::size_t i = 20; i < 40; ++i) bad[i] = static_cast<char>(bad[i] ^ 0x33);
  const std::string greek = "<html><body><p>Καλημέρα σε όλους, αυτό είναι ένα κείμενο για τον καιρό της εβδομάδας.</p></body></html>";
  return GzipBytes(Response(1)) +
         GzipBytes(WarcRecordBytes("request", "http://example.com/1", "req-1", "application/http; msgtype=request", "GET / HTTP/1.1\r\n\r\n")) +
         bad + GzipBytes(Response(4, "Content-Type: text/html; charset=windows-1252\r\n", greek)) +
         GzipBytes(WarcRecordBytes("response", "http://example.com/5", "id-5", "application/http; msgtype=response",
                                   HttpResponseBytes(404, "Content-Type: text/html\r\n", kPage))) +
         "garbage!" + GzipBytes(Response(6));
}

TEST(WarcCli, ExtractsACrawlToJsonlWithErrorRecordsAndASummaryThatAddsUp) {
  TempDir dir;
  const fs::path warc = dir.path() / "crawl.warc.gz";
  WriteFile(warc, SmallCrawl());
  const auto r = RunPith("extract -f jsonl --summary " + (dir.path() / "s.json").string() + " " + warc.string());
  EXPECT_EQ(r.exit_code, 1) << r.err;  // damage was found
  const auto records = Lines(r.out);
  ASSERT_EQ(records.size(), 5u) << r.out;  // 3 pages, 2 error records (request and 404 skipped)
  EXPECT_EQ(records[0]["status"], "ok");
  EXPECT_NE(records[0]["text"].get<std::string>().find(kText), std::string::npos);
  EXPECT_EQ(records[0]["input"], warc.string());
  EXPECT_EQ(records[0]["warc"]["target_uri"], "http://example.com/1");
  EXPECT_EQ(records[0]["warc"]["record_id"], "<urn:uuid:id-1>");
  EXPECT_EQ(records[0]["warc"]["date"], "2026-11-28T12:00:00Z");
  EXPECT_EQ(records[0]["warc"]["offset"], 0);
  EXPECT_EQ(records[0]["warc"]["http_status"], 200);
  EXPECT_EQ(records[0]["warc"]["type"], "response");
  EXPECT_EQ(records[1]["error"]["kind"], "gzip_error");
  EXPECT_GT(records[1]["warc"]["offset"].get<std::uint64_t>(), 0u);
  // windows-1252 in the HTTP header, UTF-8 bytes: the text is the Greek as written.
  EXPECT_NE(records[2]["text"].get<std::string>().find("Καλημέρα σε όλους"), std::string::npos) << records[2];
  EXPECT_EQ(records[3]["error"]["kind"], "garbage");
  EXPECT_EQ(records[4]["warc"]["target_uri"], "http://example.com/6");
  const auto summary = nlohmann::json::parse(ReadFile(dir.path() / "s.json"));
  const auto& total = summary["total"];
  EXPECT_EQ(total["records"], 7);
  EXPECT_EQ(total["extracted"], 3);
  EXPECT_EQ(total["skipped"]["request"], 1);
  EXPECT_EQ(total["skipped"]["error_status"], 1);
  EXPECT_EQ(total["errors"]["gzip_error"], 1);
  EXPECT_EQ(total["errors"]["garbage"], 1);
  EXPECT_NE(r.err.find("7 records: 3 extracted"), std::string::npos) << r.err;
}

TEST(WarcCli, JobsKeepRecordOrderAndOutputGoesToDirStemJsonl) {
  if (!fs::exists(PITH_SHARED_DATA)) GTEST_SKIP() << "no corpus";
  TempDir dir;
  testing::BuiltWarc warc;
#ifdef __SANITIZE_ADDRESS__
  const std::size_t stride = 64;  // the sanitizer build is 20x slower
#else
  const std::size_t stride = 16;
#endif
  testing::AppendCorpusWarc(testing::LoadCorpusPages(PITH_SHARED_DATA, stride), testing::WarcLayout::kGzipPerRecord, &warc, 0, 1);
  WriteFile(dir.path() / "corpus.warc.gz", warc.bytes);
  const auto one = RunPith("extract -f jsonl -j 1 " + (dir.path() / "corpus.warc.gz").string());
  const auto two = RunPith("extract -f jsonl -j 2 -o " + (dir.path() / "out").string() + " " + (dir.path() / "corpus.warc.gz").string());
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(Lines(one.out).size(), warc.html_records);
  EXPECT_EQ(ReadFile(dir.path() / "out" / "corpus.jsonl"), one.out);
}

// -j 2 reads archive files ahead on a thread of their own: every sample file (damaged and
// truncated ones too) and a small crawl with damage still give -j 1's records, in order, one for
// each record, with the same summary and exit status.
TEST(WarcCli, ReadingAheadOnTwoThreadsGivesOneThreadsRecords) {
  TempDir dir;
  std::vector<fs::path> files;
  const fs::path samples = fs::path(PITH_SHARED_DATA).parent_path() / "warc-samples";
  if (fs::exists(samples)) {
    for (const auto& entry : fs::directory_iterator(samples)) {
      if (entry.path().extension() != ".md" && entry.path().filename().string().rfind("LICENSE", 0) != 0) {
        files.push_back(entry.path());
      }
    }
  }
  files.push_back(dir.path() / "crawl.warc.gz");
  WriteFile(files.back(), SmallCrawl());
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    const std::string args = " -f jsonl --input warc --warc-status all --warc-payload any --summary ";
    const auto one = RunPith("extract -j 1" + args + (dir.path() / "one.json").string() + " " + file.string());
    const auto two = RunPith("extract -j 2" + args + (dir.path() / "two.json").string() + " " + file.string());
    EXPECT_EQ(two.exit_code, one.exit_code) << file << two.err;
    EXPECT_EQ(two.out, one.out) << file;
    EXPECT_EQ(two.err, one.err) << file;  // the complaints about damage, in order
    const auto counts = [&](const char* name) { return nlohmann::json::parse(ReadFile(dir.path() / name))["total"]; };
    EXPECT_GT(counts("one.json")["records"], 0) << file;
    EXPECT_EQ(counts("two.json"), counts("one.json")) << file;
  }
}

TEST(WarcCli, ReadsArchivesAndGzipPagesFromStdin) {
  TempDir dir;
  WriteFile(dir.path() / "a.warc", Response(1) + Response(2));  // plain WARC, sniffed from its bytes
  const auto plain = RunPith("extract - -f jsonl", (dir.path() / "a.warc").string());
  EXPECT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(Lines(plain.out).size(), 2u) << plain.out;
  WriteFile(dir.path() / "b", GzipBytes(Response(1)) + GzipBytes(Response(2)) + GzipBytes(Response(3)));
  const auto gz = RunPith("extract - -f jsonl", (dir.path() / "b").string());
  EXPECT_EQ(Lines(gz.out).size(), 3u) << gz.err;
  WriteFile(dir.path() / "page", GzipBytes(kPage));
  const auto page = RunPith("extract -", (dir.path() / "page").string());
  EXPECT_EQ(page.exit_code, 0) << page.err;
  EXPECT_NE(page.out.find(kText), std::string::npos) << page.out << page.err;
  // --input html: the same WARC bytes are a (strange) page, not an archive.
  const auto forced = RunPith("extract - --input html -f jsonl", (dir.path() / "a.warc").string());
  EXPECT_EQ(Lines(forced.out).size(), 1u);
}

TEST(WarcCli, GzipPagesAreInflatedWithTheLimitOnTheInflatedSize) {
  TempDir dir;
  WriteFile(dir.path() / "site" / "page.html.gz", GzipBytes(kPage));
  WriteFile(dir.path() / "site" / "other.htm.gz", GzipBytes(kPage));
  const auto r = RunPith("extract " + (dir.path() / "site" / "page.html.gz").string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(kText), std::string::npos) << r.out << r.err;
  // A folder lists .html.gz and .htm.gz pages.
  const auto folder = RunPith("extract -f jsonl " + (dir.path() / "site").string());
  EXPECT_EQ(Lines(folder.out).size(), 2u) << folder.out << folder.err;
  // 2,000 bytes of gzip that inflate past --max-bytes.
  WriteFile(dir.path() / "big.html.gz", GzipBytes("<html><body><p>" + std::string(5 << 20, 'a') + "</p></body></html>"));
  const auto big = RunPith("extract -f jsonl --max-bytes 1000000 " + (dir.path() / "big.html.gz").string());
  EXPECT_EQ(big.exit_code, 1);
  ASSERT_EQ(Lines(big.out).size(), 1u);
  EXPECT_EQ(Lines(big.out)[0]["error"]["kind"], "too_large");
}

// The one-page commands read gzip pages as extract does.
TEST(WarcCli, ExplainAndIdentifyReadGzipPages) {
  TempDir dir;
  const std::string page = (dir.path() / "page.html.gz").string();
  WriteFile(page, GzipBytes(kPage));
  const auto explain = RunPith("explain " + page);
  EXPECT_EQ(explain.exit_code, 0) << explain.err;
  EXPECT_NE(explain.out.find("Heavy snow closed every school"), std::string::npos) << explain.out.substr(0, 500);
  const auto identify = RunPith("identify -f json " + page);
  EXPECT_EQ(identify.exit_code, 0) << identify.err;
  const nlohmann::json id = nlohmann::json::parse(identify.out);
  EXPECT_EQ(id["tibetan"], false);
  EXPECT_GT(id["other_words"], 10) << identify.out;  // the page's words, not gzip bytes
}

TEST(WarcCli, StatusAndTypeOptionsWidenWhatIsExtracted) {
  TempDir dir;
  const fs::path warc = dir.path() / "c.warc";
  WriteFile(warc, Response(1) +
                      WarcRecordBytes("response", "http://x/404", "r404", "application/http; msgtype=response",
                                      HttpResponseBytes(404, "Content-Type: text/html\r\n", kPage)) +
                      WarcRecordBytes("metadata", "http://x/m", "m", "text/html", kPage) +
                      Response(2, "Content-Type: text/plain\r\n", "plain text, not a page at all"));
  EXPECT_EQ(Lines(RunPith("extract -f jsonl " + warc.string()).out).size(), 1u);
  EXPECT_EQ(Lines(RunPith("extract -f jsonl --warc-status all " + warc.string()).out).size(), 2u);
  EXPECT_EQ(Lines(RunPith("extract -f jsonl --warc-types metadata " + warc.string()).out).size(), 2u);
  const auto any = Lines(RunPith("extract -f jsonl --warc-payload any --warc-status all --warc-types metadata " + warc.string()).out);
  EXPECT_EQ(any.size(), 4u);
}

TEST(WarcCli, WetOutputIsAWarcOfConversionRecordsReferringToTheirSources) {
  TempDir dir;
  const fs::path warc = dir.path() / "crawl.warc.gz";
  WriteFile(warc, GzipBytes(Response(1)) + GzipBytes(Response(2)));
  const auto r = RunPith("extract -f wet -o " + (dir.path() / "out").string() + " " + warc.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const fs::path wet = dir.path() / "out" / "crawl.warc.wet.gz";
  ASSERT_TRUE(fs::exists(wet));
  Status s;
  auto reader = WarcReader::Open(wet.string(), {}, &s);
  ASSERT_TRUE(reader) << s.ToString();
  EXPECT_EQ(reader->compression(), "gzip");
  std::vector<WarcRecord> records;
  WarcRecord rec;
  while (reader->Next(&rec)) records.push_back(rec);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].type, WarcRecordType::kWarcinfo);
  EXPECT_EQ(records[0].Header("WARC-Filename"), "crawl.warc.wet.gz");
  for (int i = 1; i <= 2; ++i) {
    EXPECT_EQ(records[i].error, WarcError::kNone) << records[i].message;
    EXPECT_EQ(records[i].type, WarcRecordType::kConversion);
    EXPECT_EQ(records[i].target_uri, "http://example.com/" + std::to_string(i));
    EXPECT_EQ(records[i].Header("WARC-Refers-To"), "<urn:uuid:id-" + std::to_string(i) + ">");
    EXPECT_EQ(records[i].date, "2026-11-28T12:00:00Z");
    EXPECT_EQ(records[i].content_type, "text/plain");
    EXPECT_NE(records[i].block.find(kText), std::string::npos);
    EXPECT_EQ(records[i].block.find("Home"), std::string::npos);
  }
  // On stdout: plain WARC.
  const auto out = RunPith("extract -f wet " + warc.string());
  EXPECT_TRUE(out.out.starts_with("WARC/1.0\r\nWARC-Type: warcinfo\r\n")) << out.out.substr(0, 100);
}

TEST(WarcCli, TextFormatsNameEachRecord) {
  TempDir dir;
  WriteFile(dir.path() / "c.warc", Response(1) + Response(2));
  const auto r = RunPith("extract " + (dir.path() / "c.warc").string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("==> " + (dir.path() / "c.warc").string() + "@0 http://example.com/1 <==\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("http://example.com/2 <==\n" + kText), std::string::npos) << r.out;
  const auto json = RunPith("extract -f json " + (dir.path() / "c.warc").string());
  EXPECT_EQ(json.exit_code, 2);  // one JSON document per page: jsonl for archives
}

}  // namespace
}  // namespace pith
