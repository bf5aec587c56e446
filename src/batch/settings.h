// Everything one run of pith's batch is told: the Extractor's Options plus what the batch reads
// (inputs, archives, site models, URLs) and what it writes (format, records' fields, output folder).
// One struct for every front end: the tool's flags, the Python keywords and the server's query
// parameters all fill it through the option table (option_table.h), which also gives its defaults.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "fetch/fetch.h"
#include "pith/options.h"

namespace pith::batch {

// Site models (paper 004 §1.2): --site-pages / --site-model for every input, or one model per site
// group of a batch under pathsim (sites.h).
struct SiteSettings {
  std::vector<std::string> pages;  // other pages of the site, to learn its template from
  std::string model;               // a model saved by `pith site learn`
  std::string save_dir;            // also save every learned group model here
  bool no_groups = false;          // no model per site group
  std::size_t min_group = 3;       // a group learns a model from this many pages on
  std::size_t max_learn = 20;      // pages a model is learned from (evenly spread over the group)
};

// Web archives (docs/warc.md).
struct ArchiveSettings {
  std::string input = "auto";   // auto | warc | html: what the inputs are
  std::string status = "2xx";   // 2xx | all: the HTTP statuses extracted
  std::string types;            // extra record types extracted: metadata, revisit, conversion (comma-separated)
  std::string payload = "html"; // html | any: the payloads extracted
  std::string summary;          // also write the summary as JSON to this file
  bool no_progress = false;     // no progress line on a terminal
};

// Online mode (docs/online.md): the fetcher's options and where URLs come from.
struct OnlineSettings {
  io::FetchOptions fetch;
  std::string urls_file;  // --urls FILE ("-" = stdin)
  std::string save_html;  // keep fetched pages in this folder
};

struct Settings {
  Options options;
  bool algorithm_given = false;  // the algorithm was chosen (site models then need it to be pathsim)

  // What each record holds.
  std::string format = "text";  // text, json, jsonl, markdown, paper, html, wet
  std::string url;              // the pages' URL (metadata: canonical URL, date in the URL; links)
  bool blocks = false;          // json/jsonl: the block list
  bool links = false;           // markdown: [text](url); json/jsonl with blocks: each block's links
  bool explain = false;         // json/jsonl: the algorithm's decisions (render/explain.h)

  // How the batch runs.
  std::string out_dir;          // one file per input into this folder ("" = stdout)
  bool recursive = false;       // descend into sub-folders of the inputs
  int jobs = 1;                 // worker threads (output order is kept)

  SiteSettings site;
  ArchiveSettings archive;
  OnlineSettings online;
};

}  // namespace pith::batch
