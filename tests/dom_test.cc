// Parser, Document and annotation on hand-written HTML.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "dom/annotate.h"
#include "dom/parse.h"

namespace pith::dom {
namespace {

Document Parsed(const std::string& html) {
  Document doc;
  Parse(html, ParseLimits{}, &doc);
  return doc;
}

std::string AllText(const Document& doc) { return doc.SubtreeText(0); }

std::string VisibleText(const Document& doc) {
  std::string out;
  for (NodeId id = 0; id < doc.size(); ++id) {
    if (doc[id].is_text() && !doc[id].hidden()) out += doc.Text(id);
  }
  return out;
}

TEST(DomParse, BuildsIndexLinkedTreeInPreOrder) {
  const Document doc = Parsed("<html><head><title>T</title></head><body><div id=a><p>one</p><p>two</p></div></body></html>");
  ASSERT_NE(doc.body, kNoNode);
  ASSERT_NE(doc.title, kNoNode);
  EXPECT_EQ(doc.SubtreeText(doc.title), "T");
  const NodeId div = doc.FindFirst(Tag::kDiv);
  ASSERT_NE(div, kNoNode);
  EXPECT_EQ(doc.GetAttr(div, Attr::kId), "a");
  EXPECT_EQ(doc.SubtreeText(div), "onetwo");
  const NodeId p1 = doc[div].first_child;
  const NodeId p2 = doc[p1].next_sibling;
  EXPECT_EQ(doc[p1].tag, Tag::kP);
  EXPECT_EQ(doc[p2].prev_sibling, p1);
  EXPECT_EQ(doc[p2].parent, div);
  EXPECT_EQ(doc[div].last_child, p2);
  EXPECT_TRUE(doc.IsAncestor(doc.body, p2));
  EXPECT_FALSE(doc.IsAncestor(p1, p2));
  for (NodeId id = 1; id < doc.size(); ++id) {
    EXPECT_LT(doc[id].parent, id);
    EXPECT_EQ(doc[id].depth, doc[doc[id].parent].depth + 1);
    EXPECT_LE(doc.SubtreeEnd(id), doc.SubtreeEnd(doc[id].parent));
  }
}

TEST(DomParse, DropsScriptStyleNoscriptTemplateAndComments) {
  const Document doc = Parsed(
      "<body><script>var x = 1;</script><style>p{}</style><noscript>enable js</noscript>"
      "<template><p>tpl</p></template><!-- comment --><textarea>typed</textarea>"
      "<svg><text>vector</text></svg><p>kept</p></body>");
  EXPECT_EQ(VisibleText(doc), "kept");
  // <noscript> is parsed (scripting off) but hidden: a reader with scripts never sees it.
  EXPECT_EQ(AllText(doc), "enable jskept");
  // A <textarea> stays as an element without its text: it marks a form.
  const NodeId textarea = doc.FindFirst(Tag::kTextarea);
  ASSERT_NE(textarea, kNoNode);
  EXPECT_EQ(doc[textarea].first_child, kNoNode);
}

// A <video> or <audio> holds fallback for browsers without them ("Your browser does not support
// the video tag"), which no reader sees today: the element stays, empty, where the player goes.
TEST(DomParse, VideoAudioAndRubyFallbackTextIsDropped) {
  const Document doc = Parsed(
      "<body><p>Before the clip.</p><video controls><source src=a.mp4 type=video/mp4>Your browser cannot play "
      "this video.</video><audio src=b.mp3><p>Download the <a href=b.mp3>recording</a>.</p></audio>"
      "<p>After the clip.</p></body>");
  EXPECT_EQ(VisibleText(doc), "Before the clip.After the clip.");
  // A ruby's <rp> holds the parentheses shown only by browsers without ruby; <rt> is the reading.
  EXPECT_EQ(VisibleText(Parsed("<p><ruby>漢字<rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby></p>")), "漢字かんじ");
  for (const Tag tag : {Tag::kVideo, Tag::kAudio}) {
    const NodeId player = doc.FindFirst(tag);
    ASSERT_NE(player, kNoNode);
    EXPECT_EQ(doc[player].first_child, kNoNode);
  }
}

TEST(DomParse, NoscriptTextIsShownWhenThePageHasAlmostNothingElse) {
  // A script-rendered forum whose crawler fallback lives in <noscript>: without it the page is a
  // 9-character shell, so the <noscript> text is what a reader gets.
  std::string posts;
  for (int i = 0; i < 5; ++i) {
    posts += "<div class=post><p>Reply number " + std::to_string(i) +
             " explains how the update broke the document review feature for our team.</p></div>";
  }
  const Document app = Parsed("<head><noscript><link rel=stylesheet href=x.css></noscript></head>"
                              "<body><div id=app>Loading…</div><noscript>" + posts + "</noscript></body>");
  EXPECT_NE(VisibleText(app).find("Reply number 4 explains"), std::string::npos) << VisibleText(app);
  const NodeId p = app.FindFirst(Tag::kP);
  ASSERT_NE(p, kNoNode);
  EXPECT_FALSE(app[p].hidden());
  // The same posts next to a real article of similar length stay hidden.
  std::string article;
  for (int i = 0; i < 5; ++i) article += "<p>The article paragraph " + std::to_string(i) + " has its own long sentence here.</p>";
  const Document page = Parsed("<body>" + article + "<noscript>" + posts + "</noscript></body>");
  EXPECT_EQ(VisibleText(page).find("Reply number"), std::string::npos);
  EXPECT_NE(VisibleText(page).find("article paragraph 4"), std::string::npos);
}

TEST(DomParse, TextHiddenByMarkupIsShownWhenThePageHasAlmostNothingElse) {
  // A product page whose content ships inside a display:none wrapper that a script removes, and a
  // React page whose streamed Suspense boundary (<div hidden id="S:0">) a script moves into place:
  // without the hidden text each is a one-word shell.
  std::string details;
  for (int i = 0; i < 5; ++i) {
    details += "<p>Detail " + std::to_string(i) + ": toasted almond thins with cranberries, baked without added salt.</p>";
  }
  for (const std::string& wrapper : {std::string("<div style=\"display: none\">"), std::string("<div hidden id=\"S:0\">")}) {
    const Document shell = Parsed("<body><header><a href=/>Shop</a></header>" + wrapper + details +
                                  "<span aria-hidden=true>icon</span></div></body>");
    EXPECT_NE(VisibleText(shell).find("Detail 4: toasted"), std::string::npos) << VisibleText(shell);
    const NodeId p = shell.FindFirst(Tag::kP);
    ASSERT_NE(p, kNoNode);
    EXPECT_FALSE(shell[p].hidden());
  }
  // Beside an article of similar length, hidden text stays hidden, and so does a <noscript> that
  // stays hidden on a revealed page.
  std::string article;
  for (int i = 0; i < 5; ++i) article += "<p>The article paragraph " + std::to_string(i) + " has its own long sentence here.</p>";
  const Document page = Parsed("<body>" + article + "<div style=\"display:none\">" + details + "</div></body>");
  EXPECT_EQ(VisibleText(page).find("Detail"), std::string::npos);
  EXPECT_NE(VisibleText(page).find("article paragraph 4"), std::string::npos);
  const Document revealed = Parsed("<body><p>Shop</p><div hidden>" + details + "<noscript>" + article +
                                   "</noscript></div></body>");
  EXPECT_NE(VisibleText(revealed).find("Detail 4"), std::string::npos);
  EXPECT_EQ(VisibleText(revealed).find("article paragraph"), std::string::npos);
  // A story of 1,000 visible bytes is no shell, however much text the page hides (SEO spam).
  std::string story, spam;
  for (int i = 0; i < 30; ++i) story += "<p>Story paragraph " + std::to_string(i) + " tells what happened at the harbour.</p>";
  for (int i = 0; i < 400; ++i) spam += "cheap flights cheap hotels cheap cars ";
  const Document spammed = Parsed("<body>" + story + "<div style=\"display:none\">" + spam + "</div></body>");
  EXPECT_EQ(VisibleText(spammed).find("cheap flights"), std::string::npos);
  EXPECT_NE(VisibleText(spammed).find("Story paragraph 29"), std::string::npos);
}

TEST(DomParse, HiddenTabAccordionPanelsAndStreamedBoundariesAreShown) {
  // Tabs and accordions show one panel at a time; the page holds every panel's text. Other hidden
  // parts stay hidden.
  const Document doc = Parsed(
      "<body><p>A cast iron skillet, seasoned and ready to use on the stove or in the oven.</p>"
      "<div role=tablist><button>Description</button><button>Care</button></div>"
      "<div role=tabpanel>Seasoned with vegetable oil.</div>"
      "<div role=tabpanel hidden>Wash by hand and dry promptly.</div>"
      "<div role=tabpanel style=\"display:none\">Rub with a thin coat of oil.</div>"
      "<div class=\"cdr-accordion__content\" aria-hidden=true>Made in South Pittsburg, Tennessee.</div>"
      "<div class=\"faq-answer collapse\" style=\"display:none\">Yes, it works on induction hobs.</div>"
      "<button aria-expanded=false aria-controls=\"p1 p2\">Shipping</button>"
      "<div id=p2 role=region aria-hidden=true class=i1xfwo6n>Most orders ship within two days.</div>"
      "<button aria-controls=p3>Menu</button><div id=p3 hidden>Not a disclosure: no aria-expanded</div>"
      "<div><a aria-expanded=false>Methodology</a></div><div class=hide>How the calculator works.</div>"
      "<details aria-expanded=false><summary>Is it fast?</summary><div aria-hidden=true>Yes, quite.</div></details>"
      "<nav><ul><li><a>Deals</a><span><button aria-expanded=false></button></span></li></ul></nav>"
      "<div hidden>Coming soon!</div><div hidden=until-found>Found by searching the page.</div>"
      "<div class=modal hidden>Sign up for our newsletter</div></body>");
  const std::string text = VisibleText(doc);
  EXPECT_NE(text.find("Most orders ship"), std::string::npos) << text;  // aria-controls of aria-expanded
  EXPECT_EQ(text.find("Not a disclosure"), std::string::npos) << text;
  EXPECT_NE(text.find("How the calculator works"), std::string::npos) << text;  // right after the expander
  EXPECT_NE(text.find("Yes, quite"), std::string::npos) << text;
  EXPECT_EQ(text.find("Coming soon"), std::string::npos) << text;  // after a menu with a toggle deep inside
  EXPECT_NE(text.find("Found by searching"), std::string::npos) << text;  // hidden="until-found"
  EXPECT_NE(text.find("Wash by hand"), std::string::npos) << text;
  // React's streamed Suspense boundaries arrive hidden and are moved into place by a script.
  const Document streamed = Parsed("<body><p>A long visible introduction to the review of the keyboard, its keys and "
                                   "switches.</p><template id=\"B:0\"></template><div hidden id=\"S:0\"><p>The "
                                   "good: price and options.</p></div><div hidden id=\"S:x\">Not a boundary</div></body>");
  EXPECT_NE(VisibleText(streamed).find("The good: price"), std::string::npos) << VisibleText(streamed);
  EXPECT_EQ(VisibleText(streamed).find("Not a boundary"), std::string::npos) << VisibleText(streamed);
  EXPECT_NE(text.find("Rub with a thin coat"), std::string::npos) << text;
  EXPECT_NE(text.find("South Pittsburg"), std::string::npos) << text;  // accordion and FAQ panels
  EXPECT_NE(text.find("induction hobs"), std::string::npos) << text;
  EXPECT_EQ(text.find("newsletter"), std::string::npos) << text;
}

TEST(DomParse, KeepsJsonLdBodies) {
  const Document doc = Parsed(
      "<head><script type=\"application/ld+json\">{\"datePublished\":\"2020-01-02\"}</script></head><p>x</p>");
  ASSERT_EQ(doc.json_ld.size(), 1u);
  EXPECT_NE(doc.json_ld[0].find("2020-01-02"), std::string::npos);
  EXPECT_EQ(AllText(doc), "x");
}

TEST(DomParse, DecodesCharacterReferencesWithTheFullTable) {
  // named (with and without semicolon), decimal, hex, the windows-1252 remap of &#150;, Uyghur decimal refs
  const Document doc = Parsed(
      "<p>a&amp;b &copy 2020 &hellip; &#x4E2D;&#25991; &#150; &nbsp;x &#1588;&#1609;&#1574;&#1575;&#1585;</p>");
  EXPECT_EQ(AllText(doc), "a&b \u00A9 2020 \u2026 \u4E2D\u6587 \u2013 \u00A0x \u0634\u0649\u0626\u0627\u0631");
}

TEST(DomParse, FoldsArabicPresentationFormsInTextAndReferences) {
  // "ئۇيغۇر" written with presentation-form glyphs, once raw and once as references.
  // yeh-hamza initial, u final, yeh initial, ghain medial, u final, reh isolated
  const std::string glyphs = "\uFE8B\uFBD8\uFEF3\uFED0\uFBD8\uFEAD";
  const Document doc = Parsed("<p>" + glyphs + "</p><p>&#65163;&#64472;</p><p>\uFF0C\u3002</p>");
  const std::string text = AllText(doc);
  EXPECT_EQ(text.find("\uFE8B"), std::string::npos);
  EXPECT_NE(text.find("\u0626\u06C7\u064A\u063A\u06C7\u0631"), std::string::npos) << text;
  EXPECT_NE(text.find("\u0626\u06C7\u064A\u063A\u06C7\u0631\u0626\u06C7"), std::string::npos) << text;
  EXPECT_NE(text.find("\uFF0C\u3002"), std::string::npos);  // CJK full-width punctuation untouched
}

TEST(DomParse, MarksHiddenAndLinkNodes) {
  const Document doc = Parsed(
      "<div hidden><p>h1</p></div><div aria-hidden=\"true\">h2</div><div style=\"color:red; DISPLAY : none\">h3</div>"
      "<div style=\"visibility:hidden\">h4</div><p>see <a href=\"/x\">link <b>bold</b></a></p>");
  for (NodeId id = 0; id < doc.size(); ++id) {
    if (!doc[id].is_text()) continue;
    const std::string_view t = doc.Text(id);
    const bool should_hide = t[0] == 'h';
    EXPECT_EQ(doc[id].hidden(), should_hide) << t;
    EXPECT_EQ(doc[id].in_link(), t == "link " || t == "bold") << t;
  }
}

// Every text node of `doc` but white space has `flag` exactly when its text starts with `marker`.
// Returns how many such text nodes there are.
int ExpectFlagWhereTextStartsWith(const Document& doc, char marker, bool (Node::*flag)() const) {
  int seen = 0;
  for (NodeId id = 0; id < doc.size(); ++id) {
    const std::string_view t = doc.Text(id);
    if (!doc[id].is_text() || t.find_first_not_of(" \n") == std::string_view::npos) continue;
    ++seen;
    EXPECT_EQ((doc[id].*flag)(), t[0] == marker) << t;
  }
  return seen;
}

// Screen-reader-only utility classes hide text from sight: whole class tokens, any ASCII case,
// separated by any ASCII whitespace; a class that only contains such a name does not hide.
TEST(DomParse, MarksScreenReaderOnlyClassesHidden) {
  const Document doc = Parsed(
      "<h2 class=\"title sr-only\">h1</h2><span class=\"a\tVisually-Hidden\">h2</span>"
      "<span class=screen-reader-text>h3</span><div class=\"element-invisible\"><p>h4</p></div>"
      "<h1 class=\"logo hide-text\">h5</h1><p class=\"sr-only-focusable-x\">shown1</p>"
      "<p class=\"not-visually-hidden\">shown2</p><p class=\"hidden-xs\">shown3</p>");
  EXPECT_EQ(ExpectFlagWhereTextStartsWith(doc, 'h', &Node::hidden), 8);
}

// Display utility classes hide too ("hide", "d-none"), unless another "d-" class shows the element
// again at some screen width.
TEST(DomParse, MarksDisplayNoneClassesHidden) {
  const Document doc = Parsed(
      "<span class=\"icon hide\">h1</span><div class=\"d-none\"><p>h2</p></div><p class=\"D-NONE x\">h3</p>"
      "<div class=\"d-none d-lg-block\">shown1</div><p class=\"hide-on-mobile\">shown2</p>"
      "<p class=\"hidden-xs\">shown3</p><p class=\"d-flex\">shown4</p>");
  EXPECT_EQ(ExpectFlagWhereTextStartsWith(doc, 'h', &Node::hidden), 7);
}

// An <a> is a link when it has an href or another attribute of a link (a class, a handler); a bare
// or named anchor is none, even left unclosed before the rest of the page.
TEST(DomParse, NamedAnchorsAreNoLinks) {
  const Document doc = Parsed(
      "<p><a href=/x>l1</a> <a class=more onclick=go()>l2</a> <a data-href=/y>l3</a></p>"
      "<h2><a name=intro>n1</a></h2><p><a id=top style='color:red'>n2</a></p><p><a>n3</a></p>"
      "<div><a name=floor1>n4<div><p>n5: the post's text after an unclosed anchor</p></div></div>");
  EXPECT_EQ(ExpectFlagWhereTextStartsWith(doc, 'l', &Node::in_link), 8);
}

TEST(DomParse, RecordsSourceLinesOfTextNodes) {
  const Document doc = Parsed("<html>\n<body>\n<p>first</p>\n\n<p>second\nline</p>\n</body></html>");
  bool saw_first = false, saw_second = false;
  for (NodeId id = 0; id < doc.size(); ++id) {
    if (doc.Text(id) == "first") { EXPECT_EQ(doc[id].line, 3u); saw_first = true; }
    if (doc.Text(id) == "second\nline") { EXPECT_EQ(doc[id].line, 5u); saw_second = true; }
  }
  EXPECT_TRUE(saw_first && saw_second);
  EXPECT_EQ(doc.line_count, 7u);
}

TEST(DomParse, KeepsUnknownElementNames) {
  const Document doc = Parsed("<body><my-widget class=w>hello</my-widget></body>");
  const NodeId w = doc.FindFirst(Tag::kUnknown);
  ASSERT_NE(w, kNoNode);
  EXPECT_EQ(doc.Name(w), "my-widget");
  EXPECT_EQ(doc.GetAttr(w, Attr::kClass), "w");
}

std::uint16_t DeepestNode(const Document& doc) {
  std::uint16_t deepest = 0;
  for (const Node& n : doc.nodes) deepest = std::max(deepest, n.depth);
  return deepest;
}

// Past the limit, an element is written empty and what it held follows it: a million nested <div>s
// parse in time linear in the input, no node deeper than the limit, and every word is kept.
TEST(DomParse, FlattensNestingBeyondTheLimitAndKeepsTheText) {
  std::string html, text;
  for (int i = 0; i < 1000000; ++i) {
    const std::string word = "w" + std::to_string(i) + " ";
    html += "<div>" + word;
    text += word;
  }
  Document doc;
  Parse(html, ParseLimits{5000}, &doc);
  EXPECT_EQ(doc.elements_flattened, 1000000u - 4998u);  // <html> and <body> are open too
  EXPECT_EQ(DeepestNode(doc), 5001);                   // text in the deepest <div>
  EXPECT_EQ(AllText(doc), text);
}

// Formatting elements closed by blocks are reopened at the next one: they pile up as nesting, and
// the same ones reopened paragraph after paragraph make a tree that outgrows the input. Past one
// reopened per byte read, they are forgotten instead; the text stays.
TEST(DomParse, FormattingElementsReopenedOverAndOverAreForgotten) {
  std::string piled;
  for (int i = 0; i < 200000; ++i) piled += "<div><b class=c" + std::to_string(i) + ">x</div>";
  Document doc;
  Parse(piled, ParseLimits{5000}, &doc);
  EXPECT_GT(doc.formatting_forgotten, 0u);
  // Besides the root, <html>, <head>, <body> and what the tags make, at most one reopened per byte.
  EXPECT_LE(doc.size(), 4 + 3 * 200000 + piled.size() + 4096);
  EXPECT_EQ(AllText(doc), std::string(200000, 'x'));
  std::string repeated = "<p>";
  for (int i = 0; i < 150; ++i) repeated += "<b class=c" + std::to_string(i) + ">";
  for (int i = 0; i < 100000; ++i) repeated += "</p><p>x";
  Parse(repeated, ParseLimits{5000}, &doc);
  EXPECT_GT(doc.formatting_forgotten, 0u);
  EXPECT_LE(doc.size(), 5 + 150 + 2 * 100000 + repeated.size() + 4096);
  EXPECT_EQ(AllText(doc), std::string(100000, 'x'));
  // Reopening a few elements per paragraph, as real pages do, is fine.
  std::string fonts = "<p><font face=a><font size=2><font color=red>Intro</p>";
  for (int i = 0; i < 20000; ++i) fonts += "<p>A paragraph.</p>";
  Parse(fonts, ParseLimits{5000}, &doc);
  EXPECT_EQ(doc.formatting_forgotten, 0u);
  EXPECT_EQ(doc.size(), 4u + 20001u * 5u);  // root, html, head, body; each <p> holds three fonts and text
}

// Each <body> start tag adds the attributes <body> lacks; past 256, no more are compared.
TEST(DomParse, ManyBodyStartTagsStayLinear) {
  std::string html = "<body class=first>";
  for (int i = 0; i < 200000; ++i) html += "<body data-a" + std::to_string(i) + "=1 class=x>";
  html += "text";
  const Document doc = Parsed(html);
  EXPECT_EQ(doc.GetAttr(doc.body, Attr::kClass), "first");
  EXPECT_EQ(AllText(doc), "text");
}

TEST(DomParse, DeepButAllowedNestingParsesWithoutRecursion) {
  std::string html;
  for (int i = 0; i < 4000; ++i) html += "<div>";
  html += "deep";
  const Document doc = Parsed(html);
  EXPECT_EQ(AllText(doc), "deep");
}

// pith never reads script and style contents, but they must end where the tokenizer says.
TEST(DomParse, ScriptAndStyleContentsLeaveTreeTextAndLinesAsTheyWere) {
  const Document doc = Parsed(
      "<html><head><style>\np { color: red }\n</style>"
      "<script type=\"APPLICATION/LD+JSON\">{\"headline\": \"Kept\"}</script></head>\n"
      "<body><script data-x='a>b'>\nvar s = \"<p>not text</p>\";\n</script >\n"
      "<p id=after>After</p><svg><style>.a{}</style></svg><script></script><p>End</p></body></html>");
  EXPECT_EQ(VisibleText(doc), "\n\nAfterEnd");
  ASSERT_EQ(doc.json_ld.size(), 1u);
  EXPECT_EQ(doc.json_ld[0], "{\"headline\": \"Kept\"}");
  const NodeId after = doc.FindFirst(Tag::kP);
  ASSERT_NE(after, kNoNode);
  EXPECT_EQ(doc.GetAttr(after, Attr::kId), "after");
  EXPECT_EQ(doc[after].line, 7u);  // the script's newlines count
}

TEST(DomParse, MarkupThatOnlyLooksLikeAScriptIsParsed) {
  // A '>' inside a quoted value, then "<script>" inside another value.
  const Document quoted = Parsed(
      "<body><div title='a>b' data-x='<script>'>Inside</div><p>Visible paragraph</p>"
      "<script>var x;</script><p>Last</p></body>");
  EXPECT_EQ(VisibleText(quoted), "InsideVisible paragraphLast");
  // A processing instruction is a bogus comment that ends at the first '>'.
  const Document bogus = Parsed("<body><? <script> ?><p>Shown</p><script>x</script><p>Too</p></body>");
  EXPECT_EQ(VisibleText(bogus), " ?>ShownToo");
  // In <svg> a <style> holds markup: here "</svg>" ends it.
  const Document svg = Parsed("<body><svg><style>a{}</svg><p>Shown</p><p>Also</p></style><p>End</p></body>");
  EXPECT_EQ(VisibleText(svg), "ShownAlsoEnd");
  // "<!--" in a script moves its end (the escaped states).
  const Document escaped = Parsed(
      "<body><script><!-- document.write('<script>a</script>') --></script><p>After</p></body>");
  EXPECT_EQ(VisibleText(escaped), "After");
}

TEST(DomParse, KeepsImageTableAndCodeAttributesWhereTheyMeanSomething) {
  const Document doc = Parsed(
      "<picture><source srcset=\"a.webp 1x, a2.webp 2x\"><img src=ph.gif data-original=real.jpg data-src=second.jpg "
      "data-srcset=\"b.jpg 2x\" width=1 height=2></picture>"
      "<table><tr><td colspan=2 rowspan=3>c</td><th COLSPAN=4>h</th></tr></table>"
      "<pre data-language=rust>x</pre><div data-lang=go width=5 colspan=2 srcset=s>y</div>");
  const NodeId source = doc.FindFirst(Tag::kSource);
  const NodeId img = doc.FindFirst(Tag::kImg);
  ASSERT_NE(source, kNoNode);
  ASSERT_NE(img, kNoNode);
  EXPECT_EQ(doc.GetAttr(source, Attr::kSrcset), "a.webp 1x, a2.webp 2x");
  EXPECT_EQ(doc.GetAttr(img, Attr::kDataSrc), "real.jpg");  // the first lazy-loading name wins
  EXPECT_EQ(doc.GetAttr(img, Attr::kDataSrcset), "b.jpg 2x");
  EXPECT_EQ(doc.GetAttr(img, Attr::kWidth), "1");
  EXPECT_EQ(doc.GetAttr(img, Attr::kHeight), "2");
  const NodeId td = doc.FindFirst(Tag::kTd);
  const NodeId th = doc.FindFirst(Tag::kTh);
  EXPECT_EQ(doc.GetAttr(td, Attr::kColspan), "2");
  EXPECT_EQ(doc.GetAttr(td, Attr::kRowspan), "3");
  EXPECT_EQ(doc.GetAttr(th, Attr::kColspan), "4");
  EXPECT_EQ(doc.GetAttr(doc.FindFirst(Tag::kPre), Attr::kDataLang), "rust");
  const NodeId div = doc.FindFirst(Tag::kDiv);
  EXPECT_EQ(doc.GetAttr(div, Attr::kDataLang), "go");
  bool present = true;
  doc.GetAttr(div, Attr::kWidth, &present);  // width, colspan and srcset only on images and cells
  EXPECT_FALSE(present);
  doc.GetAttr(div, Attr::kColspan, &present);
  EXPECT_FALSE(present);
  doc.GetAttr(div, Attr::kSrcset, &present);
  EXPECT_FALSE(present);
}

TEST(DomParse, HandlesATagWithManyAttributes) {
  std::string html = "<div";
  for (int i = 0; i < 100000; ++i) html += " a" + std::to_string(i) + "=\"v\"";
  html += " class=\"c\">text</div>";
  const Document doc = Parsed(html);
  EXPECT_EQ(AllText(doc), "text");
}

TEST(DomAnnotate, SumsSubtreeStatistics) {
  const Document doc = Parsed(
      "<body><div id=main><p>Hello, world.</p><p>中文内容。</p><a href=\"/a\">go</a><a>no href</a><a href=/z>新闻</a></div>"
      "<div hidden>invisible text</div><p>\u0F56\u0F7C\u0F51\u0F0B\u0F61\u0F72\u0F42\u0F0B</p></body>");
  Annotation ann;
  Annotate(doc, &ann);
  const NodeId main = doc.FindFirst(Tag::kDiv);
  const NodeStats& s = ann[main];
  // "Hello,world." 12 + "中文内容。" 5 + "go" 2 + "nohref" 6 + "新闻" 2
  EXPECT_EQ(s.chars, 27u);
  EXPECT_EQ(s.link_chars, 4u);   // a bare <a> is an anchor, not a link: its text is no link text
  EXPECT_EQ(s.link_count, 2u);   // only those with href count as links
  EXPECT_EQ(s.punct, 3u);        // , . 。
  EXPECT_EQ(s.cjk, 6u);
  EXPECT_EQ(s.link_cjk, 2u);     // 新闻
  EXPECT_EQ(s.words, 2u + 4u + 1u + 2u + 2u);
  EXPECT_EQ(s.script, text::Script::kLatin);
  const NodeStats& body = ann[doc.body];
  EXPECT_EQ(body.chars, 27u + 8u);  // hidden div excluded; Tibetan: 6 letters + 2 tsheg
  EXPECT_EQ(body.tsheg, 2u);
  EXPECT_EQ(body.link_cjk, 2u);
  EXPECT_EQ(ann[doc.body].text_chars(), 31u);
  // Same tag path ⇒ same hash; different path ⇒ different hash.
  const NodeId p1 = doc.FindFirst(Tag::kP);
  const NodeId p2 = doc[p1].next_sibling;
  EXPECT_EQ(ann[p1].path_hash, ann[p2].path_hash);
  EXPECT_NE(ann[p1].path_hash, ann[main].path_hash);
}

TEST(DomAnnotate, DominantScriptFollowsTheMajority) {
  const Document doc = Parsed("<p id=a>新闻 news</p><p id=b>\u0626\u06C7\u064A\u063A\u06C7\u0631 ab</p>");
  Annotation ann;
  Annotate(doc, &ann);
  const NodeId a = doc.FindFirst(Tag::kP);
  EXPECT_EQ(ann[a].script, text::Script::kLatin);  // 4 Latin letters vs 2 Han
  EXPECT_EQ(ann[doc[a].next_sibling].script, text::Script::kArabic);
}

}  // namespace
}  // namespace pith::dom
