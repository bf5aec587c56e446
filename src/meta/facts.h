// meta/facts.h — the one linear pass over the Document that collects the metadata-bearing
// elements: <meta> values by key, the canonical link and <base href>, lang and dir attributes,
// visible h1–h3 headings, <time> elements, itemprop date/author/headline elements, rel=author
// links and elements whose class or id names a byline.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "dom/annotate.h"
#include "dom/document.h"

namespace pith::meta {

struct MetaTag {
  std::string key;  // lower-case name / property / itemprop / http-equiv
  std::string_view value;
};

struct Facts {
  std::vector<MetaTag> metas;
  std::string_view canonical, base_href;
  std::string_view html_lang, body_lang, html_dir, body_dir;
  std::vector<dom::NodeId> headings;        // visible h1..h3, document order (first 64)
  std::vector<dom::NodeId> itemprop_dates;  // itemprop=datePublished / dateCreated (non-meta)
  std::vector<dom::NodeId> itemprop_authors;
  std::vector<dom::NodeId> itemprop_headlines;
  std::vector<dom::NodeId> times;           // <time> elements (first 64)
  std::vector<dom::NodeId> rel_authors;     // <a rel=author> (first 8)
  std::vector<dom::NodeId> bylines;         // class/id naming a byline (first 32)
};

void CollectFacts(const dom::Document& doc, const dom::Annotation& ann, Facts* f);

std::string_view MetaValue(const Facts& f, std::string_view key);

// The first non-empty value among keys, in the keys' order.
template <std::size_t N>
std::string_view FirstMeta(const Facts& f, const std::string_view (&keys)[N]) {
  for (auto k : keys) {
    const std::string_view v = MetaValue(f, k);
    if (!v.empty()) return v;
  }
  return {};
}

// Visible text of a subtree, whitespace collapsed.
std::string NodeText(const dom::Document& doc, dom::NodeId id, std::size_t max_bytes = 4096);

}  // namespace pith::meta
