// Plain, gzip and zstd output files in independent pieces (compressed_writer.h).
#include "io/compressed_writer.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <zstd.h>

#include "io/wet_writer.h"

namespace pith::io {
namespace {

constexpr std::size_t kPieceBytes = 1 << 20;

}  // namespace

bool ParseOutputCompression(std::string_view name, OutputCompression* out) {
  if (name.empty() || name == "none") {
    *out = OutputCompression::kNone;
  } else if (name == "gzip") {
    *out = OutputCompression::kGzip;
  } else if (name == "zstd") {
    *out = OutputCompression::kZstd;
  } else {
    return false;
  }
  return true;
}

std::unique_ptr<CompressedWriter> CompressedWriter::Open(const std::string& path, OutputCompression compression,
                                                         Status* status) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    *status = Status(StatusCode::kIoError, "cannot write " + path + ": " + std::strerror(errno));
    return nullptr;
  }
  return std::unique_ptr<CompressedWriter>(new CompressedWriter(f, compression, path));
}

CompressedWriter::CompressedWriter(std::FILE* file, OutputCompression compression, std::string path)
    : file_(file), compression_(compression), path_(std::move(path)) {}

CompressedWriter::~CompressedWriter() {
  if (file_) std::fclose(file_);
}

void CompressedWriter::Write(std::string_view bytes) {
  buffer_.append(bytes);
  if (buffer_.size() >= kPieceBytes) Flush();
}

void CompressedWriter::Flush() {
  if (buffer_.empty() || !status_.ok()) return;
  std::string piece;
  std::string_view out = buffer_;
  if (compression_ == OutputCompression::kGzip) {
    piece = GzipMember(buffer_);
    out = piece;
  } else if (compression_ == OutputCompression::kZstd) {
    piece.resize(ZSTD_compressBound(buffer_.size()));
    const std::size_t n = ZSTD_compress(piece.data(), piece.size(), buffer_.data(), buffer_.size(), 3);
    if (ZSTD_isError(n)) {
      status_ = Status(StatusCode::kInternal, std::string("zstd: ") + ZSTD_getErrorName(n));
      return;
    }
    piece.resize(n);
    out = piece;
  }
  if (std::fwrite(out.data(), 1, out.size(), file_) != out.size()) {
    status_ = Status(StatusCode::kIoError, "cannot write " + path_ + ": " + std::strerror(errno));
  }
  buffer_.clear();
}

Status CompressedWriter::Close() {
  if (!file_) return status_;
  Flush();
  if (status_.ok() && (std::fflush(file_) != 0 || fsync(fileno(file_)) != 0)) {
    status_ = Status(StatusCode::kIoError, "cannot write " + path_ + ": " + std::strerror(errno));
  }
  if (std::fclose(file_) != 0 && status_.ok()) {
    status_ = Status(StatusCode::kIoError, "cannot write " + path_ + ": " + std::strerror(errno));
  }
  file_ = nullptr;
  return status_;
}

}  // namespace pith::io
