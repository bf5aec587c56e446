// README.md's examples stay true: its library example is tests/consumer/main.cc, the program
// scripts/consumer_test.sh builds against an installed pith, pith.pc and add_subdirectory; its
// Markdown example is what `pith extract -f markdown examples/quadratic.html` writes.
#include <gtest/gtest.h>

#include <string>

#include "test_util.h"

namespace pith {
namespace {

TEST(Readme, LibraryExampleIsTheConsumerProgram) {
  const std::string readme = testing::ReadFile(PITH_TEST_DIR "/../README.md");
  const std::string program = testing::ReadFile(PITH_TEST_DIR "/consumer/main.cc");
  ASSERT_FALSE(program.empty());
  const std::size_t section = readme.find("\n## Using the library\n");
  ASSERT_NE(section, std::string::npos) << "README.md has no \"Using the library\" section";
  const std::size_t section_end = readme.find("\n## ", section + 1);
  const std::string text = readme.substr(section, section_end - section);
  bool shown = false;
  for (std::size_t at = text.find("```cpp\n"); at != std::string::npos; at = text.find("```cpp\n", at + 1)) {
    const std::size_t body = at + 7, close = text.find("\n```", body);
    if (close != std::string::npos && text.substr(body, close + 1 - body) == program) shown = true;
  }
  EXPECT_TRUE(shown) << "README.md's \"Using the library\" must show tests/consumer/main.cc as it is, in a ```cpp block";
}

TEST(Readme, MarkdownExampleIsTheToolsOutput) {
  const std::string readme = testing::ReadFile(PITH_TEST_DIR "/../README.md");
  const std::size_t marker = readme.find("<!-- markdown example:");
  ASSERT_NE(marker, std::string::npos) << "README.md has no Markdown example";
  const std::string open = "````markdown\n", close = "\n````\n";
  const std::size_t begin = readme.find(open, marker);
  ASSERT_NE(begin, std::string::npos);
  const std::size_t end = readme.find(close, begin + open.size());
  ASSERT_NE(end, std::string::npos);
  const std::string shown = readme.substr(begin + open.size(), end - begin - open.size()) + "\n";

  const testing::RunResult r = testing::RunPith("extract -f markdown " PITH_TEST_DIR "/../examples/quadratic.html");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, shown);
}

}  // namespace
}  // namespace pith
