// Renders `pith explain` reports and `pith plot` charts in headless Chromium (Debian package
// `chromium`, installed by scripts/deps.sh) and checks that what a person would see is not blank,
// and that the browser's parsed DOM of a report holds no <script> even when the page's text is made
// of script tags. Skips with a message when no Chromium is installed (PITH_CHROMIUM overrides the
// binary).
//
// "Not blank" without a PNG decoder: a screenshot's compressed image data (its IDAT chunks) grows
// with what is drawn, so each screenshot is compared with a screenshot of an empty page taken the
// same way. A blank or error-free-but-empty render compresses to a few KB; a report or chart with
// text, colour bars and curves is many times larger.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "markup_check.h"
#include "test_util.h"

namespace pith {
namespace {

using testing::AsciiLower;
using testing::ExplainPage;
using testing::ReadFile;
using testing::RunPith;
using testing::TempDir;
using testing::WriteFile;

namespace fs = std::filesystem;

std::string FindChromium() {
  if (const char* env = std::getenv("PITH_CHROMIUM"); env && *env) return env;
  for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
    const std::string probe = std::string("command -v ") + name + " >/dev/null 2>&1";
    if (std::system(probe.c_str()) == 0) return name;
  }
  return "";
}

struct PngInfo {
  bool valid = false;
  std::uint32_t width = 0, height = 0;
  std::uint64_t idat_bytes = 0;  // compressed image data
};

std::uint32_t Be32(const std::string& s, std::size_t at) {
  return (static_cast<std::uint32_t>(static_cast<unsigned char>(s[at])) << 24) |
         (static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 1])) << 16) |
         (static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 2])) << 8) |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 3]));
}

// Walks the PNG chunk list: signature, IHDR size, total IDAT length, IEND present.
PngInfo ReadPng(const std::string& png) {
  PngInfo info;
  if (png.size() < 33 || png.compare(0, 8, std::string("\x89PNG\r\n\x1a\n", 8)) != 0) return info;
  bool ended = false;
  for (std::size_t at = 8; at + 12 <= png.size();) {
    const std::uint32_t len = Be32(png, at);
    const std::string type = png.substr(at + 4, 4);
    if (at + 12 + len > png.size()) return info;
    if (type == "IHDR" && len >= 8) {
      info.width = Be32(png, at + 8);
      info.height = Be32(png, at + 12);
    } else if (type == "IDAT") {
      info.idat_bytes += len;
    } else if (type == "IEND") {
      ended = true;
      break;
    }
    at += 12 + len;
  }
  info.valid = ended && info.width > 0;
  return info;
}

class Browser : public ::testing::Test {
 protected:
  void SetUp() override {
    chromium_ = FindChromium();
    if (chromium_.empty()) {
      GTEST_SKIP() << "chromium is not installed (apt-get install chromium, or set PITH_CHROMIUM): "
                      "browser rendering not tested";
    }
  }

  std::string Command(const fs::path& profile) const {
    return "timeout 120 " + chromium_ +
           " --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking"
           " --disable-component-update --disable-sync --user-data-dir=" + profile.string();
  }

  // Screenshot of a local file at 1200×900.
  PngInfo Screenshot(const fs::path& file, const fs::path& png) const {
    TempDir profile;
    const std::string cmd = Command(profile.path()) + " --screenshot=" + png.string() +
                            " --window-size=1200,900 file://" + file.string() + " >/dev/null 2>&1";
    (void)std::system(cmd.c_str());
    return ReadPng(ReadFile(png));
  }

  // The DOM as the browser parsed it.
  std::string DumpDom(const fs::path& file) const {
    TempDir profile;
    const fs::path out = profile.path() / "dom.html";
    const std::string cmd = Command(profile.path()) + " --dump-dom file://" + file.string() + " >" +
                            out.string() + " 2>/dev/null";
    (void)std::system(cmd.c_str());
    return ReadFile(out);
  }

  std::uint64_t BlankBytes(const fs::path& dir) const {
    WriteFile(dir / "blank.html", "<!DOCTYPE html><html><body></body></html>\n");
    const PngInfo blank = Screenshot(dir / "blank.html", dir / "blank.png");
    EXPECT_TRUE(blank.valid) << "chromium produced no screenshot of an empty page";
    return blank.idat_bytes;
  }

  void ExpectDrawn(const PngInfo& shot, std::uint64_t blank, const std::string& what) const {
    ASSERT_TRUE(shot.valid) << what << ": no screenshot";
    EXPECT_EQ(shot.width, 1200u) << what;
    EXPECT_EQ(shot.height, 900u) << what;
    EXPECT_GT(shot.idat_bytes, 4 * blank + 8000) << what << " looks blank (" << shot.idat_bytes
                                                 << " bytes of image data, empty page " << blank << ")";
  }

  std::string chromium_;
};

TEST_F(Browser, ExplainReportsRenderForEveryScript) {
  TempDir dir;
  const std::uint64_t blank = BlankBytes(dir.path());
  for (const char* page : {"zh-gbk.html", "ug-rtl.html", "bo-tibetan.html"}) {
    const fs::path report = dir.path() / (std::string(page) + ".report.html");
    const auto r = RunPith("explain " + ExplainPage(page) + " -o " + report.string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ExpectDrawn(Screenshot(report, dir.path() / (std::string(page) + ".png")), blank, page);
  }
}

TEST_F(Browser, PlotRendersAsSvg) {
  TempDir dir;
  const std::uint64_t blank = BlankBytes(dir.path());
  const fs::path svg = dir.path() / "plot.svg";
  const auto r = RunPith("plot " + ExplainPage("zh-gbk.html") + " -o " + svg.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ExpectDrawn(Screenshot(svg, dir.path() / "plot.png"), blank, "plot.svg");
}

TEST_F(Browser, ParsedReportHasNoScriptEvenWhenThePageTextIsScript) {
  TempDir dir;
  WriteFile(dir.path() / "page.html",
            "<html><head><title>&lt;script&gt;alert(1)&lt;/script&gt;</title></head><body>\n"
            "<div class='&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;'>\n"
            "<p>The text of this page is &lt;script&gt;document.title='owned'&lt;/script&gt; and "
            "&lt;img src=x onerror=alert(3)&gt;, written long enough to be kept as the main content "
            "of the page by the line-block algorithm and shown in the report in full.</p>\n"
            "<p>More words follow here so that the block is dense: &lt;/p&gt;&lt;/div&gt;&lt;script&gt; "
            "must stay visible text in the report and never become an element of its own.</p>\n"
            "</div></body></html>\n");
  const fs::path report = dir.path() / "report.html";
  const auto r = RunPith("explain " + (dir.path() / "page.html").string() + " -o " + report.string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string dom = DumpDom(report);
  ASSERT_NE(dom.find("pith explain"), std::string::npos) << "chromium did not load the report";
  const std::string lower = AsciiLower(dom);
  EXPECT_EQ(lower.find("<script"), std::string::npos);
  EXPECT_EQ(lower.find("<img"), std::string::npos);
  EXPECT_NE(dom.find("&lt;script&gt;document.title='owned'&lt;/script&gt;"), std::string::npos)
      << "the page's text is shown as text";
  EXPECT_EQ(dom.find("<title>owned</title>"), std::string::npos);
}

}  // namespace
}  // namespace pith
