// `pith extract URL...` / `pith extract --urls FILE`: online mode (paper 001), the fetcher
// (fetch/fetch.h) as a source of the batch driver (batch/driver.h). Output formats are the offline
// mode's; JSON records add url (as requested), final_url, http_status, content_type, fetch_ms,
// attempts, and page_url (the metadata URL that offline records call "url"). See docs/online.md.
#pragma once

#include <string>
#include <vector>

#include "batch/settings.h"

namespace pith::cli {

// True when the run is online: --urls was given or a positional argument looks like a URL.
bool WantsOnline(const batch::Settings& settings, const std::vector<std::string>& positional);
// Every positional argument (and every line of --urls) is a URL; returns the exit code.
int RunOnline(const batch::Settings& settings, const std::vector<std::string>& positional);

}  // namespace pith::cli
