// What `pith extract` does when its output cannot take what it writes: a full disk under -o leaves no
// partial file and names every input it could not write (the batch goes on); a full stdout is an
// error; a reader that goes away (`| head`) ends pith quietly, in every format.
#include <sys/mount.h>
#include <csignal>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "test_util.h"
#include "warc_builder.h"

namespace pith {
namespace {

namespace fs = std::filesystem;
using testing::ReadFile;
using testing::RunPith;
using testing::TempDir;

// The first `n` pages of a corpus set, as command-line arguments.
std::vector<std::string> CorpusPages(const std::string& set, std::size_t n) {
  std::vector<std::string> out;
  const fs::path dir = fs::path(PITH_SHARED_DATA) / set / "html";
  for (const auto& f : fs::directory_iterator(dir)) out.push_back(f.path().string());
  std::sort(out.begin(), out.end());
  if (out.size() > n) out.resize(n);
  return out;
}

std::string Joined(const std::vector<std::string>& args) {
  std::string s;
  for (const std::string& a : args) s += " " + a;
  return s;
}

// A tmpfs of `size` mounted on a fresh folder, unmounted when the object dies (needs root).
class SmallDisk {
 public:
  explicit SmallDisk(const char* size) {
    const std::string options = std::string("size=") + size;
    ok_ = geteuid() == 0 && mount("tmpfs", dir_.path().c_str(), "tmpfs", 0, options.c_str()) == 0;
  }
  ~SmallDisk() {
    if (ok_) umount2(dir_.path().c_str(), MNT_DETACH);
  }
  bool ok() const { return ok_; }
  const fs::path& path() const { return dir_.path(); }

 private:
  TempDir dir_;
  bool ok_ = false;
};

TEST(CliOutput, AFullDiskLeavesNoPartialFileAndEveryInputIsAccountedFor) {
  if (!fs::exists(PITH_SHARED_DATA)) GTEST_SKIP() << "no corpus";
  SmallDisk disk("200k");
  if (!disk.ok()) GTEST_SKIP() << "mounting a tmpfs needs root";
  const std::vector<std::string> pages = CorpusPages("wcxb-dev", 150);
  const fs::path out = disk.path() / "out";
  const auto r = RunPith("extract -f json -o " + out.string() + Joined(pages));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  // Every file there is a whole record; nothing half-written, no temporary file left.
  std::set<std::string> accounted;
  for (const auto& f : fs::directory_iterator(out)) {
    const std::string name = f.path().filename().string();
    ASSERT_FALSE(name.starts_with(".")) << "temporary file left: " << name;
    const nlohmann::json j = nlohmann::json::parse(ReadFile(f.path()), nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << name << " is not a whole record";
    accounted.insert(j["input"].get<std::string>());
  }
  const std::size_t written = accounted.size();
  // The others are each named in one message, with the reason.
  std::istringstream err(r.err);
  std::string line;
  std::size_t complaints = 0;
  while (std::getline(err, line)) {
    const std::size_t at = line.find(" for ");
    ASSERT_TRUE(line.starts_with("pith: cannot write ") && at != std::string::npos) << line;
    EXPECT_NE(line.find(": No space left on device"), std::string::npos) << line;
    const std::string input = line.substr(at + 5, line.rfind(": No space") - at - 5);
    EXPECT_TRUE(accounted.insert(input).second) << input << " is written and complained about";
    ++complaints;
  }
  EXPECT_GT(written, 0u);
  EXPECT_GT(complaints, 0u);
  EXPECT_EQ(accounted.size(), pages.size());

  // An archive's output is one file: it is there whole or not at all.
  TempDir dir;
  const fs::path warc = dir.path() / "crawl.warc.gz";
  std::vector<testing::CorpusPage> corpus;
  for (const std::string& p : pages) corpus.push_back({"http://example.com/" + fs::path(p).stem().string(), ReadFile(p)});
  testing::BuiltWarc built;
  testing::AppendCorpusWarc(corpus, testing::WarcLayout::kGzipPerRecord, &built, 0, 1);
  testing::WriteFile(warc, built.bytes);
  const auto a = RunPith("extract -f jsonl -o " + (disk.path() / "archives").string() + " " + warc.string());
  EXPECT_EQ(a.exit_code, 1);
  EXPECT_NE(a.err.find("cannot write " + (disk.path() / "archives" / "crawl.jsonl").string() + " for " +
                       warc.string() + ": No space left on device"),
            std::string::npos)
      << a.err;
  EXPECT_TRUE(fs::is_empty(disk.path() / "archives"));
}

TEST(CliOutput, AFullStdoutIsAnError) {
  const std::string page = (fs::path(PITH_TEST_DIR) / "pages" / "en-news-article" / "source.html").string();
  TempDir dir;
  const fs::path err = dir.path() / "err";
  for (const char* format : {"text", "json", "jsonl"}) {
    const std::string cmd =
        std::string(PITH_CLI) + " extract -f " + format + " " + page + " " + page + " >/dev/full 2>" + err.string();
    const int status = std::system(cmd.c_str());
    EXPECT_EQ(WEXITSTATUS(status), 1) << format;
    EXPECT_EQ(ReadFile(err), "pith: cannot write to standard output: No space left on device\n") << format;
  }
}

// `pith extract ... | head -c 100`: pith ends without a word, killed by SIGPIPE, also when its parent
// ignored SIGPIPE. Returns pith's exit status and what it wrote on stderr.
std::pair<int, std::string> IntoHead(const std::string& args, bool ignore_sigpipe) {
  TempDir dir;
  const fs::path err = dir.path() / "err", status = dir.path() / "status", script = dir.path() / "run.sh";
  testing::WriteFile(script, std::string(ignore_sigpipe ? "trap '' PIPE\n" : "") + PITH_CLI + " " + args + " 2>" +
                                 err.string() + " | head -c 100 >/dev/null\necho ${PIPESTATUS[0]} >" + status.string() +
                                 "\n");
  EXPECT_EQ(std::system(("bash " + script.string()).c_str()), 0);
  return {std::stoi(ReadFile(status)), ReadFile(err)};
}

TEST(CliOutput, AReaderThatGoesAwayEndsPithQuietlyInEveryFormat) {
  if (!fs::exists(PITH_SHARED_DATA)) GTEST_SKIP() << "no corpus";
  const std::string pages = Joined(CorpusPages("cleaneval-dev", 60));
  TempDir dir;
  std::vector<testing::CorpusPage> corpus;
  for (const std::string& p : CorpusPages("cleaneval-dev", 60)) corpus.push_back({"http://example.com/x", ReadFile(p)});
  const fs::path warc = dir.path() / "crawl.warc.gz";
  testing::BuiltWarc built;
  testing::AppendCorpusWarc(corpus, testing::WarcLayout::kGzipPerRecord, &built, 0, 1);
  testing::WriteFile(warc, built.bytes);
  std::vector<std::string> runs;
  for (const char* format : {"text", "json", "jsonl", "markdown", "paper", "html"}) {
    runs.push_back(std::string("extract -f ") + format + pages);
  }
  for (const char* format : {"jsonl", "text", "wet"}) runs.push_back(std::string("extract -f ") + format + " " + warc.string());
  for (const std::string& run : runs) {
    for (const bool ignored : {false, true}) {
      const auto [status, err] = IntoHead(run, ignored);
      EXPECT_EQ(status, 128 + SIGPIPE) << run << (ignored ? " (SIGPIPE ignored)" : "");
      EXPECT_EQ(err, "") << run;
    }
  }
}

}  // namespace
}  // namespace pith
