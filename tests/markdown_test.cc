// render::ToMarkdown read back by a Markdown parser (cmark-gfm, GitHub's CommonMark with its table
// extension): the text a reader sees must be the blocks' text, character for character, with no
// emphasis, HTML, code span, link, rule or lost table cell that the page's text did not ask for.
// On hand-made blocks full of Markdown's special characters, and on every page of ../shared/data
// (skipped when it is absent).
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "batch/records.h"
#include "dom/parse.h"
#include "pith/pith.h"
#include "render/blocks.h"
#include "markdown_readback.h"
#include "render/formats.h"
#include "render/html.h"
#include "test_util.h"

namespace pith::render {
namespace {

// A block of `kind`; a table cell (kTableRow) of table 1, row `row`, a cell of its own.
Block MakeBlock(BlockKind kind, std::string text, std::uint32_t row = 0) {
  static std::uint32_t cells = 0;
  Block b;
  b.kind = kind;
  b.text = std::move(text);
  if (kind == BlockKind::kTableRow) {
    b.table = 1;
    b.row = row;
    b.cell = ++cells;
  }
  if (kind == BlockKind::kHeading) b.level = 2;
  return b;
}

// Text a page may hold that Markdown would read as markup.
const char* const kTrickyTexts[] = {
    "Costs are *_cost or enable_* settings, and 2 * 3 = 6 but 2*3*4 = 24.",
    "snake_case_name and __init__ and _private and trailing_ stay as written.",
    "A `literal` backtick, ``two``, and one ` alone.",
    "See [1] and [the guide](https://example.org) and ![an image](x.png) in the text.",
    "[1]: https://example.org/reference is not a definition here.",
    "Use <div class=\"x\"> or <br/> or <!-- a comment --> or <https://example.org> in HTML.",
    "Entities: &amp; &lt;b&gt; &#169; &copy; stay as typed, AT&T too.",
    "A path C:\\Users\\me and a \\*starred\\* word and a trailing backslash\\",
    "~~struck~~ and ~tilde~ and ~5 km.",
    "About ~5 km, one tilde.",
    "~ one tilde opening the line",
    "# not a heading",
    "## neither",
    "> not a quote",
    "- not a list",
    "+ not a list",
    "* not a list",
    "1. not a list",
    "2) not a list either",
    "---",
    "***",
    "___",
    "=== under a line",
    "```not code```",
    "~~~ not a fence",
    "| a | table? |",
    "    four spaces",
    "line one\n# line two\n- line three\n1. line four\n===\n> line five",
    "ends with a hash #",
    "C# and F# are languages #",
    "100% true: *bold* claims, _underscored_ ones, **strong** words.",
    "Emoji 🙂 and CJK 中文：“引号”【方括号】 and Tibetan བོད་ཡིག།",
    "#",
    "a\\#",
    "a \\",
    "[",
    "1.",
    "<3 and 3 < 4 and a<b",
};

TEST(Markdown, SpecialCharactersReadBackAsTheText) {
  for (const BlockKind kind : {BlockKind::kParagraph, BlockKind::kHeading, BlockKind::kListItem,
                               BlockKind::kQuote, BlockKind::kCaption, BlockKind::kTableRow}) {
    for (const char* tricky : kTrickyTexts) {
      Result r;
      r.blocks.push_back(MakeBlock(BlockKind::kParagraph, "An opening paragraph."));
      r.blocks.push_back(MakeBlock(kind, tricky, 1));
      if (kind == BlockKind::kTableRow) r.blocks.push_back(MakeBlock(kind, "second cell", 1));
      r.blocks.push_back(MakeBlock(BlockKind::kParagraph, "A closing paragraph."));
      const std::string md = ToMarkdown(r);
      std::vector<std::string> unexpected;
      EXPECT_EQ(ReadBack(md, false, &unexpected), BlockText(r)) << "kind " << static_cast<int>(kind) << "\n" << md;
      EXPECT_TRUE(unexpected.empty()) << unexpected.front() << "\n" << md;
    }
  }
}

// A single tilde strikes nothing through, so it is written as it is; two in a block are escaped.
TEST(Markdown, OnlyTildesThatCouldPairAreEscaped) {
  Result r;
  r.blocks.push_back(MakeBlock(BlockKind::kParagraph, "About ~5 km away."));
  r.blocks.push_back(MakeBlock(BlockKind::kParagraph, "From ~5 to ~10 km."));
  EXPECT_EQ(ToMarkdown(r), "About ~5 km away.\n\nFrom \\~5 to \\~10 km.\n");
}

TEST(Markdown, CodeBlocksHoldFencesAndBlankLines) {
  Result r;
  r.blocks.push_back(MakeBlock(BlockKind::kCode, "```\nnot the end\n````\n\n  indented *x* <b>"));
  r.blocks.push_back(MakeBlock(BlockKind::kParagraph, "After the code."));
  const std::string md = ToMarkdown(r);
  std::vector<std::string> unexpected;
  EXPECT_EQ(ReadBack(md, false, &unexpected), BlockText(r)) << md;
  EXPECT_TRUE(unexpected.empty()) << md;
}

TEST(Markdown, LinkTextIsEscapedAndOnlyPageLinksAreLinks) {
  Result r;
  Block b = MakeBlock(BlockKind::kParagraph, "Read the *new* [guide] and then a_b_c here, wow![8]");
  b.links.push_back({15, 22, "https://example.org/a(1)"});  // "[guide]"
  b.links.push_back({48, 51, "#note-8"});                   // "[8]" after "!": no image
  r.blocks.push_back(b);
  const std::string md = ToMarkdown(r, true);
  std::vector<std::string> unexpected;
  EXPECT_EQ(ReadBack(md, true, &unexpected), BlockText(r)) << md;
  EXPECT_TRUE(unexpected.empty()) << unexpected.front() << "\n" << md;
  EXPECT_NE(md.find("](https://example.org/a%281%29)"), std::string::npos) << md;
}

// A table whose later rows hold more cells than its first: GitHub drops cells past the header's
// count, so the header row is padded to the widest row.
TEST(Markdown, TablesKeepEveryCellOfLongerRows) {
  Result r;
  r.blocks.push_back(MakeBlock(BlockKind::kTableRow, "Name", 1));
  r.blocks.push_back(MakeBlock(BlockKind::kTableRow, "Ada", 2));
  r.blocks.push_back(MakeBlock(BlockKind::kTableRow, "1815", 2));
  r.blocks.push_back(MakeBlock(BlockKind::kTableRow, "London", 2));
  const std::string md = ToMarkdown(r);
  std::vector<std::string> unexpected;
  EXPECT_EQ(ReadBack(md, false, &unexpected), BlockText(r)) << md;
}

using CmarkDocument = std::unique_ptr<cmark_node, void (*)(cmark_node*)>;

// `md` as plain CommonMark reads it.
CmarkDocument ParseCommonMark(const std::string& md) {
  return CmarkDocument(cmark_parse_document(md.data(), md.size(), CMARK_OPT_DEFAULT), cmark_node_free);
}

int Children(cmark_node* node) {
  int n = 0;
  for (cmark_node* c = cmark_node_first_child(node); c; c = cmark_node_next(c)) ++n;
  return n;
}

// The blocks of a whole page, every text node kept.
Result WholePage(std::string_view html) {
  dom::Document doc;
  dom::Parse(html, dom::ParseLimits{}, &doc);
  Result r;
  r.blocks = CollectBlocks(doc, std::vector<std::uint8_t>(doc.size(), 1));
  return r;
}

// Inline markup becomes spans over the block's text: emphasis, strong, code, strike-through,
// superscript and subscript, nested as in the page and merged across the text nodes of one element;
// Markdown writes each as CommonMark (and GFM) reads it back.
TEST(Blocks, InlineMarkupIsSpansAndMarkdownWritesIt) {
  const Result r = WholePage(
      "<p>An <em>emphasised</em> and <b>bold <code>x*y</code> <i>inner</i></b> word, H<sub>2</sub>O, "
      "x<sup>2</sup>, <del>old</del>, <kbd>Ctrl</kbd>+<kbd>C</kbd>.</p>");
  ASSERT_EQ(r.blocks.size(), 1u);
  const Block& b = r.blocks[0];
  std::vector<std::string> spans;
  for (const Span& sp : b.spans) spans.push_back(std::string(SpanKindName(sp.kind)) + ":" + b.text.substr(sp.begin, sp.end - sp.begin));
  EXPECT_EQ(spans, (std::vector<std::string>{"emphasis:emphasised", "strong:bold x*y inner", "code:x*y", "emphasis:inner",
                                             "subscript:2", "superscript:2", "strikethrough:old", "code:Ctrl", "code:C"}));
  const std::string md = ToMarkdown(r, false);
  // (Emphasis ending where strong ends would put their runs side by side: the inner one goes.)
  EXPECT_EQ(md, "An *emphasised* and **bold `x*y` inner** word, H<sub>2</sub>O, x<sup>2</sup>, ~~old~~, "
                "`Ctrl`+`C`.\n");
  std::vector<std::string> unexpected, shown;
  EXPECT_EQ(ReadBack(md, false, &unexpected, nullptr, &shown), BlockText(r)) << md;
  EXPECT_TRUE(unexpected.empty()) << md;
  MatchSpans(shown, BlockSpans(r), &unexpected);
  EXPECT_TRUE(unexpected.empty()) << unexpected.front();
  EXPECT_EQ(shown.size(), spans.size() - 1) << md;
}

// Delimiters a reader could not see as markup are left out: emphasis starting at punctuation
// inside a word, markup around nothing but white space; a heading leaves out emphasis and strong
// but keeps code; a code span's fence outruns the backticks inside it.
TEST(Blocks, MarkupAReaderCouldNotSeeIsWrittenPlain) {
  const Result r = WholePage(
      "<h2>The <em>main</em> <code>run()</code> loop</h2><p>a<em>.b</em>c and <em> </em>d, <code>a`b</code></p>"
      "<p><em><strong>both</strong></em> after, <code>a</code><code>b</code></p>");
  ASSERT_EQ(r.blocks.size(), 3u);
  const std::string md = ToMarkdown(r, false);
  // (Of emphasis and strong over the same words the inner goes, its run beside the other's; of
  // two code spans side by side the second is text.)
  EXPECT_EQ(md, "## The main `run()` loop\n\na.bc and d, ``a`b``\n\n*both* after, `a`b\n");
  std::vector<std::string> unexpected, shown;
  EXPECT_EQ(ReadBack(md, false, &unexpected, nullptr, &shown), BlockText(r)) << md;
  MatchSpans(shown, BlockSpans(r), &unexpected);
  EXPECT_TRUE(unexpected.empty()) << md;
}

// Thousands of unclosed list items nest as deep; Markdown writes the items past a few levels at
// the deepest column, so every item's text reads back and no line's indentation grows with them.
TEST(Markdown, DeeplyNestedListsKeepTheirTextAndABoundedIndent) {
  for (const std::string list : {"<ul>", "<ol start=999999999>"}) {
    std::string html = "<body>";
    for (int i = 0; i < 2000; ++i) html += list + "<li>item " + std::to_string(i);
    html += "<p>A paragraph inside the deepest item.</p><p>And another one after it.</p></body>";
    const Result r = WholePage(html);
    const std::string md = ToMarkdown(r);
    std::size_t widest = 0;
    for (std::size_t start = 0; start < md.size();) {
      const std::size_t end = std::min(md.find('\n', start), md.size());
      widest = std::max(widest, end - start);
      start = end + 1;
    }
    EXPECT_LT(widest, 100u) << list;
    EXPECT_NE(md.find("item 1999"), std::string::npos) << list;
    EXPECT_NE(md.find("And another one after it."), std::string::npos) << list;
    // CommonMark lets a list that starts at another number than 1 begin only after a blank line,
    // so the bullets read back as lists and the numbers as the items' text.
    if (list != "<ul>") continue;
    std::vector<std::string> unexpected;
    EXPECT_EQ(ReadBack(md, false, &unexpected), BlockText(r));
  }
}

// List items know how deep they are nested and their number in an ordered list; Markdown writes
// them as nested bullets and numbers a reader parses back into the same lists.
TEST(Markdown, NestedAndOrderedListsKeepTheirShape) {
  Result r = WholePage("<body><ol><li>one</li><li>two<ul><li>a</li><li>b<ol><li>deep</li></ol></li></ul></li>"
                       "<!-- a comment --><p>not an item</p><li>three</li></ol><ul><li>after</li></ul></body>");
  ASSERT_EQ(r.blocks.size(), 8u);
  const std::vector<std::tuple<std::string, int, std::uint32_t>> want = {
      {"one", 1, 1}, {"two", 1, 2}, {"a", 2, 0}, {"b", 2, 0}, {"deep", 3, 1}, {"not an item", 0, 0},
      {"three", 1, 3}, {"after", 1, 0}};
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(r.blocks[i].text, std::get<0>(want[i]));
    EXPECT_EQ(r.blocks[i].level, std::get<1>(want[i])) << r.blocks[i].text;
    EXPECT_EQ(r.blocks[i].number, std::get<2>(want[i])) << r.blocks[i].text;
  }
  // JSON --blocks carries both; "number" only on list items.
  const nlohmann::json json = ToJson(r, "page.html", true);
  EXPECT_EQ(json["blocks"][4]["level"], 3);
  EXPECT_EQ(json["blocks"][4]["number"], 1);
  EXPECT_EQ(json["blocks"][2]["number"], 0);
  EXPECT_FALSE(json["blocks"][5].contains("number"));
  r.blocks.erase(r.blocks.begin() + 5);  // the list goes on without the paragraph between its items
  const std::string md = ToMarkdown(r);
  EXPECT_EQ(md, "1. one\n2. two\n   - a\n   - b\n     1. deep\n3. three\n- after\n");
  std::vector<std::string> unexpected;
  EXPECT_EQ(ReadBack(md, false, &unexpected), BlockText(r));
  // The reader's lists: an ordered one of three items, the second holding a bullet list whose
  // second item holds an ordered list; then a bullet list.
  const CmarkDocument root = ParseCommonMark(md);
  cmark_node* outer = cmark_node_first_child(root.get());
  ASSERT_EQ(cmark_node_get_type(outer), CMARK_NODE_LIST);
  EXPECT_EQ(cmark_node_get_list_type(outer), CMARK_ORDERED_LIST);
  EXPECT_EQ(Children(outer), 3);
  cmark_node* inner = cmark_node_last_child(cmark_node_next(cmark_node_first_child(outer)));
  ASSERT_EQ(cmark_node_get_type(inner), CMARK_NODE_LIST);
  EXPECT_EQ(cmark_node_get_list_type(inner), CMARK_BULLET_LIST);
  cmark_node* deepest = cmark_node_last_child(cmark_node_last_child(inner));
  ASSERT_EQ(cmark_node_get_type(deepest), CMARK_NODE_LIST);
  EXPECT_EQ(cmark_node_get_list_type(deepest), CMARK_ORDERED_LIST);
  cmark_node* after = cmark_node_next(outer);
  ASSERT_NE(after, nullptr);
  EXPECT_EQ(cmark_node_get_list_type(after), CMARK_BULLET_LIST);
}

// An item of several blocks (a title, then its text in a block of its own) stays one item,
// numbered or not.
TEST(Markdown, AnItemOfSeveralBlocksIsOneItem) {
  for (const std::string list : {"ol", "ul"}) {
    const Result r = WholePage("<body><" + list + "><li><b>First</b><div>Its text.</div></li><li><b>Second</b>"
                               "<div>More text.</div></li></" + list + ">");
    ASSERT_EQ(r.blocks.size(), 4u);
    const std::string md = ToMarkdown(r);
    EXPECT_EQ(md, list == "ol" ? "1. **First**\n\n   Its text.\n2. **Second**\n\n   More text.\n"
                               : "- **First**\n\n  Its text.\n- **Second**\n\n  More text.\n");
    std::vector<std::string> unexpected;
    EXPECT_EQ(ReadBack(md, false, &unexpected), BlockText(r));
    EXPECT_EQ(Children(cmark_node_first_child(ParseCommonMark(md).get())), 2);
  }
}

std::vector<std::string> Kinds(const Result& r) {
  std::vector<std::string> kinds;
  for (const Block& b : r.blocks) kinds.emplace_back(BlockKindName(b.kind));
  return kinds;
}

// A list item's, a quote's, a caption's and a data table cell's paragraphs are still items,
// quotes, captions and cells; a heading holding paragraphs is a wrapper, and so is a layout table's
// cell: their text is paragraphs. Every block of one item shares the item's id; JSON --blocks
// carries it, and a table cell's row.
TEST(Blocks, ParagraphsInsideItemsQuotesAndCaptionsKeepTheirKind) {
  const Result r = WholePage(
      "<body><ul><li><p>first</p><p>second</p></li><li>plain</li></ul>"
      "<blockquote><p>q1</p><p>q2</p></blockquote><figure><img src=x><figcaption><p>cap</p></figcaption></figure>"
      "<h2><p>styled lead</p></h2><table><tr><td><p>layout</p></td></tr></table><p>outside</p>"
      "<table><tr><td>cell</td><td><p>cell 2</p></td></tr><tr><td>a</td><td>b</td></tr></table></body>");
  EXPECT_EQ(Kinds(r), (std::vector<std::string>{"list_item", "list_item", "list_item", "quote", "quote", "image",
                                                "caption", "paragraph", "paragraph", "paragraph", "table_row",
                                                "table_row", "table_row", "table_row"}));
  ASSERT_EQ(r.blocks.size(), 14u);
  EXPECT_NE(r.blocks[0].item, 0u);
  EXPECT_EQ(r.blocks[1].item, r.blocks[0].item);
  EXPECT_NE(r.blocks[2].item, r.blocks[0].item);
  for (std::size_t i = 3; i < r.blocks.size(); ++i) EXPECT_EQ(r.blocks[i].item, 0u) << r.blocks[i].text;
  const nlohmann::json json = ToJson(r, "page.html", true);
  EXPECT_EQ(json["blocks"][1]["item"], r.blocks[0].item);
  EXPECT_FALSE(json["blocks"][3].contains("item"));
  EXPECT_EQ(json["blocks"][10]["row"], json["blocks"][11]["row"]);
  EXPECT_FALSE(json["blocks"][9].contains("row"));
}

// Content lying wholly inside one list item or one quotation (a page laid out as a list, a blog
// setting its posts in a <blockquote>) is neither; what is nested inside it keeps its kind.
TEST(Blocks, ContentInsideOneItemOrQuoteIsNeitherListNorQuote) {
  const Result item = WholePage("<body><ul><li><h2>Title</h2><p>one</p><p>two</p><ul><li>nested</li></ul></li></ul>");
  EXPECT_EQ(Kinds(item), (std::vector<std::string>{"heading", "paragraph", "paragraph", "list_item"}));
  ASSERT_EQ(item.blocks.size(), 4u);
  EXPECT_EQ(item.blocks[1].item, 0u);
  EXPECT_NE(item.blocks[3].item, 0u);
  const Result quote =
      WholePage("<body><blockquote><p>one</p><blockquote><p>cited</p></blockquote><p>two</p></blockquote>");
  EXPECT_EQ(Kinds(quote), (std::vector<std::string>{"paragraph", "quote", "paragraph"}));
}

// Callouts (admonitions, <details>) are quotations: one `quote` id per callout or <blockquote>,
// the title in strong; lists inside keep their kind. A <details> whose summary holds a heading is
// a section of the page, no callout. Markdown writes each as one blockquote, two
// quotations in a row apart.
TEST(Blocks, CalloutsAreQuotationsWithTheirTitle) {
  const Result r = WholePage(
      "<body><p>lead</p><div class=\"admonition note\"><p class=\"admonition-title\">Note</p><p>a</p>"
      "<ul><li>item</li></ul></div><blockquote><p>x</p></blockquote><blockquote><p>y</p></blockquote>"
      "<details><summary>Why?</summary><p>because</p></details><div class=\"notice\"><p>plain</p></div>"
      "<details open><summary><h3>Section</h3></summary><p>its text</p></details></body>");
  EXPECT_EQ(Kinds(r), (std::vector<std::string>{"paragraph", "quote", "quote", "list_item", "quote", "quote", "quote",
                                                "quote", "paragraph", "heading", "paragraph"}));
  ASSERT_EQ(r.blocks.size(), 11u);
  EXPECT_NE(r.blocks[1].quote, 0u);
  EXPECT_EQ(r.blocks[2].quote, r.blocks[1].quote);
  EXPECT_EQ(r.blocks[3].quote, 0u);
  EXPECT_NE(r.blocks[4].quote, r.blocks[5].quote);
  EXPECT_EQ(r.blocks[6].quote, r.blocks[7].quote);
  EXPECT_EQ(r.blocks[8].quote, 0u);
  ASSERT_EQ(r.blocks[1].spans.size(), 1u);
  EXPECT_EQ(r.blocks[1].spans[0].kind, SpanKind::kStrong);
  EXPECT_EQ(r.blocks[1].spans[0].end, 4u);
  EXPECT_TRUE(r.blocks[2].spans.empty());
  EXPECT_EQ(ToMarkdown(r, false),
            "lead\n\n> **Note**\n>\n> a\n\n- item\n\n> x\n\n> y\n\n> **Why?**\n>\n> because\n\nplain\n\n### Section\n\nits text\n");
  EXPECT_EQ(ToJson(r, "page.html", true)["blocks"][2]["quote"], r.blocks[1].quote);
  // Content wholly inside one callout is no quotation.
  EXPECT_EQ(Kinds(WholePage("<body><details><summary>S</summary><p>one</p><p>two</p></details></body>")),
            (std::vector<std::string>{"paragraph", "paragraph", "paragraph"}));
}

// The hand-written page of each callout shape (tests/markdown/callouts.html), extracted whole: every
// callout a blockquote of its own with its title in strong, and the Markdown reads back.
TEST(Markdown, CalloutShapesOfTheGenerators) {
  const Extractor extractor{Options{}};
  const Result r = extractor.Extract(testing::ReadFile(std::filesystem::path(PITH_TEST_DIR) / "markdown" / "callouts.html"),
                                     PageInfo{});
  const std::string md = ToMarkdown(r, false);
  for (const char* callout : {"> **Warning**\n>\n> The archive replaces", "> **Why a folder of its own?**\n>\n> The tool keeps",
                              "> **Tip**\n>\n> Set the variable `TOOL_HOME`", "> **info**\n>\n> The tool reads no",
                              "> **Note**\n>\n> Settings written", "\n\n> An untitled remark",
                              "> A quotation of two paragraphs, the first of them.\n>\n> And the second"}) {
    EXPECT_NE(md.find(callout), std::string::npos) << callout << "\n" << md;
  }
  EXPECT_EQ(md.find("****"), std::string::npos) << md;
  EXPECT_EQ(MarkdownReadBackProblem(r, false), "");
}

// `-f html` writes each callout of the same page as a <blockquote> with its title in strong (a
// <p> of its own, once strong, the icon left out); a <blockquote> stays one; content wholly inside
// one callout keeps the callout's own tag.
TEST(Html, CalloutsAreBlockquotesWithTheirTitle) {
  const Extractor extractor{Options{}};
  std::string html;
  ASSERT_TRUE(batch::ExtractPage(extractor, testing::ReadFile(std::filesystem::path(PITH_TEST_DIR) / "markdown" / "callouts.html"),
                                 PageInfo{}, nullptr, &html)
                  .status.ok());
  for (const char* callout :
       {"<blockquote><p><strong>Warning</strong></p>\n<p>The archive replaces",
        "<blockquote><p><strong>Why a folder of its own?</strong></p>\n<p>The tool keeps",
        "<blockquote><p><strong>Tip</strong></p>\n<p>Set the variable <code>TOOL_HOME</code>",
        "<blockquote><p><strong>info</strong></p>\n<div><p>The tool reads no",
        "<blockquote><p><strong>Note</strong></p><p>Settings written", "<blockquote><p>An untitled remark",
        "<blockquote><p>A quotation of two paragraphs, the first of them.</p><p>And the second"}) {
    EXPECT_NE(html.find(callout), std::string::npos) << callout << "\n" << html;
  }
  EXPECT_EQ(html.find("<details"), std::string::npos) << html;
  EXPECT_EQ(html.find("<summary"), std::string::npos) << html;
  EXPECT_EQ(html.find("<strong><strong>"), std::string::npos) << html;
  EXPECT_EQ(html.find("<svg"), std::string::npos) << html;

  // The purified whole page, every text node kept.
  const auto purified = [](std::string_view page) {
    dom::Document doc;
    dom::Parse(page, dom::ParseLimits{}, &doc);
    const std::string out = ToHtml(doc, std::vector<std::uint8_t>(doc.size(), 1), Result{});
    return out.substr(out.find("<body>"));
  };
  EXPECT_EQ(purified("<body><p>lead</p><div class=\"alert\"><h4 class=\"alert-heading\">Done</h4><p>it worked</p>"
                     "<table><tr><th class=\"heading\">a</th></tr></table></div></body>"),
            "<body>\n<p>lead</p><blockquote><h4>Done</h4><p>it worked</p><table><tbody><tr><th>a</th></tr></tbody></table>"
            "</blockquote>\n</body>\n</html>\n");
  EXPECT_EQ(purified("<body><details><summary>S</summary><p>one</p><p>two</p></details></body>"),
            "<body>\n<details><p><strong>S</strong></p><p>one</p><p>two</p></details>\n</body>\n</html>\n");
}

// Each generator's footnotes (tests/markdown/footnotes-*.html: pandoc, Python-Markdown, cmark-gfm,
// markdown-it, kramdown, Sphinx), extracted whole: the references are [^N], numbered in reading
// order, the notes [^N]: at the end without their links back, the label or heading of their section
// left out; the Markdown reads back (cmark-gfm's footnotes) and the text keeps the page's marks.
TEST(Markdown, FootnoteShapesOfTheGenerators) {
  const Extractor extractor{Options{}};
  for (const char* generator : {"pandoc", "python-markdown", "cmark-gfm", "markdown-it", "kramdown", "sphinx"}) {
    SCOPED_TRACE(generator);
    const std::string page =
        testing::ReadFile(std::filesystem::path(PITH_TEST_DIR) / "markdown" / (std::string("footnotes-") + generator + ".html"));
    const Result r = extractor.Extract(page, PageInfo{});
    const std::string md = ToMarkdown(r, false);
    for (const char* part : {"villages around it[^1].", "on bicycles[^2]",
                             "\n\n[^1]: The town council's minutes of 12 April 1889 name the foremen and the number of workers.\n",
                             "\n\n[^2]: The tram company's records end in March 1952.\n"}) {
      EXPECT_NE(md.find(part), std::string::npos) << part << "\n" << md;
    }
    EXPECT_EQ(md.find("[^3]"), std::string::npos) << md;
    for (const char* gone : {"↩", "<sup>", "Footnotes", "\\[", "\n[^1]: [", "&#8617;"}) {
      EXPECT_EQ(md.find(gone), std::string::npos) << gone << "\n" << md;
    }
    EXPECT_LT(md.find("on bicycles"), md.find("[^1]: ")) << md;
    EXPECT_EQ(MarkdownReadBackProblem(r, false), "");
    EXPECT_EQ(MarkdownReadBackProblem(r, true), "");
    // The text keeps its marks where the page has them; JSON says which are footnotes.
    EXPECT_NE(r.Text().find("The tram company's records end in March 1952."), std::string::npos);
    std::set<std::uint32_t> notes, references;
    for (const Block& b : r.blocks) {
      if (b.footnote != 0 && b.kind != BlockKind::kHeading) notes.insert(b.footnote);
      for (const Span& sp : b.spans) {
        if (sp.kind == SpanKind::kFootnote) references.insert(sp.note);
      }
    }
    EXPECT_EQ(notes, (std::set<std::uint32_t>{1, 2}));
    EXPECT_EQ(references, (std::set<std::uint32_t>{1, 2}));
  }
  // pandoc's second note holds two paragraphs; markdown-it refers to its first note twice.
  const auto markdown_of = [&](const char* generator) {
    return ToMarkdown(extractor.Extract(testing::ReadFile(std::filesystem::path(PITH_TEST_DIR) / "markdown" /
                                                          (std::string("footnotes-") + generator + ".html")),
                                        PageInfo{}));
  };
  EXPECT_NE(markdown_of("pandoc").find("[^2]: The tram company's records end in March 1952.\n\n"
                                       "    The last tram crossed on the night of the 31st.\n"),
            std::string::npos);
  EXPECT_NE(markdown_of("markdown-it").find("as the same minutes record[^1]."), std::string::npos);
  const nlohmann::json json = ToJson(extractor.Extract(testing::ReadFile(std::filesystem::path(PITH_TEST_DIR) / "markdown" /
                                                                         "footnotes-python-markdown.html"),
                                                       PageInfo{}),
                                     "page.html", true);
  bool reference = false, note = false, back = false;
  for (const auto& block : json["blocks"]) {
    note = note || block.value("footnote", 0) == 2;
    for (const auto& span : block.value("spans", nlohmann::json::array())) {
      reference = reference || (span["kind"] == "footnote" && span["note"] == 1);
      back = back || span["kind"] == "footnote_back";
    }
  }
  EXPECT_TRUE(reference && note && back) << json.dump(1);
}

// A table of contents, a link to a section or back to the top, a numbered link to a heading: no
// footnotes (tests/markdown/footnotes-none.html).
TEST(Markdown, InPageLinksAreNoFootnotes) {
  const Extractor extractor{Options{}};
  const Result r = extractor.Extract(
      testing::ReadFile(std::filesystem::path(PITH_TEST_DIR) / "markdown" / "footnotes-none.html"), PageInfo{});
  ASSERT_GT(r.blocks.size(), 4u);
  for (const Block& b : r.blocks) {
    EXPECT_EQ(b.footnote, 0u) << b.text;
    for (const Span& sp : b.spans) {
      EXPECT_NE(sp.kind, SpanKind::kFootnote) << b.text;
      EXPECT_NE(sp.kind, SpanKind::kFootnoteBack) << b.text;
    }
  }
  const std::string md = ToMarkdown(r, true);
  EXPECT_EQ(md.find("[^"), std::string::npos) << md;
  EXPECT_NE(md.find("bicycles[<sup>1</sup>](#building)"), std::string::npos) << md;
  EXPECT_EQ(MarkdownReadBackProblem(r, true), "");
}

// Literal "[^x]" in the page's text stays text: the '[' is escaped, so that no note of the page's
// Markdown can take it for its reference.
TEST(Markdown, LiteralFootnoteMarksStayText) {
  const Result r = WholePage("<body><p>A source left [^note1] unresolved, and [^2] too.</p></body>");
  EXPECT_EQ(ToMarkdown(r), "A source left \\[^note1] unresolved, and \\[^2] too.\n");
  EXPECT_EQ(MarkdownReadBackProblem(r, false), "");
}

// `-f html` keeps the references' <sup><a> and the notes' list.
TEST(Html, FootnotesKeepTheirReferencesAndNotes) {
  const Extractor extractor{Options{}};
  std::string html;
  ASSERT_TRUE(batch::ExtractPage(extractor, testing::ReadFile(std::filesystem::path(PITH_TEST_DIR) / "markdown" /
                                                             "footnotes-python-markdown.html"),
                                 PageInfo{}, nullptr, &html)
                  .status.ok());
  for (const char* part : {"<sup id=\"fnref:minutes\"><a href=\"#fn:minutes\">1</a></sup>", "<ol>",
                           "<li id=\"fn:minutes\">", "<a href=\"#fnref:minutes\""}) {
    EXPECT_NE(html.find(part), std::string::npos) << part << "\n" << html;
  }
}

// A definition list: each term a paragraph in strong (once, when already strong), each
// description's first paragraph behind ": ", its later paragraphs and a nested list after it, as
// a loose definition list reads in pandoc and PHP Markdown Extra and two paragraphs read in
// CommonMark. JSON says which block is which; -f html keeps the <dl>; the text is the words.
TEST(Markdown, DefinitionListsAreTermsInStrongAndDescriptions) {
  const std::string page =
      "<body><p>lead</p><dl><dt>Breakwater</dt><dd>A wall that shelters the harbour.</dd>"
      "<dt><strong>Quay</strong></dt><dd><p>A platform where ships load.</p><p>Also called a wharf.</p></dd>"
      "<dt>Slipway</dt><dt>Ramp</dt><dd>A slope into the water:<ul><li>small boats</li><li>large boats</li></ul></dd></dl>"
      "<p>after</p></body>";
  const Result r = WholePage(page);
  EXPECT_EQ(ToMarkdown(r), "lead\n\n**Breakwater**\n\n: A wall that shelters the harbour.\n\n**Quay**\n\n"
                           ": A platform where ships load.\n\nAlso called a wharf.\n\n**Slipway**\n\n**Ramp**\n\n"
                           ": A slope into the water:\n\n- small boats\n- large boats\n\nafter\n");
  EXPECT_EQ(MarkdownReadBackProblem(r, false), "");
  EXPECT_EQ(r.Text(), "lead\n\nBreakwater\n\nA wall that shelters the harbour.\n\nQuay\n\nA platform where ships load.\n\n"
                      "Also called a wharf.\n\nSlipway\n\nRamp\n\nA slope into the water:\n\nsmall boats\n\nlarge boats\n\nafter");
  const nlohmann::json json = ToJson(r, "page.html", true);
  EXPECT_EQ(json["blocks"][1]["definition"], "term");
  EXPECT_EQ(json["blocks"][2]["definition"], "description");
  EXPECT_EQ(json["blocks"][8]["definition"], "description");  // "A slope into the water:"
  EXPECT_FALSE(json["blocks"][9].contains("definition"));     // "small boats": an item of its own list
  EXPECT_FALSE(json["blocks"][0].contains("definition"));
  dom::Document doc;
  dom::Parse(page, dom::ParseLimits{}, &doc);
  const std::string html = ToHtml(doc, std::vector<std::uint8_t>(doc.size(), 1), Result{});
  EXPECT_NE(html.find("<dl><dt>Breakwater</dt><dd>A wall that shelters the harbour.</dd>"), std::string::npos) << html;
}

// Ordered lists number their items as a browser does: from `start`, down from the item count of a
// `reversed` list, from an item's own `value`; numbers below 1 are written as 1. A form field's
// value is not kept.
TEST(Blocks, OrderedListsNumberAsHtmlDoes) {
  const std::string html =
      "<body><ol start=\"4\"><li>a</li><li value=\"9\">b</li><li>c</li></ol>"
      "<ol reversed><li>x</li><li>y</li><li>z</li></ol><ol reversed start=10><li>p</li><li>q</li></ol>"
      "<ol start=\"abc\"><li>m</li></ol><ol start=\" -2\"><li>n</li></ol><ul><li value=5>bullet</li></ul>"
      "<input value=\"7\" name=q></body>";
  const Result r = WholePage(html);
  std::vector<std::uint32_t> numbers;
  for (const Block& b : r.blocks) numbers.push_back(b.number);
  EXPECT_EQ(numbers, (std::vector<std::uint32_t>{4, 9, 10, 3, 2, 1, 10, 9, 1, 1, 0}));
  dom::Document doc;
  dom::Parse(html, dom::ParseLimits{}, &doc);
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    bool present = false;
    doc.GetAttr(id, dom::Attr::kValue, &present);
    EXPECT_EQ(present, doc[id].tag == dom::Tag::kLi && doc.GetAttr(id, dom::Attr::kValue) != "") << id;
  }
  // Markdown starts the list where the page does; a reader numbers on from there.
  const CmarkDocument md = ParseCommonMark(ToMarkdown(r));
  cmark_node* first = cmark_node_first_child(md.get());
  ASSERT_EQ(cmark_node_get_type(first), CMARK_NODE_LIST);
  EXPECT_EQ(cmark_node_get_list_start(first), 4);
}

