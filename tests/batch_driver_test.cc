// The batch driver (batch/driver.h) as a server uses it: one page to the tool's record, and a stream
// of pages through the ordered, bounded, parallel loop into a sink of its own.
#include <atomic>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "batch/driver.h"
#include "batch/option_table.h"
#include "test_util.h"

namespace pith::batch {
namespace {

namespace fs = std::filesystem;
using pith::testing::ReadFile;
using pith::testing::RunPith;

std::vector<fs::path> TestPages() {
  std::vector<fs::path> pages;
  for (const auto& dir : fs::directory_iterator(fs::path(PITH_TEST_DIR) / "pages")) {
    for (const auto& f : fs::directory_iterator(dir.path())) {
      if (f.path().extension() == ".html") pages.push_back(f.path());
    }
  }
  std::sort(pages.begin(), pages.end());
  return pages;
}

Settings Parsed(const std::vector<GivenOption>& given) {
  Settings s;
  EXPECT_EQ(SetOptions(given, s, kServer), "");
  return s;
}

TEST(BatchDriver, OnePageGivesTheToolsRecord) {
  const Settings s = Parsed({{FindOption("format"), {"jsonl"}}, {FindOption("blocks"), {}},
                             {FindOption("links"), {}}, {FindOption("url"), {"https://example.com/a"}}});
  std::shared_ptr<const Extractor> extractor;
  ASSERT_TRUE(MakeExtractor(s, kServer, [](const std::string&) {}, &extractor).ok());
  const Runner runner(s, extractor, Mode::kPages);
  const std::vector<fs::path> pages = TestPages();
  ASSERT_GE(pages.size(), 5u);
  for (const fs::path& page : pages) {
    const auto tool = RunPith("extract -f jsonl --blocks --links --url https://example.com/a " + page.string());
    PageInfo info;
    info.url = s.url;
    const Record r = runner.Page(ReadFile(page), info, page.string());
    EXPECT_EQ(r.rendered, tool.out) << page;
    EXPECT_EQ(r.category, "ok") << page;
  }
}

// A sink that keeps what it is given, in order.
class Collect : public Sink {
 public:
  void Write(const Record& r) override { records.push_back(r); }
  std::vector<Record> records;
};

class Quiet : public Observer {
 public:
  void Complain(const std::string& line) override { complaints.push_back(line); }
  std::vector<std::string> complaints;
};

TEST(BatchDriver, AStreamOfPagesComesOutInOrderWithBoundedMemory) {
  const Settings s = Parsed({{FindOption("format"), {"jsonl"}}});
  auto extractor = std::make_shared<const Extractor>(s.options);
  const Runner runner(s, extractor, Mode::kPages);
  const std::vector<fs::path> files = TestPages();
  std::vector<std::string> pages;
  for (const fs::path& f : files) pages.push_back(ReadFile(f));
  constexpr std::size_t kTasks = 120;
  constexpr int kJobs = 2;
  std::atomic<std::size_t> read{0}, written{0}, most_in_flight{0};
  CallbackSource source([&](Task* t) {
    const std::size_t i = read.load();
    if (i == kTasks) return false;
    if (i % 10 == 7) {  // an input that could not be read is a record too
      t->kind = Task::Kind::kFailed;
      t->status = Status(StatusCode::kIoError, "no such line");
      t->kind_name = "bad_line";
    } else {
      t->kind = Task::Kind::kPage;
      t->loaded = true;
      t->bytes = pages[i % pages.size()];
    }
    t->name = "page-" + std::to_string(i);
    most_in_flight = std::max(most_in_flight.load(), ++read - written.load());
    return true;
  });
  class Counting : public Collect {
   public:
    explicit Counting(std::atomic<std::size_t>* written) : written_(written) {}
    void Write(const Record& r) override {
      Collect::Write(r);
      ++*written_;
    }
    std::atomic<std::size_t>* written_;
  } sink(&written);
  Quiet observer;
  const Summary summary = RunBatch(runner, source, sink, observer, kJobs);
  ASSERT_EQ(sink.records.size(), kTasks);
  EXPECT_LE(most_in_flight.load(), static_cast<std::size_t>(kJobs) * 4 + kJobs);
  for (std::size_t i = 0; i < kTasks; ++i) {
    const Record& r = sink.records[i];
    EXPECT_EQ(r.input, i);
    if (i % 10 == 7) {
      EXPECT_EQ(r.category, "error:bad_line");
      EXPECT_NE(r.rendered.find("\"kind\":\"bad_line\""), std::string::npos);
      continue;
    }
    PageInfo info;
    EXPECT_EQ(r.rendered, runner.Page(pages[i % pages.size()], info, "page-" + std::to_string(i), i).rendered) << i;
  }
  EXPECT_EQ(summary.total.records, kTasks);
  EXPECT_EQ(summary.total.errors_total(), kTasks / 10);
  EXPECT_EQ(observer.complaints.size(), kTasks / 10);
  EXPECT_FALSE(summary.ok());
}

// A sink that gives up after a few records (as stdout does when its reader goes away): the source
// is not read to its end.
TEST(BatchDriver, ASinkThatStopsStopsTheBatch) {
  const Settings s = Parsed({{FindOption("format"), {"text"}}});
  const Runner runner(s, std::make_shared<const Extractor>(s.options), Mode::kPages);
  std::size_t read = 0;
  CallbackSource source([&](Task* t) {
    if (read == 10000) return false;
    ++read;
    t->loaded = true;
    t->bytes = "<p>A page of a few words, one of many.</p>";
    return true;
  });
  class StopAfter : public Collect {
   public:
    bool Stopped() const override { return records.size() >= 5; }
  } sink;
  Quiet observer;
  const Summary summary = RunBatch(runner, source, sink, observer, 2);
  EXPECT_TRUE(summary.stopped);
  EXPECT_LT(read, 100u);
  EXPECT_GE(sink.records.size(), 5u);
}

}  // namespace
}  // namespace pith::batch
