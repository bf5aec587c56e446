// Writing a file plain, gzip or zstd compressed, as a sequence of independent pieces (gzip members,
// zstd frames) of about 1 MiB of input each: what `zcat`, `zstd -d` and Python's gzip module read as
// one stream. Used for the JSONL files of pith.dask (python/pith/dask/).
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "pith/status.h"

namespace pith::io {

enum class OutputCompression { kNone, kGzip, kZstd };

// "none" (or ""), "gzip", "zstd"; false for another name.
bool ParseOutputCompression(std::string_view name, OutputCompression* out);

class CompressedWriter {
 public:
  // Creates (truncates) `path`. On failure returns null and sets *status (kIoError).
  static std::unique_ptr<CompressedWriter> Open(const std::string& path, OutputCompression compression,
                                                Status* status);
  ~CompressedWriter();
  CompressedWriter(const CompressedWriter&) = delete;
  CompressedWriter& operator=(const CompressedWriter&) = delete;

  // Appends bytes; errors are kept and returned by Close.
  void Write(std::string_view bytes);
  // Writes what is buffered, flushes and closes the file (fsync'd, so that a rename after it
  // publishes complete data). Returns the first error met.
  Status Close();

 private:
  CompressedWriter(std::FILE* file, OutputCompression compression, std::string path);
  void Flush();  // compresses and writes the buffer

  std::FILE* file_;
  OutputCompression compression_;
  std::string path_;
  std::string buffer_;
  Status status_;
};

}  // namespace pith::io