// An item of several paragraphs, code and a nested list is one item: its later blocks go under its
// text, and its text after the nested list goes back to the item.
TEST(Markdown, AnItemOfParagraphsCodeAndAListIsOneItem) {
  const Result r = WholePage(
      "<body><p>Before.</p><ul><li><p>Install it.</p><pre>make install</pre><p>Then:</p><ul><li>run</li></ul>"
      "<p>Done.</p></li><li>next</li></ul><p>After.</p></body>");
  const std::string md = ToMarkdown(r);
  EXPECT_EQ(md,
            "Before.\n\n- Install it.\n\n  ```\n  make install\n  ```\n\n  Then:\n  - run\n\n  Done.\n- next\n\n"
            "After.\n");
  std::vector<std::string> unexpected;
  EXPECT_EQ(ReadBack(md, false, &unexpected), BlockText(r));
  const CmarkDocument root = ParseCommonMark(md);
  cmark_node* list = cmark_node_next(cmark_node_first_child(root.get()));
  ASSERT_EQ(cmark_node_get_type(list), CMARK_NODE_LIST);
  EXPECT_EQ(Children(list), 2);
  cmark_node* item = cmark_node_first_child(list);
  std::vector<cmark_node_type> inside;
  for (cmark_node* c = cmark_node_first_child(item); c; c = cmark_node_next(c)) {
    inside.push_back(cmark_node_get_type(c));
  }
  EXPECT_EQ(inside, (std::vector<cmark_node_type>{CMARK_NODE_PARAGRAPH, CMARK_NODE_CODE_BLOCK, CMARK_NODE_PARAGRAPH,
                                                  CMARK_NODE_LIST, CMARK_NODE_PARAGRAPH}));
}

