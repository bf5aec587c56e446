// HTML element names pith distinguishes, as a compact enum. The parser adapter maps MyHTML's tag ids
// onto it by name; elements not listed here become Tag::kUnknown and keep their name in the Document.
// The tree builder's names (html_names.h) are these and the few more it needs.
#pragma once

#include <cstdint>
#include <string_view>

namespace pith::dom {

// X(enumerator, "name")
#define PITH_HTML_TAGS(X)                                                                        \
  X(kA, "a") X(kAbbr, "abbr") X(kAddress, "address") X(kArea, "area") X(kArticle, "article")     \
  X(kAside, "aside") X(kAudio, "audio") X(kB, "b") X(kBase, "base") X(kBdi, "bdi")               \
  X(kBdo, "bdo") X(kBlockquote, "blockquote") X(kBody, "body") X(kBr, "br") X(kButton, "button") \
  X(kCanvas, "canvas") X(kCaption, "caption") X(kCenter, "center") X(kCite, "cite")              \
  X(kCode, "code") X(kCol, "col") X(kColgroup, "colgroup") X(kData, "data") X(kDatalist, "datalist") \
  X(kDd, "dd") X(kDel, "del") X(kDetails, "details") X(kDfn, "dfn") X(kDialog, "dialog")         \
  X(kDiv, "div") X(kDl, "dl") X(kDt, "dt") X(kEm, "em") X(kEmbed, "embed") X(kFieldset, "fieldset") \
  X(kFigcaption, "figcaption") X(kFigure, "figure") X(kFont, "font") X(kFooter, "footer")        \
  X(kForm, "form") X(kFrame, "frame") X(kFrameset, "frameset") X(kH1, "h1") X(kH2, "h2")         \
  X(kH3, "h3") X(kH4, "h4") X(kH5, "h5") X(kH6, "h6") X(kHead, "head") X(kHeader, "header")      \
  X(kHgroup, "hgroup") X(kHr, "hr") X(kHtml, "html") X(kI, "i") X(kIframe, "iframe")             \
  X(kImg, "img") X(kInput, "input") X(kIns, "ins") X(kKbd, "kbd") X(kLabel, "label")             \
  X(kLegend, "legend") X(kLi, "li") X(kLink, "link") X(kMain, "main") X(kMap, "map")             \
  X(kMark, "mark") X(kMath, "math") X(kMenu, "menu") X(kMeta, "meta") X(kMeter, "meter")         \
  X(kNav, "nav") X(kNobr, "nobr") X(kNoscript, "noscript") X(kObject, "object") X(kOl, "ol")     \
  X(kOptgroup, "optgroup") X(kOption, "option") X(kOutput, "output") X(kP, "p")                  \
  X(kParam, "param") X(kPicture, "picture") X(kPre, "pre") X(kProgress, "progress") X(kQ, "q")   \
  X(kRp, "rp") X(kRt, "rt") X(kRuby, "ruby") X(kS, "s") X(kSamp, "samp") X(kScript, "script")    \
  X(kSection, "section") X(kSelect, "select") X(kSmall, "small") X(kSource, "source")            \
  X(kSpan, "span") X(kStrike, "strike") X(kStrong, "strong") X(kStyle, "style") X(kSub, "sub")   \
  X(kSummary, "summary") X(kSup, "sup") X(kSvg, "svg") X(kTable, "table") X(kTbody, "tbody")     \
  X(kTd, "td") X(kTemplate, "template") X(kTextarea, "textarea") X(kTfoot, "tfoot") X(kTh, "th") \
  X(kThead, "thead") X(kTime, "time") X(kTitle, "title") X(kTr, "tr") X(kTt, "tt") X(kU, "u")    \
  X(kUl, "ul") X(kVar, "var") X(kVideo, "video") X(kWbr, "wbr")

enum class Tag : std::uint16_t {
#define PITH_TAG_ENUM(e, n) e,
  PITH_HTML_TAGS(PITH_TAG_ENUM)
#undef PITH_TAG_ENUM
  kUnknown,   // an element whose name is not in the list (custom elements, obsolete tags)
  kText,      // a text node
  kDocument,  // the root
};

// Lower-case tag name ("div"); "#text", "#document", "" for kUnknown (ask the Document instead).
std::string_view TagName(Tag tag);
// Tag for a lower-case name, kUnknown if not listed. Linear-time in the name's length.
Tag TagFromName(std::string_view name);

// Elements that start a new line of text when rendered (block-level in CSS terms), plus <br>.
// Inline: rendering, metadata and the algorithms ask it for every element, and the switch compiles
// to a few instructions.
constexpr bool IsBlockLevel(Tag tag) {
  switch (tag) {
    case Tag::kAddress: case Tag::kArticle: case Tag::kAside: case Tag::kBlockquote:
    case Tag::kBody: case Tag::kBr: case Tag::kCaption: case Tag::kCenter: case Tag::kDd:
    case Tag::kDetails: case Tag::kDialog: case Tag::kDiv: case Tag::kDl: case Tag::kDt:
    case Tag::kFieldset: case Tag::kFigcaption: case Tag::kFigure: case Tag::kFooter:
    case Tag::kForm: case Tag::kH1: case Tag::kH2: case Tag::kH3: case Tag::kH4: case Tag::kH5:
    case Tag::kH6: case Tag::kHeader: case Tag::kHgroup: case Tag::kHr: case Tag::kHtml:
    case Tag::kLegend: case Tag::kLi: case Tag::kMain: case Tag::kMenu: case Tag::kNav:
    case Tag::kOl: case Tag::kOption: case Tag::kP: case Tag::kPre: case Tag::kSection:
    case Tag::kSummary: case Tag::kTable: case Tag::kTbody: case Tag::kTd: case Tag::kTfoot:
    case Tag::kTh: case Tag::kThead: case Tag::kTr: case Tag::kUl: case Tag::kTitle:
      return true;
    default:
      return false;
  }
}
// h1..h6 → 1..6, else 0.
int HeadingLevel(Tag tag);

}  // namespace pith::dom
