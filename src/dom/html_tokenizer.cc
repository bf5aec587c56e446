// pith's HTML5 tokenizer: WHATWG HTML Living Standard §13.2.5 "Tokenization", every state:
//   §13.2.5.1–5     data, RCDATA, RAWTEXT, script data, PLAINTEXT
//   §13.2.5.6–8     tag open, end tag open, tag name
//   §13.2.5.9–14    RCDATA and RAWTEXT less-than sign, end tag open, end tag name
//   §13.2.5.15–31   script data: less-than sign, end tag open/name, escape start (dash), escaped,
//                   escaped dash (dash), escaped less-than sign, escaped end tag open/name, double
//                   escape start, double escaped, double escaped dash (dash), double escaped
//                   less-than sign, double escape end
//   §13.2.5.32–40   attributes (before/after name, name, before value, the three value states,
//                   after quoted value) and the self-closing start tag state
//   §13.2.5.41–52   bogus comment, markup declaration open, the comment states
//   §13.2.5.53–68   the DOCTYPE states
//   §13.2.5.69–71   CDATA section, CDATA section bracket, CDATA section end
//   §13.2.5.72–80   character references (named with the §13.5 table, ambiguous ampersand, numeric)
// and the input stream preprocessing of §13.2.3.5 (CR LF and lone CR read as LF), on the fly.
//
// How the states are written. Input is valid UTF-8 and every character the states test is ASCII,
// so the states work on bytes; a non-ASCII byte is always "anything else". Runs of characters that a
// state emits unchanged are found with a vectorised scan for the few bytes that state treats
// specially, and are emitted as views into the input. The "less-than sign", "end tag open" and "end
// tag name" states of RCDATA, RAWTEXT and script data, and the double escape start/end states, only
// ever emit the characters they consumed unless an appropriate end tag (or "script") follows: they
// are written as a lookahead at the '<' that either finds that name and its terminator or emits the
// '<' as text, which gives the same tokens. Likewise the comment less-than sign states
// (§13.2.5.46–49) differ from the comment state only by the nested-comment parse error; the comment
// is read as the text up to the first "-->" or "--!>", minus what the comment end states hold back
// at end of file. A character reference that resolves to nothing ("&foo;", "&#x;", the legacy rule
// in attributes) is read as the literal text it is: the ambiguous ampersand state (§13.2.5.73)
// emits exactly those characters.
//
// Character runs are maximal: a tag, comment or DOCTYPE is read whole while the run before it is
// still being built; the run is returned first and the markup token on the next call. The one
// exception is "<![CDATA[", where the run is returned before the markup is read, because whether it
// opens a CDATA section depends on the tree builder's state after that run (set_foreign_content);
// the run inside a CDATA section also ends with it.
//
// Departure, which changes no token: parse errors are not reported.
#include "dom/html_tokenizer.h"

#include <array>
#include <cstring>
#include <functional>

#include "dom/html_entities.h"
#include "text/byte_scan.h"


