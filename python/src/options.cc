// Keyword arguments → the tool's flags → Options (options.h).
#include "options.h"

#include <algorithm>
#include <memory>
#include <vector>

#include <CLI/CLI.hpp>

#include "errors.h"
#include "pith/commands.h"

namespace py = pybind11;

namespace pith::python {
namespace {

// The keywords of one pith.Extractor, defined by the tool's own flag functions (AddAlgorithmFlags,
// AddSiteFlags, AddArchiveFlags) plus the page outputs and batch options of `pith extract`, whose
// meaning in Python is described here.
struct Parser {
  Config config;
  CLI::App app{"pith.Extractor"};
  std::vector<std::pair<const CLI::Option*, const char*>> groups;

  Parser() {
    app.allow_windows_style_options(false);
    Config& c = config;
    Group("extract", [&] {
      app.add_option("-f,--format", c.format,
                     "what pith.extract returns: text (str, default), markdown (str), json (dict: the fields of "
                     "`pith extract -f json`), jsonl (str: one JSON line, as `pith extract -f jsonl` writes it), "
                     "paper (str: paper 001's layout), html (str: the purified page, kept elements with their "
                     "links, paper 002)")
          ->check(CLI::IsMember({"text", "json", "jsonl", "markdown", "paper", "html"}));
      app.add_option("--url", c.url, "the page's URL when a call gives none (for metadata: canonical URL, date in the URL)");
      app.add_flag("--blocks", c.blocks,
                   "json/jsonl and Result.to_dict(): include the list of blocks: kind, level, line, text, and "
                   "number, item, depth, row where they apply");
      app.add_flag("--links", c.links,
                   "markdown: write linked text as [text](url), URLs resolved against the URL and <base href>; "
                   "json/jsonl with blocks: add each block's links {begin, end, url} (byte offsets)");
      app.add_flag("--explain", c.explain,
                   "json/jsonl and Result.explain: the algorithm's decisions and every text block with its "
                   "verdict, score and reason");
    });
    Group("batch", [&] {
      app.add_option("-o,--output", c.output, "pith.dask: the output folder (OUT_DIR)");
      app.add_flag("-r,--recursive", c.recursive, "pith.dask: descend into sub-folders of the inputs");
      app.add_option("-j,--jobs", c.jobs, "pith.dask: threads per worker (default 1)")->check(CLI::Range(1, 256));
    });
    Group("algorithm", [&] { cli::AddAlgorithmFlags(&app, c.options); });
    Group("site", [&] { cli::AddSiteFlags(&app, c.site); });
    Group("archive", [&] { cli::AddArchiveFlags(&app, c.archive); });
  }

  template <typename F>
  void Group(const char* name, F add) {
    const std::size_t before = app.get_options().size();
    add();
    const auto options = app.get_options();
    for (std::size_t i = before; i < options.size(); ++i) groups.emplace_back(options[i], name);
  }

