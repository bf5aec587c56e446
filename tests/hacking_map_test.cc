// HACKING.md's map of the code stays true: every path it names exists, and every folder of src/ is
// in its table of stages.
#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "test_util.h"

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = fs::path(PITH_TEST_DIR).parent_path();

// The `code spans` of HACKING.md that name a path of the repository ("src/dom/", "docs/auto.md").
std::set<std::string> NamedPaths(const std::string& text) {
  static const std::regex span("`((?:src|tools|python|include|docs|scripts|tests|bench|fuzz|data)/[^` <>]*)");
  std::set<std::string> paths;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), span); it != std::sregex_iterator(); ++it) {
    std::string p = (*it)[1];
    if (p.find('*') != std::string::npos) p = p.substr(0, p.rfind('/', p.find('*')) + 1);  // "tests/*_test.cc"
    paths.insert(p);
  }
  return paths;
}

}  // namespace

TEST(HackingMap, EveryPathItNamesExists) {
  const std::string text = pith::testing::ReadFile(kRoot / "HACKING.md");
  const std::set<std::string> paths = NamedPaths(text);
  ASSERT_GT(paths.size(), 20u) << "HACKING.md's map names the folders and files of the code";
  for (const std::string& p : paths) EXPECT_TRUE(fs::exists(kRoot / p)) << "HACKING.md names " << p;
}

TEST(HackingMap, EveryFolderOfSrcIsInTheMap) {
  const std::set<std::string> paths = NamedPaths(pith::testing::ReadFile(kRoot / "HACKING.md"));
  for (const fs::directory_entry& e : fs::directory_iterator(kRoot / "src")) {
    if (!e.is_directory()) continue;
    const std::string folder = "src/" + e.path().filename().string() + "/";
    EXPECT_TRUE(paths.count(folder)) << folder << " is missing from HACKING.md's table";
  }
}
