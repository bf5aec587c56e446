// The WARC/ARC record reader: frames records in the decompressed stream (io/warc_stream.h).
//
// WARC 1.0/1.1 (ISO 28500): a record is "WARC/1.x" CRLF, named fields, CRLF, a block of exactly
// Content-Length bytes, CRLF CRLF. ARC v1/v2 (the Internet Archive's format): a header line "URL IP
// DATE TYPE [v2: status checksum location offset filename] LENGTH", LF, LENGTH bytes, LF; the first
// record (filedesc://) names the version. The URL of a v1 header may hold spaces, so its fields are
// read from the right.
//
// Damage handling: a record is believed when the bytes after its block are blank lines and then
// another record (or the end). When they are not, Content-Length is wrong: a record start inside the
// block (or a gzip member starting with "WARC/" there) cuts the block; otherwise the bytes up to the
// next record start are skipped. Either way the record comes back as a kContentLength error record.
#include "pith/warc.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

#include "io/warc_stream.h"
#include "text/ascii.h"

namespace pith {
namespace {

constexpr std::size_t kMaxHeaderBytes = 1 << 20;  // a WARC header block longer than this is broken
constexpr std::size_t kMaxArcLine = 1 << 14;
constexpr std::size_t kFillChunk = 1 << 18;

using text::EqualsIgnoreAsciiCase;
using text::IsOwsOrCr;  // header lines are split at LF: the CR of CRLF is trimmed with the OWS
using text::Trim;

bool ParseLength(std::string_view s, std::uint64_t* out) {
  s = Trim(s, IsOwsOrCr);
  if (s.empty() || s.size() > 18) return false;
  std::uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<std::uint64_t>(c - '0');
  }
  *out = v;
  return true;
}

bool AllDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::vector<std::string_view> SplitSpaces(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

// An ARC header line: a URL with a scheme, then (read from the right) a 12-to-18-digit date where v1
// (field n-3) or v2 (field n-8) puts it. The length field is not checked, so that a record with a
// broken length is still found as a record.
bool LooksLikeArcHeader(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::size_t colon = 0;
  while (colon < line.size() && colon < 16 &&
         ((line[colon] >= 'a' && line[colon] <= 'z') || (line[colon] >= 'A' && line[colon] <= 'Z') ||
          (colon > 0 && (line[colon] == '+' || line[colon] == '-' || line[colon] == '.')))) {
    ++colon;
  }
  if (colon == 0 || colon >= line.size() || line[colon] != ':') return false;
  const std::vector<std::string_view> f = SplitSpaces(line);
  auto date_at = [&](std::size_t from_right) {
    if (f.size() < from_right + 2) return false;
    const std::string_view d = f[f.size() - 1 - from_right];
    return AllDigits(d) && d.size() >= 12 && d.size() <= 18;
  };
  return f.size() >= 5 && (date_at(2) || date_at(7));
}

// "20140216050221" → "2014-02-16T05:02:21Z"; other values stay as they are.
std::string ArcDate(std::string_view d) {
  if (d.size() < 14 || !AllDigits(d.substr(0, 14))) return std::string(d);
  return std::string(d.substr(0, 4)) + "-" + std::string(d.substr(4, 2)) + "-" + std::string(d.substr(6, 2)) + "T" +
         std::string(d.substr(8, 2)) + ":" + std::string(d.substr(10, 2)) + ":" + std::string(d.substr(12, 2)) + "Z";
}

WarcRecordType TypeOf(std::string_view name) {
  struct Entry {
    std::string_view name;
    WarcRecordType type;
  };
  static constexpr Entry kTypes[] = {
      {"response", WarcRecordType::kResponse},   {"resource", WarcRecordType::kResource},
      {"request", WarcRecordType::kRequest},     {"metadata", WarcRecordType::kMetadata},
      {"revisit", WarcRecordType::kRevisit},     {"warcinfo", WarcRecordType::kWarcinfo},
      {"conversion", WarcRecordType::kConversion}, {"continuation", WarcRecordType::kContinuation},
  };
  for (const Entry& e : kTypes) {
    if (EqualsIgnoreAsciiCase(e.name, name)) return e.type;
  }
  return WarcRecordType::kOther;
}

}  // namespace

const char* WarcRecordTypeName(WarcRecordType t) {
  switch (t) {
    case WarcRecordType::kWarcinfo: return "warcinfo";
    case WarcRecordType::kResponse: return "response";
    case WarcRecordType::kResource: return "resource";
    case WarcRecordType::kRequest: return "request";
    case WarcRecordType::kMetadata: return "metadata";
    case WarcRecordType::kRevisit: return "revisit";
    case WarcRecordType::kConversion: return "conversion";
    case WarcRecordType::kContinuation: return "continuation";
    case WarcRecordType::kArcHeader: return "arc_header";
    case WarcRecordType::kArcRecord: return "arc_response";
    case WarcRecordType::kOther: return "other";
    case WarcRecordType::kUnknown: return "unknown";
  }
  return "unknown";
}

const char* WarcErrorName(WarcError e) {
  switch (e) {
    case WarcError::kNone: return "none";
    case WarcError::kGzip: return "gzip_error";
    case WarcError::kZstd: return "zstd_error";
    case WarcError::kGarbage: return "garbage";
    case WarcError::kBadHeader: return "bad_header";
    case WarcError::kContentLength: return "content_length";
    case WarcError::kTruncated: return "truncated_record";
    case WarcError::kTooLarge: return "record_too_large";
    case WarcError::kIo: return "io_error";
  }
  return "none";
}

std::string_view WarcRecord::Header(std::string_view name) const {
  for (const auto& [k, v] : headers) {
    if (EqualsIgnoreAsciiCase(k, name)) return v;
  }
  return {};
}

struct WarcReader::Impl {
  Impl(int fd, bool owns, const WarcReaderOptions& o, std::string prefix)
      : options(o), fd(fd), owns_fd(owns), stream(fd, std::move(prefix)) {}
  ~Impl() {
    if (owns_fd && fd >= 0) close(fd);
  }

