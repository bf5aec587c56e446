// pith — command-line entry point. Each subcommand lives in its own file (see commands.h).
#include <csignal>
#include <iostream>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{
      "pith: extract the main content (article, thread, body text) and metadata from web pages.\n"
      "\n"
      "Examples:\n"
      "  pith extract page.html                     main text of one page\n"
      "  pith extract --format json pages/ -o out/  every HTML file of a folder, one JSON per page\n"
      "  cat page.html | pith extract - --charset gbk\n"
      "  pith eval --data ../shared/data            accuracy and speed over an evaluation corpus\n"
      "\n"
      "Exit codes: 0 every input produced a result (\"no content\" is a result); 1 some inputs failed\n"
      "(each failure still produced an error record); 2 bad command line; 3 could not run at all.",
      "pith"};
  // Writing to a reader that went away (`pith extract ... | head`) ends pith quietly, as any
  // filter, even when the parent ignored SIGPIPE (the sinks stop quietly on EPIPE too).
  std::signal(SIGPIPE, SIG_DFL);
  app.require_subcommand(1);
  app.set_version_flag("--version", pith::cli::VersionText);
  int exit_code = pith::cli::kExitOk;
  pith::cli::RegisterExtract(app, exit_code);
  pith::cli::RegisterEval(app, exit_code);
  pith::cli::RegisterExplain(app, exit_code);
  pith::cli::RegisterPlot(app, exit_code);
  pith::cli::RegisterSite(app, exit_code);
  pith::cli::RegisterIdentify(app, exit_code);
  pith::cli::RegisterServe(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : pith::cli::kExitUsage;
  }
  return exit_code;
}
