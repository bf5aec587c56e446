// docs/output.md documents every field `pith extract` writes in JSON: these tests run the tool with
// every option that adds fields (--blocks, --links, --comments, --explain), on error inputs, in
// online mode (file:// URLs) and on a web archive (with --summary), walk every key of what it
// wrote, nested keys as dotted paths (`blocks.links.url`; an array's elements share its path), and
// fail when docs/output.md does not name the path in backticks. A field added without its line in
// the documentation fails here. Objects whose keys are data (the page types' probabilities, the
// skip reasons counted) are checked as `path.*`, and each key they hold must be named too.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "classify/page_type.h"
#include "fetch/fetch.h"
#include "pith/warc.h"
#include "test_util.h"
#include "warc_builder.h"

namespace pith {
namespace {

using nlohmann::json;

const std::string& OutputDoc() {
  static const std::string doc = testing::ReadFile(PITH_TEST_DIR "/../docs/output.md");
  return doc;
}

bool Documented(const std::string& name) { return OutputDoc().find("`" + name + "`") != std::string::npos; }

// Objects whose keys are values (page types, feature names, skip reasons, error kinds), not fields.
const std::set<std::string> kKeyedByValue = {"explain.page_type.probabilities", "explain.page_type.features",
                                             "explain.confidence.features",
                                             "inputs.counts.skipped",           "inputs.counts.errors",
                                             "total.skipped",                   "total.errors"};

struct Keys {
  std::set<std::string> paths;   // "title", "encoding.charset", "blocks.links.url", "total.skipped.*"
  std::set<std::string> values;  // keys of kKeyedByValue objects: "article", "link_density", "request"
};

void Walk(const json& j, const std::string& path, Keys* keys) {
  if (j.is_array()) {
    for (const json& element : j) Walk(element, path, keys);
    return;
  }
  if (!j.is_object()) return;
  if (kKeyedByValue.count(path) > 0) {
    keys->paths.insert(path + ".*");
    for (const auto& [key, value] : j.items()) keys->values.insert(key);
    return;
  }
  for (const auto& [key, value] : j.items()) {
    const std::string child = path.empty() ? key : path + "." + key;
    keys->paths.insert(child);
    Walk(value, child, keys);
  }
}

// Every line of `out` is one JSON record.
Keys WalkLines(const std::string& out) {
  Keys keys;
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) {
    if (!line.empty()) Walk(json::parse(line), "", &keys);
  }
  return keys;
}

void ExpectDocumented(const Keys& keys) {
  ASSERT_FALSE(OutputDoc().empty()) << "docs/output.md is missing";
  for (const std::string& path : keys.paths) {
    EXPECT_TRUE(Documented(path)) << "docs/output.md does not document the JSON field `" << path << "`";
  }
  for (const std::string& value : keys.values) {
    EXPECT_TRUE(Documented(value)) << "docs/output.md does not name the key `" << value << "`";
  }
}

// The fields the inputs below must produce: if a change stops producing one, the inputs no longer
// test its documentation and need a new page.
void ExpectProduced(const Keys& keys, const std::set<std::string>& wanted) {
  for (const std::string& path : wanted) EXPECT_TRUE(keys.paths.count(path) > 0) << "no record had `" << path << "`";
}

// A news article with every kind of block: headings, a linked paragraph, nested ordered and
// unordered lists, a table, a quotation, code, a figure caption, and a comment section after it.
constexpr char kArticle[] = R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>Restoring the old harbour bridge - Riverside Gazette</title>
<meta name="author" content="Jane Miller">
<meta name="keywords" content="bridges, restoration">
<meta name="description" content="The harbour bridge reopens after two years of repairs.">
<meta property="article:published_time" content="2024-05-02T09:30:00Z">
<link rel="canonical" href="https://gazette.example/2024/05/harbour-bridge">
</head><body>
<nav><a href="/">Home</a> | <a href="/news">News</a> | <a href="/sport">Sport</a></nav>
<article>
<h1>Restoring the old harbour bridge</h1>
<p>After two years of work the harbour bridge opened again on Saturday. The city kept the iron arches and replaced the deck, as the <a href="/2022/plan">restoration plan</a> of 2022 asked.</p>
<p>Engineers found that most of the rivets were still sound. They replaced about a fifth of them and painted the whole structure in its original green.</p>
<h2>What changed</h2>
<ol>
<li>A wider footpath on both sides of the deck, with new railings.</li>
<li>Lighting under the arches:
  <ul><li>warm white lamps along the arches</li><li>a timer that switches them off at midnight</li></ul>
</li>
</ol>
<table>
<tr><th>Part</th><th>Cost</th></tr>
<tr><td>Deck</td><td>4.2 million</td></tr>
<tr><td>Arches</td><td>1.1 million</td></tr>
</table>
<blockquote><p>We wanted the bridge to look as our grandparents knew it, said the city architect.</p></blockquote>
<pre><code>opening hours: 06:00-24:00
  cyclists: walk on the deck</code></pre>
<figure><img src="bridge.jpg" alt=""><figcaption>The bridge on the day it reopened.</figcaption></figure>
<p>The bridge is open to walkers and cyclists every day; cars will be allowed from June.</p>
</article>
<section id="comments" class="comments">
<h3>3 comments</h3>
<div class="comment"><p class="comment-author">Tom</p><p>Finally! I walked across it this morning and it looks wonderful, the green paint is just right.</p></div>
<div class="comment"><p class="comment-author">Anna</p><p>Will there be a bicycle lane on the deck as well, or do cyclists have to walk all the time?</p></div>
</section>
<footer>Copyright 2024 Riverside Gazette. <a href="/privacy">Privacy</a></footer>
</body></html>
)";

