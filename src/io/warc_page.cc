// An archive record as a page: which records are HTML pages (record type, HTTP status, payload
// type), and the payload with the HTTP transfer and content codings undone (RFC 9112 §7.1
// chunked; RFC 9110 §8.4 gzip, deflate, and br from RFC 7932).
#include <brotli/decode.h>
#include <zlib.h>

#include <algorithm>
#include <memory>

#include "io/warc_stream.h"
#include "pith/warc.h"
#include "text/ascii.h"

namespace pith {
namespace {

using text::IsOwsOrCr;  // header lines are split at LF: the CR of CRLF is trimmed with the OWS
using text::LowerAscii;
using text::Trim;

struct HttpMessage {
  int status = 0;
  std::string content_type, transfer_encoding, content_encoding;  // lower case
  std::size_t body = 0;  // offset of the body in the block
};

// Status line and the headers pith needs. False when the status line cannot be read.
bool ParseHttp(std::string_view block, HttpMessage* m) {
  std::size_t end = block.find("\r\n\r\n");
  std::size_t sep = 4;
  const std::size_t lf = block.substr(0, end).find("\n\n");
  if (lf != std::string_view::npos) {
    end = lf;
    sep = 2;
  }
  m->body = end == std::string_view::npos ? block.size() : end + sep;
  const std::string_view head = block.substr(0, end);
  std::size_t i = 0;
  bool first = true;
  while (i < head.size()) {
    std::size_t nl = head.find('\n', i);
    if (nl == std::string_view::npos) nl = head.size();
    const std::string_view line = Trim(head.substr(i, nl - i), IsOwsOrCr);
    i = nl + 1;
    if (first) {  // "HTTP/1.1 200 OK"
      first = false;
      const std::size_t sp = line.find(' ');
      if (sp == std::string_view::npos || line.size() < sp + 4) return false;
      int status = 0;
      for (std::size_t k = sp + 1; k < sp + 4; ++k) {
        if (line[k] < '0' || line[k] > '9') return false;
        status = status * 10 + (line[k] - '0');
      }
      m->status = status;
      continue;
    }
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string name = LowerAscii(Trim(line.substr(0, colon), IsOwsOrCr));
    const std::string_view value = Trim(line.substr(colon + 1), IsOwsOrCr);
    if (name == "content-type") {
      m->content_type = LowerAscii(value);
    } else if (name == "transfer-encoding") {
      m->transfer_encoding += LowerAscii(value);
    } else if (name == "content-encoding") {
      if (!m->content_encoding.empty()) m->content_encoding += ",";
      m->content_encoding += LowerAscii(value);
    }
  }
  return !first;
}

// "text/html; charset=UTF-8" → media "text/html", charset "utf-8".
void SplitContentType(std::string_view type, std::string* media, std::string* charset) {
  const std::size_t semi = type.find(';');
  *media = LowerAscii(Trim(type.substr(0, semi), IsOwsOrCr));
  charset->clear();
  std::size_t i = semi;
  while (i != std::string_view::npos && i < type.size()) {
    const std::size_t next = type.find(';', i + 1);
    const std::string_view param =
        Trim(type.substr(i + 1, next == std::string_view::npos ? std::string_view::npos : next - i - 1), IsOwsOrCr);
    const std::size_t eq = param.find('=');
    if (eq != std::string_view::npos && LowerAscii(Trim(param.substr(0, eq), IsOwsOrCr)) == "charset") {
      std::string_view v = Trim(param.substr(eq + 1), IsOwsOrCr);
      if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'')) v = v.substr(1, v.size() - 2);
      *charset = LowerAscii(Trim(v, IsOwsOrCr));
    }
    i = next;
  }
}

bool HtmlType(std::string_view media) { return media == "text/html" || media == "application/xhtml+xml"; }

// A type that says nothing: the payload's bytes decide.
bool UntypedMedia(std::string_view media) {
  return media.empty() || media == "unk" || media == "unknown" || media == "no-type" || media == "none";
}

