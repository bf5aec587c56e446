// Online mode's input: URL lists (paper 001's online mode reads a text file with one URL per line).
#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "pith/status.h"

namespace pith::io {

// One URL per line; leading/trailing whitespace is trimmed, blank lines and lines whose first
// non-blank character is '#' are ignored, a UTF-8 BOM on the first line is dropped.
std::vector<std::string> ParseUrlList(std::istream& in);

// Reads a URL list from `path`, or from stdin when `path` is "-". Fails with kIoError when the
// file cannot be opened.
Status ReadUrlList(const std::string& path, std::vector<std::string>* out);

// True when `arg` looks like a URL rather than a path: "scheme://..." with a scheme of letters,
// digits, '+', '-', '.' that starts with a letter (http://, https://, file://, ftp://...).
bool LooksLikeUrl(std::string_view arg);

}  // namespace pith::io
