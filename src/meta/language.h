// meta/language.h — the page's language and the direction of its content.
#pragma once

#include <string_view>

#include "dom/document.h"
#include "meta/facts.h"
#include "meta/json_ld.h"
#include "meta/stream.h"
#include "pith/result.h"

namespace pith::meta {

// Sets out->lang: the declared language (<html lang>, <body lang>, <meta> content-language and
// og:locale, JSON-LD inLanguage) unless the script of the text contradicts it; else the language
// the script tells, or for Latin script the one whose function words the text uses. Sets
// out->dir: the innermost dir attribute around the headline `heading` (or the anchor's text, or
// the first <main>/<article>), else <body>'s or <html>'s, else the script's direction.
// html_title: counted too when the body has almost no letters.
void ChooseLanguageAndDirection(const dom::Document& doc, const Facts& f, const LdInfo& ld, const Stream& st,
                                const Anchor& anchor, dom::NodeId heading, std::string_view html_title,
                                Metadata* out);

}  // namespace pith::meta
