// `pith serve`: extraction as an HTTP service (src/serve/, docs/serve.md). This file only maps
// flags to the server's limits and the service's configuration, then runs until SIGTERM/SIGINT.
// The options of `pith extract` that a request may give (the table's server options) are flags
// here too: they set the defaults every request starts from.
#include <fstream>
#include <iostream>
#include <memory>
#include <thread>

#include "commands.h"
#include "serve/http_server.h"
#include "serve/service.h"

namespace pith::cli {
namespace {

struct ServeArgs {
  std::string listen = "127.0.0.1:8080";
  serve::HttpLimits limits;
  serve::ServiceConfig service;
  std::string token_file;
  bool allow_private = false;
  bool quiet = false;
  bool format_given = false;
};

// Tokens, one a line (blank lines and # comments ignored); false when the file cannot be read or holds none.
bool ReadTokens(const std::string& path, std::vector<std::string>* tokens) {
  std::ifstream in(path);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    tokens->push_back(line.substr(start));
  }
  return !tokens->empty();
}

int RunServe(ServeArgs& a) {
  if (!a.token_file.empty() && !ReadTokens(a.token_file, &a.service.tokens)) {
    std::cerr << "pith serve: cannot read a token from " << a.token_file << "\n";
    return kExitFatal;
  }
  batch::Settings& d = a.service.defaults;
  if (!a.format_given) d.format = "jsonl";
  std::string bad = batch::CheckCombination(d, true, batch::kTool);
  if (d.format == "wet") bad = "--format wet is the tool's only (pith extract -f wet)";
  if (d.archive.input == "warc") bad = "--input warc: the server reads pages (web archives: pith extract)";
  if (!bad.empty()) {
    std::cerr << "pith serve: " << bad << "\n";
    return kExitUsage;
  }
  a.service.jobs = a.limits.workers;
  a.service.fetch.public_only = !a.allow_private;
  a.service.log = !a.quiet;
  serve::Service service(a.service);
  serve::HttpServer server(a.limits, service);
  if (const std::string problem = server.Listen(a.listen); !problem.empty()) {
    std::cerr << "pith serve: " << problem << "\n";
    return kExitFatal;
  }
  server.StopOnSignals();
  const std::string host = a.listen.substr(0, a.listen.rfind(':'));
  std::cerr << "pith serve: listening on http://" << (host.empty() ? "127.0.0.1" : host) << ":" << server.port()
            << "/ (" << a.limits.workers << " workers" << (a.service.tokens.empty() ? "" : ", tokens required")
            << (a.allow_private ? ", private addresses allowed" : "") << ")" << std::endl;
  server.Run();
  std::cerr << "pith serve: stopped" << std::endl;
  return kExitOk;
}

}  // namespace

