// pith/warc.h — reading web archives: WARC 1.0/1.1 and ARC v1 files, plain, gzip (one member per
// record, or the whole file as one stream) or zstd (.warc.zst, with or without a dictionary frame).
//
//   #include "pith/warc.h"
//
//   pith::Status status;
//   auto reader = pith::WarcReader::Open("crawl.warc.gz", {}, &status);   // or OpenFd(0, ...) for stdin
//   if (!reader) { std::cerr << status.ToString(); return; }
//   pith::WarcRecord rec;
//   while (reader->Next(&rec)) {
//     if (rec.error != pith::WarcError::kNone) { /* damage at rec.offset: rec.message */ continue; }
//     pith::WarcPage page;
//     if (pith::ReadWarcPage(rec, {}, &page) != pith::WarcSkip::kNone) continue;  // not an HTML 2xx response
//     pith::Result r = extractor.Extract(page.body, page.info);
//   }
//
// Streaming: memory is bounded by the largest record in flight (each record's block is capped at
// WarcReaderOptions::max_record_bytes), never by the file. Damage never stops the reader: a broken
// gzip member, a wrong Content-Length, garbage between records or a truncated last record each
// come back as one record whose `error` says what was wrong and where (`offset`), and the reader
// resynchronises on the next record. Every byte of the file is accounted for by some record.
// No exceptions; errors are values. One reader is used by one thread at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pith/export.h"
#include "pith/pith.h"
#include "pith/status.h"

namespace pith {

enum class WarcRecordType : std::uint8_t {
  kWarcinfo, kResponse, kResource, kRequest, kMetadata, kRevisit, kConversion, kContinuation,
  kArcHeader,  // an ARC file's first record (filedesc://)
  kArcRecord,  // any other ARC record: a capture (HTTP response with headers, or a plain document)
  kOther,      // a WARC-Type pith does not know (kept by name in WarcRecord::type_name)
  kUnknown,    // an error record: no record could be read at this offset
};
PITH_API const char* WarcRecordTypeName(WarcRecordType t);  // "response", "arc_header", ...

// What was wrong, for a record the reader could not read whole. kNone for a good record.
enum class WarcError : std::uint8_t {
  kNone,
  kGzip,           // a gzip member that does not inflate (the reader skips to the next member)
  kZstd,           // a zstd frame that does not decompress
  kGarbage,        // bytes between records that start no record (skipped up to the next record)
  kBadHeader,      // a record header without a usable Content-Length or with broken lines
  kContentLength,  // the block does not end where Content-Length says (the next record starts
                   // earlier, or no record follows where it should)
  kTruncated,      // the file ends inside this record
  kTooLarge,       // the block is past max_record_bytes (a gzip bomb, a huge capture): skipped
                   // as it is read, never held
  kIo,             // reading the file failed
};
PITH_API const char* WarcErrorName(WarcError e);  // "gzip_error", "garbage", "content_length", ...

struct WarcReaderOptions {
  // A record's block is kept up to this many bytes; a longer one becomes a kTooLarge error
  // record and is skipped by streaming past it (memory stays bounded).
  std::size_t max_record_bytes = 64u << 20;
  // For a file opened with Open: up to this many records are read (and inflated) ahead on a thread
  // of the reader's own, so that reading runs beside the threads extracting the records read
  // before; 0 reads each record in Next. Memory grows by the records held ahead. Next still
  // returns every record in file order; bytes_read() and compression() are then as of the last
  // record read ahead. (Not for OpenFd: a pipe that never ends would keep the thread, and so the
  // reader's destructor, waiting.)
  std::size_t read_ahead = 0;
};

struct PITH_API WarcRecord {
  std::uint64_t offset = 0;  // where the record starts in the file: for gzip and zstd files the
                             // offset of the compressed member/frame holding its first byte
  WarcRecordType type = WarcRecordType::kUnknown;
  std::string type_name;     // the WARC-Type as written ("response"), "arc_header"/"arc" for ARC
  std::string version;       // "WARC/1.0", "WARC/1.1", "ARC/1"
  std::vector<std::pair<std::string, std::string>> headers;  // every WARC header, in order
  std::string target_uri;    // WARC-Target-URI (ARC: the URL field), '<' '>' around it removed
  std::string record_id;     // WARC-Record-ID
  std::string date;          // WARC-Date (ARC: its 14-digit date as ISO 8601)
  std::string truncated;     // WARC-Truncated ("length", "time", ...; "" when whole)
  std::string content_type;  // the record's Content-Type ("application/http; msgtype=response")
  std::string block;         // the record's block as stored (HTTP headers and body for a response)
  WarcError error = WarcError::kNone;
  std::string message;       // what was wrong, for an error record

