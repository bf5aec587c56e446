// meta/page_date.h — the page's publication date (date/date.h reads and normalises the dates
// themselves).
#pragma once

#include <string>
#include <string_view>

#include "dom/document.h"
#include "meta/facts.h"
#include "meta/json_ld.h"
#include "meta/stream.h"

namespace pith::meta {

// Declared dates first (<meta> publication keys, JSON-LD datePublished, itemprop=datePublished),
// then dates near the headline — <time> elements and dates written in the text, scored by
// distance, labels ("发布时间", "Published") and time of day — weighed against the date in the
// URL; last the declared modification date. "" when none is found.
std::string ChooseDate(const dom::Document& doc, const Facts& f, const LdInfo& ld, const Stream& st,
                       const Anchor& anchor, std::string_view page_url);

}  // namespace pith::meta
