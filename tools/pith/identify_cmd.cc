// `pith identify PATH...`: is each page a Tibetan page (paper 003 §2.2), and on what evidence.
//
// For every input: read → input checks → decode → decode::IdentifyTibetan (one linear scan, no DOM).
// Prints the decision and the evidence: encoding family, Tibetan fonts named (<font face>, CSS
// font-family / font), declared charset, syllable dots, fitting syllables, and the reason. With
// --text it also extracts the main text (default algorithm: tibetan), converting legacy-font text to
// Unicode first when a table covers the fonts (decode::ConvertLegacyTibetan); text in a legacy font no
// table covers is extracted as it is and labelled `"converted": false` with its encoding.
//
// A page whose text sits in an ASCII-based Tibetan font was typed for a cp1252 (Windows Western)
// browser: if the decoder chose another single-byte charset for it, it is decoded again as
// windows-1252 so that the font tables (keyed by cp1252 code points) apply.
//
// Every input yields one record; an unreadable or unusable input yields an error record and exit
// code 1, as `pith extract` does (commands.h).
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "batch/inputs.h"
#include "decode/decode.h"
#include "decode/tibetan.h"
#include "io/inputs.h"
#include "pith/pith.h"
#include "prepare/prepare.h"
#include "render/formats.h"

namespace pith::cli {
namespace {

struct IdentifyArgs {
  std::vector<std::string> paths;
  std::string format = "text";
  bool recursive = false;
  bool text = false;
  batch::Settings settings;  // the algorithm's options (--text)
};

struct Record {
  std::string name;
  Status status;
  std::string decoded_charset;
  decode::TibetanEvidence evidence;
  bool extracted = false;
  bool converted = false;
  std::uint32_t unmapped = 0;
  std::vector<std::string> unconverted_fonts;
  std::string main_text;
  std::string extract_status;
};

bool SingleByteNonWestern(std::string_view charset) {
  return charset != "windows-1252" && charset != "UTF-8" && charset != "UTF-16LE" &&
         charset != "UTF-16BE" && charset.find("GB") == std::string_view::npos &&
         charset.find("Big5") == std::string_view::npos && charset.find("949") == std::string_view::npos &&
         charset.find("31j") == std::string_view::npos && charset.find("EUC") == std::string_view::npos;
}

void ExtractText(const IdentifyArgs& a, std::string_view bytes, const decode::Decoded& decoded,
                 Record* r) {
  // The pipeline converts legacy-font text itself (prepare/prepare.cc) and reports what it did.
  const Extractor extractor(a.settings.options);
  PageInfo info;
  info.charset = decoded.info.charset;
  const Result result = extractor.Extract(bytes, info);
  r->converted = !result.encoding.legacy_fonts_converted.empty();
  r->unconverted_fonts = result.encoding.legacy_fonts_unconverted;
  r->unmapped = result.encoding.legacy_unmapped_chars;
  r->extracted = true;
  r->extract_status = std::string(StatusCodeName(result.status.code()));
  r->main_text = result.Text();
}

Record Identify(const IdentifyArgs& a, const io::InputItem& item) {
  Record r;
  r.name = item.name;
  std::string bytes;
  r.status = batch::ReadPage(item, a.settings.options.max_input_bytes, &bytes);
  if (r.status.ok()) r.status = prepare::CheckInput(bytes, a.settings.options);
  decode::Decoded decoded;
  if (r.status.ok()) r.status = decode::Decode(bytes, a.settings.options.forced_charset, "", &decoded);
  if (!r.status.ok()) return r;
  r.evidence = decode::IdentifyTibetan(bytes, decoded.utf8, a.settings.options.tibetan);
  if (r.evidence.encoding == decode::TibetanEncoding::kAsciiFont && a.settings.options.forced_charset.empty() &&
      SingleByteNonWestern(decoded.info.charset)) {
    decode::Decoded western;
    if (decode::Decode(bytes, "windows-1252", "", &western).ok()) {
      decoded = std::move(western);
      r.evidence = decode::IdentifyTibetan(bytes, decoded.utf8, a.settings.options.tibetan);
    }
  }
  r.decoded_charset = decoded.info.charset;
  if (a.text) ExtractText(a, bytes, decoded, &r);
  return r;
}

nlohmann::json ToJson(const Record& r) {
  nlohmann::json j;
  j["path"] = r.name;
  if (!r.status.ok()) {
    j["tibetan"] = false;
    j["error"] = {{"code", std::string(StatusCodeName(r.status.code()))}, {"message", r.status.message()}};
    return j;
  }
  const decode::TibetanEvidence& e = r.evidence;
  j["tibetan"] = e.tibetan;
  j["encoding"] = decode::TibetanEncodingName(e.encoding);
  j["charset"] = e.charset;
  j["decoded_charset"] = r.decoded_charset;
  j["fonts"] = e.fonts;
  j["legacy_fonts"] = e.legacy_fonts;
  j["legacy_encoding"] = e.legacy_encoding;
  j["convertible"] = e.convertible;
  j["dots"] = e.syllables.dots;
  j["syllables_fit"] = e.syllables.fitting;
  j["max_syllable_length"] = e.max_syllable_length;
  j["fit_ratio"] = e.syllables.fit_ratio();
  j["dot_share"] = e.syllables.dot_share();
  j["other_words"] = e.other_words;
  j["tibetan_share"] = e.tibetan_share;
  j["reason"] = e.reason;
  if (r.extracted) {
    j["status"] = r.extract_status;
    j["converted"] = r.converted;
    j["unmapped_chars"] = r.unmapped;
    j["unconverted_fonts"] = r.unconverted_fonts;
    j["text"] = r.main_text;
  }
  return j;
}

std::string Join(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : ", ") + s;
  return out.empty() ? "-" : out;
}

void PrintText(const Record& r) {
  std::cout << r.name << ": ";
  if (!r.status.ok()) {
    std::cout << "error: " << r.status.ToString() << "\n";
    return;
  }
  const decode::TibetanEvidence& e = r.evidence;
  std::cout << (e.tibetan ? "Tibetan" : "not Tibetan") << " (" << decode::TibetanEncodingName(e.encoding)
            << ")\n";
  std::cout << "  charset: " << (e.charset.empty() ? "-" : e.charset) << " (decoded as "
            << r.decoded_charset << ")\n";
  std::cout << "  fonts: " << Join(e.fonts) << "\n";
  if (!e.legacy_fonts.empty()) {
    std::cout << "  legacy: " << e.legacy_encoding << " (" << Join(e.legacy_fonts) << "), "
              << (e.convertible ? "convertible" : "no conversion table") << "\n";
  }
  char buf[200];
  std::snprintf(buf, sizeof buf,
                "  syllable dots: %u; syllables of 1..%d: %u (%.2f); dot share %.3f; Tibetan share %.2f\n",
                e.syllables.dots, e.max_syllable_length, e.syllables.fitting, e.syllables.fit_ratio(),
                e.syllables.dot_share(), e.tibetan_share);
  std::cout << buf;
  std::cout << "  decision: " << e.reason << "\n";
  if (r.extracted) {
    std::cout << "  text (" << r.extract_status << (r.converted ? ", converted to Unicode" : "");
    if (!r.unconverted_fonts.empty()) std::cout << ", NOT converted: " << Join(r.unconverted_fonts);
    std::cout << "):\n" << r.main_text << "\n";
  }
}

int RunIdentify(IdentifyArgs& a) {
  if (a.paths.empty()) a.paths.push_back("-");
  const std::vector<io::InputItem> items = io::ExpandInputs(a.paths, a.recursive);
  bool any_failed = false;
  for (const io::InputItem& item : items) {
    const Record r = item.error.ok() ? Identify(a, item) : Record{item.name, item.error};
    if (!r.status.ok()) {
      any_failed = true;
      std::cerr << "pith: " << item.name << ": " << r.status.ToString() << "\n";
    }
    if (a.format == "json") {
      std::cout << render::DumpJson(ToJson(r)) << "\n";
    } else {
      PrintText(r);
    }
    std::cout.flush();
  }
  return any_failed ? kExitSomeFailed : kExitOk;
}

}  // namespace

