// A batch's inputs: which are web archives and how a page input is read, the same way for the
// tool, the Python module and the server. Standard input can be read only once, so the bytes read
// to tell whether it is an archive are kept for whoever reads it next (ReadPage or OpenArchive).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "io/inputs.h"
#include "pith/status.h"
#include "pith/warc.h"

namespace pith::batch {

// Whether `item` is a web archive: `input` ("warc"/"html", the --input option) says so, or (auto)
// its name ends in .warc, .arc (plus .gz or .zst), or its first bytes are a WARC/ARC record, plain
// or compressed. For stdin the bytes read to tell are kept.
bool IsArchive(const io::InputItem& item, const std::string& input);

// Reads a page input completely, as io::ReadInput does, but inflates gzip bytes (a .html.gz file,
// gzip on stdin) with `max_bytes` applied to the inflated size, and reads stdin after the bytes
// IsArchive took from it.
Status ReadPage(const io::InputItem& item, std::size_t max_bytes, std::string* out);

// Opens an archive input (stdin after the bytes IsArchive took from it). On failure returns null
// and sets *status. *size: the file's size in bytes (0 when unknown: stdin). read_ahead > 0: a file
// (not stdin) is read and inflated on a thread of its own, up to that many records ahead
// (WarcReaderOptions::read_ahead), so a batch on several threads does not wait for the reading.
std::unique_ptr<WarcReader> OpenArchive(const io::InputItem& item, std::size_t max_record_bytes,
                                        std::size_t read_ahead, Status* status, std::uint64_t* size);

}  // namespace pith::batch