// A heading's permalink (a link to a fragment of the page whose text is only "¶", "#", "§", "🔗",
// an icon font's glyph or nothing) is no word of the heading; a heading linked by its words, a "#"
// of the heading's own text and a mark outside headings stay.
TEST(Blocks, HeadingPermalinksAreDropped) {
  const Result r = WholePage(
      "<body><h1>Intro<a class=headerlink href=\"#intro\">\u00b6</a></h1><p>Text one.</p>"
      "<h2>Types<a class=headerlink href=\"#types\" title=\"Permalink\">\uf0c1</a></h2><p>Text two.</p>"
      "<h3><a href=\"#t\" aria-hidden=true> # </a>Third \U0001f517</h3><p>Text three.</p>"
      "<h2><a href=\"#install\">Install</a> C#</h2><p>See <a href=\"#s\">\u00a7</a> <a href=\"/x\">#</a>.</p>"
      "<h4>Away<a href=\"/other#intro\">\u00b6</a></h4></body>");
  std::vector<std::string> headings;
  for (const Block& b : r.blocks) {
    if (b.kind == BlockKind::kHeading) headings.push_back(b.text);
  }
  EXPECT_EQ(headings, (std::vector<std::string>{"Intro", "Types", "Third \U0001f517", "Install C#",
                                                "Away\u00b6"}));
  EXPECT_NE(ToMarkdown(r).find("See \u00a7 #."), std::string::npos) << ToMarkdown(r);
}