// Tibetan in a legacy font no conversion table covers (encoding.legacy_fonts_unconverted).
std::string UnconvertedFontPage() {
  std::string text;
  for (int i = 0; i < 8; ++i) text += "ka.kha.ga.nga. ";
  return "<html><head><title>t</title></head><body><p><font face=\"Tsamkey\">" + text + "</font></p></body></html>";
}

TEST(OutputDoc, EveryFieldOfAPageRecordIsDocumented) {
  testing::TempDir dir;
  const auto article = dir.path() / "article.html", unconverted = dir.path() / "tsamkey.html";
  const auto empty = dir.path() / "empty.html", pdf = dir.path() / "report.html";
  testing::WriteFile(article, kArticle);
  testing::WriteFile(unconverted, UnconvertedFontPage());
  testing::WriteFile(empty, "");
  testing::WriteFile(pdf, std::string("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", 48));
  const std::string converted = PITH_TEST_DIR "/fixtures/tibetan/html/bo-legacy-tmw.html";
  const std::string inputs = article.string() + " " + unconverted.string() + " " + converted + " " + empty.string() +
                             " " + pdf.string() + " " + (dir.path() / "missing.html").string();
  const testing::RunResult all = testing::RunPith("extract -f jsonl --blocks --links --comments --explain " + inputs);
  EXPECT_EQ(all.exit_code, 1) << all.err;  // the empty, PDF and missing inputs failed
  // lineblock's explanation adds each block's Y(x).
  const testing::RunResult lineblock =
      testing::RunPith("extract -f jsonl --blocks --explain -a lineblock " + article.string());
  ASSERT_EQ(lineblock.exit_code, 0) << lineblock.err;
  Keys keys = WalkLines(all.out);
  const Keys more = WalkLines(lineblock.out);
  keys.paths.insert(more.paths.begin(), more.paths.end());
  keys.values.insert(more.values.begin(), more.values.end());
  ExpectProduced(keys, {"comments", "page_type", "blocks.item", "blocks.depth", "blocks.number", "blocks.row",
                        "blocks.comment", "blocks.links.url", "encoding.legacy_fonts_converted",
                        "encoding.legacy_fonts_unconverted", "error.kind", "error.message", "explain.blocks.y",
                        "explain.blocks.comment", "explain.decisions.node_line", "explain.page_type.features.*",
                        "confidence", "explain.confidence.features.*"});
  ExpectDocumented(keys);
}

TEST(OutputDoc, EveryFieldOfAnOnlineRecordIsDocumented) {
  testing::TempDir dir;
  const auto article = dir.path() / "article.html";
  testing::WriteFile(article, kArticle);
  const testing::RunResult r = testing::RunPith("extract -f jsonl --blocks --links --allow-file-urls file://" +
                                                article.string() + " file://" + (dir.path() / "gone.html").string());
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const Keys keys = WalkLines(r.out);
  ExpectProduced(keys, {"final_url", "http_status", "content_type", "fetch_ms", "attempts", "page_url", "error.kind"});
  ExpectDocumented(keys);
}

