// pith's HTML5 tree construction (src/dom/html_tree_builder.cc) through dom::Parse: exact trees for
// the rules of WHATWG HTML §13.2.6, written as the Document keeps them (comments, <script>, <style>,
// <template>, <svg>, <math>, <textarea> and <noscript> in <head> are dropped by the Document).
#include <gtest/gtest.h>

#include <string>

#include "dom/parse.h"

namespace pith::dom {
namespace {

// One line per node, indented two spaces per level below <html>: elements by name, text quoted
// (newlines as \n).
std::string Serialize(const Document& doc) {
  std::string out;
  for (NodeId id = 1; id < doc.size(); ++id) {
    out.append(2 * (doc[id].depth - 1), ' ');
    if (doc[id].is_text()) {
      out += '"';
      for (char c : doc.Text(id)) {
        if (c == '\n') {
          out += "\\n";
        } else {
          out += c;
        }
      }
      out += '"';
    } else {
      out += doc.Name(id);
    }
    out += '\n';
  }
  return out;
}

std::string Tree(const std::string& html, int max_depth = ParseLimits{}.max_nesting_depth) {
  Document doc;
  Parse(html, ParseLimits{max_depth}, &doc);
  return Serialize(doc);
}

TEST(HtmlTreeBuilder, ImpliesHtmlHeadAndBody) {
  EXPECT_EQ(Tree("Hello"), "html\n  head\n  body\n    \"Hello\"\n");
  EXPECT_EQ(Tree(""), "html\n  head\n  body\n");
  EXPECT_EQ(Tree("<!DOCTYPE html><title>T</title><p>x"),
            "html\n  head\n    title\n      \"T\"\n  body\n    p\n      \"x\"\n");
  // Whitespace before <head> is dropped; between </head> and <body> it is a child of <html>.
  EXPECT_EQ(Tree("<html> \n<head> </head>\n<body>x</body></html>"),
            "html\n  head\n    \" \"\n  \"\\n\"\n  body\n    \"x\"\n");
}

TEST(HtmlTreeBuilder, ParagraphsCloseAtBlocksAndStrayEndTagsCreateThem) {
  EXPECT_EQ(Tree("<p>a<div>b</div>c"), "html\n  head\n  body\n    p\n      \"a\"\n    div\n      \"b\"\n    \"c\"\n");
  EXPECT_EQ(Tree("<p>a<p>b"), "html\n  head\n  body\n    p\n      \"a\"\n    p\n      \"b\"\n");
  // </p> without an open <p> inserts an empty one.
  EXPECT_EQ(Tree("<div></p>x</div>"), "html\n  head\n  body\n    div\n      p\n      \"x\"\n");
  // A <p> inside a <button> is out of button scope: the outer one stays open.
  EXPECT_EQ(Tree("<p>a<button><p>b</button>c"),
            "html\n  head\n  body\n    p\n      \"a\"\n      button\n        p\n          \"b\"\n      \"c\"\n");
}

TEST(HtmlTreeBuilder, ListItemsAndDefinitionsCloseTheirSiblings) {
  EXPECT_EQ(Tree("<ul><li>a<li>b</ul>"),
            "html\n  head\n  body\n    ul\n      li\n        \"a\"\n      li\n        \"b\"\n");
  EXPECT_EQ(Tree("<dl><dt>a<dd>b<dt>c</dl>"),
            "html\n  head\n  body\n    dl\n      dt\n        \"a\"\n      dd\n        \"b\"\n"
            "      dt\n        \"c\"\n");
  // The search for an open <li> passes <div> (and <address>, <p>) but stops at other special elements.
  EXPECT_EQ(Tree("<li>a<div><li>b"), "html\n  head\n  body\n    li\n      \"a\"\n      div\n    li\n      \"b\"\n");
  EXPECT_EQ(Tree("<li>a<section><li>b"),
            "html\n  head\n  body\n    li\n      \"a\"\n      section\n        li\n          \"b\"\n");
  // </li> only closes an <li> in list item scope.
  EXPECT_EQ(Tree("<li><ul><li>a</ul></li>b"),
            "html\n  head\n  body\n    li\n      ul\n        li\n          \"a\"\n    \"b\"\n");
}

TEST(HtmlTreeBuilder, HeadingsCloseHeadings) {
  EXPECT_EQ(Tree("<h1>a<h2>b"), "html\n  head\n  body\n    h1\n      \"a\"\n    h2\n      \"b\"\n");
  // Any heading end tag closes the open heading.
  EXPECT_EQ(Tree("<h1>a</h2>b"), "html\n  head\n  body\n    h1\n      \"a\"\n    \"b\"\n");
  EXPECT_EQ(Tree("<h3><span>a<h4>b"),
            "html\n  head\n  body\n    h3\n      span\n        \"a\"\n        h4\n          \"b\"\n");
}

TEST(HtmlTreeBuilder, TablesGetImpliedSectionsAndRows) {
  EXPECT_EQ(Tree("<table><tr><td>x</table>"),
            "html\n  head\n  body\n    table\n      tbody\n        tr\n          td\n            \"x\"\n");
  EXPECT_EQ(Tree("<table><td>a<td>b<tr><th>c</table>"),
            "html\n  head\n  body\n    table\n      tbody\n        tr\n          td\n            \"a\"\n"
            "          td\n            \"b\"\n        tr\n          th\n            \"c\"\n");
  EXPECT_EQ(Tree("<table><caption>c</caption><colgroup><col></colgroup><thead><tr><th>h<tbody><tr><td>x</table>"),
            "html\n  head\n  body\n    table\n      caption\n        \"c\"\n      colgroup\n        col\n"
            "      thead\n        tr\n          th\n            \"h\"\n      tbody\n        tr\n          td\n"
            "            \"x\"\n");
  // <col> alone implies a <colgroup>; a <td> after it leaves the column group.
  EXPECT_EQ(Tree("<table><col><td>x</table>"),
            "html\n  head\n  body\n    table\n      colgroup\n        col\n      tbody\n        tr\n"
            "          td\n            \"x\"\n");
  // Whitespace in a table stays in it.
  EXPECT_EQ(Tree("<table> <tr> <td>x</td> </tr> </table>"),
            "html\n  head\n  body\n    table\n      \" \"\n      tbody\n        tr\n          \" \"\n"
            "          td\n            \"x\"\n          \" \"\n        \" \"\n");
}

TEST(HtmlTreeBuilder, FosterParentsTextAndElementsOutOfTables) {
  EXPECT_EQ(Tree("<table>a<tr>b<td>c</table>"),
            "html\n  head\n  body\n    \"ab\"\n    table\n      tbody\n        tr\n          td\n"
            "            \"c\"\n");
  EXPECT_EQ(Tree("<div><table><p>x</p><tr><td>y</table></div>"),
            "html\n  head\n  body\n    div\n      p\n        \"x\"\n      table\n        tbody\n          tr\n"
            "            td\n              \"y\"\n");
  // A formatting element opened inside the table is foster-parented, and text after it goes into it.
  EXPECT_EQ(Tree("<table><b>bold<tr><td>cell</table>"),
            "html\n  head\n  body\n    b\n      \"bold\"\n    table\n      tbody\n        tr\n          td\n"
            "            \"cell\"\n");
  // <input type=hidden> stays in the table; other inputs are foster-parented.
  EXPECT_EQ(Tree("<table><input type=hidden><input type=text></table>"),
            "html\n  head\n  body\n    input\n    table\n      input\n");
  // <form> in a table is inserted and closed at once.
  EXPECT_EQ(Tree("<table><form><tr><td>x</td></tr></form></table>"),
            "html\n  head\n  body\n    table\n      form\n      tbody\n        tr\n          td\n"
            "            \"x\"\n");
}

TEST(HtmlTreeBuilder, NestsTablesInCells) {
  EXPECT_EQ(Tree("<table><tr><td><table><tr><td>in</table>out</td></tr></table>"),
            "html\n  head\n  body\n    table\n      tbody\n        tr\n          td\n            table\n"
            "              tbody\n                tr\n                  td\n                    \"in\"\n"
            "            \"out\"\n");
  // A <table> start tag in a table closes it first.
  EXPECT_EQ(Tree("<table><tr><td>a<table>"),
            "html\n  head\n  body\n    table\n      tbody\n        tr\n          td\n            \"a\"\n"
            "            table\n");
  EXPECT_EQ(Tree("<table><tr><table>"),
            "html\n  head\n  body\n    table\n      tbody\n        tr\n    table\n");
}

TEST(HtmlTreeBuilder, AdoptionAgencyClassics) {
  EXPECT_EQ(Tree("<b><p>x</b>y"), "html\n  head\n  body\n    b\n    p\n      b\n        \"x\"\n      \"y\"\n");
  EXPECT_EQ(Tree("<a><div></a>"), "html\n  head\n  body\n    a\n    div\n      a\n");
  EXPECT_EQ(Tree("<b>1<p>2<i>3</b>4"),
            "html\n  head\n  body\n    b\n      \"1\"\n    p\n      b\n        \"2\"\n        i\n"
            "          \"3\"\n      i\n        \"4\"\n");
  // Misnested formatting without a block: just closed.
  EXPECT_EQ(Tree("<b>1<i>2</b>3</i>4"),
            "html\n  head\n  body\n    b\n      \"1\"\n      i\n        \"2\"\n    i\n      \"3\"\n    \"4\"\n");
}

TEST(HtmlTreeBuilder, AnchorInsideAnchorClosesTheFirst) {
  EXPECT_EQ(Tree("<a href=1>x<a href=2>y</a>z"),
            "html\n  head\n  body\n    a\n      \"x\"\n    a\n      \"y\"\n    \"z\"\n");
  EXPECT_EQ(Tree("<a>x<p>y<a>z</a></p>"),
            "html\n  head\n  body\n    a\n      \"x\"\n    p\n      a\n        \"y\"\n      a\n        \"z\"\n");
  // Across a table cell's marker the first <a> is not found: it stays open.
  EXPECT_EQ(Tree("<a>x<table><tr><td><a>y</a></td></tr></table>"),
            "html\n  head\n  body\n    a\n      \"x\"\n      table\n        tbody\n          tr\n            td\n"
            "              a\n                \"y\"\n");
}

TEST(HtmlTreeBuilder, ReconstructsFormattingAfterBlocks) {
  EXPECT_EQ(Tree("<p><b>x</p><p>y"),
            "html\n  head\n  body\n    p\n      b\n        \"x\"\n    p\n      b\n        \"y\"\n");
  EXPECT_EQ(Tree("<i><b>x<div>y</div>"),
            "html\n  head\n  body\n    i\n      b\n        \"x\"\n        div\n          \"y\"\n");
  // Only text and certain start tags reconstruct: an empty paragraph gets nothing.
  EXPECT_EQ(Tree("<p><em>x</p><p></p>z"),
            "html\n  head\n  body\n    p\n      em\n        \"x\"\n    p\n    em\n      \"z\"\n");
}

TEST(HtmlTreeBuilder, NoahsArkKeepsThreeIdenticalFormattingElements) {
  // Four identical <b>s: only the last three are reconstructed.
  EXPECT_EQ(Tree("<p><b><b><b><b>x</p>y"),
            "html\n  head\n  body\n    p\n      b\n        b\n          b\n            b\n              \"x\"\n"
            "    b\n      b\n        b\n          \"y\"\n");
  EXPECT_EQ(Tree("<p><b x=1><b x=1><b x=1><b x=1>x</p>y"),
            "html\n  head\n  body\n    p\n      b\n        b\n          b\n            b\n              \"x\"\n"
            "    b\n      b\n        b\n          \"y\"\n");
  // Attributes in another order are the same attributes.
  EXPECT_EQ(Tree("<p><b x=1 y=2><b y=2 x=1><b x=1 y=2><b y=2 x=1>x</p>y"),
            "html\n  head\n  body\n    p\n      b\n        b\n          b\n            b\n              \"x\"\n"
            "    b\n      b\n        b\n          \"y\"\n");
  // Different attributes: all four are kept.
  EXPECT_EQ(Tree("<p><b x=1><b x=2><b x=1><b x=1>x</p>y"),
            "html\n  head\n  body\n    p\n      b\n        b\n          b\n            b\n              \"x\"\n"
            "    b\n      b\n        b\n          b\n            \"y\"\n");
}

TEST(HtmlTreeBuilder, SelectKeepsOptionsAndIgnoresOtherMarkup) {
  EXPECT_EQ(Tree("<select><option>a<option>b<optgroup><option>c</select>d"),
            "html\n  head\n  body\n    select\n      option\n        \"a\"\n      option\n        \"b\"\n"
            "      optgroup\n        option\n          \"c\"\n    \"d\"\n");
  EXPECT_EQ(Tree("<select><div>x</div><b>y</b></select>"), "html\n  head\n  body\n    select\n      \"xy\"\n");
  // <input> ends the select; a nested <select> closes it.
  EXPECT_EQ(Tree("<select><option>a<input>b"),
            "html\n  head\n  body\n    select\n      option\n        \"a\"\n    input\n    \"b\"\n");
  EXPECT_EQ(Tree("<select><option>a<select>b"),
            "html\n  head\n  body\n    select\n      option\n        \"a\"\n    \"b\"\n");
  // In a table, a cell start tag closes the select.
  EXPECT_EQ(Tree("<table><tr><td><select><option>a<td>b</table>"),
            "html\n  head\n  body\n    table\n      tbody\n        tr\n          td\n            select\n"
            "              option\n                \"a\"\n          td\n            \"b\"\n");
}

TEST(HtmlTreeBuilder, TemplateContentsAreDropped) {
  EXPECT_EQ(Tree("<template><p>x</p></template><p>y"), "html\n  head\n  body\n    p\n      \"y\"\n");
  EXPECT_EQ(Tree("<body><template><tr><td>x</template>y"), "html\n  head\n  body\n    \"y\"\n");
}

TEST(HtmlTreeBuilder, FramesetReplacesBodyUntilContentArrives) {
  EXPECT_EQ(Tree("<frameset><frame></frameset>"), "html\n  head\n  frameset\n    frame\n");
  EXPECT_EQ(Tree("<div><frameset><frame>"), "html\n  head\n  frameset\n    frame\n");
  // Text made frameset-ok false: the <frameset> is ignored.
  EXPECT_EQ(Tree("<p>x</p><frameset><frame>"), "html\n  head\n  body\n    p\n      \"x\"\n");
  // Only whitespace is kept in and after a frameset.
  EXPECT_EQ(Tree("<frameset> a </frameset> b "), "html\n  head\n  frameset\n    \"  \"\n  \"  \"\n");
}

TEST(HtmlTreeBuilder, ForeignContentBreaksOutAtHtmlTags) {
  EXPECT_EQ(Tree("<svg><g><div>out</div></g></svg>"), "html\n  head\n  body\n    div\n      \"out\"\n");
  EXPECT_EQ(Tree("<svg><font color=red>x</font></svg>"), "html\n  head\n  body\n    font\n      \"x\"\n");
  EXPECT_EQ(Tree("<svg><font>x</font></svg>y"), "html\n  head\n  body\n    \"y\"\n");
  // (A <math> is written as one formula holding its LaTeX: document.h.)
  EXPECT_EQ(Tree("<math><mi>x</mi><p>y"), "html\n  head\n  body\n    math\n      \"x\"\n    p\n      \"y\"\n");
  // </p> and </br> also break out.
  EXPECT_EQ(Tree("<svg></p>x"), "html\n  head\n  body\n    p\n    \"x\"\n");
}

TEST(HtmlTreeBuilder, IntegrationPointsKeepHtmlInsideForeignContent) {
  EXPECT_EQ(Tree("<svg><desc><div>in</div></desc></svg><p>out"), "html\n  head\n  body\n    p\n      \"out\"\n");
  EXPECT_EQ(Tree("<svg><foreignObject><p>in</p></foreignObject></svg>out"), "html\n  head\n  body\n    \"out\"\n");
  EXPECT_EQ(Tree("<math><mi><b>in</b></mi></math>out"),
            "html\n  head\n  body\n    math\n      \"\\operatorname{in}\"\n    \"out\"\n");
  // annotation-xml is an HTML integration point only with an HTML encoding.
  EXPECT_EQ(Tree("<math><annotation-xml encoding=\"text/html\"><div>in</div></annotation-xml></math>"),
            "html\n  head\n  body\n");
  EXPECT_EQ(Tree("<math><annotation-xml><div>out</div></annotation-xml></math>"),
            "html\n  head\n  body\n    div\n      \"out\"\n");
  // <svg> in annotation-xml stays foreign; end tags close foreign elements by name.
  EXPECT_EQ(Tree("<math><annotation-xml><svg><g></g></svg></annotation-xml></math>x"),
            "html\n  head\n  body\n    \"x\"\n");
}

TEST(HtmlTreeBuilder, NoscriptInHeadIsDroppedAndInBodyKept) {
  EXPECT_EQ(Tree("<head><noscript><link rel=x></noscript></head><body>y"), "html\n  head\n  body\n    \"y\"\n");
  // Text in a <noscript> of <head> closes it and the head.
  EXPECT_EQ(Tree("<head><noscript>text</noscript>"), "html\n  head\n  body\n    \"text\"\n");
  EXPECT_EQ(Tree("<body><noscript><p>x</p></noscript>"),
            "html\n  head\n  body\n    noscript\n      p\n        \"x\"\n");
}

TEST(HtmlTreeBuilder, TextMergesUnlessACommentSeparatesIt) {
  Document doc;
  Parse("<p>a<!--c-->b</p><p>c&amp;d</p>", ParseLimits{}, &doc);
  EXPECT_EQ(Serialize(doc), "html\n  head\n  body\n    p\n      \"a\"\n      \"b\"\n    p\n      \"c&d\"\n");
}

TEST(HtmlTreeBuilder, IgnoresTheNewlineRightAfterPre) {
  EXPECT_EQ(Tree("<pre>\nx</pre>"), "html\n  head\n  body\n    pre\n      \"x\"\n");
  EXPECT_EQ(Tree("<pre>\n\nx</pre>"), "html\n  head\n  body\n    pre\n      \"\\nx\"\n");
  EXPECT_EQ(Tree("<listing>\r\nx</listing>"), "html\n  head\n  body\n    listing\n      \"x\"\n");
  EXPECT_EQ(Tree("<pre><b>\nx</b></pre>"), "html\n  head\n  body\n    pre\n      b\n        \"\\nx\"\n");
}

TEST(HtmlTreeBuilder, QuirksModeKeepsTablesInParagraphs) {
  EXPECT_EQ(Tree("<p><table></table>"), "html\n  head\n  body\n    p\n      table\n");
  EXPECT_EQ(Tree("<!DOCTYPE html><p><table></table>"), "html\n  head\n  body\n    p\n    table\n");
  // Legacy public identifiers mean quirks; HTML 4.01 Strict does not.
  EXPECT_EQ(Tree("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 3.2 Final//EN\"><p><table></table>"),
            "html\n  head\n  body\n    p\n      table\n");
  EXPECT_EQ(Tree("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\"><p><table></table>"),
            "html\n  head\n  body\n    p\n      table\n");
  EXPECT_EQ(Tree("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\" "
                 "\"http://www.w3.org/TR/html4/loose.dtd\"><p><table></table>"),
            "html\n  head\n  body\n    p\n    table\n");
  EXPECT_EQ(Tree("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><p><table></table>"),
            "html\n  head\n  body\n    p\n    table\n");
}

TEST(HtmlTreeBuilder, HeadElementsAfterHeadGoIntoTheHead) {
  EXPECT_EQ(Tree("<head></head><link><title>t</title>x"),
            "html\n  head\n    link\n    title\n      \"t\"\n  body\n    \"x\"\n");
  // In <body>, they stay where they are.
  EXPECT_EQ(Tree("<body><meta name=a>x"), "html\n  head\n  body\n    meta\n    \"x\"\n");
  // Anything else closes the head.
  EXPECT_EQ(Tree("<head><title>t</title><div>x</div><meta></head>"),
            "html\n  head\n    title\n      \"t\"\n  body\n    div\n      \"x\"\n    meta\n");
}

TEST(HtmlTreeBuilder, IgnoresStrayEndTags) {
  EXPECT_EQ(Tree("</div>x</span><p>y</p></p>"),
            "html\n  head\n  body\n    \"x\"\n    p\n      \"y\"\n    p\n");
  // An unknown end tag closes its element only when no special element is in between.
  EXPECT_EQ(Tree("<x-a><div><x-b>1</x-a>2</x-b>3"),
            "html\n  head\n  body\n    x-a\n      div\n        x-b\n          \"12\"\n        \"3\"\n");
  EXPECT_EQ(Tree("<x-a><span>1</x-a>2"), "html\n  head\n  body\n    x-a\n      span\n        \"1\"\n    \"2\"\n");
  // </br> is a <br>; </body> and </html> keep later content in the body.
  EXPECT_EQ(Tree("a</br>b</body></html>c"), "html\n  head\n  body\n    \"a\"\n    br\n    \"bc\"\n");
}

TEST(HtmlTreeBuilder, EndOfFileInAnyMode) {
  EXPECT_EQ(Tree("<!DOCTYPE html><html><head>"), "html\n  head\n  body\n");
  EXPECT_EQ(Tree("<title>abc"), "html\n  head\n    title\n      \"abc\"\n  body\n");
  EXPECT_EQ(Tree("<table><tr><td>x"), "html\n  head\n  body\n    table\n      tbody\n        tr\n          td\n"
                                      "            \"x\"\n");
  EXPECT_EQ(Tree("<select><option>x"), "html\n  head\n  body\n    select\n      option\n        \"x\"\n");
  EXPECT_EQ(Tree("<template>x"), "html\n  head\n  body\n");
  EXPECT_EQ(Tree("<frameset>"), "html\n  head\n  frameset\n");
  EXPECT_EQ(Tree("<table><caption>c"), "html\n  head\n  body\n    table\n      caption\n        \"c\"\n");
  EXPECT_EQ(Tree("<head><noscript>"), "html\n  head\n  body\n");
  EXPECT_EQ(Tree("<plaintext><p>x</p>"), "html\n  head\n  body\n    plaintext\n      \"<p>x</p>\"\n");
}

TEST(HtmlTreeBuilder, ImageIsImgAndObsoleteNamesAreUnknown) {
  Document doc;
  // <isindex> is no longer special: an ordinary element that holds what follows.
  Parse("<image src=a.png><marquee>m</marquee><isindex><p>x", ParseLimits{}, &doc);
  EXPECT_EQ(Serialize(doc),
            "html\n  head\n  body\n    img\n    marquee\n      \"m\"\n    isindex\n      p\n        \"x\"\n");
  const NodeId img = doc.FindFirst(Tag::kImg);
  ASSERT_NE(img, kNoNode);
  EXPECT_EQ(doc.GetAttr(img, Attr::kSrc), "a.png");
}

TEST(HtmlTreeBuilder, ElementsPastTheTableOfUnknownNamesStillClose) {
  // Tens of thousands of distinct custom element names fill the table of unknown names; the names
  // past it share one id, and their end tags close them as their start tags opened them.
  std::string html;
  for (int i = 0; i < 70000; ++i) {
    const std::string n = std::to_string(i);
    html += "<x-e" + n + ">" + n + "</x-e" + n + ">";
  }
  Document doc;
  Parse(html + "<p>after</p>", ParseLimits{}, &doc);
  const NodeId p = doc.FindFirst(Tag::kP);
  ASSERT_NE(p, kNoNode);
  EXPECT_EQ(doc[p].parent, doc.body);
  const NodeId last = doc[p].prev_sibling;
  ASSERT_NE(last, kNoNode);
  EXPECT_EQ(doc[last].parent, doc.body);
  EXPECT_EQ(doc[doc[last].first_child].tag, Tag::kText);
  EXPECT_EQ(doc.Text(doc[last].first_child), "69999");
}

TEST(HtmlTreeBuilder, RecordsSourceLinesAndImpliedElementsHaveNone) {
  Document doc;
  Parse("<p>a\n<table>\n<tr><td>b</table>", ParseLimits{}, &doc);
  EXPECT_EQ(doc[doc.html].line, 0u);
  EXPECT_EQ(doc[doc.body].line, 0u);
  const NodeId tbody = doc.FindFirst(Tag::kTbody);
  ASSERT_NE(tbody, kNoNode);
  EXPECT_EQ(doc[tbody].line, 0u);
  EXPECT_EQ(doc[doc.FindFirst(Tag::kTr)].line, 3u);
  EXPECT_EQ(doc[doc.FindFirst(Tag::kTable)].line, 2u);
}

// <html> and <body> count: with a limit of 6, four <div>s fit. The fifth is written empty and its
// text follows it; its end tag closes the fourth.
TEST(HtmlTreeBuilder, StartTagsPastTheDepthLimitMakeEmptyElements) {
  EXPECT_EQ(Tree("<div><div><div><div><div class=x>a</div>b", 6),
            "html\n  head\n  body\n    div\n      div\n        div\n          div\n            div\n"
            "            \"a\"\n          \"b\"\n");
  // No mode changes either: a table past the limit is an empty <table>, as are its rows and cells.
  EXPECT_EQ(Tree("<div><div><div><div><table><tr><td>c</td></tr></table>d", 6),
            "html\n  head\n  body\n    div\n      div\n        div\n          div\n            table\n"
            "            tr\n            td\n            \"cd\"\n");
  // Elements that leave the stack by themselves still nest: void elements, raw text, self-closing
  // foreign elements.
  EXPECT_EQ(Tree("<div><div><div><div><br><xmp><p>e</p></xmp>f", 6),
            "html\n  head\n  body\n    div\n      div\n        div\n          div\n            br\n"
            "            xmp\n              \"<p>e</p>\"\n            \"f\"\n");
  // Elements closed on the way do not count.
  std::string wide, expected = "html\n  head\n  body\n";
  for (int i = 0; i < 100; ++i) {
    wide += "<div><p>x</p></div>";
    expected += "    div\n      p\n        \"x\"\n";
  }
  EXPECT_EQ(Tree(wide, 6), expected);
}

}  // namespace
}  // namespace pith::dom
