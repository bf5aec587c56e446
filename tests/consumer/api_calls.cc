// api_calls PAGE.html WORK_FOLDER: calls every function of pith's public API (include/pith/*.h) once,
// on a real page, and checks what each returns. Linked against a shared libpith, a function whose
// declaration lacks PITH_API fails the link; scripts/consumer_test.sh builds and runs it.
#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

#include "pith/pith.h"
#include "pith/site.h"
#include "pith/warc.h"

namespace {

int failures = 0;

void Expect(bool ok, const char* what) {
  if (!ok) {
    std::cerr << "api_calls: FAIL: " << what << "\n";
    ++failures;
  }
}

// One WARC/1.0 response record holding `page` as an HTTP 200 text/html payload.
std::string WarcOf(const std::string& page, const std::string& url) {
  const std::string http = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: " +
                           std::to_string(page.size()) + "\r\n\r\n" + page;
  return "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-000000000001>\r\n"
         "WARC-Date: 2026-01-01T00:00:00Z\r\nWARC-Target-URI: " + url +
         "\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: " +
         std::to_string(http.size()) + "\r\n\r\n" + http + "\r\n\r\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: api_calls PAGE.html WORK_FOLDER\n";
    return 2;
  }
  std::ifstream file(argv[1], std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  const std::string work = argv[2];
  const std::string url = "https://news.example.com/2024/05/story.html";

  // options.h
  pith::Algorithm algorithm{};
  Expect(pith::ParseAlgorithm("auto", &algorithm) && algorithm == pith::Algorithm::kAuto, "ParseAlgorithm");
  Expect(std::string_view(pith::AlgorithmName(algorithm)) == "auto", "AlgorithmName");
  pith::Favor favor{};
  Expect(pith::ParseFavor("precision", &favor) && favor == pith::Favor::kPrecision, "ParseFavor");
  Expect(std::string_view(pith::FavorName(favor)) == "precision", "FavorName");

  pith::CorrelationOptions preset;
  Expect(pith::CorrelationOptions::FromPreset("uyghur", &preset) &&
             preset.cc_threshold == pith::CorrelationOptions::Uyghur().cc_threshold,
         "CorrelationOptions::FromPreset, Uyghur");
  Expect(pith::CorrelationOptions::Default().cc_threshold > 0, "CorrelationOptions::Default");

  // pith.h, result.h, status.h
  pith::Options options;
  const pith::Extractor extractor(options);
  Expect(extractor.options().algorithm == options.algorithm, "Extractor::options");
  const pith::Result r = extractor.Extract(bytes, {url, ""});
  Expect(r.status.ok() && r.status.code() == pith::StatusCode::kOk && r.status.message().empty(), "Extract status");
  Expect(pith::Status(pith::StatusCode::kTooLarge, "70 bytes").ToString() == "too_large: 70 bytes", "Status::ToString");
  Expect(pith::StatusCodeName(pith::StatusCode::kNoContent) == "no_content", "StatusCodeName");
  Expect(!r.Text().empty() && !r.MainText().empty(), "Result::Text, MainText");
  Expect(r.HasComments() == !r.CommentsText().empty(), "Result::HasComments, CommentsText");
  Expect(!r.blocks.empty() && std::string_view(pith::BlockKindName(r.blocks[0].kind)).size() > 0, "BlockKindName");
  Expect(std::string_view(pith::SpanKindName(pith::SpanKind::kMath)) == "math", "SpanKindName");
  Expect(std::string_view(pith::EncodingSourceName(r.encoding.source)).size() > 0, "EncodingSourceName");
  Expect(std::string_view(pith::PageTypeName(r.page_type)).size() > 0, "PageTypeName");
  const pith::Result empty = extractor.Extract("");
  Expect(!empty.status.ok() && !empty.status.ToString().empty(), "Extract of nothing: an error status");

  // site.h: a template learned from two copies of the page, saved and loaded back.
  std::shared_ptr<const pith::SiteModel> model;
  Expect(pith::SiteModel::Learn({bytes, bytes}, options, &model, "news.example.com").ok() && model, "SiteModel::Learn");
  if (model) {
    Expect(model->host() == "news.example.com" && model->pages() == 2, "SiteModel::host, pages");
    Expect(model->items() >= model->template_texts(), "SiteModel::items, template_texts");
    std::shared_ptr<const pith::SiteModel> back;
    Expect(pith::SiteModel::FromJson(model->ToJson(), &back).ok() && back && back->pages() == 2,
           "SiteModel::ToJson, FromJson");
    const std::string path = work + "/site.json";
    Expect(model->Save(path).ok() && pith::SiteModel::Load(path, &back).ok() && back->items() == model->items(),
           "SiteModel::Save, Load");
  }
  Expect(pith::SiteModel::HostOf("https://News.Example.com:8080/a?b") == "news.example.com", "SiteModel::HostOf");

  // warc.h: the page as one archive record, read by path and by file descriptor.
  const std::string warc_path = work + "/page.warc";
  std::ofstream(warc_path, std::ios::binary) << WarcOf(bytes, url);
  pith::Status status;
  std::unique_ptr<pith::WarcReader> reader = pith::WarcReader::Open(warc_path, {}, &status);
  Expect(reader != nullptr && status.ok(), "WarcReader::Open");
  if (reader) {
    pith::WarcRecord rec;
    Expect(reader->Next(&rec) && rec.error == pith::WarcError::kNone, "WarcReader::Next");
    Expect(rec.Header("warc-target-uri") == url && rec.target_uri == url, "WarcRecord::Header");
    Expect(std::string_view(pith::WarcRecordTypeName(rec.type)) == "response", "WarcRecordTypeName");
    Expect(std::string_view(pith::WarcErrorName(rec.error)).size() > 0, "WarcErrorName");
    pith::WarcPage page;
    const pith::WarcSkip skip = pith::ReadWarcPage(rec, {}, &page);
    Expect(skip == pith::WarcSkip::kNone && page.body == bytes && page.http_status == 200, "ReadWarcPage");
    Expect(std::string_view(pith::WarcSkipName(pith::WarcSkip::kNotHtml)) == "not_html", "WarcSkipName");
    Expect(extractor.Extract(page.body, page.info).Text() == r.Text(), "the archived page extracts alike");
    Expect(!reader->Next(&rec) && reader->bytes_read() > 0 && !reader->compression().empty(),
           "WarcReader end, bytes_read, compression");
  }
  const int fd = open(warc_path.c_str(), O_RDONLY);
  std::unique_ptr<pith::WarcReader> from_fd = pith::WarcReader::OpenFd(fd, {});
  pith::WarcRecord rec;
  Expect(from_fd && from_fd->Next(&rec) && rec.target_uri == url, "WarcReader::OpenFd");
  close(fd);

  if (failures == 0) std::cout << "api_calls: every public function called, all as expected\n";
  return failures == 0 ? 0 : 1;
}
