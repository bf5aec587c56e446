// The `auto` algorithm on hand-built pages (one real page from ../shared/data, skipped when it is
// absent): the rules its header comment lists, one page shape each.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "text/boilerplate_words.h"
#include "pith/pith.h"
#include "test_util.h"

namespace pith {
namespace {

std::string ExtractAuto(const std::string& html) {
  Options o;
  o.algorithm = Algorithm::kAuto;
  const Result r = Extractor(o).Extract(html);
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return r.Text();
}

std::string Repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// n paragraphs of an English news story.
std::string HarbourParagraphs(int n) {
  return Repeat("<p>The harbour board approved the budget for the new breakwater on Monday evening, "
                "after a long debate about the cost.</p>", n);
}

// Six paragraphs of a Chinese news story: 美联储宣布，十一月美国的工业产出环比下降，主要与汽车产出下降有关。
std::string ChineseStory() {
  return Repeat("<p>\u7F8E\u8054\u50A8\u5BA3\u5E03\uFF0C\u5341\u4E00\u6708\u7F8E\u56FD"
                "\u7684\u5DE5\u4E1A\u4EA7\u51FA\u73AF\u6BD4\u4E0B\u964D\uFF0C\u4E3B\u8981"
                "\u4E0E\u6C7D\u8F66\u4EA7\u51FA\u4E0B\u964D\u6709\u5173\u3002</p>", 6);
}

TEST(Auto, PageWideFormIsAWrapperNotBoilerplate) {
  // ASP.NET WebForms pages put the whole body inside one <form>. The article is a single <div>
  // whose paragraphs are separated by <br>; below it, short comments.
  std::string article;
  for (int i = 0; i < 8; ++i) {
    article += "Paragraph " + std::to_string(i) +
               " of the report describes, in several sentences, what the council decided. It goes on. "
               "<br><br>";
  }
  std::string comments;
  for (int i = 0; i < 4; ++i) comments += "<div class=comment><p>Comment " + std::to_string(i) + ": well said!</p></div>";
  const std::string html =
      "<html><body><form id=Form1 method=post action=page.aspx><div id=nav><a href=/>Home</a> | "
      "<a href=/blog>Blog</a></div><div id=content><div id=body_l class=rightbox>" + article +
      "</div><div id=comments>" + comments + "</div></div></form></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("Paragraph 0 of the report"), std::string::npos) << out;
  EXPECT_NE(out.find("Paragraph 7 of the report"), std::string::npos) << out;
  EXPECT_EQ(out.find("well said"), std::string::npos) << out;
}

TEST(Auto, ClassHintOnAWordInsideASentenceIsNotBelieved) {
  // Blog plugins link names inside the text with class "tag"; the names are words of the sentence.
  // A "more" link closing a teaser and a "share" block stay boilerplate.
  const std::string para =
      "<p>The trial of <a class=st_tag href=/tag/gu>Gu Kailai</a> lasted only seven hours, and no verdict "
      "was announced when the court in <span class=tag>Hefei</span> rose in the evening.</p>";
  const std::string body = Repeat("<p>The proceedings were tightly controlled, reflecting the sensitivity of the case.</p>", 4);
  const std::string teaser = "<p>Another story about the courts, in a sentence or two of teaser text. <a class=more "
                             "href=/next>Continue</a></p>";
  const std::string out = ExtractAuto("<body><div id=post>" + para + body + teaser +
                                      "<div class=share>Share this</div></div></body>");
  EXPECT_NE(out.find("The trial of Gu Kailai lasted"), std::string::npos) << out;
  EXPECT_NE(out.find("court in Hefei rose"), std::string::npos) << out;
  EXPECT_EQ(out.find("Continue"), std::string::npos) << out;
  EXPECT_EQ(out.find("Share this"), std::string::npos) << out;
}

TEST(Auto, ALongCommentSectionDoesNotOutweighTheArticle) {
  // A thousand comments hold far more text than the review; the review is still the content.
  const std::string review = Repeat("<p>The film reinvents the series with a sure hand, and its best scenes are quiet ones.</p>", 8);
  std::string comments;
  for (int i = 0; i < 1000; ++i) {
    comments += "<div class=comment><div class=comment-body><p>Reader " + std::to_string(i) +
                " wrote: I saw it twice this week, and I agree with most of what you said here.</p></div></div>";
  }
  const std::string out = ExtractAuto("<body><div class=entry>" + review + "</div><div class=comments><div "
                                      "class=comments-content>" + comments + "</div></div></body>");
  EXPECT_NE(out.find("reinvents the series"), std::string::npos) << out;
  EXPECT_EQ(out.find("Reader 7 wrote"), std::string::npos) << out;
}

TEST(Auto, CommentsInTheArticlesOwnContainerGoEvenWhenTheyHoldMostOfTheText) {
  // Blog themes put the story and <div id=comments> in the same content column; two hundred
  // comments hold far more text than the story, so the column is the main subtree.
  const std::string story = Repeat("<p>The restoration team spent two years rebuilding the set, and the consoles "
                                   "light up again as they did on screen. Volunteers sanded, painted and rewired every "
                                   "panel, and a museum has offered to show it.</p>", 8);
  std::string comments;
  for (int i = 0; i < 200; ++i) {
    comments += "<dt><a href=#c" + std::to_string(i) + ">" + std::to_string(i + 1) + ".</a> Reader " +
                std::to_string(i) + " - October 26, 2012</dt><dd><p>I always preferred the classic bridge, but this "
                "is a lovely project and I hope it finds a home.</p></dd>";
  }
  const std::string out = ExtractAuto("<body><div id=content><h1>Save the bridge</h1>" + story +
                                      "<div id=comments><h2>Comments</h2><dl>" + comments + "</dl></div></div></body>");
  EXPECT_NE(out.find("The restoration team spent two years"), std::string::npos) << out;
  EXPECT_EQ(out.find("classic bridge"), std::string::npos) << out;
}

TEST(Auto, AThreadWhosePostsAllSitInTheCommentSectionStaysWhole) {
  // A forum page: the opening post and the replies are all in the comment section, and nothing
  // beside it is an article, so the section is the content.
  std::string posts;
  for (int i = 0; i < 12; ++i) {
    posts += "<article class=comment><p>Post " + std::to_string(i) +
             ": the payment module keeps its own table, so changing the order's method needs care.</p></article>";
  }
  const std::string out = ExtractAuto("<body><div class=topic><h1>Payment issues</h1><div id=comments>" + posts +
                                      "</div></div><div class=sidebar><p>Sign up.</p></div></body>");
  EXPECT_NE(out.find("Post 0: the payment module"), std::string::npos) << out;
  EXPECT_NE(out.find("Post 11: the payment module"), std::string::npos) << out;
}

TEST(Auto, AThreadInACommentSectionStaysWholeWhenAQuoteInOnePostScoresBest) {
  // Forum software that names every post a comment: the best-scoring block is a long quotation in
  // one reply, and the other posts, each named a comment, still belong to the content.
  std::string posts;
  for (int i = 0; i < 8; ++i) {
    posts += "<article class=\"cPost ipsComment\"><div class=ipsComment_meta>Posted October 29, 2025</div>"
             "<div class=ipsComment_content><p>Reply " + std::to_string(i) +
             ": I changed the order's payment method in the database, and the module restored it.</p>" +
             (i == 5 ? "<blockquote><div class=ipsQuote_contents>" +
                           Repeat("<p>The payment module keeps its own table, so the original method comes back "
                                  "each time the order is saved, whatever the back office shows.</p>", 5) +
                           "</div></blockquote>"
                     : "") +
             "</div></article>";
  }
  const std::string out = ExtractAuto(
      "<body><main><div id=contentArea><div id=mainArea><div class=cTopic id=comments><h1>Payment issues</h1>"
      "<div id=elPostFeed><form action=/moderate method=post>" + posts +
      "</form></div></div></div></div></main><div class=sidebar><p>Sign up.</p></div></body>");
  EXPECT_NE(out.find("Reply 0: I changed"), std::string::npos) << out;
  EXPECT_NE(out.find("Reply 7: I changed"), std::string::npos) << out;
  EXPECT_NE(out.find("comes back each time"), std::string::npos) << out;
}

TEST(Auto, ADocumentsSectionsEachAHeadingBesideItsBodyComeOutTogether) {
  // Manual pages and documentation generators wrap each section as a heading beside a wrapper of
  // its body. The longest section (a list of options, its paragraphs nested deep enough that
  // their votes do not reach the section) wins; its siblings are the other sections, a level
  // above its body.
  auto section = [](const std::string& name, int paragraphs) {
    return "<div class=sect1><h2>" + name + "</h2><div class=sectionbody><div class=dlist><dl>" +
           Repeat("<dt>--" + name + "</dt><dd><p>" + name + " explains, in a sentence of its own, how the command "
                  "records changes to the repository.</p></dd>", paragraphs) + "</dl></div></div></div>";
  };
  const std::string html = "<html><body><div id=nav><a href=/>Home</a> <a href=/docs>Docs</a></div><div id=doc>" +
                           section("DESCRIPTION", 3) + section("OPTIONS", 9) + section("EXAMPLES", 3) +
                           "</div></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("OPTIONS explains"), std::string::npos) << out;
  EXPECT_NE(out.find("DESCRIPTION explains"), std::string::npos) << out;
  EXPECT_NE(out.find("EXAMPLES explains"), std::string::npos) << out;
}

TEST(Auto, LineBlocksOfTheFallbackEndBeforeTheCopyrightLine) {
  // Every container is named like furniture and none holds half of the text, so the main subtree
  // comes out tiny and line blocks choose (step 7); they keep the site's legal notice after the
  // text, which goes as it does after auto's own choice.
  const std::string para = "<p>The headband has come a long way from its schoolgirl reputation, and this season it "
                           "sits low on the forehead with a loose braid behind it.</p>";
  const std::string html =
      "<html><body><div class=promo-top>" +
      Repeat("<p>Subscribe today and get a year of issues for the price of six, with a tote bag and our guide to "
             "the season.</p>", 6) +
      "</div><div class='row float-sidebar-container'><div class=blog-content>" + Repeat(para, 6) +
      "</div></div><div class=promo-bottom>" +
      Repeat("<p>Our newsletter brings the week's best looks to your inbox every Friday morning, with a guide to "
             "the season.</p>", 6) +
      "</div><p>&copy; 2015 Example Media. All rights reserved</p><p>Use of this site constitutes acceptance of "
      "our User Agreement and Privacy Policy, and of the terms that govern the use of cookies.</p></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("The headband has come a long way"), std::string::npos) << out;
  EXPECT_EQ(out.find("All rights reserved"), std::string::npos) << out;
  EXPECT_EQ(out.find("constitutes acceptance"), std::string::npos) << out;
}

TEST(Auto, ATrailingNewlineAfterThePageChangesNothing) {
  // A dateline above an article that is one long paragraph, the last text of the page: the
  // dateline goes whether or not a newline follows </html> (it lands in <body> as text).
  const std::string html =
      "<html><body><div class=art><div><p>12 January 2012</p><p>" +
      Repeat("The council published its review of public services on Thursday, and the findings were "
             "sharper than expected. ", 6) +
      "</p></div></div></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_EQ(out.find("12 January 2012"), std::string::npos) << out;
  EXPECT_NE(out.find("The council published"), std::string::npos) << out;
  EXPECT_EQ(ExtractAuto(html + "\n"), out);
}

TEST(Auto, TheRestOfAnArticleUnderAMoreAnchorJoinsIt) {
  // Blog engines put the part after the "continue reading" cut in <div id=more>; "more" also names
  // "more stories" blocks, so the hint stands unless the block holds more paragraphs than the
  // main subtree.
  const std::string intro = Repeat("<p>The opening of the review sets out what the film tries to do, in a few lines.</p>", 2);
  const std::string rest = Repeat("<p>The rest of the review follows the plot and the actors through the second act.</p>", 6);
  const std::string teasers = Repeat("<p>Another blog post teaser with a sentence or two, for readers who want more.</p>", 3);
  const std::string out = ExtractAuto("<body><div class=page><div class=post><h2>Review</h2><div class=asset-body>" +
                                      intro + "</div><div id=more class=asset-more>" + rest +
                                      "</div><div class=more-stories><p>More stories: a quiet week at the box office, "
                                      "and a festival announces its programme.</p></div></div><div class=sidebar>" +
                                      teasers + "</div></div></body>");
  EXPECT_NE(out.find("opening of the review"), std::string::npos) << out;
  EXPECT_NE(out.find("through the second act"), std::string::npos) << out;
  EXPECT_EQ(out.find("box office"), std::string::npos) << out;
}

TEST(Auto, ASpanInsideALinkInsideASentenceStays) {
  // Editors wrap link text in spans; the span is all link text but one word of the sentence.
  const std::string para =
      "<p><span>Get used to hearing the name </span><a href=/w><span>Whitney Bischoff</span></a><span>, guys: "
      "word is that she is a serious contender this season.</span></p>";
  const std::string body = Repeat("<p>So how far does the nurse from Chicago make it? All the way, according to the rumours.</p>", 4);
  const std::string menu = "<div><span><a href=/a>Home</a> <a href=/b>Shows</a> <a href=/c>Spoilers</a></span></div>";
  const std::string out = ExtractAuto("<body>" + menu + "<div class=text>" + para + body + "</div></body>");
  EXPECT_NE(out.find("the name Whitney Bischoff, guys"), std::string::npos) << out;
  EXPECT_EQ(out.find("Spoilers"), std::string::npos) << out;
}

TEST(Auto, ACrossReferenceEndingASentenceStays) {
  // Sphinx writes every cross-reference as a link around <code><span>: the name is most of a short
  // sentence and ends it, and stays with the paragraph. So does a section's linked heading.
  const std::string docs =
      "<h2><a href=/fields><span>Fields</span></a></h2>"
      "<p>Each model is a Python class that subclasses <a class=\"reference internal\" href=/ref><code class=\"xref "
      "py py-class docutils literal\"><span class=pre>django.db.models.Model</span></code></a>.</p>" +
      Repeat("<p>Each attribute of the model represents a database field, with a type and its options.</p>", 4);
  const std::string menu = "<div><span><a href=/a>Home</a> <a href=/b>Topics</a> <a href=/c>Reference</a></span></div>";
  const std::string out = ExtractAuto("<body>" + menu + "<div class=body>" + docs + "</div></body>");
  EXPECT_NE(out.find("subclasses django.db.models.Model."), std::string::npos) << out;
  EXPECT_NE(out.find("Fields"), std::string::npos) << out;
  EXPECT_EQ(out.find("Reference"), std::string::npos) << out;
}

TEST(Auto, AListOfLinksTheTextIntroducesStays) {
  const std::string para = "<p>A multimeter measures voltage, current and resistance, so it finds most faults quickly.</p>";
  const std::string tools = "<ul><li><a href=/a>Fluke 117 multimeter</a></li><li><a href=/b>Klein Tools MM400</a></li></ul>";
  const std::string related = "<ul><li><a href=/x>Best drills of the year</a></li><li><a href=/y>Ten tools for "
                              "apprentices</a></li></ul>";
  // Announced with a colon, and the text goes on after it: the list stays. A "Related:" list that
  // ends the article goes.
  const std::string out = ExtractAuto("<body><article>" + Repeat(para, 3) + "<p>Two models our electricians trust:</p>" +
                                      tools + "<p>Choose one with auto-ranging, which makes it easier to use on the job.</p>" +
                                      Repeat(para, 2) + "<p>Related:</p>" + related + "</article></body>");
  EXPECT_NE(out.find("Klein Tools MM400"), std::string::npos) << out;
  EXPECT_EQ(out.find("Best drills"), std::string::npos) << out;
}

TEST(Auto, TopAndBottomInCssPropertyNamesAreNotPageRegions) {
  // Utility classes name box sides ("margin-bottom-l", "border-top", with a framework's prefix
  // "ipsPadding_bottom"); "top" and "bottom" alone still name page regions.
  const std::string first = Repeat("<p>The hammock test ran for three months in the mountains, in rain and snow.</p>", 4);
  const std::string second = Repeat("<p>The lightest model weighed under a pound and still held two sleepers.</p>", 3);
  const std::string out = ExtractAuto("<body><div class=top><p>Sign in to see your saved gear lists and orders.</p></div>"
                                      "<article><div class=c-columns>" + first + "</div><div class=\"c-margin-bottom-l "
                                      "border-top\">" + second + "</div><div class=\"ipsType_normal ipsPadding_bottom\">"
                                      "<p>A prefixed utility class names the side of a box the same way.</p></div>"
                                      "</article></body>");
  EXPECT_NE(out.find("three months"), std::string::npos) << out;
  EXPECT_NE(out.find("lightest model"), std::string::npos) << out;
  EXPECT_NE(out.find("prefixed utility class"), std::string::npos) << out;
  EXPECT_EQ(out.find("Sign in"), std::string::npos) << out;
}

TEST(Auto, OverflowHiddenIsNoHiddenRegion) {
  // "overflow-hidden" (and "overflow-x-hidden") is CSS's clipping of a card's corners, not a hidden
  // part of the page; "hidden" alone still names one.
  const std::string first = Repeat("<p>The hammock test ran for three months in the mountains, in rain and snow.</p>", 3);
  const std::string second = Repeat("<p>The lightest model weighed under a pound and still held two sleepers.</p>", 3);
  const std::string out = ExtractAuto("<body><article><div class=c-columns>" + first +
                                      "</div><div class=\"flex overflow-hidden rounded-sm\">" + second +
                                      "</div><div class=\"overflow-x-hidden\"><p>A table of weights follows, scrolled "
                                      "sideways on small screens, with every model we hung.</p></div>"
                                      "<div class=hidden><p>Sign in to see your saved gear lists and orders.</p></div>"
                                      "</article></body>");
  EXPECT_NE(out.find("three months"), std::string::npos) << out;
  EXPECT_NE(out.find("lightest model"), std::string::npos) << out;
  EXPECT_NE(out.find("table of weights"), std::string::npos) << out;
  EXPECT_EQ(out.find("Sign in"), std::string::npos) << out;
}

TEST(Auto, AccordionQuestionsStayWithTheirAnswers) {
  // Bootstrap's accordion, WAI-ARIA's pattern: the question is a button inside a heading classed
  // "accordion-header" (or a heading inside a button), the answer a collapsed panel. Both are the
  // page's FAQ.
  auto page = [](const std::string& open_question, const std::string& close_question) {
    std::string faq;
    for (int i = 0; i < 3; ++i) {
      const std::string n = std::to_string(i);
      faq += "<div class=accordion-item>" + open_question + "Question " + n + ": how long does a local move take?" +
             close_question + "<div id=c" + n + " class=\"accordion-collapse collapse\"><p>Answer " + n +
             ": most local moves take between four and eight hours, depending on the size of the home.</p></div></div>";
    }
    return "<body><main><h1>Local movers</h1>" +
           Repeat("<p>Our movers pack, load and unload your belongings, and they bring the blankets and the dollies.</p>", 3) +
           "<h2>Frequently asked questions</h2><div class=accordion>" + faq + "</div></main>"
           "<div class=menu><button aria-expanded=false>Services</button></div></body>";
  };
  for (const std::string& html :
       {page("<h3 class=accordion-header><button class=\"accordion-button collapsed\" aria-expanded=false>", "</button></h3>"),
        page("<button class=\"flex flex-row\" type=button><h5>", "</h5></button>")}) {
    const std::string out = ExtractAuto(html);
    EXPECT_NE(out.find("Question 2: how long"), std::string::npos) << out;
    EXPECT_NE(out.find("Answer 2: most local moves"), std::string::npos) << out;
    EXPECT_EQ(out.find("Services"), std::string::npos) << out;
  }
}

// A shop's category page: a short blurb, the products as a grid of cards (each a linked name, a
// price and a rating, all short lines), and a buying guide below them, which the paragraph votes
// choose.
std::string ShopPage(const std::string& price) {
  std::string cards;
  for (int i = 0; i < 8; ++i) {
    cards += "<div class=product-card><a href=/p/" + std::to_string(i) + "><h3>Trail Shoe " + std::to_string(i) +
             "</h3><span class=price>" + price + "</span></a><span>4.6 (133 reviews)</span>"
             "<button>Add to cart</button></div>";
  }
  return "<body><nav><a href=/>Home</a> <a href=/men>Men</a> <a href=/women>Women</a></nav><main><h1>Trail shoes</h1>"
         "<p>Our trail shoes grip wet rock and mud, and they dry fast after a river crossing.</p>"
         "<div class=grid>" + cards + "</div><div class=guide><h2>How to choose</h2>" +
         Repeat("<p>A trail shoe needs a lugged sole, a rock plate under the forefoot and a snug heel, "
                "so that it holds on a steep descent.</p>", 3) +
         "</div></main>"
         "<footer><p>Free returns within thirty days of delivery, on every order.</p></footer></body>";
}

TEST(Auto, AShopsProductGridIsItsContent) {
  for (const std::string price : {"$129.95", "129,95 \u20AC", "US $ 129", "\uFFE5129", "129\u5143"}) {
    const std::string out = ExtractAuto(ShopPage(price));
    EXPECT_NE(out.find("rock plate"), std::string::npos) << price << "\n" << out;
    EXPECT_NE(out.find("Trail Shoe 0"), std::string::npos) << price << "\n" << out;
    EXPECT_NE(out.find("Trail Shoe 7"), std::string::npos) << price << "\n" << out;
    EXPECT_NE(out.find(price), std::string::npos) << price << "\n" << out;
    EXPECT_EQ(out.find("Add to cart"), std::string::npos) << price << "\n" << out;
    EXPECT_EQ(out.find("Free returns"), std::string::npos) << price << "\n" << out;
  }
}

TEST(Auto, CardsWithoutPricesAreNoProductGrid) {
  // The same cards with a number but no currency sign: a list of links, not a shop's products.
  const std::string out = ExtractAuto(ShopPage("129.95"));
  EXPECT_NE(out.find("rock plate"), std::string::npos) << out;
  EXPECT_EQ(out.find("Trail Shoe 7"), std::string::npos) << out;
}

TEST(Auto, PricedItemsBesideALongArticleStayOut) {
  // A blog post beside a column of app price drops: the priced list holds far less text than the
  // post, so it is no product grid.
  std::string drops;
  for (int i = 0; i < 6; ++i) {
    drops += "<li><a href=/app/" + std::to_string(i) + ">Puzzle App " + std::to_string(i) +
             "</a> Price drop $0.99</li>";
  }
  const std::string out = ExtractAuto("<body><div id=page><div id=content><h1>Budget news</h1>" + HarbourParagraphs(8) +
                                      "</div><div id=rightmaster><ul>" + drops + "</ul></div></div></body>");
  EXPECT_NE(out.find("harbour board"), std::string::npos) << out;
  EXPECT_EQ(out.find("Puzzle App"), std::string::npos) << out;
}

// Six teaser cards, each a linked headline over a linked summary, as news front pages lay them out.
std::string TeaserCards() {
  std::string cards;
  for (int i = 0; i < 6; ++i) {
    cards += "<div class=promo><a href=/news/" + std::to_string(i) + "><h2>Storm number " + std::to_string(i) +
             " closes the coast road for a week</h2><p>Crews cleared fallen trees overnight</p></a></div>";
  }
  return cards;
}

TEST(Auto, AFrontPageOfTeasersIsItsContent) {
  // No paragraph outside a link: the votes find nothing, and the teasers are the page.
  const std::string out =
      ExtractAuto("<body><nav><a href=/>Home</a> <a href=/news>News</a> <a href=/sport>Sport</a></nav><main>"
                  "<div class=grid>" + TeaserCards() + "</div></main>"
                  "<footer><a href=/terms>Terms of use</a> <a href=/privacy>Privacy policy</a></footer></body>");
  EXPECT_NE(out.find("Storm number 0 closes the coast road"), std::string::npos) << out;
  EXPECT_NE(out.find("Storm number 5 closes the coast road"), std::string::npos) << out;
  EXPECT_NE(out.find("Crews cleared fallen trees"), std::string::npos) << out;
  EXPECT_EQ(out.find("Terms of use"), std::string::npos) << out;
}

TEST(Auto, TeasersBesideAStoryStayOut) {
  // The same cards under a story are its related headlines: the votes found content.
  const std::string out = ExtractAuto("<body><div id=page><div id=content><h1>Budget news</h1>" + HarbourParagraphs(4) +
                                      "</div><div class=grid>" + TeaserCards() + "</div></div></body>");
  EXPECT_NE(out.find("harbour board"), std::string::npos) << out;
  EXPECT_EQ(out.find("Storm number"), std::string::npos) << out;
}

TEST(Auto, PageWhoseSectionsAreAllNamedAsBoilerplateIsReadWithoutNames) {
  // A page builder names every section of the page "top-section": no paragraph votes outside
  // them, so the page is read again without class and id names, where its <footer> still counts
  // (line blocks, the fallback, know no tags and keep the footer's sentences).
  std::string sections;
  for (int i = 0; i < 4; ++i) {
    const std::string n = std::to_string(i);
    sections += "<section class='builder-section builder-top-section'><h2>Lesson " + n + "</h2>" +
                "<p>Pupil " + n + " says the teacher is patient and kind, and that every lesson moves at the right "
                "pace for a beginner who has never held a pair of drumsticks.</p><p>Pupil " + n +
                " also says the school's studio is warm, quiet and easy to reach by bus from the town centre.</p></section>";
  }
  const std::string out = ExtractAuto(
      "<body><nav><a href=/>Home</a> <a href=/lessons>Lessons</a></nav>" + sections +
      "<footer><p>The music school is a registered charity in England and Wales. We teach drums, guitar and "
      "piano to pupils of every age, and our studio is open six days a week.</p></footer></body>");
  EXPECT_NE(out.find("Pupil 0 says"), std::string::npos) << out;
  EXPECT_NE(out.find("Pupil 3 also says"), std::string::npos) << out;
  EXPECT_EQ(out.find("registered charity"), std::string::npos) << out;
}

// A buying guide whose reviews sit in page-builder blocks named "widget", each a heading over a
// paragraph; beside them, widgets without a section of text.
std::string BuyingGuide(const std::string& review_widget) {
  std::string reviews;
  for (int i = 1; i <= 3; ++i) {
    reviews += "<div class='" + review_widget + "'><h3>Laptop model " + std::to_string(i) +
               "</h3><p>This laptop keeps a steady frame rate in every game we tried, its keyboard is "
               "firm and quiet, and the battery lasted a full working day in our tests. The screen is "
               "bright enough for a sunny room, though the speakers sound thin. At this price, nothing else we "
               "tested plays as well.</p></div>";
  }
  return "<body><div id=page><div id=content><h1>The best gaming laptops</h1>" + HarbourParagraphs(3) + reviews +
         "<div class='widget'><p>Video: our editor unboxes the new model, and tells what surprised her "
         "most. (Video by the reviews desk, filmed in our test lab.)</p></div>"
         "<div class='widget'><h3>Deals</h3><ul><li>Laptop model 1: $899</li><li>Laptop model 2: $949</li>"
         "</ul></div></div></div></body>";
}

TEST(Auto, WidgetsHoldingSectionsOfTextAreContent) {
  const std::string out = ExtractAuto(BuyingGuide("c-product-widget"));
  EXPECT_NE(out.find("harbour board"), std::string::npos) << out;
  for (int i = 1; i <= 3; ++i) EXPECT_NE(out.find("Laptop model " + std::to_string(i)), std::string::npos) << out;
  EXPECT_NE(out.find("steady frame rate"), std::string::npos) << out;
  // A lone paragraph (a caption) and a short price list are no section of text: their widgets go.
  EXPECT_EQ(out.find("unboxes"), std::string::npos) << out;
  EXPECT_EQ(out.find("Deals"), std::string::npos) << out;
}

TEST(Auto, OtherBoilerplateWordsStayBelievedOverSectionsOfText) {
  // Only "widget" names a kind of component; "sidebar" names a region, whatever it holds.
  const std::string out = ExtractAuto(BuyingGuide("sidebar-widget"));
  EXPECT_NE(out.find("harbour board"), std::string::npos) << out;
  EXPECT_EQ(out.find("steady frame rate"), std::string::npos) << out;
}

TEST(Auto, SentenceMarksOfMyanmarKhmerAndEthiopicCountAsPunctuation) {
  // A story whose sentences end with the script's own full stop (Burmese ။, Khmer ។, Amharic ።)
  // beside a longer block of the same words without one (a list of names or tags): the votes
  // count punctuation, so the story wins only when its marks count.
  struct Case {
    std::string sentence, words;
  };
  const Case cases[] = {
      {"\u1019\u103C\u1014\u103A\u1019\u102C\u1014\u102D\u102F\u1004\u103A\u1004\u1036\u1010\u103D\u1004\u103A "
       "\u1019\u102D\u102F\u1038\u101B\u102C\u101E\u102E \u1005\u1010\u1004\u103A\u1015\u103C\u102E\u104B ",
       "\u1019\u103C\u1014\u103A\u1019\u102C\u1014\u102D\u102F\u1004\u103A\u1004\u1036 \u1019\u102D\u102F\u1038\u101B\u102C\u101E\u102E "},
      {"\u1794\u17D2\u179A\u1791\u17C1\u179F\u1780\u1798\u17D2\u1796\u17BB\u1787\u17B6 \u1798\u17B6\u1793\u1797\u17D2\u179B\u17C0\u1784\u17D4 ",
       "\u1794\u17D2\u179A\u1791\u17C1\u179F\u1780\u1798\u17D2\u1796\u17BB\u1787\u17B6 \u1797\u17D2\u179B\u17C0\u1784 "},
      {"\u1260\u12A0\u12F2\u1235 \u12A0\u1260\u1263 \u12DB\u122C \u12A8\u1263\u12F5 \u12DD\u1293\u1265 \u1323\u1208\u1362 ",
       "\u12A0\u12F2\u1235 \u12A0\u1260\u1263 \u12DD\u1293\u1265 "},
  };
  for (const Case& c : cases) {
    const std::string story = Repeat("<p>" + Repeat(c.sentence, 4) + "</p>", 3);
    const std::string list = Repeat("<p>" + Repeat(c.words, 6) + "</p>", 4);
    const std::string out =
        ExtractAuto("<body><div class=a>" + story + "</div><div class=b>" + list + "</div></body>");
    EXPECT_NE(out.find(c.sentence.substr(0, 12)), std::string::npos) << out;
    EXPECT_EQ(out.find(Repeat(c.words, 2)), std::string::npos) << out;
  }
}

TEST(Auto, ForumPostersProfilesAreNotTheThread) {
  std::string posts;
  for (int i = 0; i < 4; ++i) {
    posts += "<div class=post><div class=userinfo><p>Member since March 2015, posts: 92" + std::to_string(i) +
             ", location: harbour town</p></div><div class=message><p>Reply " + std::to_string(i) +
             ": the new breakwater should have been built ten years ago, and the board knows it.</p></div></div>";
  }
  const std::string out = ExtractAuto("<body><div class=thread>" + posts + "</div></body>");
  EXPECT_NE(out.find("Reply 3: the new breakwater"), std::string::npos) << out;
  EXPECT_EQ(out.find("Member since"), std::string::npos) << out;
}

TEST(Auto, ANameJoiningContentAndBoilerplateWordsIsBoilerplate) {
  // "post-footer" is the post's footer: boilerplate inside the content. "post-header" is the
  // post's own head (its title) and "post-more" the rest of its text: they stay.
  const std::string body = HarbourParagraphs(4);
  const std::string html = "<body><div class=post><div class=post-header><h2>Breakwater budget approved</h2></div>" +
                           body + "<div class=post-more><p>Work on the breakwater starts in the spring, weather "
                           "permitting, and should take two years.</p></div><div class=post-footer>Filed under "
                           "Harbour Budget Council by the harbour desk</div></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("Breakwater budget approved"), std::string::npos) << out;
  EXPECT_NE(out.find("Work on the breakwater starts"), std::string::npos) << out;
  EXPECT_EQ(out.find("Filed under"), std::string::npos) << out;
}

TEST(Auto, AuthorBoxSignatureAndTooltipAreNotTheText) {
  const std::string body = HarbourParagraphs(4);
  const std::string html =
      "<body><div class=post>" + body +
      "<div class=signature><p>Sent from my boat. Sailing the north coast since 1998, and proud of it.</p></div>"
      "<div class=tooltip><p>Breakwater: a barrier built out into the sea to protect a harbour from waves.</p></div>"
      "<div class=author><p>Jane Roe has covered the harbour for ten years, and writes about boats and the "
      "people who sail them.</p></div></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("approved the budget"), std::string::npos) << out;
  EXPECT_EQ(out.find("Sent from my boat"), std::string::npos) << out;
  EXPECT_EQ(out.find("a barrier built out"), std::string::npos) << out;
  EXPECT_EQ(out.find("Jane Roe"), std::string::npos) << out;
}

TEST(Auto, ATitleInTheBodyIsNotTheContent) {
  // Bytes before <html> put <title> in <body>; on a page of short blocks it outvoted them all.
  const std::string html =
      "<text id=http://example.test/dir>\n<html><head><title>Maine Business Search Engine - Over 70 000 Maine "
      "Businesses listed - Business Guide</title></head><body><table><tr><td><a href=/a>Home</a> <a href=/b>Events</a>"
      "</td></tr><tr><td><b>List Your Business</b></td></tr><tr><td>Full service lumber and building supply center. "
      "Located in 3 convenient locations.</td></tr></table></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("Full service lumber"), std::string::npos) << out;
  EXPECT_EQ(out.find("Over 70 000 Maine"), std::string::npos) << out;
}

TEST(Auto, SmallFormInsideThePageIsStillBoilerplate) {
  const std::string body = Repeat("<p>The article text goes on with a complete sentence of news. And more.</p>", 6);
  const std::string html = "<body><div id=main>" + body +
                           "<form action=/subscribe><p>Subscribe to our newsletter for weekly updates on "
                           "everything.</p></form></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("complete sentence of news"), std::string::npos) << out;
  EXPECT_EQ(out.find("Subscribe"), std::string::npos) << out;
}

TEST(Auto, HeadingSlugIdsDoNotReadAsBoilerplate) {
  // Documentation generators give each section the slug of its heading as id. "sharing" and
  // "share" are boilerplate words when they name a widget ("share-buttons"), not in a slug.
  const std::string para = "<p>Each developer pushes draft changesets to a shared repository and pulls them back later.</p>";
  const std::string html =
      "<body><div class=body><div id=evolve-shared-mutable-history class=section><h1>Evolve</h1>" + para +
      "<div id=sharing-with-a-single-developer class=section><h2>Sharing with a single developer</h2>" +
      Repeat(para, 4) + "</div><div class=share-buttons><p>Share this page on every social network you use.</p>"
      "</div></div></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("Sharing with a single developer"), std::string::npos) << out;
  EXPECT_EQ(out.find("social network"), std::string::npos) << out;
}

TEST(Auto, SentenceWhoseSubjectsAreLinksStays) {
  // About ten words of the sentence are not links; the names and subjects are.
  const std::string body = Repeat("<p>The proceedings were tightly controlled, reflecting the sensitivity of the case.</p>", 4);
  const std::string sentence =
      "<p>Also ahead of the trial, <a href=/a>Jeremy Page of The Wall Street Journal</a> dug into the <a href=/b>"
      "political implications of the case</a>, while <a href=/c>Benjamin Kang Lim and Lucy Hornby</a> profiled the "
      "accused for readers.</p>";
  const std::string related = "<p><a href=/x>Court reporters look back on the year in law</a> (The Journal)</p>";
  const std::string out = ExtractAuto("<body><div id=post>" + body + sentence + related + "</div></body>");
  EXPECT_NE(out.find("Also ahead of the trial, Jeremy Page"), std::string::npos) << out;
  EXPECT_EQ(out.find("Court reporters"), std::string::npos) << out;
}

TEST(Auto, LinkRichProseParagraphStaysShortLinkLineGoes) {
  const std::string body = Repeat("<p>The shoot took place in the valley on a clear autumn morning, with orange details.</p>", 4);
  const std::string credits =
      "<p>I wanted to share a shoot I produced with <a href=/a>my friend and colleague Scott Andrew</a>, styled by "
      "<a href=/b>Tracy Taylor Ward of Taylor Made Events</a>, flowers from <a href=/c>the Valley Flower Company "
      "of Napa</a>, cake by <a href=/d>the Sweet Bakery on Main Street</a>. It was a joy to make, and we hope you enjoy these "
      "pictures as much as we did.</p>";
  const std::string related = "<p><a href=/x>Related: autumn weddings</a> | <a href=/y>barn venues</a></p>";
  const std::string out = ExtractAuto("<body><div id=post>" + body + credits + related + "</div></body>");
  EXPECT_NE(out.find("I wanted to share a shoot"), std::string::npos) << out;
  EXPECT_EQ(out.find("Related: autumn"), std::string::npos) << out;
}

TEST(Auto, ContentSpreadOverManyContainersIsCollected) {
  // A catalogue page: six product blocks, each in its own row next to a list of links and a stock
  // note (so the row is no mere wrapper of the product), so that no container below <body> holds
  // more than one product: the main subtree is one product, a sixth of the text. Each row's class
  // value is its own, so that the rows make no grid of cards for step 10.
  std::string rows;
  for (int i = 0; i < 6; ++i) {
    rows += "<div class='row row-" + std::to_string(i) + "'><section class=product><h2>Desk model " + std::to_string(i) +
            "</h2><p>A solid oak desk with a steel frame, adjustable height and a cable tray, number " +
            std::to_string(i) + ".</p></section><span>In stock</span><ul>";
    for (int k = 0; k < 8; ++k) rows += "<li><a href=/d" + std::to_string(k) + ">Colour option " + std::to_string(k) + "</a></li>";
    rows += "</ul></div>";
  }
  const std::string html = "<body>" + rows + "<div class=footer><p>Free delivery on all orders over fifty pounds, "
                           "returns within thirty days of delivery.</p></div></body>";
  const std::string out = ExtractAuto(html);
  for (int i = 0; i < 6; ++i) {
    EXPECT_NE(out.find("number " + std::to_string(i) + "."), std::string::npos) << i << "\n" << out;
  }
  EXPECT_EQ(out.find("Free delivery"), std::string::npos) << out;  // the footer hint holds
  Options off;
  off.automatic.dispersed_share = 0;
  const std::string one = Extractor(off).Extract(html).Text();
  EXPECT_EQ(one.find("number 5."), std::string::npos) << one;  // without the rule: one product
}

TEST(Auto, LandingPageSectionsInMainAreAllKept) {
  // A service page: a hero, three "benefit" bands and an FAQ follow one another in <main>, each in
  // its own chain of wrappers. The FAQ's answers are the longest part and win; the other sections
  // hold more than the rest of <main>'s text together, so correlation's text inside <main> is added.
  std::string bands, faq;
  for (int i = 0; i < 3; ++i) {
    bands += "<section class=band><div class=container><div class=row><div class=col><h2>Benefit " + std::to_string(i) +
             "</h2><p>Benefit " + std::to_string(i) + " text: our engineers have built web applications for twenty "
             "years.</p></div><div class=col><img src=b.png></div></div></div></section>";
  }
  for (int i = 0; i < 6; ++i) {
    faq += "<div class=item><button>Question " + std::to_string(i) + "?</button><div class=answer><p>Answer " +
           std::to_string(i) + ": the team plans each project in short steps, reviews it with the client every "
           "week, and ships a working version early.</p></div></div>";
  }
  const std::string html =
      "<body><header><nav><a href=/>Home</a> <a href=/about>About</a></nav></header><main><section class=hero>"
      "<div class=container><h1>Web application development</h1><p>We build fast and reliable web applications for "
      "companies of every size.</p></div></section>" + bands + "<section class=faq><div class=container><h2>Frequently "
      "asked questions</h2><div class=list>" + faq + "</div></div></section></main><footer><p>Contact us at "
      "hello@example.com or call us during office hours.</p></footer></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("We build fast and reliable"), std::string::npos) << out;
  EXPECT_NE(out.find("Benefit 2 text"), std::string::npos) << out;
  EXPECT_NE(out.find("Answer 5:"), std::string::npos) << out;
  EXPECT_EQ(out.find("Contact us"), std::string::npos) << out;  // outside <main>
  Options off;
  off.automatic.dispersed_main_share = 0;
  const std::string faq_only = Extractor(off).Extract(html).Text();
  EXPECT_EQ(faq_only.find("Benefit 2 text"), std::string::npos) << faq_only;
  EXPECT_NE(faq_only.find("Answer 5:"), std::string::npos) << faq_only;
}

TEST(Auto, CodeKeepsItsHighlightedTokens) {
  // Syntax highlighters name their token spans after the language's parts: "hljs-comment",
  // "token tag", "sp-syntax-tag". Inside <pre>/<code> such names are no comment section and no tag
  // list: the code comes out whole.
  const std::string prose = Repeat("<p>The server reads from the socket in a loop and writes every byte back to the client.</p>", 4);
  const std::string out = ExtractAuto(
      "<body><article>" + prose + "<pre><code><span class=hljs-comment>// read and write back</span>\n"
      "<span class='token tag'>&lt;loop&gt;</span> socket.read(buf);\n<span class=\"sp-syntax-tag\">write</span>(buf);"
      "</code></pre>" + prose + "</article></body>");
  EXPECT_NE(out.find("// read and write back"), std::string::npos) << out;
  EXPECT_NE(out.find("<loop> socket.read(buf);"), std::string::npos) << out;
  EXPECT_NE(out.find("write(buf);"), std::string::npos) << out;
}

TEST(Auto, OneLongFooterBlockIsNoPageWrapper) {
  // A short story beside a footer whose legal notice alone holds more than half of the page's text:
  // the notice is one block, not a wrapper of the page, so its "footer" class still counts.
  const std::string notice = Repeat("Reproduction of any material of this portal requires a hyperlink to the portal and "
                                    "the written permission of the editors. ", 6);
  const std::string html = "<body><div class=news><h1>Gossip is good for your health</h1><p>A survey by a group of "
                           "researchers found that people who share gossip feel calmer and less anxious afterwards.</p>"
                           "<p>Psychologists say laughing together lowers stress hormones in the people who talk.</p></div>"
                           "<div class=foot><div class=footer_text>" + notice + "</div></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("A survey by a group"), std::string::npos) << out;
  EXPECT_EQ(out.find("Reproduction of any material"), std::string::npos) << out;
}

TEST(Auto, BodyClassesAreNoHints) {
  // WordPress themes name the page's state on <body> ("not-showing-comments", "enable-search-modal"):
  // no region of the page is a comment section or a modal because of them.
  std::string sections;
  for (int i = 0; i < 3; ++i) {
    sections += "<section class=band><div class=row><h2>Benefit " + std::to_string(i) + "</h2><p>Benefit " +
                std::to_string(i) + " text: our engineers have built web applications for twenty years.</p></div></section>";
  }
  const std::string story = Repeat("<p>The team plans each project in short steps and reviews it with the client every week.</p>", 4);
  const std::string out = ExtractAuto("<body class='page-template not-showing-comments enable-search-modal'><main>" +
                                      sections + "<section class=story><div class=row>" + story + "</div></section></main></body>");
  EXPECT_NE(out.find("client every week"), std::string::npos) << out;
  EXPECT_NE(out.find("Benefit 2 text"), std::string::npos) << out;  // step 8 adds text outside hints only
}

TEST(Auto, ArticleKeepsItsTeasersOut) {
  // The article holds most of the page's text: the teaser list beside it is not added.
  const std::string article = Repeat("<p>The council voted on Tuesday to repair the old harbour wall before winter storms arrive.</p>", 8);
  std::string teasers;
  for (int i = 0; i < 3; ++i) {
    teasers += "<div class=teaser><h3>Other story " + std::to_string(i) +
               "</h3><p>A short summary of another story that a reader might also like to read.</p></div>";
  }
  const std::string out = ExtractAuto("<body><div class=story>" + article + "</div><div class=more>" + teasers + "</div></body>");
  EXPECT_NE(out.find("harbour wall"), std::string::npos) << out;
  EXPECT_EQ(out.find("Other story"), std::string::npos) << out;
}

TEST(Auto, ScriptRenderedForumWithNoscriptFallbackIsExtracted) {
  std::string posts;
  for (int i = 0; i < 6; ++i) {
    posts += "<div class=topic-body><div class=post><p>Post " + std::to_string(i) +
             ": since yesterday's update the grammar check no longer works in shared documents.</p></div></div>";
  }
  const std::string html = "<body><div id=ember-app>Loading...</div><noscript><div id=main-outlet>" + posts +
                           "</div></noscript></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("Post 0: since yesterday"), std::string::npos) << out;
  EXPECT_NE(out.find("Post 5: since yesterday"), std::string::npos) << out;
}

TEST(Auto, BylineAndDateAboveTheArticleAreDropped) {
  const std::string body = Repeat("<p>The council met on Tuesday and voted to repair the old bridge before winter.</p>", 5);
  const std::string html =
      "<body><div class=post><h1>Council votes on the bridge</h1><div>By Jane Roe</div>"
      "<div>October 31, 2012 at 10:04 PM</div><div><a href=/share>Share</a> <a href=/print>Print</a></div>" +
      body + "</div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("Council votes on the bridge"), std::string::npos) << out;  // headings stay
  EXPECT_NE(out.find("repair the old bridge"), std::string::npos) << out;
  EXPECT_EQ(out.find("Jane Roe"), std::string::npos) << out;
  EXPECT_EQ(out.find("October 31"), std::string::npos) << out;
  EXPECT_EQ(out.find("Print"), std::string::npos) << out;

  Options off;
  off.automatic.lead_trim_chars = 0;
  const std::string kept = Extractor(off).Extract(html).Text();
  EXPECT_NE(kept.find("Jane Roe"), std::string::npos) << kept;
}

TEST(Auto, DatelineAboveTheArticleIsDroppedWhateverItsLength) {
  // A Japanese news page: date, time, place and place tags on one line. Its kana and Han weigh three
  // letters each, so it is as "long" as a sentence; beginning with a date, it is a dateline.
  const std::string body = Repeat(
      "<p>ナイジェリア北東部の町で１６日、少女らによる自爆攻撃があり、少なくとも３１人が死亡した。警察が明らかにした。</p>", 4);
  const std::string html =
      "<body><div class=article><div><h1>少女らによる自爆攻撃</h1><div><span class=day>2018年6月18日 10:01　"
      "<span class=location>発信地：カノ/ナイジェリア [ <a href=/a>ナイジェリア</a> <a href=/b>アフリカ</a> ]"
      "</span></span></div></div>" + body + "</div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("自爆攻撃があり"), std::string::npos) << out;
  EXPECT_EQ(out.find("発信地"), std::string::npos) << out;
  // A paragraph that begins with a date and ends a sentence is content.
  const std::string lead =
      "<body><div class=article><h1>少女らによる自爆攻撃</h1><p>2018年6月18日、ナイジェリア北東部カノの市場で爆発があった。</p>" +
      body + "</div></body>";
  const std::string kept = ExtractAuto(lead);
  EXPECT_NE(kept.find("市場で爆発があった"), std::string::npos) << kept;
}

TEST(Auto, ALabelWhoseLinkWentIsNoSentence) {
  // "Source: <a>...</a>" under the headline: the link goes as a link group, and the colon left at
  // the end of the line ends a label, not a sentence announcing the text, so the line goes too.
  const std::string html =
      "<body><div id=article><h1>Industrial output fell in November</h1><p><span>2011-12-15 23:39</span><br>Source: "
      "<span><a href=/x>Securities Times</a></span></p><p>The Federal Reserve said industrial output fell 0.2 percent in "
      "November, mostly because car makers produced less.</p><p>Capacity use fell to 77.8 percent in November from 78.0 "
      "percent in October, a little below forecasts.</p></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("Industrial output fell"), std::string::npos) << out;
  EXPECT_NE(out.find("The Federal Reserve said"), std::string::npos) << out;
  EXPECT_EQ(out.find("Source:"), std::string::npos) << out;
  EXPECT_EQ(out.find("2011-12-15"), std::string::npos) << out;
}

TEST(Auto, HeadlineBesideTheTextStaysOneInTheBannerGoes) {
  // The same story twice: its <h1> just above the text's container (kept), then inside the page's
  // banner, four levels above the text (left to the title metadata).
  const std::string body = Repeat("<p>The council met on Tuesday and voted to repair the old bridge before winter.</p>", 5);
  const std::string beside = ExtractAuto("<body><div class=page><h1>Council votes on the bridge</h1><div class=text>" +
                                         body + "</div></div></body>");
  EXPECT_NE(beside.find("Council votes on the bridge"), std::string::npos) << beside;
  const std::string banner = ExtractAuto(
      "<body><div class=hero><div><h1>Council votes on the bridge</h1></div></div><div class=page><div><div>"
      "<div class=text>" + body + "</div></div></div></div></body>");
  EXPECT_EQ(banner.find("Council votes on the bridge"), std::string::npos) << banner;
  EXPECT_NE(banner.find("repair the old bridge"), std::string::npos) << banner;
}

TEST(Auto, ShortLinesThatAreTheContentStay) {
  // A schedule: many short lines before the one sentence. More than three short blocks in a row
  // are a list, not a byline area.
  std::string rows;
  for (int i = 10; i < 16; ++i) rows += "<p>September " + std::to_string(i) + " 12pm - 1pm Room 217</p>";
  const std::string html = "<body><div id=main><h2>Schedule</h2>" + rows +
                           "<p>All sessions are free and open to every student of the college.</p></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("September 10 12pm"), std::string::npos) << out;
  EXPECT_NE(out.find("September 15 12pm"), std::string::npos) << out;
  // A short line followed by nothing else is the whole content, not a byline.
  EXPECT_NE(ExtractAuto("<body><div><p>Test</p></div></body>").find("Test"), std::string::npos);
}

TEST(Auto, ArticleCutIntoWrappedPartsComesOutWhole) {
  // Each part of the article sits in the same three wrappers; a figure separates the parts, so
  // they are cousins of the best-scoring container, not its siblings.
  auto part = [](const std::string& word) {
    return "<div class=part><section class=outer><div class=inner><div class=text>" +
           Repeat("<p>The " + word + " part of the story explains, in whole sentences, what happened next.</p>", 4) +
           "</div></div></section></div>";
  };
  const std::string html = "<body><nav><a href=/>Home</a></nav><div id=story>" + part("first") +
                           "<figure><img src=a.jpg><figcaption>A photo.</figcaption></figure>" + part("second") +
                           "<figure><img src=b.jpg></figure>" + part("third") +
                           "</div><div class=comments>" +
                           Repeat("<div class=comment><p>A reader writes that the story is long but fair.</p></div>", 5) +
                           "</div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("The first part"), std::string::npos) << out;
  EXPECT_NE(out.find("The second part"), std::string::npos) << out;
  EXPECT_NE(out.find("The third part"), std::string::npos) << out;
  EXPECT_EQ(out.find("A reader writes"), std::string::npos) << out;
}

TEST(Auto, ShortSectionsOfADocumentJoinItsLongestOne) {
  // A manual page: each section a heading beside its body, in wrappers of one class; OPTIONS is
  // twenty times longer than DESCRIPTION and EXAMPLES, whose mass falls under sibling_score_ratio.
  auto section = [](const std::string& name, const std::string& body) {
    return "<div class=sect1><h2>" + name + "</h2><div class=sectionbody>" + body + "</div></div>";
  };
  std::string options;
  for (int i = 0; i < 20; ++i) {
    options += "<dt>--option-" + std::to_string(i) + "</dt><dd><p>Option " + std::to_string(i) +
               " changes how the command records the changes, and what it prints when it is done.</p></dd>";
  }
  const std::string html =
      "<body><nav><a href=/>Docs</a> <a href=/ref>Reference</a></nav><div id=content>" +
      section("DESCRIPTION", "<p>The tool records changes to the repository, with a message that says why "
                             "they were made.</p><p>It reads the message from the command line or an editor.</p>") +
      section("OPTIONS", "<dl>" + options + "</dl>") +
      section("EXAMPLES", "<p>To record every change in the working tree, run the command with the --all "
                          "option and a message.</p>") +
      "</div><div class=related><a href=/a>Other page</a> <a href=/b>Another page</a></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("Option 19 changes"), std::string::npos) << out;
  EXPECT_NE(out.find("The tool records changes"), std::string::npos) << out;
  EXPECT_NE(out.find("To record every change"), std::string::npos) << out;
  EXPECT_EQ(out.find("Other page"), std::string::npos) << out;
}

TEST(Auto, AscentStopsBelowAContainerOfShortLines) {
  // The parent of the article also holds a block of short, sentence-less lines after it (a photo
  // credit, a filing note, tags without links): it scores nearly as well as the article, but its
  // text balance is worse, so the article alone is the content.
  const std::string body = Repeat("<p>The harbour board approved the budget for the new breakwater on Monday evening.</p>", 5);
  const std::string html =
      "<body><div id=page><div id=story>" + body +
      "</div><div><div>Photo Harbour Board archive</div><div>Filed under Harbour and Budget</div>"
      "<div>Topics Harbour Breakwater Council</div><div>Updated 12 March 2024 18 05</div></div></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("approved the budget"), std::string::npos) << out;
  EXPECT_EQ(out.find("Filed under"), std::string::npos) << out;
  EXPECT_EQ(out.find("Topics Harbour"), std::string::npos) << out;
}

TEST(Auto, LinkTextAfterTheLastParagraphGoesWithWhatFollows) {
  // Inside the article's container, after its last paragraph: a linked headline of the next post
  // and a short label. Headings are no link group, so only their place after the prose tells.
  const std::string body = HarbourParagraphs(5);
  const std::string html = "<body><div class=post>" + body +
                           "<h3><a href=/next>Next post: the lighthouse keeper retires after forty years</a></h3>"
                           "<p>Filed under Harbour</p></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("approved the budget"), std::string::npos) << out;
  EXPECT_EQ(out.find("lighthouse keeper"), std::string::npos) << out;
  EXPECT_EQ(out.find("Filed under"), std::string::npos) << out;

  // A shop's introduction followed by its products, each a linked name and a price: more text
  // follows the first link than precedes it, so the list is the content and stays.
  std::string products;
  for (int i = 0; i < 8; ++i) {
    products += "<div class=item><h3><a href=/w" + std::to_string(i) + ">Automatic watch model " + std::to_string(i) +
                "</a></h3><div>Item number 1745" + std::to_string(i) + "</div><div>Now 199 dollars, was 399</div></div>";
  }
  const std::string shop = ExtractAuto("<body><div class=shop><p>Our automatic watches are built by hand in small "
                                       "numbers, and every one of them is tested for a week before it ships.</p>" +
                                       products + "</div></body>");
  EXPECT_NE(shop.find("Automatic watch model 7"), std::string::npos) << shop;
  EXPECT_NE(shop.find("Item number 17457"), std::string::npos) << shop;
}

TEST(Auto, BlocksAfterADroppedLinkGroupBelowTheTextGo) {
  // After the story: its tags (a link group step 5 drops), then a donation appeal without links.
  const std::string body = HarbourParagraphs(5);
  const std::string tags = "<ul class=terms><li><a href=/t/1>Harbour news</a></li><li><a href=/t/2>City council</a>"
                           "</li><li><a href=/t/3>Breakwater</a></li></ul>";
  const std::string out = ExtractAuto("<body><div class=post>" + body + tags +
                                      "<div class=box><div>Any amount helps keep the paper free to read</div>"
                                      "<div>Bank transfer to account 0993000060423</div></div></div></body>");
  EXPECT_NE(out.find("approved the budget"), std::string::npos) << out;
  EXPECT_EQ(out.find("Any amount helps"), std::string::npos) << out;
  EXPECT_EQ(out.find("Bank transfer"), std::string::npos) << out;

  // A list whose link-only items were dropped keeps its other items: they are siblings of the
  // kept item before them, not blocks after a link group.
  std::string refs;
  for (int i = 0; i < 3; ++i) {
    const std::string n = std::to_string(i);
    refs += "<li>Harbour report " + n + ", printed by the board for the yearly meeting of its members</li>" +
            "<li><a href=/r" + n + ">The full harbour report number " + n + " as a download</a></li>";
  }
  const std::string with_refs = ExtractAuto("<body><div class=post>" + body + "<ol>" + refs + "</ol></div></body>");
  EXPECT_NE(with_refs.find("Harbour report 2, printed by the board"), std::string::npos) << with_refs;
}

TEST(Auto, ACopyrightLineEndsTheContent) {
  const std::string body = HarbourParagraphs(5);
  const std::string html = "<body><div class=post>" + body +
                           "<p>\u00A9 2024 The Harbour Times</p><p>Printed from the harbour desk</p></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("approved the budget"), std::string::npos) << out;
  EXPECT_EQ(out.find("The Harbour Times"), std::string::npos) << out;
  EXPECT_EQ(out.find("Printed from"), std::string::npos) << out;
  // A sentence about copyright inside the text, far from its end, stays.
  const std::string article = "<body><div class=post><p>The court ruled on the copyright case on Monday, after a trial "
                              "of three weeks that drew crowds.</p>" + body + "</div></body>";
  EXPECT_NE(ExtractAuto(article).find("ruled on the copyright case"), std::string::npos);
}

TEST(Auto, ChineseTeasersWithDatesAreLinkGroups) {
  // A related-reports list under a Chinese story: each item a linked headline and an unlinked date.
  // Counted in plain characters the date is half of each item; in weighted characters (a CJK
  // character as three letters, as the votes count it) the item is mostly link: a link group.
  const std::string story = ChineseStory();
  std::string related = "<div class=spcr><div><b>\u76F8\u5173\u62A5\u9053\uFF1A</b></div>";
  for (int i = 0; i < 4; ++i) {
    related += "<div>\u00B7<a href=/r" + std::to_string(i) + ">\u5A31\u4E50\u5708\u53D7\u9ED1\u793E\u4F1A"
               "\u63A7\u5236\u660E\u661F\u6328\u6253\u4E8B\u4EF6\u7C3F</a> <span>(2005-04-2" + std::to_string(i) +
               " 12:00PM)</span></div>";
  }
  related += "</div>";
  const std::string out = ExtractAuto("<body><div id=detail>" + story + related + "</div></body>");
  EXPECT_NE(out.find("\u7F8E\u8054\u50A8"), std::string::npos) << out;
  EXPECT_EQ(out.find("\u5A31\u4E50\u5708"), std::string::npos) << out;
  EXPECT_EQ(out.find("12:00PM"), std::string::npos) << out;
}

TEST(Auto, ChineseCreditLinesEndingTheContentGo) {
  // 责任编辑：霍琦 (responsible editor) and 打印 关闭 (print, close) after a Chinese story go; the same
  // short lines after an English story stay (English truths keep reporter credits).
  const std::string story = ChineseStory();
  const std::string zh = ExtractAuto("<body><div class=article>" + story + "<p>\u8D23\u4EFB\u7F16\u8F91\uFF1A"
                                     "\u970D\u7426</p><p>\u6253\u5370 \u5173\u95ED</p></div></body>");
  EXPECT_NE(zh.find("\u7F8E\u8054\u50A8"), std::string::npos) << zh;
  EXPECT_EQ(zh.find("\u8D23\u4EFB\u7F16\u8F91"), std::string::npos) << zh;
  EXPECT_EQ(zh.find("\u6253\u5370"), std::string::npos) << zh;
  // Three lines: 新京报记者 陆一夫 (reporter), 编辑 刘晓阳 校对 李铭 (editor, proofreader), 本文来源：新京报
  // (source).
  const std::string three = ExtractAuto(
      "<body><div class=article>" + story +
      "<p>\u65B0\u4EAC\u62A5\u8BB0\u8005 \u9646\u4E00\u592B</p><p>\u7F16\u8F91 \u5218\u6653\u9633 \u6821\u5BF9 "
      "\u674E\u94ED</p><p>\u672C\u6587\u6765\u6E90\uFF1A\u65B0\u4EAC\u62A5</p></div></body>");
  EXPECT_NE(three.find("\u7F8E\u8054\u50A8"), std::string::npos) << three;
  EXPECT_EQ(three.find("\u8BB0\u8005"), std::string::npos) << three;
  EXPECT_EQ(three.find("\u6821\u5BF9"), std::string::npos) << three;
  // A last sentence that lacks its full stop but has a full-width comma stays:
  // 游戏售价36元，暂时没有简体中文 (the game costs 36 yuan, no simplified Chinese yet)
  const std::string last = "<p>\u6E38\u620F\u552E\u4EF736\u5143\uFF0C\u6682\u65F6\u6CA1\u6709\u7B80\u4F53"
                           "\u4E2D\u6587</p>";
  const std::string zh2 = ExtractAuto("<body><div class=article>" + story + last + "</div></body>");
  EXPECT_NE(zh2.find("\u6E38\u620F\u552E\u4EF7"), std::string::npos) << zh2;
  const std::string body = HarbourParagraphs(5);
  const std::string en = ExtractAuto("<body><div class=article>" + body + "<p>Reporting by Jane Roe</p></div></body>");
  EXPECT_NE(en.find("Reporting by Jane Roe"), std::string::npos) << en;
}

TEST(Auto, DisclaimersAndChineseCopyrightLinesEndTheContent) {
  const std::string body = HarbourParagraphs(5);
  const std::string english = ExtractAuto("<body><div class=post>" + body + "<p>Disclaimer: the views expressed are "
                                          "the author's own.</p></div></body>");
  EXPECT_NE(english.find("approved the budget"), std::string::npos) << english;
  EXPECT_EQ(english.find("views expressed"), std::string::npos) << english;
  const std::string story = Repeat("<p>\u7F8E\u8054\u50A8\u5BA3\u5E03\uFF0C\u0031\u0031\u6708\u7F8E\u56FD\u7684"
                                   "\u5DE5\u4E1A\u4EA7\u51FA\u73AF\u6BD4\u4E0B\u964D\u0030\u002E\u0032\u0025\u3002</p>", 6);
  // 免责声明：本文仅代表作者个人观点。 (disclaimer) and 本文版权归本网所有。 (copyright)
  const std::string disclaimer = "<p>\u514D\u8D23\u58F0\u660E\uFF1A\u672C\u6587\u4EC5\u4EE3\u8868\u4F5C\u8005"
                                 "\u4E2A\u4EBA\u89C2\u70B9\u3002</p>";
  const std::string copyright = "<p>\u672C\u6587\u7248\u6743\u5F52\u672C\u7F51\u6240\u6709\u3002</p>";
  for (const std::string& notice : {disclaimer, copyright}) {
    const std::string out = ExtractAuto("<body><div class=post>" + story + notice + "</div></body>");
    EXPECT_NE(out.find("\u7F8E\u8054\u50A8"), std::string::npos) << out;
    EXPECT_EQ(out.find("\u672C\u6587"), std::string::npos) << out;
  }
}

TEST(Auto, BracketedDisclaimerNeitherWinsNorStays) {
  // 【免责声明】本文仅代表作者本人观点，与本网无关。本网对文中陈述、观点判断保持中立，不对所包含内容的准确性、
  // 可靠性或完整性提供任何保证。请读者仅作参考。 (disclaimer: this article is the author's view only ...)
  const std::string disclaimer =
      "<div class=statement><p>\u3010\u514D\u8D23\u58F0\u660E\u3011\u672C\u6587\u4EC5\u4EE3\u8868\u4F5C"
      "\u8005\u672C\u4EBA\u89C2\u70B9\uFF0C\u4E0E\u672C\u7F51\u65E0\u5173\u3002\u672C\u7F51\u5BF9"
      "\u6587\u4E2D\u9648\u8FF0\u3001\u89C2\u70B9\u5224\u65AD\u4FDD\u6301\u4E2D\u7ACB\uFF0C\u4E0D"
      "\u5BF9\u6240\u5305\u542B\u5185\u5BB9\u7684\u51C6\u786E\u6027\u3001\u53EF\u9760\u6027\u6216"
      "\u5B8C\u6574\u6027\u63D0\u4F9B\u4EFB\u4F55\u4FDD\u8BC1\u3002\u8BF7\u8BFB\u8005\u4EC5\u4F5C"
      "\u53C2\u8003\u3002</p></div>";
  // A news item of one paragraph: 据报道，今日从交通运输部新闻发布会获悉，下一步将着力打造三地综合立体交通网络。
  const std::string item =
      "<div class=art><p>\u636E\u62A5\u9053\uFF0C\u4ECA\u65E5\u4ECE\u4EA4\u901A\u8FD0\u8F93\u90E8"
      "\u65B0\u95FB\u53D1\u5E03\u4F1A\u83B7\u6089\uFF0C\u4E0B\u4E00\u6B65\u5C06\u7740\u529B\u6253"
      "\u9020\u4E09\u5730\u7EFC\u5408\u7ACB\u4F53\u4EA4\u901A\u7F51\u7EDC\u3002</p></div>";
  const std::string lone = ExtractAuto("<body>" + item + disclaimer + "</body>");
  EXPECT_NE(lone.find("\u636E\u62A5\u9053"), std::string::npos) << lone;
  EXPECT_EQ(lone.find("\u514D\u8D23\u58F0\u660E"), std::string::npos) << lone;
  // After a story of several paragraphs in the same container, it ends the content.
  const std::string story = ChineseStory();
  const std::string inside = ExtractAuto("<body><div class=post>" + story + disclaimer + "</div></body>");
  EXPECT_NE(inside.find("\u7F8E\u8054\u50A8"), std::string::npos) << inside;
  EXPECT_EQ(inside.find("\u514D\u8D23\u58F0\u660E"), std::string::npos) << inside;
}

TEST(Auto, ChineseLabelEndingTheContentGoesWithItsLink) {
  // 点击进入专题：<a>聚焦香港局势</a> ("click for the topic:" and its link) after a story whose last
  // sentence is short: the link goes as furniture, and the label announcing it goes too.
  const std::string story = ChineseStory();
  const std::string html = "<body><div class=article>" + story +
                           "<p>\u4ED6\u4E0A\u8F66\u79BB\u5F00\u4E86\u73B0\u573A\u3002</p>"
                           "<div class=special><div>\u70B9\u51FB\u8FDB\u5165\u4E13\u9898\uFF1A</div>"
                           "<a href=/topic>\u805A\u7126\u9999\u6E2F\u5C40\u52BF</a></div></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("\u4ED6\u4E0A\u8F66"), std::string::npos) << out;  // the short last sentence stays
  EXPECT_EQ(out.find("\u4E13\u9898"), std::string::npos) << out;
  EXPECT_EQ(out.find("\u805A\u7126"), std::string::npos) << out;
}

TEST(Auto, CommentBoxInsideTheContentGoesWithItsLabels) {
  const std::string body = HarbourParagraphs(5);
  const std::string box = "<div class=reply><h3>Leave a reply</h3><textarea name=c></textarea>"
                          "<div class=hint>Characters typed: 0</div></div>";
  const std::string out = ExtractAuto("<body><div class=post>" + body + box + "</div></body>");
  EXPECT_NE(out.find("approved the budget"), std::string::npos) << out;
  EXPECT_EQ(out.find("Leave a reply"), std::string::npos) << out;
  EXPECT_EQ(out.find("Characters typed"), std::string::npos) << out;
  // A text box inside a container of real text takes only its own small wrapper with it.
  const std::string inline_box = "<div class=post>" + body + "<div><textarea></textarea> Your answer</div></div>";
  const std::string out2 = ExtractAuto("<body>" + inline_box + "</body>");
  EXPECT_NE(out2.find("approved the budget"), std::string::npos) << out2;
  EXPECT_EQ(out2.find("Your answer"), std::string::npos) << out2;
}

TEST(Auto, ChineseSidebarOfATibetanArticleCastsNoVote) {
  // A Tibetan article in a table cell, its paragraphs separated by <br>, beside a Chinese sidebar
  // of more paragraphs (and more punctuation): on a Tibetan page only blocks whose text has
  // syllable dots vote (paper 003's Veracity). The Dzongkha sentences: "The key file has trailing
  // characters at the end of the group. The key file holds an unsupported encoding."
  const std::string tibetan =
      "\u0F63\u0FA1\u0F7A\u0F0B\u0F58\u0F72\u0F42\u0F0B\u0F61\u0F72\u0F42\u0F0B\u0F66\u0FA3\u0F7C"
      "\u0F51\u0F0B\u0F53\u0F44\u0F0B\u0F63\u0F74\u0F0B \u0F42\u0FB1\u0F63\u0F0B\u0F62\u0F72\u0F58"
      "\u0F0B\u0F58\u0F47\u0F74\u0F42\u0F0B\u0F63\u0F74\u0F0B \u0F42\u0FB2\u0F7C\u0F66\u0F0B\u0F50"
      "\u0F62\u0F0B\u0F60\u0F56\u0F51\u0F0B\u0F58\u0F72\u0F0B\u0F61\u0F72\u0F42\u0F0B\u0F60\u0F56"
      "\u0FB2\u0F74\u0F0B\u0F60\u0F51\u0F74\u0F42\u0F0D \u0F63\u0FA1\u0F7A\u0F0B\u0F58\u0F72\u0F42"
      "\u0F0B\u0F61\u0F72\u0F42\u0F0B\u0F66\u0FA3\u0F7C\u0F51\u0F0B\u0F53\u0F44\u0F0B\u0F63\u0F74"
      "\u0F0B \u0F62\u0F92\u0FB1\u0F56\u0F0B\u0F66\u0F90\u0FB1\u0F7C\u0F62\u0F0B\u0F58\u0F7A\u0F51"
      "\u0F0B\u0F54\u0F60\u0F72\u0F0B \u0F68\u0F72\u0F53\u0F0B\u0F40\u0F7C\u0F0B\u0F4C\u0F72\u0F44"
      "\u0F0B\u0F61\u0F7C\u0F51\u0F0D";
  const std::string html = "<body><table><tr><td class=text>" + tibetan + "<br><br>" + tibetan +
                           "<br><br>" + tibetan + "<br><br>" + tibetan + "</td><td class=side>" +
                           ChineseStory() + ChineseStory() + "</td></tr></table></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("\u0F63\u0FA1\u0F7A\u0F0B\u0F58\u0F72\u0F42"), std::string::npos) << out;
  EXPECT_EQ(out.find("\u7F8E\u8054\u50A8"), std::string::npos) << out;
}

TEST(Auto, CookieConsentNoticeIsNoFallbackContent) {
  // A front page of linked headlines (nothing votes, line blocks are tried) with a consent banner
  // of sentences in two hinted parts: no part of the banner is the page's content, though only
  // the first part mentions cookies.
  std::string teasers;
  for (int i = 0; i < 12; ++i) {
    teasers += "<li><a href=/story/" + std::to_string(i) + ">Council approves the new harbour budget, story " +
               std::to_string(i) + "</a> <span>Jane Smith, 3/" + std::to_string(i + 1) + "/2026</span></li>";
  }
  const std::string banner =
      "<div class=\"consent-modal\"><div class=\"fides-banner\"><p>We and our partners use cookies and similar "
      "technologies to recognise visitors, remember their preferences and measure how the site is used.</p>"
      "<p>Some of these technologies are essential, others help us show advertising that matters to you, "
      "and you can change your choice at any time.</p></div><div class=\"fides-banner purposes\"><p>Store "
      "and access information on a device, and measure the performance of content and advertising.</p>"
      "</div></div>";
  const std::string footer = "<footer><p>Harbour Gazette, 1 Quay Street. Printed and published by the Harbour "
                             "Gazette Company, registered in the county of the harbour.</p></footer>";
  const std::string out = ExtractAuto("<body><ul class=front>" + teasers + "</ul>" + banner + footer + "</body>");
  EXPECT_EQ(out.find("partners use cookies"), std::string::npos) << out;
  EXPECT_EQ(out.find("Store and access information"), std::string::npos) << out;
}

// A thread: one record per post (author, date, body); the first post is long, the replies short.
std::string Thread(const std::string& record_extra, bool dated) {
  std::string html = "<body><nav><a href=/>Forums</a> <a href=/new>New posts</a></nav><div class=thread>";
  auto record = [&](const std::string& author, int day, const std::string& body) {
    html += "<article class=post-record><div class=user><a href=/u/" + author + ">" + author + "</a>" +
            (dated ? "<time datetime=2024-01-" + std::to_string(day) + ">Jan " + std::to_string(day) +
                         ", 2024</time>"
                   : std::string("<span>Member</span>")) +
            "</div>" + record_extra + "<div class=post-body>" + body + "</div></article>";
  };
  record("opener", 10, Repeat("<p>My old boiler makes a knocking sound every morning when the heating starts, and "
                              "the pressure gauge drops a little each week.</p>", 5));
  record("fixer", 11, "Bleed the radiators first.");
  record("plumber", 12, "Check the expansion vessel charge, it sounds like it has lost its air.");
  record("neighbour", 13, "Same here, the vessel was flat.");
  record("opener", 14, "Thanks, recharging the vessel fixed it.");
  return html + "</div><footer><a href=/terms>Terms</a></footer></body>";
}

TEST(Auto, ThreadRepliesJoinTheFirstPost) {
  const std::string out = ExtractAuto(Thread("", true));
  EXPECT_NE(out.find("knocking sound"), std::string::npos) << out;
  EXPECT_NE(out.find("expansion vessel charge"), std::string::npos) << out;
  EXPECT_NE(out.find("recharging the vessel fixed it"), std::string::npos) << out;
  EXPECT_EQ(out.find("New posts"), std::string::npos) << out;
  // Without dates the records are no posts (a page's same-class sections, product cards).
  const std::string undated = ExtractAuto(Thread("", false));
  EXPECT_NE(undated.find("knocking sound"), std::string::npos) << undated;
  EXPECT_EQ(undated.find("expansion vessel charge"), std::string::npos) << undated;
  // A headline link before each body makes the records teaser cards.
  const std::string teasers =
      ExtractAuto(Thread("<h4><a href=/story>Read the whole story about boilers here</a></h4>", true));
  EXPECT_EQ(teasers.find("expansion vessel charge"), std::string::npos) << teasers;
}

std::size_t Count(const std::string& haystack, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1)) ++n;
  return n;
}

