// Tables as pages write them: one small page per table shape (Markdown renderers' thead/th,
// Sphinx's paragraphs in cells, pandoc's classed rows, spans, cells holding lists, code and images,
// nested tables) and the layout tables that are no tables; Markdown's GFM tables and JSON's cells.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dom/parse.h"
#include "pith/pith.h"
#include "render/blocks.h"
#include "render/formats.h"
#include "test_util.h"

namespace pith::render {
namespace {

Result WholePage(std::string_view html) {
  dom::Document doc;
  dom::Parse(html, dom::ParseLimits{}, &doc);
  Result r;
  r.blocks = CollectBlocks(doc, std::vector<std::uint8_t>(doc.size(), 1));
  return r;
}

std::string Markdown(std::string_view html) { return ToMarkdown(WholePage(html)); }

TEST(Tables, MarkdownRenderersTables) {
  EXPECT_EQ(Markdown("<table><thead><tr><th>Name</th><th>Born</th></tr></thead><tbody><tr><td>Ada</td>"
                     "<td>1815</td></tr><tr><td>Alan</td><td>1912</td></tr></tbody></table>"),
            "| Name | Born |\n| --- | --- |\n| Ada | 1815 |\n| Alan | 1912 |\n");
}

TEST(Tables, SphinxParagraphsStayInTheirCells) {
  EXPECT_EQ(Markdown("<table class=\"docutils align-default\"><thead><tr class=row-odd><th class=head><p>Type</p>"
                     "</th><th class=head><p>Bits</p></th></tr></thead><tbody><tr class=row-even><td><p><code "
                     "class=\"docutils literal\"><span class=pre>int</span></code></p></td><td><p>32</p><p>(often)"
                     "</p></td></tr></tbody></table>"),
            "| Type | Bits |\n| --- | --- |\n| `int` | 32<br>(often) |\n");
}

TEST(Tables, EmptyCellsKeepTheColumns) {
  // pandoc writes formulas as MathML; a cell left without text keeps its place.
  EXPECT_EQ(Markdown("<table><thead><tr class=header><th>a</th><th>b</th><th>c</th></tr></thead><tbody>"
                     "<tr class=odd><td>1</td><td></td><td>3</td></tr><tr><td></td><td></td><td>6</td></tr></tbody>"
                     "</table>"),
            "| a | b | c |\n| --- | --- | --- |\n| 1 |  | 3 |\n|  |  | 6 |\n");
}

TEST(Tables, SpansTakeTheirSlots) {
  EXPECT_EQ(Markdown("<table><tr><th colspan=2>Both</th><th>C</th></tr><tr><td rowspan=2>Tall</td><td>b1</td>"
                     "<td>c1</td></tr><tr><td>b2</td><td>c2</td></tr><tr><td>a3</td><td colspan=2>wide</td></tr></table>"),
            "| Both |  | C |\n| --- | --- | --- |\n| Tall | b1 | c1 |\n|  | b2 | c2 |\n| a3 | wide |  |\n");
  // A huge colspan adds no more than 64 columns.
  const std::string md = Markdown("<table><tr><th colspan=1000>x</th></tr><tr><td>a</td><td>b</td></tr></table>");
  EXPECT_EQ(md.substr(0, md.find('\n')).size(), 1 + 4 + 63 * 3u) << md.substr(0, 300);
}

TEST(Tables, CellsHoldListsCodeAndImages) {
  const Result r = WholePage(
      "<table><tr><th>What</th><th>How</th></tr><tr><td><ul><li>one</li><li>two | three</li></ul></td>"
      "<td><pre><code class=language-sh>make\nmake install</code></pre></td></tr><tr><td><img src=i.png alt=I>"
      "</td><td><ol start=3><li>c</li></ol></td></tr></table>");
  EXPECT_EQ(ToMarkdown(r), "| What | How |\n| --- | --- |\n| - one<br>- two \\| three | `make`<br>`make install` |\n"
                           "| ![I](i.png) | 3. c |\n");
  ASSERT_EQ(r.blocks.size(), 7u);
  EXPECT_EQ(r.blocks[2].kind, BlockKind::kListItem);
  EXPECT_EQ(r.blocks[2].depth, 1);  // counted from the cell
  EXPECT_EQ(r.blocks[4].kind, BlockKind::kCode);
  EXPECT_EQ(r.blocks[4].language, "sh");
  EXPECT_EQ(r.blocks[5].kind, BlockKind::kImage);
  EXPECT_EQ(r.blocks[2].cell, r.blocks[3].cell);
  EXPECT_NE(r.blocks[2].cell, r.blocks[4].cell);
  EXPECT_EQ(r.blocks[2].row, r.blocks[4].row);
  EXPECT_EQ(r.blocks[0].table, r.blocks[6].table);
}

TEST(Tables, ANestedTableIsTextOfItsCell) {
  EXPECT_EQ(Markdown("<table><thead><tr><th>Key</th><th>Value</th></tr></thead><tr><td>k</td><td><table><tr>"
                     "<td>x</td><td>y</td></tr><tr><td>z</td><td>w</td></tr></table></td></tr></table>"),
            "| Key | Value |\n| --- | --- |\n| k | x<br>y<br>z<br>w |\n");
}

TEST(Tables, LayoutTablesAreNoTables) {
  for (const char* html : {
           // The page's columns.
           "<table><tr><td><h2>News</h2><p>The story.</p></td><td><nav>menu</nav></td></tr><tr><td>a</td><td>b</td>"
           "</tr></table>",
           // Declared presentational.
           "<table role=presentation><tr><th>a</th><th>b</th></tr><tr><td>c</td><td>d</td></tr></table>",
           // One row, nothing marked.
           "<table><tr><td>left</td><td>right</td></tr></table>",
           // A cell holding a whole article.
           "<table><tr><td>x</td><td>y</td></tr><tr><td>z</td><td>LONG</td></tr></table>",
       }) {
    std::string page = html;
    if (const std::size_t at = page.find("LONG"); at != std::string::npos) page.replace(at, 4, std::string(500, 'w'));
    const Result r = WholePage(page);
    for (const Block& b : r.blocks) {
      EXPECT_EQ(b.table, 0u) << html;
      EXPECT_NE(b.kind, BlockKind::kTableRow) << html;
    }
    EXPECT_EQ(ToMarkdown(r).find('|'), std::string::npos) << html;
  }
  // A table holding tables lays the page out; a data table inside one of its cells is a table.
  EXPECT_EQ(Markdown("<table><tr><td><table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>"
                     "</td><td>side</td></tr><tr><td>e</td><td>f</td></tr></table>"),
            "| a | b |\n| --- | --- |\n| c | d |\n\nside\n\ne\n\nf\n");
}

TEST(Tables, HighlighterTablesAreCode) {
  const Result r = WholePage(
      "<table class=highlighttable><tr><td class=linenos><div class=linenodiv><pre>1\n2</pre></div></td><td "
      "class=code><div class=highlight><pre>a = 1\nb = 2</pre></div></td></tr></table>");
  ASSERT_EQ(r.blocks.size(), 1u);
  EXPECT_EQ(r.blocks[0].kind, BlockKind::kCode);
  EXPECT_EQ(r.blocks[0].table, 0u);
}

TEST(Tables, JsonCarriesRowsAndCells) {
  const Result r = WholePage("<table><tr><th>h</th><th colspan=2>wide</th></tr><tr><td rowspan=2>t</td><td></td>"
                             "<td>x</td></tr></table>");
  const nlohmann::json json = ToJson(r, "page.html", true);
  const nlohmann::json& b = json["blocks"];
  ASSERT_EQ(b.size(), 5u);
  EXPECT_EQ(b[0]["header"], true);
  EXPECT_EQ(b[1]["colspan"], 2);
  EXPECT_EQ(b[2]["rowspan"], 2);
  EXPECT_EQ(b[2]["header"], false);
  EXPECT_EQ(b[3]["text"], "");
  EXPECT_EQ(b[0]["row"], b[1]["row"]);
  EXPECT_NE(b[1]["row"], b[2]["row"]);
  EXPECT_EQ(b[0]["table"], b[4]["table"]);
  EXPECT_NE(b[3]["cell"], b[4]["cell"]);
  EXPECT_EQ(r.Text(), "h\n\nwide\n\nt\n\nx");  // the text holds no empty cell
}

// A table's header row named "header" (pandoc) is the table's, not the page's header: `auto`
// keeps it.
TEST(Tables, APandocHeaderRowIsContent) {
  std::string rows;
  for (int i = 0; i < 6; ++i) rows += "<tr class=odd><td>signed char</td><td>8 bits</td></tr>";
  const std::string story =
      "<p>The harbour board approved the budget for the new breakwater on Monday evening, after a long debate "
      "about the cost of the work and the time it will take.</p>";
  const Result r = testing::ExtractOk("<body><article>" + story +
                                      "<table><thead><tr class=header><th>Type name</th><th>Width</th></tr></thead>"
                                      "<tbody>" + rows + "</tbody></table>" + story + "</article></body>");
  EXPECT_NE(ToMarkdown(r).find("| Type name | Width |\n| --- | --- |\n| signed char | 8 bits |"), std::string::npos)
      << ToMarkdown(r);
}

}  // namespace
}  // namespace pith::render
