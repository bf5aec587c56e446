// pith's HTML5 tokenizer: WHATWG HTML Living Standard §13.2.5 "Tokenization" (every state of
// §13.2.5.1–13.2.5.80, character references §13.2.5.72–13.2.5.80 with the full named table of
// §13.5), over valid UTF-8 input. The tree builder (html_tree_builder.h) drives it: it asks for one
// token at a time and switches the tokenizer's state after the start tags that need it
// (§13.2.6.2 "generic raw text / RCDATA element parsing algorithms", <script>, <plaintext>).
//
// Input stream preprocessing (§13.2.3.5) is done on the fly: CR LF and lone CR become LF in every
// token's text, so no copy of the whole input is made. Tokens point into the input where they can
// (a run of text without '&', CR or NUL) and into the tokenizer's own buffers otherwise; every view
// in a token is valid until the next call of Next().
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pith::dom {

struct HtmlAttribute {
  std::string_view name;   // ASCII-lower-cased, as read
  std::string_view value;  // character references decoded (§13.2.5.72, "as part of an attribute")
};

struct HtmlToken {
  enum Type : std::uint8_t { kDoctype, kStartTag, kEndTag, kComment, kCharacters, kEof };
  Type type = kEof;
  // Start and end tags: the ASCII-lower-cased tag name. DOCTYPE: its name (lower-cased), "" if
  // missing.
  std::string_view name;
  // Characters: a run of text (references decoded, newlines normalised; may mix whitespace and
  // other characters, may hold U+0000 where the standard emits it). Comment: the comment's data.
  std::string_view data;
  bool self_closing = false;  // start tags: "<br/>"
  // Start tags: attributes in source order, duplicates already dropped (the first one wins,
  // §13.2.5.33). End tags carry none (the standard drops them).
  const HtmlAttribute* attrs = nullptr;
  std::size_t attr_count = 0;
  // DOCTYPE only (§13.2.5.53–13.2.5.68).
  bool force_quirks = false;
  bool has_public_id = false, has_system_id = false;
  std::string_view public_id, system_id;
  // Byte offset in the input where the token starts: the '<' of a tag, comment or DOCTYPE; the
  // first byte of a character run; the input's size for kEof. Source lines are counted from it.
  std::size_t offset = 0;
};

class HtmlTokenizer {
 public:
  // The states the tree builder may switch to (§13.2.6.2, §13.2.6.4.7 "script", "plaintext").
  enum class State : std::uint8_t { kData, kRcdata, kRawtext, kScriptData, kPlaintext };

  // `input` must be valid UTF-8 and outlive the tokenizer.
  explicit HtmlTokenizer(std::string_view input);

  // The next token. After kEof, every call returns kEof again.
  const HtmlToken& Next();

  // Switches the state before the next call of Next() (the tree builder calls this right after it
  // inserted a <title>/<textarea> (RCDATA), <style>/<xmp>/<iframe>/<noembed>/<noframes> (RAWTEXT;
  // <noscript> never, scripting is off), <script> or <plaintext>). The "appropriate end tag" of
  // RCDATA, RAWTEXT and script data is the last start tag this tokenizer emitted.
  void SwitchTo(State state);

  // "Adjusted current node is not an element in the HTML namespace" (§13.2.5.42 markup declaration
  // open state): only then does "<![CDATA[" open a CDATA section; otherwise it is a bogus comment.
  // The tree builder sets this before each call of Next().
  void set_foreign_content(bool foreign) { foreign_content_ = foreign; }

  // Whether a character reference decoded so far put a 0xEF byte in a token (a character of
  // U+F000–U+FFFF, such as an Arabic presentation form): with the input's own bytes, it tells
  // whether any token text can hold one.
  bool decoded_ef_byte() const { return decoded_ef_byte_; }

 private:
  // The states that last across calls of Next(): the ones that produce character runs (§13.2.5.1–5,
  // 13.2.5.15–31 script data, 13.2.5.69 CDATA section). Tags, comments and DOCTYPEs are read whole
  // within one call; when a run comes before one, the run is returned and the markup token is kept
  // for the next call.
  enum class TextState : std::uint8_t {
    kData,
    kRcdata,
    kRawtext,
    kScriptData,
    kScriptDataEscaped,
    kScriptDataEscapedDash,
    kScriptDataEscapedDashDash,
    kScriptDataDoubleEscaped,
    kScriptDataDoubleEscapedDash,
    kScriptDataDoubleEscapedDashDash,
    kPlaintext,
    kCdataSection,
  };

  // A piece of token text: a view into the input while it is an unmodified slice of it, moved into
  // a buffer at its first change (a decoded reference, a newline, U+FFFD, lower-casing). begin/end
  // index the input, or the buffer once `copied`; a buffer may hold several pieces, the one being
  // built always last.
  struct Piece {
    std::size_t begin = 0, end = 0;
    bool copied = false;
  };
  struct PendingAttribute {
    Piece name, value;
    std::uint32_t name_key;  // length, first and last byte of the name: a quick inequality test
  };
  struct DecodedReference {
    char bytes[8];
    std::size_t size = 0;
  };

  const HtmlToken* DataState();
  template <bool kDecodeReferences>
  const HtmlToken* RcdataOrRawtextState();
  const HtmlToken* ScriptDataStates();
  const HtmlToken* PlaintextState();
  const HtmlToken* CdataSectionState();
  const HtmlToken* MarkupDeclarationOpen(const char* lt);
  const HtmlToken* Tag(const char* lt, const char* name, bool end_tag);
  const HtmlToken* Comment(const char* lt, const char* data);
  const HtmlToken* BogusComment(const char* lt, const char* data);
  const HtmlToken* Doctype(const char* lt, const char* p);

  std::size_t CharacterReference(const char* after_ampersand, bool in_attribute, DecodedReference* out);
  bool IsAppropriateEndTag(const char* lt) const;
  void DropLastAttribute();
  using ByteClassMask = std::uint16_t;
  const char* ReadName(const char* p, ByteClassMask stop, Piece* piece, std::string* buffer);
  const char* ReadNameCopy(const char* q, ByteClassMask stop, Piece* piece, std::string* buffer);
  bool IsDuplicateAttribute();
  bool IsDuplicateAttributeHashed(std::size_t index, std::string_view name);

  std::string_view View(const Piece& piece, const std::string& buffer) const;
  // Extends a piece by input bytes [begin, end): stays a view if they continue it.
  void AppendInput(Piece* piece, std::string* buffer, const char* begin, const char* end) {
    if (begin == end) return;
    const auto b = static_cast<std::size_t>(begin - input_.data());
    if (!piece->copied && (piece->begin == piece->end || piece->end == b)) {
      if (piece->begin == piece->end) piece->begin = b;
      piece->end = static_cast<std::size_t>(end - input_.data());
      return;
    }
    AppendInputCopy(piece, buffer, begin, end);
  }
  void AppendInputCopy(Piece* piece, std::string* buffer, const char* begin, const char* end);
  void AppendBytes(Piece* piece, std::string* buffer, std::string_view bytes);
  void MoveToBuffer(Piece* piece, std::string* buffer);
  [[gnu::always_inline]] void AppendRun(const char* begin, const char* end) {
    if (begin == end) return;
    if (RunEmpty()) run_offset_ = static_cast<std::size_t>(begin - input_.data());
    AppendInput(&run_, &run_buffer_, begin, end);
  }
  void AppendRunBytes(const char* source, std::string_view bytes);
  bool RunEmpty() const { return run_.begin == run_.end; }

  void ResetToken(HtmlToken::Type type, std::size_t offset);
  const HtmlToken* EmitRun();
  const HtmlToken* AfterRun(const HtmlToken* markup);
  const HtmlToken* EndOfInput();
  const HtmlToken* EmitEof();
  const HtmlToken* EmitComment(const char* lt, const char* next);

  std::string_view input_;
  std::size_t pos_ = 0;
  TextState state_ = TextState::kData;
  bool foreign_content_ = false;
  bool decoded_ef_byte_ = false;
  HtmlToken token_;      // tags, comments, DOCTYPEs, kEof
  HtmlToken run_token_;  // character runs
  bool token_pending_ = false;  // token_ is to be returned by the next call

  Piece run_;  // the character run being built
  std::size_t run_offset_ = 0;
  std::string run_buffer_;

  Piece tag_name_;
  std::string tag_name_buffer_;
  std::vector<PendingAttribute> pending_attrs_;
  std::string attr_buffer_;  // copied attribute names and values
  bool drop_last_attr_ = false;  // the last pending attribute repeats an earlier name
  // Open-addressing set of pending attribute indexes + 1 (0: empty slot), used once a tag has many
  // attributes so that duplicate detection stays linear.
  std::vector<std::uint32_t> attr_name_set_;
  bool attr_name_set_active_ = false;
  std::vector<HtmlAttribute> attrs_;

  // The name of the last start tag emitted (the "appropriate end tag"): a view into the input, or
  // into last_start_tag_buffer_ when the name was not a slice of the input.
  std::string_view last_start_tag_;
  std::string last_start_tag_buffer_;

  Piece comment_;
  std::string comment_buffer_;
  std::string doctype_name_, public_id_, system_id_;
};

}  // namespace pith::dom
