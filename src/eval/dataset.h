// Reading evaluation sets in the layout of ../shared/data (see data/README.md):
//
//   <set>/index.jsonl      one JSON object per line: id, url, lang_guess, declared_charset,
//                          page_type (optional), truth ("txt" | "json" | "txt+json" | null), ...
//   <set>/html/<id>.html   the page's raw bytes, any encoding: loaded as bytes, never transcoded
//   <set>/truth/<id>.txt   UTF-8 main text (truth contains "txt")
//   <set>/truth/<id>.md    the source Markdown, when the file exists (struct-dev): structure.h
//   <set>/truth/<id>.json  {"with": [...], "without": [...], "metadata": {...}, ...} snippets and
//                          the page's title, author, publish date (truth contains "json")
//
// A set whose pages have no truth (gne-zh-pages) still loads: it is evaluated for errors and speed.
// `FindSets` accepts either one set folder or a folder of sets (every direct subfolder holding an
// index.jsonl, in name order). Errors are values (pith::Status), never exceptions.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <unordered_set>
#include <vector>

#include "pith/status.h"

namespace pith::eval {

struct Page {
  // From index.jsonl.
  std::string id;
  std::string url;               // "" when null/absent
  std::string lang_guess;        // as written, e.g. "zh (from page text; no truth)"
  std::string declared_charset;  // "" when null
  std::string page_type;         // "" when absent (only wcxb has it)
  std::string site;              // "" when absent (daniel-dev: the host the page was crawled from)
  bool has_text_truth = false;     // truth/<id>.txt exists per the index
  bool has_snippet_truth = false;  // truth/<id>.json exists per the index
  bool has_markdown_truth = false;  // truth/<id>.md exists (the source Markdown: structure.h)

  // Loaded files.
  std::string html;        // raw bytes
  std::string truth_text;  // UTF-8 (when has_text_truth)
  std::vector<std::string> with, without;  // snippets (when has_snippet_truth)
  std::string truth_markdown;  // UTF-8 (when has_markdown_truth)
  // Metadata the truth names ("" = not given): the truth JSON's "metadata": {"title", "author",
  // "publish_date"} (wcxb) or top-level "title" (goose3), else the index line's "title"
  // (readability-test), "author" and "date" (zh-cwced; "UNKNOWN" and dates without a day are no
  // truth; the date is read as YYYY-MM-DD).
  std::string truth_title, truth_author, truth_date;

  // Group key for per-language rows: lang_guess with a trailing " (...)" remark removed
  // ("zh (from page text; no truth)" → "zh"); "unknown" when empty.
  std::string LangGroup() const;
};

struct DataSet {
  std::string name;             // folder name, e.g. "zh-cwced"
  std::filesystem::path dir;
  std::vector<Page> pages;      // index order (after filtering)
  std::size_t index_pages = 0;  // lines in index.jsonl before filtering
  std::size_t html_bytes = 0;   // sum of html sizes loaded
};

// Which pages to load: the first `limit` pages (0 = all) among those selected by `ids` (empty =
// every page). An entry selects a page of any set by its id ("dev-0002") or of one set by
// "<set>/<id>" ("wcxb-dev/dev-0002").
struct PageFilter {
  std::size_t limit = 0;
  std::unordered_set<std::string> ids;
  bool Selects(const std::string& set_name, const std::string& id) const {
    return ids.empty() || ids.count(id) || ids.count(set_name + "/" + id);
  }
};

// The set folders under `dir`: {dir} if dir/index.jsonl exists, else every direct subfolder with an
// index.jsonl, sorted by name. kIoError if `dir` is missing or unreadable, kInvalidArgument if it
// holds no set.
Status FindSets(const std::filesystem::path& dir, std::vector<std::filesystem::path>* sets);

// Parses index.jsonl only (no page files): fills the index fields of each Page.
Status ReadIndex(const std::filesystem::path& set_dir, std::vector<Page>* pages);

// Reads index.jsonl, applies `filter`, and loads every remaining page's html and truth files.
// A missing or unreadable file, or a malformed line, fails the whole set (kIoError /
// kInvalidArgument with the path in the message).
Status LoadSet(const std::filesystem::path& set_dir, const PageFilter& filter, DataSet* out);

// Reads a list of page ids: one per line, surrounding whitespace trimmed, blank lines and lines
// starting with '#' ignored.
Status ReadIdList(const std::filesystem::path& file, std::unordered_set<std::string>* ids);

// Whole file as bytes.
Status ReadFileBytes(const std::filesystem::path& file, std::string* out);

}  // namespace pith::eval