  WarcReaderOptions options;
  int fd;
  bool owns_fd;
  io::DecompressedStream stream;
  std::string buf;        // decompressed bytes [base, base + buf.size())
  std::size_t pos = 0;    // next unread byte in buf
  std::uint64_t base = 0;
  int arc_version = 1;

  std::uint64_t Abs(std::size_t i) const { return base + i; }

  // Drops the bytes before pos (nothing before pos is needed any more).
  void Compact() {
    if (pos == 0 || (pos < kFillChunk && pos * 2 < buf.size())) return;
    buf.erase(0, pos);
    base += pos;
    pos = 0;
    stream.ForgetBefore(base);
  }

  // Makes buf hold at least `n` bytes from `at` (an index); false if the stream ends or breaks first.
  bool Need(std::size_t at, std::size_t n) {
    while (buf.size() < at + n) {
      if (stream.at_break()) return false;
      const std::size_t want = std::max(at + n - buf.size(), kFillChunk);
      if (stream.Fill(&buf, want) == 0) return false;
    }
    return true;
  }

  // Index of `needle` at or after `from`, before `limit` bytes past `from`; npos when the stream
  // ends (or breaks, or the limit is passed) first.
  std::size_t Find(std::string_view needle, std::size_t from, std::size_t limit) {
    std::size_t scanned = from;
    while (true) {
      const std::size_t i = std::string_view(buf).find(needle, scanned);
      if (i != std::string_view::npos && i - from <= limit) return i;
      if (buf.size() - from > limit) return std::string_view::npos;
      scanned = buf.size() >= needle.size() ? std::max(from, buf.size() - needle.size() + 1) : from;
      if (!Need(buf.size(), 1)) return std::string_view::npos;
    }
  }

