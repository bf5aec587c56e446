// Site models: learning (progressive alignment), applying (template marks), JSON round trip, and
// the public pith::SiteModel. See model.h for the procedure.
#include "site/model.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "prepare/prepare.h"

namespace pith::site {

namespace {

constexpr const char* kFormat = "pith-site-model";
constexpr int kVersion = 1;
constexpr std::size_t kMaxSampleBytes = 240;  // text kept per template text item in the JSON

// Appends one item to `d`.
void Push(SiteModel::Data* d, std::uint64_t key, std::uint32_t count, std::uint8_t is_text, std::string text) {
  d->keys.push_back(key);
  d->counts.push_back(count);
  d->is_text.push_back(is_text);
  d->texts.push_back(std::move(text));
}

std::string Hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

bool ParseHex(const std::string& s, std::uint64_t* out) {
  if (s.empty() || s.size() > 16) return false;
  std::uint64_t v = 0;
  for (char c : s) {
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return false;
    v = (v << 4) | static_cast<std::uint64_t>(d);
  }
  *out = v;
  return true;
}

// Cuts a UTF-8 string to at most `max` bytes on a code point boundary.
std::string Truncated(const std::string& s, std::size_t max) {
  if (s.size() <= max) return s;
  std::size_t end = max;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
  return s.substr(0, end);
}

}  // namespace

// ---- learning ------------------------------------------------------------------------------------

void Learner::Add(const dom::Document& doc, const dom::Annotation& annotation) {
  BuildSequence(doc, annotation, &seq_);
  auto text_of = [&](std::size_t i) {
    return seq_.is_text[i] ? NormalizedText(doc.Text(seq_.nodes[i])) : std::string();
  };
  if (data_.pages++ == 0) {
    for (std::size_t i = 0; i < seq_.size(); ++i) Push(&data_, seq_.keys[i], 1, seq_.is_text[i], text_of(i));
    return;
  }
  Align(seq_.keys, data_.keys, AlignOptions{}, &alignment_, ThreadScratch());
  // Moves count in place (they may point behind the merge cursor).
  for (std::size_t i = 0; i < seq_.size(); ++i) {
    if (alignment_.moved[i]) ++data_.counts[alignment_.a_to_b[i]];
  }
  SiteModel::Data merged;
  merged.host = std::move(data_.host);
  merged.pages = data_.pages;
  std::size_t j = 0;  // merge cursor in the model
  auto take_model = [&](std::size_t upto) {
    for (; j < upto; ++j) Push(&merged, data_.keys[j], data_.counts[j], data_.is_text[j], std::move(data_.texts[j]));
  };
  for (std::size_t i = 0; i < seq_.size(); ++i) {
    const std::uint32_t m = alignment_.a_to_b[i];
    if (m == kUnmatched) {
      Push(&merged, seq_.keys[i], 1, seq_.is_text[i], text_of(i));
    } else if (!alignment_.moved[i]) {
      take_model(m);
      Push(&merged, data_.keys[m], data_.counts[m] + 1, data_.is_text[m], std::move(data_.texts[m]));
      j = m + 1;
    }
  }
  take_model(data_.keys.size());
  data_ = std::move(merged);
}

std::unique_ptr<SiteModel::Data> Learner::Finish(std::uint32_t min_count) {
  auto out = std::make_unique<SiteModel::Data>();
  out->host = data_.host;
  out->pages = data_.pages;
  for (std::size_t i = 0; i < data_.keys.size(); ++i) {
    if (data_.counts[i] >= min_count) {
      Push(out.get(), data_.keys[i], data_.counts[i], data_.is_text[i], Truncated(data_.texts[i], kMaxSampleBytes));
    }
  }
  data_ = SiteModel::Data();
  return out;
}

// ---- applying ------------------------------------------------------------------------------------

std::uint32_t RequiredCount(std::uint32_t pages, double share) {
  const double need = std::ceil(std::clamp(share, 0.0, 1.0) * pages - 1e-9);
  return std::max<std::uint32_t>(2, static_cast<std::uint32_t>(need));
}

void MarkTemplate(const dom::Document& doc, const dom::Annotation& annotation, const SiteModel::Data& model,
                  double share, TemplateMarks* out) {
  out->is_template.assign(doc.size(), 0);
  out->texts = out->template_texts = out->template_chars = out->moved = 0;
  thread_local Sequence seq;
  thread_local Alignment alignment;
  BuildSequence(doc, annotation, &seq);
  Align(seq.keys, model.keys, AlignOptions{}, &alignment, ThreadScratch());
  const std::uint32_t need = RequiredCount(model.pages, share);
  for (std::size_t i = 0; i < seq.size(); ++i) {
    if (!seq.is_text[i]) continue;
    ++out->texts;
    const std::uint32_t m = alignment.a_to_b[i];
    if (m == kUnmatched || !model.is_text[m] || model.counts[m] < need) continue;
    out->is_template[seq.nodes[i]] = 1;
    ++out->template_texts;
    out->template_chars += annotation[seq.nodes[i]].chars;
    if (alignment.moved[i]) ++out->moved;
  }
}

}  // namespace pith::site

// ---- public API ----------------------------------------------------------------------------------