TEST(Auto, SecondCopyOfTheArticleIsDropped) {
  // A responsive layout ships the article twice, once per screen size; both copies are visible to
  // the parser, and both score as content.
  std::string story;
  for (int i = 0; i < 4; ++i) {
    story += "<p>Paragraph " + std::to_string(i) +
             " tells how the ferry service resumed after the storm, with the times and the fares.</p>";
  }
  const std::string html = "<body><nav><a href=/>Home</a></nav><main><div class=story-wide>" + story +
                           "</div><div class=story-narrow>" + story + "</div></main></body>";
  const std::string out = ExtractAuto(html);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(Count(out, "Paragraph " + std::to_string(i) + " tells"), 1u) << out;
}

TEST(Auto, ACopyEndsWhereItStopsRepeating) {
  // The narrow layout repeats the story's first eight paragraphs and then goes on with updates of
  // its own: the repeated run goes, the updates stay.
  auto paragraph = [](const std::string& name, int i) {
    return "<p>" + name + " " + std::to_string(i) +
           " tells how the ferry service resumed after the storm, with the times and the fares.</p>";
  };
  std::string wide, narrow;
  for (int i = 0; i < 12; ++i) wide += paragraph("Paragraph", i);
  for (int i = 0; i < 8; ++i) narrow += paragraph("Paragraph", i);
  for (int i = 0; i < 3; ++i) narrow += paragraph("Update", i);
  const std::string out = ExtractAuto("<body><main><div class=story-wide>" + wide + "</div><div class=story-narrow>" +
                                      narrow + "</div></main></body>");
  for (int i = 0; i < 12; ++i) EXPECT_EQ(Count(out, "Paragraph " + std::to_string(i) + " tells"), 1u) << out;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(Count(out, "Update " + std::to_string(i) + " tells"), 1u) << out;
}

