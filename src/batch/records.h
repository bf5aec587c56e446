// One record per input page and per archive record, as `pith extract -f jsonl` writes them: the
// batch driver (driver.h) and the Python module's record iterator (python/src/warc.cc) build their
// records here, so that a record from Python, from a Dask task, from the server or from the tool is
// the same.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "pith/pith.h"
#include "pith/warc.h"

namespace pith::batch {

// Extracts one page. With `explain` or `html` non-null the pipeline runs here, to keep what those
// outputs need (render::ExplainJson; render::ToHtml, the purified page); they are filled only for
// an ok or no_content result. Otherwise this is `extractor.Extract`.
Result ExtractPage(const Extractor& extractor, std::string_view bytes, const PageInfo& info,
                   nlohmann::json* explain = nullptr, std::string* html = nullptr);

// "ok", "no_content", or "error:<status>" (not_html, io_error, ...): what the summary counts a page as.
std::string PageCategory(const Result& r);

// What became of one archive record.
struct ArchiveRecordOutcome {
  std::string category;    // "ok", "no_content", "skip:<reason>", "error:<kind>"
  std::string complaint;   // for an error: "<where>: <what was wrong>" (the tool prints it on stderr)
  bool extracted = false;  // a page was extracted: `result` and `page` hold it
  Result result;
  WarcPage page;
};

// Classifies `rec` (damage, skip reason, page) and extracts its page. `where` names the record in
// complaints ("crawl.warc.gz@1234").
ArchiveRecordOutcome ExtractArchiveRecord(const Extractor& extractor, const WarcPageOptions& options,
                                          const WarcRecord& rec, std::string_view where);

// The "warc" object of a record: offset, type, record_id, target_uri, date, truncated, and for a
// page http_status, content_type and (when the payload was damaged) payload_error.
nlohmann::json WarcJson(const WarcRecord& rec, const WarcPage* page);

// The JSONL record of an archive record (null for a skipped one): the page's render::ToJson with
// its "warc" object, or for damage an error record {input, text, status, error {kind, message},
// warc}.
nlohmann::json ArchiveRecordJson(const ArchiveRecordOutcome& outcome, const WarcRecord& rec, std::string_view input,
                                 bool blocks, bool links);

// The reasons that make WarcPageOptions from the tool's --warc-status (2xx|all), --warc-types
// (comma-separated metadata, revisit, conversion) and --warc-payload (html|any). Values are not
// checked here (the tool's flags and the Python keywords check them).
WarcPageOptions MakeWarcPageOptions(std::string_view status, std::string_view types, std::string_view payload,
                                    std::size_t max_bytes);

// What became of the records of a batch, for its summary: records = extracted + skipped + errors.
struct Counts {
  std::uint64_t records = 0, ok = 0, no_content = 0;
  std::map<std::string, std::uint64_t> skipped, errors;  // by reason, by kind

  std::uint64_t extracted() const { return ok + no_content; }
  std::uint64_t skipped_total() const;
  std::uint64_t errors_total() const;
  // Counts one record by its category (ArchiveRecordOutcome::category, PageCategory).
  void Count(std::string_view category);
  void Add(const Counts& other);
  // {"records", "extracted", "ok", "no_content", "skipped": {reason: n}, "errors": {kind: n}}
  nlohmann::json Json() const;
  // "12 records: 10 extracted (9 ok, 1 no_content), 1 skipped (request 1), 1 errors (gzip_error 1)"
  std::string Line() const;
};

}  // namespace pith::batch