namespace pith::dom {
namespace {

using text::FindAny;

constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";  // U+FFFD

// Byte classes.
using ByteClass = std::uint16_t;
constexpr ByteClass kSpace = 1;          // tab, LF, FF, space, and CR (read as LF, §13.2.3.5)
constexpr ByteClass kUpper = 2;          // A-Z
constexpr ByteClass kLower = 4;          // a-z
constexpr ByteClass kDigit = 8;          // 0-9
constexpr ByteClass kHexLetter = 16;     // a-f, A-F
constexpr ByteClass kTagNameEnd = 32;    // space, '/', '>': the tag name state leaves
constexpr ByteClass kAttrNameEnd = 64;   // ... and '=': the attribute name state leaves
constexpr ByteClass kUnquotedEnd = 128;  // space, '&', '>', NUL: the unquoted value state acts
constexpr ByteClass kNul = 256;
constexpr ByteClass kMarkupStart = 512;  // after '<' in the data state: a letter, '!', '/', '?'

constexpr std::array<ByteClass, 256> MakeByteClasses() {
  std::array<ByteClass, 256> classes{};
  for (const unsigned char c : {'\t', '\n', '\f', '\r', ' '}) classes[c] |= kSpace | kTagNameEnd | kAttrNameEnd | kUnquotedEnd;
  for (const unsigned char c : {'/', '>'}) classes[c] |= kTagNameEnd | kAttrNameEnd;
  classes['='] |= kAttrNameEnd;
  for (const unsigned char c : {'&', '>', '\0'}) classes[c] |= kUnquotedEnd;
  classes['\0'] |= kNul;
  for (int c = 'A'; c <= 'Z'; ++c) classes[c] |= kMarkupStart;
  for (int c = 'a'; c <= 'z'; ++c) classes[c] |= kMarkupStart;
  for (const unsigned char c : {'!', '/', '?'}) classes[c] |= kMarkupStart;
  for (int c = 'A'; c <= 'Z'; ++c) classes[c] |= kUpper;
  for (int c = 'a'; c <= 'z'; ++c) classes[c] |= kLower;
  for (int c = '0'; c <= '9'; ++c) classes[c] |= kDigit;
  for (int c = 'a'; c <= 'f'; ++c) classes[c] |= kHexLetter;
  for (int c = 'A'; c <= 'F'; ++c) classes[c] |= kHexLetter;
  return classes;
}
constexpr std::array<ByteClass, 256> kByteClass = MakeByteClasses();

inline ByteClass ClassOf(char c) { return kByteClass[static_cast<unsigned char>(c)]; }
inline bool IsAlpha(char c) { return (ClassOf(c) & (kUpper | kLower)) != 0; }
inline bool IsAlphanumeric(char c) { return (ClassOf(c) & (kUpper | kLower | kDigit)) != 0; }
inline bool IsSpace(char c) { return (ClassOf(c) & kSpace) != 0; }
inline char ToLower(char c) { return (ClassOf(c) & kUpper) ? static_cast<char>(c | 0x20) : c; }

// The first byte in [p, end) with a class in `mask`, or end. Four bytes per test of the bound:
// the names this reads are short, and that test was a good part of the loop.
inline const char* FindClass(const char* p, const char* end, ByteClass mask) {
  for (; end - p >= 4; p += 4) {
    if (ClassOf(p[0]) & mask) return p;
    if (ClassOf(p[1]) & mask) return p + 1;
    if (ClassOf(p[2]) & mask) return p + 2;
    if (ClassOf(p[3]) & mask) return p + 3;
  }
  while (p < end && !(ClassOf(*p) & mask)) ++p;
  return p;
}

// White space is rare where this is called (between a tag's name and its attributes there is one
// space, before '>' or '=' none), so a byte above the space, which no white space is, returns at once.
inline const char* SkipSpace(const char* p, const char* end) {
  if (p < end && static_cast<unsigned char>(*p) > ' ') return p;
  while (p < end && IsSpace(*p)) ++p;
  return p;
}

// Past a CR at `cr`, and past the LF that follows it if any (§13.2.3.5: both become one LF).
inline const char* SkipNewline(const char* cr, const char* end) {
  return cr + 1 < end && cr[1] == '\n' ? cr + 2 : cr + 1;
}

// Whether [p, end) starts with `lower_word` (ASCII letters, lower case), ignoring ASCII case.
inline bool StartsWithIgnoringCase(const char* p, const char* end, std::string_view lower_word) {
  if (static_cast<std::size_t>(end - p) < lower_word.size()) return false;
  for (std::size_t i = 0; i < lower_word.size(); ++i) {
    if ((p[i] | 0x20) != lower_word[i]) return false;
  }
  return true;
}

// "script" in any case followed by whitespace, '/' or '>': the test of the script data double
// escape start and double escape end states (§13.2.5.27, §13.2.5.31) once their temporary buffer
// is complete.
inline bool IsScriptThenTerminator(const char* p, const char* end) {
  if (end - p < 7 || !StartsWithIgnoringCase(p, end, "script")) return false;
  const char terminator = p[6];
  return IsSpace(terminator) || terminator == '/' || terminator == '>';
}

// §13.2.5.80, the numeric character reference end state: the code point a reference stands for.
char32_t NumericReferenceCodePoint(std::uint32_t code) {
  // The C1 controls that windows-1252 maps to printable characters; 0 where it maps none.
  static constexpr char16_t kWindows1252[32] = {
      0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
      0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
      0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};
  if (code == 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0xFFFD;
  if (code >= 0x80 && code <= 0x9F && kWindows1252[code - 0x80] != 0) return kWindows1252[code - 0x80];
  return code;  // noncharacters and other controls are parse errors but kept
}

std::size_t EncodeUtf8(char32_t cp, char* out) {
  if (cp < 0x80) {
    out[0] = static_cast<char>(cp);
    return 1;
  }
  if (cp < 0x800) {
    out[0] = static_cast<char>(0xC0 | (cp >> 6));
    out[1] = static_cast<char>(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (cp >> 12));
    out[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (cp >> 18));
  out[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (cp & 0x3F));
  return 4;
}

// Up to this many attributes, duplicates are found by comparing with each earlier name.
constexpr std::size_t kLinearDuplicateCheck = 16;

}  // namespace

HtmlTokenizer::HtmlTokenizer(std::string_view input) : input_(input) { run_token_.type = HtmlToken::kCharacters; }

void HtmlTokenizer::SwitchTo(State state) {
  switch (state) {
    case State::kData: state_ = TextState::kData; break;
    case State::kRcdata: state_ = TextState::kRcdata; break;
    case State::kRawtext: state_ = TextState::kRawtext; break;
    case State::kScriptData: state_ = TextState::kScriptData; break;
    case State::kPlaintext: state_ = TextState::kPlaintext; break;
  }
}

const HtmlToken& HtmlTokenizer::Next() {
  if (token_pending_) {  // a tag, comment or DOCTYPE read while returning the run before it
    token_pending_ = false;
    return token_;
  }
  run_ = Piece{};
  run_buffer_.clear();
  for (;;) {
    const HtmlToken* token;
    switch (state_) {
      case TextState::kData: token = DataState(); break;
      case TextState::kRcdata: token = RcdataOrRawtextState<true>(); break;
      case TextState::kRawtext: token = RcdataOrRawtextState<false>(); break;
      case TextState::kPlaintext: token = PlaintextState(); break;
      case TextState::kCdataSection: token = CdataSectionState(); break;
      default: token = ScriptDataStates(); break;
    }
    if (token != nullptr) return *token;  // else the state changed: go on with the same run
  }
}

// ---- Pieces of token text ------------------------------------------------------------------------

std::string_view HtmlTokenizer::View(const Piece& piece, const std::string& buffer) const {
  const char* base = piece.copied ? buffer.data() : input_.data();
  return std::string_view(base + piece.begin, piece.end - piece.begin);
}

void HtmlTokenizer::MoveToBuffer(Piece* piece, std::string* buffer) {
  const std::size_t start = buffer->size();
  buffer->append(input_.data() + piece->begin, piece->end - piece->begin);
  *piece = Piece{start, buffer->size(), true};
}

void HtmlTokenizer::AppendInputCopy(Piece* piece, std::string* buffer, const char* begin, const char* end) {
  if (!piece->copied) MoveToBuffer(piece, buffer);
  buffer->append(begin, end);
  piece->end = buffer->size();
}

void HtmlTokenizer::AppendBytes(Piece* piece, std::string* buffer, std::string_view bytes) {
  if (!piece->copied) MoveToBuffer(piece, buffer);
  buffer->append(bytes);
  piece->end = buffer->size();
}

void HtmlTokenizer::AppendRunBytes(const char* source, std::string_view bytes) {
  if (RunEmpty()) run_offset_ = static_cast<std::size_t>(source - input_.data());
  AppendBytes(&run_, &run_buffer_, bytes);
}

// ---- Emitting tokens -----------------------------------------------------------------------------

void HtmlTokenizer::ResetToken(HtmlToken::Type type, std::size_t offset) {
  if (token_.type == HtmlToken::kDoctype) token_ = HtmlToken{};  // its identifiers and flags
  token_.type = type;
  token_.name = {};
  token_.data = {};
  token_.self_closing = false;
  token_.attrs = nullptr;
  token_.attr_count = 0;
  token_.offset = offset;
}

const HtmlToken* HtmlTokenizer::EmitRun() {
  run_token_.data = View(run_, run_buffer_);
  run_token_.offset = run_offset_;
  return &run_token_;
}

// A text state read `markup` (a tag, comment or DOCTYPE, or kEof when the input ended inside one):
// the run before it comes first, and the markup token on the next call.
const HtmlToken* HtmlTokenizer::AfterRun(const HtmlToken* markup) {
  if (RunEmpty()) return markup;
  if (markup->type != HtmlToken::kEof) token_pending_ = true;  // else the next call finds the end
  return EmitRun();
}

// A text state reached the end of the input: the run so far, then (on the next call) kEof.
const HtmlToken* HtmlTokenizer::EndOfInput() {
  pos_ = input_.size();
  if (!RunEmpty()) return EmitRun();
  return EmitEof();
}

const HtmlToken* HtmlTokenizer::EmitEof() {
  pos_ = input_.size();
  ResetToken(HtmlToken::kEof, input_.size());
  return &token_;
}

const HtmlToken* HtmlTokenizer::EmitComment(const char* lt, const char* next) {
  ResetToken(HtmlToken::kComment, static_cast<std::size_t>(lt - input_.data()));
  token_.data = View(comment_, comment_buffer_);
  pos_ = static_cast<std::size_t>(next - input_.data());
  state_ = TextState::kData;
  return &token_;
}

// ---- Text states ---------------------------------------------------------------------------------

// §13.2.5.1 data state, with §13.2.5.6 tag open and §13.2.5.7 end tag open.
const HtmlToken* HtmlTokenizer::DataState() {
  const char* const end = input_.data() + input_.size();
  const char* p = input_.data() + pos_;
  const char* text = p;  // start of the input not yet added to the run
  for (;;) {
    p = FindAny<'<', '&', '\r'>(p, end);  // U+0000 is emitted as it is in this state
    if (p == end) {
      AppendRun(text, end);
      return EndOfInput();
    }
    if (*p == '<') {
      // Tag open: an ASCII letter, '!', '?', or '/' and one more character lead to a tag, comment
      // or DOCTYPE; anything else (including end of input) emits the '<' (and "</") as text.
      const char* const next = p + 1;
      if (next == end || !(ClassOf(*next) & kMarkupStart) || (*next == '/' && next + 1 == end)) {
        ++p;
        continue;
      }
      AppendRun(text, p);
      if (IsAlpha(*next)) return AfterRun(Tag(p, next, false));
      if (*next == '/') {  // end tag open
        if (IsAlpha(next[1])) return AfterRun(Tag(p, next + 1, true));
        if (next[1] != '>') return AfterRun(BogusComment(p, next + 1));
        p = text = next + 2;  // "</>" is dropped
        continue;
      }
      if (*next == '?') return AfterRun(BogusComment(p, next));  // the '?' starts the comment's data
      // "<!": whether "<![CDATA[" opens a CDATA section depends on the tree builder's state after
      // the run before it, so that run is returned first and the section read on the next call.
      if (!RunEmpty() && end - next >= 8 && std::memcmp(next + 1, "[CDATA[", 7) == 0) {
        pos_ = static_cast<std::size_t>(p - input_.data());
        return EmitRun();
      }
      const HtmlToken* markup = MarkupDeclarationOpen(p);
      if (markup == nullptr) return nullptr;  // a CDATA section starts: the state changed
      return AfterRun(markup);
    }
    if (*p == '&') {
      DecodedReference decoded;
      const std::size_t consumed = CharacterReference(p + 1, false, &decoded);
      if (consumed == 0) {  // not a reference: the '&' is text
        ++p;
        continue;
      }
      AppendRun(text, p);
      AppendRunBytes(p, std::string_view(decoded.bytes, decoded.size));
      p = text = p + 1 + consumed;
      continue;
    }
    AppendRun(text, p);  // CR
    AppendRunBytes(p, "\n");
    p = text = SkipNewline(p, end);
  }
}

// §13.2.5.2 RCDATA (character references decoded) or §13.2.5.3 RAWTEXT, with their less-than sign,
// end tag open and end tag name states (§13.2.5.9–14) as a lookahead for the appropriate end tag.
template <bool kDecodeReferences>
const HtmlToken* HtmlTokenizer::RcdataOrRawtextState() {
  const char* const end = input_.data() + input_.size();
  const char* p = input_.data() + pos_;
  const char* text = p;
  for (;;) {
    p = kDecodeReferences ? FindAny<'<', '&', '\r', '\0'>(p, end) : FindAny<'<', '\r', '\0'>(p, end);
    if (p == end) {
      AppendRun(text, end);
      return EndOfInput();
    }
    switch (*p) {
      case '<':
        if (IsAppropriateEndTag(p)) {
          AppendRun(text, p);
          return AfterRun(Tag(p, p + 2, true));
        }
        ++p;
        break;
      case '&': {
        DecodedReference decoded;
        const std::size_t consumed = CharacterReference(p + 1, false, &decoded);
        if (consumed == 0) {
          ++p;
          break;
        }
        AppendRun(text, p);
        AppendRunBytes(p, std::string_view(decoded.bytes, decoded.size));
        p = text = p + 1 + consumed;
        break;
      }
      case '\r':
        AppendRun(text, p);
        AppendRunBytes(p, "\n");
        p = text = SkipNewline(p, end);
        break;
      default:  // U+0000
        AppendRun(text, p);
        AppendRunBytes(p, kReplacementCharacter);
        p = text = p + 1;
        break;
    }
  }
}

// §13.2.5.4 script data and §13.2.5.15–31, every script data state. The dash states only decide
// what their next character does; the less-than sign, end tag and double escape start/end states
// are lookaheads at the '<' (see the top of the file).
const HtmlToken* HtmlTokenizer::ScriptDataStates() {
  const char* const end = input_.data() + input_.size();
  const char* p = input_.data() + pos_;
  const char* text = p;
  for (;;) {
    switch (state_) {
      case TextState::kScriptDataEscapedDash:
      case TextState::kScriptDataEscapedDashDash:
      case TextState::kScriptDataDoubleEscapedDash:
      case TextState::kScriptDataDoubleEscapedDashDash: {
        if (p == end) break;
        const bool escaped = state_ == TextState::kScriptDataEscapedDash || state_ == TextState::kScriptDataEscapedDashDash;
        if (*p == '-') {
          state_ = escaped ? TextState::kScriptDataEscapedDashDash : TextState::kScriptDataDoubleEscapedDashDash;
          ++p;
          continue;
        }
        if (*p == '>' && (state_ == TextState::kScriptDataEscapedDashDash ||
                          state_ == TextState::kScriptDataDoubleEscapedDashDash)) {
          state_ = TextState::kScriptData;
          ++p;
          continue;
        }
        // Anything else ('<', NUL and CR included) is handled as in the (double) escaped state.
        state_ = escaped ? TextState::kScriptDataEscaped : TextState::kScriptDataDoubleEscaped;
        break;
      }
      default:
        break;
    }
    p = state_ == TextState::kScriptData ? FindAny<'<', '\r', '\0'>(p, end) : FindAny<'-', '<', '\r', '\0'>(p, end);
    if (p == end) {
      AppendRun(text, end);
      return EndOfInput();
    }
    switch (*p) {
      case '-':  // escaped or double escaped state
        state_ = state_ == TextState::kScriptDataEscaped ? TextState::kScriptDataEscapedDash
                                                         : TextState::kScriptDataDoubleEscapedDash;
        ++p;
        break;
      case '<':
        if (state_ == TextState::kScriptDataDoubleEscaped) {
          // Double escaped less-than sign, double escape end: "</script" ends the double escape.
          if (p + 1 < end && p[1] == '/' && IsScriptThenTerminator(p + 2, end)) {
            state_ = TextState::kScriptDataEscaped;
            p += 8;  // the terminator is read in the escaped state, which emits it
          } else {
            ++p;
          }
          break;
        }
        if (IsAppropriateEndTag(p)) {
          AppendRun(text, p);
          return AfterRun(Tag(p, p + 2, true));
        }
        if (state_ == TextState::kScriptData) {
          // Escape start, escape start dash: "<!--" enters the escaped dash dash state.
          if (end - p >= 4 && p[1] == '!' && p[2] == '-' && p[3] == '-') {
            state_ = TextState::kScriptDataEscapedDashDash;
            p += 4;
          } else {
            ++p;
          }
        } else if (IsScriptThenTerminator(p + 1, end)) {
          // Escaped less-than sign, double escape start: "<script" enters the double escape.
          state_ = TextState::kScriptDataDoubleEscaped;
          p += 7;
        } else {
          ++p;
        }
        break;
      case '\r':
        AppendRun(text, p);
        AppendRunBytes(p, "\n");
        p = text = SkipNewline(p, end);
        break;
      default:  // U+0000
        AppendRun(text, p);
        AppendRunBytes(p, kReplacementCharacter);
        p = text = p + 1;
        break;
    }
  }
}

// §13.2.5.5 PLAINTEXT: everything to the end is text.
const HtmlToken* HtmlTokenizer::PlaintextState() {
  const char* const end = input_.data() + input_.size();
  const char* p = input_.data() + pos_;
  const char* text = p;
  for (;;) {
    p = FindAny<'\r', '\0'>(p, end);
    AppendRun(text, p);
    if (p == end) return EndOfInput();
    if (*p == '\r') {
      AppendRunBytes(p, "\n");
      p = text = SkipNewline(p, end);
    } else {
      AppendRunBytes(p, kReplacementCharacter);
      p = text = p + 1;
    }
  }
}

// §13.2.5.69–71 CDATA section, bracket and end: text up to the first "]]>" (U+0000 kept as is).
const HtmlToken* HtmlTokenizer::CdataSectionState() {
  const char* const end = input_.data() + input_.size();
  const char* p = input_.data() + pos_;
  const char* text = p;
  for (;;) {
    p = FindAny<']', '\r'>(p, end);
    if (p == end) {
      AppendRun(text, end);
      return EndOfInput();
    }
    if (*p == ']') {
      if (end - p >= 3 && p[1] == ']' && p[2] == '>') {
        AppendRun(text, p);
        pos_ = static_cast<std::size_t>(p + 3 - input_.data());
        state_ = TextState::kData;
        return RunEmpty() ? nullptr : EmitRun();
      }
      ++p;
      continue;
    }
    AppendRun(text, p);
    AppendRunBytes(p, "\n");
    p = text = SkipNewline(p, end);
  }
}

// The "appropriate end tag" test of §13.2.5.11/14/17/25 at a '<': "</", the last start tag's name
// in ASCII letters of any case, then whitespace, '/' or '>'. A name read with anything but ASCII
// letters in it leaves the end tag name state for "anything else", so it never matches.
bool HtmlTokenizer::IsAppropriateEndTag(const char* lt) const {
  const std::size_t n = last_start_tag_.size();
  const char* const end = input_.data() + input_.size();
  if (n == 0 || static_cast<std::size_t>(end - lt) < n + 3 || lt[1] != '/') return false;
  const char* name = lt + 2;
  for (std::size_t i = 0; i < n; ++i) {
    if (!IsAlpha(name[i]) || (name[i] | 0x20) != last_start_tag_[i]) return false;
  }
  const char terminator = name[n];
  return IsSpace(terminator) || terminator == '/' || terminator == '>';
}

// ---- Markup: tags, comments, DOCTYPE -------------------------------------------------------------

// §13.2.5.42 markup declaration open, at "<!".
const HtmlToken* HtmlTokenizer::MarkupDeclarationOpen(const char* lt) {
  const char* const end = input_.data() + input_.size();
  const char* const p = lt + 2;
  if (end - p >= 2 && p[0] == '-' && p[1] == '-') return Comment(lt, p + 2);
  if (StartsWithIgnoringCase(p, end, "doctype")) return Doctype(lt, p + 7);
  if (end - p >= 7 && std::memcmp(p, "[CDATA[", 7) == 0) {
    if (foreign_content_) {
      pos_ = static_cast<std::size_t>(p + 7 - input_.data());
      state_ = TextState::kCdataSection;
      return nullptr;
    }
    return BogusComment(lt, p);  // the comment's data starts with "[CDATA["
  }
  return BogusComment(lt, p);
}

// §13.2.5.41 bogus comment: up to the first '>'.
const HtmlToken* HtmlTokenizer::BogusComment(const char* lt, const char* data) {
  const char* const end = input_.data() + input_.size();
  comment_ = Piece{};
  comment_buffer_.clear();
  const char* p = data;
  for (;;) {
    const char* q = FindAny<'>', '\r', '\0'>(p, end);
    AppendInput(&comment_, &comment_buffer_, p, q);
    if (q == end) return EmitComment(lt, end);
    if (*q == '>') return EmitComment(lt, q + 1);
    if (*q == '\r') {
      AppendBytes(&comment_, &comment_buffer_, "\n");
      p = SkipNewline(q, end);
    } else {
      AppendBytes(&comment_, &comment_buffer_, kReplacementCharacter);
      p = q + 1;
    }
  }
}

// §13.2.5.43–52, the comment states, from just after "<!--". The comment start states close
// "<!-->" and "<!--->"; otherwise the comment ends at the first "-->" or "--!>" (the comment end,
// end dash and end bang states only ever hold back those dashes and '!'). At end of input, what
// those states hold back is not part of the data.
const HtmlToken* HtmlTokenizer::Comment(const char* lt, const char* data) {
  const char* const end = input_.data() + input_.size();
  comment_ = Piece{};
  comment_buffer_.clear();
  if (data < end && *data == '>') return EmitComment(lt, data + 1);
  if (end - data >= 2 && data[0] == '-' && data[1] == '>') return EmitComment(lt, data + 2);
  const char* p = data;
  const char* text = data;
  for (;;) {
    const char* q = FindAny<'-', '\r', '\0'>(p, end);
    if (q == end) {
      AppendInput(&comment_, &comment_buffer_, text, end);
      const std::string_view held = View(comment_, comment_buffer_);
      if (held.ends_with("--!")) {
        comment_.end -= 3;
      } else if (held.ends_with("--")) {
        comment_.end -= 2;
      } else if (held.ends_with("-")) {
        comment_.end -= 1;
      }
      return EmitComment(lt, end);
    }
    if (*q == '-') {
      if (end - q >= 3 && q[1] == '-' && (q[2] == '>' || (q[2] == '!' && end - q >= 4 && q[3] == '>'))) {
        AppendInput(&comment_, &comment_buffer_, text, q);
        return EmitComment(lt, q + (q[2] == '>' ? 3 : 4));
      }
      p = q + 1;
      continue;
    }
    AppendInput(&comment_, &comment_buffer_, text, q);
    if (*q == '\r') {
      AppendBytes(&comment_, &comment_buffer_, "\n");
      p = text = SkipNewline(q, end);
    } else {
      AppendBytes(&comment_, &comment_buffer_, kReplacementCharacter);
      p = text = q + 1;
    }
  }
}

// Removes the last pending attribute, a duplicate, and its copied text, which ends the buffer.
void HtmlTokenizer::DropLastAttribute() {
  const PendingAttribute& dropped = pending_attrs_.back();
  if (dropped.name.copied) {
    attr_buffer_.resize(dropped.name.begin);
  } else if (dropped.value.copied) {
    attr_buffer_.resize(dropped.value.begin);
  }
  pending_attrs_.pop_back();
  drop_last_attr_ = false;
}

// Whether the attribute whose name was just read repeats an earlier attribute's name (§13.2.5.33:
// checked when leaving the attribute name state). Up to kLinearDuplicateCheck attributes, each
// earlier name is compared (after a quick test of length, first and last byte); past that, a hash
// set of the names keeps this linear in the number of attributes.
inline bool HtmlTokenizer::IsDuplicateAttribute() {
  const std::size_t index = pending_attrs_.size() - 1;
  PendingAttribute& attr = pending_attrs_[index];
  const std::string_view name = View(attr.name, attr_buffer_);
  attr.name_key = name.empty() ? 0u
                               : static_cast<std::uint32_t>(name.size() << 16) ^
                                     static_cast<std::uint32_t>(static_cast<unsigned char>(name.front()) << 8) ^
                                     static_cast<unsigned char>(name.back());
  if (index < kLinearDuplicateCheck) {
    for (std::size_t i = 0; i < index; ++i) {
      if (pending_attrs_[i].name_key == attr.name_key && View(pending_attrs_[i].name, attr_buffer_) == name) {
        return true;
      }
    }
    return false;
  }
  return IsDuplicateAttributeHashed(index, name);
}

bool HtmlTokenizer::IsDuplicateAttributeHashed(std::size_t index, std::string_view name) {
  const auto insert = [this](std::size_t i, std::string_view key) -> bool {
    const std::size_t mask = attr_name_set_.size() - 1;
    for (std::size_t slot = std::hash<std::string_view>{}(key) & mask;; slot = (slot + 1) & mask) {
      const std::uint32_t entry = attr_name_set_[slot];
      if (entry == 0) {
        attr_name_set_[slot] = static_cast<std::uint32_t>(i + 1);
        return true;
      }
      if (View(pending_attrs_[entry - 1].name, attr_buffer_) == key) return false;
    }
  };
  if (!attr_name_set_active_ || 2 * (index + 1) > attr_name_set_.size()) {
    std::size_t capacity = 64;
    while (capacity < 4 * (index + 1)) capacity *= 2;
    attr_name_set_.assign(capacity, 0);
    attr_name_set_active_ = true;
    for (std::size_t i = 0; i < index; ++i) insert(i, View(pending_attrs_[i].name, attr_buffer_));
  }
  return !insert(index, name);
}

// §13.2.5.8 tag name and §13.2.5.33 attribute name: from p up to a byte of class `stop` or the end
// of input, A-Z lower-cased and NUL replaced by U+FFFD. Returns where it stopped.
inline const char* HtmlTokenizer::ReadName(const char* p, ByteClassMask stop, Piece* piece, std::string* buffer) {
  const char* const end = input_.data() + input_.size();
  const char* const q = FindClass(p, end, stop | kUpper | kNul);
  AppendInput(piece, buffer, p, q);
  if (q == end || (ClassOf(*q) & stop)) return q;
  return ReadNameCopy(q, stop, piece, buffer);
}

// The rest of a name from an A-Z or NUL at q on, copied.
const char* HtmlTokenizer::ReadNameCopy(const char* q, ByteClassMask stop, Piece* piece, std::string* buffer) {
  const char* const end = input_.data() + input_.size();
  if (!piece->copied) MoveToBuffer(piece, buffer);
  for (; q < end && !(ClassOf(*q) & stop); ++q) {
    if (*q == '\0') {
      buffer->append(kReplacementCharacter);
    } else {
      buffer->push_back(ToLower(*q));
    }
  }
  piece->end = buffer->size();
  return q;
}

// §13.2.5.8 tag name and §13.2.5.32–40, from the first character of the name to the '>'.
const HtmlToken* HtmlTokenizer::Tag(const char* lt, const char* name, bool end_tag) {
  const char* const end = input_.data() + input_.size();
  tag_name_ = Piece{};
  tag_name_buffer_.clear();
  pending_attrs_.clear();
  attr_buffer_.clear();
  drop_last_attr_ = false;
  attr_name_set_active_ = false;

  const char* p = ReadName(name, kTagNameEnd, &tag_name_, &tag_name_buffer_);
  bool self_closing = false;
  for (;;) {
    // Before attribute name (also entered after a quoted or unquoted value, and for what follows a
    // '/' that is not "/>").
    p = SkipSpace(p, end);
    if (p == end) return EmitEof();  // eof-in-tag: the tag is dropped
    if (*p == '>') break;
    if (*p == '/') {
      // Self-closing start tag (via the after attribute name state for a '/' here).
      ++p;
      if (p == end) return EmitEof();
      if (*p == '>') {
        self_closing = true;
        break;
      }
      continue;  // unexpected-solidus-in-tag: reconsume in the before attribute name state
    }

    // Attribute name. A leading '=' is part of the name (unexpected-equals-sign-before-attribute-name).
    if (drop_last_attr_) DropLastAttribute();
    PendingAttribute* attr = &pending_attrs_.emplace_back();
    const char* name_start = p;
    if (*p == '=') ++p;
    attr->name = Piece{static_cast<std::size_t>(name_start - input_.data()), static_cast<std::size_t>(p - input_.data()), false};
    p = ReadName(p, kAttrNameEnd, &attr->name, &attr_buffer_);
    if (!end_tag && IsDuplicateAttribute()) drop_last_attr_ = true;

    // After attribute name: whitespace, then '=' starts the value; '/', '>' and anything else are
    // handled as in the before attribute name state (a new attribute, or the tag's end).
    p = SkipSpace(p, end);
    if (p == end) return EmitEof();
    if (*p != '=') continue;

    // Before attribute value.
    p = SkipSpace(p + 1, end);
    if (p == end) return EmitEof();
    if (*p == '>') break;  // missing-attribute-value: the value is empty
    if (*p == '"' || *p == '\'') {
      // Attribute value (double-quoted) / (single-quoted).
      const char quote = *p;
      const char* text = ++p;
      for (;;) {
        p = quote == '"' ? FindAny<'"', '&', '\r', '\0'>(p, end) : FindAny<'\'', '&', '\r', '\0'>(p, end);
        if (p == end) return EmitEof();
        if (*p == quote) {
          AppendInput(&attr->value, &attr_buffer_, text, p);
          ++p;
          break;  // after attribute value (quoted): handled by the before attribute name state
        }
        if (*p == '&') {
          DecodedReference decoded;
          const std::size_t consumed = CharacterReference(p + 1, true, &decoded);
          if (consumed == 0) {
            ++p;
            continue;
          }
          AppendInput(&attr->value, &attr_buffer_, text, p);
          AppendBytes(&attr->value, &attr_buffer_, std::string_view(decoded.bytes, decoded.size));
          p = text = p + 1 + consumed;
          continue;
        }
        AppendInput(&attr->value, &attr_buffer_, text, p);
        if (*p == '\r') {
          AppendBytes(&attr->value, &attr_buffer_, "\n");
          p = text = SkipNewline(p, end);
        } else {
          AppendBytes(&attr->value, &attr_buffer_, kReplacementCharacter);
          p = text = p + 1;
        }
      }
      continue;
    }
    // Attribute value (unquoted): up to whitespace or '>' ('"', '\'', '<', '=', '`' are kept).
    const char* text = p;
    for (;;) {
      while (p < end && !(ClassOf(*p) & kUnquotedEnd)) ++p;
      if (p == end) return EmitEof();
      if (*p == '&') {
        DecodedReference decoded;
        const std::size_t consumed = CharacterReference(p + 1, true, &decoded);
        if (consumed == 0) {
          ++p;
          continue;
        }
        AppendInput(&attr->value, &attr_buffer_, text, p);
        AppendBytes(&attr->value, &attr_buffer_, std::string_view(decoded.bytes, decoded.size));
        p = text = p + 1 + consumed;
        continue;
      }
      AppendInput(&attr->value, &attr_buffer_, text, p);
      if (*p != '\0') break;  // whitespace or '>': handled by the before attribute name state
      AppendBytes(&attr->value, &attr_buffer_, kReplacementCharacter);
      p = text = p + 1;
    }
  }

  // The '>' at p ends the tag.
  if (drop_last_attr_) DropLastAttribute();
  ResetToken(end_tag ? HtmlToken::kEndTag : HtmlToken::kStartTag, static_cast<std::size_t>(lt - input_.data()));
  token_.name = View(tag_name_, tag_name_buffer_);
  token_.self_closing = self_closing;
  if (!end_tag) {
    const std::size_t count = pending_attrs_.size();
    if (count != 0) {
      if (attrs_.size() < count) attrs_.resize(count);
      for (std::size_t i = 0; i < count; ++i) {
        attrs_[i] = HtmlAttribute{View(pending_attrs_[i].name, attr_buffer_), View(pending_attrs_[i].value, attr_buffer_)};
      }
      token_.attrs = attrs_.data();
      token_.attr_count = count;
    }
    if (tag_name_.copied) {
      last_start_tag_buffer_.assign(token_.name);
      last_start_tag_ = last_start_tag_buffer_;
    } else {
      last_start_tag_ = token_.name;  // a slice of the input, which outlives the tokenizer
    }
  }
  pos_ = static_cast<std::size_t>(p + 1 - input_.data());
  state_ = TextState::kData;
  return &token_;
}

// §13.2.5.53–68, the DOCTYPE states, from just after "<!DOCTYPE".
const HtmlToken* HtmlTokenizer::Doctype(const char* lt, const char* p) {
  enum class S : std::uint8_t {
    kDoctype,
    kBeforeName,
    kName,
    kAfterName,
    kAfterPublicKeyword,
    kBeforePublicId,
    kPublicIdDoubleQuoted,
    kPublicIdSingleQuoted,
    kAfterPublicId,
    kBetweenPublicAndSystemIds,
    kAfterSystemKeyword,
    kBeforeSystemId,
    kSystemIdDoubleQuoted,
    kSystemIdSingleQuoted,
    kAfterSystemId,
    kBogusDoctype,
  };
  const char* const end = input_.data() + input_.size();
  doctype_name_.clear();
  public_id_.clear();
  system_id_.clear();
  bool force_quirks = false, has_public_id = false, has_system_id = false;
  const auto emit = [&](const char* next) {
    token_ = HtmlToken{};
    token_.type = HtmlToken::kDoctype;
    token_.name = doctype_name_;
    token_.force_quirks = force_quirks;
    token_.has_public_id = has_public_id;
    token_.has_system_id = has_system_id;
    token_.public_id = public_id_;
    token_.system_id = system_id_;
    token_.offset = static_cast<std::size_t>(lt - input_.data());
    pos_ = static_cast<std::size_t>(next - input_.data());
    state_ = TextState::kData;
    return &token_;
  };
  // Appends the character at p to an identifier (NUL → U+FFFD, CR/CRLF → LF); returns past it.
  const auto append_id_char = [end](std::string* id, const char* at) {
    if (*at == '\0') {
      id->append(kReplacementCharacter);
      return at + 1;
    }
    if (*at == '\r') {
      id->push_back('\n');
      return SkipNewline(at, end);
    }
    id->push_back(*at);
    return at + 1;
  };

  S state = S::kDoctype;
  for (;;) {
    if (p == end) {
      // Every DOCTYPE state but the bogus one sets force-quirks at end of input (eof-in-doctype).
      if (state != S::kBogusDoctype) force_quirks = true;
      return emit(end);
    }
    const char c = *p;
    switch (state) {
      case S::kDoctype:
        if (IsSpace(c)) ++p;
        state = S::kBeforeName;  // '>' and anything else: reconsume (missing-whitespace-before-doctype-name)
        break;
      case S::kBeforeName:
        if (IsSpace(c)) {
          ++p;
        } else if (c == '>') {
          force_quirks = true;  // missing-doctype-name
          return emit(p + 1);
        } else {
          state = S::kName;  // the name state appends this first character the same way
        }
        break;
      case S::kName:
        if (IsSpace(c)) {
          state = S::kAfterName;
          ++p;
        } else if (c == '>') {
          return emit(p + 1);
        } else if (c == '\0') {
          doctype_name_.append(kReplacementCharacter);
          ++p;
        } else {
          doctype_name_.push_back(ToLower(c));
          ++p;
        }
        break;
      case S::kAfterName:
        if (IsSpace(c)) {
          ++p;
        } else if (c == '>') {
          return emit(p + 1);
        } else if (StartsWithIgnoringCase(p, end, "public")) {
          state = S::kAfterPublicKeyword;
          p += 6;
        } else if (StartsWithIgnoringCase(p, end, "system")) {
          state = S::kAfterSystemKeyword;
          p += 6;
        } else {
          force_quirks = true;  // invalid-character-sequence-after-doctype-name
          state = S::kBogusDoctype;
        }
        break;
      case S::kAfterPublicKeyword:
      case S::kBeforePublicId:
        if (IsSpace(c)) {
          state = S::kBeforePublicId;
          ++p;
        } else if (c == '"' || c == '\'') {
          has_public_id = true;
          state = c == '"' ? S::kPublicIdDoubleQuoted : S::kPublicIdSingleQuoted;
          ++p;
        } else if (c == '>') {
          force_quirks = true;  // missing-doctype-public-identifier
          return emit(p + 1);
        } else {
          force_quirks = true;  // missing-quote-before-doctype-public-identifier
          state = S::kBogusDoctype;
        }
        break;
      case S::kPublicIdDoubleQuoted:
      case S::kPublicIdSingleQuoted:
        if (c == (state == S::kPublicIdDoubleQuoted ? '"' : '\'')) {
          state = S::kAfterPublicId;
          ++p;
        } else if (c == '>') {
          force_quirks = true;  // abrupt-doctype-public-identifier
          return emit(p + 1);
        } else {
          p = append_id_char(&public_id_, p);
        }
        break;
      case S::kAfterPublicId:
      case S::kBetweenPublicAndSystemIds:
        if (IsSpace(c)) {
          state = S::kBetweenPublicAndSystemIds;
          ++p;
        } else if (c == '>') {
          return emit(p + 1);
        } else if (c == '"' || c == '\'') {
          has_system_id = true;
          state = c == '"' ? S::kSystemIdDoubleQuoted : S::kSystemIdSingleQuoted;
          ++p;
        } else {
          force_quirks = true;  // missing-quote-before-doctype-system-identifier
          state = S::kBogusDoctype;
        }
        break;
      case S::kAfterSystemKeyword:
      case S::kBeforeSystemId:
        if (IsSpace(c)) {
          state = S::kBeforeSystemId;
          ++p;
        } else if (c == '"' || c == '\'') {
          has_system_id = true;
          state = c == '"' ? S::kSystemIdDoubleQuoted : S::kSystemIdSingleQuoted;
          ++p;
        } else if (c == '>') {
          force_quirks = true;  // missing-doctype-system-identifier
          return emit(p + 1);
        } else {
          force_quirks = true;  // missing-quote-before-doctype-system-identifier
          state = S::kBogusDoctype;
        }
        break;
      case S::kSystemIdDoubleQuoted:
      case S::kSystemIdSingleQuoted:
        if (c == (state == S::kSystemIdDoubleQuoted ? '"' : '\'')) {
          state = S::kAfterSystemId;
          ++p;
        } else if (c == '>') {
          force_quirks = true;  // abrupt-doctype-system-identifier
          return emit(p + 1);
        } else {
          p = append_id_char(&system_id_, p);
        }
        break;
      case S::kAfterSystemId:
        if (IsSpace(c)) {
          ++p;
        } else if (c == '>') {
          return emit(p + 1);
        } else {
          state = S::kBogusDoctype;  // unexpected-character-after-doctype-system-identifier: no quirks
        }
        break;
      case S::kBogusDoctype:
        if (c == '>') return emit(p + 1);
        ++p;
        break;
    }
  }
}

// ---- Character references ------------------------------------------------------------------------

// §13.2.5.72–80 from just after an '&'. Returns how many bytes after the '&' the reference takes
// and writes its replacement to `out`; returns 0 when the '&' and what follows are to be read as
// text: no name matches (the ambiguous ampersand state emits those characters unchanged), "&#" or
// "&#x" without digits, or a legacy name without ';' inside an attribute value before '=' or an
// alphanumeric (§13.2.5.73, "for historical reasons").
std::size_t HtmlTokenizer::CharacterReference(const char* after_ampersand, bool in_attribute,
                                              DecodedReference* out) {
  const char* const end = input_.data() + input_.size();
  const char* p = after_ampersand;
  if (p == end) return 0;
  if (IsAlphanumeric(*p)) {
    const NamedReferenceMatch match =
        MatchNamedReference(std::string_view(p, static_cast<std::size_t>(end - p)));
    if (match.length == 0) return 0;
    if (in_attribute && !match.ends_with_semicolon && p + match.length < end &&
        (p[match.length] == '=' || IsAlphanumeric(p[match.length]))) {
      return 0;
    }
    std::memcpy(out->bytes, match.utf8.data(), match.utf8.size());
    out->size = match.utf8.size();
    for (std::size_t i = 0; i < out->size; ++i) decoded_ef_byte_ |= out->bytes[i] == '\xEF';
    return match.length;
  }
  if (*p != '#') return 0;
  ++p;
  const bool hex = p < end && (*p | 0x20) == 'x';
  if (hex) ++p;
  const char* const digits = p;
  std::uint32_t code = 0;  // saturates just above 0x10FFFF
  if (hex) {
    for (; p < end && (ClassOf(*p) & (kDigit | kHexLetter)); ++p) {
      const std::uint32_t digit = (ClassOf(*p) & kDigit) ? static_cast<std::uint32_t>(*p - '0')
                                                          : static_cast<std::uint32_t>((*p | 0x20) - 'a' + 10);
      if (code <= 0x10FFFF) code = code * 16 + digit;
    }
  } else {
    for (; p < end && (ClassOf(*p) & kDigit); ++p) {
      if (code <= 0x10FFFF) code = code * 10 + static_cast<std::uint32_t>(*p - '0');
    }
  }
  if (p == digits) return 0;  // absence-of-digits-in-numeric-character-reference
  if (p < end && *p == ';') ++p;  // else missing-semicolon-after-character-reference
  const char32_t cp = NumericReferenceCodePoint(code);
  decoded_ef_byte_ |= cp >= 0xF000 && cp <= 0xFFFF;  // encoded as EF xx xx
  out->size = EncodeUtf8(cp, out->bytes);
  return static_cast<std::size_t>(p - after_ampersand);
}

}  // namespace pith::dom