TEST(Auto, AReplyQuotingAnEarlierPostGivesOnlyItsOwnWords) {
  // A forum reply quotes the opening post in a <blockquote> (one block, under a share of the
  // thread): the thread gives the post once, and the reply's own words.
  const std::string opening =
      "My old boiler makes a knocking sound every morning when the heating starts, and the pressure gauge "
      "drops a little each week, so I have to top it up every Sunday.";
  std::string html = "<body><div class=thread><article class=post><div class=post-body>" + opening +
                     "</div></article>";
  for (int i = 0; i < 6; ++i) {
    html += "<article class=post><div class=post-body>" +
            std::string(i == 2 ? "<blockquote><div>opener said:</div><div>" + opening +
                                     "</div><div><a href=#>Click to expand...</a></div></blockquote>"
                               : "") +
            "Reply " +
            std::to_string(i) + ": check the expansion vessel charge, it sounds as if it has lost its air.</div>"
            "</article>";
  }
  const std::string out = ExtractAuto(html + "</div></body>");
  EXPECT_EQ(Count(out, "knocking sound"), 1u) << out;
  EXPECT_EQ(out.find("opener said"), std::string::npos) << out;  // the quotation's frame goes with it
  EXPECT_EQ(out.find("Click to expand"), std::string::npos) << out;
  EXPECT_NE(out.find("Reply 2: check"), std::string::npos) << out;
  EXPECT_NE(out.find("Reply 5: check"), std::string::npos) << out;
  // The same paragraph repeated outside a quotation is one block: below a run, it stays.
  std::string plain = html;
  plain.replace(plain.find("<blockquote>"), 12, "<div>");
  plain.replace(plain.find("</blockquote>"), 13, "</div>");
  EXPECT_EQ(Count(ExtractAuto(plain + "</div></body>"), "knocking sound"), 2u);
}

