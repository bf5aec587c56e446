// meta/metadata.cc — ExtractMetadata: one linear pass over the Document collects the
// metadata-bearing elements (meta/facts.h), JSON-LD is read (meta/json_ld.h), the visible body
// text is flattened once into a stream (meta/stream.h); then each field family is chosen from
// them: site name and title (meta/title.h), the headline's place in the text, date
// (meta/page_date.h), author (meta/author.h), keywords and description (meta/keywords.h),
// language and direction (meta/language.h), URL (meta/url.h). No regular expressions, no
// recursion over the DOM; every text scan is bounded.
#include "meta/metadata.h"

#include "meta/author.h"
#include "meta/facts.h"
#include "meta/json_ld.h"
#include "meta/keywords.h"
#include "meta/language.h"
#include "meta/page_date.h"
#include "meta/stream.h"
#include "meta/title.h"
#include "meta/url.h"

namespace pith::meta {

void ExtractMetadata(const dom::Document& doc, const dom::Annotation& annotation,
                     const std::vector<std::uint8_t>& content, std::string_view page_url, Metadata* out) {
  *out = Metadata{};
  if (doc.size() == 0) return;
  Facts f;
  CollectFacts(doc, annotation, &f);
  LdInfo ld;
  if (!doc.json_ld.empty()) ParseJsonLd(doc, &ld);
  Stream st;
  BuildStream(doc, annotation, &st);

  std::string site = SiteNameOf(f, ld);
  const TitleChoice title = ChooseTitle(doc, f, ld, st, FindContentStart(st, content), &site);
  out->title = title.title;
  out->site_name = site;

  // Anchor: where the headline is in the text.
  dom::NodeId heading = dom::kNoNode;
  const Anchor anchor = LocateTitle(doc, f, st, out->title, &heading);

  out->date = ChooseDate(doc, f, ld, st, anchor, page_url);
  out->author = ChooseAuthor(doc, annotation, content, f, ld, st, anchor, site, out->title, title.author);
  ChooseKeywords(f, ld, &out->keywords);
  ChooseLanguageAndDirection(doc, f, ld, st, anchor, heading, title.html_title, out);
  out->url = CanonicalUrl(f, page_url);
  out->description = ChooseDescription(f, ld);
}

void ExtractMetadata(const dom::Document& doc, const dom::Annotation& annotation, std::string_view page_url,
                     Metadata* out) {
  ExtractMetadata(doc, annotation, {}, page_url, out);
}

}  // namespace pith::meta
