// `pith extract URL...` / `pith extract --urls FILE`: online mode (paper 001), glue between the
// fetcher (fetch/fetch.h) and the extractor. Output formats are the offline mode's; JSON records add
// url (as requested), final_url, http_status, content_type, fetch_ms, attempts, and page_url (the
// metadata URL that offline records call "url"). See docs/online.md.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "fetch/fetch.h"
#include "pith/options.h"

namespace pith::cli {

struct OnlineArgs {
  io::FetchOptions fetch;
  std::string urls_file;  // --urls FILE ("-" = stdin)
  std::string save_html;  // --save-html DIR
};

// What online mode shares with offline `extract`.
struct OnlineOutput {
  std::string format;   // text, json, jsonl, paper
  std::string out_dir;  // -o DIR ("" = stdout)
  bool blocks = false;
  bool links = false;   // --links: Markdown [text](url), JSON block links
  Options options;
};

void AddOnlineFlags(CLI::App* cmd, OnlineArgs& args);
// True when the run is online: --urls was given or a positional argument looks like a URL.
bool WantsOnline(const OnlineArgs& args, const std::vector<std::string>& positional);
// Every positional argument (and every line of --urls) is a URL; returns the exit code.
int RunOnline(const OnlineArgs& args, const std::vector<std::string>& positional, const OnlineOutput& out);

}  // namespace pith::cli
