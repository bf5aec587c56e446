// `pith extract` records in a batch: each record describes its own input (an error record never
// carries the previous page's encoding, with one worker or several), and every entry of a folder
// with an HTML name yields one record, including entries that cannot be read (broken symlinks,
// FIFOs, which are never opened).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>
#include <vector>

#include "test_util.h"

namespace pith {
namespace {

using testing::RunPith;
using testing::TempDir;
using testing::WriteFile;

const std::string kUtf8Page =
    "<html><head><title>Storm closes schools</title></head><body>\n"
    "<p>Heavy snow closed every school in the district on Monday, the education office said.</p>\n"
    "<p>Buses will run again once the roads are cleared, which may take until Wednesday.</p>\n"
    "</body></html>\n";

// "Heavy snow closed the schools" in Chinese, GBK-encoded, under a GBK meta.
const std::string kGbkPage =
    "<html><head><meta charset=\"gbk\"><title>\xB4\xF3\xD1\xA9</title></head><body>\n"
    "<p>\xB4\xF3\xD1\xA9\xB5\xBC\xD6\xC2\xC8\xAB\xC7\xF8\xCB\xF9\xD3\xD0\xD1\xA7\xD0\xA3\xCD\xA3\xBF\xCE\xA3\xAC"
    "\xBD\xCC\xD3\xFD\xBE\xD6\xD6\xDC\xD2\xBB\xB1\xED\xCA\xBE\xA1\xA3</p>\n"
    "</body></html>\n";

std::vector<nlohmann::json> JsonLines(const std::string& out) {
  std::vector<nlohmann::json> records;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) records.push_back(nlohmann::json::parse(line));
  return records;
}

TEST(CliRecords, ErrorRecordsDescribeTheirOwnInput) {
  // Each failing input follows a GBK page on the same worker: its record used to report GB18030.
  TempDir dir;
  WriteFile(dir.path() / "a.html", kUtf8Page);
  WriteFile(dir.path() / "gbk.html", kGbkPage);
  WriteFile(dir.path() / "empty.html", "");
  WriteFile(dir.path() / "doc.html", std::string("%PDF-1.4\n\x00\x01\x02 binary", 20));
  WriteFile(dir.path() / "bin.html", std::string("\x89PNG\r\n\x1A\n\x00\x00\x00\x0DIHDR", 16));
  const std::string p = dir.path().string() + "/";
  const std::string inputs = p + "a.html " + p + "gbk.html " + p + "gbk.html " + p + "empty.html " + p +
                             "gbk.html " + p + "gbk.html " + p + "doc.html " + p + "gbk.html " + p + "gbk.html " +
                             p + "bin.html " + p + "gbk.html " + p + "missing.html";
  for (const char* jobs : {"1", "2"}) {
    const auto r = RunPith(std::string("extract -f jsonl -j ") + jobs + " " + inputs);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const std::vector<nlohmann::json> records = JsonLines(r.out);
    ASSERT_EQ(records.size(), 12u) << r.out;
    for (const nlohmann::json& rec : records) {
      const std::string input = rec["input"];
      const nlohmann::json& enc = rec["encoding"];
      if (input.ends_with("a.html")) {
        EXPECT_EQ(enc["charset"], "UTF-8") << jobs;
      } else if (input.ends_with("gbk.html")) {
        EXPECT_EQ(enc["charset"], "GB18030") << jobs;
        EXPECT_EQ(enc["source"], "meta") << jobs;
      } else {
        ASSERT_TRUE(rec.contains("error")) << rec;
        // Nothing was decoded: no charset, no source, no declaration, no replacements.
        EXPECT_EQ(enc, nlohmann::json({{"charset", ""}, {"source", "none"}, {"declared", ""}, {"replacements", 0}}))
            << "-j " << jobs << " " << input;
        EXPECT_EQ(rec["title"], "") << input;
      }
    }
  }
}

// Opens `fifo` for writing without blocking, in a loop until `stop`: a success means some process
// had it open for reading (it then reads end of file). Sets *opened then.
void WatchFifo(const std::string& fifo, const std::atomic<bool>& stop, std::atomic<bool>* opened) {
  while (!stop) {
    const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    if (fd >= 0) {
      *opened = true;
      ::close(fd);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

TEST(CliRecords, EveryEntryOfAFolderYieldsOneRecordAndAFifoIsNeverOpened) {
  TempDir dir;
  const std::filesystem::path in = dir.path() / "in";
  WriteFile(in / "a.html", kUtf8Page);
  WriteFile(in / "sub/c.html", kUtf8Page);
  WriteFile(in / "notes.txt", "not a page");
  std::filesystem::create_directories(in / "folder.html");  // a folder with a page's name
  std::filesystem::create_symlink(dir.path() / "nowhere.html", in / "broken.html");
  std::filesystem::create_symlink(in / "a.html", in / "link.html");
  const std::string fifo = (in / "pipe.html").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);

  std::atomic<bool> stop = false, opened = false;
  std::thread watcher(WatchFifo, fifo, std::cref(stop), &opened);
  for (const char* recursive : {"", "-r "}) {
    const auto r = RunPith(std::string("extract -f jsonl -j 2 ") + recursive + in.string());
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const std::vector<nlohmann::json> records = JsonLines(r.out);
    std::map<std::string, std::string> kinds;  // file name → "ok" or the error kind
    for (const nlohmann::json& rec : records) {
      const std::string name = std::filesystem::path(rec["input"].get<std::string>()).filename();
      kinds[name] = rec.contains("error") ? rec["error"]["kind"].get<std::string>() : rec["status"].get<std::string>();
      const std::string message = rec.contains("error") ? rec["error"]["message"].get<std::string>() : "";
      if (name == "broken.html") {
        EXPECT_NE(message.find("broken symbolic link"), std::string::npos) << message;
      } else if (name == "pipe.html") {
        EXPECT_NE(message.find("FIFO"), std::string::npos) << message;
      }
    }
    std::map<std::string, std::string> expected = {
        {"a.html", "ok"}, {"broken.html", "io_error"}, {"link.html", "ok"}, {"pipe.html", "io_error"}};
    if (*recursive) expected["c.html"] = "ok";
    EXPECT_EQ(kinds, expected) << recursive << r.out;
    EXPECT_EQ(records.size(), expected.size());
    EXPECT_NE(r.err.find("pipe.html"), std::string::npos) << r.err;
  }
  stop = true;
  watcher.join();
  EXPECT_FALSE(opened) << "pith opened the FIFO";
}

}  // namespace
}  // namespace pith