// An item whose first block is a heading, a quotation or code still gets its marker, numbered in
// an <ol>; its text follows under it, and a list nested in it goes under it.
TEST(Markdown, AnItemStartingWithAHeadingQuoteOrCodeKeepsItsMarker) {
  const Result r = WholePage(
      "<body><p>Before.</p><ol start=3><li><h3>First story</h3><p>Its summary.</p></li><li><h3>Second story</h3>"
      "</li></ol><ul><li><blockquote>Quoted.</blockquote>Who said it.</li><li><pre>make</pre><ul><li><h4>Deep"
      "</h4>text</li></ul></li></ul></body>");
  ASSERT_EQ(r.blocks.size(), 9u);
  EXPECT_EQ(r.blocks[1].kind, BlockKind::kHeading);
  EXPECT_EQ(r.blocks[1].level, 3);
  EXPECT_EQ(r.blocks[1].depth, 1);
  EXPECT_EQ(r.blocks[1].number, 3u);
  EXPECT_EQ(r.blocks[7].depth, 2);
  const nlohmann::json json = ToJson(r, "page.html", true);
  EXPECT_EQ(json["blocks"][1]["depth"], 1);
  EXPECT_EQ(json["blocks"][1]["number"], 3);
  EXPECT_FALSE(json["blocks"][0].contains("depth"));
  const std::string md = ToMarkdown(r);
  EXPECT_EQ(md,
            "Before.\n\n3. ### First story\n\n   Its summary.\n4. ### Second story\n- > Quoted.\n\n  Who said it.\n"
            "- ```\n  make\n  ```\n  - #### Deep\n\n    text\n");
  std::vector<std::string> unexpected;
  EXPECT_EQ(ReadBack(md, false, &unexpected), BlockText(r));
  const CmarkDocument root = ParseCommonMark(md);
  cmark_node* ordered = cmark_node_next(cmark_node_first_child(root.get()));
  ASSERT_EQ(cmark_node_get_type(ordered), CMARK_NODE_LIST);
  EXPECT_EQ(Children(ordered), 2);
  EXPECT_EQ(cmark_node_get_type(cmark_node_first_child(cmark_node_first_child(ordered))), CMARK_NODE_HEADING);
  cmark_node* bullets = cmark_node_next(ordered);
  ASSERT_EQ(cmark_node_get_type(bullets), CMARK_NODE_LIST);
  EXPECT_EQ(Children(bullets), 2);
  cmark_node* second = cmark_node_last_child(bullets);
  EXPECT_EQ(cmark_node_get_type(cmark_node_first_child(second)), CMARK_NODE_CODE_BLOCK);
  EXPECT_EQ(cmark_node_get_type(cmark_node_last_child(second)), CMARK_NODE_LIST);
}

