// The page for people at `/` (with /app.js and /app.css): paste a URL or a page's HTML, or drop
// a file, and see pith's Markdown or text beside the page's blocks, each marked kept or removed
// with the algorithm's reason (the explain overlay), the metadata and the timings. Everything it
// needs is served from here: it loads nothing from elsewhere and runs under a strict
// Content-Security-Policy (scripts and styles from this origin only, no inline code, requests to
// this origin only, no frames, no forms posting elsewhere).
#pragma once

#include <string>

#include "serve/http_server.h"

namespace pith::serve {

// The asset at `path` ("/", "/app.js", "/app.css") with its type and headers.
HttpResponse PageAsset(const std::string& path);

// The page's Content-Security-Policy.
extern const char* const kPagePolicy;

}  // namespace pith::serve
