// A fetched URL as a task of the batch driver (batch/driver.h), for every front end that fetches
// (`pith extract URL...`, `pith serve`): a page with its bytes, final URL and HTTP charset, or a
// failure whose error kind is the fetch's (bad_url, dns, timeout, ...). Either way a JSON record
// gains the fetch's fields (docs/online.md): url (as requested), final_url, http_status,
// content_type, fetch_ms, attempts, and page_url (the metadata URL that offline records call "url").
#pragma once

#include <functional>

#include <nlohmann/json.hpp>

#include "batch/driver.h"
#include "fetch/fetch.h"

namespace pith::io {

// The fetch's fields of a JSON record.
std::function<void(nlohmann::json&)> FetchFields(const FetchResult& f);

// The task of one fetch (its body moved out of `f`); `input` is left for the source to set.
batch::Task FetchedTask(FetchResult& f);

}  // namespace pith::io
