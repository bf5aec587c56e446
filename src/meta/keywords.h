// meta/keywords.h — the page's keywords and description, as declared.
#pragma once

#include <string>
#include <vector>

#include "meta/facts.h"
#include "meta/json_ld.h"

namespace pith::meta {

// <meta> keywords keys (all of them, merged), else the fallback keys (news_keywords, article:tag,
// ...), else the JSON-LD keywords.
void ChooseKeywords(const Facts& f, const LdInfo& ld, std::vector<std::string>* keywords);

// <meta> description keys (description, og:description, ...), else the JSON-LD description.
std::string ChooseDescription(const Facts& f, const LdInfo& ld);

}  // namespace pith::meta
