// The page at `/` of `pith serve` in headless Chromium (Debian's `chromium`, scripts/deps.sh): it
// loads `/#url=` of a corpus page on a local test site, and the test reads the DOM the script
// built (--dump-dom: blocks marked kept and removed, the Markdown, the metadata), takes a
// screenshot, and checks the browser logged no console error and no Content-Security-Policy
// refusal. Skips when no Chromium is installed (PITH_CHROMIUM overrides the binary).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "online_test_server.h"
#include "serve_harness.h"

namespace pith {
namespace {

namespace fs = std::filesystem;

std::string FindChromium() {
  if (const char* env = std::getenv("PITH_CHROMIUM"); env && *env) return env;
  for (const char* name : {"chromium", "chromium-browser"}) {
    if (std::system((std::string("command -v ") + name + " >/dev/null 2>&1").c_str()) == 0) return name;
  }
  return "";
}

TEST(ServePage, ExtractsACorpusPageInChromium) {
  const std::string chromium = FindChromium();
  if (chromium.empty()) GTEST_SKIP() << "no chromium";
  const fs::path page = fs::path(PITH_SHARED_DATA) / "wcxb-dev" / "html" / "dev-0001.html";
  if (!fs::exists(page)) GTEST_SKIP() << "no corpus page " << page;
  const std::string html = testing::ReadFile(page);
  testing::TestHttpServer site([&](const testing::HttpRequest&) {
    testing::HttpResponse r;
    r.body = html;
    return r;
  });
  testing::ServeProcess serve("--quiet --allow-private");
  ASSERT_TRUE(serve.ok()) << serve.Log();
  testing::TempDir dir;
  const std::string flags = " --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking"
                            " --disable-component-update --disable-sync --disable-quic --enable-logging=stderr --v=0"
                            " --virtual-time-budget=15000 --window-size=1280,900 --user-data-dir=" +
                            (dir.path() / "profile").string();
  const std::string url = serve.Url("/#url=" + site.Url("/article.html"));
  const fs::path dom = dir.path() / "dom.html", log = dir.path() / "log", png = dir.path() / "page.png";
  ASSERT_EQ(std::system(("timeout 60 " + chromium + flags + " --dump-dom '" + url + "' >" + dom.string() + " 2>" +
                         log.string()).c_str()),
            0)
      << testing::ReadFile(log);
  const std::string got = testing::ReadFile(dom);
  EXPECT_NE(got.find("<li class=\"kept\""), std::string::npos) << got.substr(0, 3000);
  EXPECT_NE(got.find("<li class=\"removed\""), std::string::npos);
  EXPECT_NE(got.find("<th>title</th>"), std::string::npos);
  EXPECT_NE(got.find("id=\"message\" role=\"status\" class=\"\">Done.</p>"), std::string::npos);
  // The Markdown pane holds the tool's Markdown of the page.
  const testing::RunResult md = testing::RunPith("extract -f markdown " + page.string());
  std::string first_line;
  for (char c : md.out.substr(0, std::min<std::size_t>(60, md.out.find('\n')))) {
    first_line += c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : std::string(1, c);
  }
  ASSERT_FALSE(first_line.empty());
  EXPECT_NE(got.find("<pre id=\"output\">" + first_line), std::string::npos) << first_line;
  const std::string console = testing::ReadFile(log);
  EXPECT_EQ(console.find("Refused to"), std::string::npos) << console;  // a CSP refusal
  EXPECT_EQ(console.find("Uncaught"), std::string::npos) << console;
  EXPECT_EQ(console.find(":ERROR:CONSOLE"), std::string::npos) << console;
  ASSERT_EQ(std::system(("timeout 60 " + chromium + flags + " --screenshot=" + png.string() + " '" + url + "' >/dev/null 2>&1")
                            .c_str()),
            0);
  ASSERT_TRUE(fs::exists(png));
  EXPECT_GT(fs::file_size(png), 20000u) << "a near-empty screenshot";
  if (const char* keep = std::getenv("PITH_KEEP_SCREENSHOT"); keep && *keep) fs::copy_file(png, keep, fs::copy_options::overwrite_existing);
}

}  // namespace
}  // namespace pith
