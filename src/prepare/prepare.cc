// The prepare room (prepare.h): input checks → decode → legacy font conversion → parse → annotate.
#include "prepare/prepare.h"

#include "decode/charset.h"
#include "decode/tibetan.h"
#include "dom/parse.h"
#include "text/ascii.h"

namespace pith::prepare {

Status CheckInput(std::string_view bytes, const Options& options) {
  if (options.max_nesting_depth < kMinNestingDepth || options.max_nesting_depth > kMaxNestingDepth) {
    return Status(StatusCode::kInvalidArgument, "max_nesting_depth " + std::to_string(options.max_nesting_depth) +
                                                    " is outside [" + std::to_string(kMinNestingDepth) + ", " +
                                                    std::to_string(kMaxNestingDepth) + "]");
  }
  if (bytes.size() > options.max_input_bytes) {
    return Status(StatusCode::kTooLarge, std::to_string(bytes.size()) + " bytes exceeds the limit of " +
                                             std::to_string(options.max_input_bytes));
  }
  const bool blank = text::TrimFront(bytes, text::IsAsciiWhitespace).empty();
  if (blank) return Status(StatusCode::kEmptyInput, bytes.empty() ? "empty input" : "input is only whitespace");
  std::string what;
  if (decode::LooksBinary(bytes, &what)) return Status(StatusCode::kNotHtml, "input looks like " + what + ", not HTML");
  return Status::Ok();
}

// Tibetan set in a legacy font is Latin letters drawn as Tibetan glyphs: converted to Unicode here,
// before any counting, when a table covers the font; labelled in the result when none does.
// The identifier (paper 003 §2.2) must agree that the text in those fonts is Tibetan: a page that
// only names a Tibetan font (a font catalogue, a CSS framework) is left alone. Returns the page to
// parse: `text`, or its conversion (held in page->decoded.utf8).
std::string_view ConvertLegacyTibetanFonts(std::string_view bytes, std::string_view text, const Options& options,
                                           PreparedPage* page) {
  if (!decode::DeclaresLegacyTibetanFont(text)) return text;
  const decode::TibetanEvidence evidence = decode::IdentifyTibetan(bytes, text, options.tibetan);
  if (!evidence.tibetan || evidence.encoding != decode::TibetanEncoding::kAsciiFont) return text;
  decode::LegacyConversion conv;
  if (decode::ConvertLegacyTibetan(text, &conv)) {
    page->decoded.utf8.swap(conv.html);
    page->decoded.info.legacy_fonts_converted = std::move(conv.converted_fonts);
    page->decoded.info.legacy_fonts_unconverted = std::move(conv.unconverted_fonts);
    page->decoded.info.legacy_unmapped_chars = conv.unmapped;
    return page->decoded.utf8;
  }
  page->decoded.info.legacy_fonts_unconverted = evidence.legacy_fonts;
  return text;
}

Status Prepare(std::string_view bytes, const PageInfo& info, const Options& options, PreparedPage* page) {
  // `page` is reused from page to page: an input refused before decoding must not report the
  // previous page's encoding.
  page->decoded.info = {};
  Status s = CheckInput(bytes, options);
  if (!s.ok()) return s;
  // The decoded page is `bytes` itself when they are valid UTF-8 already (no copy), else
  // page->decoded.utf8.
  std::string_view text;
  s = decode::DecodeText(bytes, options.forced_charset, info.charset, &page->decoded, &text);
  if (!s.ok()) return s;
  text = ConvertLegacyTibetanFonts(bytes, text, options, page);
  dom::Parse(text, dom::ParseLimits{options.max_nesting_depth}, &page->doc);
  dom::Annotate(page->doc, &page->annotation);
  return Status::Ok();
}

}  // namespace pith::prepare