void RegisterServe(CLI::App& root, int& exit_code) {
  auto args = std::make_shared<ServeArgs>();
  args->limits.workers = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  CLI::App* cmd = root.add_subcommand(
      "serve",
      "Serve extraction over HTTP/1.1: POST /v1/extract (a page in, its record out), GET\n"
      "/v1/extract?url=URL and GET /https://host/path (fetched, behind a forgery guard), POST\n"
      "/v1/batch (NDJSON), GET /healthz, /metrics (Prometheus) and / (a page to try it). Stops on\n"
      "SIGTERM or SIGINT after answering what is in flight. See docs/serve.md.\n"
      "Example: pith serve --listen 127.0.0.1:8080");
  serve::HttpLimits& l = args->limits;
  serve::ServiceConfig& s = args->service;
  cmd->add_option("--listen", args->listen, "address and port to listen on (default 127.0.0.1:8080; port 0 = any free one)");
  cmd->add_option("--threads", l.workers, "extraction threads (default: one per core)")->check(CLI::Range(1, 256));
  cmd->add_option("--queue", l.queue, "requests waiting for a thread before 429 (default 64)")->check(CLI::Range(0, 100000));
  cmd->add_option("--max-streams", l.streams, "fetches and batches at once before 429 (default 16)")
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--max-connections", l.max_connections, "open connections; more are closed (default 4096)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--max-request-body", l.max_body_bytes, "largest request body as sent, in bytes (default 32 MiB; 413 beyond)");
  cmd->add_option("--max-header", l.max_header_bytes, "largest request header, in bytes (default 16 KiB; 431 beyond)")
      ->check(CLI::Range(1024, 1 << 20));
  cmd->add_option("--max-inflated", s.max_inflated_bytes, "largest gzip request body once inflated (default 64 MiB; 413 beyond)");
  cmd->add_option("--max-line", s.max_line_bytes, "longest NDJSON line of a batch, in bytes (default 64 MiB; its record is too_large)");
  cmd->add_option("--header-timeout", l.header_timeout, "seconds for a whole request header (default 10)")
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_option("--idle-timeout", l.idle_timeout, "seconds a keep-alive connection may wait idle (default 30)")
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_option("--body-timeout", l.body_timeout, "seconds for a whole request body (default 60)")
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_option("--write-timeout", l.write_timeout, "seconds to send a response or a chunk of one (default 60)")
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_option("--request-timeout", s.request_timeout, "seconds a request may wait and fetch (default 30)")
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_option("--token-file", args->token_file, "require 'Authorization: Bearer TOKEN' with a token from FILE (one a line)");
  cmd->add_option("--cors-origin", s.cors_origins, "allow browser calls from this origin (repeatable; default none)");
  cmd->add_flag("--allow-private", args->allow_private,
                "let fetches reach loopback, private, link-local and other non-public addresses (intranet use)");
  cmd->add_flag("-q,--quiet", args->quiet, "no request log on stderr");
  const std::string fetch = "Fetching (GET /v1/extract?url=, the short form, URL lines of a batch)";
  io::FetchOptions& f = s.fetch;
  f.retries = 1;
  cmd->add_option("--connect-timeout", f.connect_timeout, "seconds to connect (default 10)")
      ->check(CLI::Range(0.001, 3600.0))->group(fetch);
  cmd->add_option("--timeout", f.timeout, "seconds for a whole transfer incl. redirects (default 30)")
      ->check(CLI::Range(0.001, 86400.0))->group(fetch);
  cmd->add_option("--max-redirects", f.max_redirects, "redirects followed (default 10)")->check(CLI::Range(0, 100))->group(fetch);
  cmd->add_option("--max-body", f.max_body_bytes, "largest fetched body once decoded, in bytes (default 16 MiB)")->group(fetch);
  cmd->add_option("--user-agent", f.user_agent, "User-Agent header")->group(fetch);
  cmd->add_option("--retries", f.retries, "retries of timeouts, dropped connections, 429, 5xx (default 1)")
      ->check(CLI::Range(0, 20))->group(fetch);
  cmd->add_option("--per-host", f.max_per_host, "fetches of one host in flight at once in a batch (default 2)")
      ->check(CLI::Range(1, 1024))->group(fetch);
  cmd->add_option("--per-host-delay", f.per_host_delay, "seconds between two fetch starts on one host in a batch (default 0)")
      ->check(CLI::Range(0.0, 3600.0))->group(fetch);
  const std::size_t before = cmd->get_options().size();
  AddTableFlags(cmd, s.defaults, {batch::OptionGroup::kExtract, batch::OptionGroup::kAlgorithm, batch::OptionGroup::kArchive},
                batch::kServer);
  const std::vector<CLI::Option*> options = cmd->get_options();
  for (std::size_t i = before; i < options.size(); ++i) {
    options[i]->group("Defaults of every request (the options of pith extract; a request's query parameters override them)");
  }
  cmd->get_option("--format")->description(
      "what a request's page becomes when its query names no format: jsonl (default; its record on one line), json, "
      "markdown, text, paper or html (see pith extract --help)");
  cmd->callback([args, cmd, &exit_code]() {
    args->format_given = cmd->count("--format") > 0;
    exit_code = RunServe(*args);
  });
}

}  // namespace pith::cli
