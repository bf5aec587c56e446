// `pith --version`: pith's version and what the tool was built with. The one list of components is
// BuiltWith() below: a library that becomes part of the tool adds its line there.
#include <curl/curlver.h>
#include <isa-l.h>
#include <unicode/uvernum.h>
#include <zlib.h>
#include <zstd.h>

#include <string>
#include <utility>
#include <vector>

#include "commands.h"
#include "pith/version.h"

namespace pith::cli {
namespace {

// (component, version and what it is for), in the order printed.
std::vector<std::pair<std::string, std::string>> BuiltWith() {
  return {
      {"HTML parser", "pith's own, to the WHATWG HTML Living Standard: tokenization (13.2.5), tree construction (13.2.6)"},
      {"ICU", U_ICU_VERSION " (charset conversion, Unicode properties, word breaks)"},
      {"uchardet", PITH_UCHARDET_VERSION " (charset detection)"},
      {"ISA-L", std::to_string(ISAL_MAJOR_VERSION) + "." + std::to_string(ISAL_MINOR_VERSION) + "." +
                    std::to_string(ISAL_PATCH_VERSION) + " (gzip: web archives, .html.gz pages)"},
      {"zlib", ZLIB_VERSION " (deflate bodies, writing gzip)"},
      {"zstd", ZSTD_VERSION_STRING " (.warc.zst)"},
      {"brotli", PITH_BROTLI_VERSION " (br bodies)"},
      {"libcurl", LIBCURL_VERSION " (online mode)"},
  };
}

}  // namespace

std::string VersionText() {
  std::string text = "pith " PITH_VERSION "\nbuilt with:\n";
  for (const auto& [component, version] : BuiltWith()) {
    text += "  " + component + std::string(component.size() < 13 ? 13 - component.size() : 1, ' ') + version + "\n";
  }
  text.pop_back();  // CLI11 ends the output with a newline
  return text;
}

}  // namespace pith::cli
