// Offline inputs (paper 001's offline mode): files, folders of HTML files, and stdin.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "pith/status.h"

namespace pith::io {

struct InputItem {
  std::string name;     // as shown in records: the path, or "-" for stdin
  std::string path;     // file to read ("" for stdin)
  Status error;         // set when the input is unusable: a missing argument, an unreadable folder, a
                        // folder entry that is not a readable file (broken symlink, FIFO, ...)
};

// Expands command-line arguments: a file stays one item (a pipe too: `<(command)`); a folder yields
// its entries named *.html, *.htm, *.xhtml, *.shtml, *.html.gz, *.htm.gz and the web archives
// *.warc, *.arc, *.warc.gz, *.arc.gz and *.warc.zst (case-insensitive) other than folders, sorted by
// name, descending into sub-folders when `recursive`; "-" is stdin. A missing path, and a folder
// entry that is not a readable file (broken symlink, FIFO, socket, device: never opened), become
// items carrying an io_error, so that every argument and every entry found yields one record.
std::vector<InputItem> ExpandInputs(const std::vector<std::string>& args, bool recursive);

// Reads an input completely; fails with kTooLarge past `max_bytes` (without reading it all).
Status ReadInput(const InputItem& item, std::size_t max_bytes, std::string* out);

// Output file stem for an input: its file name without the last extension ("stdin" for stdin).
std::string OutputStem(const InputItem& item);

}  // namespace pith::io
