// The tables behind ClassifyHintToken. Words are chosen for what they mean on the web at large
// (English-language class names dominate even on Chinese and Greek sites); no site is named.
#include "algo/boilerplate_words.h"

#include <unordered_map>

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

// One hash lookup per token. A word in two tables would take the later one's kind: comments over
// content over boilerplate.
const std::unordered_map<std::string_view, HintKind>& Table() {
  static const std::unordered_map<std::string_view, HintKind> table = [] {
    std::unordered_map<std::string_view, HintKind> t;
    for (std::string_view w : kBoilerplate) t[w] = HintKind::kBoilerplate;
    for (std::string_view w : kContent) t[w] = HintKind::kContent;
    for (std::string_view w : kComments) t[w] = HintKind::kComments;
    return t;
  }();
  return table;
}

}  // namespace

HintKind ClassifyHintToken(std::string_view t) {
  if (t.empty()) return HintKind::kNone;
  const auto& table = Table();
  if (const auto it = table.find(t); it != table.end()) return it->second;
  if (t.rfind("sidebar", 0) == 0 || t.rfind("navbar", 0) == 0 || t.rfind("footer", 0) == 0 ||
      t.rfind("comment", 0) == 0 || t.rfind("share", 0) == 0 || t.rfind("social", 0) == 0 ||
      t.rfind("related", 0) == 0 || t.rfind("advert", 0) == 0) {
    return t.rfind("comment", 0) == 0 ? HintKind::kComments : HintKind::kBoilerplate;
  }
  return HintKind::kNone;
}

}  // namespace pith::algo
