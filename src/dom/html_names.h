// Element names the HTML tree builder (html_tree_builder.h) tells apart: every name with a rule of
// its own in WHATWG HTML §13.2.6 (tree construction), in any namespace, plus every name of pith's
// dom::Tag. Names are lower-case as the tokenizer gives them (SVG's camel-case adjustment of
// §13.2.6.5 is not applied: matching in foreign content is case-insensitive, and pith's Document
// keeps no foreign element). Other names are interned per page by the tree builder.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

#include "dom/tags.h"

namespace pith::dom {

// X(enumerator, "name")
#define PITH_HTML_NAMES(X)                                                                         \
  X(kA, "a") X(kAbbr, "abbr") X(kAddress, "address") X(kAnnotationXml, "annotation-xml")           \
  X(kApplet, "applet") X(kArea, "area") X(kArticle, "article") X(kAside, "aside")                  \
  X(kAudio, "audio") X(kB, "b") X(kBase, "base") X(kBasefont, "basefont") X(kBdi, "bdi")           \
  X(kBdo, "bdo") X(kBgsound, "bgsound") X(kBig, "big") X(kBlockquote, "blockquote")                \
  X(kBody, "body") X(kBr, "br") X(kButton, "button") X(kCanvas, "canvas") X(kCaption, "caption")   \
  X(kCenter, "center") X(kCite, "cite") X(kCode, "code") X(kCol, "col") X(kColgroup, "colgroup")   \
  X(kData, "data") X(kDatalist, "datalist") X(kDd, "dd") X(kDel, "del") X(kDesc, "desc")           \
  X(kDetails, "details") X(kDfn, "dfn") X(kDialog, "dialog") X(kDir, "dir") X(kDiv, "div")         \
  X(kDl, "dl") X(kDt, "dt") X(kEm, "em") X(kEmbed, "embed") X(kFieldset, "fieldset")               \
  X(kFigcaption, "figcaption") X(kFigure, "figure") X(kFont, "font") X(kFooter, "footer")          \
  X(kForeignObject, "foreignobject") X(kForm, "form") X(kFrame, "frame")                           \
  X(kFrameset, "frameset") X(kH1, "h1") X(kH2, "h2") X(kH3, "h3") X(kH4, "h4") X(kH5, "h5")        \
  X(kH6, "h6") X(kHead, "head") X(kHeader, "header") X(kHgroup, "hgroup") X(kHr, "hr")             \
  X(kHtml, "html") X(kI, "i") X(kIframe, "iframe") X(kImage, "image") X(kImg, "img")               \
  X(kInput, "input") X(kIns, "ins") X(kKbd, "kbd") X(kKeygen, "keygen") X(kLabel, "label")         \
  X(kLegend, "legend") X(kLi, "li") X(kLink, "link") X(kListing, "listing") X(kMain, "main")       \
  X(kMalignmark, "malignmark") X(kMap, "map") X(kMark, "mark") X(kMarquee, "marquee")              \
  X(kMath, "math") X(kMenu, "menu") X(kMeta, "meta") X(kMeter, "meter") X(kMglyph, "mglyph")       \
  X(kMi, "mi") X(kMn, "mn") X(kMo, "mo") X(kMs, "ms") X(kMtext, "mtext") X(kNav, "nav")            \
  X(kNobr, "nobr") X(kNoembed, "noembed") X(kNoframes, "noframes") X(kNoscript, "noscript")        \
  X(kObject, "object") X(kOl, "ol") X(kOptgroup, "optgroup") X(kOption, "option")                  \
  X(kOutput, "output") X(kP, "p") X(kParam, "param") X(kPicture, "picture")                        \
  X(kPlaintext, "plaintext") X(kPre, "pre") X(kProgress, "progress") X(kQ, "q") X(kRb, "rb")       \
  X(kRp, "rp") X(kRt, "rt") X(kRtc, "rtc") X(kRuby, "ruby") X(kS, "s") X(kSamp, "samp")            \
  X(kScript, "script") X(kSearch, "search") X(kSection, "section") X(kSelect, "select")            \
  X(kSmall, "small") X(kSource, "source") X(kSpan, "span") X(kStrike, "strike")                    \
  X(kStrong, "strong") X(kStyle, "style") X(kSub, "sub") X(kSummary, "summary") X(kSup, "sup")     \
  X(kSvg, "svg") X(kTable, "table") X(kTbody, "tbody") X(kTd, "td") X(kTemplate, "template")       \
  X(kTextarea, "textarea") X(kTfoot, "tfoot") X(kTh, "th") X(kThead, "thead") X(kTime, "time")     \
  X(kTitle, "title") X(kTr, "tr") X(kTrack, "track") X(kTt, "tt") X(kU, "u") X(kUl, "ul")          \
  X(kVar, "var") X(kVideo, "video") X(kWbr, "wbr") X(kXmp, "xmp")

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
inline constexpr std::string_view kTagTexts[] = {  // in dom::Tag order
#define PITH_TAG_TEXT(e, n) n,
    PITH_HTML_TAGS(PITH_TAG_TEXT)
#undef PITH_TAG_TEXT
};
inline constexpr std::array<Tag, html_name::kCount> kTags = [] {
  std::array<Tag, html_name::kCount> tags{};
  for (std::size_t id = 0; id < html_name::kCount; ++id) {
    tags[id] = Tag::kUnknown;
    for (std::size_t t = 0; t < std::size(kTagTexts); ++t) {
      if (kTagTexts[t] == kTexts[id]) tags[id] = static_cast<Tag>(t);
    }
  }
  return tags;
}();
}  // namespace html_name_tables

// The listed name's id, or html_name::kCount when `name` (lower-case) is not listed. A few integer
// operations: the name is packed into two words and looked up in a hash table built at compile time.
HtmlName LookupHtmlName(std::string_view name);
// The listed name's text; `name` < html_name::kCount.
inline std::string_view HtmlNameText(HtmlName name) { return html_name_tables::kTexts[name]; }
// pith's Tag for a listed name (kUnknown for names pith does not distinguish, such as "marquee").
inline Tag TagOfHtmlName(HtmlName name) { return html_name_tables::kTags[name]; }

}  // namespace pith::dom