// A <br> breaks the line inside its block (an address, a verse); two in a row end the block, as
// pages without <p> mark paragraphs. Markdown writes the line break as a hard break (a heading and
// a table cell, which hold one line, as a space).
TEST(Blocks, ALineBreakStaysInsideItsBlockTwoEndIt) {
  const Result r = WholePage(
      "<body><p>1 Harbour Road<br>Portsmouth<br> \n<br>Second paragraph.<br></p><h3>Title<br>- subtitle</h3>"
      "<pre>a<br>b</pre><table><tr><th>x<br>y</th><th>z</th></tr></table></body>");
  ASSERT_EQ(r.blocks.size(), 6u);
  EXPECT_EQ(r.blocks[0].text, "1 Harbour Road\nPortsmouth");
  EXPECT_EQ(r.blocks[1].text, "Second paragraph.");
  EXPECT_EQ(r.blocks[2].text, "Title\n- subtitle");
  EXPECT_EQ(r.blocks[3].text, "a\nb");
  EXPECT_EQ(r.blocks[4].text, "x\ny");
  const std::string md = ToMarkdown(r);
  EXPECT_EQ(md, "1 Harbour Road\\\nPortsmouth\n\nSecond paragraph.\n\n### Title - subtitle\n\n```\na\nb\n```\n\n"
                "| x y | z |\n| --- | --- |\n");
  const CmarkDocument root = ParseCommonMark(md);
  cmark_node* paragraph = cmark_node_first_child(root.get());
  ASSERT_EQ(cmark_node_get_type(paragraph), CMARK_NODE_PARAGRAPH);
  EXPECT_EQ(cmark_node_get_type(cmark_node_next(cmark_node_first_child(paragraph))), CMARK_NODE_LINEBREAK);
}