TEST(OutputDoc, EveryFieldOfAnArchiveRecordAndTheSummaryIsDocumented) {
  testing::TempDir dir;
  const std::string page = kArticle;
  std::string warc = testing::WarcRecordBytes(
      "response", "https://gazette.example/bridge", "00000000-0000-4000-8000-000000000001", "application/http; msgtype=response",
      testing::HttpResponseBytes(200, "Content-Type: text/html; charset=utf-8\r\n", page));
  // A chunk that runs past the end of the body: the record says so in warc.payload_error.
  warc += testing::WarcRecordBytes(
      "response", "https://gazette.example/cut", "00000000-0000-4000-8000-000000000002", "application/http; msgtype=response",
      testing::HttpResponseBytes(200, "Content-Type: text/html\r\nTransfer-Encoding: chunked\r\n",
                                 "ffff\r\n" + page));
  warc += testing::WarcRecordBytes("request", "https://gazette.example/bridge", "00000000-0000-4000-8000-000000000003",
                                   "application/http; msgtype=request", "GET /bridge HTTP/1.1\r\n\r\n");
  warc += testing::WarcRecordBytes(
      "response", "https://gazette.example/missing", "00000000-0000-4000-8000-000000000004",
      "application/http; msgtype=response", testing::HttpResponseBytes(404, "Content-Type: text/html\r\n", "<p>gone</p>"));
  warc += "this line starts no record\r\n";  // damage: an error record of kind garbage
  const auto path = dir.path() / "crawl.warc", summary = dir.path() / "summary.json";
  testing::WriteFile(path, warc);
  const testing::RunResult r = testing::RunPith("extract -f jsonl --blocks --links --comments --no-progress --summary " +
                                                summary.string() + " " + path.string());
  EXPECT_EQ(r.exit_code, 1) << r.err;  // the garbage
  Keys keys = WalkLines(r.out);
  ExpectProduced(keys, {"warc.offset", "warc.type", "warc.record_id", "warc.target_uri", "warc.date", "warc.truncated",
                        "warc.http_status", "warc.content_type", "warc.payload_error", "error.kind"});
  const std::string summary_json = testing::ReadFile(summary);
  ASSERT_FALSE(summary_json.empty()) << r.err;
  Walk(json::parse(summary_json), "", &keys);
  ExpectProduced(keys, {"inputs.input", "inputs.counts.records", "total.skipped.*", "total.errors.*"});
  ExpectDocumented(keys);
}

// The values of the fields that name one of a fixed set: every one of them has its line.
TEST(OutputDoc, EveryValueOfAnEnumeratedFieldIsDocumented) {
  std::set<std::string> names;
  for (int c = 0; c <= static_cast<int>(StatusCode::kInternal); ++c) {
    names.insert(std::string(StatusCodeName(static_cast<StatusCode>(c))));
  }
  for (int s = 0; s <= static_cast<int>(EncodingSource::kNone); ++s) {
    names.insert(EncodingSourceName(static_cast<EncodingSource>(s)));
  }
  for (int k = 0; k <= static_cast<int>(BlockKind::kCaption); ++k) names.insert(BlockKindName(static_cast<BlockKind>(k)));
  for (std::size_t t = 0; t < classify::kPageTypes; ++t) names.insert(PageTypeName(static_cast<PageType>(t)));
  for (std::size_t f = 0; f < classify::kPageTypeFeatures; ++f) names.insert(classify::PageTypeFeatureName(f));
  for (int e = 1; e <= static_cast<int>(WarcError::kIo); ++e) names.insert(WarcErrorName(static_cast<WarcError>(e)));
  for (int s = 1; s <= static_cast<int>(WarcSkip::kEmpty); ++s) names.insert(WarcSkipName(static_cast<WarcSkip>(s)));
  for (int e = 1; e <= static_cast<int>(io::FetchError::kForbiddenAddress); ++e) {
    names.insert(std::string(io::FetchErrorName(static_cast<io::FetchError>(e))));
  }
  for (int a = 0; a <= static_cast<int>(Algorithm::kAuto); ++a) names.insert(AlgorithmName(static_cast<Algorithm>(a)));
  ASSERT_FALSE(OutputDoc().empty()) << "docs/output.md is missing";
  for (const std::string& name : names) EXPECT_TRUE(Documented(name)) << "docs/output.md does not name `" << name << "`";
}

}  // namespace
}  // namespace pith
