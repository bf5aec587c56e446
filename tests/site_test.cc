// Site models (paper 004 §1.2): learn / save / load / apply round trip, JSON validation, hosts, the
// golden multi-page fixtures under tests/fixtures/site/, and the CLI (`pith site`, `pith extract
// --site-pages / --site-model`, batch grouping).
//
// Fixture layout: tests/fixtures/site/<site>/*.html are pages of one (made-up) site;
// expected/<page>.txt is the text of <page>.html extracted with pathsim and a model learned from all
// the *other* pages of the folder.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "pith/pith.h"
#include "pith/site.h"
#include "site/model.h"
#include "test_util.h"

namespace pith {
namespace {

namespace fs = std::filesystem;

const fs::path kFixtures = fs::path(PITH_TEST_DIR) / "fixtures" / "site";
const fs::path kHarbor = kFixtures / "harbor-gazette";

std::string Trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::vector<fs::path> HtmlFiles(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".html") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::shared_ptr<const SiteModel> LearnExcept(const fs::path& dir, const fs::path& target) {
  std::vector<std::string> bytes;
  for (const fs::path& f : HtmlFiles(dir)) {
    if (f != target) bytes.push_back(testing::ReadFile(f));
  }
  std::vector<std::string_view> views(bytes.begin(), bytes.end());
  std::shared_ptr<const SiteModel> model;
  const Status s = SiteModel::Learn(views, Options{}, &model, "harbor.example");
  EXPECT_TRUE(s.ok()) << s.ToString();
  return model;
}

std::string ExtractWith(const fs::path& page, std::shared_ptr<const SiteModel> model) {
  Options o;
  o.algorithm = Algorithm::kPathSim;
  o.pathsim.site = std::move(model);
  const Result r = Extractor(o).Extract(testing::ReadFile(page));
  EXPECT_TRUE(r.status.ok()) << page << ": " << r.status.ToString();
  return Trimmed(r.Text());
}

TEST(SiteGolden, EveryFixturePageMatchesWithAModelOfTheOtherPages) {
  int cases = 0;
  for (const auto& site : fs::directory_iterator(kFixtures)) {
    if (!fs::is_directory(site.path() / "expected")) continue;
    for (const auto& e : fs::directory_iterator(site.path() / "expected")) {
      const fs::path page = site.path() / (e.path().stem().string() + ".html");
      ASSERT_TRUE(fs::exists(page)) << page;
      EXPECT_EQ(ExtractWith(page, LearnExcept(site.path(), page)), Trimmed(testing::ReadFile(e.path()))) << page;
      ++cases;
    }
  }
  EXPECT_GE(cases, 2);
}

TEST(SiteGolden, TheShortPageNeedsTheTemplateRemoved) {
  // page-4 is a two-sentence brief: alone, the site's long footer paragraph outweighs it.
  const fs::path page = kHarbor / "page-4.html";
  const std::string expected = Trimmed(testing::ReadFile(kHarbor / "expected" / "page-4.txt"));
  EXPECT_NE(ExtractWith(page, nullptr), expected);
  EXPECT_EQ(ExtractWith(page, LearnExcept(kHarbor, page)), expected);
}

TEST(SiteGolden, ACopyOfAModelPageIsNotErased) {
  // The model learned from page-1 twice (two copies, as mirrored URLs give): applied to page-1
  // itself every text matches, so the template step stands aside and path grouping decides.
  const std::string page = testing::ReadFile(kHarbor / "page-1.html");
  std::vector<std::string_view> views{page, page};
  std::shared_ptr<const SiteModel> model;
  ASSERT_TRUE(SiteModel::Learn(views, Options{}, &model, "harbor.example").ok());
  const std::string with_model = ExtractWith(kHarbor / "page-1.html", model);
  EXPECT_EQ(with_model, ExtractWith(kHarbor / "page-1.html", nullptr));
  EXPECT_NE(with_model.find("The morning ferry to Gull Island"), std::string::npos) << with_model;
}

TEST(SiteModelTest, JsonRoundTripKeepsEverythingAndAppliesTheSame) {
  const fs::path target = kHarbor / "page-1.html";
  const auto model = LearnExcept(kHarbor, target);
  ASSERT_TRUE(model);
  EXPECT_EQ(model->pages(), 3u);
  EXPECT_EQ(model->host(), "harbor.example");
  EXPECT_GT(model->template_texts(), 10u);

  testing::TempDir dir;
  const std::string path = (dir.path() / "harbor.json").string();
  ASSERT_TRUE(model->Save(path).ok());
  std::shared_ptr<const SiteModel> loaded;
  const Status s = SiteModel::Load(path, &loaded);
  ASSERT_TRUE(s.ok()) << s.ToString();
  const SiteModel::Data& a = model->data();
  const SiteModel::Data& b = loaded->data();
  EXPECT_EQ(a.host, b.host);
  EXPECT_EQ(a.pages, b.pages);
  EXPECT_EQ(a.keys, b.keys);
  EXPECT_EQ(a.counts, b.counts);
  EXPECT_EQ(a.is_text, b.is_text);
  EXPECT_EQ(a.texts, b.texts);
  EXPECT_EQ(loaded->ToJson(), model->ToJson());
  EXPECT_EQ(ExtractWith(target, loaded), ExtractWith(target, model));
  // The template texts are readable in the file.
  EXPECT_NE(testing::ReadFile(path).find("Get the morning briefing"), std::string::npos);
}

TEST(SiteModelTest, FromJsonRejectsWhatItCannotRead) {
  std::shared_ptr<const SiteModel> m;
  EXPECT_EQ(SiteModel::FromJson("not json", &m).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(SiteModel::FromJson(R"({"format":"other","version":1,"pages":2,"items":[]})", &m).code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(SiteModel::FromJson(R"({"format":1})", &m).code(), StatusCode::kInvalidArgument);  // found by fuzzing
  // Counts beyond 32 bits are refused, not cut short.
  EXPECT_EQ(SiteModel::FromJson(R"({"format":"pith-site-model","version":1,"pages":4294967296,"items":[]})", &m).code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(SiteModel::FromJson(R"({"format":"pith-site-model","version":1,"pages":2,"items":[["ab",4294967296]]})", &m)
                .code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(SiteModel::FromJson(R"({"format":"pith-site-model","version":2,"pages":2,"items":[]})", &m).code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(SiteModel::FromJson(R"({"format":"pith-site-model","version":1,"pages":2,"items":[["xyz",2]]})", &m)
                .code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(SiteModel::FromJson(R"({"format":"pith-site-model","version":1,"pages":2,"items":[["00ff",2,7]]})", &m)
                .code(),
            StatusCode::kInvalidArgument);
  const Status ok = SiteModel::FromJson(
      R"({"format":"pith-site-model","version":1,"host":"h","pages":2,"items":[["00ff",2],["abc",2,"Home"]]})", &m);
  ASSERT_TRUE(ok.ok()) << ok.ToString();
  EXPECT_EQ(m->items(), 2u);
  EXPECT_EQ(m->template_texts(), 1u);
  EXPECT_EQ(m->data().keys[1], 0xABCu);
  EXPECT_EQ(SiteModel::Load("/nonexistent/model.json", &m).code(), StatusCode::kIoError);
}

TEST(SiteModelTest, LearningNeedsTwoUsablePages) {
  std::shared_ptr<const SiteModel> m;
  const std::string page = testing::ReadFile(kHarbor / "page-1.html");
  EXPECT_EQ(SiteModel::Learn({page}, Options{}, &m).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(SiteModel::Learn({page, "   "}, Options{}, &m).code(), StatusCode::kInvalidArgument);  // blank page skipped
  EXPECT_TRUE(SiteModel::Learn({page, page}, Options{}, &m).ok());
}

TEST(SiteModelTest, HostOfUrls) {
  EXPECT_EQ(SiteModel::HostOf("https://News.Example.com:8080/a/b?c#d"), "news.example.com");
  EXPECT_EQ(SiteModel::HostOf("http://user:pw@example.org"), "example.org");
  EXPECT_EQ(SiteModel::HostOf("//cdn.example.net/x.js"), "cdn.example.net");
  EXPECT_EQ(SiteModel::HostOf("http://[::1]:80/"), "[::1]");
  EXPECT_EQ(SiteModel::HostOf("page.html"), "");
  EXPECT_EQ(SiteModel::HostOf(""), "");
}

// ---- CLI ---------------------------------------------------------------------------------------------

TEST(SiteCli, LearnSaveThenExtractWithTheModel) {
  testing::TempDir dir;
  // A site folder without the target: the model is learned from the other three pages.
  fs::create_directories(dir.path() / "learn");
  for (const char* name : {"page-2.html", "page-3.html", "page-4.html"}) {
    fs::copy_file(kHarbor / name, dir.path() / "learn" / name);
  }
  const std::string model = (dir.path() / "model.json").string();
  const testing::RunResult learn = testing::RunPith("site learn " + (dir.path() / "learn").string() + " -o " + model);
  ASSERT_EQ(learn.exit_code, 0) << learn.err;
  EXPECT_NE(learn.out.find("learned from 3 pages"), std::string::npos) << learn.out;

  const std::string expected = Trimmed(testing::ReadFile(kHarbor / "expected" / "page-1.txt"));
  const testing::RunResult r = testing::RunPith("extract " + (kHarbor / "page-1.html").string() + " --site-model " + model);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Trimmed(r.out), expected);

  const testing::RunResult show = testing::RunPith("site show " + model);
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_NE(show.out.find("3/3\tGet the morning briefing"), std::string::npos) << show.out;

  // A site model only means something to pathsim.
  EXPECT_EQ(testing::RunPith("extract -a lineblock " + (kHarbor / "page-1.html").string() + " --site-model " + model)
                .exit_code,
            2);
  EXPECT_EQ(testing::RunPith("extract " + (kHarbor / "page-1.html").string() + " --site-model /nonexistent.json")
                .exit_code,
            3);
}

TEST(SiteCli, SitePagesOnTheCommandLine) {
  const std::string expected = Trimmed(testing::ReadFile(kHarbor / "expected" / "page-4.txt"));
  const testing::RunResult r =
      testing::RunPith("extract " + (kHarbor / "page-4.html").string() + " --site-pages " +
                       (kHarbor / "page-1.html").string() + " " + (kHarbor / "page-2.html").string() + " " +
                       (kHarbor / "page-3.html").string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(Trimmed(r.out), expected);
}

TEST(SiteCli, BatchLearnsOneModelPerFolder) {
  testing::TempDir dir;
  const testing::RunResult r = testing::RunPith("extract -a pathsim -f jsonl " + kHarbor.string() +
                                                " --site-save " + (dir.path() / "models").string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The brief (page-4) comes out only with the template removed.
  EXPECT_NE(r.out.find("Guided tours of the Point Alder lighthouse"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Port Alder Press Cooperative"), std::string::npos) << r.out;
  ASSERT_EQ(HtmlFiles(kHarbor).size(), 4u);
  int saved = 0;
  for (const auto& e : fs::directory_iterator(dir.path() / "models")) {
    std::shared_ptr<const SiteModel> m;
    EXPECT_TRUE(SiteModel::Load(e.path().string(), &m).ok());
    EXPECT_EQ(m->pages(), 4u);
    ++saved;
  }
  EXPECT_EQ(saved, 1);
  // --no-site-groups: the brief is lost to the footer again.
  const testing::RunResult alone = testing::RunPith("extract -a pathsim -f jsonl --no-site-groups " + kHarbor.string());
  ASSERT_EQ(alone.exit_code, 0) << alone.err;
  EXPECT_NE(alone.out.find("Port Alder Press Cooperative"), std::string::npos);
}

}  // namespace
}  // namespace pith
