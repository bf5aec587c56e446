// The page-type classifier (src/classify/page_type.h): its features computed by hand on small pages
// (URL words and shapes, JSON-LD and microdata types, og:type, prices, card groups, headline
// links), the table's agreement with the feature list, and the trained model's answers on small
// real-shaped pages of each kind, through the pipeline and into the JSON record and explain.
#include "classify/page_type.h"

#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>

#include "core/pipeline.h"
#include "render/explain.h"
#include "render/formats.h"

namespace pith {
namespace {

using classify::PageTypeFeature;
using F = PageTypeFeature;

struct Parsed {
  algo::PageState state;
  Result result;
};

void RunPage(const std::string& html, const std::string& url, Parsed* out) {
  core::Run(html, PageInfo{url, ""}, Options{}, &out->state, &out->result);
}

classify::PageTypeFeatures Features(const std::string& html, const std::string& url = "") {
  Parsed p;
  RunPage(html, url, &p);
  return p.state.page_type.features;
}

// The text extracted from `html` at `url`, after checking that the classifier answers `want` (the
// page-type strategies of auto step 8 are tested on pages of their type).
std::string TextOfPageOfType(const std::string& html, const std::string& url, PageType want) {
  Parsed p;
  RunPage(html, url, &p);
  EXPECT_EQ(p.result.page_type, want) << PageTypeName(p.result.page_type);
  return p.result.Text();
}

// Every string of `kept` is in `text`, and none of `left_out`.
void ExpectText(const std::string& text, std::initializer_list<const char*> kept,
                std::initializer_list<const char*> left_out) {
  for (const char* k : kept) EXPECT_NE(text.find(k), std::string::npos) << "missing: " << k << "\n" << text;
  for (const char* k : left_out) EXPECT_EQ(text.find(k), std::string::npos) << "kept: " << k << "\n" << text;
}

TEST(PageTypeModel, TableMatchesTheFeatureList) {
  for (std::size_t i = 0; i < classify::kPageTypeFeatures; ++i) {
    EXPECT_STREQ(classify::kPageTypeModel.feature_names[i], classify::PageTypeFeatureName(i)) << i;
    EXPECT_GT(classify::kPageTypeModel.scale[i], 0) << i;
  }
}

TEST(PageTypeFeatures, UrlWordsAndShapes) {
  const std::string page = "<html><body><p>Some text of the page.</p></body></html>";
  // Path segments, a year/month date, the slug's words; "news" is an article word.
  auto f = Features(page, "https://www.example.com/news/2024/05/storm-closes-every-school-today");
  EXPECT_EQ(f[F::url_depth], 4);
  EXPECT_EQ(f[F::url_date], 1);
  EXPECT_EQ(f[F::url_root], 0);
  EXPECT_DOUBLE_EQ(f[F::url_slug_words], std::log1p(5.0));
  EXPECT_EQ(f[F::url_article], 1);
  EXPECT_EQ(f[F::url_docs], 0);
  // A host label before the registered name counts ("docs" of docs.python.org); the query does not.
  f = Features(page, "https://docs.python.org/3/library/asyncio-task.html?highlight=forum");
  EXPECT_EQ(f[F::url_docs], 1);
  EXPECT_EQ(f[F::url_forum], 0);
  EXPECT_EQ(f[F::url_date], 0);
  // A long number (an item id) and a product word; a root page.
  f = Features(page, "https://www.ebay.com/itm/276702815108");
  EXPECT_EQ(f[F::url_number], 1);
  EXPECT_EQ(f[F::url_product], 1);
  f = Features(page, "https://miro.com/");
  EXPECT_EQ(f[F::url_root], 1);
  EXPECT_EQ(f[F::url_depth], 0);
  // No address and no canonical link: the URL features are unknown (NaN), and add nothing.
  f = Features(page);
  EXPECT_TRUE(std::isnan(f[F::url_depth]));
  EXPECT_TRUE(std::isnan(f[F::url_service]));
  // Without an address the canonical link stands in.
  f = Features("<html><head><link rel=canonical href='https://shop.example.com/collections/socks'></head>"
               "<body><p>Socks.</p></body></html>");
  EXPECT_EQ(f[F::url_collection], 1);
  EXPECT_EQ(f[F::url_depth], 2);
}

TEST(PageTypeFeatures, StructuredData) {
  // JSON-LD: a list of types, a type in a @graph, a broken body still read; microdata; og:type.
  const std::string page =
      "<html><head><meta property='og:type' content='product'>"
      "<script type='application/ld+json'>{\"@context\":\"https://schema.org\",\"@graph\":["
      "{\"@type\":[\"Product\", \"Thing\"]},{\"@type\" : \"BreadcrumbList\"}]}</script>"
      "<script type='application/ld+json'>{\"@type\": \"Offer\", \"price\": </script></head>"
      "<body><div itemscope itemtype='http://schema.org/NewsArticle'><p>Text of it.</p></div></body></html>";
  const auto f = Features(page);
  EXPECT_DOUBLE_EQ(f[F::ld_product], std::log1p(2.0));  // Product and Offer
  EXPECT_EQ(f[F::ld_breadcrumb], 1);
  EXPECT_DOUBLE_EQ(f[F::ld_article], std::log1p(1.0));  // the microdata type
  EXPECT_EQ(f[F::ld_forum], 0);
  EXPECT_EQ(f[F::og_product], 1);
  EXPECT_EQ(f[F::og_article], 0);
}

TEST(PageTypeFeatures, Prices) {
  // A currency sign with a digit beside it, spaces allowed: $12.99, 12,99 €, ₹ 1,299, ￥500 → 4.
  // Not: a sign alone, "USD" spelled out, a subscript digit sign (U+2080 is no currency).
  const std::string page =
      "<html><body><p>Now $12.99 (was 12,99 €), or ₹ 1,299; in Japan ￥500.</p>"
      "<p>Pay in $ or USD 40. Water is H₂O, x₀ 3.</p></body></html>";
  const auto f = Features(page);
  EXPECT_DOUBLE_EQ(f[F::prices], std::log1p(4.0));
}

TEST(PageTypeFeatures, CardsAndHeadlineLinks) {
  // Five sibling cards of one tag and class, each a link and text; a menu of bare short links
  // (under 20 characters each) is no card group.
  std::string page = "<html><body><ul class=menu><li><a href=/a>Home</a></li><li><a href=/b>News</a></li>"
                     "<li><a href=/c>About</a></li><li><a href=/d>Shop</a></li></ul><div class=grid>";
  for (int i = 0; i < 5; ++i) {
    page += "<div class=card><a href=/p" + std::to_string(i) +
            ">A headline long enough for a teaser card</a><p>Its summary.</p></div>";
  }
  page += "</div></body></html>";
  const auto f = Features(page);
  EXPECT_DOUBLE_EQ(f[F::card_count], std::log1p(5.0));
  EXPECT_DOUBLE_EQ(f[F::headline_links], std::log1p(5.0));
  EXPECT_GT(f[F::card_share], 0.8);
}

// Small pages of each kind, shaped like real ones: the trained model's answers.
const std::string kArticlePage =
    "<html><head><meta property='og:type' content='article'><title>Storm closes schools</title>"
    "<script type='application/ld+json'>{\"@type\":\"NewsArticle\",\"headline\":\"Storm\"}</script></head><body>"
    "<nav><a href=/>Home</a> <a href=/news>News</a> <a href=/sport>Sport</a></nav>"
    "<article><h1>Storm closes schools across the district</h1><time datetime='2024-01-08'>8 January</time>"
    "<p>Heavy snow closed every school in the district on Monday, the education office said, and buses will "
    "not run until the roads are cleared.</p>"
    "<p>Parents were asked to check the district website for updates each morning before seven, when the "
    "office decides whether classes can go ahead.</p>"
    "<p>The office thanked the road crews who worked through the night to clear the main routes into town, "
    "and said that side streets would follow on Tuesday.</p>"
    "<p>Forecasters expect more snow later in the week, with temperatures staying below freezing until the "
    "weekend at the earliest.</p></article>"
    "<footer>Copyright Example News</footer></body></html>";

const std::string kProductPage =
    "<html><head><meta property='og:type' content='product'><title>Trail Runner 2 shoe</title>"
    "<script type='application/ld+json'>{\"@type\":\"Product\",\"name\":\"Trail Runner 2\",\"offers\":"
    "{\"@type\":\"Offer\",\"price\":\"89.00\",\"priceCurrency\":\"USD\"}}</script></head><body>"
    "<nav><a href=/>Home</a> <a href=/men>Men</a> <a href=/women>Women</a> <a href=/sale>Sale</a></nav>"
    "<main><h1>Trail Runner 2</h1><p>$89.00 <s>$120.00</s></p>"
    "<form action=/cart><select name=size><option>8</option><option>9</option><option>10</option></select>"
    "<input type=number name=qty value=1><button>Add to cart</button></form>"
    "<h2>Description</h2><p>A light trail shoe with a grippy sole.</p>"
    "<h2>Details</h2><ul><li>Weight: 280 g</li><li>Drop: 6 mm</li><li>Upper: recycled mesh</li></ul>"
    "<h2>You may also like</h2><ul>"
    "<li><a href=/p/1>Road Runner 3 everyday shoe</a> $95.00</li>"
    "<li><a href=/p/2>Trail Runner 1 classic shoe</a> $70.00</li>"
    "<li><a href=/p/3>Mountain Hiker mid boot</a> $140.00</li></ul></main></body></html>";

const std::string kForumPage =
    "<html><head><title>Engine stalls when cold - Car Forum</title>"
    "<script type='application/ld+json'>{\"@type\":\"DiscussionForumPosting\",\"headline\":\"Engine stalls\"}"
    "</script></head><body>"
    "<nav><a href=/>Forums</a> <a href=/search>Search</a> <a href=/login>Log in</a></nav>"
    "<h1>Engine stalls when cold</h1>"
    "<div class=post><a href=/u/ann>ann</a> <time>Jan 3</time><p>My engine stalls every cold morning, any idea "
    "what to check first?</p></div>"
    "<div class=post><a href=/u/bob>bob</a> <time>Jan 3</time><p>Check the idle air valve, mine did the same "
    "and a cleaning fixed it.</p></div>"
    "<div class=post><a href=/u/cy>cy</a> <time>Jan 4</time><p>Could also be the coolant temperature sensor "
    "telling the computer it is warm.</p></div>"
    "<form><textarea name=reply></textarea><button>Post reply</button></form></body></html>";

// A documentation page: a sidebar of the manual's pages, sections of prose and code samples.
std::string DocsPage() {
  std::string page =
      "<html><head><title>asyncio tasks - Python documentation</title></head><body>"
      "<nav><a href=/3/>Docs</a> <a href=/3/library/>Library</a> <a href=/3/tutorial/>Tutorial</a></nav>"
      "<nav class=sidebar><ul>";
  for (const char* topic : {"Runners", "Coroutines and tasks", "Streams", "Synchronization", "Subprocesses",
                            "Queues", "Exceptions", "Event loop", "Futures", "Transports", "Policies",
                            "Platform support", "Extending", "Examples"}) {
    page += std::string("<li><a href=/3/library/asyncio-x.html>") + topic + "</a></li>";
  }
  page += "</ul></nav><div class=body><h1>Coroutines and tasks</h1><p>This section outlines the high-level "
          "asyncio APIs to work with coroutines and tasks.</p>";
  for (const char* api : {"run", "create_task", "sleep", "gather", "shield", "wait_for", "wait", "to_thread",
                          "timeout", "as_completed", "current_task", "all_tasks"}) {
    page += std::string("<h2>asyncio.") + api + "</h2><p>Call <code>asyncio." + api +
            "()</code> with a <code>coro</code> as shown; it returns when the awaited work is done.</p>"
            "<pre><code>import asyncio\n\n"
            "async def main():\n    await asyncio." + api + "(work())\n</code></pre>";
  }
  return page + "</div></body></html>";
}

TEST(PageTypeClassifier, AnswersOnSmallPagesOfEachKind) {
  struct Case {
    std::string html;
    const char* url;
    PageType want;
  };
  const Case cases[] = {
      {kArticlePage, "https://news.example.com/2024/01/08/storm-closes-schools", PageType::kArticle},
      {kProductPage, "https://shop.example.com/products/trail-runner-2", PageType::kProduct},
      {kForumPage, "https://forum.example.com/threads/engine-stalls-when-cold.1234/", PageType::kForum},
      {DocsPage(), "https://docs.example.org/3/library/asyncio-task.html", PageType::kDocumentation},
  };
  for (const Case& c : cases) {
    Parsed p;
    RunPage(c.html, c.url, &p);
    EXPECT_EQ(p.result.page_type, c.want) << c.url << ": " << PageTypeName(p.result.page_type);
    double sum = 0;
    for (double q : p.state.page_type.probability) sum += q;
    EXPECT_NEAR(sum, 1.0, 1e-9);
    EXPECT_DOUBLE_EQ(p.result.page_type_probability,
                     p.state.page_type.probability[static_cast<std::size_t>(p.result.page_type)]);
  }
}

TEST(PageTypeClassifier, InTheJsonRecordAndTheExplanation) {
  Parsed p;
  RunPage(kProductPage, "https://shop.example.com/products/trail-runner-2", &p);
  const nlohmann::json record = render::ToJson(p.result, "page.html", false, nullptr, false);
  EXPECT_EQ(record["page_type"], "product");
  const nlohmann::json ex = render::ExplainJson(p.state, Options{});
  EXPECT_EQ(ex["page_type"]["type"], "product");
  EXPECT_EQ(ex["page_type"]["probabilities"].size(), classify::kPageTypes);
  EXPECT_EQ(ex["page_type"]["features"].size(), classify::kPageTypeFeatures);
  EXPECT_DOUBLE_EQ(ex["page_type"]["features"]["url_product"].get<double>(), 1.0);
  ASSERT_FALSE(ex["page_type"]["evidence"].empty());
  // The evidence lists the features that add most to the answer, largest first.
  const auto& evidence = ex["page_type"]["evidence"];
  for (std::size_t i = 1; i < evidence.size(); ++i) {
    EXPECT_GE(std::abs(evidence[i - 1]["adds"].get<double>()), std::abs(evidence[i]["adds"].get<double>()));
  }
  const std::string html = render::ExplainHtml(p.state, p.result, Options{}, "page.html");
  EXPECT_NE(html.find("<h2>Page type</h2>"), std::string::npos);
}

// A shop's category page: a grid of products between the category's title and a buying guide.
// The votes pick the guide (its paragraphs are the only prose) and the grid, unpriced by step 10's
// share (its text is under half the guide's), stays out; classified as a collection, the page
// keeps all its text outside boilerplate (auto step 8): title, introduction, grid and guide.
TEST(PageTypeStrategies, ACollectionPageKeepsItsGridBesideTheBuyingGuide) {
  const std::string html =
    "<html><head><title>Men's socks | Sockshop</title><meta property=\"og:type\" content=\"website\"></head><body>"
    "<header><nav><a href=\"/\">Home</a> <a href=\"/collections/men\">Men</a> <a href=\"/collections/women\">Women</a> <a href=\"/cart\">Cart</a></nav></header>"
    "<main><h1>Men's socks</h1><p>Soft, warm and made to last.</p>"
    "<div class=\"grid\">"
    "<div class=\"card\"><a href=\"/products/merino-hiker-crew\">Merino Hiker Crew</a><span>Charcoal</span><span>$18</span></div>"
    "<div class=\"card\"><a href=\"/products/trail-runner-ankle\">Trail Runner Ankle</a><span>Black</span><span>$14</span></div>"
    "<div class=\"card\"><a href=\"/products/office-classic-calf\">Office Classic Calf</a><span>Navy</span><span>$16</span></div>"
    "<div class=\"card\"><a href=\"/products/winter-thermal-knee\">Winter Thermal Knee</a><span>Grey</span><span>$22</span></div>"
    "<div class=\"card\"><a href=\"/products/cotton-everyday-quarter\">Cotton Everyday Quarter</a><span>White</span><span>$12</span></div>"
    "<div class=\"card\"><a href=\"/products/bamboo-lounge-crew\">Bamboo Lounge Crew</a><span>Olive</span><span>$15</span></div>"
    "</div>"
    "<section class=\"guide\"><h2>How to choose socks</h2>"
    "<p>Merino wool keeps feet warm in winter and cool in summer, and it does not hold smells the way cotton does, which makes it the best choice for hiking and travel.</p>"
    "<p>Cotton socks are soft and cheap, but they hold moisture; choose them for the office and for short walks rather than for long days on your feet.</p>"
    "<p>Height matters too: ankle socks suit trainers in summer, crew socks suit boots, and knee socks keep the cold out when you ride or ski in the mountains.</p>"
    "<p>Look for reinforced heels and toes, a seamless toe closure and a cuff that stays up without squeezing, and wash wool socks cold to keep their shape.</p>"
    "</section></main>"
    "<footer>© Sockshop</footer></body></html>";
  const std::string text =
      TextOfPageOfType(html, "https://shop.example.com/collections/mens-socks", PageType::kCollection);
  ExpectText(text,
             {"Merino Hiker Crew", "Bamboo Lounge Crew", "Soft, warm and made to last.", "Merino wool keeps feet warm"},
             {"Cart", "Sockshop"});  // the navigation and the footer stay out
}

// A manual's page: a sidebar of the manual's chapters beside <main>, and inside <main> the chapter
// with a table of contents (<nav>), a prerequisites table of links and a section of definitions
// named "more-fields". The votes keep the prose; the link table and the section named like
// boilerplate are cleaned out of it. Classified as documentation, the page keeps all of <main>
// (auto step 8) but what its tags name boilerplate: the sidebar, the table of contents and the
// footer stay out.
TEST(PageTypeStrategies, ADocumentationPageKeepsAllOfItsMainButTheNavigation) {
  const std::string html =
    "<html><head><title>Working with forms | Webkit documentation</title></head><body>"
    "<header><nav><a href=\"/\">Home</a> <a href=\"/docs/\">Documentation</a> <a href=\"/blog/\">Blog</a></nav>"
    "</header>"
    "<div class=\"layout\"><nav class=\"sidebar\"><ul><li><a href=\"/docs/intro/\">Introduction</a></li>"
    "<li><a href=\"/docs/models/\">Models and databases</a></li><li><a href=\"/docs/forms/\">Working with forms</a>"
    "</li>"
    "<li><a href=\"/docs/views/\">Handling requests</a></li><li><a href=\"/docs/templates/\">Templates</a></li></ul>"
    "</nav>"
    "<main><h1>Working with forms</h1>"
    "<nav class=\"toc\"><p>On this page</p><ul><li><a href=\"#fields\">Fields</a></li><li><a href=\"#widgets\">"
    "Widgets</a></li></ul></nav>"
    "<table class=\"prerequisites\"><tr><th>Prerequisites:</th><td><a href=\"/docs/models/\">Models and databases</a>, "
    "<a href=\"/docs/views/\">Handling requests</a></td></tr>"
    "<tr><th>Learning outcomes:</th><td>Declare, validate and render a form.</td></tr></table>"
    "<p>"
    "A form collects input from the user, checks it and hands the cleaned values to your view. Webkit describes a form"
    " as a class whose attributes are fields, and it renders, validates and converts the submitted data for you.</p>"
    "<p>Declare a form by subclassing <code>forms.Form</code>"
    " and adding one attribute per field. Each field knows how to validate its value and which HTML widget displays"
    " it.</p>"
    "<pre><code>"
    "class ContactForm(forms.Form):\n    subject = forms.CharField(max_length=100)\n    message ="
    " forms.CharField(widget=forms.Textarea)</code></pre>"
    "<p>In a view, bind the form to the submitted data, call <code>is_valid()</code>"
    " and read the converted values from <code>cleaned_data</code> when it returns true.</p>"
    "<section class=\"more-fields\" id=\"fields\"><h2>More on fields</h2><dl><dt>required</dt><dd>"
    "Whether the field must have a value.</dd>"
    "<dt>label</dt><dd>The text shown beside the widget.</dd><dt>initial</dt><dd>"
    "The value shown before the user types.</dd></dl></section>"
    "</main></div>"
    "<footer><p>© Webkit Software Foundation. Hosted by the Webkit project.</p></footer></body></html>";
  const std::string text =
      TextOfPageOfType(html, "https://docs.webkit.example/docs/forms/", PageType::kDocumentation);
  ExpectText(text,
             {"A form collects input from the user", "Models and databases, Handling requests", "More on fields",
              "Whether the field must have a value."},
             {"On this page", "Templates", "Foundation"});  // the table of contents, the sidebar, the footer
}

// A service page: in <main>, the company's sections one after another (what you get, why teams
// switch, an FAQ), the last two named like boilerplate ("promo-band", "faq dropdown"). The votes
// keep the longest section. Classified as a service page and declaring no publication date, the
// page keeps all of <main> (auto step 8); the navigation and the footer's link lists stay out.
const char kServicePage[] =
    "<html><head><title>Managed cloud backup services | Northwind IT</title>"
    "<meta property=\"og:type\" content=\"website\"></head><body>"
    "<header><nav><a href=\"/\">Home</a> <a href=\"/services/\">Services</a> <a href=\"/pricing/\">Pricing</a>"
    " <a href=\"/contact/\">Contact</a></nav></header>"
    "<main>"
    "<section class=\"hero\"><h1>Managed cloud backup</h1><p>"
    "Your servers and laptops backed up every hour, restored in minutes.</p><a class=\"button\" href=\"/contact/\">"
    "Book a call</a></section>"
    "<section class=\"features\"><h2>What you get</h2>"
    "<p>"
    "We copy every server, database and laptop you run to two data centres in different regions, encrypt the copies"
    " before they leave your network and check that each one can be restored.</p>"
    "<p>"
    "Our engineers watch every job around the clock, fix failed backups before you notice them and test a full restore"
    " of your most important systems every quarter.</p>"
    "<p>"
    "Every backup is kept for ninety days by default, and longer where your auditors ask for it: seven years of"
    " monthly copies cost less than a single lost week of work.</p>"
    "<p>"
    "When something goes wrong you call one number and talk to an engineer who knows your systems, not a ticket queue;"
    " we restore first and write the report afterwards.</p>"
    "<p>"
    "You get one monthly report that shows what was protected, how long a restore would take and what changed since"
    " the last month, written for people who do not read logs.</p></section>"
    "<section class=\"promo-band\"><h2>Why teams switch to us</h2><p>"
    "Most of our customers came from a backup tool they had to run themselves; they keep the same retention rules and"
    " stop spending their Fridays on failed jobs.</p></section>"
    "<div class=\"faq dropdown\"><h3>How long does a restore take?</h3><p>"
    "A single file comes back in seconds; a whole server is running again within an hour, from the copy you choose.</p>"
    "<h3>Where is my data stored?</h3><p>"
    "In two data centres of your choice, in the European Union or the United States, never outside them.</p></div>"
    "</main>"
    "<footer><ul><li><a href=\"/services/0/\">Cloud backup</a></li> <li><a href=\"/services/1/\">Managed firewall</a>"
    "</li> <li><a href=\"/services/2/\">Microsoft 365 support</a></li> <li><a href=\"/services/3/\">"
    "Laptop management</a></li> <li><a href=\"/services/4/\">Network monitoring</a></li> <li><a href=\"/services/5/\">"
    "Disaster recovery</a></li> <li><a href=\"/services/6/\">IT audits</a></li> <li><a href=\"/services/7/\">"
    "Cyber security training</a></li> <li><a href=\"/services/8/\">Help desk</a></li> <li><a href=\"/services/9/\">"
    "Server hosting</a></li></ul><ul><li><a href=\"/industries/0/\">Cloud backup</a></li> <li>"
    "<a href=\"/industries/1/\">Managed firewall</a></li> <li><a href=\"/industries/2/\">Microsoft 365 support</a></li>"
    " <li><a href=\"/industries/3/\">Laptop management</a></li> <li><a href=\"/industries/4/\">Network monitoring</a>"
    "</li> <li><a href=\"/industries/5/\">Disaster recovery</a></li> <li><a href=\"/industries/6/\">IT audits</a></li>"
    " <li><a href=\"/industries/7/\">Cyber security training</a></li> <li><a href=\"/industries/8/\">Help desk</a></li>"
    " <li><a href=\"/industries/9/\">Server hosting</a></li></ul><p>© Northwind IT Ltd. Registered in England.</p>"
    "</footer></body></html>";

TEST(PageTypeStrategies, AnUndatedServicePageKeepsAllItsSections) {
  const std::string text =
      TextOfPageOfType(kServicePage, "https://www.northwind-it.example/services/cloud-backup/", PageType::kService);
  ExpectText(text,
             {"We copy every server", "Why teams switch to us", "Most of our customers came from",
              "How long does a restore take?", "never outside them"},
             {"Pricing", "Managed firewall", "Registered in England"});  // the navigation, the footer
}

// The same page with a publication date (article:published_time) is a dated post whatever the
// classifier answers: its content is what the votes chose, without the sections named like
// boilerplate.
TEST(PageTypeStrategies, ADatedPageClassifiedAsServiceKeepsTheVotesChoice) {
  std::string html = kServicePage;
  const std::string og = "<meta property=\"og:type\" content=\"website\">";
  const std::string dated = "<meta property=\"article:published_time\" content=\"2025-03-01T09:00:00Z\">";
  html.replace(html.find(og), og.size(), og + dated);
  const std::string text =
      TextOfPageOfType(html, "https://www.northwind-it.example/services/cloud-backup/", PageType::kService);
  ExpectText(text, {"We copy every server"}, {"Why teams switch to us", "How long does a restore take?"});
}

// A news site's topic page: a line of introduction over a grid of teaser cards, each a linked
// headline and summary. The votes find the introduction (the only text outside links), which on an
// article would be the content and its cards related headlines; classified as a listing, the page's
// content is its cards (auto step 10), without the navigation and the footer.
TEST(PageTypeStrategies, AListingKeepsItsTeaserCardsBesideItsIntroduction) {
  std::string cards;
  for (int i = 0; i < 8; ++i) {
    const std::string n = std::to_string(i);
    cards += "<div class=promo><a href=/news/storm-" + n + "><h2>Storm number " + n +
             " closes the coast road for a week</h2><p>Crews cleared fallen trees overnight</p></a>"
             "<time>2 hours ago</time></div>";
  }
  const std::string html =
      "<html><head><title>Storms - latest news - Example News</title>"
      "<meta property='og:type' content='website'></head><body>"
      "<nav><a href=/>Home</a> <a href=/news>News</a> <a href=/sport>Sport</a> <a href=/weather>Weather</a></nav>"
      "<main><h1>Storms</h1><p>The latest news, pictures and analysis of the storms that hit the coast this "
      "winter, from our reporters along the shore.</p><div class=grid>" + cards + "</div></main>"
      "<footer><a href=/terms>Terms of use</a> <a href=/privacy>Privacy policy</a></footer></body></html>";
  const std::string text = TextOfPageOfType(html, "https://news.example.com/topics/storms", PageType::kListing);
  ExpectText(text,
             {"The latest news, pictures and analysis", "Storm number 0 closes the coast road",
              "Storm number 7 closes the coast road", "Crews cleared fallen trees"},
             {"Sport", "Terms of use"});
}

}  // namespace
}  // namespace pith