  const char* GroupOf(const CLI::Option* opt) const {
    for (const auto& [o, g] : groups) {
      if (o == opt) return g;
    }
    return "";
  }
};

std::string KeywordOf(const CLI::Option* opt) {
  std::string name = opt->get_lnames().empty() ? opt->get_single_name() : opt->get_lnames().front();
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

// int, float, bool (an option taking 0/1), flag (present or not), str, list.
std::string KindOf(const CLI::Option* opt) {
  if (opt->get_expected_max() == 0) return "flag";
  if (opt->get_items_expected_max() > 1) return "list";
  std::string type = opt->get_type_name();
  type = type.substr(0, type.find(':'));
  if (type == "INT" || type == "UINT") return "int";
  if (type == "FLOAT") return "float";
  if (type == "BOOLEAN") return "bool";
  return "str";
}

// The tool's messages name flags ("--lb-thickness: Value 20 not in range 1 to 10"); Python's name
// keywords.
std::string Keywordize(std::string message, const CLI::App& app) {
  for (const CLI::Option* opt : app.get_options()) {
    for (const std::string& l : opt->get_lnames()) {
      const std::string flag = "--" + l;
      std::string kw = l;
      std::replace(kw.begin(), kw.end(), '-', '_');
      for (std::size_t at = message.find(flag); at != std::string::npos; at = message.find(flag, at + kw.size())) {
        const std::size_t end = at + flag.size();
        if (end < message.size() && (std::isalnum(static_cast<unsigned char>(message[end])) || message[end] == '-')) continue;
        message.replace(at, flag.size(), kw);
      }
    }
  }
  return message;
}

std::string ValueText(const py::handle& v, const std::string& keyword, const std::string& kind) {
  const bool is_bool = py::isinstance<py::bool_>(v);
  if (kind == "bool") {
    if (!is_bool && !py::isinstance<py::int_>(v)) throw py::type_error(keyword + " takes a bool");
    return py::cast<bool>(v) ? "1" : "0";
  }
  if (kind == "int") {
    if (is_bool || !py::isinstance<py::int_>(v)) throw py::type_error(keyword + " takes an int");
    return py::str(v).cast<std::string>();
  }
  if (kind == "float") {
    if (is_bool || !(py::isinstance<py::int_>(v) || py::isinstance<py::float_>(v))) {
      throw py::type_error(keyword + " takes a number");
    }
    return py::repr(py::float_(py::reinterpret_borrow<py::object>(v))).cast<std::string>();  // the shortest text that reads back as the same double
  }
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (py::hasattr(v, "__fspath__")) return py::module_::import("os").attr("fspath")(v).cast<std::string>();
  throw py::type_error(keyword + " takes a str");
}

}  // namespace

Config ParseKeywords(const py::dict& kwargs) {
  auto parser = std::make_unique<Parser>();
  CLI::App& app = parser->app;
  std::vector<std::string> args;
  for (const auto& [key, value] : kwargs) {
    const std::string keyword = py::str(key).cast<std::string>();
    std::string flag = keyword;
    std::replace(flag.begin(), flag.end(), '_', '-');
    const CLI::Option* opt = flag.size() > 1 ? app.get_option_no_throw("--" + flag) : nullptr;
    if (!opt || keyword.find('-') != std::string::npos) {
      throw py::type_error("unexpected keyword argument '" + keyword + "' (pith.option_names() lists them)");
    }
    if (value.is_none()) continue;
    const std::string kind = KindOf(opt);
    if (kind == "flag") {
      if (!py::isinstance<py::bool_>(value)) throw py::type_error(keyword + " takes a bool");
      if (value.cast<bool>()) args.push_back("--" + flag);
    } else if (kind == "list") {
      if (py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value) || !py::isinstance<py::iterable>(value)) {
        throw py::type_error(keyword + " takes a list of paths");
      }
      args.push_back("--" + flag);
      for (const py::handle item : value) args.push_back(ValueText(item, keyword, "str"));
    } else {
      args.push_back("--" + flag + "=" + ValueText(value, keyword, kind));
    }
    if (flag == "algorithm") parser->config.algorithm_given = true;
  }
  std::reverse(args.begin(), args.end());  // CLI::App::parse takes its arguments last first
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    RaiseInvalidArgument(Keywordize(e.what(), app));
  }
  Config config = std::move(parser->config);
  config.site.cmd = nullptr;  // the App is gone; algorithm_given says what SwitchToPathSim asked it
  return config;
}

py::list OptionTable() {
  Parser parser;
  const Options defaults;
  py::list table;
  for (CLI::Option* opt : parser.app.get_options()) {
    if (opt->get_lnames().empty() || opt->get_lnames().front() == "help") continue;
    const std::string keyword = KeywordOf(opt);
    const std::string kind = KindOf(opt);
    opt->capture_default_str();
    const std::string text = opt->get_default_str();
    py::object value = py::none();
    if (keyword == "algorithm") {
      value = py::str(AlgorithmName(defaults.algorithm));
    } else if (kind == "flag") {
      value = py::bool_(false);
    } else if (!text.empty()) {
      if (kind == "int") value = py::int_(std::stoll(text));
      if (kind == "float") value = py::float_(std::stod(text));
      if (kind == "bool") value = py::bool_(text == "1" || text == "true");
      if (kind == "str") value = py::str(text);
    }
    py::dict row;
    row["name"] = keyword;
    row["flag"] = "--" + opt->get_lnames().front();
    row["kind"] = kind;
    row["default"] = value;
    row["help"] = opt->get_description();
    row["group"] = parser.GroupOf(opt);
    table.append(row);
  }
  return table;
}

}  // namespace pith::python
