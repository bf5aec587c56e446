// `pith extract` over web archives (warc_cmd.h): records in file order, -j N workers, progress on a
// terminal, a summary whose counts add up (records = extracted + skipped + errors).
#include "warc_cmd.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include <nlohmann/json.hpp>

#include "batch/records.h"
#include "commands.h"
#include "io/archive_input.h"
#include "io/ordered_pool.h"
#include "io/warc_stream.h"
#include "io/wet_writer.h"
#include "pith/pith.h"
#include "pith/warc.h"
#include "render/formats.h"

namespace pith::cli {
namespace {

// stdin's first bytes are read once and kept (a pipe cannot be read twice).
constexpr std::size_t kSniffBytes = 1 << 16;

// Bytes IsArchive read from stdin (read(2) on fd 0, never stdio, so nothing is buffered elsewhere).
std::string g_stdin_prefix;
bool g_stdin_sniffed = false;

// Reads from fd 0 until `limit` bytes are in *out or the input ends.
void ReadStdin(std::size_t limit, std::string* out) {
  char buf[1 << 16];
  while (out->size() < limit) {
    const ssize_t n = read(0, buf, std::min(sizeof buf, limit - out->size()));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out->append(buf, static_cast<std::size_t>(n));
  }
}

std::string NowIso() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

using batch::Counts;

struct Task {
  WarcRecord rec;
  std::uint64_t bytes_read = 0;
};

struct Outcome {
  std::string rendered;   // what goes to the output
  std::string category;   // "ok", "no_content", "skip:<reason>", "error:<kind>"
  std::string complaint;  // for stderr (errors)
  std::uint64_t bytes_read = 0;
};

class Batch {
 public:
  Batch(const ArchiveOutput& out, const ArchiveArgs& args, const Options& options)
      : out_(out),
        args_(args),
        options_(options),
        extractor_(options),
        page_options_(batch::MakeWarcPageOptions(args.status, args.types, args.payload, options.max_input_bytes)) {
    progress_ = isatty(2) && !args.no_progress;
  }

  int Run(const std::vector<io::InputItem>& items) {
    bool any_failed = false;
    if (!out_.out_dir.empty() && !MakeFolder(out_.out_dir, "output folder")) return kExitFatal;
    std::ostream* sink = &std::cout;
    std::ofstream file;
    if (out_.format == "wet" && out_.out_dir.empty()) std::cout << io::WetInfoRecord("stdout.warc.wet", NowIso());
    for (const io::InputItem& item : items) {
      Counts counts;
      const bool archive = IsArchive(item, args_);
      if (!out_.out_dir.empty()) {
        const std::string path = OutputPath(item);
        file = std::ofstream(path, std::ios::binary);
        if (!file) {
          std::cerr << "pith: cannot write " << path << "\n";
          return kExitFatal;
        }
        sink = &file;
        if (out_.format == "wet") {
          *sink << io::GzipMember(io::WetInfoRecord(std::filesystem::path(path).filename().string(), NowIso()));
        }
      }
      if (archive) {
        RunArchive(item, *sink, &counts);
      } else {
        Outcome o = DoPage(item);
        Emit(item, o, *sink, &counts, 0);
      }
      if (!out_.out_dir.empty()) {
        file.close();
        if (!file) any_failed = true;
      }
      if (counts.errors_total() > 0) any_failed = true;
      if (archive) std::cerr << "pith: " << item.name << ": " << counts.Line() << "\n";
      per_input_.push_back({{"input", item.name}, {"counts", counts.Json()}});
      total_.Add(counts);
    }
    if (items.size() > 1) std::cerr << "pith: total: " << total_.Line() << "\n";
    if (!args_.summary.empty()) {
      std::ofstream s(args_.summary, std::ios::binary);
      s << render::DumpJson({{"inputs", per_input_}, {"total", total_.Json()}}, 2) << "\n";
      if (!s) {
        std::cerr << "pith: cannot write " << args_.summary << "\n";
        return kExitFatal;
      }
    }
    std::cout.flush();
    return any_failed ? kExitSomeFailed : kExitOk;
  }

 private:
  std::string OutputPath(const io::InputItem& item) {
    std::string stem = io::ArchiveStem(item);
    const int n = ++stems_used_[stem];
    if (n > 1) stem += "-" + std::to_string(n);
    const std::string ext = out_.format == "wet" ? ".warc.wet.gz" : render::FileExtension(out_.format);
    return out_.out_dir + "/" + stem + ext;
  }

