// The keyword arguments of pith.Extractor / pith.extract: every option of `pith extract` but online
// mode's, from the table of options (batch/option_table.h), so that names, defaults and checks are
// the tool's; plus the per-page output choices (format, blocks, links, explain).
#pragma once

#include <pybind11/pybind11.h>

#include "batch/settings.h"

namespace pith::python {

// What a pith.Extractor was told: the settings of `pith extract` (the batch options, output,
// recursive and jobs, are kept for pith.dask, which reads them from Extractor.options).
using Config = batch::Settings;

// Parses keyword arguments (None = the default). Raises TypeError for an unknown keyword or a value
// of the wrong type, ValueError (pith.InvalidArgumentError) for a value the tool would refuse.
Config ParseKeywords(const pybind11::dict& kwargs);

// Every keyword: [{"name", "flag", "kind" (int, float, bool, flag, str, list), "default", "help",
// "group" ("extract", "batch", "algorithm", "site", "archive")}] in the order of `pith extract --help`.
pybind11::list OptionTable();

}  // namespace pith::python
