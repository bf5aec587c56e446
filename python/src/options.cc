// Keyword arguments → the table of options (batch/option_table.h) → Settings (options.h).
#include "options.h"

#include <string>
#include <vector>

#include "batch/option_table.h"
#include "errors.h"

namespace py = pybind11;

namespace pith::python {
namespace {

bool IsKeyword(const batch::OptionSpec& spec) { return (spec.fronts & batch::kPython) != 0; }

// int, float, bool (an option taking 0/1), flag (present or not), str, list.
const char* KindOf(const batch::OptionSpec& spec) {
  switch (spec.kind) {
    case batch::OptionKind::kFlag: return "flag";
    case batch::OptionKind::kBool: return "bool";
    case batch::OptionKind::kInt:
    case batch::OptionKind::kBytes: return "int";
    case batch::OptionKind::kNumber: return "float";
    case batch::OptionKind::kList: return "list";
    default: return "str";
  }
}

// A keyword's value as the table's text; TypeError for a value of the wrong type.
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
  std::vector<batch::GivenOption> given;
  for (const auto& [key, value] : kwargs) {
    const std::string keyword = py::str(key).cast<std::string>();
    const batch::OptionSpec* spec = batch::FindOption(keyword);
    if (!spec || spec->keyword != keyword || !IsKeyword(*spec)) {
      throw py::type_error("unexpected keyword argument '" + keyword + "' (pith.option_names() lists them)");
    }
    if (value.is_none()) continue;
    const std::string kind = KindOf(*spec);
    batch::GivenOption g{spec, {}};
    if (kind == "flag") {
      if (!py::isinstance<py::bool_>(value)) throw py::type_error(keyword + " takes a bool");
      if (!value.cast<bool>()) continue;
    } else if (kind == "list") {
      if (py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value) || !py::isinstance<py::iterable>(value)) {
        throw py::type_error(keyword + " takes a list of paths");
      }
      for (const py::handle item : value) g.values.push_back(ValueText(item, keyword, "str"));
    } else {
      g.values.push_back(ValueText(value, keyword, kind));
    }
    given.push_back(std::move(g));
  }
  Config config;
  std::string bad = batch::SetOptions(std::move(given), config, batch::kPython);
  if (bad.empty()) bad = batch::CheckCombination(config, true, batch::kPython);
  if (!bad.empty()) RaiseInvalidArgument(bad);
  return config;
}

py::list OptionTable() {
  py::list table;
  for (const batch::OptionSpec& spec : batch::OptionTable()) {
    if (!IsKeyword(spec)) continue;
    const std::string kind = KindOf(spec);
    const std::string text = batch::DefaultText(spec);
    py::object value = py::none();
    if (kind == std::string("flag")) {
      value = py::bool_(false);
    } else if (!text.empty()) {
      if (kind == std::string("int")) value = py::int_(std::stoll(text));
      if (kind == std::string("float")) value = py::float_(std::stod(text));
      if (kind == std::string("bool")) value = py::bool_(text == "1");
      if (kind == std::string("str")) value = py::str(text);
    }
    py::dict row;
    row["name"] = spec.keyword;
    row["flag"] = "--" + spec.flag;
    row["kind"] = kind;
    row["default"] = value;
    row["help"] = batch::HelpText(spec);
    row["group"] = batch::OptionGroupName(spec.group);
    table.append(row);
  }
  return table;
}

}  // namespace pith::python