  void RunArchive(const io::InputItem& item, std::ostream& sink, Counts* counts) {
    WarcReaderOptions ro;
    ro.max_record_bytes = options_.max_input_bytes;
    std::unique_ptr<WarcReader> reader;
    std::uint64_t size = 0;
    if (item.path.empty()) {
      if (!g_stdin_sniffed) {
        ReadStdin(kSniffBytes, &g_stdin_prefix);
        g_stdin_sniffed = true;
      }
      reader = WarcReader::OpenFd(0, ro, std::move(g_stdin_prefix));
      g_stdin_prefix.clear();
    } else {
      Status s;
      reader = WarcReader::Open(item.path, ro, &s);
      if (!reader) {
        Outcome o{render::DumpJson(render::ErrorJson(item.name, s)) + "\n", "error:io_error", s.ToString(), 0};
        if (out_.format != "jsonl") o.rendered.clear();
        Emit(item, o, sink, counts, 0);
        return;
      }
      struct stat st {};
      if (stat(item.path.c_str(), &st) == 0) size = static_cast<std::uint64_t>(st.st_size);
    }
    start_ = std::chrono::steady_clock::now();
    last_progress_ = start_;
    std::function<bool(Task*)> next = [&](Task* t) {
      if (!reader->Next(&t->rec)) return false;
      t->bytes_read = reader->bytes_read();
      return true;
    };
    std::function<Outcome(Task&)> work = [&](Task& t) { return DoRecord(item, t); };
    std::function<void(Outcome&)> emit = [&](Outcome& o) { Emit(item, o, sink, counts, size); };
    io::RunOrderedStream<Task, Outcome>(out_.jobs, next, work, emit);
    if (progress_) std::cerr << "\r\033[K" << std::flush;
  }

  Outcome DoRecord(const io::InputItem& item, const Task& t) {
    const WarcRecord& rec = t.rec;
    Outcome o;
    o.bytes_read = t.bytes_read;
    const std::string where = item.name + "@" + std::to_string(rec.offset);
    const batch::ArchiveRecordOutcome r = batch::ExtractArchiveRecord(extractor_, page_options_, rec, where);
    o.category = r.category;
    o.complaint = r.complaint;
    if (out_.format == "jsonl") {
      const nlohmann::json j = batch::ArchiveRecordJson(r, rec, item.name, out_.blocks, out_.links);
      if (!j.is_null()) o.rendered = render::DumpJson(j) + "\n";
    } else if (r.extracted) {
      Render(item, r.result, &rec, where, &o);
    }
    return o;
  }

  Outcome DoPage(const io::InputItem& item) {
    Outcome o;
    std::string bytes;
    Result r;
    const Status s = ReadPage(item, options_.max_input_bytes, &bytes);
    if (s.ok()) {
      PageInfo info;
      info.url = out_.url;
      r = extractor_.Extract(bytes, info);
    } else {
      r.status = s;
      r.algorithm = options_.algorithm;
    }
    Render(item, r, nullptr, item.name, &o);
    return o;
  }

  // A page in the plain formats or WET (the JSONL records come from batch::ArchiveRecordJson and,
  // for page inputs, render::ToJson). `rec` is the archive record holding the page, if any.
  void Render(const io::InputItem& item, const Result& r, const WarcRecord* rec, const std::string& where,
              Outcome* o) const {
    o->category = batch::PageCategory(r);
    const bool failed = o->category.starts_with("error:");
    if (failed) o->complaint = where + ": " + r.status.ToString();
    if (out_.format == "jsonl") {
      o->rendered = render::DumpJson(render::ToJson(r, item.name, out_.blocks, nullptr, out_.links)) + "\n";
    } else if (failed) {
      return;
    } else if (out_.format == "wet") {
      const std::string uri = rec ? rec->target_uri : (out_.url.empty() ? item.name : out_.url);
      const std::string record = io::WetConversionRecord(uri, rec ? rec->date : NowIso(), rec ? rec->record_id : "", r.Text());
      o->rendered = out_.out_dir.empty() ? record : io::GzipMember(record);
    } else {
      o->rendered = "==> " + (rec ? where + " " + rec->target_uri : item.name) + " <==\n" +
                    render::ToPlainFormat(out_.format, r, out_.links) + "\n";
    }
  }

  void Emit(const io::InputItem& item, Outcome& o, std::ostream& sink, Counts* counts, std::uint64_t size) {
    counts->Count(o.category);
    if (o.category.starts_with("error:")) std::cerr << (progress_ ? "\r\033[K" : "") << "pith: " << o.complaint << "\n";
    sink << o.rendered;
    if (progress_ && o.bytes_read > 0) Progress(item, *counts, o.bytes_read, size);
  }

