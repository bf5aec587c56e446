// The decompressed bytes of an archive file, read in pieces: plain, gzip (any number of members:
// one per record, or one for the whole file) or zstd (any number of frames, an optional dictionary
// in a leading skippable frame, as the IIPC zstd WARC proposal lays it out).
//
// The stream remembers where each gzip member / zstd frame started (so that a record can name the
// compressed offset it starts at) and stops at damage: a member that does not inflate, bytes that
// start no member, the file ending inside a member. At such a break Fill() returns nothing until
// TakeBreak() is called; the bytes after it come from the next good member.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>

#include "pith/warc.h"

namespace pith::io {

enum class Compression : std::uint8_t { kPlain, kGzip, kZstd };

// The first bytes of a file say how it is compressed (gzip 1f 8b; zstd frame 28 b5 2f fd or a
// skippable frame 5? 2a 4d 18).
Compression SniffCompression(std::string_view head);

struct StreamBreak {
  std::uint64_t offset = 0;  // compressed offset of the damaged member (or of the garbage)
  WarcError kind = WarcError::kNone;
  std::string message;
};

class DecompressedStream {
 public:
  // Reads `fd` (not closed), after the bytes in `prefix`.
  DecompressedStream(int fd, std::string prefix);
  ~DecompressedStream();

  // Appends at most `want` (≥ 1) decompressed bytes to *out; returns how many. 0 means the end of
  // the file or a break (see at_break()).
  std::size_t Fill(std::string* out, std::size_t want);
  bool at_break() const { return pending_break_.kind != WarcError::kNone; }
  // The break the stream stopped at; the stream then goes on after it.
  StreamBreak TakeBreak();

  // The compressed offset of the member holding decompressed byte `pos` (for a plain file, `pos`).
  // Positions before the last ForgetBefore() are not asked for.
  std::uint64_t OffsetOf(std::uint64_t pos) const;
  void ForgetBefore(std::uint64_t pos);
  // The decompressed position of the first member that starts after `pos`, or UINT64_MAX.
  std::uint64_t NextMemberAfter(std::uint64_t pos) const;

  Compression compression() const { return compression_; }
  std::uint64_t bytes_read() const { return in_offset_; }
  std::uint64_t bytes_out() const { return out_pos_; }

 private:
  struct Codec;
  bool FillInput();                   // reads more compressed bytes; false at end of file
  std::size_t FillGzip(std::string* out, std::size_t want);
  std::size_t FillZstd(std::string* out, std::size_t want);
  bool StartMember();                 // at in_pos_: a gzip member, or garbage to skip (a break)
  void Break(std::uint64_t offset, WarcError kind, std::string message);
  bool ResyncGzip(std::uint64_t from);  // skips to the next gzip magic at or after `from`
  bool ReadZstdDictionary();

  int fd_;
  std::string in_;                    // compressed bytes [in_base_, in_base_ + in_.size())
  std::size_t in_pos_ = 0;            // next compressed byte to use, index into in_
  std::uint64_t in_base_ = 0;         // file offset of in_[0]
  std::uint64_t in_offset_ = 0;       // compressed bytes read from the file
  bool eof_ = false;
  Compression compression_ = Compression::kPlain;
  std::unique_ptr<Codec> codec_;
  std::unique_ptr<char[]> scratch_;   // inflate output, appended to the caller's buffer
  bool in_member_ = false;            // inside a gzip member / zstd frame
  std::uint64_t member_offset_ = 0;   // its compressed offset
  std::uint64_t out_pos_ = 0;         // decompressed bytes produced
  // (decompressed position, compressed offset) where each member began, oldest first.
  std::deque<std::pair<std::uint64_t, std::uint64_t>> members_;
  StreamBreak pending_break_;
};

// Inflates a whole gzip file (every member) into *out, stopping past `max_bytes` with kTooLarge
// and at damage with kNotHtml ("gzip data is damaged"), *out then holding what inflated.
Status InflateGzip(std::string_view gz, std::size_t max_bytes, std::string* out);

}  // namespace pith::io