  // Whether a record starts at index i (WARC version line, or an ARC header line).
  bool RecordStartsAt(std::size_t i) {
    Need(i, 8);
    const std::string_view s = std::string_view(buf).substr(i);
    if (s.starts_with("WARC/1.") || s.starts_with("WARC/0.")) return true;
    if (s.empty() || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return false;
    const std::size_t nl = Find("\n", i, kMaxArcLine);
    if (nl == std::string_view::npos) return false;
    return LooksLikeArcHeader(std::string_view(buf).substr(i, nl - i));
  }

  // Skips forward from index `from` (inside a line) to the next line or gzip member that starts a
  // record, discarding the bytes passed (memory stays bounded). Returns how many bytes were skipped;
  // pos is left at the record start, or at the end of the stream.
  std::uint64_t SkipToRecordStart(std::size_t from) {
    const std::uint64_t start = Abs(from);
    std::size_t i = from;  // candidates are after i
    while (true) {
      while (i < buf.size()) {
        const std::size_t nl = buf.find('\n', i);
        const std::uint64_t member = stream.NextMemberAfter(Abs(i));
        const std::size_t line = nl == std::string::npos ? buf.size() : nl + 1;
        const std::size_t next = member < Abs(line) ? static_cast<std::size_t>(member - base) : line;
        if (next >= buf.size()) {
          i = buf.size();
          break;
        }
        if (RecordStartsAt(next)) {
          pos = next;
          return Abs(next) - start;
        }
        i = next;
      }
      // Nothing before the last byte is needed any more; the last one may end a line.
      pos = buf.empty() ? 0 : buf.size() - 1;
      Compact();
      i = pos;
      pos = buf.size();
      if (!Need(buf.size(), 1)) return Abs(pos) - start;
    }
  }

  // Skips `n` bytes from pos without keeping them (a block past max_record_bytes). Returns how
  // many were there; stops early, setting *cut, at a gzip member that starts a record (the length
  // was wrong, not the block huge).
  std::uint64_t Discard(std::uint64_t n, bool* cut) {
    std::uint64_t done = 0;
    *cut = false;
    const std::uint64_t first = Abs(pos);  // the block's start: a member starting there is its own
    while (done < n) {
      if (pos == buf.size()) {
        buf.clear();
        base += pos;
        pos = 0;
        stream.ForgetBefore(base);
        if (!Need(0, 1)) break;
      }
      // A member starting here (it may have just been read) that opens a record ends the skip.
      if (Abs(pos) > first && stream.NextMemberAfter(Abs(pos) - 1) == Abs(pos) && RecordStartsAt(pos)) {
        *cut = true;
        break;
      }
      std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(n - done, buf.size() - pos));
      const std::uint64_t member = stream.NextMemberAfter(Abs(pos));
      if (member < Abs(pos + k)) k = static_cast<std::size_t>(member - Abs(pos));
      pos += k;
      done += k;
    }
    return done;
  }

  // Skips blank lines between records.
  void SkipBlank() {
    while (true) {
      while (pos < buf.size() && (buf[pos] == '\r' || buf[pos] == '\n')) ++pos;
      if (pos < buf.size()) return;
      Compact();
      if (!Need(pos, 1)) return;
    }
  }

  // The stream ended inside the record being read: the break's error, or kTruncated.
  void EndedInside(WarcRecord* out, const std::string& what) {
    if (stream.at_break()) {
      const io::StreamBreak b = stream.TakeBreak();
      out->error = b.kind;
      out->message = b.message + " (at byte " + std::to_string(b.offset) + "); " + what;
    } else {
      out->error = WarcError::kTruncated;
      out->message = "the file ends inside the record: " + what;
    }
    pos = buf.size();
  }

  // Whether a block ending at `end` ends where its record should: at the record's closing CRLF CRLF
  // (ARC: LF), or at blank lines and then a record or the end of the stream. Garbage after a
  // closing CRLF CRLF is the next Next()'s business, not this record's.
  bool BlockEndsWell(std::size_t end, bool arc) {
    Need(end, 4);
    const std::string_view after = std::string_view(buf).substr(end, 4);
    if (after == "\r\n\r\n" || (arc && after.starts_with("\n"))) return true;
    std::size_t i = end;
    while (true) {
      if (!Need(i, 1)) return true;  // the end of the stream (or a break) may follow a block
      if ((buf[i] != '\r' && buf[i] != '\n') || i - end >= 64) break;
      ++i;
    }
    return RecordStartsAt(i);
  }