void RegisterIdentify(CLI::App& root, int& exit_code) {
  auto args = std::make_shared<IdentifyArgs>();
  args->settings.options.algorithm = Algorithm::kTibetan;  // for --text
  CLI::App* cmd = root.add_subcommand(
      "identify",
      "Tell Tibetan pages from others by the syllable dot (paper 003 §2.2) and show the evidence:\n"
      "encoding family (unicode, pua-extension-a, pua-zhigong, gb2312-font, ascii-font), Tibetan\n"
      "fonts named by the page, charset, syllable dots and syllables of fitting length. --format json\n"
      "prints one JSON object per page (path, tibetan, encoding, fonts, dots, syllables_fit, ...).");
  cmd->add_option("paths", args->paths, "HTML files, folders (every .html/.htm file in them), or - for stdin");
  cmd->add_option("-f,--format", args->format, "text (default) or json (one object per line)")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_flag("-r,--recursive", args->recursive, "descend into sub-folders");
  cmd->add_flag("--text", args->text,
                "also extract the main text (legacy-font text converted to Unicode first); "
                "the algorithm defaults to tibetan here");
  AddTableFlags(cmd, args->settings, {batch::OptionGroup::kAlgorithm});
  cmd->callback([args, &exit_code]() { exit_code = RunIdentify(*args); });
}

}  // namespace pith::cli
