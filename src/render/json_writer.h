// Writing a JSON value as text, byte for byte as nlohmann::json::dump(indent, ' ', false,
// error_handler_t::replace) does, at several times its speed: a record's text is copied a block of
// 16 bytes at a time where it needs no escape, where nlohmann decodes every byte. Strings that are
// not valid UTF-8 (rare: a file name, an error message quoting one) are written by nlohmann itself,
// which replaces the bad bytes with U+FFFD.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace pith::render {

// Appends `j` to `out`: one line with indent < 0, else pretty-printed by `indent` spaces a level.
void AppendJson(const nlohmann::json& j, int indent, std::string* out);

}  // namespace pith::render
