// The WARC/ARC reader (include/pith/warc.h): the warcio project's sample files read to the end with
// every record accounted for, a WARC of the development corpus giving the same text as the page
// files, and damage (bad gzip member, wrong Content-Length, truncation, garbage, gzip bombs, broken
// chunking) each giving one typed error record after which the reader goes on.
#include <gtest/gtest.h>
#include <zstd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "io/warc_stream.h"
#include "io/wet_writer.h"
#include "pith/pith.h"
#include "pith/warc.h"
#include "test_util.h"
#include "warc_builder.h"

namespace pith {
namespace {

namespace fs = std::filesystem;
using testing::GzipBytes;
using testing::HttpResponseBytes;
using testing::WarcRecordBytes;

const fs::path kSamples = fs::path(PITH_SHARED_DATA).parent_path() / "warc-samples";

std::vector<WarcRecord> ReadAll(std::string bytes, WarcReaderOptions options = {}) {
  auto reader = WarcReader::OpenFd(-1, options, std::move(bytes));
  std::vector<WarcRecord> out;
  WarcRecord rec;
  while (reader->Next(&rec)) {
    out.push_back(rec);
    if (out.size() > 10000) break;  // a reader that does not advance
  }
  return out;
}

std::vector<WarcRecord> ReadFile(const fs::path& path) {
  Status s;
  auto reader = WarcReader::Open(path.string(), {}, &s);
  EXPECT_TRUE(reader) << s.ToString();
  std::vector<WarcRecord> out;
  WarcRecord rec;
  while (reader && reader->Next(&rec)) out.push_back(rec);
  return out;
}

// "type/skip-or-error" per record, e.g. "response/none", "request/request", "response/!content_length".
std::string Outcome(const WarcRecord& rec) {
  if (rec.error != WarcError::kNone) return std::string(WarcRecordTypeName(rec.type)) + "/!" + WarcErrorName(rec.error);
  WarcPage page;
  return std::string(WarcRecordTypeName(rec.type)) + "/" + WarcSkipName(ReadWarcPage(rec, {}, &page));
}

struct SampleExpectation {
  const char* file;
  std::vector<std::uint64_t> offsets;  // plain files: where "WARC/1." / ARC header lines start (grep -b);
                                       // gzip files: where each gzip member starts
  std::vector<std::string> outcomes;
};

// Expectations written from the files themselves (record headers, gzip member boundaries) and the
// warcio test suite (test_archiveiterator.py: record types per file; example-trunc.warc has one
// error; bad.arc four records whose lengths are broken).
const std::vector<SampleExpectation> kSampleExpectations = {
    {"example.warc", {0, 488, 1197, 2566, 3370, 4316},
     {"warcinfo/warcinfo", "warcinfo/warcinfo", "response/none", "request/request", "revisit/revisit", "request/request"}},
    {"example.warc.gz", {0, 353, 784, 2012, 2621, 3207},
     {"warcinfo/warcinfo", "warcinfo/warcinfo", "response/none", "request/request", "revisit/revisit", "request/request"}},
    // The same records in one gzip stream (warcio refuses it: "non-chunked gzip"): every record
    // starts in the member at offset 0.
    {"example-bad-non-chunked.warc.gz", {0, 0, 0, 0, 0, 0},
     {"warcinfo/warcinfo", "warcinfo/warcinfo", "response/none", "request/request", "revisit/revisit", "request/request"}},
    // One gzip stream too; its last response is a 302.
    {"example-bad.warc.gz.bad", {0, 0, 0, 0, 0, 0},
     {"warcinfo/warcinfo", "response/none", "request/request", "revisit/revisit", "request/request", "response/redirect"}},
    {"example-iana.org-chunked.warc", {0, 405, 8379}, {"warcinfo/warcinfo", "response/none", "request/request"}},
    {"example-digest.warc", {0, 922, 1840, 2758}, {"request/request", "request/request", "request/request", "request/request"}},
    {"example-resource.warc.gz", {0, 361, 802}, {"warcinfo/warcinfo", "warcinfo/warcinfo", "resource/none"}},
    {"example-space-in-target-uri.warc.gz", {0, 241}, {"warcinfo/warcinfo", "resource/not_html"}},
    // The response's Content-Length (973) is 2 bytes short; the file ends after the next request.
    {"example-trunc.warc", {0, 488, 1197, 2566},
     {"warcinfo/warcinfo", "warcinfo/warcinfo", "response/!content_length", "request/request"}},
    {"example-wget-bad-target-uri.warc.gz", {0, 410, 824, 1978, 2295, 2681},
     {"warcinfo/warcinfo", "request/request", "response/none", "metadata/metadata", "resource/not_html", "resource/not_html"}},
    // The response spans three gzip members (its payload is a member of its own).
    {"example-wrong-chunks.warc.gz", {0, 1130}, {"response/none", "request/request"}},
    {"post-test.warc.gz", {0, 720, 1196, 1919, 2395, 3118},
     {"response/not_html", "request/request", "response/not_html", "request/request", "response/not_html", "request/request"}},
    {"example.arc", {0, 151}, {"arc_header/warcinfo", "arc_response/none"}},
    {"example.arc.gz", {0, 171}, {"arc_header/warcinfo", "arc_response/none"}},
    // Lengths "-1", "-1", "1" and "abc": three broken headers and a one-byte text/plain record.
    {"bad.arc", {0, 134, 202, 262},
     {"arc_header/!bad_header", "arc_response/!bad_header", "arc_response/not_html", "arc_response/!bad_header"}},
    // The capture's length (1591) is 12 bytes more than the file holds.
    {"example-space-in-url.arc", {0, 151}, {"arc_header/warcinfo", "arc_response/!truncated_record"}},
};

TEST(WarcSamples, EveryFileIsReadToTheEndWithEveryRecordAccountedFor) {
  if (!fs::exists(kSamples)) GTEST_SKIP() << "no " << kSamples;
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(kSamples)) {
    const std::string name = entry.path().filename().string();
    if (name == "README.md" || name.starts_with("LICENSE")) continue;
    ++files;
    const auto it = std::find_if(kSampleExpectations.begin(), kSampleExpectations.end(),
                                 [&](const SampleExpectation& e) { return name == e.file; });
    ASSERT_NE(it, kSampleExpectations.end()) << "no expectation written for " << name;
    const std::vector<WarcRecord> records = ReadFile(entry.path());
    std::vector<std::string> outcomes;
    std::vector<std::uint64_t> offsets;
    for (const WarcRecord& r : records) {
      outcomes.push_back(Outcome(r));
      offsets.push_back(r.offset);
    }
    EXPECT_EQ(outcomes, it->outcomes) << name;
    EXPECT_EQ(offsets, it->offsets) << name;
  }
  EXPECT_EQ(files, kSampleExpectations.size());
}

TEST(WarcSamples, PayloadsComeOutWithTheirCodingsUndone) {
  if (!fs::exists(kSamples)) GTEST_SKIP() << "no " << kSamples;
  auto first_page = [](const fs::path& p) {
    for (const WarcRecord& r : ReadFile(p)) {
      WarcPage page;
      if (r.error == WarcError::kNone && ReadWarcPage(r, {}, &page) == WarcSkip::kNone) return page;
    }
    return WarcPage{};
  };
  // Chunked (warcio: the payload starts with the doctype and names IANA).
  const WarcPage iana = first_page(kSamples / "example-iana.org-chunked.warc");
  EXPECT_TRUE(iana.body.starts_with("<!doctype html>")) << iana.body.substr(0, 40);
  EXPECT_NE(iana.body.find("Internet Assigned Numbers Authority"), std::string::npos);
  EXPECT_EQ(iana.body.find("\r\n0\r\n"), std::string::npos);
  EXPECT_EQ(iana.info.charset, "utf-8");
  // Content-Encoding: gzip, in a WARC, an ARC and one gzip stream.
  for (const char* f : {"example.warc", "example.warc.gz", "example.arc", "example.arc.gz", "example-bad-non-chunked.warc.gz"}) {
    const WarcPage page = first_page(kSamples / f);
    EXPECT_NE(page.body.find("<title>Example Domain</title>"), std::string::npos) << f;
    EXPECT_EQ(page.http_status, 200) << f;
    EXPECT_EQ(page.info.url, "http://example.com/") << f;
  }
  // A resource record has no HTTP message: its block is the page (warcio: length = Content-Length).
  const WarcPage resource = first_page(kSamples / "example-resource.warc.gz");
  EXPECT_EQ(resource.body.size(), 1303u);
  EXPECT_EQ(resource.http_status, 0);
  EXPECT_EQ(resource.info.charset, "utf-8");
}

TEST(WarcSamples, RecordFieldsAreRead) {
  if (!fs::exists(kSamples)) GTEST_SKIP() << "no " << kSamples;
  const std::vector<WarcRecord> records = ReadFile(kSamples / "example.warc.gz");
  ASSERT_EQ(records.size(), 6u);
  const WarcRecord& r = records[2];
  EXPECT_EQ(r.version, "WARC/1.0");
  EXPECT_EQ(r.target_uri, "http://example.com/");
  EXPECT_EQ(r.record_id, "<urn:uuid:a9c51e3e-0221-11e7-bf66-0242ac120005>");
  EXPECT_EQ(r.date, "2017-03-06T04:02:06Z");
  EXPECT_EQ(r.content_type, "application/http; msgtype=response");
  EXPECT_EQ(r.Header("warc-ip-address"), "93.184.216.34");
  const std::vector<WarcRecord> arc = ReadFile(kSamples / "example-space-in-url.arc");
  ASSERT_EQ(arc.size(), 2u);
  EXPECT_EQ(arc[1].target_uri, "http://example.com/index.cfm?FuseAction=Email&EmailTitle=Examples From The Live Web&IsPopUp=False");
  EXPECT_EQ(arc[1].date, "2014-02-16T05:02:21Z");
  const std::vector<WarcRecord> spaces = ReadFile(kSamples / "example-space-in-target-uri.warc.gz");
  ASSERT_EQ(spaces.size(), 2u);
  EXPECT_EQ(spaces[1].target_uri, "file:///example with spaces.png");
}

// --- records built here ---

const std::string kPage = "<html><head><title>T</title></head><body><p>" + std::string(300, 'x') + " end.</p></body></html>";

std::string Response(int n, std::string_view headers = "Content-Type: text/html\r\n", std::string_view body = kPage) {
  return WarcRecordBytes("response", "http://example.com/" + std::to_string(n), "id-" + std::to_string(n),
                         "application/http; msgtype=response", HttpResponseBytes(200, headers, body));
}

std::vector<std::string> Outcomes(const std::vector<WarcRecord>& records) {
  std::vector<std::string> out;
  for (const WarcRecord& r : records) out.push_back(Outcome(r));
  return out;
}

TEST(WarcDamage, ABadGzipMemberInTheMiddleIsOneErrorAndTheNextMemberIsRead) {
  const std::string a = GzipBytes(Response(1)), b = GzipBytes(Response(2)), c = GzipBytes(Response(3));
  std::string bad = b;
  for (std::size_t i = 20; i < 60; ++i) bad[i] = static_cast<char>(bad[i] ^ 0x5a);
  const auto records = ReadAll(a + bad + c);
  ASSERT_EQ(Outcomes(records), (std::vector<std::string>{"response/none", "unknown/!gzip_error", "response/none"}));
  EXPECT_EQ(records[1].offset, a.size());
  EXPECT_EQ(records[2].offset, a.size() + bad.size());
  EXPECT_EQ(records[2].target_uri, "http://example.com/3");
}

// Three responses, the second with its Content-Length off by `delta`, plain or a gzip member each.
std::vector<WarcRecord> ReadWithWrongLength(long delta, bool gzip) {
  std::string two = Response(2);
  const std::string length = "Content-Length: ";
  const std::size_t at = two.find(length) + length.size();
  const std::size_t end = two.find('\r', at);
  two.replace(at, end - at, std::to_string(static_cast<long>(std::stoul(two.substr(at, end - at))) + delta));
  return ReadAll(gzip ? GzipBytes(Response(1)) + GzipBytes(two) + GzipBytes(Response(3)) : Response(1) + two + Response(3));
}

TEST(WarcDamage, AContentLengthTooLongIsCutAtTheNextRecord) {
  for (const bool gzip : {false, true}) {
    const auto records = ReadWithWrongLength(200, gzip);
    ASSERT_EQ(Outcomes(records), (std::vector<std::string>{"response/none", "response/!content_length", "response/none"})) << gzip;
    EXPECT_EQ(records[1].target_uri, "http://example.com/2");
    EXPECT_EQ(records[2].target_uri, "http://example.com/3");
  }
}

TEST(WarcDamage, AContentLengthTooShortSkipsToTheNextRecord) {
  for (const bool gzip : {false, true}) {
    const auto records = ReadWithWrongLength(-50, gzip);
    ASSERT_EQ(Outcomes(records), (std::vector<std::string>{"response/none", "response/!content_length", "response/none"})) << gzip;
    // The 50 bytes the length leaves out and the record's closing CRLF CRLF.
    EXPECT_NE(records[1].message.find("54 bytes before the next record"), std::string::npos) << records[1].message;
  }
}

TEST(WarcDamage, AHugeWrongContentLengthStopsAtTheNextGzipMember) {
  std::string two = Response(2);
  const std::size_t at = two.find("Content-Length: ") + 16;
  two.replace(at, two.find('\r', at) - at, "999999999999");
  const auto records = ReadAll(GzipBytes(Response(1)) + GzipBytes(two) + GzipBytes(Response(3)));
  ASSERT_EQ(Outcomes(records), (std::vector<std::string>{"response/none", "response/!content_length", "response/none"}));
  EXPECT_EQ(records[2].target_uri, "http://example.com/3");
}

TEST(WarcDamage, ATruncatedLastRecordIsATruncatedError) {
  const std::string whole = Response(1) + Response(2);
  const auto plain = ReadAll(whole.substr(0, whole.size() - 100));
  ASSERT_EQ(Outcomes(plain), (std::vector<std::string>{"response/none", "response/!truncated_record"}));
  EXPECT_EQ(plain[1].offset, Response(1).size());
  const std::string gz = GzipBytes(Response(1)) + GzipBytes(Response(2));
  const auto cut = ReadAll(gz.substr(0, gz.size() - 30));
  ASSERT_EQ(cut.size(), 2u);
  EXPECT_EQ(Outcome(cut[0]), "response/none");
  EXPECT_EQ(cut[1].error, WarcError::kTruncated) << cut[1].message;
}

TEST(WarcDamage, GarbageBetweenRecordsIsSkippedWithItsOffset) {
  const std::string garbage = "this is not a record\r\nnor is this\r\n";
  const auto plain = ReadAll(Response(1) + garbage + Response(2));
  ASSERT_EQ(Outcomes(plain), (std::vector<std::string>{"response/none", "unknown/!garbage", "response/none"}));
  EXPECT_EQ(plain[1].offset, Response(1).size());
  EXPECT_NE(plain[1].message.find(std::to_string(garbage.size()) + " bytes"), std::string::npos) << plain[1].message;
  // Between gzip members: bytes that are no gzip member.
  const std::string a = GzipBytes(Response(1));
  const auto gz = ReadAll(a + garbage + GzipBytes(Response(2)));
  ASSERT_EQ(Outcomes(gz), (std::vector<std::string>{"response/none", "unknown/!garbage", "response/none"}));
  EXPECT_EQ(gz[1].offset, a.size());
}

TEST(WarcDamage, AGzipBombPastTheLimitIsCutOffAndTheReaderGoesOn) {
  WarcReaderOptions options;
  options.max_record_bytes = 1 << 20;
  // A record whose block inflates to 64 MiB of zeros (a 64 KiB member).
  const std::string bomb = WarcRecordBytes("resource", "http://example.com/bomb", "bomb", "text/html",
                                           std::string(64u << 20, '\0'));
  const std::string bytes = GzipBytes(Response(1)) + GzipBytes(bomb, 1) + GzipBytes(Response(2));
  ASSERT_LT(bytes.size(), 1u << 20);
  const auto records = ReadAll(bytes, options);
  ASSERT_EQ(Outcomes(records), (std::vector<std::string>{"response/none", "resource/!record_too_large", "response/none"}));
  EXPECT_TRUE(records[1].block.empty());
  // 64 MiB of zeros that start no record: garbage, skipped as it inflates.
  const auto garbage = ReadAll(GzipBytes(Response(1)) + GzipBytes(std::string(64u << 20, '\0'), 1) + GzipBytes(Response(2)), options);
  ASSERT_EQ(Outcomes(garbage), (std::vector<std::string>{"response/none", "unknown/!garbage", "response/none"}));
}

TEST(WarcDamage, ChunkedBodiesWithBadSizesKeepWhatCanBeRead) {
  const std::string headers = "Content-Type: text/html\r\nTransfer-Encoding: chunked\r\n";
  // A chunk claiming more bytes than there are: what there is, and a payload error.
  const auto over = ReadAll(Response(1, headers, "f\r\n<html><p>Hello \r\nfff\r\nworld</p></html>\r\n0\r\n\r\n"));
  ASSERT_EQ(over.size(), 1u);
  WarcPage page;
  ASSERT_EQ(ReadWarcPage(over[0], {}, &page), WarcSkip::kNone);
  EXPECT_EQ(page.body, "<html><p>Hello world</p></html>\r\n0\r\n\r\n");
  EXPECT_FALSE(page.decode_status.ok());
  // A size line that is not hex after the first chunk.
  const auto bad = ReadAll(Response(1, headers, "f\r\n<html><p>Hello \r\nzz\r\nworld</p></html>"));
  ASSERT_EQ(ReadWarcPage(bad[0], {}, &page), WarcSkip::kNone);
  EXPECT_EQ(page.body, "<html><p>Hello ");
  EXPECT_FALSE(page.decode_status.ok());
  // Declared chunked but stored de-chunked: taken as it is.
  const auto plain = ReadAll(Response(1, headers, kPage));
  ASSERT_EQ(ReadWarcPage(plain[0], {}, &page), WarcSkip::kNone);
  EXPECT_EQ(page.body, kPage);
  EXPECT_TRUE(page.decode_status.ok());
}

TEST(WarcDamage, EmptyAndNonWarcFiles) {
  EXPECT_TRUE(ReadAll("").empty());
  EXPECT_TRUE(ReadAll(GzipBytes("")).empty());
  const auto html = ReadAll(kPage);
  ASSERT_EQ(Outcomes(html), (std::vector<std::string>{"unknown/!garbage"}));
  EXPECT_NE(html[0].message.find(std::to_string(kPage.size()) + " bytes"), std::string::npos) << html[0].message;
  const auto binary = ReadAll(std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
  ASSERT_EQ(Outcomes(binary), (std::vector<std::string>{"unknown/!garbage"}));
}

TEST(WarcDamage, AHeaderWithoutContentLengthIsABadHeader) {
  std::string one = Response(1);
  one.replace(one.find("Content-Length: "), 16, "Content-Lengthx ");
  const auto records = ReadAll(one + Response(2));
  ASSERT_EQ(Outcomes(records), (std::vector<std::string>{"response/!bad_header", "response/none"}));
}

TEST(Warc, ContentTypesStatusesAndRecordTypesDecideWhatIsAPage) {
  auto outcome = [](const std::string& record, WarcPageOptions options = {}) {
    const auto r = ReadAll(record);
    WarcPage page;
    return r.size() == 1 ? std::string(WarcSkipName(ReadWarcPage(r[0], options, &page))) : "?";
  };
  EXPECT_EQ(outcome(Response(1, "Content-Type: application/xhtml+xml; charset=utf-8\r\n")), "none");
  EXPECT_EQ(outcome(Response(1, "Content-Type: application/pdf\r\n")), "not_html");
  EXPECT_EQ(outcome(Response(1, "Content-Type: application/pdf\r\n"), {.any_type = true}), "none");
  EXPECT_EQ(outcome(Response(1, "Server: x\r\n")), "none");  // no type: the bytes look like HTML
  EXPECT_EQ(outcome(Response(1, "Server: x\r\n", "just some text")), "not_html");
  const std::string redirect = WarcRecordBytes("response", "http://x/", "r", "application/http; msgtype=response",
                                               HttpResponseBytes(301, "Content-Type: text/html\r\n", kPage));
  EXPECT_EQ(outcome(redirect), "redirect");
  EXPECT_EQ(outcome(redirect, {.any_status = true}), "none");
  EXPECT_EQ(outcome(WarcRecordBytes("response", "http://x/", "r", "application/http; msgtype=response",
                                    HttpResponseBytes(503, "Content-Type: text/html\r\n", kPage))), "error_status");
  EXPECT_EQ(outcome(WarcRecordBytes("metadata", "http://x/", "m", "text/html", kPage)), "metadata");
  EXPECT_EQ(outcome(WarcRecordBytes("metadata", "http://x/", "m", "text/html", kPage), {.metadata = true}), "none");
  EXPECT_EQ(outcome(WarcRecordBytes("response", "http://x/", "e", "application/http; msgtype=response",
                                    HttpResponseBytes(200, "Content-Type: text/html\r\n", ""))), "empty");
  EXPECT_EQ(outcome(WarcRecordBytes("response", "http://x/", "w", "application/http; msgtype=response", kPage, "WARC/1.1")),
            "other_status");  // a response block without its HTTP status line
}

TEST(Warc, ContentEncodingsAreUndone) {
  const std::string gz = GzipBytes(kPage);
  WarcPage page;
  for (const auto& [headers, body] : std::vector<std::pair<std::string, std::string>>{
           {"Content-Type: text/html\r\nContent-Encoding: gzip\r\n", gz},
           {"Content-Type: text/html\r\nContent-Encoding: x-gzip\r\n", gz},
           {"Content-Type: text/html\r\nContent-Encoding: gzip\r\n", kPage},  // stored decoded
           {"Content-Type: text/html\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n", testing::Chunked(gz, 100)},
       }) {
    const auto r = ReadAll(Response(1, headers, body));
    ASSERT_EQ(ReadWarcPage(r[0], {}, &page), WarcSkip::kNone) << headers;
    EXPECT_EQ(page.body, kPage) << headers;
    EXPECT_TRUE(page.decode_status.ok()) << headers << page.decode_status.ToString();
  }
  // An encoded body that inflates past the limit is cut there.
  const auto big = ReadAll(Response(1, "Content-Type: text/html\r\nContent-Encoding: gzip\r\n", GzipBytes(std::string(1 << 20, 'a'))));
  ASSERT_EQ(ReadWarcPage(big[0], {.max_bytes = 1000}, &page), WarcSkip::kNone);
  EXPECT_EQ(page.body.size(), 1000u);
  EXPECT_EQ(page.decode_status.code(), StatusCode::kTooLarge);
}

TEST(Warc, ZstdFilesWithAndWithoutADictionaryFrame) {
  const std::string records[] = {Response(1), Response(2)};
  std::string plain_frames;
  for (const std::string& r : records) {
    std::string out(ZSTD_compressBound(r.size()), '\0');
    out.resize(ZSTD_compress(out.data(), out.size(), r.data(), r.size(), 3));
    plain_frames += out;
  }
  EXPECT_EQ(Outcomes(ReadAll(plain_frames)), (std::vector<std::string>{"response/none", "response/none"}));
  // A raw-content dictionary in the leading skippable frame (magic 0x184D2A5D), itself compressed.
  const std::string dict = kPage + "WARC/1.0\r\nWARC-Type: response\r\nContent-Type: application/http; msgtype=response\r\n";
  std::string with_dict;
  std::string dict_frame(ZSTD_compressBound(dict.size()), '\0');
  dict_frame.resize(ZSTD_compress(dict_frame.data(), dict_frame.size(), dict.data(), dict.size(), 3));
  const std::uint32_t size = static_cast<std::uint32_t>(dict_frame.size());
  with_dict += std::string("\x5d\x2a\x4d\x18", 4);
  for (int i = 0; i < 4; ++i) with_dict.push_back(static_cast<char>((size >> (8 * i)) & 0xff));
  with_dict += dict_frame;
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  std::vector<std::uint64_t> offsets;
  for (const std::string& r : records) {
    offsets.push_back(with_dict.size());
    std::string out(ZSTD_compressBound(r.size()), '\0');
    out.resize(ZSTD_compress_usingDict(cctx, out.data(), out.size(), r.data(), r.size(), dict.data(), dict.size(), 3));
    with_dict += out;
  }
  ZSTD_freeCCtx(cctx);
  const auto read = ReadAll(with_dict);
  ASSERT_EQ(Outcomes(read), (std::vector<std::string>{"response/none", "response/none"}));
  EXPECT_EQ(read[0].offset, offsets[0]);
  EXPECT_EQ(read[1].offset, offsets[1]);
}

// A WARC of the development corpus gives, record for record, the text of the page files.
TEST(WarcCorpus, RecordsGiveTheSameTextAsThePageFiles) {
  if (!fs::exists(PITH_SHARED_DATA)) GTEST_SKIP() << "no corpus";
#ifdef __SANITIZE_ADDRESS__
  const std::size_t stride = 25;  // the sanitizer build is 20x slower; the Release build reads a fifth
#else
  const std::size_t stride = 5;
#endif
  const std::vector<testing::CorpusPage> pages = testing::LoadCorpusPages(PITH_SHARED_DATA, stride);
  ASSERT_GT(pages.size(), 50u);
  testing::BuiltWarc warc;
  testing::AppendCorpusWarc(pages, testing::WarcLayout::kGzipPerRecord, &warc, 0, 1);
  const Extractor extractor;
  std::size_t page = 0, html_records = 0, skipped = 0;
  for (const WarcRecord& rec : ReadAll(warc.bytes)) {
    ASSERT_EQ(rec.error, WarcError::kNone) << rec.message;
    WarcPage wp;
    if (ReadWarcPage(rec, {}, &wp) != WarcSkip::kNone) {
      ++skipped;
      continue;
    }
    ++html_records;
    ASSERT_LT(page, pages.size());
    ASSERT_EQ(wp.info.url, pages[page].url);
    EXPECT_EQ(wp.body, pages[page].bytes) << wp.info.url;
    const Result from_warc = extractor.Extract(wp.body, wp.info);
    const Result from_file = extractor.Extract(pages[page].bytes, {.url = pages[page].url});
    EXPECT_EQ(from_warc.Text(), from_file.Text()) << wp.info.url << " charset " << wp.info.charset;
    EXPECT_EQ(from_warc.metadata.title, from_file.metadata.title) << wp.info.url;
    ++page;
  }
  EXPECT_EQ(html_records, pages.size());
  EXPECT_EQ(skipped, warc.other_records);
}

// WarcReaderOptions::read_ahead: the same records in the same order, every field, from every
// sample file (damaged ones too) and a corpus archive; progress counts reach the file's size; a
// reader dropped after a few records stops its thread.
TEST(WarcReadAhead, GivesTheRecordsReadInNext) {
  std::vector<fs::path> files;
  for (const SampleExpectation& e : kSampleExpectations) files.push_back(kSamples / e.file);
  testing::TempDir dir;
  if (fs::exists(PITH_SHARED_DATA)) {
    testing::BuiltWarc warc;
    testing::AppendCorpusWarc(testing::LoadCorpusPages(PITH_SHARED_DATA, 40), testing::WarcLayout::kGzipPerRecord,
                              &warc, 0, 1);
    files.push_back(dir.path() / "corpus.warc.gz");
    testing::WriteFile(files.back(), warc.bytes);
  }
  for (const fs::path& file : files) {
    if (!fs::exists(file)) continue;
    for (const std::size_t ahead : {1, 3, 16}) {
      Status s;
      WarcReaderOptions options;
      options.read_ahead = ahead;
      auto reader = WarcReader::Open(file.string(), options, &s);
      ASSERT_TRUE(reader) << s.ToString();
      std::size_t n = 0;
      WarcRecord rec;
      const std::vector<WarcRecord> expected = ReadFile(file);
      while (reader->Next(&rec)) {
        ASSERT_LT(n, expected.size()) << file;
        const WarcRecord& e = expected[n++];
        EXPECT_EQ(rec.offset, e.offset);
        EXPECT_EQ(rec.type, e.type);
        EXPECT_EQ(rec.headers, e.headers);
        EXPECT_EQ(rec.block, e.block);
        EXPECT_EQ(rec.error, e.error);
        EXPECT_EQ(rec.message, e.message);
      }
      EXPECT_EQ(n, expected.size()) << file;
      EXPECT_EQ(reader->bytes_read(), fs::file_size(file)) << file;
    }
  }
  if (files.size() > kSampleExpectations.size()) {  // dropped early, with records still to read
    WarcReaderOptions options;
    options.read_ahead = 2;
    Status s;
    auto reader = WarcReader::Open(files.back().string(), options, &s);
    WarcRecord rec;
    ASSERT_TRUE(reader && reader->Next(&rec));
    reader.reset();
  }
}

TEST(Warc, AWrongHttpCharsetOnUtf8BytesGivesNoMojibake) {
  const std::string text = "Ελληνικά κείμενα και 中文内容，这是正文的一段话。";
  const std::string page = "<html><head><title>t</title></head><body><p>" + text + " " + text + "</p></body></html>";
  const auto r = ReadAll(Response(1, "Content-Type: text/html; charset=iso-8859-1\r\n", page));
  WarcPage wp;
  ASSERT_EQ(ReadWarcPage(r[0], {}, &wp), WarcSkip::kNone);
  EXPECT_EQ(wp.info.charset, "iso-8859-1");
  const Result result = Extractor().Extract(wp.body, wp.info);
  EXPECT_NE(result.Text().find(text), std::string::npos) << result.Text();
}

TEST(Wet, DigestsAndIdsFollowTheFormats) {
  EXPECT_EQ(io::Sha1Base32("abc"), "VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5");  // FIPS 180 test vector, RFC 4648 base32
  EXPECT_EQ(io::Sha1Base32(""), "3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ");
  EXPECT_EQ(io::Sha1Base32(std::string(1000, 'a')).size(), 32u);
  const std::string id = io::NameRecordId("x");
  EXPECT_EQ(id, io::NameRecordId("x"));
  EXPECT_NE(id, io::NameRecordId("y"));
  ASSERT_EQ(id.size(), 47u);  // <urn:uuid:8-4-4-4-12>
  EXPECT_EQ(id[24], '5');     // version 5
  // A conversion record reads back through the reader.
  const std::string text = "Main text.\n\nSecond paragraph.";
  const auto records = ReadAll(io::GzipMember(io::WetInfoRecord("a.warc.wet", "2026-11-28T00:00:00Z")) +
                               io::GzipMember(io::WetConversionRecord("http://x/", "2026-01-01T00:00:00Z", "<urn:uuid:1>", text)));
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].type, WarcRecordType::kWarcinfo);
  EXPECT_EQ(records[1].type, WarcRecordType::kConversion);
  EXPECT_EQ(records[1].block, text);
  EXPECT_EQ(records[1].Header("WARC-Refers-To"), "<urn:uuid:1>");
  EXPECT_EQ(records[1].Header("WARC-Block-Digest"), "sha1:" + io::Sha1Base32(text));
  EXPECT_EQ(records[1].content_type, "text/plain");
}

TEST(Gzip, PagesInflateWithTheLimitOnTheInflatedSize) {
  std::string out;
  EXPECT_TRUE(io::InflateGzip(GzipBytes(kPage), 1 << 20, &out).ok());
  EXPECT_EQ(out, kPage);
  EXPECT_EQ(io::InflateGzip(GzipBytes(std::string(100000, 'a')), 1000, &out).code(), StatusCode::kTooLarge);
  std::string damaged = GzipBytes(kPage);
  damaged.resize(damaged.size() / 2);
  EXPECT_FALSE(io::InflateGzip(damaged, 1 << 20, &out).ok());
}

}  // namespace
}  // namespace pith
