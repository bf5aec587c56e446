// Tests of src/eval/dataset (reading sets in ../shared/data's layout) and src/eval/evaluate
// (aggregation, errors, JSON) with stand-in extractors, so they need no part of the library's
// pipeline. Tests that read the shared corpus skip when PITH_SHARED_DATA is absent.
#include "eval/dataset.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "eval/evaluate.h"

namespace pith::eval {
namespace {

namespace fs = std::filesystem;

fs::path SharedData() { return fs::path(PITH_SHARED_DATA); }

#define SKIP_WITHOUT_SET(name)                                                          \
  if (!fs::exists(SharedData() / (name) / "index.jsonl")) {                             \
    GTEST_SKIP() << "shared data set " << (name) << " not found under " PITH_SHARED_DATA; \
  }

// A small set written to a temporary folder.
class TempSet {
 public:
  explicit TempSet(const std::string& name) {
    root_ = fs::temp_directory_path() / ("pith_eval_test_" + std::to_string(::getpid()) + "_" + name);
    fs::remove_all(root_);
    dir_ = root_ / name;
    fs::create_directories(dir_ / "html");
    fs::create_directories(dir_ / "truth");
  }
  ~TempSet() { fs::remove_all(root_); }
  void Write(const fs::path& rel, const std::string& bytes) {
    std::ofstream(dir_ / rel, std::ios::binary) << bytes;
  }
  const fs::path& dir() const { return dir_; }
  const fs::path& root() const { return root_; }

