// nlohmann::json → Python objects (dict, list, str, int, float, bool, None), for records built by
// the same code as the tool's JSON (render::ToJson, batch::ArchiveRecordJson).
#pragma once

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

namespace pith::python {

// Objects keep the JSON's key order (the tool's: sorted). A string that is not UTF-8 (a URL or a file
// name is bytes) becomes what the tool writes for it: its bad bytes replaced by U+FFFD as
// render::DumpJson replaces them.
pybind11::object ToPython(const nlohmann::json& j);

// A str of UTF-8 bytes, bad bytes replaced as ToPython replaces them.
pybind11::str Utf8Str(const std::string& s);

}  // namespace pith::python
