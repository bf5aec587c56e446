// Where a batch's records go (sinks.h).
#include "batch/sinks.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "io/wet_writer.h"
#include "render/formats.h"

namespace pith::batch {

// ---- StreamSink ------------------------------------------------------------------------------

StreamSink::StreamSink(std::ostream& out, const Settings& settings, const Plan& plan, Complain complain)
    : out_(out), format_(settings.format), mode_(plan.mode), names_(plan.names), complain_(std::move(complain)) {
  const bool several = names_.size() > 1;
  if (mode_ == Mode::kPages) {
    json_array_ = format_ == "json" && several;
    headers_ = several && render::IsPlainFormat(format_);
    if (json_array_) out_ << "[\n";
  } else if (format_ == "wet") {
    out_ << io::WetInfoRecord("stdout.warc.wet", io::NowIso());
  }
}

void StreamSink::Check() {
  if (out_ || stopped_) return;
  const int error = errno;
  stopped_ = true;
  if (error == EPIPE) return;  // the reader has what it wanted
  ++unwritten_;
  complain_(std::string("cannot write to standard output: ") + std::strerror(error));
}

void StreamSink::Write(const Record& r) {
  if (stopped_) return;
  if (mode_ == Mode::kArchives) {
    out_ << r.rendered;
  } else if (json_array_) {
    std::string_view body = r.rendered;
    if (!body.empty() && body.back() == '\n') body.remove_suffix(1);
    out_ << body << (r.input + 1 < names_.size() ? ",\n" : "\n");
  } else {
    if (headers_) out_ << "==> " << names_[r.input] << " <==\n";
    out_ << r.rendered;
    if (headers_) out_ << "\n";
  }
  if (mode_ == Mode::kPages) out_.flush();
  Check();
}

Status StreamSink::Finish() {
  if (json_array_ && !stopped_) out_ << "]\n";
  out_.flush();
  Check();
  return Status::Ok();
}

// ---- FolderSink ------------------------------------------------------------------------------

FolderSink::FolderSink(std::string dir, const Settings& settings, const Plan& plan, Complain complain)
    : dir_(std::move(dir)),
      ext_(settings.format == "wet" ? ".warc.wet.gz" : render::FileExtension(settings.format)),
      mode_(plan.mode),
      wet_(plan.mode == Mode::kArchives && settings.format == "wet"),
      names_(plan.names),
      stems_(plan.stems),
      complain_(std::move(complain)) {}

FolderSink::~FolderSink() {
  if (file_) {
    std::fclose(file_);
    std::remove(temp_.c_str());
  }
}

void FolderSink::Begin(std::size_t input) {
  final_ = dir_ + "/" + stems_[input] + ext_;
  temp_ = dir_ + "/." + stems_[input] + ".tmp-" + std::to_string(getpid());
  error_ = 0;
  file_ = std::fopen(temp_.c_str(), "wb");
  if (!file_) {
    error_ = errno;
    return;
  }
  if (wet_) {
    const std::string info = io::GzipMember(io::WetInfoRecord(std::filesystem::path(final_).filename().string(), io::NowIso()));
    if (std::fwrite(info.data(), 1, info.size(), file_) != info.size() && !error_) error_ = errno;
  }
}

void FolderSink::Write(const Record& r) {
  if (!file_) return;
  std::string_view bytes = r.rendered;
  if (mode_ == Mode::kPages && !r.error_text.empty()) {
    bytes = r.error_text;
    final_ = dir_ + "/" + stems_[r.input] + ".error";
  }
  if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size() && !error_) error_ = errno;
}

void FolderSink::End(std::size_t input) {
  if (file_) {
    if (std::fflush(file_) != 0 && !error_) error_ = errno;
    if (std::fclose(file_) != 0 && !error_) error_ = errno;
    file_ = nullptr;
    if (!error_ && std::rename(temp_.c_str(), final_.c_str()) != 0) error_ = errno;
  }
  if (error_) {
    std::remove(temp_.c_str());
    ++unwritten_;
    complain_("cannot write " + final_ + " for " + names_[input] + ": " + std::strerror(error_));
  }
}

}  // namespace pith::batch
