// `pith explain` / `extract --explain` (src/render/explain.h): blocks in document order tied to the
// algorithm's decisions (node and line decisions, generically), escaping of page text, a
// self-contained well-formed report for every available algorithm and script, and the CLI.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "algo/registry.h"
#include "core/pipeline.h"
#include "markup_check.h"
#include "render/explain.h"
#include "render/plot.h"
#include "test_util.h"
#include "text/unicode.h"

namespace pith {
namespace {

using testing::AsciiLower;
using testing::CheckXml;
using testing::ExplainPage;
using testing::ExplainPages;
using testing::ReadFile;
using testing::RunPith;
using testing::TempDir;
using testing::WriteFile;

const std::string kArticle =
    "<html><head><title>Storm closes schools</title></head><body>\n"
    "<div id=nav><a href=/>Home</a> <a href=/news>News</a> <a href=/sport>Sport</a></div>\n"
    "<div id=main>\n"
    "<p id=first>Heavy snow closed every school in the district on Monday, the education office said.</p>\n"
    "<p>Buses will run again once the roads are cleared, which may take until Wednesday or later.</p>\n"
    "<p>Parents were asked to check the district website for updates each morning before seven.</p>\n"
    "<p id=second>The office thanked the road crews who worked through the night to clear the main routes.</p>\n"
    "</div>\n"
    "<div id=footer>Copyright Example News</div>\n"
    "</body></html>\n";

struct Ran {
  algo::PageState state;
  Result result;
};

void RunPage(const std::string& bytes, const Options& options, Ran* out) {
  core::Run(bytes, PageInfo{}, options, &out->state, &out->result);
}

// Finds the block whose text starts with `prefix`.
const render::ExplainBlock* FindBlock(const render::Explanation& ex, std::string_view prefix) {
  for (const auto& b : ex.blocks) {
    if (b.text.rfind(prefix, 0) == 0) return &b;
  }
  return nullptr;
}

dom::NodeId FindById(const dom::Document& doc, std::string_view id) {
  for (dom::NodeId n = 0; n < doc.size(); ++n) {
    if (doc[n].is_element() && doc.GetAttr(n, dom::Attr::kId) == id) return n;
  }
  return dom::kNoNode;
}

std::size_t NonSpaceChars(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size();) n += !text::IsSpace(text::NextCodePoint(s, i));
  return n;
}

TEST(Explain, ListsEveryBlockInDocumentOrderWithLineblockVerdicts) {
  Options options;
  options.algorithm = Algorithm::kLineBlock;
  Ran r;
  RunPage(kArticle, options, &r);
  ASSERT_TRUE(r.result.status.ok()) << r.result.status.ToString();
  const render::Explanation ex = render::Explain(r.state, options);
  ASSERT_EQ(ex.blocks.size(), 6u);
  EXPECT_EQ(ex.blocks[0].text, "Home News Sport");
  EXPECT_EQ(ex.blocks[1].text.rfind("Heavy snow", 0), 0u);
  EXPECT_EQ(ex.blocks[5].text, "Copyright Example News");
  EXPECT_TRUE(ex.ctext_lines);
  EXPECT_EQ(ex.blocks[0].verdict(), render::Verdict::kRemoved);
  EXPECT_EQ(ex.blocks[0].link_chars, ex.blocks[0].chars);
  for (int i = 1; i <= 4; ++i) {
    EXPECT_EQ(ex.blocks[i].verdict(), render::Verdict::kKept) << ex.blocks[i].text;
    EXPECT_GE(ex.blocks[i].decision, 0) << "a kept line lies in a kept region";
    EXPECT_TRUE(r.state.selection.decisions[ex.blocks[i].decision].kept);
    EXPECT_LT(ex.blocks[i].unit_line, ex.block_lengths.size());
  }
  // The report's kept characters are exactly the extracted text's characters.
  EXPECT_EQ(ex.kept_chars, NonSpaceChars(r.result.Text()));
  std::size_t kept = 0;
  for (const auto& b : ex.blocks) kept += b.verdict() == render::Verdict::kKept;
  EXPECT_EQ(ex.kept_blocks, kept);
  std::uint32_t covered = 0;
  for (std::uint32_t n : ex.blocks_per_decision) covered += n;
  EXPECT_GE(covered, 4u);
}

// The report cuts blocks where the output does: one <br> is a line break inside the block, two in a
// row end it.
TEST(Explain, LineBreaksCutBlocksAsTheOutputDoes) {
  const std::string page =
      "<html><body><div id=main><p>1 Harbour Road<br>Portsmouth<br>PO1 2AB</p>"
      "<p>The harbour office opens every weekday from eight in the morning until six.<br><br>"
      "Boats may moor at the east quay after registering at the office with their papers.</p></div></body></html>";
  Options options;
  options.algorithm = Algorithm::kLineBlock;
  Ran r;
  RunPage(page, options, &r);
  const render::Explanation ex = render::Explain(r.state, options);
  ASSERT_EQ(ex.blocks.size(), 3u);
  EXPECT_EQ(ex.blocks[0].text, "1 Harbour Road\nPortsmouth\nPO1 2AB");
  EXPECT_EQ(ex.blocks[1].text.rfind("The harbour office", 0), 0u);
  EXPECT_EQ(ex.blocks[2].text.rfind("Boats may moor", 0), 0u);
}

// Another algorithm's decisions, built by hand: node decisions (innermost wins) and a line range
// in source-line numbering. Nothing in explain knows this "algorithm".
TEST(Explain, MapsNodeAndLineDecisionsGenerically) {
  Options options;
  options.algorithm = Algorithm::kCorrelation;  // any algorithm but lineblock: source-line numbering
  Ran r;
  ASSERT_TRUE(prepare::Prepare(kArticle, PageInfo{}, options, &r.state).ok());
  const dom::Document& doc = r.state.doc;
  algo::Selection& sel = r.state.selection;
  sel.Reset(doc.size());
  const dom::NodeId main = FindById(doc, "main"), second = FindById(doc, "second");
  const dom::NodeId footer = FindById(doc, "footer");
  ASSERT_NE(main, dom::kNoNode);
  ASSERT_NE(second, dom::kNoNode);
  sel.KeepSubtree(doc, main);
  for (dom::NodeId id = second; id < doc.SubtreeEnd(second); ++id) sel.keep[id] = 0;
  sel.decisions.push_back({0, 0, main, 7.5, true, "outer: CC 7.5 >= 4"});
  sel.decisions.push_back({0, 0, second, 0.5, false, "inner: cosine 0.05 < λ"});
  sel.decisions.push_back({doc[footer].line, doc[footer].line, dom::kNoNode, 0, false, "template: same text on 3/3 site pages"});
  sel.summary = "hand-made selection";

  const render::Explanation ex = render::Explain(r.state, options);
  EXPECT_FALSE(ex.ctext_lines);
  const auto* first = FindBlock(ex, "Heavy snow");
  const auto* inner = FindBlock(ex, "The office thanked");
  const auto* foot = FindBlock(ex, "Copyright");
  const auto* nav = FindBlock(ex, "Home");
  ASSERT_TRUE(first && inner && foot && nav);
  EXPECT_EQ(first->decision, 0);
  EXPECT_EQ(first->verdict(), render::Verdict::kKept);
  EXPECT_EQ(inner->decision, 1);
  EXPECT_EQ(inner->verdict(), render::Verdict::kRemoved);
  EXPECT_EQ(foot->decision, 2);
  EXPECT_EQ(nav->decision, -1);
  EXPECT_EQ(ex.blocks_per_decision, (std::vector<std::uint32_t>{3, 1, 1}));

  Result result;
  result.algorithm = options.algorithm;
  const std::string html = render::ExplainHtml(r.state, result, options, "page.html");
  EXPECT_EQ(CheckXml(html), "");
  EXPECT_NE(html.find("hand-made selection"), std::string::npos);
  EXPECT_NE(html.find("inner: cosine 0.05 &lt; λ"), std::string::npos);
  EXPECT_NE(html.find("template: same text on 3/3 site pages"), std::string::npos);
  EXPECT_NE(html.find("&lt;div#main&gt;"), std::string::npos) << "decided node named";
  EXPECT_EQ(html.find("id=\"lineblock\""), std::string::npos) << "lineblock section only for lineblock";

  const nlohmann::json j = render::ExplainJson(r.state, options);
  EXPECT_EQ(j["line_numbering"], "source");
  ASSERT_EQ(j["decisions"].size(), 3u);
  EXPECT_EQ(j["decisions"][0]["node"], "div#main");
  EXPECT_TRUE(j["decisions"][2]["node"].is_null());
  bool saw_inner = false;
  for (const auto& b : j["blocks"]) {
    if (b["text"].get<std::string>().rfind("The office", 0) == 0) {
      saw_inner = true;
      EXPECT_EQ(b["decision"], 1);
      EXPECT_EQ(b["score"], 0.5);
      EXPECT_EQ(b["verdict"], "removed");
    }
  }
  EXPECT_TRUE(saw_inner);
}

TEST(Explain, PageTextCannotInjectMarkup) {
  const std::string page =
      "<html><head><title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</title>"
      "<meta name=keywords content=\"&lt;script&gt;alert(4)&lt;/script&gt;\"></head><body>\n"
      "<div class='x\"&gt;&lt;script&gt;alert(3)&lt;/script&gt;' id=\"a'b\">\n"
      "<p>This paragraph talks about &lt;script&gt;alert(\"x\")&lt;/script&gt; tags and about "
      "&lt;img src=x onerror=alert(2)&gt; attributes, and it is long enough to be the main text of the "
      "page so that every algorithm keeps it and the report shows it in full.</p>\n"
      "<p>A second paragraph repeats that &lt;/p&gt;&lt;/div&gt;&lt;script&gt; must stay text, with "
      "enough words to make the block long and dense like the article body of a news page.</p>\n"
      "</div></body></html>\n";
  for (int a = 0; a <= static_cast<int>(Algorithm::kAuto); ++a) {
    Options options;
    options.algorithm = static_cast<Algorithm>(a);
    if (!algo::IsAvailable(options.algorithm)) continue;
    Ran r;
    RunPage(page, options, &r);
    const std::string html = render::ExplainHtml(r.state, r.result, options, "<script>alert(5)</script>");
    const std::string lower = AsciiLower(html);
    EXPECT_EQ(lower.find("<script"), std::string::npos) << AlgorithmName(options.algorithm);
    EXPECT_EQ(lower.find("<img"), std::string::npos);
    EXPECT_EQ(lower.find("</p></div>"), std::string::npos);
    EXPECT_NE(html.find("&lt;script&gt;alert(&quot;x&quot;)"), std::string::npos);
    EXPECT_NE(html.find("&lt;script&gt;alert(5)"), std::string::npos) << "input name escaped";
    EXPECT_EQ(CheckXml(html), "") << AlgorithmName(options.algorithm);
  }
}

TEST(Explain, SelfContainedWellFormedReportForEveryAlgorithmAndScript) {
  for (const std::string& name : ExplainPages()) {
    const std::string bytes = ReadFile(ExplainPage(name));
    ASSERT_FALSE(bytes.empty()) << name;
    for (int a = 0; a <= static_cast<int>(Algorithm::kAuto); ++a) {
      Options options;
      options.algorithm = static_cast<Algorithm>(a);
      if (!algo::IsAvailable(options.algorithm)) continue;
      SCOPED_TRACE(name + " / " + AlgorithmName(options.algorithm));
      Ran r;
      RunPage(bytes, options, &r);
      ASSERT_TRUE(r.result.status.ok() || r.result.status.code() == StatusCode::kNoContent)
          << r.result.status.ToString();
      const std::string html = render::ExplainHtml(r.state, r.result, options, name);
      EXPECT_EQ(CheckXml(html), "");
      EXPECT_NE(html.find("Content-Security-Policy"), std::string::npos);
      const std::string lower = AsciiLower(html);
      EXPECT_EQ(lower.find("<script"), std::string::npos);
      EXPECT_EQ(lower.find(" src="), std::string::npos) << "no external resource";
      for (std::size_t at = html.find("href=\""); at != std::string::npos; at = html.find("href=\"", at + 1)) {
        EXPECT_EQ(html[at + 6], '#') << "only in-page links";
      }
      if (!r.state.selection.summary.empty()) {
        EXPECT_NE(html.find(render::EscapeXml(r.state.selection.summary)), std::string::npos) << "summary shown";
      }
      EXPECT_NE(html.find("Decided by"), std::string::npos);
      // Every block of the page is listed, and every kept one is marked so.
      const render::Explanation ex = render::Explain(r.state, options);
      EXPECT_GT(ex.blocks.size(), 5u);
      std::size_t listed = 0;
      for (std::size_t at = html.find("class=\"blk "); at != std::string::npos; at = html.find("class=\"blk ", at + 1)) ++listed;
      EXPECT_EQ(listed, ex.blocks.size());
      EXPECT_EQ(ex.kept_chars, NonSpaceChars(r.result.Text()));
    }
  }
}

TEST(Explain, RightToLeftAndPageLanguageOnTextBlocks) {
  Options options;
  options.algorithm = Algorithm::kLineBlock;
  Ran r;
  RunPage(ReadFile(ExplainPage("ug-rtl.html")), options, &r);
  ASSERT_TRUE(r.result.status.ok());
  const std::string html = render::ExplainHtml(r.state, r.result, options, "ug-rtl.html");
  EXPECT_NE(html.find("<p class=\"txt\" dir=\"auto\" lang=\"ug\">"), std::string::npos);
  EXPECT_NE(html.find("ئۇچۇر تورى"), std::string::npos) << "Uyghur text is kept as UTF-8";
  EXPECT_NE(html.find("<td>rtl</td>"), std::string::npos) << "direction in the metadata table";
}

TEST(Explain, EncodingDecisionAndMetadataAreShown) {
  Options options;
  options.algorithm = Algorithm::kLineBlock;
  Ran r;
  RunPage(ReadFile(ExplainPage("zh-gbk.html")), options, &r);
  ASSERT_TRUE(r.result.status.ok());
  const std::string html = render::ExplainHtml(r.state, r.result, options, "zh-gbk.html");
  EXPECT_NE(html.find(r.result.encoding.charset), std::string::npos);
  EXPECT_NE(html.find("meta: declared by the page"), std::string::npos);
  EXPECT_NE(html.find("<td>gbk</td>"), std::string::npos);
  EXPECT_NE(html.find("周明"), std::string::npos) << "author";
  EXPECT_NE(html.find("id=\"lineblock\""), std::string::npos);
  EXPECT_NE(html.find("<svg"), std::string::npos) << "lineblock embeds its plot";
}

TEST(Explain, PageWithoutContentListsEverythingRemoved) {
  Options options;
  options.algorithm = Algorithm::kLineBlock;
  Ran r;
  RunPage("<html><body><a href=/a>one</a> <a href=/b>two</a></body></html>", options, &r);
  const std::string html = render::ExplainHtml(r.state, r.result, options, "links.html");
  EXPECT_EQ(CheckXml(html), "");
  const render::Explanation ex = render::Explain(r.state, options);
  ASSERT_EQ(ex.blocks.size(), 1u);
  EXPECT_EQ(ex.blocks[0].verdict(), render::Verdict::kRemoved);
  EXPECT_NE(html.find("no_content"), std::string::npos);
}

TEST(ExplainCli, WritesReportAndReportsErrors) {
  TempDir dir;
  WriteFile(dir.path() / "a.html", kArticle);
  const std::string out = (dir.path() / "report.html").string();
  auto r = RunPith("explain -a lineblock " + (dir.path() / "a.html").string() + " -o " + out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string html = ReadFile(out);
  EXPECT_EQ(CheckXml(html), "");
  EXPECT_NE(html.find("Heavy snow closed"), std::string::npos);

  r = RunPith("explain -a lineblock " + (dir.path() / "a.html").string());
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, html) << "stdout without -o";

  r = RunPith("explain " + (dir.path() / "missing.html").string() + " -o " + out);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("missing.html"), std::string::npos);

