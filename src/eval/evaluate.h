// Running an extractor over evaluation sets and aggregating the metrics of metrics.h.
//
// For each set (sequentially, one set in memory at a time): load every selected page into memory,
// run the extractor over all of them in one timed loop (pages/s and MB/s of input measure only
// that loop), then score each output against its truth in a separate, separately timed pass.
// A page whose extraction fails (any status other than ok / no_content, or an exception) does not
// stop the run: it is counted in `errors`, listed, and scored as an empty output. Instead of an
// extractor, the outputs another tool saved (<dir>/<set>/<id>.txt) can be scored with the same
// metrics (RunConfig::outputs); speed is then not measured.
//
// Aggregation per set and per group (lang_guess group, page_type): shingle and character P/R/F by
// the set conventions of metrics.h (means over pages, F = 2PR/(P+R) of the means, plus the mean of
// per-page F), word P/R/F1 as the WCXB benchmark averages them (means over all pages), snippet
// tp/fp/fn/tn summed, metadata matches summed (title, author, date where the truth names them; an
// extractor's run only), the page classifier's answers against the index's page_type labels,
// compression = mean over pages of output bytes / input bytes (paper 002), integrity = character
// recall. Pages without text truth count for errors, speed
// and compression only; pages without snippet truth don't touch the snippet counts.
// Pages with Markdown truth (truth/<id>.md) are also scored with the structure metrics of
// structure.h on the extractor's Markdown, rendered after the timed loop (so pages/s is the same).
//
// The extractor is a callback so that this file depends on no part of the library but its headers;
// tools/pith/eval_cmd.cc binds it to pith::Extractor.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "eval/calibration.h"
#include "eval/dataset.h"
#include "eval/metrics.h"
#include "eval/structure.h"
#include "pith/pith.h"

namespace pith::eval {

// What one extraction produced.
struct Extraction {
  std::string text;           // UTF-8 main text; "" for no content or an error
  bool error = false;         // any outcome other than ok / no_content
  std::string status = "ok";  // StatusCodeName: "ok", "no_content", "not_html", ...
  std::string message;        // error message, "" when none
  std::string title, author, date;  // the metadata found ("" = none; date as Metadata::date)
  std::string page_type;            // the page classifier's answer ("" = none: the page failed)
  double confidence = -1;           // Result::confidence (-1 = none: the page failed, or saved outputs)
  // The whole result, for the outputs rendered after the timed loop (Markdown, for pages with
  // Markdown truth); null when the extraction failed or the function gives none.
  std::shared_ptr<const Result> result;
};
using ExtractFunction = std::function<Extraction(std::string_view html, const PageInfo& info)>;

// An Extractor's result as the evaluation records it (keeping `r` as Extraction::result).
Extraction ToExtraction(Result r);

struct PageReport {
  std::string id, lang_group, page_type;
  std::string status, message;
  bool error = false;
  std::size_t input_bytes = 0, output_bytes = 0;
  double seconds = 0;  // this page's extraction time
  bool has_text_truth = false;
  CharScore chars;          // valid when has_text_truth
  ShingleScore shingles;    // valid when has_text_truth
  WordScore words;          // valid when has_text_truth
  bool has_snippets = false;
  SnippetCounts snippets;   // valid when has_snippets
  MetadataCounts metadata;  // fields the truth names (none for saved outputs: they hold text only)
  std::string title, author, date;  // the metadata found
  std::string page_type_found;      // the page classifier's answer ("" = none)
  double confidence = -1;           // the extraction's confidence (-1 = none)
  // Structure metrics (structure.h) of the Markdown output against truth/<id>.md: an extractor's
  // Markdown (render::ToMarkdown of its result), or saved outputs' <id>.md.
  bool has_structure = false;
  StructureScores structure{};
};

struct GroupReport {
  std::string name;  // set name for a set total; the lang group or page type for a group
  std::size_t pages = 0, errors = 0, empty_outputs = 0;  // empty_outputs includes errors
  std::size_t text_pages = 0, snippet_pages = 0;         // pages with each kind of truth
  MeanScores shingles, chars;  // over text_pages
  // Word P/R/F1 (WCXB): precision and recall are means over all text_pages, and the benchmark's F1
  // is words.mean_page_f1 (words.f1, the harmonic mean of the means, is not reported).
  MeanScores words;
  SnippetCounts snippets;      // summed over snippet_pages
  MetadataCounts metadata;     // summed over pages
  // Pages whose index labels a page_type and that got an answer, and of those the ones answered right.
  std::size_t typed_pages = 0, typed_right = 0;
  double compression = 0;      // mean over pages of output bytes / input bytes
  std::size_t input_bytes = 0, output_bytes = 0;
  double extract_seconds = 0;  // set total: wall time of the loop; group: sum of page times

