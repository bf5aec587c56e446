// meta/metadata.h — page metadata beside the content algorithms: title (site name removed),
// site name, publication date, author, keywords, language, direction, canonical URL, description.
//
// Sources, strongest first (docs/metadata.md; one file per field family in src/meta/):
//   title   <title> with the site-name part cut, checked against og:title / JSON-LD headline / h1;
//           a styled headline beginning the content when <title> is only the site's name
//   date    <meta> publication keys → JSON-LD datePublished → itemprop=datePublished →
//           <time datetime> and dates in the body text near the headline → the URL → <meta> modified
//   author  JSON-LD author → <meta> author keys → itemprop=author → rel=author → byline
//           class/id → "作者：" / "记者" / "By …" bylines in the text → Chinese names without
//           a label (a line of names under the headline, "（姚峰 上海报道）" closing a paragraph);
//           names in comment sections last
//   lang    <html lang> → <meta> content-language / og:locale → JSON-LD inLanguage → the script of
//           the body text (overrides a declaration contradicted by the text's script)
// Only the visible body text's first 40 KB is read, and dates are searched in a window of at
// most ~20 KB of it: metadata costs a small fraction of the page's parse time.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dom/annotate.h"
#include "dom/document.h"
#include "pith/result.h"

namespace pith::meta {

// Fills *out. page_url: the input's URL if known ("" otherwise) — used for dates in URLs, to
// resolve a relative canonical link, and as the fallback url. content: per node id, 1 for the text
// nodes the content algorithm kept (algo::Selection::keep), empty when unknown — the title reads
// the line the content begins with, and bylines of comment sections outside the content are
// not the page's author.
void ExtractMetadata(const dom::Document& doc, const dom::Annotation& annotation,
                     const std::vector<std::uint8_t>& content, std::string_view page_url, Metadata* out);
// The same without a content selection.
void ExtractMetadata(const dom::Document& doc, const dom::Annotation& annotation,
                     std::string_view page_url, Metadata* out);

// ---- Pieces, exposed for tests and for other modules ----------------------------------------

// Removes a site-name prefix/suffix from a page title. `site_name` may be empty; `refs` are
// other titles of the same page (og:title, the h1, JSON-LD headline) that confirm where to cut.
// Never returns an empty string for a non-empty title.
std::string CleanTitle(std::string_view title, std::string_view site_name,
                       const std::vector<std::string>& refs);

// Splits a keywords value on , ， ; ； 、 | (trimmed, de-duplicated case-insensitively, empty
// entries dropped).
void SplitKeywords(std::string_view value, std::vector<std::string>* out);

// "en_us" → "en-US", "ZH-hans-cn" → "zh-Hans-CN"; "" when not a language tag.
std::string NormalizeLangTag(std::string_view tag);

// Resolves `ref` against `base` (RFC 3986 reference resolution, dot segments removed).
// Returns ref unchanged if it is absolute, "" if it is relative and base is not absolute.
std::string ResolveUrl(std::string_view base, std::string_view ref);

// The URL relative links of the page resolve against: the first <base href>, itself resolved
// against `page_url`, else `page_url` (which may be empty).
std::string LinkBase(const dom::Document& doc, std::string_view page_url);

// Cleans a byline value: strips "By", "作者：" and similar prefixes, trailing dates and
// separators; "" if what remains is not a plausible name (a URL, too long, no letters).
std::string CleanAuthor(std::string_view value);

}  // namespace pith::meta