TEST(Auto, APostsSubjectLineRepeatingTheThreadTitleGoes) {
  // phpBB heads every post with a subject, "Re: " and the thread's title: the title stays once.
  std::string html = "<body><div class=topic><h2>Boiler knocking in the morning</h2>";
  for (int i = 0; i < 5; ++i) {
    html += "<div class=post><h3><a href=#p" + std::to_string(i) + ">" + (i == 0 ? "" : "Re: ") +
            "Boiler knocking in the morning</a></h3><div class=content>Post " + std::to_string(i) +
            ": the pressure gauge drops a little each week, so check the expansion vessel and its valve.</div></div>";
  }
  html += "<div class=post><div class=content>Re: your question, yes: the vessel had lost its charge entirely.</div>"
          "</div></div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_EQ(out.find("Re: Boiler"), std::string::npos) << out;
  EXPECT_NE(out.find("Boiler knocking in the morning"), std::string::npos) << out;
  EXPECT_NE(out.find("Post 4: the pressure"), std::string::npos) << out;
  // A block that only starts with "Re:" repeats nothing and stays.
  EXPECT_NE(out.find("Re: your question"), std::string::npos) << out;
}

// A front page: an opening story beside sections of cards, each a linked headline and a few words.
std::string FrontPage(const std::string& og_type) {
  std::string html = "<html><head><meta property=og:type content=" + og_type +
                     "></head><body><nav><a href=/>Home</a> <a href=/news>News</a></nav><main><div class=lead>"
                     "<p>The harbour reopened on Monday after the storm, the port authority said in a statement.</p>"
                     "</div>";
  for (int section = 0; section < 3; ++section) {
    html += "<section class=cards>";
    for (int i = 4 * section; i < 4 * section + 4; ++i) {
      const std::string n = std::to_string(i);
      html += "<div class=card><h3><a href=/s" + n + ">Story " + n + " headline about the coast road</a></h3><p>Card " +
              n + " blurb: ferries.</p></div>";
    }
    html += "</section>";
  }
  return html + "</main><footer>Contact us</footer></body></html>";
}

