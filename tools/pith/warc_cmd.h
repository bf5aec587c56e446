// Web archives on the command line: `pith extract crawl.warc.gz -f jsonl` (docs/warc.md).
//
// extract_cmd.cc hands its batch here when an input is a WARC/ARC file (sniffed from its name and
// bytes, or forced with --input warc) or when --format wet is asked for. Every archive record comes
// out as one JSONL line (an extracted page or an error record) or is skipped and counted by reason;
// the summary goes to stderr (and to --summary FILE.json). Page inputs in the same batch (.html,
// .html.gz) are read by ReadPage and give one record each.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "io/inputs.h"
#include "pith/options.h"
#include "pith/status.h"

namespace pith::cli {

struct ArchiveArgs {
  std::string input = "auto";                   // --input auto|warc|html
  std::string status = "2xx";                   // --warc-status 2xx|all
  std::string types;                            // --warc-types: extra record types to extract (comma-separated)
  std::string payload = "html";                 // --warc-payload html|any
  std::string summary;                          // --summary FILE.json
  bool no_progress = false;                     // --no-progress
};

void AddArchiveFlags(CLI::App* cmd, ArchiveArgs& args);

// Whether `item` is a web archive: --input says so, or (auto) its name ends in .warc, .arc (plus
// .gz or .zst), or its first bytes are a WARC/ARC record, plain or compressed. For stdin the bytes
// read to tell are kept for ReadPage / the archive reader.
bool IsArchive(const io::InputItem& item, const ArchiveArgs& args);

// Reads a page input completely, as io::ReadInput does, but inflates gzip bytes (a .html.gz file,
// gzip on stdin) with `max_bytes` applied to the inflated size, and reads stdin after the bytes
// IsArchive took from it.
Status ReadPage(const io::InputItem& item, std::size_t max_bytes, std::string* out);

struct ArchiveOutput {
  std::string format;   // jsonl, text, markdown, paper or wet
  std::string out_dir;  // -o DIR: DIR/<stem>.jsonl (or .txt, .md, .warc.wet.gz) per input
  std::string url;      // --url, for page inputs
  bool blocks = false, links = false;
  int jobs = 1;
};

// Runs the whole batch. Returns the process exit code.
int RunArchiveBatch(const std::vector<io::InputItem>& items, const ArchiveOutput& out, const ArchiveArgs& args,
                    const Options& options);

}  // namespace pith::cli
