// `auto`'s thresholds and word lists, in one place (data, not logic): each names the step that
// reads it and the kind of page it exists for. The class/id word tables are in
// src/algo/boilerplate_words.cc.
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

// Step 7: the word a cookie consent notice mentions.
inline constexpr std::string_view kCookieWord = "cookie";

// Step 9: prefixes of a reply's subject line ("Re: <the thread's title>"), matched ignoring ASCII case.
inline constexpr std::string_view kReplyPrefixes[] = {"re:", "re :", "aw:", "sv:", "antw:", "回复：", "回复:",
                                                      "回覆：", "回覆:", "答复：", "答复:", "re："};

// Step 10: units written after a price's number, besides currency signs (元, 円).
inline constexpr std::u32string_view kPriceUnits = U"\u5143\u5186";

// ---- Thresholds

// Step 2: the share of a block's vote that goes to itself and to its parent, grandparent and the
// two levels above.
inline constexpr double kLevelWeight[] = {1.0, 1.0, 0.5, 1.0 / 3, 0.25};
// Step 2: a content-hinted element's score (<article>, <main>, itemprop="articleBody") is raised
// by this factor.
constexpr double kContentHintFactor = 1.1;

// Text balance weights (Ascend): a weighted character of short, sentence-less text costs twice
// what a character of prose gains, a character of link text as much. Measured on the full corpus
// (mean over the nine sets of shingle F1, goose3 snippet F1): short-text cost 0.5 / 1 / 2 / 3 give
// 0.8864 / 0.8869 / 0.8874 / 0.8867 (link cost 1); link cost 0.5 and 1 give 0.8868 and 0.8874
// (short cost 2), link cost 2 gives 0.8851 (short cost 1); without the balance (the ascent always
// ends at the top of its chain) 0.8865.
constexpr double kShortTextCost = 2;
constexpr double kLinkTextCost = 1;
// A weighted character of a comment section's text costs what a link character does: the ascent
// stops below the container that adds the comments to the article (with their heading, their
// "Add your comment" and what sits beside them), where comment text used to count for nothing.
// Measured on the full corpus (shingle F1 / char F): dragnet-train 0.9151 / 0.9328 → 0.9155 /
// 0.9333, newspaper-tests 0.7987 / 0.8350 → 0.7991 / 0.8354, daniel-dev 0.9291 / 0.9364 → 0.9294
// / 0.9365, other sets unchanged (18 pages better, 4 worse; the worst, −0.067, a review whose
// truth keeps the reader reviews below it). Costs 0.5 and 2 moved the same pages (mean within
// 0.0001); the same cost on boilerplate-hinted text lost on newspaper-tests (−0.0046: a page's
// title and standfirst sit beside its share row) and readability-test (−0.0018).
constexpr double kCommentTextCost = 1;

// Step 3: the score an article needs to win over a comment section: about three paragraphs' votes.
// Measured on the full corpus: with 30, dragnet-train 0.9064 / 0.9260 → 0.9065 / 0.9262 (a review
// under 1,300 comments found; one page, −0.004, loses its title, which sat above the comments'
// container); with 10, a forum thread in wcxb-dev switches to its opening post (−0.040 / +0.050);
// other sets unchanged.
constexpr double kMinArticleScore = 30;