  // The value of a WARC header (case-insensitive name), "" when absent.
  std::string_view Header(std::string_view name) const;
};

class PITH_API WarcReader {
 public:
  // Opens a file; the format (WARC or ARC; plain, gzip or zstd) is sniffed from its bytes. On
  // failure returns null and sets *status (kIoError).
  static std::unique_ptr<WarcReader> Open(const std::string& path, const WarcReaderOptions& options,
                                          Status* status);
  // Reads from a file descriptor (stdin: 0), which the reader does not close. `prefix` holds
  // bytes already read from it (by a caller that sniffed them), read first.
  static std::unique_ptr<WarcReader> OpenFd(int fd, const WarcReaderOptions& options, std::string prefix = {});
  ~WarcReader();
  WarcReader(const WarcReader&) = delete;
  WarcReader& operator=(const WarcReader&) = delete;

  // The next record (or error record) into *out; false at the end of the file.
  bool Next(WarcRecord* out);
  // Bytes read from the file so far (compressed bytes for a compressed file), for progress.
  std::uint64_t bytes_read() const;
  // "warc", "arc" (after the first record), and the compression: "plain", "gzip", "zstd".
  std::string_view compression() const;

 private:
  struct Impl;
  class ReadAhead;
  explicit WarcReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<ReadAhead> ahead_;  // with WarcReaderOptions::read_ahead
};

// Why a record is not extracted (kNone: it is an HTML page).
enum class WarcSkip : std::uint8_t {
  kNone,
  kRequest, kMetadata, kWarcinfo, kRevisit, kConversion, kOtherType,  // by WARC-Type
  kNotHtml,      // the payload's type is not text/html or application/xhtml+xml (or, without a
                 // type, its bytes do not look like HTML)
  kRedirect,     // HTTP 3xx
  kErrorStatus,  // HTTP 4xx, 5xx
  kOtherStatus,  // HTTP 1xx, or a status line pith cannot read
  kEmpty,        // no payload
};
PITH_API const char* WarcSkipName(WarcSkip s);  // "request", "not_html", "redirect", ...

struct WarcPageOptions {
  bool any_status = false;  // extract whatever the HTTP status (default: 2xx only)
  bool any_type = false;    // extract whatever the payload's type (default: HTML-like only)
  // Also extract these record types (default: response, resource and ARC captures only).
  bool metadata = false, revisit = false, conversion = false;
  std::size_t max_bytes = 64u << 20;  // a payload that inflates past this is cut (and marked)
};

// An archive record as a page for Extractor::Extract.
struct WarcPage {
  std::string body;       // the HTTP payload, Transfer-Encoding and Content-Encoding undone
  PageInfo info;          // url = target URI, charset = the HTTP Content-Type's charset
  int http_status = 0;    // 0 when the record holds no HTTP message (a resource, an ARC document)
  std::string http_content_type;  // the payload's type, lower case, parameters removed
  Status decode_status;   // not ok when the chunked framing or the Content-Encoding was broken
                          // (kIoError), or the payload inflated past max_bytes (kTooLarge); `body`
                          // then holds what could be read
};

// Classifies `rec` and, for a page to extract, fills *page. Returns why the record is skipped, or
// kNone. An error record (rec.error != kNone) is never a page: callers handle it first.
PITH_API WarcSkip ReadWarcPage(const WarcRecord& rec, const WarcPageOptions& options, WarcPage* page);

}  // namespace pith
