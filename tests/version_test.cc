// `pith --version`: pith's version from project(VERSION), then the HTML parser, ICU, uchardet and
// libcurl the tool was built with.
#include <curl/curlver.h>
#include <gtest/gtest.h>
#include <unicode/uvernum.h>

#include <regex>
#include <string>

#include "pith/version.h"
#include "test_util.h"

namespace pith {
namespace {

TEST(CliVersion, NamesPithAndWhatItWasBuiltWith) {
  const auto r = testing::RunPith("--version");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.out.starts_with("pith " PITH_VERSION "\n")) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\n  HTML parser +pith's own, to the WHATWG HTML Living Standard"))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\n  ICU +" U_ICU_VERSION " "))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\n  uchardet +[0-9]+\\.[0-9]+\\.[0-9]+ "))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\n  libcurl +" LIBCURL_VERSION " "))) << r.out;
}

}  // namespace
}  // namespace pith
