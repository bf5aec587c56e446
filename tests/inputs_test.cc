// io::ReadInput: whole files of every size, the size limit, special files and missing paths.
#include "io/inputs.h"

#include <gtest/gtest.h>

#include <string>

#include "test_util.h"

namespace pith::io {
namespace {

using pith::testing::TempDir;
using pith::testing::WriteFile;

InputItem FileItem(const std::string& path) { return {path, path, Status::Ok()}; }

// Bytes that differ at every position, so a chunk read twice or skipped shows.
std::string Pattern(std::size_t n) {
  std::string s(n, '\0');
  for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>((i * 131 + i / 251) & 0xFF);
  return s;
}

TEST(ReadInput, ReadsRegularFilesOfEverySizeWhole) {
  TempDir dir;
  // Around the 64 KiB chunk of the reading loop, and a multi-megabyte page.
  for (std::size_t n : {0u, 1u, 4095u, 65535u, 65536u, 65537u, 200000u, 3u << 20}) {
    const std::string path = (dir.path() / ("f" + std::to_string(n))).string();
    const std::string bytes = Pattern(n);
    WriteFile(path, bytes);
    std::string out = "stale";
    ASSERT_TRUE(ReadInput(FileItem(path), 64u << 20, &out).ok()) << n;
    EXPECT_EQ(out, bytes) << n;
  }
}

TEST(ReadInput, RefusesFilesOverTheLimitAndAcceptsOneExactlyAtIt) {
  TempDir dir;
  const std::string path = (dir.path() / "page.html").string();
  WriteFile(path, Pattern(100000));
  std::string out;
  Status s = ReadInput(FileItem(path), 99999, &out);
  EXPECT_EQ(s.code(), StatusCode::kTooLarge);
  EXPECT_NE(s.message().find("99999 bytes"), std::string::npos) << s.message();
  EXPECT_TRUE(out.empty());
  s = ReadInput(FileItem(path), 100000, &out);
  EXPECT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(out.size(), 100000u);
}

TEST(ReadInput, ReadsSpecialFilesThatReportNoSize) {
  // /dev/zero reports size 0 and never ends: the limit stops it. /dev/null is empty.
  std::string out;
  EXPECT_EQ(ReadInput(FileItem("/dev/zero"), 300000, &out).code(), StatusCode::kTooLarge);
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(ReadInput(FileItem("/dev/null"), 100, &out).ok());
  EXPECT_TRUE(out.empty());
}

TEST(ReadInput, MissingFilesAndUnusableArgumentsAreErrors) {
  std::string out = "stale";
  EXPECT_EQ(ReadInput(FileItem("/nonexistent/pith/page.html"), 100, &out).code(), StatusCode::kIoError);
  EXPECT_TRUE(out.empty());
  const InputItem bad{"x", "x", Status(StatusCode::kIoError, "no such file or folder")};
  EXPECT_EQ(ReadInput(bad, 100, &out).message(), "no such file or folder");
}

}  // namespace
}  // namespace pith::io