  WriteFile(dir.path() / "empty.html", "");
  r = RunPith("explain " + (dir.path() / "empty.html").string() + " -o " + out);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("empty_input"), std::string::npos);

  r = RunPith("explain " + (dir.path() / "a.html").string() + " -a no-such-algorithm");
  EXPECT_EQ(r.exit_code, 2);
}

TEST(ExplainCli, ExtractExplainAddsPerBlockScoresToJson) {
  TempDir dir;
  WriteFile(dir.path() / "a.html", kArticle);
  auto r = RunPith("extract --explain -a lineblock " + (dir.path() / "a.html").string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.contains("explain"));
  const auto& e = j["explain"];
  EXPECT_FALSE(e["summary"].get<std::string>().empty());
  ASSERT_EQ(e["blocks"].size(), 6u);
  EXPECT_EQ(e["blocks"][0]["verdict"], "removed");
  EXPECT_EQ(e["blocks"][1]["verdict"], "kept");
  EXPECT_TRUE(e["blocks"][1]["score"].is_number());
  EXPECT_TRUE(e["blocks"][1]["y"].is_number());
  EXPECT_FALSE(e["decisions"].empty());
  EXPECT_NE(j["text"].get<std::string>().find("Heavy snow"), std::string::npos) << "the record is unchanged";

  r = RunPith("extract --explain --format jsonl " + (dir.path() / "a.html").string() + " " +
              (dir.path() / "a.html").string());
  ASSERT_EQ(r.exit_code, 0);
  std::istringstream lines(r.out);
  int records = 0;
  for (std::string line; std::getline(lines, line); ++records) {
    EXPECT_TRUE(nlohmann::json::parse(line).contains("explain"));
  }
  EXPECT_EQ(records, 2);

  r = RunPith("extract --format json " + (dir.path() / "a.html").string());
  EXPECT_FALSE(nlohmann::json::parse(r.out).contains("explain")) << "only with --explain";

  r = RunPith("extract --explain --format text " + (dir.path() / "a.html").string());
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace pith