  double pages_per_second() const { return extract_seconds > 0 ? double(pages) / extract_seconds : 0; }
  double mb_per_second() const { return extract_seconds > 0 ? double(input_bytes) / 1e6 / extract_seconds : 0; }
};

struct SetReport {
  std::string name, path;
  std::size_t index_pages = 0;  // pages listed in index.jsonl (before --limit / --pages)
  GroupReport total;
  std::vector<GroupReport> by_lang, by_page_type;  // sorted by name; by_page_type empty if no page has one
  std::vector<PageReport> pages;                   // index order
  // The confidence against the pages' word F1 (calibration.h), over the pages with text truth and
  // a confidence; pages == 0 when there are none (saved outputs).
  CalibrationReport calibration;
  // The structure metrics' set means; pages == 0 when no page has Markdown truth.
  StructureSummary structure;
  bool structure_unavailable = false;  // pages have Markdown truth but pith was built without cmark-gfm
  double load_seconds = 0, extract_seconds = 0, score_seconds = 0;
  bool saved_outputs = false;  // scored from saved files (EvaluateSavedOutputs): no timing
};

// Runs `extract` over every page of `set` (one timed loop), then scores.
SetReport EvaluateSet(const DataSet& set, const ExtractFunction& extract);

// Scores outputs saved by any tool instead of running an extractor: page <id>'s output is the
// UTF-8 text of `outputs_dir`/<id>.txt, and for a page with Markdown truth its Markdown is
// <id>.md. A missing file is an empty output (status "missing" when the .txt is, not an
// error); an unreadable one is an error (scored empty). Nothing is timed: speed is not reported.
SetReport EvaluateSavedOutputs(const DataSet& set, const std::filesystem::path& outputs_dir);

// The table: a header, then one row per set followed by its group rows.
void PrintHeader(std::ostream& out);
void PrintSetRows(std::ostream& out, const SetReport& set, bool per_page);
// After the rows: failed pages (at most `max_listed` per set) and the timing of each set.
void PrintFooter(std::ostream& out, const std::vector<SetReport>& sets, std::size_t max_listed = 20);

// JSON: {"sets": [{name, path, pages, ..., shingle{...}, char{...}, snippets{...}, groups{lang{...},
// page_type{...}}, error_pages[...], page_results[...] (only when per_page)}], ...}. A mean over no
// page is written as 0 (precision_pages / recall_pages say how many pages each mean covers; the
// table prints "-" there); shingle/char/snippets are null for a group without that kind of truth.
nlohmann::json SetJson(const SetReport& set, bool per_page);

struct RunConfig {
  std::filesystem::path data;  // one set, or a folder of sets
  PageFilter filter;
  bool per_page = false;
  std::filesystem::path json_out;  // "" = no JSON file
  std::string algorithm;           // for the header and the JSON
  // "" = run `extract`; otherwise score the outputs saved under outputs/<set>/<id>.txt
  // (EvaluateSavedOutputs) and leave `extract` and `prepare_set` unused.
  std::filesystem::path outputs;
  // Optional, called after each set is loaded and before it runs: may drop pages from the set and
  // returns the extract function for that set (--site-templates binds per-page site models this
  // way, src/eval/site_templates.h). Its own timing goes to `out`; the extraction loop is unchanged.
  std::function<ExtractFunction(DataSet* set, const ExtractFunction& extract, std::ostream& out)> prepare_set;
};

enum class RunOutcome {
  kRan,              // every set loaded and ran (scores are not judged)
  kSomeSetsFailed,   // at least one set could not be loaded; the others ran
  kFatal,            // no set, unreadable data dir, or unwritable JSON output
};

// Finds the sets, loads and evaluates them one by one, streams the table to `out` as each set
// finishes, writes the JSON file, and reports problems to `err`.
RunOutcome RunEvaluation(const RunConfig& config, const ExtractFunction& extract, std::ostream& out,
                         std::ostream& err);

}  // namespace pith::eval