// Without a type: the first kilobyte, lower-cased, opens an HTML document.
bool LooksLikeHtml(std::string_view body) {
  std::string head = LowerAscii(body.substr(0, 1024));
  std::size_t i = 0;
  if (head.starts_with("\xef\xbb\xbf")) i = 3;
  while (i < head.size() && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n')) ++i;
  if (i >= head.size() || head[i] != '<') return false;
  for (const char* tag : {"<!doctype html", "<html", "<head", "<body", "<title", "<meta", "<p>", "<div", "<script"}) {
    if (head.find(tag, i) != std::string::npos) return true;
  }
  return false;
}

// Undoes chunked framing. A body whose first size line is not hex is taken as not chunked (crawlers
// store bodies already de-chunked under the original header). Damage later keeps what was read.
Status Dechunk(std::string_view in, std::string* out) {
  out->clear();
  std::size_t i = 0;
  bool first = true;
  while (i < in.size()) {
    const std::size_t nl = in.find('\n', i);
    if (nl == std::string_view::npos) break;
    std::string_view line = Trim(in.substr(i, nl - i), IsOwsOrCr);
    line = line.substr(0, line.find(';'));
    line = Trim(line, IsOwsOrCr);
    std::uint64_t size = 0;
    bool ok = !line.empty() && line.size() <= 15;
    for (char c : line) {
      const int d = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
      if (d < 0) {
        ok = false;
        break;
      }
      size = size * 16 + static_cast<std::uint64_t>(d);
    }
    if (!ok) {
      if (first) {
        out->assign(in);
        return Status::Ok();
      }
      return Status(StatusCode::kIoError, "chunked body: bad chunk size line at byte " + std::to_string(i));
    }
    first = false;
    i = nl + 1;
    if (size == 0) return Status::Ok();
    if (size > in.size() - i) {
      out->append(in.substr(i));
      return Status(StatusCode::kIoError, "chunked body: a chunk of " + std::to_string(size) + " bytes runs past the end");
    }
    out->append(in.substr(i, static_cast<std::size_t>(size)));
    i += static_cast<std::size_t>(size);
    if (i < in.size() && in[i] == '\r') ++i;
    if (i < in.size() && in[i] == '\n') ++i;
  }
  if (first) {
    out->assign(in);
    return Status::Ok();
  }
  return Status(StatusCode::kIoError, "chunked body ends without its last chunk");
}

Status Inflate(std::string_view in, bool raw, std::size_t max_bytes, std::string* out) {
  z_stream z{};
  if (inflateInit2(&z, raw ? -MAX_WBITS : MAX_WBITS) != Z_OK) return Status(StatusCode::kInternal, "zlib init");
  out->clear();
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  char buf[1 << 16];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_NO_FLUSH);
    out->append(buf, sizeof buf - z.avail_out);
    if (out->size() > max_bytes) {
      inflateEnd(&z);
      out->resize(max_bytes);
      return Status(StatusCode::kTooLarge, "deflate body inflates past " + std::to_string(max_bytes) + " bytes");
    }
    if (rc == Z_BUF_ERROR && z.avail_in == 0) break;  // truncated: keep what inflated
  }
  inflateEnd(&z);
  if (rc != Z_STREAM_END) return Status(StatusCode::kIoError, "deflate body does not inflate");
  return Status::Ok();
}

Status Unbrotli(std::string_view in, std::size_t max_bytes, std::string* out) {
  std::unique_ptr<BrotliDecoderState, void (*)(BrotliDecoderState*)> s(
      BrotliDecoderCreateInstance(nullptr, nullptr, nullptr), BrotliDecoderDestroyInstance);
  out->clear();
  std::size_t avail_in = in.size();
  const auto* next_in = reinterpret_cast<const std::uint8_t*>(in.data());
  std::uint8_t buf[1 << 16];
  while (true) {
    std::size_t avail_out = sizeof buf;
    std::uint8_t* next_out = buf;
    const BrotliDecoderResult r = BrotliDecoderDecompressStream(s.get(), &avail_in, &next_in, &avail_out, &next_out, nullptr);
    out->append(reinterpret_cast<char*>(buf), sizeof buf - avail_out);
    if (out->size() > max_bytes) {
      out->resize(max_bytes);
      return Status(StatusCode::kTooLarge, "br body decodes past " + std::to_string(max_bytes) + " bytes");
    }
    if (r == BROTLI_DECODER_RESULT_SUCCESS) return Status::Ok();
    if (r != BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT) return Status(StatusCode::kIoError, "br body does not decode");
  }
}

