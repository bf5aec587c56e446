// The tables behind ClassifyHintToken. Words are chosen for what they mean on the web at large
// (English-language class names dominate even on Chinese and Greek sites); no site is named.
#include "algo/boilerplate_words.h"

#include <algorithm>
#include <iterator>

namespace pith::algo {
namespace {

// Navigation, furniture, advertising, sharing, recommendations.
constexpr std::string_view kBoilerplate[] = {
    "ad", "ads", "advert", "advertisement", "aside", "banner", "bottom", "breadcrumb",
    "breadcrumbs", "cookie", "cookies", "copyright", "crumbs", "disclaimer", "dropdown", "foot",
    "footer", "footnav", "gdpr", "header", "hidden", "hot", "jump", "keywords", "links", "login",
    "masthead", "menu", "modal", "more", "nav", "navbar", "navigation", "newsletter", "outbrain",
    "pager", "pagination", "popular", "popup", "promo", "rail", "recommend", "recommended",
    "related", "rightcol", "share", "sharing", "shopping", "side", "sidebar", "signup", "skip",
    "social", "sponsor", "sponsored", "subnav", "subscribe", "subscription", "tag", "tags",
    "taboola", "toolbar", "toolbox", "tools", "top", "topbar", "trending", "widget", "widgets",
};

// Containers of the main text ("zhengwen" is pinyin for body text, common on Chinese sites).
constexpr std::string_view kContent[] = {
    "article", "articlebody", "artical", "blog", "body", "content", "detail", "entry", "main",
    "maincontent", "news", "post", "postbody", "story", "text", "thread", "topic", "zhengwen",
};

// Comment sections: boilerplate on an article page, the content itself on a forum thread.
constexpr std::string_view kComments[] = {
    "comment", "comments", "commentlist", "discuss", "disqus", "respond",
};

template <std::size_t N>
bool Contains(const std::string_view (&table)[N], std::string_view token) {
  return std::find(std::begin(table), std::end(table), token) != std::end(table);
}

}  // namespace

HintKind ClassifyHintToken(std::string_view t) {
  if (t.empty()) return HintKind::kNone;
  if (Contains(kComments, t)) return HintKind::kComments;
  if (Contains(kContent, t)) return HintKind::kContent;
  if (Contains(kBoilerplate, t)) return HintKind::kBoilerplate;
  if (t.rfind("sidebar", 0) == 0 || t.rfind("navbar", 0) == 0 || t.rfind("footer", 0) == 0 ||
      t.rfind("comment", 0) == 0 || t.rfind("share", 0) == 0 || t.rfind("social", 0) == 0 ||
      t.rfind("related", 0) == 0 || t.rfind("advert", 0) == 0) {
    return t.rfind("comment", 0) == 0 ? HintKind::kComments : HintKind::kBoilerplate;
  }
  return HintKind::kNone;
}

}  // namespace pith::algo