// The page calls itself a website (og:type) and its main subtree holds little of its text: every
// card outside the navigation and footer is content.
TEST(Auto, AWebsitesFrontPageGivesEveryCard) {
  const std::string out = ExtractAuto(FrontPage("website"));
  for (int i = 0; i < 12; ++i) {
    EXPECT_NE(out.find("Story " + std::to_string(i) + " headline"), std::string::npos) << out;
    EXPECT_NE(out.find("Card " + std::to_string(i) + " blurb"), std::string::npos) << out;
  }
  EXPECT_EQ(out.find("Contact us"), std::string::npos) << out;
  // A page that calls itself an article keeps what correlation keeps: not the link-dense cards.
  EXPECT_EQ(ExtractAuto(FrontPage("article")).find("Story 11 headline"), std::string::npos);
}

TEST(Auto, RepeatedParagraphsWithinOneTextStay) {
  // A refrain sung twice: the repeat sits beside the original, in the same container, and is part
  // of the text.
  const std::string refrain =
      "<p>Row the boat across the water, row it home before the night comes down on us.</p>"
      "<p>Sing the song the sailors sang, and sing it louder when the wind is strong.</p>";
  const std::string html =
      "<body><div class=lyrics><p>The first verse tells of the harbour and the boats that wait for the tide.</p>" +
      refrain + "<p>The second verse tells of the storm and of the lights along the shore at dawn.</p>" + refrain +
      "</div></body>";
  const std::string out = ExtractAuto(html);
  EXPECT_EQ(Count(out, "Row the boat"), 2u) << out;
  EXPECT_EQ(Count(out, "Sing the song"), 2u) << out;
}

