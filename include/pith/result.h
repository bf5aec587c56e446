// pith/result.h — what an extraction returns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "pith/export.h"
#include "pith/options.h"
#include "pith/status.h"

namespace pith {

// Which step of the charset sniffing decided the encoding (DESIGN.md order).
enum class EncodingSource : std::uint8_t {
  kCaller,    // charset given by the caller (HTTP Content-Type or --charset)
  kBom,       // byte order mark
  kMeta,      // <meta charset> / http-equiv / <?xml encoding?> prescan
  kUtf8Valid, // bytes are valid UTF-8 (also overrides a wrong legacy meta declaration)
  kDetector,  // uchardet on tag-stripped bytes
  kDefault,   // nothing else decided: windows-1252
  kNone,      // the input was not decoded: an error came first (empty, binary, too large, unreadable)
};
PITH_API const char* EncodingSourceName(EncodingSource s);  // "caller", "bom", "meta", ..., "none"

struct EncodingInfo {
  std::string charset;                 // canonical name actually used, e.g. "UTF-8", "GB18030"; "" if none
  EncodingSource source = EncodingSource::kNone;
  std::string declared;                // what the page's meta declared, if anything ("" = none)
  std::uint64_t replacements = 0;      // invalid sequences replaced by U+FFFD
  // Tibetan text set in a legacy font (paper 003 §1.3): the fonts whose text was converted to
  // Unicode before parsing, and the declared legacy fonts no table covers (their text is extracted
  // as it is: Latin letters that the font draws as Tibetan).
  std::vector<std::string> legacy_fonts_converted;
  std::vector<std::string> legacy_fonts_unconverted;
  std::uint32_t legacy_unmapped_chars = 0;  // converted-font characters without a table entry (kept)
};

// One unit of main content, in document order. kImage: an image standing on its own (its text is
// empty; the image is Block::images[0]). kMath: a display formula, its text the LaTeX.
enum class BlockKind : std::uint8_t {
  kParagraph, kHeading, kListItem, kQuote, kCode, kTableRow, kCaption, kImage, kMath
};
PITH_API const char* BlockKindName(BlockKind k);

// Inline markup over a stretch of a block's text: <em>/<i>, <strong>/<b>, <code>/<kbd>/<samp>/<tt>,
// <s>/<del>/<strike>, <sup>, <sub>, an inline formula (its LaTeX is that stretch of text), a
// footnote reference (its mark: "1", "[1]"; Span::note is the note's number) and, in a footnote's
// note, the link back to its reference ("↩", "^", a label "[1]").
enum class SpanKind : std::uint8_t {
  kEmphasis, kStrong, kCode, kStrikethrough, kSuperscript, kSubscript, kMath, kFootnote, kFootnoteBack
};
PITH_API const char* SpanKindName(SpanKind k);  // "emphasis", "strong", "code", "strikethrough",
                                                // "superscript", "subscript", "math", "footnote",
                                                // "footnote_back"
struct Span {
  SpanKind kind = SpanKind::kEmphasis;
  std::uint32_t begin = 0;  // byte offsets into Block::text: [begin, end), never empty, never starting
  std::uint32_t end = 0;    // or ending with white space
  std::uint32_t note = 0;   // kFootnote: the number of the note it refers to (Block::footnote); else 0
};

// A stretch of a block's text that is a link in the page.
struct Link {
  std::uint32_t begin = 0;  // byte offsets into Block::text: [begin, end)
  std::uint32_t end = 0;
  std::string url;          // the href, resolved against the page URL and <base href> when known
};

// An image of the content (Options::images): a block of its own or standing inside a block's text.
struct Image {
  std::string src;       // the URL (its lazy-loading source, src, or the largest srcset candidate),
                         // resolved as links are
  std::string alt;       // its alt text
  std::string caption;   // the text of the <figcaption> of its <figure>, when it has one (the caption
                         // is also a kCaption block of its own, after or before the image)
  std::uint32_t at = 0;  // inside a block's text: the byte offset in Block::text it stands at; 0 for
                         // a kImage block
};

// The part of a definition list (<dl>) a block of a list item is: the term (<dt>) or its
// description (<dd>); kNone for every other block.
enum class DefinitionPart : std::uint8_t { kNone, kTerm, kDescription };

struct Block {
  BlockKind kind = BlockKind::kParagraph;
  int level = 0;           // heading level 1-6 for kHeading; for kListItem, how many lists (ul, ol, dl,
                           // menu) hold it (1 = an item of a top-level list)
  std::uint32_t number = 0;  // a block of a list item in an <ol>: the item's place among the list's
                             // items, from 1; else 0
  std::string text;        // UTF-8, whitespace collapsed; '\n' where the page breaks the line (a <br>).
                           // kCode keeps its layout: line breaks, indentation, tabs
  std::uint32_t line = 0;  // 1-based source line where the block starts (0 = unknown)
  // The blocks of a data table's cells (kTableRow for a cell's text and paragraphs; kListItem, kCode,
  // kImage for those inside a cell): ids shared by the blocks of one table, one row, one cell (0 =
  // not in a table). Every cell of a row that holds content has a block, an empty cell one of empty
  // text.
  std::uint32_t table = 0;
  std::uint32_t row = 0;
  std::uint32_t cell = 0;
  std::uint32_t colspan = 1;  // the cell's colspan and rowspan as HTML reads them (rowspan 0: to the end
  std::uint32_t rowspan = 1;  // of its row group)
  bool header = false;        // the cell is a header cell (<th>, or a cell of <thead>)
  std::uint32_t item = 0;  // an id shared by the blocks of one list item (<li>, <dt>, <dd>), whatever
                           // their kind: its text, its paragraphs, code, headings (0 = none)
  int depth = 0;           // a block of a list item: how many lists hold the item (as `level` of its
                           // kListItem blocks; a heading in the item keeps its heading level); else 0
  std::uint32_t quote = 0; // a kQuote block: an id shared by the blocks of one quotation (a <blockquote>
                           // or a callout: an admonition, a <details>); else 0
  std::vector<Link> links; // linked stretches of `text`, in order (not for kCode)
  std::string language;    // kCode: the language the page names for the code, lower case as written
                           // ("rust", "js", "console"); "" when it names none
  std::vector<Image> images;  // kImage: its image; other blocks: the images inside their text, in order
  std::vector<Span> spans;    // inline markup of `text`, ordered by begin, an outer span before the spans
                              // it holds; spans nest and never cross (not for kCode)
  bool comment = false;    // the block belongs to a comment section or the replies after an article,
                           // kept by Options::comments
  // A block of a footnote's note (the element a reference's link points to): the note's number, from
  // 1 in the order the content first refers to the notes; the heading of the section holding the
  // notes carries the number of its first note. 0 = none (also a note nothing refers to).
  std::uint32_t footnote = 0;
  DefinitionPart definition = DefinitionPart::kNone;  // a block of a <dt> or <dd> (outside tables)
};

// What kind of page the content came from (src/classify/page_type.h): a news story or blog post, a
// discussion thread or Q&A page, a product page, a shop's collection of products, a listing of other
// pages (a news front, search results, a ranked list), documentation, a service or landing page.
enum class PageType : std::uint8_t { kArticle, kForum, kProduct, kCollection, kListing, kDocumentation, kService };
PITH_API const char* PageTypeName(PageType t);  // "article", "forum", "product", "collection", "listing",
                                       // "documentation", "service"

struct Metadata {
  std::string title;                  // site-name suffix removed
  std::string site_name;
  std::string date;                   // ISO 8601: "2009-11-09", "2009-11-09T12:30:00" (local time as
                                      // printed), with its zone when the page gives one
                                      // ("2009-11-09T12:30:00Z", "...T12:30:00+05:30")
  std::string author;
  std::vector<std::string> keywords;
  std::string lang;                   // BCP 47-ish, from <html lang>, meta, or text script
  std::string dir;                    // "ltr" or "rtl"
  std::string url;                    // canonical URL (link rel=canonical / og:url) or the input's URL
  std::string description;
};

struct PITH_API Result {
  Status status;                      // ok, or kNoContent (normal), or an error
  Algorithm algorithm = Algorithm::kLineBlock;
  EncodingInfo encoding;
  Metadata metadata;
  std::vector<Block> blocks;          // the main content
  PageType page_type = PageType::kArticle;  // the page classifier's answer (when the page parsed)
  double page_type_probability = 0;         // the classifier's probability of that answer, 0..1
  // How likely the content is right: the probability, 0..1, that it scores a word F1 of 0.8 or more
  // against the page's main text (src/classify/confidence.h); 0 when nothing was kept.
  double confidence = 0;

  // Blocks joined by blank lines ("\n\n"), comments included (after the content they follow).
  std::string Text() const;
  // The same without the comment blocks, and the comment blocks alone.
  std::string MainText() const;
  std::string CommentsText() const;
  bool HasComments() const;
};

}  // namespace pith