  // "crawl.warc.gz  42% 120/285 MB  1234 rec/s  14.1 MB/s  ETA 0:12", at most 4 times a second;
  // without the percent, total and ETA when the size is unknown (stdin).
  void Progress(const io::InputItem& item, const Counts& counts, std::uint64_t done, std::uint64_t size) {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_progress_ < std::chrono::milliseconds(250)) return;
    last_progress_ = now;
    const double secs = std::max(1e-3, std::chrono::duration<double>(now - start_).count());
    const double mb = static_cast<double>(done) / 1e6, total = static_cast<double>(size) / 1e6;
    const double rate = mb / secs;
    char line[256];
    if (size > 0) {
      const int left = rate > 0 ? static_cast<int>((total - mb) / rate) : 0;
      std::snprintf(line, sizeof line, "\r%s  %3.0f%% %.0f/%.0f MB  %.0f rec/s  %.1f MB/s  ETA %d:%02d\033[K",
                    std::filesystem::path(item.name).filename().c_str(), 100.0 * mb / total, mb, total,
                    static_cast<double>(counts.records) / secs, rate, left / 60, left % 60);
    } else {
      std::snprintf(line, sizeof line, "\r%s  %.0f MB  %.0f rec/s  %.1f MB/s\033[K", item.name.c_str(), mb,
                    static_cast<double>(counts.records) / secs, rate);
    }
    std::cerr << line << std::flush;
  }

  const ArchiveOutput& out_;
  const ArchiveArgs& args_;
  const Options& options_;
  const Extractor extractor_;
  WarcPageOptions page_options_;
  bool progress_ = false;
  std::chrono::steady_clock::time_point start_, last_progress_;
  std::map<std::string, int> stems_used_;
  nlohmann::json per_input_ = nlohmann::json::array();
  Counts total_;
};

}  // namespace

void AddArchiveFlags(CLI::App* cmd, ArchiveArgs& args) {
  cmd->add_option("--input", args.input,
                  "what the inputs are: auto (default: web archives are told from their name and first bytes), "
                  "warc (WARC or ARC files, plain, gzip or zstd), html (pages, .html.gz too)")
      ->check(CLI::IsMember({"auto", "warc", "html"}));
  cmd->add_option("--warc-status", args.status, "archives: extract responses with HTTP status 2xx (default) or all")
      ->check(CLI::IsMember({"2xx", "all"}));
  cmd->add_option("--warc-types", args.types,
                  "archives: also extract these record types (besides response, resource and ARC captures): "
                  "metadata, revisit, conversion (comma-separated)")
      ->check([](const std::string& list) {
        std::size_t i = 0;
        while (i <= list.size()) {
          const std::size_t comma = std::min(list.find(',', i), list.size());
          const std::string t = list.substr(i, comma - i);
          if (t != "metadata" && t != "revisit" && t != "conversion") return "unknown record type \"" + t + "\"";
          i = comma + 1;
        }
        return std::string();
      });
  cmd->add_option("--warc-payload", args.payload,
                  "archives: extract HTML payloads only (default html: text/html, application/xhtml+xml, or no "
                  "type and bytes that look like HTML) or any payload")
      ->check(CLI::IsMember({"html", "any"}));
  cmd->add_option("--summary", args.summary,
                  "archives: also write the summary (records, extracted, skipped by reason, errors by kind) "
                  "as JSON to this file");
  cmd->add_flag("--no-progress", args.no_progress, "archives: no progress line on a terminal's stderr");
}

bool IsArchive(const io::InputItem& item, const ArchiveArgs& args) {
  if (args.input != "auto") return args.input == "warc";
  if (!item.error.ok()) return false;
  if (!item.path.empty()) return io::IsArchiveFile(item);
  if (!g_stdin_sniffed) {
    ReadStdin(kSniffBytes, &g_stdin_prefix);
    g_stdin_sniffed = true;
  }
  return io::StartsAnArchive(g_stdin_prefix);
}

Status ReadPage(const io::InputItem& item, std::size_t max_bytes, std::string* out) {
  if (!(item.path.empty() && item.error.ok() && g_stdin_sniffed)) return io::ReadPageFile(item, max_bytes, out);
  *out = std::move(g_stdin_prefix);
  g_stdin_prefix.clear();
  ReadStdin(max_bytes + 1, out);
  if (out->size() > max_bytes) {
    out->clear();
    return Status(StatusCode::kTooLarge, "input exceeds the limit of " + std::to_string(max_bytes) + " bytes");
  }
  return io::InflateIfGzip(max_bytes, out);
}

int RunArchiveBatch(const std::vector<io::InputItem>& items, const ArchiveOutput& out, const ArchiveArgs& args,
                    const Options& options) {
  Batch batch(out, args, options);
  return batch.Run(items);
}

}  // namespace pith::cli