  // The block [block_start, block_start + length) did not end well: cut it at a record start
  // inside it, or skip what follows it up to the next record. Fills the error record.
  void WrongLength(std::size_t block_start, std::uint64_t length, WarcRecord* out) {
    const std::size_t end = block_start + static_cast<std::size_t>(length);
    // A gzip member starting inside the block with a record: the block ends there.
    const std::uint64_t member = stream.NextMemberAfter(Abs(block_start));
    if (member != UINT64_MAX && member < Abs(end) && RecordStartsAt(static_cast<std::size_t>(member - base))) {
      const std::size_t cut = static_cast<std::size_t>(member - base);
      out->block.assign(buf, block_start, cut - block_start);
      out->error = WarcError::kContentLength;
      out->message = "Content-Length " + std::to_string(length) + " runs past the next record (a gzip member at byte " +
                     std::to_string(stream.OffsetOf(member)) + "); the block is " + std::to_string(cut - block_start) + " bytes";
      pos = cut;
      return;
    }
    for (std::size_t i = buf.find('\n', block_start); i != std::string::npos && i + 1 < end; i = buf.find('\n', i + 1)) {
      if (RecordStartsAt(i + 1)) {
        std::size_t cut = i + 1;
        std::size_t block_end = cut;
        while (block_end > block_start && (buf[block_end - 1] == '\n' || buf[block_end - 1] == '\r') && cut - block_end < 4) --block_end;
        out->block.assign(buf, block_start, block_end - block_start);
        out->error = WarcError::kContentLength;
        out->message = "Content-Length " + std::to_string(length) + " runs past the next record, which starts " +
                       std::to_string(block_end - block_start) + " bytes into the block";
        pos = cut;
        return;
      }
    }
    out->block.assign(buf, block_start, static_cast<std::size_t>(length));
    const std::uint64_t extra = SkipToRecordStart(end);
    out->error = WarcError::kContentLength;
    out->message = "Content-Length " + std::to_string(length) + " ends " + std::to_string(extra) +
                   " bytes before the next record";
  }

  bool ReadBlock(std::size_t block_start, std::uint64_t length, bool arc, WarcRecord* out) {
    if (length > options.max_record_bytes) {
      pos = block_start;
      bool cut = false;
      const std::uint64_t got = Discard(length, &cut);
      out->error = cut ? WarcError::kContentLength : WarcError::kTooLarge;
      out->message = "block of " + std::to_string(length) + " bytes is past the limit of " +
                     std::to_string(options.max_record_bytes) +
                     (cut ? "; a record starts " + std::to_string(got) + " bytes into it (a gzip member)"
                          : got < length ? " (and the file ends inside it)" : "");
      if (!cut && got < length && stream.at_break()) stream.TakeBreak();
      return true;
    }
    const std::size_t n = static_cast<std::size_t>(length);
    if (!Need(block_start, n)) {
      const std::size_t have = buf.size() - block_start;
      out->block.assign(buf, block_start, have);
      EndedInside(out, std::to_string(have) + " of " + std::to_string(length) + " block bytes");
      return true;
    }
    if (!BlockEndsWell(block_start + n, arc)) {
      WrongLength(block_start, length, out);
      return true;
    }
    out->block.assign(buf, block_start, n);
    pos = block_start + n;
    return true;
  }

