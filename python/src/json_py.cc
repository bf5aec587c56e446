// nlohmann::json → Python (json_py.h).
#include "json_py.h"

#include <cmath>
#include <string>

#include "render/formats.h"

namespace py = pybind11;

namespace pith::python {

py::str Utf8Str(const std::string& s) {
  PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), nullptr);
  if (o) return py::reinterpret_steal<py::str>(o);
  PyErr_Clear();
  // Not UTF-8: the text the tool writes, read back (DumpJson's replacement of each bad sequence).
  const std::string fixed = nlohmann::json::parse(render::DumpJson(nlohmann::json(s))).get<std::string>();
  return py::str(fixed);
}

py::object ToPython(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null:
      return py::none();
    case nlohmann::json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float: {
      // NaN and infinity are null in the tool's JSON (explain's page-type features of a page
      // without a URL): None here, so that a dict equals the tool's record read back.
      const double d = j.get<double>();
      return std::isfinite(d) ? py::object(py::float_(d)) : py::object(py::none());
    }
    case nlohmann::json::value_t::string:
      return Utf8Str(j.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
      py::list list(j.size());
      std::size_t i = 0;
      for (const auto& v : j) list[i++] = ToPython(v);
      return list;
    }
    case nlohmann::json::value_t::object: {
      py::dict dict;
      for (const auto& [k, v] : j.items()) dict[Utf8Str(k)] = ToPython(v);
      return dict;
    }
    default:  // binary, discarded: never in pith's records
      return py::none();
  }
}

}  // namespace pith::python