// Code keeps its layout: indentation (of its first line too), tabs, blank lines inside it; blank
// lines around it and spaces at line ends go. Inline text still collapses its white space. In a
// list item the code goes under the item's text and reads back with its indentation.
TEST(Blocks, CodeKeepsItsIndentation) {
  const Result r = WholePage(
      "<body><p>Define   it:</p><pre><code>\n\n    def f(x):   \n        if x:\n\n\t\treturn 1\n        return 0\n\n</code></pre>"
      "<ul><li>Then call it:<pre>  f(1)\n    # indented comment</pre></li></ul></body>");
  ASSERT_EQ(r.blocks.size(), 4u);
  EXPECT_EQ(r.blocks[0].text, "Define it:");
  EXPECT_EQ(r.blocks[1].kind, BlockKind::kCode);
  EXPECT_EQ(r.blocks[1].text, "    def f(x):\n        if x:\n\n\t\treturn 1\n        return 0");
  EXPECT_EQ(r.blocks[3].text, "  f(1)\n    # indented comment");
  EXPECT_EQ(r.Text(), "Define it:\n\n    def f(x):\n        if x:\n\n\t\treturn 1\n        return 0\n\nThen call it:\n\n"
                      "  f(1)\n    # indented comment");
  const std::string md = ToMarkdown(r);
  EXPECT_EQ(md.substr(md.find("- Then")), "- Then call it:\n\n  ```\n    f(1)\n      # indented comment\n  ```\n");
  std::vector<std::string> unexpected;
  EXPECT_EQ(ReadBack(md, false, &unexpected), BlockText(r)) << md;
  EXPECT_TRUE(unexpected.empty()) << md;
}

