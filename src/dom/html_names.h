// Element names the HTML tree builder (html_tree_builder.h) tells apart: every name of pith's
// dom::Tag and every name with a rule of its own in WHATWG HTML §13.2.6 (tree construction), in any
// namespace. Names are lower-case as the tokenizer gives them (SVG's camel-case adjustment of
// §13.2.6.5 is not applied: matching in foreign content is case-insensitive, and pith's Document
// keeps no foreign element). Other names are interned per page by the tree builder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "dom/tags.h"

namespace pith::dom {

// X(enumerator, "name"): the names with a tree-construction rule of their own that dom::Tag does not
// tell apart. The listed names are Tag's (tags.h), in Tag order, then these.
#define PITH_HTML_TREE_ONLY_NAMES(X)                                                               \
  X(kAnnotationXml, "annotation-xml") X(kApplet, "applet") X(kBasefont, "basefont")                \
  X(kBgsound, "bgsound") X(kBig, "big") X(kDesc, "desc") X(kDir, "dir")                            \
  X(kForeignObject, "foreignobject") X(kImage, "image") X(kKeygen, "keygen")                       \
  X(kListing, "listing") X(kMalignmark, "malignmark") X(kMarquee, "marquee")                       \
  X(kMglyph, "mglyph") X(kMi, "mi") X(kMn, "mn") X(kMo, "mo") X(kMs, "ms") X(kMtext, "mtext")      \
  X(kNoembed, "noembed") X(kNoframes, "noframes") X(kPlaintext, "plaintext") X(kRb, "rb")          \
  X(kRtc, "rtc") X(kSearch, "search") X(kTrack, "track") X(kXmp, "xmp")

#define PITH_HTML_NAMES(X) PITH_HTML_TAGS(X) PITH_HTML_TREE_ONLY_NAMES(X)

namespace html_name {
enum : std::uint16_t {
#define PITH_HTML_NAME_ENUM(e, n) e,
  PITH_HTML_NAMES(PITH_HTML_NAME_ENUM)
#undef PITH_HTML_NAME_ENUM
  kCount,  // names from here on are interned per page
};
}  // namespace html_name

using HtmlName = std::uint16_t;

namespace html_name_tables {
inline constexpr std::string_view kTexts[] = {
#define PITH_HTML_NAME_TEXT(e, n) n,
    PITH_HTML_NAMES(PITH_HTML_NAME_TEXT)
#undef PITH_HTML_NAME_TEXT
};
// The first names are dom::Tag's, in its order: a listed name below this is its Tag.
inline constexpr std::size_t kTagNames = static_cast<std::size_t>(Tag::kUnknown);
}  // namespace html_name_tables

// The listed name's id, or html_name::kCount when `name` (lower-case) is not listed. A few integer
// operations: the name is packed into two words and looked up in a hash table built at compile time.
HtmlName LookupHtmlName(std::string_view name);
// The listed name's text; `name` < html_name::kCount.
inline std::string_view HtmlNameText(HtmlName name) { return html_name_tables::kTexts[name]; }
// pith's Tag for a listed name (kUnknown for names pith does not distinguish, such as "marquee").
inline Tag TagOfHtmlName(HtmlName name) {
  return name < html_name_tables::kTagNames ? static_cast<Tag>(name) : Tag::kUnknown;
}

}  // namespace pith::dom