// A class/id value whose only boilerplate word is "widget" ("c-product-widget", "widget-content")
// names a kind of component, not a region of the page: blogs call their sidebar boxes widgets, and
// page builders so call every block of a page, the article's too. Such a hint is believed unless
// the element holds a section of text: this many weighted characters of prose in two paragraphs
// or more, or under a heading (HoldsSectionOfText). Measured on the full corpus (shingle F1 / char
// F): wcxb-dev 0.8524 / 0.8879 → 0.8538 / 0.8894 (a school's program descriptions 0.24 → 0.74, a laptop
// buying guide's reviews 0.49 → 0.94, a product page's description 0.30 → 0.40, a software
// page's features 0.94 → 1.00; a product page whose customer reviews join 0.62 → 0.41), other
// sets unchanged (4 pages better, 2 worse; a dragnet-train page whose shingle F1 stays 0 gains an
// app promotion). With 100 characters a dragnet-train story gains a sidebar box (−0.11); with 400
// the program descriptions stay out. Any paragraph of 200 characters, without the heading or the
// second paragraph, also let a video's caption into a newspaper-tests story (−0.0003 on the set).
// Not believing "widget" at all: wcxb-dev +0.0020, but daniel-dev −0.0010, dragnet-train −0.0008
// and newspaper-tests −0.0007 (14 pages worse: price tables, captions, a blog's "this page
// contains a single entry" box).
constexpr double kWidgetProseChars = 200;

// Step 6: the page's h1 is kept when it and the content share an ancestor at most this many
// parents above the content. The sets disagree on headlines (their truth holds the h1 on 88% of
// daniel-dev's and dragnet-train's pages and on 5–30% of newspaper-tests', readability-test's,
// wcxb-dev's and zh-cwced's); a headline beside the content (a sibling of it or of its parent)
// is the article's own, one further away sits in the page's banner. Measured on the full corpus
// (shingle F1 / char F) against keeping it at any distance: newspaper4k-tests 0.9569 / 0.9588 →
// 0.9600 / 0.9614, newspaper-tests 0.8015 / 0.8373 → 0.8029 / 0.8386, readability-test +0.0007
// / +0.0006, zh-cwced +0.0006 / +0.0005, wcxb-dev +0.0003 / +0.0001, daniel-dev −0.0001 /
// −0.0002, dragnet-train −0.0002 / −0.0010, cleaneval-dev −0.0001 / −0.0002 (122 pages better,
// 28 worse); with 1 level, mean +0.0009 / +0.0006 but daniel-dev −0.0015 / −0.0019; with 3,
// +0.0002 / +0.0001; never keeping it, +0.0009 / +0.0004 with daniel-dev and dragnet-train
// −0.0033 / −0.0054.
constexpr std::size_t kMaxHeadlineLevels = 2;

// More short blocks than this at the top of the content are a list, not a byline area.
constexpr std::size_t kMaxLeadingMetaBlocks = 3;

// Step 5: a run of at most this many short link paragraphs between prose paragraphs is part of the
// text (BetweenProse); a longer run is a list of links.
constexpr std::size_t kMaxShortParagraphRun = 3;

// Step 6, the end of the content: a block needs this many times min_paragraph_chars of non-link
// text (about two sentences) to count as the article's prose when the link text after its last
// prose block is dropped (DropTrailingFurniture). Measured on the full corpus (shingle F1 / char F;
// mean over the nine sets 0.8892 / 0.9083 without the step): with 1, 0.8895 / 0.9086 (46 pages
// better, 10 worse); with 2 / 2.5 / 3 / 4 / 6 and the guard that keeps a run longer than the text
// before it, 0.8900 / 0.8902 / 0.8902 / 0.8901 / 0.8896 (char F 0.9092 / 0.9093 / 0.9094 / 0.9092
// / 0.9087). With 3 (66 pages better, 23 worse by at most 0.085): cleaneval-dev 0.8712 / 0.9179 →
// 0.8727 / 0.9194, daniel-dev 0.9206 / 0.9287 → 0.9218 / 0.9300, dragnet-train 0.9081 / 0.9275 →
// 0.9091 / 0.9286, newspaper-tests +0.0005 / +0.0006, newspaper4k-tests 0.9505 / 0.9522 → 0.9524 /
// 0.9546, readability-test −0.0003 (digests of linked headlines that its truth keeps), wcxb-dev
// +0.0002 / −0.0001 (forum +0.0019, documentation −0.0013), zh-cwced 0.9209 / 0.9194 → 0.9237 /
// 0.9229, goose3-tests unchanged. Without the guard a watch shop's product list after its
// introduction went (−0.36 on that page). Asking prose to end with a sentence mark instead cut
// reviews signed "(Sonia Saraiya)" out of an article (newspaper-tests −0.0028).
constexpr double kTrailingProseChars = 3;

