// `auto` on hand-built pages shaped like the web at large (issue 35): the mechanisms added for
// pages pith had not seen, one page shape each, each failing without its rule.
#include <gtest/gtest.h>

#include <string>

#include "pith/pith.h"

namespace pith {
namespace {

std::string ExtractAuto(const std::string& html) {
  const Result r = Extractor(Options{}).Extract(html);
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return r.Text();
}

// A recipe category page whose own text is a list of short titles under images, and a OneTrust
// preference centre (hidden until opened) whose descriptions of purposes are most of the page's
// text. The consent manager's names ("onetrust-pc-sdk") are believed although the element holds
// over half of the text, and its text is left out of the line blocks too.
TEST(AutoWeb, AConsentManagersPreferenceCentreIsNoContentWhateverItsShare) {
  const std::string html =
      "<html><head><title>Tomato Sauce Recipes</title></head><body><nav><a href=\"/\">Home</a> <a href="
      "\"/recipes\">Recipes</a></nav><main><h1>Tomato Sauce Recipes</h1><ul class=\"list\"><li class=\""
      "card\"><a href=\"/r/0\"><img src=\"/i/0.jpg\" alt=\"\"></a><span class=\"card__title\">Easy Slow"
      "-Cooker Pork Ragu</span></li><li class=\"card\"><a href=\"/r/1\"><img src=\"/i/1.jpg\" alt=\"\">"
      "</a><span class=\"card__title\">Spaghetti and Meatballs</span></li><li class=\"card\"><a href=\""
      "/r/2\"><img src=\"/i/2.jpg\" alt=\"\"></a><span class=\"card__title\">Sweet and Spicy Tomato Chu"
      "tney</span></li><li class=\"card\"><a href=\"/r/3\"><img src=\"/i/3.jpg\" alt=\"\"></a><span cla"
      "ss=\"card__title\">Butter Chicken Recipe</span></li><li class=\"card\"><a href=\"/r/4\"><img src"
      "=\"/i/4.jpg\" alt=\"\"></a><span class=\"card__title\">Penne alla Vodka Recipe</span></li><li cl"
      "ass=\"card\"><a href=\"/r/5\"><img src=\"/i/5.jpg\" alt=\"\"></a><span class=\"card__title\">New"
      " York-Style Pizza Sauce</span></li><li class=\"card\"><a href=\"/r/6\"><img src=\"/i/6.jpg\" alt"
      "=\"\"></a><span class=\"card__title\">The Best Fresh Tomato Sauce</span></li><li class=\"card\">"
      "<a href=\"/r/7\"><img src=\"/i/7.jpg\" alt=\"\"></a><span class=\"card__title\">Bucatini all'Ama"
      "triciana</span></li></ul></main><div id=\"onetrust-consent-sdk\"><div id=\"onetrust-pc-sdk\" cla"
      "ss=\"otPcTab ot-hide\" role=\"region\" aria-label=\"Your Privacy Choices\"><div id=\"ot-pc-conte"
      "nt\" class=\"ot-pc-scrollbar\"><h2>Your Privacy</h2><p>We process your data to deliver content o"
      "r advertisements and measure the delivery of such content or advertisements to extract insights "
      "about our website. We share this information with our partners on the basis of consent and legit"
      "imate interest.</p><div class=\"ot-cat-item\"><h4>Store and/or access information on a device</h"
      "4><p>These cookies may be set through our site by us and our advertising partners to build a pro"
      "file of your interests and show you relevant adverts on this and other sites, and they work by i"
      "dentifying your browser.</p></div><div class=\"ot-cat-item\"><h4>Use limited data to select adve"
      "rtising</h4><p>These cookies may be set through our site by us and our advertising partners to b"
      "uild a profile of your interests and show you relevant adverts on this and other sites, and they"
      " work by identifying your browser.</p></div><div class=\"ot-cat-item\"><h4>Create profiles for p"
      "ersonalised advertising</h4><p>These cookies may be set through our site by us and our advertisi"
      "ng partners to build a profile of your interests and show you relevant adverts on this and other"
      " sites, and they work by identifying your browser.</p></div><div class=\"ot-cat-item\"><h4>Use p"
      "rofiles to select personalised content</h4><p>These cookies may be set through our site by us an"
      "d our advertising partners to build a profile of your interests and show you relevant adverts on"
      " this and other sites, and they work by identifying your browser.</p></div><div class=\"ot-cat-i"
      "tem\"><h4>Measure advertising performance</h4><p>These cookies may be set through our site by us"
      " and our advertising partners to build a profile of your interests and show you relevant adverts"
      " on this and other sites, and they work by identifying your browser.</p></div><div class=\"ot-ca"
      "t-item\"><h4>Understand audiences through statistics</h4><p>These cookies may be set through our"
      " site by us and our advertising partners to build a profile of your interests and show you relev"
      "ant adverts on this and other sites, and they work by identifying your browser.</p></div></div><"
      "/div></div></body></html>";
  const std::string out = ExtractAuto(html);
  EXPECT_NE(out.find("Easy Slow-Cooker Pork Ragu"), std::string::npos) << out;
  EXPECT_NE(out.find("Bucatini all'Amatriciana"), std::string::npos) << out;
  EXPECT_EQ(out.find("Your Privacy"), std::string::npos) << out;
  EXPECT_EQ(out.find("partners"), std::string::npos) << out;
}

}  // namespace
}  // namespace pith