TEST(Auto, BoilerplateTagHoldingTheWholeTextIsTheLayout) {
  // A slideshow laid out in an <aside>: every slide, each a heading and a paragraph, is inside it,
  // and outside it there is only a menu and a one-line teaser. The <aside> is the page's layout.
  // Templates leave blank lines between the slides, so line blocks (step 7) find one slide at most.
  std::string slides;
  for (int i = 0; i < 12; ++i) {
    slides += "<li class=slide><h2>Slide " + std::to_string(i) + "</h2><p>Idea " + std::to_string(i) +
              ": arrange the <a href=/flowers>flowers</a> in a low bowl, add a few leaves from the garden, "
              "and light two candles beside it.</p></li>" + std::string(12, '\n');
  }
  const std::string html =
      "<html><body><nav><a href=/>Home</a> <a href=/decor>Decorating</a></nav>"
      "<div class=main><p>Tip of the day.</p></div><aside id=rightColumn><div class=slideshow><ul>" + slides +
      "</ul></div></aside><footer><a href=/about>About us</a></footer></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("Idea 0: arrange"), std::string::npos) << out;
  EXPECT_NE(out.find("Idea 11: arrange"), std::string::npos) << out;
  EXPECT_EQ(out.find("About us"), std::string::npos) << out;
}

