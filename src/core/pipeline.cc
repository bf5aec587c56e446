// The pipeline: input checks → decode → parse → annotate → algorithm → render + metadata.
#include "core/pipeline.h"

#include "algo/registry.h"
#include "decode/charset.h"
#include "dom/parse.h"
#include "meta/metadata.h"
#include "render/blocks.h"
#include "text/tibetan.h"

namespace pith::core {

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
  bool blank = true;
  for (char c : bytes) {
    if (!(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f')) {
      blank = false;
      break;
    }
  }
  if (blank) return Status(StatusCode::kEmptyInput, bytes.empty() ? "empty input" : "input is only whitespace");
  std::string what;
  if (decode::LooksBinary(bytes, &what)) return Status(StatusCode::kNotHtml, "input looks like " + what + ", not HTML");
  return Status::Ok();
}

// Tibetan set in a legacy font is Latin letters drawn as Tibetan glyphs: converted to Unicode here,
// before any counting, when a table covers the font; labelled in the result when none does.
// The identifier (paper 003 §2.2) must agree that the text in those fonts is Tibetan: a page that
// only names a Tibetan font (a font catalogue, a CSS framework) is left alone. Returns the page to
// parse: `text`, or its conversion (held in state->decoded.utf8).
std::string_view ConvertLegacyTibetanFonts(std::string_view bytes, std::string_view text, const Options& options,
                                           PageState* state) {
  if (!text::DeclaresLegacyTibetanFont(text)) return text;
  const text::TibetanEvidence evidence = text::IdentifyTibetan(bytes, text, options.tibetan);
  if (!evidence.tibetan || evidence.encoding != text::TibetanEncoding::kAsciiFont) return text;
  text::LegacyConversion conv;
  if (text::ConvertLegacyTibetan(text, &conv)) {
    state->decoded.utf8.swap(conv.html);
    state->decoded.info.legacy_fonts_converted = std::move(conv.converted_fonts);
    state->decoded.info.legacy_fonts_unconverted = std::move(conv.unconverted_fonts);
    state->decoded.info.legacy_unmapped_chars = conv.unmapped;
    return state->decoded.utf8;
  }
  state->decoded.info.legacy_fonts_unconverted = evidence.legacy_fonts;
  return text;
}

Status Prepare(std::string_view bytes, const PageInfo& info, const Options& options, PageState* state) {
  // The state is reused from page to page: an input refused before decoding must not report the
  // previous page's encoding.
  state->decoded.info = {};
  Status s = CheckInput(bytes, options);
  if (!s.ok()) return s;
  // The decoded page is `bytes` itself when they are valid UTF-8 already (no copy), else
  // state->decoded.utf8.
  std::string_view text;
  s = decode::DecodeText(bytes, options.forced_charset, info.charset, &state->decoded, &text);
  if (!s.ok()) return s;
  text = ConvertLegacyTibetanFonts(bytes, text, options, state);
  dom::Parse(text, dom::ParseLimits{options.max_nesting_depth}, &state->doc);
  dom::Annotate(state->doc, &state->annotation);
  return Status::Ok();
}

namespace {

// Link targets and image URLs as written in the page become absolute when the page's URL or
// <base href> allows.
void ResolveLinks(const dom::Document& doc, std::string_view page_url, std::vector<Block>* blocks) {
  std::string base;
  bool base_known = false;
  for (Block& b : *blocks) {
    auto resolve = [&](std::string* url) {
      if (!base_known) {
        base = meta::LinkBase(doc, page_url);
        base_known = true;
      }
      std::string resolved = meta::ResolveUrl(base, *url);
      if (!resolved.empty()) *url = std::move(resolved);
    };
    for (Link& l : b.links) resolve(&l.url);
    for (Image& i : b.images) resolve(&i.src);
  }
}

}  // namespace

void Run(std::string_view bytes, const PageInfo& info, const Options& options, PageState* state,
         Result* result) {
  *result = Result();
  result->algorithm = options.algorithm;
  result->status = Prepare(bytes, info, options, state);
  result->encoding = state->decoded.info;
  if (!result->status.ok()) return;
  state->page_type = classify::ClassifyPageType(state->doc, state->annotation, info.url);
  result->page_type = state->page_type.type;
  result->page_type_probability = state->page_type.probability[static_cast<std::size_t>(state->page_type.type)];
  const algo::Context ctx{state->doc, state->annotation, options, &state->page_type};
  result->status = algo::Run(ctx, &state->selection);
  if (!result->status.ok()) return;
  result->blocks = render::CollectBlocks(state->doc, state->selection.keep, {.images = options.images});
  state->confidence =
      classify::ComputeConfidenceFeatures(state->doc, state->annotation,
                                          {state->selection.keep, state->selection.route, state->selection.main_votes},
                                          state->page_type);
  result->confidence = result->blocks.empty() ? 0.0 : classify::ScoreConfidence(state->confidence);
  if (options.extract_metadata) {
    meta::ExtractMetadata(state->doc, state->annotation, state->selection.keep, info.url, &result->metadata);
  } else {
    result->metadata.url = info.url;
  }
  ResolveLinks(state->doc, info.url, &result->blocks);
  if (result->blocks.empty()) {
    result->status = Status(StatusCode::kNoContent, "no block qualified as main content");
  }
}

}  // namespace pith::core