 private:
  fs::path root_, dir_;
};

// ---- dataset --------------------------------------------------------------------------------------

TEST(EvalDataset, LangGroup) {
  Page p;
  p.lang_guess = "zh (from page text; no truth)";
  EXPECT_EQ(p.LangGroup(), "zh");
  p.lang_guess = "latin";
  EXPECT_EQ(p.LangGroup(), "latin");
  p.lang_guess = "";
  EXPECT_EQ(p.LangGroup(), "unknown");
}

TEST(EvalDataset, FindSetsInSharedData) {
  if (!fs::exists(SharedData())) GTEST_SKIP() << "no " PITH_SHARED_DATA;
  std::vector<fs::path> sets;
  ASSERT_TRUE(FindSets(SharedData(), &sets).ok());
  // Every subfolder with an index.jsonl, sorted; tibetan-legacy-fonts has none.
  ASSERT_GE(sets.size(), 2u);
  EXPECT_TRUE(std::is_sorted(sets.begin(), sets.end()));
  for (const fs::path& s : sets) {
    EXPECT_TRUE(fs::exists(s / "index.jsonl")) << s;
    EXPECT_NE(s.filename(), "tibetan-legacy-fonts");
  }
  // A set folder itself is one set.
  SKIP_WITHOUT_SET("zh-cwced");
  ASSERT_TRUE(FindSets(SharedData() / "zh-cwced", &sets).ok());
  ASSERT_EQ(sets.size(), 1u);
  EXPECT_EQ(sets[0], SharedData() / "zh-cwced");
}

TEST(EvalDataset, FindSetsErrors) {
  std::vector<fs::path> sets;
  EXPECT_EQ(FindSets("/nonexistent/pith/eval/data", &sets).code(), StatusCode::kIoError);
  TempSet t("empty");
  fs::remove(t.dir() / "html");
  fs::remove(t.dir() / "truth");
  EXPECT_EQ(FindSets(t.root(), &sets).code(), StatusCode::kInvalidArgument);  // no index.jsonl anywhere
}

TEST(EvalDataset, ZhCwced) {
  SKIP_WITHOUT_SET("zh-cwced");
  const fs::path dir = SharedData() / "zh-cwced";
  DataSet set;
  ASSERT_TRUE(LoadSet(dir, {}, &set).ok());
  EXPECT_EQ(set.name, "zh-cwced");
  ASSERT_EQ(set.pages.size(), 69u);
  EXPECT_EQ(set.index_pages, 69u);
  // The ids are exactly the files in html/ and truth/.
  std::set<std::string> html_files, truth_files, ids;
  for (const auto& e : fs::directory_iterator(dir / "html")) html_files.insert(e.path().stem().string());
  for (const auto& e : fs::directory_iterator(dir / "truth")) truth_files.insert(e.path().stem().string());
  std::size_t bytes = 0;
  for (const Page& p : set.pages) {
    ids.insert(p.id);
    EXPECT_TRUE(p.has_text_truth) << p.id;
    EXPECT_FALSE(p.has_snippet_truth) << p.id;
    EXPECT_FALSE(p.html.empty()) << p.id;
    EXPECT_EQ(p.html.size(), fs::file_size(dir / "html" / (p.id + ".html"))) << p.id;  // raw bytes
    EXPECT_FALSE(p.truth_text.empty()) << p.id;
    EXPECT_EQ(p.LangGroup(), "zh");
    bytes += p.html.size();
  }
  EXPECT_EQ(set.html_bytes, bytes);
  EXPECT_EQ(ids, html_files);
  EXPECT_EQ(ids, truth_files);
  // Legacy-encoded bytes stay as they are: at least one page is not valid UTF-8 (GB2312/GBK).
  EXPECT_TRUE(std::any_of(set.pages.begin(), set.pages.end(),
                          [](const Page& p) { return p.declared_charset == "gb2312"; }));
}

TEST(EvalDataset, WcxbDevHasTextAndSnippets) {
  SKIP_WITHOUT_SET("wcxb-dev");
  DataSet set;
  ASSERT_TRUE(LoadSet(SharedData() / "wcxb-dev", {}, &set).ok());
  ASSERT_EQ(set.pages.size(), 1000u);
  std::size_t with = 0, without = 0, typed = 0;
  for (const Page& p : set.pages) {
    EXPECT_TRUE(p.has_text_truth) << p.id;
    EXPECT_TRUE(p.has_snippet_truth) << p.id;
    with += p.with.size();
    without += p.without.size();
    typed += !p.page_type.empty();
  }
  EXPECT_EQ(typed, 1000u);
  EXPECT_GT(with, 1000u);
  EXPECT_GT(without, 0u);
  // dev-0002: 5 "with" and 4 "without" snippets, and its title, author and date.
  const auto it = std::find_if(set.pages.begin(), set.pages.end(), [](const Page& p) { return p.id == "dev-0002"; });
  ASSERT_NE(it, set.pages.end());
  EXPECT_EQ(it->with.size(), 5u);
  EXPECT_EQ(it->without.size(), 4u);
  EXPECT_EQ(it->page_type, "article");
  EXPECT_EQ(it->url, "https://tastewise.io/blog/health-and-nutrition-trends");
  EXPECT_FALSE(it->truth_text.empty());
  EXPECT_EQ(it->truth_title, "Top 10 Health and Nutrition Trends to Watch");
  EXPECT_EQ(it->truth_author, "Kelia Losa Reinoso");
  EXPECT_EQ(it->truth_date, "2025-08-25");
  const auto titled =
      std::count_if(set.pages.begin(), set.pages.end(), [](const Page& p) { return !p.truth_title.empty(); });
  EXPECT_EQ(titled, 1000);
}

TEST(EvalDataset, SetWithoutTruth) {
  SKIP_WITHOUT_SET("gne-zh-pages");
  DataSet set;
  PageFilter filter;
  filter.limit = 5;
  ASSERT_TRUE(LoadSet(SharedData() / "gne-zh-pages", filter, &set).ok());
  ASSERT_EQ(set.pages.size(), 5u);
  for (const Page& p : set.pages) {
    EXPECT_FALSE(p.has_text_truth);
    EXPECT_FALSE(p.has_snippet_truth);
    EXPECT_EQ(p.LangGroup(), "zh");
    EXPECT_FALSE(p.html.empty());
  }
}

TEST(EvalDataset, FilterByIdsAndLimit) {
  TempSet t("mini");
  t.Write("index.jsonl",
          "{\"id\": \"a\", \"truth\": \"txt\", \"lang_guess\": \"latin\", \"url\": \"http://x/a\"}\n"
          "\n"
          "{\"id\": \"b\", \"truth\": \"json\", \"lang_guess\": \"zh\", \"url\": null}\n"
          "{\"id\": \"c\", \"truth\": null, \"lang_guess\": \"latin\"}\n");
  t.Write("html/a.html", "<p>A</p>");
  t.Write("html/b.html", "<p>B\xB1\xB1</p>");  // not UTF-8: must come back byte for byte
  t.Write("html/c.html", "<p>C</p>");
  t.Write("truth/a.txt", "A");
  t.Write("truth/b.json", "{\"with\": [\"B\"], \"without\": [], \"starts_with\": \"B\"}");
  t.Write("ids.txt", "# comment\n  c \n\nb\n");

  DataSet set;
  ASSERT_TRUE(LoadSet(t.dir(), {}, &set).ok());
  ASSERT_EQ(set.pages.size(), 3u);
  EXPECT_EQ(set.pages[0].url, "http://x/a");
  EXPECT_EQ(set.pages[1].url, "");
  EXPECT_EQ(set.pages[1].html, "<p>B\xB1\xB1</p>");
  EXPECT_EQ(set.pages[1].with, (std::vector<std::string>{"B"}));

  PageFilter filter;
  ASSERT_TRUE(ReadIdList(t.dir() / "ids.txt", &filter.ids).ok());
  EXPECT_EQ(filter.ids, (std::unordered_set<std::string>{"b", "c"}));
  ASSERT_TRUE(LoadSet(t.dir(), filter, &set).ok());
  ASSERT_EQ(set.pages.size(), 2u);
  EXPECT_EQ(set.pages[0].id, "b");
  EXPECT_EQ(set.pages[1].id, "c");
  filter.limit = 1;
  ASSERT_TRUE(LoadSet(t.dir(), filter, &set).ok());
  ASSERT_EQ(set.pages.size(), 1u);
  EXPECT_EQ(set.pages[0].id, "b");
  EXPECT_EQ(set.index_pages, 3u);
  // "<set>/<id>" selects in that set only.
  filter = PageFilter{};
  filter.ids = {"mini/a", "other-set/b"};
  ASSERT_TRUE(LoadSet(t.dir(), filter, &set).ok());
  ASSERT_EQ(set.pages.size(), 1u);
  EXPECT_EQ(set.pages[0].id, "a");

  // A missing truth file fails the set with the path in the message.
  fs::remove(t.dir() / "truth/a.txt");
  const Status st = LoadSet(t.dir(), {}, &set);
  EXPECT_EQ(st.code(), StatusCode::kIoError);
  EXPECT_NE(st.message().find("a.txt"), std::string::npos);
  // A malformed index line fails with its line number.
  t.Write("index.jsonl", "{\"id\": \"c\"}\nnot json\n");
  const Status bad = LoadSet(t.dir(), {}, &set);
  EXPECT_EQ(bad.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(bad.message().find(":2"), std::string::npos);
}

// ---- evaluate (stand-in extractors) ---------------------------------------------------------------

TEST(EvalEvaluate, PerfectAndFailingExtractors) {
  TempSet t("fake");
  t.Write("index.jsonl",
          "{\"id\": \"p1\", \"truth\": \"txt+json\", \"lang_guess\": \"latin\", \"page_type\": \"article\"}\n"
          "{\"id\": \"p2\", \"truth\": \"txt\", \"lang_guess\": \"zh\"}\n"
          "{\"id\": \"p3\", \"truth\": null, \"lang_guess\": \"zh (from page text; no truth)\"}\n");
  t.Write("html/p1.html", "0123456789");  // 10 bytes
  t.Write("html/p2.html", "01234567890123456789");  // 20 bytes
  t.Write("html/p3.html", "0123456789");
  t.Write("truth/p1.txt", "one two three four five");
  t.Write("truth/p1.json", "{\"with\": [\"two three\"], \"without\": [\"menu\"]}");
  t.Write("truth/p2.txt", "北京欢迎你");
  DataSet set;
  ASSERT_TRUE(LoadSet(t.dir(), {}, &set).ok());

  // Perfect: returns each page's truth (p3: some text).
  std::size_t calls = 0;
  const ExtractFunction perfect = [&](std::string_view html, const PageInfo&) {
    Extraction e;
    ++calls;
    e.text = html.size() == 20 ? "北京欢迎你" : calls == 1 ? "one two three four five" : "xyz";
    return e;
  };
  SetReport r = EvaluateSet(set, perfect);
  EXPECT_EQ(r.total.pages, 3u);
  EXPECT_EQ(r.total.errors, 0u);
  EXPECT_EQ(r.total.text_pages, 2u);
  EXPECT_DOUBLE_EQ(r.total.shingles.f1, 1.0);
  EXPECT_DOUBLE_EQ(r.total.chars.f1, 1.0);
  EXPECT_EQ(r.total.snippet_pages, 1u);
  EXPECT_EQ(r.total.snippets.tp, 1u);
  EXPECT_EQ(r.total.snippets.tn, 1u);
  // Compression: p1 23/10, p2 15/20 (5 CJK × 3 bytes), p3 3/10 → mean (2.3 + 0.75 + 0.3)/3.
  EXPECT_NEAR(r.total.compression, (2.3 + 0.75 + 0.3) / 3, 1e-12);
  ASSERT_EQ(r.by_lang.size(), 2u);  // "latin", "zh" (p2 and p3 share "zh")
  EXPECT_EQ(r.by_lang[0].name, "latin");
  EXPECT_EQ(r.by_lang[1].name, "zh");
  EXPECT_EQ(r.by_lang[1].pages, 2u);
  EXPECT_EQ(r.by_lang[1].text_pages, 1u);
  ASSERT_EQ(r.by_page_type.size(), 1u);
  EXPECT_EQ(r.by_page_type[0].name, "article");

  // Failing: every page errors (one by exception); the run goes on, errors are empty outputs.
  calls = 0;
  const ExtractFunction failing = [&](std::string_view, const PageInfo&) -> Extraction {
    if (++calls == 2) throw std::runtime_error("boom");
    return Extraction{"ignored text", true, "not_html", "binary"};
  };
  r = EvaluateSet(set, failing);
  EXPECT_EQ(r.total.errors, 3u);
  EXPECT_EQ(r.total.empty_outputs, 3u);
  EXPECT_EQ(r.pages[1].status, "exception");
  EXPECT_EQ(r.pages[1].message, "boom");
  EXPECT_EQ(r.total.shingles.precision_pages, 0u);  // no output anywhere
  EXPECT_EQ(r.total.shingles.recall_pages, 2u);
  EXPECT_DOUBLE_EQ(r.total.shingles.recall, 0.0);
  EXPECT_DOUBLE_EQ(r.total.shingles.f1, 0.0);
  EXPECT_EQ(r.total.snippets.fn, 1u);
  EXPECT_DOUBLE_EQ(r.total.compression, 0.0);

  const nlohmann::json j = SetJson(r, /*per_page=*/true);
  EXPECT_EQ(j["name"], "fake");
  EXPECT_EQ(j["errors"], 3);
  EXPECT_EQ(j["error_pages"].size(), 3u);
  EXPECT_EQ(j["pages"], 3);
  ASSERT_EQ(j["page_results"].size(), 3u);
  EXPECT_EQ(j["page_results"][0]["id"], "p1");
  EXPECT_TRUE(j["page_results"][0].contains("shingle"));
  EXPECT_FALSE(j["page_results"][2].contains("shingle"));  // no truth
  EXPECT_TRUE(j["groups"]["lang"].contains("zh"));
  EXPECT_TRUE(j["groups"]["page_type"].contains("article"));
}

TEST(EvalEvaluate, EvaluateSetWordMeans) {
  // The WCXB means: every page with text truth counts, an empty output as 0, and F1 is the mean of
  // page F1s. w1 (product): exact → 1 / 1 / 1. w2 (product): empty output → 0 / 0 / 0.
  // w3 (listing): output "a b c d" for truth "a b" → P = 2/4, R = 1, F1 = 2/3.
  TempSet t("words");
  t.Write("index.jsonl",
          "{\"id\": \"w1\", \"truth\": \"txt\", \"page_type\": \"product\"}\n"
          "{\"id\": \"w2\", \"truth\": \"txt\", \"page_type\": \"product\"}\n"
          "{\"id\": \"w3\", \"truth\": \"txt\", \"page_type\": \"listing\"}\n");
  t.Write("html/w1.html", "1");
  t.Write("html/w2.html", "22");
  t.Write("html/w3.html", "333");
  t.Write("truth/w1.txt", "Red shoes, size 42.");
  t.Write("truth/w2.txt", "Blue shoes");
  t.Write("truth/w3.txt", "a b");
  DataSet set;
  ASSERT_TRUE(LoadSet(t.dir(), {}, &set).ok());
  const ExtractFunction extract = [](std::string_view html, const PageInfo&) {
    Extraction e;
    e.text = html.size() == 1 ? "red SHOES size 42" : html.size() == 2 ? "" : "a b c d";
    e.page_type = html.size() == 3 ? "article" : "product";  // w3 is labelled listing
    return e;
  };
  const SetReport r = EvaluateSet(set, extract);
  // The classifier's answers: 2 of the 3 labels.
  EXPECT_EQ(r.total.typed_pages, 3u);
  EXPECT_EQ(r.total.typed_right, 2u);
  EXPECT_EQ(r.pages[2].page_type_found, "article");
  EXPECT_DOUBLE_EQ(r.total.words.precision, (1 + 0 + 0.5) / 3);
  EXPECT_DOUBLE_EQ(r.total.words.recall, (1 + 0 + 1) / 3.0);
  EXPECT_DOUBLE_EQ(r.total.words.mean_page_f1, (1 + 0 + 2.0 / 3) / 3);
  ASSERT_EQ(r.by_page_type.size(), 2u);
  EXPECT_EQ(r.by_page_type[0].name, "listing");
  EXPECT_DOUBLE_EQ(r.by_page_type[0].words.mean_page_f1, 2.0 / 3);
  EXPECT_EQ(r.by_page_type[1].name, "product");
  EXPECT_DOUBLE_EQ(r.by_page_type[1].words.mean_page_f1, 0.5);
  EXPECT_DOUBLE_EQ(r.by_page_type[1].words.precision, 0.5);  // the empty output counts as 0
  const nlohmann::json j = SetJson(r, /*per_page=*/true);
  EXPECT_DOUBLE_EQ(j["word"]["f1"].get<double>(), (1 + 0 + 2.0 / 3) / 3);
  EXPECT_DOUBLE_EQ(j["groups"]["page_type"]["product"]["word"]["f1"].get<double>(), 0.5);
  EXPECT_EQ(j["page_results"][2]["word"]["overlap"], 2);
  EXPECT_EQ(j["page_results"][2]["word"]["extracted_words"], 4);
  EXPECT_EQ(j["page_results"][2]["page_type_found"], "article");
  EXPECT_EQ(j["page_type_answers"]["right"], 2);
  EXPECT_EQ(j["groups"]["page_type"]["product"]["page_type_answers"]["right"], 2);
}

TEST(EvalEvaluate, MetadataIsScoredWhereTheTruthNamesIt) {
  TempSet t("meta");
  // m3's index line labels an author and a date (zh-cwced's layout); m4's only unknowns.
  t.Write("index.jsonl",
          "{\"id\": \"m1\", \"truth\": \"json\", \"author\": \"overridden by the truth JSON\"}\n"
          "{\"id\": \"m2\", \"truth\": \"json\"}\n"
          "{\"id\": \"m3\", \"truth\": \"json\", \"author\": \"\u8309\u8389\", \"date\": \"2005-5-7 21:23:57\"}\n"
          "{\"id\": \"m4\", \"truth\": null, \"author\": \"UNKNOWN\", \"date\": \"2005-7\"}\n");
  t.Write("html/m4.html", "m4");
  for (const char* id : {"m1", "m2", "m3"}) t.Write(std::string("html/") + id + ".html", id);
  // wcxb's layout, goose3's (a top-level title), and a truth that names no metadata.
  t.Write("truth/m1.json", "{\"with\": [], \"metadata\": {\"title\": \"It\u2019s Here\", \"author\": \"Jane Roe\", "
                           "\"publish_date\": \"2024-05-01\"}}");
  t.Write("truth/m2.json", "{\"with\": [], \"title\": \"Second Page\", \"meta_lang\": null}");
  t.Write("truth/m3.json", "{\"with\": [], \"title\": null}");
  DataSet set;
  ASSERT_TRUE(LoadSet(t.dir(), {}, &set).ok());
  ASSERT_EQ(set.pages.size(), 4u);
  EXPECT_EQ(set.pages[0].truth_author, "Jane Roe");
  EXPECT_EQ(set.pages[1].truth_title, "Second Page");
  EXPECT_TRUE(set.pages[2].truth_title.empty());
  EXPECT_EQ(set.pages[2].truth_author, "\u8309\u8389");
  EXPECT_EQ(set.pages[2].truth_date, "2005-05-07");
  EXPECT_TRUE(set.pages[3].truth_author.empty());
  EXPECT_TRUE(set.pages[3].truth_date.empty());

  const ExtractFunction extract = [](std::string_view html, const PageInfo&) {
    Extraction e;
    e.text = "text";
    e.title = html == "m1" ? "it's here" : "Second page - Example News";
    e.author = "John Doe";
    e.date = "2024-05-01T08:00:00+02:00";
    return e;
  };
  const SetReport r = EvaluateSet(set, extract);
  EXPECT_EQ(r.total.metadata.title_pages, 2u);
  EXPECT_EQ(r.total.metadata.title_exact, 1u);
  EXPECT_EQ(r.total.metadata.author_pages, 2u);
  EXPECT_EQ(r.total.metadata.author_exact, 0u);
  EXPECT_EQ(r.total.metadata.date_pages, 2u);
  EXPECT_EQ(r.total.metadata.date_exact, 1u);
  const nlohmann::json j = SetJson(r, /*per_page=*/true);
  EXPECT_EQ(j["metadata"]["title"]["exact"], 1);
  EXPECT_DOUBLE_EQ(j["metadata"]["date"]["accuracy"].get<double>(), 0.5);
  EXPECT_EQ(j["page_results"][0]["metadata"]["author"]["found"], "John Doe");
  EXPECT_FALSE(j["page_results"][3].contains("metadata"));
  std::ostringstream table;
  PrintSetRows(table, r, false);
  EXPECT_NE(table.str().find("metadata: title 1/2 = 0.500"), std::string::npos) << table.str();

  // Saved outputs hold text only: their metadata is not scored.
  const SetReport saved = EvaluateSavedOutputs(set, t.root() / "none");
  EXPECT_EQ(saved.total.metadata.fields(), 0u);
  EXPECT_TRUE(SetJson(saved, false)["metadata"].is_null());
}

TEST(EvalEvaluate, TruthEchoScoresOneOnRealSet) {
  // An "extractor" that returns each page's own truth must score exactly 1 everywhere: checks the
  // whole load → extract → score → aggregate path on real Chinese truth (hard line breaks, CJK).
  SKIP_WITHOUT_SET("zh-cwced");
  DataSet set;
  ASSERT_TRUE(LoadSet(SharedData() / "zh-cwced", {}, &set).ok());
  std::unordered_map<const char*, const std::string*> truth_of;
  for (const Page& p : set.pages) truth_of[p.html.data()] = &p.truth_text;
  const ExtractFunction echo = [&](std::string_view html, const PageInfo&) {
    Extraction e;
    e.text = *truth_of.at(html.data());
    return e;
  };
  const SetReport r = EvaluateSet(set, echo);
  EXPECT_EQ(r.total.pages, 69u);
  EXPECT_EQ(r.total.errors, 0u);
  EXPECT_EQ(r.total.empty_outputs, 0u);
  EXPECT_EQ(r.total.shingles.precision_pages, 69u);
  EXPECT_DOUBLE_EQ(r.total.shingles.precision, 1.0);
  EXPECT_DOUBLE_EQ(r.total.shingles.recall, 1.0);
  EXPECT_DOUBLE_EQ(r.total.shingles.f1, 1.0);
  EXPECT_DOUBLE_EQ(r.total.shingles.mean_page_f1, 1.0);
  EXPECT_DOUBLE_EQ(r.total.chars.f1, 1.0);
  ASSERT_EQ(r.by_lang.size(), 1u);
  EXPECT_EQ(r.by_lang[0].name, "zh");
}

TEST(EvalEvaluate, RunOverFolderOfSets) {
  TempSet t("one");
  t.Write("index.jsonl", "{\"id\": \"p\", \"truth\": \"txt\", \"lang_guess\": \"latin\"}\n");
  t.Write("html/p.html", "<p>x</p>");
  t.Write("truth/p.txt", "hello world");
  const ExtractFunction echo = [](std::string_view, const PageInfo&) {
    Extraction e;
    e.text = "hello world";
    return e;
  };

  RunConfig config;
  config.data = t.root();  // a folder holding one set
  config.json_out = t.root() / "out.json";
  config.algorithm = "test";
  std::ostringstream out, err;
  EXPECT_EQ(RunEvaluation(config, echo, out, err), RunOutcome::kRan) << err.str();
  EXPECT_NE(out.str().find("one"), std::string::npos);
  std::ifstream in(config.json_out);
  const nlohmann::json j = nlohmann::json::parse(in);
  ASSERT_EQ(j["sets"].size(), 1u);
  EXPECT_DOUBLE_EQ(j["sets"][0]["shingle"]["f1"].get<double>(), 1.0);
  EXPECT_EQ(j["sets"][0]["pages"], 1);
  EXPECT_FALSE(j["sets"][0].contains("page_results"));  // only with --per-page

  config.data = t.root() / "nothing-here";
  config.json_out.clear();
  EXPECT_EQ(RunEvaluation(config, echo, out, err), RunOutcome::kFatal);
}

}  // namespace
}  // namespace pith::eval
