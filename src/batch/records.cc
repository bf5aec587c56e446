// Records of pages and archive records (records.h).
#include "batch/records.h"

#include "core/pipeline.h"
#include "render/explain.h"
#include "render/formats.h"
#include "render/html.h"

namespace pith::batch {

Result ExtractPage(const Extractor& extractor, std::string_view bytes, const PageInfo& info, nlohmann::json* explain,
                   std::string* html) {
  if (!explain && !html) return extractor.Extract(bytes, info);
  thread_local algo::PageState state;
  Result result;
  core::Run(bytes, info, extractor.options(), &state, &result);
  if (result.status.ok() || result.status.code() == StatusCode::kNoContent) {
    if (explain) *explain = render::ExplainJson(state, extractor.options());
    if (html) *html = render::ToHtml(state.doc, state.selection.keep, result);
  }
  return result;
}

std::string PageCategory(const Result& r) {
  if (r.status.ok()) return "ok";
  if (r.status.code() == StatusCode::kNoContent) return "no_content";
  return "error:" + std::string(StatusCodeName(r.status.code()));
}

ArchiveRecordOutcome ExtractArchiveRecord(const Extractor& extractor, const WarcPageOptions& options,
                                          const WarcRecord& rec, std::string_view where) {
  ArchiveRecordOutcome o;
  if (rec.error != WarcError::kNone) {
    o.category = std::string("error:") + WarcErrorName(rec.error);
    o.complaint = std::string(where) + ": " + WarcErrorName(rec.error) + ": " + rec.message;
    return o;
  }
  const WarcSkip skip = ReadWarcPage(rec, options, &o.page);
  if (skip != WarcSkip::kNone) {
    o.category = std::string("skip:") + WarcSkipName(skip);
    return o;
  }
  o.extracted = true;
  o.result = extractor.Extract(o.page.body, o.page.info);
  o.category = PageCategory(o.result);
  if (o.category.starts_with("error:")) o.complaint = std::string(where) + ": " + o.result.status.ToString();
  return o;
}

nlohmann::json WarcJson(const WarcRecord& rec, const WarcPage* page) {
  nlohmann::json w = {{"offset", rec.offset}, {"type", rec.type_name.empty() ? WarcRecordTypeName(rec.type) : rec.type_name},
                      {"record_id", rec.record_id}, {"target_uri", rec.target_uri}, {"date", rec.date},
                      {"truncated", rec.truncated}};
  if (page) {
    w["http_status"] = page->http_status;
    w["content_type"] = page->http_content_type;
    if (!page->decode_status.ok()) w["payload_error"] = page->decode_status.message();
  }
  return w;
}

nlohmann::json ArchiveRecordJson(const ArchiveRecordOutcome& outcome, const WarcRecord& rec, std::string_view input,
                                 bool blocks, bool links) {
  if (outcome.extracted) {
    nlohmann::json j = render::ToJson(outcome.result, input, blocks, nullptr, links);
    j["warc"] = WarcJson(rec, &outcome.page);
    return j;
  }
  if (rec.error == WarcError::kNone) return nullptr;  // skipped
  const StatusCode code = rec.error == WarcError::kTooLarge ? StatusCode::kTooLarge : StatusCode::kIoError;
  nlohmann::json j = render::ErrorJson(input, Status(code, rec.message));
  j["error"]["kind"] = WarcErrorName(rec.error);
  j["warc"] = WarcJson(rec, nullptr);
  return j;
}

WarcPageOptions MakeWarcPageOptions(std::string_view status, std::string_view types, std::string_view payload,
                                    std::size_t max_bytes) {
  WarcPageOptions o;
  o.any_status = status == "all";
  o.any_type = payload == "any";
  const std::string list = "," + std::string(types) + ",";
  o.metadata = list.find(",metadata,") != std::string::npos;
  o.revisit = list.find(",revisit,") != std::string::npos;
  o.conversion = list.find(",conversion,") != std::string::npos;
  o.max_bytes = max_bytes;
  return o;
}

std::uint64_t Counts::skipped_total() const {
  std::uint64_t n = 0;
  for (const auto& [k, v] : skipped) n += v;
  return n;
}

std::uint64_t Counts::errors_total() const {
  std::uint64_t n = 0;
  for (const auto& [k, v] : errors) n += v;
  return n;
}

void Counts::Count(std::string_view category) {
  ++records;
  if (category == "ok") {
    ++ok;
  } else if (category == "no_content") {
    ++no_content;
  } else if (category.starts_with("skip:")) {
    ++skipped[std::string(category.substr(5))];
  } else {
    ++errors[std::string(category.substr(category.starts_with("error:") ? 6 : 0))];
  }
}

void Counts::Add(const Counts& o) {
  records += o.records;
  ok += o.ok;
  no_content += o.no_content;
  for (const auto& [k, v] : o.skipped) skipped[k] += v;
  for (const auto& [k, v] : o.errors) errors[k] += v;
}

nlohmann::json Counts::Json() const {
  return {{"records", records}, {"extracted", extracted()}, {"ok", ok}, {"no_content", no_content},
          {"skipped", skipped}, {"errors", errors}};
}

std::string Counts::Line() const {
  std::string s = std::to_string(records) + " records: " + std::to_string(extracted()) + " extracted (" +
                  std::to_string(ok) + " ok, " + std::to_string(no_content) + " no_content), " +
                  std::to_string(skipped_total()) + " skipped";
  auto list = [](const std::map<std::string, std::uint64_t>& m) {
    std::string out;
    for (const auto& [k, v] : m) out += (out.empty() ? " (" : ", ") + k + " " + std::to_string(v);
    return out.empty() ? out : out + ")";
  };
  s += list(skipped) + ", " + std::to_string(errors_total()) + " errors" + list(errors);
  return s;
}

}  // namespace pith::batch