// Step 6, the end of the content: a legal notice ("© 2012 The Times", "Copyright Dow Jones",
// "Disclaimer: ...", "免责声明：...") shorter than kMaxCopyrightChars among the last
// kCopyrightWindow blocks ends the content.
// Measured on the full corpus (shingle F1 / char F): cleaneval-dev 0.8726 / 0.9194 → 0.8733 /
// 0.9202, dragnet-train 0.9117 / 0.9302 → 0.9131 / 0.9316, newspaper4k-tests +0.0004 / +0.0005,
// zh-cwced +0.0005 / +0.0009, newspaper-tests −0.0002 / −0.0003, other sets unchanged (11 pages
// better, 2 worse); with "all rights reserved" and the Chinese 版权所有 too, the same pages; with
// the sign alone, 7 pages better and 1 worse (mean +0.0001); with every block after the last
// prose block as the window instead of the last three, dragnet-train gains nothing (mean +0.0001).
constexpr std::size_t kCopyrightWindow = 3;
constexpr double kMaxCopyrightChars = 200;

// Step 4: a section beside the outermost wrapper of the main subtree with the wrapper's tag and
// class value (a document's "sect1" sections, each a heading and a body) joins with less mass than
// other siblings need: at least this share of the wrapper's, and at most this link density. A
// manual page's short SYNOPSIS and EXAMPLES sections beside its long OPTIONS section fell under
// sibling_score_ratio. Measured on the full corpus: wcxb-dev 0.8353 / 0.8722 → 0.8358 / 0.8726 (the
// rule fires on 8 pages; one documentation page 0.76 → 0.98, the others unchanged), no other set
// changes; without the mass share, a feedback box and an app promotion sharing their wrapper's
// class joined (2 pages −0.005); with link density up to 0.5, one page worse.
constexpr double kMinSectionShare = 0.05;
constexpr double kMaxSectionLinkDensity = 0.25;

// Step 4: a thread's other posts join the main subtree when at least this many share its tag and
// class (see KeepThreadPosts), and a record's date is looked for in this many bytes of its text.
constexpr std::size_t kMinThreadPosts = 3;
constexpr std::size_t kRecordDateChars = 400;

// Step 5: an element inside the content that holds a <textarea> and fewer weighted characters than
// this is a comment or message form ("我要跟帖", "已输入0字", "Leave a reply", "Your message"):
// its labels and hints go with it. Measured on the full corpus: daniel-dev, dragnet-train and
// wcxb-dev +0.0001 / +0.0001 (5 pages better, none worse); 50–80: 1 page better; 150: 3; 1,000:
// 7 better, 1 worse (a form between a story's paragraphs).
constexpr double kMaxTextBoxChars = 300;

// Step 6, the end of a CJK page's content: at most this many short sentence-less blocks after the
// last prose block are its credit lines, and go. Chinese and Japanese news ends with the editor's
// and the source's names (责任编辑：…, 来源：…), which the Chinese truths leave out, where English
// news ends with reporter credits that the newspaper truths keep. Measured on the full corpus
// (shingle F1 / char F): daniel-dev 0.9352 / 0.9413 → 0.9362 / 0.9427 (22 pages better, 2 worse),
// zh-cwced 0.9342 / 0.9350 → 0.9352 / 0.9366 (19 better, 8 worse by at most 0.008),
// newspaper4k-tests −0.0002 (one Chinese page each way). 3 blocks rather than 2 (a reporter's line,
// an editor's and proofreader's, a source's and chief editor's, as a smoke-test page of 163.com
// ends): daniel-dev +0.0002 (one page 0.989 → 1.000), readability-test −0.0000 (one page 0.997
// → 0.993, whose silver truth keeps the credits), no other page changes. On every page
// (not only CJK ones) the Chinese sets gain as much but newspaper-tests loses 0.0016 (reporter
// credits), dragnet-train and readability-test 0.0001–0.0005. A block with a full-width comma
// (，) is kept as a clause (no corpus page changes; a smoke-test page's last sentence without its
// full stop, "游戏在Steam售价36元，支持Windows和MAC，暂时没有简体中文", stays).
constexpr std::size_t kMaxTrailingMetaBlocks = 3;

