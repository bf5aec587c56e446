// pith — main-content extraction from web pages.
//
// Give pith the raw bytes of an HTML page, in any encoding; it returns the text a reader came for
// (article, thread, body) without navigation, ads, link lists and footers, plus the page's title,
// date, author and keywords.
//
//   #include "pith/pith.h"
//
//   pith::Options options;                        // defaults are sane; see options.h
//   options.algorithm = pith::Algorithm::kLineBlock;
//   const pith::Extractor extractor(options);     // immutable: share it between threads
//
//   pith::Result r = extractor.Extract(bytes);    // bytes: std::string_view of the raw page
//   if (r.status.ok()) std::cout << r.Text();
//   else if (r.status.code() == pith::StatusCode::kNoContent) { /* a normal outcome */ }
//   else std::cerr << r.status.ToString();        // empty, binary, too deep, ...
//
// Pipeline: decode (sniff charset → UTF-8) → parse (HTML5) → annotate (per-node statistics)
// → algorithm (select content) → render. Metadata reads the document beside the algorithm.
//
// Thread safety: Extractor::Extract is const and may be called concurrently; all per-call state
// lives on the calling thread. Errors never throw: they come back in Result::status.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "pith/export.h"
#include "pith/options.h"
#include "pith/result.h"
#include "pith/status.h"
#include "pith/version.h"

namespace pith {

// What the caller knows about a page besides its bytes.
struct PageInfo {
  std::string url;      // where the page came from (used for metadata: canonical URL, date in URL)
  std::string charset;  // charset from the HTTP Content-Type header, "" if unknown
};

class PITH_API Extractor {
 public:
  explicit Extractor(Options options = {});
  ~Extractor();
  Extractor(const Extractor&) = delete;
  Extractor& operator=(const Extractor&) = delete;

  const Options& options() const;

  Result Extract(std::string_view bytes, const PageInfo& info = {}) const;

 private:
  struct Impl;
  std::unique_ptr<const Impl> impl_;
};

}  // namespace pith