TEST(Auto, AsideBesideAnArticleStaysBoilerplate) {
  // An <aside> of teasers holds more text than the article beside it; the article still wins.
  std::string teasers;
  for (int i = 0; i < 10; ++i) {
    teasers += "<div class=teaser><p>Teaser " + std::to_string(i) +
               ": another story from the same site, summed up in a sentence for the reader.</p></div>";
  }
  const std::string article = Repeat("<p>The council met on Monday and decided, after a long debate, to close the old bridge.</p>", 5);
  const std::string out = ExtractAuto("<html><body><article>" + article + "</article><aside>" + teasers +
                                      "</aside></body></html>");
  EXPECT_NE(out.find("The council met on Monday"), std::string::npos) << out;
  EXPECT_EQ(out.find("Teaser 0"), std::string::npos) << out;
}

TEST(Auto, ShortParagraphThatIsASentenceWithLinksStays) {
  // A numbered list written as paragraphs: some items are mostly a link, but each is a sentence
  // with words of its own. A link row under the text ("See the rating.") and a <br> list of
  // headlines go.
  std::string items;
  for (int i = 1; i <= 6; ++i) {
    items += "<p>" + std::to_string(i) + ". The council voted on the plan after a long debate that ran late into the night, "
             "and the mayor spoke.</p>";
  }
  items += "<p>7. This godawful cover of <a href=/song>Leonard Cohen's famous song Hallelujah</a>.</p>";
  items += "<p>8. The circus around <a href=/news>the right wing media coverage of the vote</a>.</p>";
  items += "<p>9. The council voted again on the same plan the next week, and the mayor did not speak at all.</p>";
  const std::string html = "<html><body><div class=story>" + items +
                           "<p><a href=/rating>See the rating</a>.</p>"
                           "<p><b>Related:</b><br><a href=/a>A headline about something else!</a><br>"
                           "<a href=/b>Another headline, also elsewhere!</a></p></div></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("7. This godawful cover of Leonard Cohen"), std::string::npos) << out;
  EXPECT_NE(out.find("8. The circus around"), std::string::npos) << out;
  EXPECT_EQ(out.find("See the rating"), std::string::npos) << out;
  EXPECT_EQ(out.find("A headline about"), std::string::npos) << out;
}