  bool ReadWarc(WarcRecord* out) {
    const std::size_t start = pos;
    std::size_t end = Find("\r\n\r\n", start, kMaxHeaderBytes);
    std::size_t sep = 4;
    const std::size_t lf_end = std::string_view(buf).substr(start, end == std::string_view::npos ? std::string::npos : end - start).find("\n\n");
    if (lf_end != std::string_view::npos) {  // LF-only line ends (written by hand, or by broken tools)
      end = start + lf_end;
      sep = 2;
    }
    if (end == std::string_view::npos) {
      if (buf.size() - start > kMaxHeaderBytes) {
        out->error = WarcError::kBadHeader;
        out->message = "no end of the header within " + std::to_string(kMaxHeaderBytes) + " bytes";
        SkipToRecordStart(start + 5);
        return true;
      }
      EndedInside(out, "in the header");
      return true;
    }
    const std::string_view head = std::string_view(buf).substr(start, end - start);
    std::size_t line_start = 0;
    bool first = true;
    std::uint64_t length = 0;
    bool have_length = false;
    while (line_start <= head.size()) {
      std::size_t nl = head.find('\n', line_start);
      if (nl == std::string_view::npos) nl = head.size();
      const std::string_view line = Trim(head.substr(line_start, nl - line_start), IsOwsOrCr);
      const bool continuation = line_start < head.size() && (head[line_start] == ' ' || head[line_start] == '\t');
      line_start = nl + 1;
      if (first) {
        out->version = std::string(line);
        first = false;
        continue;
      }
      if (continuation && !out->headers.empty()) {
        out->headers.back().second += " ";
        out->headers.back().second += line;
        continue;
      }
      const std::size_t colon = line.find(':');
      if (colon == std::string_view::npos) continue;
      out->headers.emplace_back(std::string(Trim(line.substr(0, colon), IsOwsOrCr)),
                                std::string(Trim(line.substr(colon + 1), IsOwsOrCr)));
    }
    for (const auto& [k, v] : out->headers) {
      if (EqualsIgnoreAsciiCase(k, "WARC-Type")) {
        out->type_name = v;
        out->type = TypeOf(v);
      } else if (EqualsIgnoreAsciiCase(k, "WARC-Target-URI")) {
        std::string_view u = v;
        if (u.size() >= 2 && u.front() == '<' && u.back() == '>') u = u.substr(1, u.size() - 2);
        out->target_uri = std::string(u);
      } else if (EqualsIgnoreAsciiCase(k, "WARC-Record-ID")) {
        out->record_id = v;
      } else if (EqualsIgnoreAsciiCase(k, "WARC-Date")) {
        out->date = v;
      } else if (EqualsIgnoreAsciiCase(k, "WARC-Truncated")) {
        out->truncated = v;
      } else if (EqualsIgnoreAsciiCase(k, "Content-Type")) {
        out->content_type = v;
      } else if (EqualsIgnoreAsciiCase(k, "Content-Length")) {
        have_length = ParseLength(v, &length);
      }
    }
    if (out->type_name.empty()) out->type = WarcRecordType::kOther;
    if (!have_length) {
      out->error = WarcError::kBadHeader;
      out->message = "the header has no valid Content-Length";
      SkipToRecordStart(end + sep);
      return true;
    }
    return ReadBlock(end + sep, length, false, out);
  }

  bool ReadArc(WarcRecord* out) {
    const std::size_t start = pos;
    const std::size_t nl = Find("\n", start, kMaxArcLine);
    std::string_view line = std::string_view(buf).substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::vector<std::string_view> f = SplitSpaces(line);
    out->version = "ARC/" + std::to_string(arc_version);
    const bool v2 = arc_version == 2 && f.size() >= 10;
    const std::size_t rest = v2 ? 9 : 4;  // fields after the URL
    const std::size_t url_fields = f.size() - rest;
    const std::string_view url(f[0].data(), static_cast<std::size_t>(f[url_fields - 1].data() + f[url_fields - 1].size() - f[0].data()));
    out->target_uri = std::string(url);
    out->date = ArcDate(f[url_fields + 1]);
    out->content_type = std::string(f[url_fields + 2]);
    out->headers = {{"URL", out->target_uri}, {"IP-address", std::string(f[url_fields])},
                    {"Archive-date", std::string(f[url_fields + 1])}, {"Content-type", out->content_type},
                    {"Archive-length", std::string(f.back())}};
    const bool header = url.starts_with("filedesc:");
    out->type = header ? WarcRecordType::kArcHeader : WarcRecordType::kArcRecord;
    out->type_name = WarcRecordTypeName(out->type);
    std::uint64_t length = 0;
    if (!ParseLength(f.back(), &length)) {
      out->error = WarcError::kBadHeader;
      out->message = "ARC length \"" + std::string(f.back()) + "\" is not a number";
      SkipToRecordStart(nl + 1);
      return true;
    }
    ReadBlock(nl + 1, length, true, out);
    if (header && out->error == WarcError::kNone && out->block.size() >= 2 && out->block[0] == '2' && out->block[1] == ' ') {
      arc_version = 2;
    }
    return true;
  }

