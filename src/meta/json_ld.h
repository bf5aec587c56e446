// meta/json_ld.h — reading schema.org JSON-LD: of all objects in the page's JSON-LD blocks, the
// one most likely to describe the page's main item (an Article or Posting over a Product or
// Event over a WebPage, one with datePublished over one without) gives headline, dates,
// description, language, publisher, authors and keywords; a WebSite object gives the site name.
#pragma once

#include <string>
#include <vector>

#include "dom/document.h"

namespace pith::meta {


struct LdInfo {
  std::string headline, date_published, date_modified, description, lang, publisher, website_name;
  std::vector<std::string> authors, org_authors, keywords;
  int rank = 0;
};

void ParseJsonLd(const dom::Document& doc, LdInfo* info);

}  // namespace pith::meta