namespace pith {

SiteModel::SiteModel(std::unique_ptr<Data> data) : data_(std::move(data)) {}
SiteModel::~SiteModel() = default;

const std::string& SiteModel::host() const { return data_->host; }
std::size_t SiteModel::pages() const { return data_->pages; }
std::size_t SiteModel::items() const { return data_->keys.size(); }
std::size_t SiteModel::template_texts() const {
  return static_cast<std::size_t>(std::count(data_->is_text.begin(), data_->is_text.end(), 1));
}

Status SiteModel::Learn(const std::vector<std::string_view>& pages, const Options& options,
                        std::shared_ptr<const SiteModel>* out, std::string host) {
  site::Learner learner;
  prepare::PreparedPage state;
  std::string first_error;
  for (std::string_view bytes : pages) {
    const Status s = prepare::Prepare(bytes, PageInfo{}, options, &state);
    if (!s.ok()) {
      if (first_error.empty()) first_error = s.ToString();
      continue;
    }
    learner.Add(state.doc, state.annotation);
  }
  if (learner.pages() < 2) {
    return Status(StatusCode::kInvalidArgument,
                  "a site model needs at least 2 usable pages, got " + std::to_string(learner.pages()) +
                      (first_error.empty() ? "" : " (" + first_error + ")"));
  }
  std::unique_ptr<Data> data = learner.Finish();
  data->host = std::move(host);
  *out = std::make_shared<const SiteModel>(std::move(data));
  return Status::Ok();
}

std::string SiteModel::ToJson() const {
  nlohmann::json items = nlohmann::json::array();
  const Data& d = *data_;
  for (std::size_t i = 0; i < d.keys.size(); ++i) {
    nlohmann::json item = nlohmann::json::array({site::Hex(d.keys[i]), d.counts[i]});
    if (d.is_text[i]) item.push_back(d.texts[i]);
    items.push_back(std::move(item));
  }
  const nlohmann::json j = {
      {"format", site::kFormat},
      {"version", site::kVersion},
      {"host", d.host},
      {"pages", d.pages},
      {"key", "items in aligned pre-order under <body>: [key, pages carrying it] for elements, "
              "[key, pages, text] for text nodes; key = FNV-1a 64 of the tag-name path (+ the "
              "whitespace-collapsed text for text nodes), see src/site/sequence.h"},
      {"items", items}};
  return j.dump(0, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

Status SiteModel::FromJson(std::string_view json, std::shared_ptr<const SiteModel>* out) {
  const nlohmann::json j = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  auto bad = [](const std::string& why) { return Status(StatusCode::kInvalidArgument, "site model: " + why); };
  if (!j.is_object()) return bad("not a JSON object");
  if (!j.contains("format") || !j["format"].is_string() || j["format"].get<std::string>() != site::kFormat) {
    return bad("format is not \"pith-site-model\"");  // j.value() would throw on a non-string "format"
  }
  if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<int>() != site::kVersion) {
    return bad("unsupported version (this pith reads version 1)");
  }
  auto data = std::make_unique<Data>();
  if (j.contains("host") && j["host"].is_string()) data->host = j["host"].get<std::string>();
  if (!j.contains("pages") || !j["pages"].is_number_unsigned()) return bad("missing \"pages\"");
  if (j["pages"].get<std::uint64_t>() > UINT32_MAX) return bad("\"pages\" is too large");
  data->pages = j["pages"].get<std::uint32_t>();
  if (!j.contains("items") || !j["items"].is_array()) return bad("missing \"items\" array");
  for (const nlohmann::json& item : j["items"]) {
    std::uint64_t key = 0;
    if (!item.is_array() || item.size() < 2 || item.size() > 3 || !item[0].is_string() ||
        !site::ParseHex(item[0].get<std::string>(), &key) || !item[1].is_number_unsigned() ||
        item[1].get<std::uint64_t>() > UINT32_MAX ||
        (item.size() == 3 && !item[2].is_string())) {
      return bad("malformed item " + item.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    }
    site::Push(data.get(), key, item[1].get<std::uint32_t>(), item.size() == 3 ? 1 : 0,
               item.size() == 3 ? item[2].get<std::string>() : std::string());
  }
  *out = std::make_shared<const SiteModel>(std::move(data));
  return Status::Ok();
}

Status SiteModel::Load(const std::string& path, std::shared_ptr<const SiteModel>* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(StatusCode::kIoError, "cannot open " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return Status(StatusCode::kIoError, "cannot read " + path);
  const Status s = FromJson(ss.str(), out);
  return s.ok() ? s : Status(s.code(), path + ": " + s.message());
}

Status SiteModel::Save(const std::string& path) const {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << ToJson();
  f.close();
  if (!f) return Status(StatusCode::kIoError, "cannot write " + path);
  return Status::Ok();
}

std::string SiteModel::HostOf(std::string_view url) {
  std::size_t begin;
  if (const std::size_t scheme = url.find("://"); scheme != std::string_view::npos) {
    begin = scheme + 3;
  } else if (url.substr(0, 2) == "//") {
    begin = 2;
  } else {
    return "";  // no scheme: a path, not a URL
  }
  std::size_t end = url.find_first_of("/?#", begin);
  if (end == std::string_view::npos) end = url.size();
  std::string_view authority = url.substr(begin, end - begin);
  if (const std::size_t at = authority.rfind('@'); at != std::string_view::npos) authority.remove_prefix(at + 1);
  if (!authority.empty() && authority.front() == '[') {  // IPv6 literal: keep the brackets, drop the port
    if (const std::size_t close = authority.find(']'); close != std::string_view::npos) {
      authority = authority.substr(0, close + 1);
    }
  } else if (const std::size_t colon = authority.find(':'); colon != std::string_view::npos) {
    authority = authority.substr(0, colon);
  }
  std::string host(authority);
  for (char& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return host;
}

}  // namespace pith
