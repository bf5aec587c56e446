// `auto`'s thresholds and word lists, in one place (data, not logic): each names the step that
// reads it and the kind of page it exists for. The class/id word tables are in
// src/text/boilerplate_words.cc.
#pragma once

#include <cstddef>
#include <string_view>

#include "dom/tags.h"

namespace pith::algo::auto_steps {

// Whether `value` is one of `list`.
template <class T, std::size_t N>
constexpr bool OneOf(const T& value, const T (&list)[N]) {
  for (const T& item : list) {
    if (value == item) return true;
  }
  return false;
}

// ---- Word lists

// Step 1: elements whose tag names boilerplate (a <header> too, outside <article> and <main>).
inline bool IsBoilerplateTag(dom::Tag t) {
  using dom::Tag;
  switch (t) {
    case Tag::kNav: case Tag::kAside: case Tag::kFooter: case Tag::kForm: case Tag::kMenu:
    case Tag::kSelect: case Tag::kButton: case Tag::kDialog: case Tag::kOption: case Tag::kLabel:
      return true;
    default:
      return false;
  }
}
// Step 1: ARIA roles that name boilerplate regions, and the roles and itemprops that name the
// content (with <article> and <main>).
inline constexpr std::string_view kBoilerplateRoles[] = {"navigation", "banner", "contentinfo", "complementary",
                                                         "search", "menu", "menubar", "dialog", "alert"};
inline constexpr std::string_view kContentRoles[] = {"main", "article"};
inline constexpr std::string_view kContentItemprops[] = {"articleBody", "text", "reviewBody"};

// Step 1, words of a class or id name (class_names.cc). Utility classes spell CSS box properties
// ("margin-bottom-l", "border-top"): after one of these, a side of the box is no region of the page.
inline constexpr std::string_view kBoxPropertyWords[] = {"margin", "padding", "border", "rounded",
                                                         "radius", "align", "valign"};
inline constexpr std::string_view kBoxSideWords[] = {"top", "bottom"};
// A boilerplate word that names the content's own head or continuation when joined to a content
// word ("entry-header", "post-top", "entry-more").
inline constexpr std::string_view kContentPartWords[] = {"header", "masthead", "top", "more"};
// Boilerplate words that name a kind of component rather than a region (kWidgetProseChars).
inline constexpr std::string_view kComponentWords[] = {"widget", "widgets"};
// Step 1: boilerplate words that name a cookie consent manager's banner or preference centre
// ("onetrust-pc-sdk", "cookie-consent", "gdpr-modal"). Such a hint is believed even on an element
// that holds half of the page's text: on a page whose own text is links or scripted, the
// preference centre's descriptions of purposes are most of the text.
inline constexpr std::string_view kConsentWords[] = {"consent", "cookie", "cookies", "gdpr", "onetrust"};

// Steps 2 and 6: labels that open a legal notice (matched ignoring ASCII case, past opening
// brackets), the brackets they may stand in, and the words that make any short line one
// (IsLegalNotice).
inline constexpr std::string_view kLegalLabels[] = {
    "\u00A9", "copyright", "disclaimer",
    "\u514D\u8D23\u58F0\u660E", "\u514D\u8CAC\u8072\u660E",  // 免责声明 / 免責聲明, disclaimer
    "\u7248\u6743", "\u7248\u6B0A"};                                // 版权 / 版權, copyright
inline constexpr std::u32string_view kLabelOpeners = U"[(*\u3010\u3016\u300C\uFF08";  // [ ( * 【 〖 「 （
inline constexpr std::string_view kCopyrightWords[] = {"\u00A9", "\u7248\u6743", "\u7248\u6B0A", "copyright"};
// 声明 ("statement") ending a short label before a colon: a portal's notice ("网易声明：").
inline constexpr std::string_view kStatementWord = "\u58F0\u660E";

// Steps 5 and 6: the marks that end a sentence (or announce what follows) in any script, and the
// closing quotes and brackets that may follow them.
inline constexpr std::u32string_view kSentenceEndMarks =
    U".!?:;\u2026"                          // …
    U"\u3002\uFF01\uFF1F\uFF1A\uFF1B"        // 。！？：；
    U"\u061F\u06D4"                         // Arabic ؟ ۔
    U"\u0964\u0F0D\u104B"                   // danda, shad, Burmese
    U"\u17D4\u17D5\u1362\u1367"             // Khmer, Ethiopic
    U"\u05C3\u0DF4\u1803";                  // Hebrew, Sinhala, Mongolian
inline constexpr std::u32string_view kClosingMarks = U"\"')\u201D\u2019\u00BB\u300D\u300F\uFF09";

// Step 4: a record's time, marked whatever language it is written in: the class/id words that
// begin with kTimeWordStarts or end with kTimeWordEnds (but kNoTimeWords), and itemprops that
// begin with "date" ("dateCreated", "datePublished").
inline constexpr std::string_view kTimeWordStarts[] = {"date", "timestamp"};
inline constexpr std::string_view kTimeWordEnds[] = {"date", "time", "timeago"};
inline constexpr std::string_view kNoTimeWords[] = {"update", "validate"};
// Step 4: a link to a person: the href parts of member and user profiles, and the class/id words
// of an author's name.
inline constexpr std::string_view kProfileHrefParts[] = {"/member", "/user", "profile", "/u/", "/people/", "/author"};
inline constexpr std::string_view kPersonWords[] = {"username", "user", "author", "poster", "member", "bigusername"};

// Step 7: the word a cookie consent notice mentions.
inline constexpr std::string_view kCookieWord = "cookie";

// Step 9: prefixes of a reply's subject line ("Re: <the thread's title>"), matched ignoring ASCII case.
inline constexpr std::string_view kReplyPrefixes[] = {"re:", "re :", "aw:", "sv:", "antw:", "回复：", "回复:",
                                                      "回覆：", "回覆:", "答复：", "答复:", "re："};

// Step 10: units written after a price's number, besides currency signs (元, 円).
inline constexpr std::u32string_view kPriceUnits = U"\u5143\u5186";

// ---- Thresholds, by step

// Step 1: a class/id value whose only boilerplate word is "widget" ("c-product-widget",
// "widget-content") names a kind of component, not a region of the page: blogs call their sidebar
// boxes widgets, and page builders so call every block of a page, the article's too. Such a hint
// is believed unless the element holds a section of text: this many weighted characters of prose
// in two paragraphs or more, or under a heading (BelieveWidgetsWithoutText).
constexpr double kWidgetProseChars = 200;

// Step 2: the share of a block's vote that goes to itself and to its parent, grandparent and the
// two levels above: the container of many paragraphs or replies collects their votes.
inline constexpr double kLevelWeight[] = {1.0, 1.0, 0.5, 1.0 / 3, 0.25};
// Step 2: a content-hinted element's score (<article>, <main>, itemprop="articleBody") is raised
// by this factor.
constexpr double kContentHintFactor = 1.1;

// Step 3: the score an article needs to win over a comment section, about three paragraphs'
// votes (a thousand comments outweigh any article even at `comments_factor` of their votes).
// Step 5 also drops a comment section inside the content when the rest still holds this many
// undecayed votes, and a reading without class/id names needs them (auto.cc).
constexpr double kMinArticleScore = 30;

// Step 3, the text balance of the ascent (TextBalance): a weighted character of short,
// sentence-less text costs twice what a character of prose gains, a character of link text as
// much as one of prose; so does a character of a comment section's text, so that the ascent stops
// below the container that adds the comments (with their heading and "Add your comment") to the
// article.
constexpr double kShortTextCost = 2;
constexpr double kLinkTextCost = 1;
constexpr double kCommentTextCost = 1;

// Step 4: a section beside the outermost wrapper of the main subtree with the wrapper's tag and
// class value (a document's "sect1" sections, each a heading and a body) joins with less mass than
// other siblings need: at least this share of the wrapper's, and at most this link density (a
// manual page's short SYNOPSIS and EXAMPLES beside its long OPTIONS; a feedback box sharing the
// wrapper's class does not reach the share).
constexpr double kMinSectionShare = 0.05;
constexpr double kMaxSectionLinkDensity = 0.25;

// Step 4: a thread's other posts join the main subtree when at least this many share its tag and
// class (KeepThreadPosts), and a record's date is looked for in this many bytes of its text.
constexpr std::size_t kMinThreadPosts = 3;
constexpr std::size_t kRecordDateChars = 400;
// ... and the post bodies are looked for with the class of at most this many elements from the
// best candidate up to T (a page nested thousands deep must not cost thousands of scans).
constexpr std::size_t kMaxThreadChain = 8;

// Step 5: the link density under which a block of prose outside a subtree's comment sections is
// an article's paragraph (a comment section beside it then goes, however long).
constexpr double kMaxProseLinkDensity = 0.25;

// Step 5: a run of at most this many short link paragraphs between prose paragraphs is part of the
// text (BetweenProse); a longer run is a list of links.
constexpr std::size_t kMaxShortParagraphRun = 3;

// Step 5: an element inside the content that holds a <textarea> and fewer weighted characters than
// this is a comment or message form ("我要跟帖", "已输入0字", "Leave a reply", "Your message"):
// its labels and hints go with it. A larger element is a story with a form between its paragraphs.
constexpr double kMaxTextBoxChars = 300;

// Step 6: the page's h1 is kept when it and the content share an ancestor at most this many
// parents above the content: a headline beside the content (a sibling of it or of its parent) is
// the article's own, one further away sits in the page's banner.
constexpr std::size_t kMaxHeadlineLevels = 2;

// Step 6: more short blocks than this at the top of the content are a list, not a byline area.
constexpr std::size_t kMaxLeadingMetaBlocks = 3;

// Step 6, the end of the content: a block needs this many times min_paragraph_chars of non-link
// text (about two sentences) to count as the article's prose when the link text after its last
// prose block is dropped (DropTrailingFurniture).
constexpr double kTrailingProseChars = 3;

// Step 6, the end of the content: a legal notice ("© 2012 The Times", "Copyright Dow Jones",
// "Disclaimer: ...", "免责声明：...") shorter than kMaxCopyrightChars among the last
// kCopyrightWindow blocks ends the content. Step 2: a block shorter than kMaxCopyrightChars that
// opens with a legal label casts no vote.
constexpr std::size_t kCopyrightWindow = 3;
constexpr double kMaxCopyrightChars = 200;

// Step 6, the end of a CJK page's content: at most this many short sentence-less blocks after the
// last prose block are its credit lines, and go: Chinese and Japanese news ends with the
// reporter's, editor's and source's names (责任编辑：…, 来源：…), where English news ends with
// reporter credits that belong to the story. A block with a full-width comma (，) is a clause of
// the last sentence, not a credit.
constexpr std::size_t kMaxTrailingMetaBlocks = 3;

// Step 9, a second copy: a run of at least kMinRepeatedBlocks blocks, kMinRepeatedChars weighted
// characters and kMinRepeatedShare of the kept text (a single block inside a <blockquote>: only
// kMinRepeatedChars). Shorter repeats are a list whose items share a blurb or a chorus sung twice.
constexpr std::size_t kMinRepeatedBlocks = 2;
constexpr double kMinRepeatedChars = 100;
constexpr double kMinRepeatedShare = 0.15;

// Step 10, a shop's product grid: at least kMinGridCards sibling elements of one tag and class
// value, each under kMaxCardChars characters and holding a link, kMinPricedShare of them a price,
// whose text reaches kMinGridShare of the other kept text (a blog post's column of app price drops
// or a phone review's price list beside a long text stays out).
constexpr std::size_t kMinGridCards = 4;
constexpr double kMaxCardChars = 600;
constexpr double kMinPricedShare = 0.6;
constexpr double kMinGridShare = 0.5;

// Step 10 when the votes found no content, or on a page classified as a listing or a service
// page: a grid needs no prices, and its cards hold at least this many characters (a headline, as
// in HeadlineLinkBefore). Only then: a story's related headlines and a blog's list of posts are
// such grids too.
constexpr double kMinTeaserChars = 30;

}  // namespace pith::algo::auto_steps
