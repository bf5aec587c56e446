// Builds WARC files for tests and benchmarks: WARC/1.0 records around real page bytes, HTTP
// responses (some chunked, some gzip-encoded, some with a wrong charset), non-HTML records, and
// gzip per record (as Common Crawl writes them), one gzip stream, or plain.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "decode/charset.h"
#include "io/wet_writer.h"

namespace pith::testing {

inline std::string GzipBytes(std::string_view data, int level = 6) { return io::GzipMember(data, level); }

// One WARC record: version line, fields, block, CRLF CRLF.
inline std::string WarcRecordBytes(std::string_view type, std::string_view uri, std::string_view id,
                                   std::string_view content_type, std::string_view block,
                                   std::string_view version = "WARC/1.0", std::string_view extra_fields = "") {
  std::string r = std::string(version) + "\r\nWARC-Type: " + std::string(type) + "\r\n";
  if (!uri.empty()) r += "WARC-Target-URI: " + std::string(uri) + "\r\n";
  r += "WARC-Date: 2026-11-28T12:00:00Z\r\nWARC-Record-ID: <urn:uuid:" + std::string(id) + ">\r\n";
  r += extra_fields;
  r += "Content-Type: " + std::string(content_type) + "\r\nContent-Length: " + std::to_string(block.size()) + "\r\n\r\n";
  r.append(block);
  r += "\r\n\r\n";
  return r;
}

inline std::string HttpResponseBytes(int status, std::string_view headers, std::string_view body) {
  return "HTTP/1.1 " + std::to_string(status) + " X\r\n" + std::string(headers) + "\r\n" + std::string(body);
}

inline std::string Chunked(std::string_view body, std::size_t piece = 4000) {
  std::string out;
  char size[32];
  for (std::size_t i = 0; i < body.size(); i += piece) {
    const std::size_t n = std::min(piece, body.size() - i);
    std::snprintf(size, sizeof size, "%zx\r\n", n);
    out += size;
    out.append(body.substr(i, n));
    out += "\r\n";
  }
  return out + "0\r\n\r\n";
}

struct CorpusPage {
  std::string url;
  std::string bytes;  // the page file's bytes
};

// Pages of ../shared/data (every set, files sorted), every `stride`-th, at most `limit`.
inline std::vector<CorpusPage> LoadCorpusPages(const std::filesystem::path& root, std::size_t stride = 1,
                                               std::size_t limit = SIZE_MAX) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& set : std::filesystem::directory_iterator(root, ec)) {
    const auto html = set.path() / "html";
    if (!std::filesystem::is_directory(html)) continue;
    for (const auto& f : std::filesystem::directory_iterator(html)) files.push_back(f.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<CorpusPage> out;
  for (std::size_t i = 0; i < files.size() && out.size() < limit; i += stride) {
    std::ifstream in(files[i], std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string set = files[i].parent_path().parent_path().filename().string();
    out.push_back({"http://" + set + ".example/" + files[i].stem().string(), ss.str()});
  }
  return out;
}

enum class WarcLayout { kGzipPerRecord, kGzipStream, kPlain };

struct BuiltWarc {
  std::string bytes;
  std::size_t html_records = 0;   // response records holding a page
  std::size_t other_records = 0;  // request, redirect, 404, image, JSON, metadata records
};

// Page i becomes one response record: chunked when i % 7 == 1, gzip-encoded when i % 5 == 2, a wrong
// HTTP charset (iso-8859-1 on UTF-8 bytes) when i % 11 == 3; a valid UTF-8 page says charset=utf-8
// otherwise, a legacy one no charset. After every 6th page comes a non-HTML record (in turn a request,
// a redirect, a 404, an image, JSON): with the warcinfo record, about 15% of all records. `copy` makes record ids and
// URLs differ when the corpus is written several times into one file.
// `level`: the gzip level of the records (Common Crawl writes level 6; tests use 1 to build fast).
inline void AppendCorpusWarc(const std::vector<CorpusPage>& pages, WarcLayout layout, BuiltWarc* out, int copy = 0,
                             int level = 6) {
  std::string stream;  // kGzipStream: the whole file, compressed at the end
  auto add = [&](const std::string& record) {
    if (layout == WarcLayout::kGzipPerRecord) {
      out->bytes += GzipBytes(record, level);
    } else {
      (layout == WarcLayout::kPlain ? out->bytes : stream) += record;
    }
  };
  if (copy == 0) {
    add(WarcRecordBytes("warcinfo", "", "00000000-0000-4000-8000-000000000000", "application/warc-fields",
                        "software: pith tests\r\nformat: WARC File Format 1.0\r\n"));
    ++out->other_records;
  }
  char id[64];
  for (std::size_t i = 0; i < pages.size(); ++i) {
    const CorpusPage& p = pages[i];
    const std::string url = copy == 0 ? p.url : p.url + "?copy=" + std::to_string(copy);
    const bool utf8 = decode::ScanUtf8(p.bytes).invalid == 0;
    std::string headers = "Content-Type: text/html";
    if (utf8) headers += i % 11 == 3 ? "; charset=iso-8859-1" : "; charset=utf-8";
    headers += "\r\n";
    std::string body = p.bytes;
    if (i % 5 == 2) {
      body = GzipBytes(body);
      headers += "Content-Encoding: gzip\r\n";
    }
    if (i % 7 == 1) {
      body = Chunked(body);
      headers += "Transfer-Encoding: chunked\r\n";
    } else {
      headers += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    }
    std::snprintf(id, sizeof id, "%08x-0000-4000-8000-%012zx", copy, i);
    add(WarcRecordBytes("response", url, id, "application/http; msgtype=response", HttpResponseBytes(200, headers, body)));
    ++out->html_records;
    if (i % 6 == 5) {  // in turn: a request, a redirect, a 404, an image, JSON
      std::snprintf(id, sizeof id, "%08x-0001-4000-8000-%012zx", copy, i);
      const std::string other_url = url + "/other";
      const std::string http = "application/http; msgtype=response";
      switch ((i / 6) % 5) {
        case 0:
          add(WarcRecordBytes("request", url, id, "application/http; msgtype=request",
                              "GET / HTTP/1.1\r\nHost: example\r\nUser-Agent: pith-test\r\n\r\n"));
          break;
        case 1:
          add(WarcRecordBytes("response", other_url, id, http,
                              HttpResponseBytes(301, "Location: " + url + "\r\nContent-Type: text/html\r\n", "<html>moved</html>")));
          break;
        case 2:
          add(WarcRecordBytes("response", other_url, id, http,
                              HttpResponseBytes(404, "Content-Type: text/html\r\n", "<html><p>not found</p></html>")));
          break;
        case 3:
          add(WarcRecordBytes("response", other_url, id, http,
                              HttpResponseBytes(200, "Content-Type: image/png\r\n", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16))));
          break;
        default:
          add(WarcRecordBytes("response", other_url, id, http, HttpResponseBytes(200, "Content-Type: application/json\r\n", "{\"a\": [1, 2, 3]}")));
      }
      ++out->other_records;
    }
  }
  if (layout == WarcLayout::kGzipStream) out->bytes += GzipBytes(stream, level);
}

}  // namespace pith::testing
