// fuzz/warc_fuzz.cc — libFuzzer target for the WARC/ARC reader (include/pith/warc.h).
//
// The first input byte picks how the rest is stored: as it is (plain WARC/ARC, or a gzip/zstd file
// the fuzzer wrote), cut into pieces gzip-compressed one by one (one member per record, as crawls
// are written), gzip-compressed whole, or zstd-compressed. Every record is then read, classified and
// its payload decoded (chunked, gzip/deflate/br). Whatever happens, the reader must end, every
// record must move forward through the file, and a record's block must stay within the limit.
#include <zstd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "io/warc_stream.h"
#include "io/wet_writer.h"
#include "pith/warc.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

std::string Gzip(std::string_view data) { return pith::io::GzipMember(data, 1); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t mode = data[0] % 4;
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::string file;
  if (mode == 0) {
    file.assign(rest);
  } else if (mode == 1) {  // a member per piece, cut where a record may start
    std::size_t start = 0;
    for (std::size_t i = 1; i <= rest.size(); ++i) {
      if (i == rest.size() || rest.substr(i).starts_with("WARC/") || rest[i] == '\x01') {
        file += Gzip(rest.substr(start, i - start));
        start = i;
      }
    }
  } else if (mode == 2) {
    file = Gzip(rest);
  } else {
    file.resize(ZSTD_compressBound(rest.size()));
    file.resize(ZSTD_compress(file.data(), file.size(), rest.data(), rest.size(), 1));
  }

  pith::WarcReaderOptions options;
  options.max_record_bytes = 1 << 16;
  const std::size_t file_size = file.size();
  auto reader = pith::WarcReader::OpenFd(-1, options, std::move(file));
  pith::WarcRecord rec;
  pith::WarcPageOptions page_options;
  page_options.max_bytes = 1 << 18;
  std::size_t records = 0;
  std::uint64_t last_offset = 0;
  while (reader->Next(&rec)) {
    ++records;
    // A record never starts before the one before it: the reader moves forward (compressed offsets
    // of a one-member file stay at 0).
    Check(rec.offset >= last_offset || rec.error != pith::WarcError::kNone);
    Check(rec.offset <= file_size);
    last_offset = std::max(last_offset, rec.offset);
    Check(rec.block.size() <= options.max_record_bytes);
    Check(records <= 2 * size + 16);
    if (rec.error != pith::WarcError::kNone) continue;
    pith::WarcPage page;
    page_options.any_status = page_options.any_type = (rec.offset & 1) != 0;
    page_options.metadata = page_options.revisit = page_options.conversion = true;
    const pith::WarcSkip skip = pith::ReadWarcPage(rec, page_options, &page);
    if (skip == pith::WarcSkip::kNone) Check(page.body.size() <= page_options.max_bytes);
  }
  std::string inflated;
  pith::io::InflateGzip(rest, 1 << 18, &inflated);
  Check(inflated.size() <= (1u << 18));
  return 0;
}
