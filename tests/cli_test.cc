// The `pith` command line: formats, batches (one record per input, the batch goes on), -o naming,
// stdin, exit codes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "test_util.h"

namespace pith {
namespace {

using testing::ReadFile;
using testing::RunPith;
using testing::TempDir;
using testing::WriteFile;

const std::string kPage =
    "<html><head><title>Storm closes schools - Daily Example</title>"
    "<meta name=keywords content=\"storm, schools\"><meta property=og:site_name content=\"Daily Example\"></head><body>\n"
    "<div><a href=/>Home</a> <a href=/news>News</a></div>\n"
    "<p>Heavy snow closed every school in the district on Monday, the education office said.</p>\n"
    "<p>Buses will run again once the roads are cleared, which may take until Wednesday.</p>\n"
    "<p>Parents were asked to check the district website for updates each morning.</p>\n"
    "</body></html>\n";

TEST(Cli, ExtractsOneFileAsText) {
  TempDir dir;
  WriteFile(dir.path() / "a.html", kPage);
  const auto r = RunPith("extract " + (dir.path() / "a.html").string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Heavy snow closed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n\nBuses will run"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Home"), std::string::npos);
}

TEST(Cli, ReadsStdin) {
  TempDir dir;
  WriteFile(dir.path() / "a.html", kPage);
  const auto r = RunPith("extract - --format json", (dir.path() / "a.html").string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["input"], "-");
  EXPECT_EQ(j["algorithm"], "auto");
  EXPECT_EQ(j["encoding"]["source"], "utf8");
}

TEST(Cli, BatchYieldsOneRecordPerInputAndGoesOnPastFailures) {
  TempDir dir;
  WriteFile(dir.path() / "1.html", kPage);
  WriteFile(dir.path() / "2.html", "");
  WriteFile(dir.path() / "3.html", std::string("%PDF-1.4\n\x00\x01\x02 binary", 20));
  WriteFile(dir.path() / "4.html", kPage);
  const std::string missing = (dir.path() / "missing.html").string();
  const auto r = RunPith("extract --format jsonl " + (dir.path() / "1.html").string() + " " +
                         (dir.path() / "2.html").string() + " " + missing + " " +
                         (dir.path() / "3.html").string() + " " + (dir.path() / "4.html").string());
  EXPECT_EQ(r.exit_code, 1);
  std::istringstream lines(r.out);
  std::vector<nlohmann::json> records;
  for (std::string line; std::getline(lines, line);) records.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(records.size(), 5u) << r.out;
  EXPECT_EQ(records[0]["status"], "ok");
  EXPECT_EQ(records[1]["error"]["kind"], "empty_input");
  EXPECT_EQ(records[2]["error"]["kind"], "io_error");
  EXPECT_EQ(records[2]["input"], missing);
  EXPECT_EQ(records[3]["error"]["kind"], "not_html");
  EXPECT_EQ(records[4]["status"], "ok");
  EXPECT_NE(r.err.find(missing), std::string::npos) << r.err;  // stderr names the failing input
}

TEST(Cli, AFileNameThatIsNotUtf8StillGetsItsJsonRecord) {
  // File names are bytes; JSON text is UTF-8. The record names the input with U+FFFD for the bytes
  // that are not UTF-8 (this used to abort the whole batch).
  TempDir dir;
  const std::string name = "page-\xff\xfe.html";
  WriteFile(dir.path() / name, kPage);
  WriteFile(dir.path() / "ok.html", kPage);
  for (const char* format : {"json", "jsonl"}) {
    const auto r = RunPith(std::string("extract --format ") + format + " " + (dir.path() / name).string() + " " +
                           (dir.path() / "ok.html").string());
    ASSERT_EQ(r.exit_code, 0) << format << ": " << r.err;
    EXPECT_NE(r.out.find("page-\xef\xbf\xbd\xef\xbf\xbd.html"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("ok.html"), std::string::npos) << r.out;
  }
}

TEST(Cli, FolderInputWritesOneFilePerPageIntoOutputDir) {
  TempDir dir;
  WriteFile(dir.path() / "in/first.html", kPage);
  WriteFile(dir.path() / "in/second.HTM", kPage);
  WriteFile(dir.path() / "in/notes.txt", "not a page");
  WriteFile(dir.path() / "in/broken.html", "");
  const auto out = dir.path() / "out";
  const auto r = RunPith("extract " + (dir.path() / "in").string() + " -o " + out.string());
  EXPECT_EQ(r.exit_code, 1);  // broken.html failed
  EXPECT_TRUE(std::filesystem::exists(out / "first.txt"));
  EXPECT_TRUE(std::filesystem::exists(out / "second.txt"));
  EXPECT_TRUE(std::filesystem::exists(out / "broken.error"));
  EXPECT_FALSE(std::filesystem::exists(out / "notes.txt"));
  EXPECT_NE(ReadFile(out / "first.txt").find("Heavy snow"), std::string::npos);
  EXPECT_NE(ReadFile(out / "broken.error").find("empty_input"), std::string::npos);
}

TEST(Cli, JsonFormatWithSeveralInputsIsOneArray) {
  TempDir dir;
  WriteFile(dir.path() / "a.html", kPage);
  WriteFile(dir.path() / "b.html", kPage);
  const auto r = RunPith("extract --format json -j 2 " + (dir.path() / "a.html").string() + " " +
                         (dir.path() / "b.html").string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[0]["keywords"], nlohmann::json::array({"storm", "schools"}));
}

TEST(Cli, PaperFormatHasTitleKeywordsDateBody) {
  TempDir dir;
  WriteFile(dir.path() / "a.html", kPage);
  const auto r = RunPith("extract --format paper " + (dir.path() / "a.html").string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("Title: Storm closes schools\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("Keywords: storm, schools\n"), std::string::npos);
  EXPECT_NE(r.out.find("\nBody:\nHeavy snow"), std::string::npos);
}

TEST(Cli, MarkdownFormatWritesTheSameSelectionWithStructure) {
  const std::string page =
      "<html><body><article><h1>Bridge opens</h1><p>The new bridge opened on Monday after three years of "
      "work on the river crossing.</p><h2>Costs</h2><ul><li>Steel: 4 million</li><li>Labour: 2 million</li></ul>"
      "<table><tr><th>Year</th><th>Cars</th></tr><tr><td>2023</td><td>1|200</td></tr></table>"
      "<blockquote>It is a good day for the town.</blockquote><pre>lane_width = 3.5\nlanes = 4</pre>"
      "<p># not a heading: the text goes on for a while longer, as paragraphs do.</p></article></body></html>";
  TempDir dir;
  WriteFile(dir.path() / "a.html", page);
  const auto md = RunPith("extract --format markdown " + (dir.path() / "a.html").string());
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_EQ(md.out,
            "# Bridge opens\n\n"
            "The new bridge opened on Monday after three years of work on the river crossing.\n\n"
            "## Costs\n\n"
            "- Steel: 4 million\n- Labour: 2 million\n\n"
            "| Year | Cars |\n| --- | --- |\n| 2023 | 1\\|200 |\n\n"
            "> It is a good day for the town.\n\n"
            "```\nlane_width = 3.5\nlanes = 4\n```\n\n"
            "\\# not a heading: the text goes on for a while longer, as paragraphs do.\n");
  // Rendering never changes the selection: the same words as the text format, in the same order.
  const auto text = RunPith("extract " + (dir.path() / "a.html").string());
  auto words = [](const std::string& s) {
    std::string w;
    for (char c : s) {
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) w.push_back(c);
    }
    return w;
  };
  EXPECT_EQ(words(md.out), words(text.out));
  const auto out = RunPith("extract --format markdown -o " + (dir.path() / "out").string() + " " +
                           (dir.path() / "a.html").string());
  EXPECT_EQ(out.exit_code, 0) << out.err;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "out" / "a.md"));
}

TEST(Cli, MarkdownLinksAreWrittenResolvedAndEscapedOnRequest) {
  const std::string page =
      "<html><head><base href=\"/docs/\"></head><body><article><h1>Guide</h1>"
      "<p>Before you start, read the <a href=\"intro.html\">intro <b>page</b></a> from beginning to end, then look "
      "at the <a href=\"https://example.org/x(1)\">reference [v2]</a> for the details, and ignore "
      "<a href=\"javascript:void(0)\">this</a> button.</p>"
      "<p>Another paragraph with enough words to be content, and a sentence that ends properly here.</p>"
      "<pre>see <a href=\"/code\">code</a></pre></article></body></html>";
  TempDir dir;
  WriteFile(dir.path() / "a.html", page);
  const std::string file = (dir.path() / "a.html").string();
  const auto md = RunPith("extract --format markdown --links --url https://site.test/a/b.html " + file);
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_NE(md.out.find("read the [intro **page**](https://site.test/docs/intro.html) from"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("the [reference \\[v2\\]](https://example.org/x%281%29) for"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("ignore this button"), std::string::npos) << md.out;  // javascript: stays text
  EXPECT_NE(md.out.find("```\nsee code\n```"), std::string::npos) << md.out;   // no links in code
  // Without a page URL the relative <base> cannot be resolved: the href is written as it is.
  const auto raw = RunPith("extract --format markdown --links " + file);
  EXPECT_NE(raw.out.find("[intro **page**](intro.html)"), std::string::npos) << raw.out;
  // Without --links the Markdown has no link syntax.
  EXPECT_EQ(RunPith("extract --format markdown " + file).out.find("]("), std::string::npos);
  // JSON: each block's links as byte ranges of its text.
  const auto json = RunPith("extract --format json --blocks --links --url https://site.test/a/b.html " + file);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const nlohmann::json block = nlohmann::json::parse(json.out)["blocks"][1];
  const std::string text = block["text"];
  ASSERT_EQ(block["links"].size(), 3u) << block.dump();
  const nlohmann::json& first = block["links"][0];
  EXPECT_EQ(text.substr(first["begin"].get<std::size_t>(),
                        first["end"].get<std::size_t>() - first["begin"].get<std::size_t>()),
            "intro page");
  EXPECT_EQ(first["url"], "https://site.test/docs/intro.html");
  // --links where it has no effect is a usage error.
  EXPECT_EQ(RunPith("extract --links " + file).exit_code, 2);
  EXPECT_EQ(RunPith("extract --format json --links " + file).exit_code, 2);
  // --explain implies JSON, so its blocks take --links too.
  const auto explained = RunPith("extract --explain --blocks --links --url https://site.test/a/b.html " + file);
  ASSERT_EQ(explained.exit_code, 0) << explained.err;
  EXPECT_NE(explained.out.find("\"https://site.test/docs/intro.html\""), std::string::npos) << explained.out;
}

TEST(Cli, EvalScoresSavedOutputsWithoutRunningAnAlgorithm) {
  // A set of two pages: "same" has an output equal to its truth, "lost" has no saved output.
  const std::string truth = "Heavy snow closed every school in the district on Monday, the education office said.";
  TempDir dir;
  const auto set = dir.path() / "data" / "tiny";
  WriteFile(set / "index.jsonl", "{\"id\": \"same\", \"truth\": \"txt+json\"}\n{\"id\": \"lost\", \"truth\": \"txt\"}\n");
  WriteFile(set / "html/same.html", kPage);
  WriteFile(set / "html/lost.html", kPage);
  WriteFile(set / "truth/same.txt", truth);
  WriteFile(set / "truth/lost.txt", truth);
  WriteFile(set / "truth/same.json", "{\"with\": [\"closed every school\"], \"without\": [\"Home\"]}");
  WriteFile(dir.path() / "saved/tiny/same.txt", truth);
  const auto json_file = dir.path() / "r.json";
  const auto r = RunPith("eval --data " + (dir.path() / "data").string() + " --outputs " +
                         (dir.path() / "saved").string() + " --per-page --json " + json_file.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("saved outputs"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(ReadFile(json_file));
  EXPECT_TRUE(j["algorithm"].is_null());
  const auto& tiny = j["sets"][0];
  EXPECT_EQ(tiny["empty_outputs"], 1);
  EXPECT_EQ(tiny["errors"], 0);
  EXPECT_TRUE(tiny["pages_per_second"].is_null());  // nothing was timed
  // Precision is averaged over the page with an output (1.0), recall over both pages (1.0 and 0).
  EXPECT_DOUBLE_EQ(tiny["shingle"]["precision"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(tiny["shingle"]["recall"].get<double>(), 0.5);
  EXPECT_NEAR(tiny["shingle"]["f1"].get<double>(), 2.0 / 3, 1e-9);
  EXPECT_NEAR(tiny["char"]["f1"].get<double>(), 2.0 / 3, 1e-9);
  EXPECT_EQ(tiny["snippets"]["tp"], 1);
  EXPECT_EQ(tiny["snippets"]["tn"], 1);
  EXPECT_EQ(tiny["page_results"][0]["shingle"]["f1"], 1.0);
  EXPECT_EQ(tiny["page_results"][1]["status"], "missing");
  EXPECT_EQ(tiny["page_results"][1]["output_bytes"], 0);
  // Saved outputs replace the algorithm: asking for both is a usage error.
  EXPECT_EQ(RunPith("eval --data " + (dir.path() / "data").string() + " --outputs " +
                    (dir.path() / "saved").string() + " --algorithm auto")
                .exit_code,
            2);
}

TEST(Cli, UsageErrorsExitWithTwo) {
  EXPECT_EQ(RunPith("extract --format yaml x.html").exit_code, 2);
  EXPECT_EQ(RunPith("no-such-command").exit_code, 2);
  EXPECT_EQ(RunPith("extract --algorithm nonsense x.html").exit_code, 2);
  const auto help = RunPith("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("Exit codes"), std::string::npos);
}

}  // namespace
}  // namespace pith