// Undoes the content codings in reverse order of application. A body that is plainly not in the
// coding its header names (crawlers often store the decoded body under the original header) is
// taken as it is.
Status Decode(const std::string& encodings, std::size_t max_bytes, std::string* body) {
  std::vector<std::string> list;
  std::size_t i = 0;
  while (i <= encodings.size()) {
    const std::size_t comma = std::min(encodings.find(',', i), encodings.size());
    const std::string e(Trim(std::string_view(encodings).substr(i, comma - i), IsOwsOrCr));
    if (!e.empty() && e != "identity") list.push_back(e);
    i = comma + 1;
  }
  std::string out;
  for (auto it = list.rbegin(); it != list.rend(); ++it) {
    Status s;
    if (*it == "gzip" || *it == "x-gzip") {
      if (io::SniffCompression(*body) != io::Compression::kGzip) continue;
      s = io::InflateGzip(*body, max_bytes, &out);
      if (s.code() == StatusCode::kNotHtml) s = Status(StatusCode::kIoError, s.message());
    } else if (*it == "deflate") {
      const bool zlib_header = body->size() >= 2 && (static_cast<unsigned char>((*body)[0]) & 0x0f) == 8 &&
                               ((static_cast<unsigned char>((*body)[0]) << 8) | static_cast<unsigned char>((*body)[1])) % 31 == 0;
      s = Inflate(*body, !zlib_header, max_bytes, &out);
      if (!s.ok() && s.code() != StatusCode::kTooLarge && LooksLikeHtml(*body)) continue;
    } else if (*it == "br") {
      s = Unbrotli(*body, max_bytes, &out);
      if (!s.ok() && s.code() != StatusCode::kTooLarge && LooksLikeHtml(*body)) continue;
    } else {
      return Status(StatusCode::kIoError, "unknown Content-Encoding \"" + *it + "\"");
    }
    if (!out.empty() || s.ok()) body->swap(out);
    if (!s.ok()) return s;
  }
  return Status::Ok();
}

}  // namespace

const char* WarcSkipName(WarcSkip s) {
  switch (s) {
    case WarcSkip::kNone: return "none";
    case WarcSkip::kRequest: return "request";
    case WarcSkip::kMetadata: return "metadata";
    case WarcSkip::kWarcinfo: return "warcinfo";
    case WarcSkip::kRevisit: return "revisit";
    case WarcSkip::kConversion: return "conversion";
    case WarcSkip::kOtherType: return "other_type";
    case WarcSkip::kNotHtml: return "not_html";
    case WarcSkip::kRedirect: return "redirect";
    case WarcSkip::kErrorStatus: return "error_status";
    case WarcSkip::kOtherStatus: return "other_status";
    case WarcSkip::kEmpty: return "empty";
  }
  return "none";
}

WarcSkip ReadWarcPage(const WarcRecord& rec, const WarcPageOptions& options, WarcPage* page) {
  *page = WarcPage{};
  switch (rec.type) {
    case WarcRecordType::kResponse: case WarcRecordType::kResource: case WarcRecordType::kArcRecord: break;
    case WarcRecordType::kRequest: return WarcSkip::kRequest;
    case WarcRecordType::kWarcinfo: case WarcRecordType::kArcHeader: return WarcSkip::kWarcinfo;
    case WarcRecordType::kMetadata: if (!options.metadata) return WarcSkip::kMetadata; break;
    case WarcRecordType::kRevisit: if (!options.revisit) return WarcSkip::kRevisit; break;
    case WarcRecordType::kConversion: if (!options.conversion) return WarcSkip::kConversion; break;
    default: return WarcSkip::kOtherType;
  }
  page->info.url = rec.target_uri;
  const std::string_view block = rec.block;
  std::string media;
  HttpMessage http;
  // A block typed application/http must hold an HTTP message; a resource's block is the document.
  const bool has_http = rec.content_type.find("application/http") != std::string::npos ||
                        (block.starts_with("HTTP/") && rec.type != WarcRecordType::kResource);
  if (has_http) {
    if (!ParseHttp(block, &http)) return WarcSkip::kOtherStatus;
    page->http_status = http.status;
    if (!options.any_status) {
      if (http.status >= 300 && http.status < 400) return WarcSkip::kRedirect;
      if (http.status >= 400 && http.status < 600) return WarcSkip::kErrorStatus;
      if (http.status < 200 || http.status >= 300) return WarcSkip::kOtherStatus;
    }
    SplitContentType(http.content_type, &media, &page->info.charset);
  } else {
    SplitContentType(rec.content_type, &media, &page->info.charset);
  }
  page->http_content_type = media;
  const std::string_view payload = block.substr(std::min(http.body, block.size()));
  if (payload.empty()) return WarcSkip::kEmpty;
  const bool html = HtmlType(media);
  if (!options.any_type && !html && !UntypedMedia(media)) return WarcSkip::kNotHtml;
  if (http.transfer_encoding.find("chunked") != std::string::npos) {
    page->decode_status = Dechunk(payload, &page->body);
  } else {
    page->body.assign(payload);
  }
  if (page->body.size() > options.max_bytes) {
    page->body.resize(options.max_bytes);
    page->decode_status = Status(StatusCode::kTooLarge, "payload past " + std::to_string(options.max_bytes) + " bytes");
  }
  if (!http.content_encoding.empty()) {
    const Status s = Decode(http.content_encoding, options.max_bytes, &page->body);
    if (!s.ok() && page->decode_status.ok()) page->decode_status = s;
  }
  if (!options.any_type && !html && !LooksLikeHtml(page->body)) return WarcSkip::kNotHtml;
  if (page->body.empty()) return WarcSkip::kEmpty;
  return WarcSkip::kNone;
}

}  // namespace pith
