// Small helpers shared by tests: temp folders, files, running the pith binary, extracting a page.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "pith/pith.h"

namespace pith::testing {

inline std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void WriteFile(const std::filesystem::path& p, const std::string& bytes) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << bytes;
}

// A fresh folder under the system temp dir, removed when the object dies.
class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/pith-test-XXXXXX";
    path_ = mkdtemp(tmpl);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

struct RunResult {
  int exit_code = -1;
  std::string out, err;
};

// Runs the pith CLI with `args` (a shell fragment) and optional stdin file.
inline RunResult RunPith(const std::string& args, const std::string& stdin_file = "") {
  TempDir dir;
  const auto out = dir.path() / "out", err = dir.path() / "err";
  std::string cmd = std::string(PITH_CLI) + " " + args + " >" + out.string() + " 2>" + err.string();
  if (!stdin_file.empty()) cmd += " <" + stdin_file;
  const int status = std::system(cmd.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = ReadFile(out);
  r.err = ReadFile(err);
  return r;
}

// Extracts `html` with `options` (by default `auto`), expecting content: a test's page.
inline Result ExtractOk(const std::string& html, const Options& options = Options{}) {
  Result r = Extractor(options).Extract(html);
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return r;
}

}  // namespace pith::testing
