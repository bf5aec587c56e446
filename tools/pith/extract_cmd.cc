// `pith extract PATH...`: paper 001's offline mode (files, folders, stdin) → text/json/jsonl/paper.
// Every input yields exactly one record: its result, or an error record; the batch always goes on.
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <thread>

#include "batch/records.h"
#include "commands.h"
#include "io/inputs.h"
#include "io/ordered_pool.h"
#include "pith/pith.h"
#include "render/formats.h"
#include "site_cmd.h"
#include "urls.h"
#include "warc_cmd.h"

namespace pith::cli {
namespace {

struct ExtractArgs {
  std::vector<std::string> paths;
  std::string out_dir;
  std::string format = "text";
  std::string url;
  bool recursive = false;
  bool blocks = false;
  bool links = false;
  int jobs = 1;
  Options options;
  SiteArgs site;  // --site-pages / --site-model / batch site groups (site_cmd.h)
  OnlineArgs online;  // URL arguments / --urls: online mode (urls.h)
  bool explain = false;      // --explain: decisions and per-block scores in JSON (render/explain.h)
  ArchiveArgs archive;       // WARC/ARC inputs and --format wet (warc_cmd.h)
  CLI::App* app = nullptr;   // to tell whether --format was given
};

struct Record {
  Result result;
  bool failed = false;   // error other than no_content
  std::string rendered;  // the output for this input
  nlohmann::json explain;  // --explain: render::ExplainJson of the page (null otherwise)
};

std::string Render(const ExtractArgs& a, const io::InputItem& item, const Result& r, const nlohmann::json& explain) {
  const bool failed = !r.status.ok() && r.status.code() != StatusCode::kNoContent;
  if (a.format == "json") return render::DumpJson(render::ToJson(r, item.name, a.blocks, &explain, a.links), 2) + "\n";
  if (a.format == "jsonl") return render::DumpJson(render::ToJson(r, item.name, a.blocks, &explain, a.links)) + "\n";
  if (failed) return {};
  return render::ToPlainFormat(a.format, r, a.links);
}

int RunExtract(ExtractArgs& a) {
  const bool format_given = a.app && a.app->count("--format") > 0;
  // --explain implies JSON unless a format is given.
  const bool json = a.format == "json" || a.format == "jsonl" || (a.explain && !format_given);
  if (a.links && a.format != "markdown" && !(json && a.blocks)) {
    std::cerr << "pith: --links needs --format markdown, or --format json/jsonl with --blocks\n";
    return kExitUsage;
  }
  if (WantsOnline(a.online, a.paths)) {
    if (a.explain || !a.site.pages.empty() || !a.site.model.empty()) {  // per page, as with archives
      std::cerr << "pith: --explain and site models are not available in online mode\n";
      return kExitUsage;
    }
    return RunOnline(a.online, a.paths, {a.format, a.out_dir, a.blocks, a.links, a.options});
  }
  if (a.paths.empty()) a.paths.push_back("-");
  if (a.explain && a.format != "json" && a.format != "jsonl") {
    if (format_given) {
      std::cerr << "pith: --explain needs --format json or jsonl\n";
      return kExitUsage;
    }
    a.format = "json";
  }
  const std::vector<io::InputItem> items = io::ExpandInputs(a.paths, a.recursive);
  if (a.format == "wet" || std::any_of(items.begin(), items.end(), [&](const auto& i) { return IsArchive(i, a.archive); })) {
    if (a.explain || a.format == "json" || a.format == "html" || !a.site.pages.empty() || !a.site.model.empty()) {
      std::cerr << "pith: web archives are written as jsonl, text, markdown, paper or wet (without --explain or site models)\n";
      return kExitUsage;
    }
    return RunArchiveBatch(items, {a.format, a.out_dir, a.url, a.blocks, a.links, a.jobs}, a.archive, a.options);
  }
  if (!a.out_dir.empty() && !MakeFolder(a.out_dir, "output folder")) return kExitFatal;
  SiteExtractors sites;
  if (const int rc = sites.Prepare(a.site, a.url, items, a.options); rc != kExitOk) return rc;
  const Extractor extractor(a.options);
  std::map<std::string, int> stems_used;
  bool any_failed = false;
  const bool json_array = a.format == "json" && a.out_dir.empty() && items.size() > 1;
  if (json_array) std::cout << "[\n";

  std::function<Record(std::size_t)> work = [&](std::size_t i) {
    Record rec;
    std::string bytes, html;  // html: --format html, the purified page (render/html.h)
    Status s = ReadPage(items[i], a.options.max_input_bytes, &bytes);  // gzip inflated (warc_cmd.h)
    if (s.ok()) {
      PageInfo info;
      info.url = a.url;
      rec.result = batch::ExtractPage(sites.For(i, extractor), bytes, info, a.explain ? &rec.explain : nullptr,
                                      a.format == "html" ? &html : nullptr);
    } else {
      rec.result.status = s;
      rec.result.algorithm = a.options.algorithm;
    }
    rec.failed = !rec.result.status.ok() && rec.result.status.code() != StatusCode::kNoContent;
    rec.rendered = a.format == "html" ? html : Render(a, items[i], rec.result, rec.explain);
    return rec;
  };
  std::function<void(std::size_t, Record&)> emit = [&](std::size_t i, Record& rec) {
    const io::InputItem& item = items[i];
    if (rec.failed) {
      any_failed = true;
      std::cerr << "pith: " << item.name << ": " << rec.result.status.ToString() << "\n";
    }
    if (!a.out_dir.empty()) {
      std::string stem = io::OutputStem(item);
      const int n = ++stems_used[stem];
      if (n > 1) stem += "-" + std::to_string(n);
      const bool text_error = rec.failed && (render::IsPlainFormat(a.format) || a.format == "html");
      const std::string path = a.out_dir + "/" + stem + (text_error ? ".error" : render::FileExtension(a.format));
      std::ofstream f(path, std::ios::binary);
      f << (text_error ? item.name + ": " + rec.result.status.ToString() + "\n" : rec.rendered);
      if (!f) {
        std::cerr << "pith: cannot write " << path << "\n";
        any_failed = true;
      }
      return;
    }
    if (json_array) {
      std::string body = rec.rendered;
      if (!body.empty() && body.back() == '\n') body.pop_back();
      std::cout << body << (i + 1 < items.size() ? ",\n" : "\n");
    } else {
      if (items.size() > 1 && render::IsPlainFormat(a.format)) {
        std::cout << "==> " << item.name << " <==\n";
      }
      std::cout << rec.rendered;
      if (items.size() > 1 && render::IsPlainFormat(a.format)) std::cout << "\n";
    }
    std::cout.flush();
  };
  io::RunOrdered<Record>(items.size(), a.jobs, work, emit);
  if (json_array) std::cout << "]\n";
  return any_failed ? kExitSomeFailed : kExitOk;
}

}  // namespace

void RegisterExtract(CLI::App& root, int& exit_code) {
  auto args = std::make_shared<ExtractArgs>();
  CLI::App* cmd = root.add_subcommand(
      "extract",
      "Extract main content from HTML files, folders of HTML files, or stdin (-).\n"
      "Text output separates paragraphs by blank lines (a <br> inside one is a line break); with\n"
      "several inputs on stdout each starts with '==> NAME <=='. Errors go to stderr (and, with -o,\n"
      "into NAME.error for text formats or into the JSON record).");
  cmd->add_option("paths", args->paths, "HTML files (.html.gz too), web archives (WARC/ARC, plain, .gz or .zst), folders "
                  "(every .html/.htm/.html.gz and archive file in them), or - for stdin");
  cmd->add_option("-o,--output", args->out_dir, "write one file per input into this folder (NAME.txt, NAME.json, ...)");
  cmd->add_option("-f,--format", args->format, "text (default), json, jsonl, markdown, paper (paper 001's layout), html (the purified page: kept "
                  "elements with their links, paper 002), or wet (a WARC of conversion records, as Common Crawl's WET files)")
      ->check(CLI::IsMember({"text", "json", "jsonl", "markdown", "paper", "html", "wet"}));
  cmd->add_option("--url", args->url, "the page's URL (for metadata: canonical URL, date in the URL)");
  cmd->add_flag("-r,--recursive", args->recursive, "descend into sub-folders");
  cmd->add_flag("--blocks", args->blocks, "JSON: include the list of blocks: kind, level (heading level; for list items, how many lists hold them), "
                "line, text; for list items their number in an ordered list (0 in others); item (an id shared by the blocks "
                "of one list item) and row (an id shared by the cells of one table row) where they apply");
  cmd->add_flag("--links", args->links,
                "markdown: write linked text as [text](url), URLs resolved against --url and <base href>; "
                "JSON with --blocks: add each block's links {begin, end, url}");
  cmd->add_option("-j,--jobs", args->jobs, "worker threads (default 1; output order is kept)")
      ->check(CLI::Range(1, 256));
  AddAlgorithmFlags(cmd, args->options);
  AddSiteFlags(cmd, args->site);
  AddOnlineFlags(cmd, args->online);
  AddArchiveFlags(cmd, args->archive);
  cmd->add_flag("--explain", args->explain,
                "JSON: add \"explain\": the algorithm's decisions and every text block with its verdict, "
                "score and reason (implies --format json)");
  args->app = cmd;
  cmd->callback([args, &exit_code]() { exit_code = RunExtract(*args); });
}

}  // namespace pith::cli
