// Text / JSON / paper-001 writers. JSON goes through nlohmann::json (never hand-escaped); invalid
// UTF-8 cannot reach it because decode guarantees valid UTF-8.
#include "render/formats.h"

namespace pith::render {

std::string ToText(const Result& r) {
  std::string text = r.Text();
  if (!text.empty()) text.push_back('\n');
  return text;
}

nlohmann::json ErrorJson(std::string_view input, const Status& status) {
  nlohmann::json j;
  j["input"] = std::string(input);
  j["text"] = "";
  j["status"] = std::string(StatusCodeName(status.code()));
  j["error"] = {{"kind", std::string(StatusCodeName(status.code()))}, {"message", status.message()}};
  return j;
}

nlohmann::json ToJson(const Result& r, std::string_view input, bool blocks, const nlohmann::json* explain) {
  const bool failed = !r.status.ok() && r.status.code() != StatusCode::kNoContent;
  nlohmann::json j = failed ? ErrorJson(input, r.status) : nlohmann::json::object();
  const Metadata& m = r.metadata;
  if (!failed) {
    j["input"] = std::string(input);
    j["text"] = r.Text();
    j["status"] = std::string(StatusCodeName(r.status.code()));
  }
  j["title"] = m.title;
  j["date"] = m.date;
  j["keywords"] = m.keywords;
  j["author"] = m.author;
  j["lang"] = m.lang;
  j["dir"] = m.dir;
  j["url"] = m.url;
  j["site_name"] = m.site_name;
  j["description"] = m.description;
  j["algorithm"] = AlgorithmName(r.algorithm);
  j["encoding"] = {{"charset", r.encoding.charset},
                   {"source", EncodingSourceName(r.encoding.source)},
                   {"declared", r.encoding.declared},
                   {"replacements", r.encoding.replacements}};
  if (blocks) {
    nlohmann::json list = nlohmann::json::array();
    for (const Block& b : r.blocks) {
      list.push_back({{"kind", BlockKindName(b.kind)}, {"level", b.level}, {"line", b.line}, {"text", b.text}});
    }
    j["blocks"] = std::move(list);
  }
  if (explain && !explain->is_null()) j["explain"] = *explain;
  return j;
}

std::string ToPaperFormat(const Result& r) {
  const Metadata& m = r.metadata;
  std::string keywords;
  for (const std::string& k : m.keywords) {
    if (!keywords.empty()) keywords += ", ";
    keywords += k;
  }
  std::string out;
  out += "Title: " + m.title + "\n";
  out += "Keywords: " + keywords + "\n";
  out += "Date: " + m.date + "\n";
  out += "Body:\n";
  out += ToText(r);
  return out;
}

}  // namespace pith::render