TEST(Auto, AscentStopsBelowTheCommentSection) {
  // The article's container sits in a column that also holds the comment section, with its own
  // heading and a sentence of house rules: the column adds no article text, only the comments.
  const std::string article = Repeat("<p>The council met on Monday and decided, after a long debate, to close the old "
                                     "bridge to traffic for the whole of next year.</p>", 6);
  std::string comments;
  for (int i = 0; i < 6; ++i) {
    comments += "<li class=comment><div class=body><p>Reader " + std::to_string(i) +
                " wrote: about time, this bridge has been unsafe for years and everybody in town knew it.</p></div></li>";
  }
  const std::string html = "<html><body><div id=primary><div class=entry-content>" + article +
                           "</div><div class=box><h3>From our readers</h3><p class=intro>Keep it civil: this is a place for "
                           "our readers to discuss, debate and learn more about the story you just read.</p>"
                           "<div id=comments><ol>" + comments + "</ol></div></div></div></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("The council met on Monday"), std::string::npos) << out;
  EXPECT_EQ(out.find("Keep it civil"), std::string::npos) << out;
  EXPECT_EQ(out.find("Reader 0"), std::string::npos) << out;
}

TEST(Auto, BoldParagraphOpeningTheContentIsAHeadingNotAByline) {
  // Lyrics under a bold paragraph that names the song; a plain byline line above them goes.
  const std::string verses = Repeat("<p>I'm pretty sure I don't need anything else<br>This is the best feeling I've ever "
                                    "felt<br>I know it took a long time, but now I'm here</p>", 4);
  const std::string html = "<html><body><div class=entry><p>By Staff Writer</p><p><strong>PJ Morton – Only One Lyrics "
                           "(Ft. Stevie Wonder)</strong></p>" + verses + "</div></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("PJ Morton – Only One Lyrics"), std::string::npos) << out;
  EXPECT_EQ(out.find("By Staff Writer"), std::string::npos) << out;
}

TEST(Auto, ShortLinkLinesBetweenParagraphsStayALongRunGoes) {
  // One or two linked lines between paragraphs of the text ("ALSO READ: ...") are lines of it; five
  // linked headlines in a row between paragraphs are a list of links.
  const std::string para = "<p>The council met on Monday and decided, after a long debate, to close the old bridge "
                           "to traffic for the whole of next year.</p>";
  std::string headlines;
  for (int i = 0; i < 5; ++i) headlines += "<p><a href=/h" + std::to_string(i) + ">Headline number " + std::to_string(i) + " about the town</a></p>";
  const std::string html = "<html><body><div class=story>" + para + para +
                           "<p>ALSO READ: <a href=/x>Five bridges the town closed before this one</a></p>" + para + para +
                           headlines + para + para + "</div></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("ALSO READ: Five bridges"), std::string::npos) << out;
  EXPECT_EQ(out.find("Headline number 0"), std::string::npos) << out;
}

TEST(Auto, DonationAppealUnderTheStoryGoes) {
  // A "support us" box inside the story's container, written in sentences like the story.
  const std::string para = "<p>The council met on Monday and decided, after a long debate, to close the old bridge "
                           "to traffic for the whole of next year.</p>";
  const std::string html = "<html><body><div class=story>" + para + para + para +
                           "<div class=support-box><p>Every reader who gives, however little, keeps this newsroom "
                           "free and independent for everyone.</p></div></div></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("close the old bridge"), std::string::npos) << out;
  EXPECT_EQ(out.find("Every reader who gives"), std::string::npos) << out;
}

TEST(Auto, SpreadContentStaysInsideThePagesMain) {
  // A real page (dragnet-train R862, from ../shared/data): a short news story inside
  // role="main", so short that step 8 adds what correlation keeps; the reporter's name line
  // outside role="main" is not added with it.
  const std::filesystem::path page = std::filesystem::path(PITH_SHARED_DATA) / "dragnet-train/html/R862.html";
  if (!std::filesystem::exists(page)) GTEST_SKIP() << "no " << page;
  const std::string out = ExtractAuto(testing::ReadFile(page));
  EXPECT_NE(out.find("Verizon Wireless, the biggest U.S. mobile network"), std::string::npos) << out;
  EXPECT_EQ(out.find("Tom Gara, Reporter"), std::string::npos) << out;
}

TEST(HintWords, WholeWordsPrefixFamiliesAndEverythingElse) {
  using text::ClassifyHintToken;
  using text::HintKind;
  EXPECT_EQ(ClassifyHintToken("ad"), HintKind::kBoilerplate);
  EXPECT_EQ(ClassifyHintToken("advertisement"), HintKind::kBoilerplate);  // the longest word
  EXPECT_EQ(ClassifyHintToken("author"), HintKind::kBoilerplate);
  EXPECT_EQ(ClassifyHintToken("signature"), HintKind::kBoilerplate);
  EXPECT_EQ(ClassifyHintToken("tooltip"), HintKind::kBoilerplate);
  EXPECT_EQ(ClassifyHintToken("userinfo"), HintKind::kBoilerplate);
  EXPECT_EQ(ClassifyHintToken("userextras"), HintKind::kBoilerplate);  // XenForo's poster details
  EXPECT_EQ(ClassifyHintToken("keyword"), HintKind::kBoilerplate);
  EXPECT_EQ(ClassifyHintToken("tuijian"), HintKind::kBoilerplate);   // pinyin: recommended
  EXPECT_EQ(ClassifyHintToken("pinglun"), HintKind::kComments);     // pinyin: comments
  EXPECT_EQ(ClassifyHintToken("donate"), HintKind::kBoilerplate);
  EXPECT_EQ(ClassifyHintToken("support"), HintKind::kBoilerplate);
  EXPECT_EQ(ClassifyHintToken("maincontent"), HintKind::kContent);
  EXPECT_EQ(ClassifyHintToken("comments"), HintKind::kComments);
  EXPECT_EQ(ClassifyHintToken("trackbacks"), HintKind::kComments);  // blogs' pings: comments too
  EXPECT_EQ(ClassifyHintToken("pingback"), HintKind::kComments);
  EXPECT_EQ(ClassifyHintToken("sidebar2"), HintKind::kBoilerplate);       // prefix families
  EXPECT_EQ(ClassifyHintToken("navbartop"), HintKind::kBoilerplate);
  EXPECT_EQ(ClassifyHintToken("commentform"), HintKind::kComments);
  EXPECT_EQ(ClassifyHintToken("sharethisarticlewithyourfriendsnow"), HintKind::kBoilerplate);  // past 16 bytes
  EXPECT_EQ(ClassifyHintToken("adx"), HintKind::kNone);                   // words match whole
  EXPECT_EQ(ClassifyHintToken("contents"), HintKind::kNone);
  EXPECT_EQ(ClassifyHintToken("col"), HintKind::kNone);
  EXPECT_EQ(ClassifyHintToken("6"), HintKind::kNone);
  EXPECT_EQ(ClassifyHintToken(""), HintKind::kNone);
  EXPECT_EQ(ClassifyHintToken("sha"), HintKind::kNone);                   // shorter than a prefix
}

// Step 5: an item of a list whose other items are text (a documentation entry's "Type", "Details",
// "Example" and "See also") is a record like them: its list of links stays, also at the end of
// the content (step 6), and reads as a nested list. A list all of links (a menu) is still a link
// group.
TEST(Auto, AListOfLinksInsideAnItemAmongTextItemsStays) {
  const std::string entry =
      "<ul><li><p><strong>Type</strong></p><pre><code>function ref(value: T): Ref</code></pre></li>"
      "<li><p><strong>Details</strong></p><p>The ref object is mutable: a new value can be assigned to its value, "
      "and every read of it is tracked, so that writes trigger the effects that read it before.</p></li>"
      "<li><p><strong>Example</strong></p><pre><code>const count = ref(0)\nconsole.log(count.value)</code></pre></li>"
      "<li><p><strong>See also</strong></p><ul><li><a href=\"/guide/ref\">Guide - Reactivity fundamentals</a></li>"
      "<li><a href=\"/guide/typing\">Guide - Typing the ref</a></li></ul></li></ul>";
  const std::string html = "<html><body><nav><a href=\"/\">Home</a> <a href=\"/api\">API</a></nav><main><h1>ref()</h1>"
                           "<p>Takes an inner value and returns a reactive and mutable ref object, which has a single "
                           "property that points to the inner value, as the guide explains at length.</p>" +
                           entry + "</main></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("See also"), std::string::npos) << out;
  EXPECT_NE(out.find("Guide - Reactivity fundamentals"), std::string::npos) << out;
  EXPECT_NE(out.find("Guide - Typing the ref"), std::string::npos) << out;
  // The same entry whose items are all links is a menu.
  const std::string menu = "<ul><li><a href=\"/a\">Type</a></li><li><a href=\"/b\">Details</a></li><li><a href=\"/c\">Example</a>"
                           "</li><li><a href=\"/d\">See also</a><ul><li><a href=\"/guide/ref\">Guide - Reactivity fundamentals</a>"
                           "</li></ul></li></ul>";
  const std::string without = ExtractAuto("<html><body><main><h1>ref()</h1><p>Takes an inner value and returns a reactive "
                                          "and mutable ref object, which has a single property that points to the inner "
                                          "value, as the guide explains at length.</p>" + menu +
                                          "<p>A later paragraph of the entry says more about the ref object and its value, "
                                          "and about the effects that read it.</p></main></body></html>");
  EXPECT_EQ(without.find("Guide - Reactivity fundamentals"), std::string::npos) << without;
}

}  // namespace
}  // namespace pith
