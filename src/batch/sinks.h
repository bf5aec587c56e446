// Where a batch's records go (driver.h's Sink): a stream (the tool's stdout), a folder of files
// (-o DIR), one file (the Python module's JSONL, plain or compressed).
//
// Files are written atomically: each output is written to a hidden temporary file beside it
// (".NAME.tmp-PID") and renamed into place once complete, so that a failed write (a full disk)
// leaves no partial file behind; the failure is told (which output, for which input, and why) and
// the batch goes on.
#pragma once

#include <cstdio>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "batch/driver.h"
#include "io/compressed_writer.h"

namespace pith::batch {

// Records on a stream, framed as the mode asks (driver.h's Mode): kPages, a JSON array for several
// pages in -f json and a "==> NAME <==" line before each of several pages in a text format; kArchives,
// the records as they are, after a warcinfo record for WET. When the stream fails the sink stops the
// batch: silently when its reader went away (EPIPE: `pith extract ... | head`), else saying why.
class StreamSink : public Sink {
 public:
  StreamSink(std::ostream& out, const Settings& settings, const Plan& plan, Complain complain);
  void Write(const Record& record) override;
  Status Finish() override;
  bool Stopped() const override { return stopped_; }

 private:
  void Check();

  std::ostream& out_;
  const std::string format_;
  const Mode mode_;
  const std::vector<std::string> names_;
  Complain complain_;
  bool json_array_ = false, headers_ = false, stopped_ = false;
};

// One file per input in `dir` (which exists): kPages, STEM.EXT per page (STEM.error for a failed page
// in a text format); kArchives, STEM.EXT holding all of an input's records (.warc.wet.gz for WET, its
// records gzip members after a warcinfo one). `ext`: the extension (render::FileExtension).
class FolderSink : public Sink {
 public:
  FolderSink(std::string dir, const Settings& settings, const Plan& plan, Complain complain);
  ~FolderSink() override;
  void Begin(std::size_t input) override;
  void Write(const Record& record) override;
  void End(std::size_t input) override;

 private:
  std::string dir_, ext_;
  const Mode mode_;
  const bool wet_;
  const std::vector<std::string> names_, stems_;
  Complain complain_;
  std::FILE* file_ = nullptr;
  std::string temp_, final_;
  int error_ = 0;  // errno of the first failure writing the open file
};

// Every record into one file (plain, gzip or zstd), as CompressedWriter writes it.
class FileSink : public Sink {
 public:
  explicit FileSink(std::unique_ptr<io::CompressedWriter> out) : out_(std::move(out)) {}
  void Write(const Record& record) override { out_->Write(record.rendered); }
  Status Finish() override { return out_->Close(); }

 private:
  std::unique_ptr<io::CompressedWriter> out_;
};

}  // namespace pith::batch
