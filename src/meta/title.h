// meta/title.h — the page's title and site name, and where the headline sits in the text.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "dom/document.h"
#include "meta/facts.h"
#include "meta/json_ld.h"
#include "meta/stream.h"

namespace pith::meta {

inline constexpr std::size_t kMaxTitleBytes = 2048;

// The same text once punctuation, spaces and ASCII case are ignored (and not empty).
bool SameKey(std::string_view a, std::string_view b);

// One side of the title is the site name: equal to it, or one contains the other
// ("Example" vs "Example.com", "新浪网" vs "新浪").
bool MatchesSite(std::string_view part, std::string_view site);

// The site's name: <meta> site-name keys (og:site_name, application-name, ...), else the JSON-LD
// publisher, else the JSON-LD WebSite's name.
std::string SiteNameOf(const Facts& f, const LdInfo& ld);

struct TitleChoice {
  std::string title;       // the headline
  std::string html_title;  // <title>, whitespace collapsed, a "by …" part removed
  std::string author;      // the name of a "by …" part of <title> or the declared title
};
// The headline: <title> with the site-name part cut (cuts confirmed by og:title, the JSON-LD
// headline or an h1), or the visible h1 when it agrees with a declared title, or a styled line
// that begins the content when nothing confirms <title>, <title> is not in the text and shares no
// word with that line. *site is the site name; it is set from the part cut off the title when it
// was empty.
TitleChoice ChooseTitle(const dom::Document& doc, const Facts& f, const LdInfo& ld, const Stream& st,
                        const ContentStart& content_start, std::string* site);

Anchor LocateTitle(const dom::Document& doc, const Facts& f, const Stream& st, std::string_view title,
                   dom::NodeId* heading_out);

}  // namespace pith::meta
