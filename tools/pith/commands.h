// The pith CLI's subcommands. main.cc builds the root CLI::App and calls one Register* per
// subcommand file; each registers its flags and a callback that stores the process exit code.
#pragma once

#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <system_error>

#include "pith/options.h"

namespace pith::cli {

// Documented exit codes (see `pith --help`).
inline constexpr int kExitOk = 0;            // every input produced a result (no-content counts as a result)
inline constexpr int kExitSomeFailed = 1;    // at least one input failed; its error record was written
inline constexpr int kExitUsage = 2;         // bad command line
inline constexpr int kExitFatal = 3;         // could not run at all (unreadable data dir, unwritable -o DIR)

// Creates `dir` and its parents; on failure says why on stderr ("pith: cannot create WHAT DIR: ...")
// and returns false, for the caller to exit with kExitFatal. Inline: the Python module compiles some
// of the commands' files without the rest of the tool.
inline bool MakeFolder(const std::string& dir, std::string_view what) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) std::cerr << "pith: cannot create " << what << " " << dir << ": " << ec.message() << "\n";
  return !ec;
}

// Adds --algorithm and the algorithm thresholds to `cmd`, writing into `options`.
void AddAlgorithmFlags(CLI::App* cmd, Options& options);

void RegisterExtract(CLI::App& root, int& exit_code);
void RegisterEval(CLI::App& root, int& exit_code);
void RegisterExplain(CLI::App& root, int& exit_code);  // explain_cmd.cc
void RegisterPlot(CLI::App& root, int& exit_code);     // plot_cmd.cc
void RegisterSite(CLI::App& root, int& exit_code);     // site_cmd.cc
void RegisterIdentify(CLI::App& root, int& exit_code); // identify_cmd.cc
void RegisterServe(CLI::App& root, int& exit_code);    // serve_cmd.cc

// `pith --version`: "pith X.Y.Z" and the libraries it was built with, one per line (version.cc).
std::string VersionText();

}  // namespace pith::cli
