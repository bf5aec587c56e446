// meta/url.h — the page's URL.
#pragma once

#include <string>
#include <string_view>

#include "meta/facts.h"

namespace pith::meta {

// <link rel=canonical>, else og:url, each resolved against the page's base; else the page's URL.
std::string CanonicalUrl(const Facts& f, std::string_view page_url);

}  // namespace pith::meta