// Every page of the development corpus, as `auto` extracts it, with and without links.
TEST(MarkdownCorpus, EveryPageReadsBackAsItsText) {
  const std::filesystem::path data(PITH_SHARED_DATA);
  if (!std::filesystem::is_directory(data)) GTEST_SKIP() << "no shared data at " << data;
  const Extractor extractor{Options{}};
  std::size_t pages = 0;
  std::vector<std::string> failures;
  for (const auto& set : std::filesystem::directory_iterator(data)) {
    if (!std::filesystem::is_directory(set.path() / "html")) continue;
    for (const auto& file : std::filesystem::directory_iterator(set.path() / "html")) {
      std::ifstream in(file.path(), std::ios::binary);
      std::stringstream bytes;
      bytes << in.rdbuf();
      const Result r = extractor.Extract(bytes.str(), PageInfo{});
      if (r.blocks.empty()) continue;
      ++pages;
      for (const bool links : {false, true}) {
        const std::string problem = MarkdownReadBackProblem(r, links);
        if (!problem.empty()) failures.push_back(file.path().string() + (links ? " (links)" : "") + ": " + problem);
      }
    }
  }
  EXPECT_GT(pages, 1000u);
  EXPECT_TRUE(failures.empty()) << failures.size() << " of " << 2 * pages << " renderings differ; first: "
                                << failures.front() << (failures.size() > 1 ? "\n" + failures[1] : "")
                                << (failures.size() > 2 ? "\n" + failures[2] : "");
}

}  // namespace
}  // namespace pith::render
