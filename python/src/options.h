// The keyword arguments of pith.Extractor / pith.extract: every option of `pith extract` (the
// tool's own flag definitions read them, so names, defaults and checks are the tool's), plus the
// per-page output choices (format, blocks, links, explain).
#pragma once

#include <string>

#include <pybind11/pybind11.h>

#include "pith/options.h"
#include "pith/site_cmd.h"
#include "pith/warc_cmd.h"

namespace pith::python {

struct Config {
  Options options;
  cli::ArchiveArgs archive;  // input, warc_status, warc_types, warc_payload, summary, no_progress
  cli::SiteArgs site;        // site_pages, site_model and the batch site-group options
  std::string format = "text";
  std::string url;           // the pages' URL when a call gives none (the tool's --url)
  bool blocks = false, links = false, explain = false;
  bool algorithm_given = false;
  // Batch options of the tool (output, recursive, jobs): accepted and kept for pith.dask, which
  // reads them from Extractor.options; a single page ignores them.
  std::string output;
  bool recursive = false;
  int jobs = 1;
};

// Parses keyword arguments (None = the default). Raises TypeError for an unknown keyword or a value
// of the wrong type, ValueError (pith.InvalidArgumentError) for a value the tool would refuse.
Config ParseKeywords(const pybind11::dict& kwargs);

// Every keyword: [{"name", "flag", "kind" (int, float, bool, flag, str, list), "default", "help",
// "group" ("extract", "algorithm", "site", "archive", "batch")}] in the order of `pith extract --help`.
pybind11::list OptionTable();

}  // namespace pith::python
