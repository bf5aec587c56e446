// extract_page PAGE.html: prints the page's title, a blank line, and its main text.
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "pith/pith.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: extract_page PAGE.html\n";
    return 2;
  }
  std::ifstream file(argv[1], std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};

  pith::Options options;                     // every field documented in pith/options.h
  const pith::Extractor extractor(options);  // immutable: share it between threads
  pith::PageInfo info;                       // optional: info.url, info.charset (HTTP header)
  const pith::Result r = extractor.Extract(bytes, info);  // the raw bytes, in any encoding
  if (r.status.code() == pith::StatusCode::kNoContent) return 0;  // normal: nothing to extract
  if (!r.status.ok()) {  // "not_html: input looks like PDF document, not HTML", ...
    std::cerr << r.status.ToString() << "\n";
    return 1;
  }
  std::cout << r.metadata.title << "\n\n" << r.Text() << "\n";
  return 0;
}
