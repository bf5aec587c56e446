// Telling web archives from pages among offline inputs, and reading a page input (gzip pages
// inflated). Every front end uses them through the batch driver (batch/inputs.h, batch/driver.h),
// so that all treat every file alike.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "io/inputs.h"
#include "pith/status.h"

namespace pith::io {

// A file's first 4 KiB are enough to inflate the start of a gzip or zstd record.
inline constexpr std::size_t kArchiveSniffBytes = 1 << 12;

// The name ends in .warc, .warc.gz, .warc.zst, .arc or .arc.gz (case-insensitive).
bool HasArchiveName(std::string_view path);

// The first bytes of an input start a WARC record ("WARC/1.", "WARC/0.") or an ARC file
// ("filedesc://"), gzip bytes after inflating them; zstd data is always an archive (pages are not
// read from zstd; a dictionary frame may fill the first bytes).
bool StartsAnArchive(const std::string& head);

// A file input (not stdin) is an archive by its name or its first kArchiveSniffBytes bytes. An item
// carrying an error is not (it becomes a page error record).
bool IsArchiveFile(const InputItem& item);

// The output stem of an archive: its file name without .gz/.zst and .warc/.arc ("crawl" for
// crawl.warc.gz; "stdin" for stdin).
std::string ArchiveStem(const InputItem& item);

// Inflates *bytes in place when they are gzip (a .html.gz page), `max_bytes` applying to the
// inflated size; on failure *bytes is emptied.
Status InflateIfGzip(std::size_t max_bytes, std::string* bytes);

// Reads a page file completely (io::ReadInput) and inflates it when it is gzip.
Status ReadPageFile(const InputItem& item, std::size_t max_bytes, std::string* out);

}  // namespace pith::io
