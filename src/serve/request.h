// The untrusted request side of `pith serve`, apart from HTTP itself (which Boost.Beast parses):
// a request target's path and query parameters, the options they set (the table's, option_table.h),
// the short form's URL (GET /https://host/path), and the lines of a POST /v1/batch body. Pure
// functions over bytes, fuzzed by fuzz/serve_request_fuzz.cc.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "batch/settings.h"

namespace pith::serve {

// %XX and '+' (a space, in a query) decoded; nullopt for a malformed escape or a NUL byte.
std::optional<std::string> PercentDecode(std::string_view s, bool plus_is_space);

struct Target {
  std::string path;                                         // decoded
  std::vector<std::pair<std::string, std::string>> query;  // decoded, in order; "a" alone is {"a", ""}
};

// Splits "/v1/extract?format=json&url=https%3A%2F%2Fx" into its path and parameters; nullopt for
// a target that is not origin-form ("/..."), or a malformed escape.
std::optional<Target> ParseTarget(std::string_view target);

// Applies a request's query parameters to `settings` (the server's defaults): every option the
// table gives the server (fronts & kServer), named by its Python keyword ("lb_thickness",
// "no_images"), checked as the tool checks its flags, then the pairs that exclude or need each
// other (CheckCombination). A flag alone, or =1/true/yes/on, sets it; =0/false/no/off leaves the
// server's default. Formats are the tool's but wet; input=warc is refused (the server reads
// pages). "" or what is wrong: "lb_thickness: 20 is not in 1..10", "unknown option 'x'".
std::string ApplyQuery(const std::vector<std::pair<std::string, std::string>>& query, batch::Settings* settings);

// The URL of the short form "/https://host/path?q" (the target as sent, undecoded, so the page's
// own query string stays its own); "" when the target is not of that form.
std::string ShortFormUrl(std::string_view target);

// One line of a POST /v1/batch body: {"url": "..."} to fetch, or {"html": "...", "url": "..."} for
// a page given inline (url then only names it). `error` says what is wrong with a line that is
// neither (not JSON, not an object, no url nor html, a field of the wrong type); that line still
// yields its record, a bad_request one.
struct BatchLine {
  std::string url;
  std::optional<std::string> html;
  std::string charset;  // optional "charset": the caller's charset for an inline page
  std::string error;
};
BatchLine ParseBatchLine(std::string_view line);

// Splits a growing buffer into lines: Feed bytes, then take complete lines; Finish hands back the
// last line when it has no newline. A line longer than `max_line` is returned cut to nothing with
// `too_long` set, so memory stays bounded by max_line whatever the client sends.
class LineSplitter {
 public:
  explicit LineSplitter(std::size_t max_line) : max_line_(max_line) {}
  struct Line {
    std::string text;
    bool too_long = false;
  };
  void Feed(std::string_view bytes);
  // The next complete line, without its "\n" (or "\r\n"); false when none is complete yet.
  bool Next(Line* line);
  // After the last Feed: the unterminated last line, if any.
  bool Finish(Line* line);
  std::size_t buffered() const { return buffer_.size(); }

 private:
  std::size_t max_line_;
  std::string buffer_;
  bool skipping_ = false;    // inside a line already reported too long
  std::vector<Line> ready_;
  std::size_t next_ready_ = 0;
};

}  // namespace pith::serve