  bool Next(WarcRecord* out) {
    *out = WarcRecord{};
    Compact();
    SkipBlank();
    if (pos == buf.size()) {
      if (!stream.at_break()) return false;
      const io::StreamBreak b = stream.TakeBreak();
      out->offset = b.offset;
      out->error = b.kind;
      out->message = b.message;
      return true;
    }
    out->offset = stream.OffsetOf(Abs(pos));
    Need(pos, 8);
    const std::string_view s = std::string_view(buf).substr(pos);
    if (s.starts_with("WARC/")) return ReadWarc(out);
    if (RecordStartsAt(pos)) return ReadArc(out);
    const std::uint64_t skipped = SkipToRecordStart(pos + 1) + 1;
    out->error = WarcError::kGarbage;
    out->message = std::to_string(skipped) + " bytes that start no record";
    return true;
  }
};

// WarcReaderOptions::read_ahead: a thread runs Impl::Next into a bounded queue that Next empties.
class WarcReader::ReadAhead {
 public:
  ReadAhead(Impl* impl, std::size_t capacity) : impl_(impl), capacity_(capacity) {
    thread_ = std::thread([this] { Run(); });
  }
  ~ReadAhead() {
    {
      const std::lock_guard lock(mu_);
      stop_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }

  bool Next(WarcRecord* out) {
    std::unique_lock lock(mu_);
    changed_.wait(lock, [&] { return !queue_.empty() || done_; });
    if (queue_.empty()) return false;
    *out = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    changed_.notify_all();
    return true;
  }
  std::uint64_t bytes_read() const { return bytes_read_.load(std::memory_order_relaxed); }
  io::Compression compression() const { return compression_.load(std::memory_order_relaxed); }

 private:
  void Run() {
    WarcRecord record;
    for (;;) {
      const bool more = impl_->Next(&record);
      bytes_read_.store(impl_->stream.bytes_read(), std::memory_order_relaxed);
      compression_.store(impl_->stream.compression(), std::memory_order_relaxed);
      std::unique_lock lock(mu_);
      if (!more) {
        done_ = true;
        lock.unlock();
        changed_.notify_all();
        return;
      }
      changed_.wait(lock, [&] { return queue_.size() < capacity_ || stop_; });
      if (stop_) return;
      queue_.push_back(std::move(record));
      lock.unlock();
      changed_.notify_all();
      record = WarcRecord();
    }
  }

  Impl* const impl_;
  const std::size_t capacity_;
  std::mutex mu_;
  std::condition_variable changed_;  // the queue or the flags changed
  std::deque<WarcRecord> queue_;
  bool done_ = false, stop_ = false;
  std::atomic<std::uint64_t> bytes_read_{0};
  std::atomic<io::Compression> compression_{io::Compression::kPlain};
  std::thread thread_;  // last: started once the members it uses exist
};

WarcReader::WarcReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {
  if (impl_->owns_fd && impl_->options.read_ahead > 0) {
    ahead_ = std::make_unique<ReadAhead>(impl_.get(), impl_->options.read_ahead);
  }
}
WarcReader::~WarcReader() { ahead_.reset(); }  // (the thread stops before the reader it reads)

std::unique_ptr<WarcReader> WarcReader::Open(const std::string& path, const WarcReaderOptions& options, Status* status) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (status) *status = Status(StatusCode::kIoError, path + ": " + std::strerror(errno));
    return nullptr;
  }
  if (status) *status = Status::Ok();
  return std::unique_ptr<WarcReader>(new WarcReader(std::make_unique<Impl>(fd, true, options, std::string())));
}

std::unique_ptr<WarcReader> WarcReader::OpenFd(int fd, const WarcReaderOptions& options, std::string prefix) {
  return std::unique_ptr<WarcReader>(new WarcReader(std::make_unique<Impl>(fd, false, options, std::move(prefix))));
}

bool WarcReader::Next(WarcRecord* out) { return ahead_ ? ahead_->Next(out) : impl_->Next(out); }

std::uint64_t WarcReader::bytes_read() const { return ahead_ ? ahead_->bytes_read() : impl_->stream.bytes_read(); }

std::string_view WarcReader::compression() const {
  switch (ahead_ ? ahead_->compression() : impl_->stream.compression()) {
    case io::Compression::kGzip: return "gzip";
    case io::Compression::kZstd: return "zstd";
    case io::Compression::kPlain: return "plain";
  }
  return "plain";
}

}  // namespace pith
