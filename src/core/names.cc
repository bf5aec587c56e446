// Names of the public enums, and the small methods of the public value types.
#include "pith/pith.h"

namespace pith {

std::string_view StatusCodeName(StatusCode code) {
  switch (code) {
    case StatusCode::kOk: return "ok";
    case StatusCode::kNoContent: return "no_content";
    case StatusCode::kEmptyInput: return "empty_input";
    case StatusCode::kNotHtml: return "not_html";
    case StatusCode::kTooLarge: return "too_large";
    case StatusCode::kTooDeep: return "too_deep";
    case StatusCode::kInvalidArgument: return "invalid_argument";
    case StatusCode::kIoError: return "io_error";
    case StatusCode::kInternal: return "internal";
  }
  return "internal";
}

std::string Status::ToString() const {
  std::string s(StatusCodeName(code_));
  if (!message_.empty()) s += ": " + message_;
  return s;
}

namespace {
constexpr std::pair<Algorithm, const char*> kAlgorithms[] = {
    {Algorithm::kLineBlock, "lineblock"}, {Algorithm::kCorrelation, "correlation"},
    {Algorithm::kSemantic, "semantic"},   {Algorithm::kTibetan, "tibetan"},
    {Algorithm::kPathSim, "pathsim"},     {Algorithm::kAuto, "auto"},
};
}  // namespace

const char* AlgorithmName(Algorithm a) {
  for (const auto& [alg, name] : kAlgorithms) {
    if (alg == a) return name;
  }
  return "unknown";
}

bool ParseAlgorithm(std::string_view name, Algorithm* out) {
  for (const auto& [alg, n] : kAlgorithms) {
    if (name == n) {
      *out = alg;
      return true;
    }
  }
  return false;
}

const char* FavorName(Favor f) {
  switch (f) {
    case Favor::kBalanced: return "balanced";
    case Favor::kPrecision: return "precision";
    case Favor::kRecall: return "recall";
  }
  return "balanced";
}

bool ParseFavor(std::string_view name, Favor* out) {
  for (Favor f : {Favor::kBalanced, Favor::kPrecision, Favor::kRecall}) {
    if (name == FavorName(f)) {
      *out = f;
      return true;
    }
  }
  return false;
}

const char* PageTypeName(PageType t) {
  switch (t) {
    case PageType::kArticle: return "article";
    case PageType::kForum: return "forum";
    case PageType::kProduct: return "product";
    case PageType::kCollection: return "collection";
    case PageType::kListing: return "listing";
    case PageType::kDocumentation: return "documentation";
    case PageType::kService: return "service";
  }
  return "article";
}

const char* BlockKindName(BlockKind k) {
  switch (k) {
    case BlockKind::kParagraph: return "paragraph";
    case BlockKind::kHeading: return "heading";
    case BlockKind::kListItem: return "list_item";
    case BlockKind::kQuote: return "quote";
    case BlockKind::kCode: return "code";
    case BlockKind::kTableRow: return "table_row";
    case BlockKind::kCaption: return "caption";
    case BlockKind::kImage: return "image";
    case BlockKind::kMath: return "math";
  }
  return "paragraph";
}

const char* SpanKindName(SpanKind k) {
  switch (k) {
    case SpanKind::kEmphasis: return "emphasis";
    case SpanKind::kStrong: return "strong";
    case SpanKind::kCode: return "code";
    case SpanKind::kStrikethrough: return "strikethrough";
    case SpanKind::kSuperscript: return "superscript";
    case SpanKind::kSubscript: return "subscript";
    case SpanKind::kMath: return "math";
    case SpanKind::kFootnote: return "footnote";
    case SpanKind::kFootnoteBack: return "footnote_back";
  }
  return "emphasis";
}

namespace {

// The text of the blocks `take` accepts, joined by blank lines.
template <class Take>
std::string JoinBlocks(const std::vector<Block>& blocks, Take take) {
  std::string out;
  for (const Block& b : blocks) {
    if (!take(b) || b.text.empty()) continue;  // (an image block has no text)
    if (!out.empty()) out += "\n\n";
    out += b.text;
  }
  return out;
}

}  // namespace

std::string Result::Text() const {
  return JoinBlocks(blocks, [](const Block&) { return true; });
}

std::string Result::MainText() const {
  return JoinBlocks(blocks, [](const Block& b) { return !b.comment; });
}

std::string Result::CommentsText() const {
  return JoinBlocks(blocks, [](const Block& b) { return b.comment; });
}

bool Result::HasComments() const {
  for (const Block& b : blocks) {
    if (b.comment) return true;
  }
  return false;
}

}  // namespace pith
