// One page through the pipeline for the commands that look at a single page closely (`pith explain`,
// `pith plot`): read it, prepare the --site-* model, run, and keep the per-page state for the report.
#pragma once

#include <string>

#include "core/pipeline.h"
#include "pith/pith.h"
#include "batch/settings.h"

namespace pith::cli {

struct OnePage {
  std::string name;        // the input's display name ("-" is "<stdin>")
  Options options;         // as run (the site flags may switch the algorithm to pathsim)
  algo::PageState state;   // Document, annotation and selection, for the report
  Result result;
};

// Reads `path` (a file, or - for stdin), applies the site model of `settings` (--site-pages,
// --site-model), and runs the pipeline into *page with the settings' options and URL. Returns
// kExitOk, or the exit code to stop with after printing why, each line starting with `command`
// ("pith explain"). A page without main content is a result, not an error.
int RunOnePage(const std::string& command, const std::string& path, const batch::Settings& settings, OnePage* page);

// Writes `bytes` to the file `path`. False when it cannot.
bool WriteFileBytes(const std::string& path, const std::string& bytes);

}  // namespace pith::cli
