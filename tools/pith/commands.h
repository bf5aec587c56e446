// The pith CLI's subcommands. main.cc builds the root CLI::App and calls one Register* per
// subcommand file; each registers its flags and a callback that stores the process exit code.
#pragma once

#include <CLI/CLI.hpp>

#include <initializer_list>
#include <string>
#include <string_view>

#include "batch/option_table.h"
#include "batch/settings.h"

namespace pith::cli {

// Documented exit codes (see `pith --help`).
inline constexpr int kExitOk = 0;            // every input produced a result (no-content counts as a result)
inline constexpr int kExitSomeFailed = 1;    // at least one input failed; its error record was written
inline constexpr int kExitUsage = 2;         // bad command line
inline constexpr int kExitFatal = 3;         // could not run at all (unreadable data dir, unwritable -o DIR)

// Creates `dir` and its parents; on failure says why on stderr ("pith: cannot create WHAT DIR: ...")
// and returns false, for the caller to exit with kExitFatal.
bool MakeFolder(const std::string& dir, std::string_view what);

// Adds the options of `groups` from the table of options (batch/option_table.h) to `cmd`, writing
// into `settings`: those the tool takes, or (front kServer: `pith serve`'s defaults) the server.
void AddTableFlags(CLI::App* cmd, batch::Settings& settings, std::initializer_list<batch::OptionGroup> groups,
                   batch::Front front = batch::kTool);

void RegisterExtract(CLI::App& root, int& exit_code);  // extract_cmd.cc
void RegisterEval(CLI::App& root, int& exit_code);     // eval_cmd.cc
void RegisterExplain(CLI::App& root, int& exit_code);  // explain_cmd.cc
void RegisterPlot(CLI::App& root, int& exit_code);     // plot_cmd.cc
void RegisterSite(CLI::App& root, int& exit_code);     // site_cmd.cc
void RegisterIdentify(CLI::App& root, int& exit_code); // identify_cmd.cc
void RegisterServe(CLI::App& root, int& exit_code);    // serve_cmd.cc

// `pith --version`: "pith X.Y.Z" and the libraries it was built with, one per line (version.cc).
std::string VersionText();

}  // namespace pith::cli