// Step 9, a repeated copy. Measured on the full corpus (2 blocks, 100 chars): with the share at
// 0.15 newspaper 0.787 → 0.793 shingle F1, dragnet +0.001, wcxb +0.001 char F, the rest unchanged;
// without the different-parent rule readability-test loses 0.02 (its fixtures repeat paragraphs
// side by side), and single-block runs (kMinRepeatedBlocks 1) lose 0.005 there.
constexpr std::size_t kMinRepeatedBlocks = 2;
constexpr double kMinRepeatedChars = 100;
constexpr double kMinRepeatedShare = 0.15;

// Step 10, a shop's product grid: at least kMinGridCards sibling elements of one tag and class
// value, each under kMaxCardChars characters and holding a link, kMinPricedShare of them a price,
// whose text reaches kMinGridShare of the other kept text. Measured on the full corpus (shingle F1
// / char F): wcxb-dev 0.8473 / 0.8841 → 0.8524 / 0.8879 (its collection pages 0.567 / 0.720 →
// 0.633 / 0.767; 6 pages better, one of them 0 → 0.98, none worse), every other set unchanged.
// Without the share, wcxb-dev gains +0.0061 / +0.0045 but daniel-dev and dragnet-train lose
// 0.0005 (8 pages better, 10 worse by up to 0.16: a blog post's column of app price drops, a
// Chinese phone review's price list, a shop's best-seller strip above its long buying guide, a
// product page's accessories). Two more pages would gain with a lower share: their grids hold
// 0.44 and 0.46 of the other text, but the phone review's list holds 0.43. Keeping
// the cards' buttons and form controls ("Add to cart", a delivery interval's <select>) too:
// wcxb-dev +0.0045 / +0.0035 only.
constexpr std::size_t kMinGridCards = 4;
constexpr double kMaxCardChars = 600;
constexpr double kMinPricedShare = 0.6;
constexpr double kMinGridShare = 0.5;

// Step 10 when the votes found no content: a grid needs no prices, and its cards hold at least
// this many characters (a headline, as in HeadlineLinkBefore). Only then: a story's related
// headlines and a blog's list of posts are such grids too, and the same rule on every page cost
// the news sets up to 0.019 (stop 28). Measured on the full corpus (shingle F1 / char F): wcxb-dev
// 0.8538 / 0.8894 → 0.8568 / 0.8914 (listing pages 0.527 / 0.664 → 0.572 / 0.696; a news front
// page 0 → 0.40 and a section front 0.24 → 0.56 with their headlines and summaries, a ranked book
// list 0.00 → 0.48 whose reader comments won, a shop's collection 0.15 → 0.39), dragnet-train
// 0.9208 / 0.9379 → 0.9210 / 0.9386 (a post that is a list of 120 linked essays, 0.24 → 0.53),
// newspaper-tests +0.0000 / +0.0004 (a video page whose text is scripted gives its related
// headlines: its truth, a newsletter box, scores 0 either way, character F 0.27 → 0.17), other
// sets unchanged; no page's shingle F1 is lower. Without the minimum that page also gives 80
// designers' names; with 50 characters the list of essays gains less (+0.21).
constexpr double kMinTeaserChars = 30;

}  // namespace pith::algo::auto_steps
