// A fetched URL as a batch task (fetched_task.h).
#include "fetch/fetched_task.h"

namespace pith::io {

std::function<void(nlohmann::json&)> FetchFields(const FetchResult& f) {
  return [url = f.url, final_url = f.final_url, status = f.http_status, type = f.content_type,
          ms = static_cast<long long>(f.seconds * 1000.0 + 0.5), attempts = f.attempts, ok = f.ok()](nlohmann::json& j) {
    if (ok) j["page_url"] = j.value("url", "");
    j["url"] = url;
    j["final_url"] = final_url;
    j["http_status"] = status;
    j["content_type"] = type;
    j["fetch_ms"] = ms;
    j["attempts"] = attempts;
  };
}

batch::Task FetchedTask(FetchResult& f) {
  batch::Task t;
  t.name = f.url;
  t.annotate = FetchFields(f);
  if (f.ok()) {
    t.kind = batch::Task::Kind::kPage;
    t.loaded = true;
    t.info.url = f.final_url.empty() ? f.url : f.final_url;
    t.info.charset = f.charset;
    t.bytes = std::move(f.body);
  } else {
    t.kind = batch::Task::Kind::kFailed;
    t.status = Status(StatusCode::kIoError, f.message);
    t.kind_name = std::string(FetchErrorName(f.error));
  }
  return t;
}

}  // namespace pith::io
