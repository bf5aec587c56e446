// Query strings, the short form's URL and NDJSON batch lines (see request.h).
#include "serve/request.h"

#include <nlohmann/json.hpp>

#include "batch/option_table.h"
#include "text/ascii.h"

namespace pith::serve {
namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A flag's value: 1 set, 0 left alone, -1 neither.
int FlagValue(const std::string& v) {
  if (v.empty()) return 1;
  for (const char* yes : {"1", "true", "yes", "on"}) {
    if (text::EqualsIgnoreAsciiCase(v, yes)) return 1;
  }
  for (const char* no : {"0", "false", "no", "off"}) {
    if (text::EqualsIgnoreAsciiCase(v, no)) return 0;
  }
  return -1;
}

}  // namespace

std::string ApplyQuery(const std::vector<std::pair<std::string, std::string>>& query, batch::Settings* settings) {
  std::vector<batch::GivenOption> given;
  for (const auto& [key, value] : query) {
    const batch::OptionSpec* spec = batch::FindOption(key);
    if (spec == nullptr || spec->keyword != key) return "unknown option '" + key.substr(0, 64) + "'";
    if (!(spec->fronts & batch::kServer)) return key + ": not an option of the server (it sets up the server's own work)";
    for (const batch::GivenOption& g : given) {
      if (g.spec == spec) return key + ": given twice";
    }
    if (spec->kind == batch::OptionKind::kFlag) {
      const int on = FlagValue(value);
      if (on < 0) return key + ": takes nothing, 1 or 0, not \"" + value.substr(0, 64) + "\"";
      if (on == 1) given.push_back({spec, {}});
    } else {
      given.push_back({spec, {value}});
    }
  }
  if (std::string bad = batch::SetOptions(std::move(given), *settings, batch::kServer); !bad.empty()) return bad;
  if (settings->format == "wet") return "format: wet is the tool's only (pith extract -f wet)";
  if (settings->archive.input == "warc") return "input: the server reads pages (web archives: pith extract)";
  return batch::CheckCombination(*settings, true, batch::kServer);
}

std::optional<std::string> PercentDecode(std::string_view s, bool plus_is_space) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '%') {
      if (i + 2 >= s.size()) return std::nullopt;
      const int hi = HexValue(s[i + 1]);
      const int lo = HexValue(s[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
    } else if (c == '+' && plus_is_space) {
      c = ' ';
    }
    if (c == '\0') return std::nullopt;
    out.push_back(c);
  }
  return out;
}

std::optional<Target> ParseTarget(std::string_view target) {
  if (target.empty() || target.front() != '/') return std::nullopt;
  Target t;
  const std::size_t q = target.find('?');
  auto path = PercentDecode(target.substr(0, q), false);
  if (!path) return std::nullopt;
  t.path = std::move(*path);
  if (q == std::string_view::npos) return t;
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    const std::size_t amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    auto key = PercentDecode(pair.substr(0, eq), true);
    auto value = PercentDecode(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1), true);
    if (!key || !value) return std::nullopt;
    t.query.emplace_back(std::move(*key), std::move(*value));
  }
  return t;
}

std::string ShortFormUrl(std::string_view target) {
  if (target.size() < 2) return {};
  const std::string_view rest = target.substr(1);
  for (std::string_view scheme : {"http://", "https://"}) {
    if (rest.size() > scheme.size() && rest.substr(0, scheme.size()) == scheme) return std::string(rest);
  }
  return {};
}

BatchLine ParseBatchLine(std::string_view line) {
  BatchLine out;
  nlohmann::json j = nlohmann::json::parse(line.begin(), line.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    out.error = "the line is not JSON";
    return out;
  }
  if (!j.is_object()) {
    out.error = "the line is not a JSON object";
    return out;
  }
  const auto text_field = [&](const char* name, std::string* into) {
    const auto it = j.find(name);
    if (it == j.end() || it->is_null()) return true;
    if (!it->is_string()) {
      out.error = std::string("\"") + name + "\" is not a string";
      return false;
    }
    *into = it->get<std::string>();
    return true;
  };
  std::string html;
  if (!text_field("url", &out.url) || !text_field("charset", &out.charset) || !text_field("html", &html)) return out;
  if (j.contains("html") && !j["html"].is_null()) out.html = std::move(html);
  if (!out.html && out.url.empty()) out.error = "the line has neither \"url\" nor \"html\"";
  return out;
}

void LineSplitter::Feed(std::string_view bytes) {
  std::size_t start = 0;
  while (start < bytes.size()) {
    const std::size_t nl = bytes.find('\n', start);
    const std::string_view piece = bytes.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    if (!skipping_) {
      if (buffer_.size() + piece.size() > max_line_) {
        ready_.push_back({std::string(), true});
        buffer_.clear();
        skipping_ = true;
      } else {
        buffer_.append(piece);
      }
    }
    if (nl == std::string_view::npos) break;
    if (!skipping_) {
      if (!buffer_.empty() && buffer_.back() == '\r') buffer_.pop_back();
      ready_.push_back({std::move(buffer_), false});
      buffer_.clear();
    }
    skipping_ = false;
    start = nl + 1;
  }
}

bool LineSplitter::Next(Line* line) {
  if (next_ready_ >= ready_.size()) {
    ready_.clear();
    next_ready_ = 0;
    return false;
  }
  *line = std::move(ready_[next_ready_++]);
  return true;
}

bool LineSplitter::Finish(Line* line) {
  if (Next(line)) return true;
  if (skipping_ || buffer_.empty()) return false;
  if (buffer_.back() == '\r') buffer_.pop_back();
  line->text = std::move(buffer_);
  line->too_long = false;
  buffer_.clear();
  return true;
}

}  // namespace pith::serve
