// fuzz/serve_request_fuzz.cc — libFuzzer target for `pith serve`'s request side (src/serve/request.h).
//
// The first input byte picks a mode: a request target (path and query parameters, the options
// they set, the short form's URL); one NDJSON line of POST /v1/batch; or a batch body split into lines by LineSplitter
// fed in pieces whose sizes come from the input. Whatever happens nothing may crash, decoded text
// holds no NUL, and the splitter hands back every line once, none longer than its limit.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "serve/request.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

void Target(std::string_view s) {
  const auto t = pith::serve::ParseTarget(s);
  if (t) {
    Check(t->path.find('\0') == std::string::npos);
    for (const auto& [k, v] : t->query) Check(k.find('\0') == std::string::npos && v.find('\0') == std::string::npos);
    pith::batch::Settings settings;
    const std::string problem = pith::serve::ApplyQuery(t->query, &settings);
    Check(problem.empty() || problem.find('\0') == std::string::npos);
    Check(settings.format != "wet" || !problem.empty());
  }
  const std::string url = pith::serve::ShortFormUrl(s);
  Check(url.empty() || url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0);
}

void Line(std::string_view s) {
  const pith::serve::BatchLine line = pith::serve::ParseBatchLine(s);
  Check(!line.error.empty() || line.html || !line.url.empty());
}

void Split(std::string_view s) {
  if (s.empty()) return;
  const std::size_t max_line = 1 + static_cast<unsigned char>(s[0]);
  s.remove_prefix(1);
  pith::serve::LineSplitter splitter(max_line);
  std::size_t lines = 0, at = 0, piece = 1;
  pith::serve::LineSplitter::Line line;
  while (at < s.size()) {
    const std::size_t n = std::min(piece, s.size() - at);
    splitter.Feed(s.substr(at, n));
    at += n;
    piece = piece * 3 % 17 + 1;
    while (splitter.Next(&line)) {
      Check(line.text.size() <= max_line && (!line.too_long || line.text.empty()));
      ++lines;
    }
    Check(splitter.buffered() <= max_line);
  }
  while (splitter.Finish(&line)) ++lines;
  std::size_t newlines = 0;
  for (char c : s) newlines += c == '\n';
  // One line per newline, plus an unterminated last line.
  Check(lines >= newlines && lines <= newlines + 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 3) {
    case 0: Target(rest); break;
    case 1: Line(rest); break;
    default: Split(rest); break;
  }
  return 0;
}
