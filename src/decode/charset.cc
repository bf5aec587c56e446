// decode/charset.cc — WHATWG label table, HTML meta prescan, UTF-8 validation, binary sniffing.
//
// The label table is the Encoding Standard's "Names and labels" table (https://encoding.spec.whatwg.org/),
// written out by encoding, each encoding paired with the ICU converter that decodes it the way
// browsers do. The prescan follows the HTML Standard's "prescan a byte stream to determine its
// encoding" (comments, <meta>, other tags, <!/</? constructs; the "get an attribute" and "extract a
// character encoding from a meta element" algorithms), reading attribute names and values as views
// into the input instead of building lower-cased copies.
#include "decode/charset.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "text/ascii.h"
#include "text/byte_scan.h"
#include "text/word_bytes.h"

#if PITH_BYTE_SCAN_X86
#include <immintrin.h>
#endif

namespace pith::decode {
namespace {

// ---------------------------------------------------------------------------------------------
// Label table
// ---------------------------------------------------------------------------------------------

struct LabelEntry {
  std::string_view label;  // lower case, as in the standard
  std::string_view icu;    // converter name handed to ucnv_open (or a pseudo name, see charset.h)
};

// ICU names of the other encodings of the standard (the ones decode.cc tests for are in charset.h).
constexpr std::string_view kIbm866 = "IBM866";
constexpr std::string_view kKoi8R = "KOI8-R";
constexpr std::string_view kKoi8U = "KOI8-U";
constexpr std::string_view kMacintosh = "macintosh";
constexpr std::string_view kMacCyrillic = "x-mac-cyrillic";
constexpr std::string_view kWindows874 = "windows-874";
constexpr std::string_view kWindows1254 = "windows-1254";
constexpr std::string_view kBig5 = "Big5-HKSCS";           // the standard's Big5 includes HKSCS
constexpr std::string_view kEucJp = "EUC-JP";
constexpr std::string_view kIso2022Jp = "ISO-2022-JP";
constexpr std::string_view kShiftJis = "windows-31j";      // ICU ibm-943_P15A-2003, as browsers decode it
constexpr std::string_view kEucKr = "windows-949";         // the standard's EUC-KR is windows-949

constexpr LabelEntry kUnsortedLabels[] = {
    // The Encoding
    {"unicode-1-1-utf-8", kUtf8}, {"unicode11utf8", kUtf8}, {"unicode20utf8", kUtf8},
    {"utf-8", kUtf8}, {"utf8", kUtf8}, {"x-unicode20utf8", kUtf8},
    // Legacy single-byte encodings
    {"866", kIbm866}, {"cp866", kIbm866}, {"csibm866", kIbm866}, {"ibm866", kIbm866},
    {"csisolatin2", "ISO-8859-2"}, {"iso-8859-2", "ISO-8859-2"}, {"iso-ir-101", "ISO-8859-2"},
    {"iso8859-2", "ISO-8859-2"}, {"iso88592", "ISO-8859-2"}, {"iso_8859-2", "ISO-8859-2"},
    {"iso_8859-2:1987", "ISO-8859-2"}, {"l2", "ISO-8859-2"}, {"latin2", "ISO-8859-2"},
    {"csisolatin3", "ISO-8859-3"}, {"iso-8859-3", "ISO-8859-3"}, {"iso-ir-109", "ISO-8859-3"},
    {"iso8859-3", "ISO-8859-3"}, {"iso88593", "ISO-8859-3"}, {"iso_8859-3", "ISO-8859-3"},
    {"iso_8859-3:1988", "ISO-8859-3"}, {"l3", "ISO-8859-3"}, {"latin3", "ISO-8859-3"},
    {"csisolatin4", "ISO-8859-4"}, {"iso-8859-4", "ISO-8859-4"}, {"iso-ir-110", "ISO-8859-4"},
    {"iso8859-4", "ISO-8859-4"}, {"iso88594", "ISO-8859-4"}, {"iso_8859-4", "ISO-8859-4"},
    {"iso_8859-4:1988", "ISO-8859-4"}, {"l4", "ISO-8859-4"}, {"latin4", "ISO-8859-4"},
    {"csisolatincyrillic", "ISO-8859-5"}, {"cyrillic", "ISO-8859-5"}, {"iso-8859-5", "ISO-8859-5"},
    {"iso-ir-144", "ISO-8859-5"}, {"iso8859-5", "ISO-8859-5"}, {"iso88595", "ISO-8859-5"},
    {"iso_8859-5", "ISO-8859-5"}, {"iso_8859-5:1988", "ISO-8859-5"},
    {"arabic", "ISO-8859-6"}, {"asmo-708", "ISO-8859-6"}, {"csiso88596e", "ISO-8859-6"},
    {"csiso88596i", "ISO-8859-6"}, {"csisolatinarabic", "ISO-8859-6"}, {"ecma-114", "ISO-8859-6"},
    {"iso-8859-6", "ISO-8859-6"}, {"iso-8859-6-e", "ISO-8859-6"}, {"iso-8859-6-i", "ISO-8859-6"},
    {"iso-ir-127", "ISO-8859-6"}, {"iso8859-6", "ISO-8859-6"}, {"iso88596", "ISO-8859-6"},
    {"iso_8859-6", "ISO-8859-6"}, {"iso_8859-6:1987", "ISO-8859-6"},
    {"csisolatingreek", "ISO-8859-7"}, {"ecma-118", "ISO-8859-7"}, {"elot_928", "ISO-8859-7"},
    {"greek", "ISO-8859-7"}, {"greek8", "ISO-8859-7"}, {"iso-8859-7", "ISO-8859-7"},
    {"iso-ir-126", "ISO-8859-7"}, {"iso8859-7", "ISO-8859-7"}, {"iso88597", "ISO-8859-7"},
    {"iso_8859-7", "ISO-8859-7"}, {"iso_8859-7:1987", "ISO-8859-7"}, {"sun_eu_greek", "ISO-8859-7"},
    {"csiso88598e", "ISO-8859-8"}, {"csisolatinhebrew", "ISO-8859-8"}, {"hebrew", "ISO-8859-8"},
    {"iso-8859-8", "ISO-8859-8"}, {"iso-8859-8-e", "ISO-8859-8"}, {"iso-ir-138", "ISO-8859-8"},
    {"iso8859-8", "ISO-8859-8"}, {"iso88598", "ISO-8859-8"}, {"iso_8859-8", "ISO-8859-8"},
    {"iso_8859-8:1988", "ISO-8859-8"}, {"visual", "ISO-8859-8"},
    // ISO-8859-8-I decodes exactly like ISO-8859-8 (the difference is display direction only).
    {"csiso88598i", "ISO-8859-8"}, {"iso-8859-8-i", "ISO-8859-8"}, {"logical", "ISO-8859-8"},
    {"csisolatin6", "ISO-8859-10"}, {"iso-8859-10", "ISO-8859-10"}, {"iso-ir-157", "ISO-8859-10"},
    {"iso8859-10", "ISO-8859-10"}, {"iso885910", "ISO-8859-10"}, {"l6", "ISO-8859-10"},
    {"latin6", "ISO-8859-10"},
    {"iso-8859-13", "ISO-8859-13"}, {"iso8859-13", "ISO-8859-13"}, {"iso885913", "ISO-8859-13"},
    {"iso-8859-14", "ISO-8859-14"}, {"iso8859-14", "ISO-8859-14"}, {"iso885914", "ISO-8859-14"},
    {"csisolatin9", "ISO-8859-15"}, {"iso-8859-15", "ISO-8859-15"}, {"iso8859-15", "ISO-8859-15"},
    {"iso885915", "ISO-8859-15"}, {"iso_8859-15", "ISO-8859-15"}, {"l9", "ISO-8859-15"},
    {"iso-8859-16", kIso885916Encoding},
    {"cskoi8r", kKoi8R}, {"koi", kKoi8R}, {"koi8", kKoi8R}, {"koi8-r", kKoi8R}, {"koi8_r", kKoi8R},
    {"koi8-ru", kKoi8U}, {"koi8-u", kKoi8U},
    {"csmacintosh", kMacintosh}, {"mac", kMacintosh}, {"macintosh", kMacintosh},
    {"x-mac-roman", kMacintosh},
    {"dos-874", kWindows874}, {"iso-8859-11", kWindows874}, {"iso8859-11", kWindows874},
    {"iso885911", kWindows874}, {"tis-620", kWindows874}, {"windows-874", kWindows874},
    {"cp1250", "windows-1250"}, {"windows-1250", "windows-1250"}, {"x-cp1250", "windows-1250"},
    {"cp1251", "windows-1251"}, {"windows-1251", "windows-1251"}, {"x-cp1251", "windows-1251"},
    {"ansi_x3.4-1968", kWindows1252}, {"ascii", kWindows1252}, {"cp1252", kWindows1252},
    {"cp819", kWindows1252}, {"csisolatin1", kWindows1252}, {"ibm819", kWindows1252},
    {"iso-8859-1", kWindows1252}, {"iso-ir-100", kWindows1252}, {"iso8859-1", kWindows1252},
    {"iso88591", kWindows1252}, {"iso_8859-1", kWindows1252}, {"iso_8859-1:1987", kWindows1252},
    {"l1", kWindows1252}, {"latin1", kWindows1252}, {"us-ascii", kWindows1252},
    {"windows-1252", kWindows1252}, {"x-cp1252", kWindows1252},
    {"cp1253", "windows-1253"}, {"windows-1253", "windows-1253"}, {"x-cp1253", "windows-1253"},
    {"cp1254", kWindows1254}, {"csisolatin5", kWindows1254}, {"iso-8859-9", kWindows1254},
    {"iso-ir-148", kWindows1254}, {"iso8859-9", kWindows1254}, {"iso88599", kWindows1254},
    {"iso_8859-9", kWindows1254}, {"iso_8859-9:1989", kWindows1254}, {"l5", kWindows1254},
    {"latin5", kWindows1254}, {"windows-1254", kWindows1254}, {"x-cp1254", kWindows1254},
    {"cp1255", "windows-1255"}, {"windows-1255", "windows-1255"}, {"x-cp1255", "windows-1255"},
    {"cp1256", "windows-1256"}, {"windows-1256", "windows-1256"}, {"x-cp1256", "windows-1256"},
    {"cp1257", "windows-1257"}, {"windows-1257", "windows-1257"}, {"x-cp1257", "windows-1257"},
    {"cp1258", "windows-1258"}, {"windows-1258", "windows-1258"}, {"x-cp1258", "windows-1258"},
    {"x-mac-cyrillic", kMacCyrillic}, {"x-mac-ukrainian", kMacCyrillic},
    // Legacy multi-byte Chinese (simplified): GBK is decoded by the gb18030 decoder.
    {"chinese", kGb18030}, {"csgb2312", kGb18030}, {"csiso58gb231280", kGb18030},
    {"gb2312", kGb18030}, {"gb_2312", kGb18030}, {"gb_2312-80", kGb18030}, {"gbk", kGb18030},
    {"iso-ir-58", kGb18030}, {"x-gbk", kGb18030}, {"gb18030", kGb18030},
    // Legacy multi-byte Chinese (traditional)
    {"big5", kBig5}, {"big5-hkscs", kBig5}, {"cn-big5", kBig5}, {"csbig5", kBig5},
    {"x-x-big5", kBig5},
    // Legacy multi-byte Japanese
    {"cseucpkdfmtjapanese", kEucJp}, {"euc-jp", kEucJp}, {"x-euc-jp", kEucJp},
    {"csiso2022jp", kIso2022Jp}, {"iso-2022-jp", kIso2022Jp},
    {"csshiftjis", kShiftJis}, {"ms932", kShiftJis}, {"ms_kanji", kShiftJis},
    {"shift-jis", kShiftJis}, {"shift_jis", kShiftJis}, {"sjis", kShiftJis},
    {"windows-31j", kShiftJis}, {"x-sjis", kShiftJis},
    // Legacy multi-byte Korean
    {"cseuckr", kEucKr}, {"csksc56011987", kEucKr}, {"euc-kr", kEucKr}, {"iso-ir-149", kEucKr},
    {"korean", kEucKr}, {"ks_c_5601-1987", kEucKr}, {"ks_c_5601-1989", kEucKr},
    {"ksc5601", kEucKr}, {"ksc_5601", kEucKr}, {"windows-949", kEucKr},
    // Legacy miscellaneous
    {"csiso2022kr", kReplacementEncoding}, {"hz-gb-2312", kReplacementEncoding},
    {"iso-2022-cn", kReplacementEncoding}, {"iso-2022-cn-ext", kReplacementEncoding},
    {"iso-2022-kr", kReplacementEncoding}, {"replacement", kReplacementEncoding},
    {"unicodefffe", kUtf16Be}, {"utf-16be", kUtf16Be},
    {"csunicode", kUtf16Le}, {"iso-10646-ucs-2", kUtf16Le}, {"ucs-2", kUtf16Le},
    {"unicode", kUtf16Le}, {"unicodefeff", kUtf16Le}, {"utf-16", kUtf16Le}, {"utf-16le", kUtf16Le},
    {"x-user-defined", kUserDefinedEncoding},
};

// The replacement labels' real decoders (ICU has them), for callers that explicitly ask.
constexpr LabelEntry kUnsortedReplacementLabels[] = {
    {"csiso2022kr", "ISO-2022-KR"}, {"hz-gb-2312", "HZ"}, {"iso-2022-cn", "ISO-2022-CN"},
    {"iso-2022-cn-ext", "ISO-2022-CN-EXT"}, {"iso-2022-kr", "ISO-2022-KR"},
};

// Names uchardet reports that are not labels of the standard.
constexpr LabelEntry kUnsortedDetectorNames[] = {
    {"euc-tw", "EUC-TW"}, {"ibm852", "ibm-852"}, {"ibm855", "ibm-855"},
    {"mac-centraleurope", "x-mac-ce"}, {"mac-cyrillic", kMacCyrillic}, {"uhc", kEucKr},
    {"utf-32", "UTF-32"}, {"utf-32be", "UTF-32BE"}, {"utf-32le", "UTF-32LE"},
};

template <std::size_t N>
constexpr std::array<LabelEntry, N> SortedByLabel(const LabelEntry (&entries)[N]) {
  std::array<LabelEntry, N> sorted{};
  std::copy(std::begin(entries), std::end(entries), sorted.begin());
  std::sort(sorted.begin(), sorted.end(),
            [](const LabelEntry& a, const LabelEntry& b) { return a.label < b.label; });
  return sorted;
}

template <std::size_t N>
constexpr bool AllDistinct(const std::array<LabelEntry, N>& sorted) {
  for (std::size_t i = 1; i < N; ++i) {
    if (sorted[i - 1].label == sorted[i].label) return false;
  }
  return true;
}

constexpr auto kLabels = SortedByLabel(kUnsortedLabels);
constexpr auto kReplacementLabels = SortedByLabel(kUnsortedReplacementLabels);
constexpr auto kDetectorNames = SortedByLabel(kUnsortedDetectorNames);
static_assert(AllDistinct(kLabels), "duplicate label in the WHATWG table");
static_assert(kLabels.size() == 228, "label count changed: update when the Encoding Standard does");
static_assert(AllDistinct(kDetectorNames));

using text::IsAsciiAlpha;
using text::IsAsciiWhitespace;

std::string_view TrimAsciiWhitespace(std::string_view s) { return text::Trim(s, IsAsciiWhitespace); }

// Looks `label` up (trimmed, lower-cased) in a sorted table; "" if absent.
template <std::size_t N>
std::string_view Lookup(const std::array<LabelEntry, N>& table, std::string_view label) {
  label = TrimAsciiWhitespace(label);
  char buf[32];
  if (label.empty() || label.size() > sizeof(buf)) return {};
  for (std::size_t i = 0; i < label.size(); ++i) {
    buf[i] = text::AsciiLower(label[i]);
  }
  const std::string_view key(buf, label.size());
  const auto it = std::lower_bound(table.begin(), table.end(), key,
                                   [](const LabelEntry& e, std::string_view k) { return e.label < k; });
  if (it == table.end() || it->label != key) return {};
  return it->icu;
}

// ---------------------------------------------------------------------------------------------
// Prescan
// ---------------------------------------------------------------------------------------------

struct Attribute {
  std::string_view name;
  std::string_view value;
};

// The HTML Standard's "get an attribute", over views of the input. Returns false when there is no
// further attribute (position left at the '>') or the input ended (position set to the end).
bool GetAttribute(std::string_view s, std::size_t* position, Attribute* attr) {
  std::size_t pos = *position;
  const std::size_t n = s.size();
  while (pos < n && (IsAsciiWhitespace(s[pos]) || s[pos] == '/')) ++pos;
  *position = pos;
  if (pos >= n || s[pos] == '>') return false;
  // Attribute name: up to '=', whitespace, '/' or '>' (a leading '=' belongs to the name).
  const std::size_t name_start = pos;
  while (pos < n) {
    const char c = s[pos];
    if ((c == '=' && pos > name_start) || IsAsciiWhitespace(c) || c == '/' || c == '>') break;
    ++pos;
  }
  attr->name = s.substr(name_start, pos - name_start);
  attr->value = {};
  while (pos < n && IsAsciiWhitespace(s[pos])) ++pos;
  if (pos >= n) { *position = n; return false; }
  if (s[pos] != '=') { *position = pos; return true; }
  ++pos;
  while (pos < n && IsAsciiWhitespace(s[pos])) ++pos;
  if (pos >= n) { *position = n; return false; }
  if (s[pos] == '"' || s[pos] == '\'') {
    const std::size_t close = s.find(s[pos], pos + 1);
    if (close == std::string_view::npos) { *position = n; return false; }
    attr->value = s.substr(pos + 1, close - pos - 1);
    *position = close + 1;
    return true;
  }
  if (s[pos] == '>') { *position = pos; return true; }
  const std::size_t value_start = pos;
  while (pos < n && !IsAsciiWhitespace(s[pos]) && s[pos] != '>') ++pos;
  attr->value = s.substr(value_start, pos - value_start);
  *position = pos;
  return pos < n;
}

// "Extract a character encoding from a meta element": the label after "charset=" in a content value.
std::string_view CharsetFromContent(std::string_view content) {
  std::size_t pos = 0;
  while ((pos = text::FindIgnoreAsciiCase(content, "charset", pos)) != std::string_view::npos) {
    pos += 7;
    while (pos < content.size() && IsAsciiWhitespace(content[pos])) ++pos;
    if (pos >= content.size() || content[pos] != '=') continue;
    ++pos;
    while (pos < content.size() && IsAsciiWhitespace(content[pos])) ++pos;
    if (pos >= content.size()) return {};
    if (content[pos] == '"' || content[pos] == '\'') {
      const std::size_t close = content.find(content[pos], pos + 1);
      if (close == std::string_view::npos) return {};
      return content.substr(pos + 1, close - pos - 1);
    }
    std::size_t end = pos;
    while (end < content.size() && !IsAsciiWhitespace(content[end]) &&
           content[end] != ';') {
      ++end;
    }
    return content.substr(pos, end - pos);
  }
  return {};
}

// Reads the attributes of a <meta> tag (position just after "<meta") and returns the charset it
// declares, "" if none: charset=… wins; content=…charset=… counts only with
// http-equiv=content-type — or name=content-type, a common authoring slip that browsers ignore but
// that, without the HTTP header they had, is the page's best statement of its encoding.
std::string_view MetaTagCharset(std::string_view s, std::size_t* position) {
  bool got_pragma = false;
  bool seen_charset = false, seen_content = false, seen_http_equiv = false, seen_name = false;
  std::string_view charset, content_charset;
  Attribute attr;
  while (GetAttribute(s, position, &attr)) {
    if (text::EqualsIgnoreAsciiCase(attr.name, "http-equiv") && !seen_http_equiv) {
      seen_http_equiv = true;
      got_pragma = got_pragma || text::EqualsIgnoreAsciiCase(TrimAsciiWhitespace(attr.value), "content-type");
    } else if (text::EqualsIgnoreAsciiCase(attr.name, "name") && !seen_name) {
      seen_name = true;
      got_pragma = got_pragma || text::EqualsIgnoreAsciiCase(TrimAsciiWhitespace(attr.value), "content-type");
    } else if (text::EqualsIgnoreAsciiCase(attr.name, "content") && !seen_content) {
      seen_content = true;
      content_charset = CharsetFromContent(attr.value);
    } else if (text::EqualsIgnoreAsciiCase(attr.name, "charset") && !seen_charset) {
      seen_charset = true;
      charset = attr.value;
    }
  }
  if (seen_charset) return TrimAsciiWhitespace(charset);
  if (got_pragma) return TrimAsciiWhitespace(content_charset);
  return {};
}

// Skips a start or end tag (position at its '<'): the name, then its attributes, so that a '>'
// inside a quoted value does not end the tag.
std::size_t SkipTag(std::string_view s, std::size_t pos) {
  pos += (s[pos + 1] == '/') ? 2 : 1;
  while (pos < s.size() && !IsAsciiWhitespace(s[pos]) && s[pos] != '>') ++pos;
  Attribute attr;
  while (GetAttribute(s, &pos, &attr)) {
  }
  return pos;
}

// The encoding pseudo-attribute of an XML declaration at the start of the document, "" if none.
std::string_view XmlDeclarationEncoding(std::string_view s) {
  std::size_t pos = 0;
  while (pos < s.size() && IsAsciiWhitespace(s[pos])) ++pos;
  if (!text::StartsWithIgnoreAsciiCase(s.substr(pos), "<?xml")) return {};
  const std::size_t end = s.find("?>", pos);
  if (end == std::string_view::npos) return {};
  const std::string_view decl = s.substr(pos, end - pos);
  std::size_t at = 0;
  while ((at = decl.find("encoding", at)) != std::string_view::npos) {
    at += 8;
    while (at < decl.size() && IsAsciiWhitespace(decl[at])) ++at;
    if (at >= decl.size() || decl[at] != '=') continue;
    ++at;
    while (at < decl.size() && IsAsciiWhitespace(decl[at])) ++at;
    if (at >= decl.size() || (decl[at] != '"' && decl[at] != '\'')) return {};
    const std::size_t close = decl.find(decl[at], at + 1);
    if (close == std::string_view::npos) return {};
    return TrimAsciiWhitespace(decl.substr(at + 1, close - at - 1));
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// UTF-8
// ---------------------------------------------------------------------------------------------

enum class SeqKind : std::uint8_t { kValid, kInvalid, kTruncated };
struct Seq {
  SeqKind kind;
  std::size_t length;  // kValid: sequence length; kInvalid: maximal subpart to skip; kTruncated: bytes left
};

// Classifies the sequence at p (first byte >= 0x80), `avail` bytes to the end of the input, following
// the Unicode Standard's table of well-formed byte sequences (Table 3-7).
inline Seq CheckSequence(const unsigned char* p, std::size_t avail) {
  const unsigned char lead = p[0];
  std::size_t length;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) lo = 0xA0;
    if (lead == 0xED) hi = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) lo = 0x90;
    if (lead == 0xF4) hi = 0x8F;
  } else {
    return {SeqKind::kInvalid, 1};
  }
  for (std::size_t i = 1; i < length; ++i) {
    if (i >= avail) return {SeqKind::kTruncated, avail};
    const unsigned char c = p[i];
    const bool ok = (i == 1) ? (c >= lo && c <= hi) : ((c & 0xC0) == 0x80);
    if (!ok) return {SeqKind::kInvalid, i};
  }
  return {SeqKind::kValid, length};
}

// Advances p over ASCII bytes: 64 (an OR over the block, which compiles to vector loads), 16, then
// 8 bytes at a time, then one by one.
inline const unsigned char* SkipAscii(const unsigned char* p, const unsigned char* end) {
  constexpr std::ptrdiff_t kBlock = 64;
  while (end - p >= kBlock) {
    unsigned char bits = 0;
    for (std::ptrdiff_t k = 0; k < kBlock; ++k) bits |= p[k];
    if (bits & 0x80) break;
    p += kBlock;
  }
  while (end - p >= 16) {
    if (text::HasNonAscii(text::LoadWord(p) | text::LoadWord(p + 8))) break;
    p += 16;
  }
  if (end - p >= 8 && !text::HasNonAscii(text::LoadWord(p))) p += 8;
  while (p < end && *p < 0x80) ++p;
  return p;
}

#if PITH_BYTE_SCAN_X86
// Whole-input UTF-8 validation 32 bytes at a time with AVX2: the "lookup" algorithm of Keiser and
// Lemire, "Validating UTF-8 In Less Than One Instruction Per Byte" (Software: Practice and
// Experience, 2021), §5. Every ill-formed pair of bytes is found by three 16-entry tables looked up
// with vpshufb: the high and low nibbles of the previous byte and the high nibble of the current
// one each give the set of errors they allow; an error is a bit set in all three. The third and
// fourth bytes of longer sequences are then checked to be continuations, and continuations to
// belong to a sequence (the "must be 2 or 3 continuation" test). A sequence cut by the end of the
// input meets the zeros that pad the last block. Returns false at the first block with an error;
// true with the counts of a valid input (its sequences are its lead bytes, 0xC0 and up).
namespace utf8_lookup {
constexpr std::uint8_t kTooShort = 1 << 0;      // a lead byte, then no continuation
constexpr std::uint8_t kTooLong = 1 << 1;       // ASCII, then a continuation
constexpr std::uint8_t kOverlong3 = 1 << 2;     // E0 80..9F
constexpr std::uint8_t kTooLarge = 1 << 3;      // F4 90..BF, F5..FF
constexpr std::uint8_t kSurrogate = 1 << 4;     // ED A0..BF
constexpr std::uint8_t kOverlong2 = 1 << 5;     // C0, C1
constexpr std::uint8_t kTooLarge1000 = 1 << 6;  // F5..FF 80..8F
constexpr std::uint8_t kOverlong4 = 1 << 6;     // F0 80..8F
constexpr std::uint8_t kTwoConts = 1 << 7;      // a continuation after a continuation (allowed only by a lead 2-3 back)
constexpr std::uint8_t kCarry = kTooShort | kTooLong | kTwoConts;

[[gnu::target("avx2")]] inline __m256i Table(const std::uint8_t (&t)[16]) {
  return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
}

// The error bits of block `in` after block `prev`.
[[gnu::target("avx2")]] inline __m256i Errors(__m256i prev, __m256i in) {
  static constexpr std::uint8_t kByte1High[16] = {
      kTooLong, kTooLong, kTooLong, kTooLong, kTooLong, kTooLong, kTooLong, kTooLong,
      kTwoConts, kTwoConts, kTwoConts, kTwoConts,
      kTooShort | kOverlong2, kTooShort, kTooShort | kOverlong3 | kSurrogate,
      kTooShort | kTooLarge | kTooLarge1000 | kOverlong4};
  static constexpr std::uint8_t kByte1Low[16] = {
      kCarry | kOverlong3 | kOverlong2 | kOverlong4, kCarry | kOverlong2, kCarry, kCarry,
      kCarry | kTooLarge, kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000,
      kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000,
      kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000,
      kCarry | kTooLarge | kTooLarge1000 | kSurrogate, kCarry | kTooLarge | kTooLarge1000,
      kCarry | kTooLarge | kTooLarge1000};
  static constexpr std::uint8_t kByte2High[16] = {
      kTooShort, kTooShort, kTooShort, kTooShort, kTooShort, kTooShort, kTooShort, kTooShort,
      kTooLong | kOverlong2 | kTwoConts | kOverlong3 | kTooLarge1000 | kOverlong4,
      kTooLong | kOverlong2 | kTwoConts | kOverlong3 | kTooLarge,
      kTooLong | kOverlong2 | kTwoConts | kSurrogate | kTooLarge,
      kTooLong | kOverlong2 | kTwoConts | kSurrogate | kTooLarge,
      kTooShort, kTooShort, kTooShort, kTooShort};
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  // The bytes 1, 2 and 3 places back, across the two lanes and from the previous block.
  const __m256i before = _mm256_permute2x128_si256(prev, in, 0x21);
  const __m256i prev1 = _mm256_alignr_epi8(in, before, 15);
  const __m256i prev2 = _mm256_alignr_epi8(in, before, 14);
  const __m256i prev3 = _mm256_alignr_epi8(in, before, 13);
  const __m256i special = _mm256_and_si256(
      _mm256_and_si256(_mm256_shuffle_epi8(Table(kByte1High), _mm256_and_si256(_mm256_srli_epi16(prev1, 4), nibble)),
                       _mm256_shuffle_epi8(Table(kByte1Low), _mm256_and_si256(prev1, nibble))),
      _mm256_shuffle_epi8(Table(kByte2High), _mm256_and_si256(_mm256_srli_epi16(in, 4), nibble)));
  // 0x80 where the byte 2 back is E0..FF or the byte 3 back F0..FF: this byte must continue it.
  const __m256i must_continue = _mm256_and_si256(_mm256_or_si256(_mm256_subs_epu8(prev2, _mm256_set1_epi8(0x60)),
                                                                 _mm256_subs_epu8(prev3, _mm256_set1_epi8(0x70))),
                                                 _mm256_set1_epi8(static_cast<char>(0x80)));
  return _mm256_xor_si256(must_continue, special);
}
}  // namespace utf8_lookup

[[gnu::target("avx2,popcnt")]] bool ValidUtf8Avx2(std::string_view bytes, std::size_t* sequences,
                                                  std::size_t* non_ascii_bytes) {
  const char* const s = bytes.data();
  const std::size_t n = bytes.size();
  const __m256i lead_min = _mm256_set1_epi8(static_cast<char>(0xC0));
  __m256i prev = _mm256_setzero_si256();
  std::size_t leads = 0, high = 0;
  alignas(32) char last_block[32];
  for (std::size_t i = 0;; i += 32) {
    __m256i in;
    if (i + 32 <= n) {
      in = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i));
    } else {  // the last bytes (or none), zero-padded: a sequence they cut is too short
      std::memset(last_block, 0, sizeof last_block);
      std::memcpy(last_block, s + i, n - i);
      in = _mm256_load_si256(reinterpret_cast<const __m256i*>(last_block));
    }
    const auto high_bits = static_cast<std::uint32_t>(_mm256_movemask_epi8(in));
    // All ASCII after a block that ended in ASCII (its last three bytes start no sequence): no error.
    if (high_bits != 0 || static_cast<std::uint32_t>(_mm256_movemask_epi8(prev)) >> 29 != 0) {
      const __m256i errors = utf8_lookup::Errors(prev, in);
      if (!_mm256_testz_si256(errors, errors)) return false;
      high += static_cast<std::size_t>(__builtin_popcount(high_bits));
      const __m256i is_lead = _mm256_cmpeq_epi8(_mm256_max_epu8(in, lead_min), in);
      leads += static_cast<std::size_t>(__builtin_popcount(static_cast<std::uint32_t>(_mm256_movemask_epi8(is_lead))));
    }
    prev = in;
    if (i + 32 >= n) break;  // the padded block was the last, or the input ends with this block...
  }
  // ... and when it ended with a whole block, a block of zeros finds a sequence cut at its end.
  if (n % 32 == 0 && n > 0) {
    const __m256i errors = utf8_lookup::Errors(prev, _mm256_setzero_si256());
    if (!_mm256_testz_si256(errors, errors)) return false;
  }
  *sequences = leads;
  *non_ascii_bytes = high;
  return true;
}
#endif

enum class ScanStop : std::uint8_t { kNever, kAtFirstError, kWhenNotMostlyUtf8 };

// Even if every remaining byte pair were a well-formed sequence, MostlyUtf8 would stay false.
bool CannotBeMostlyUtf8(const Utf8Stats& stats, std::size_t remaining) {
  return stats.invalid * 8 > stats.non_ascii + remaining / 2;
}

// The one scanning loop behind ScanUtf8 and ValidUtf8PrefixLength.
Utf8Stats Scan(std::string_view bytes, ScanStop stop) {
  Utf8Stats stats;
#if PITH_BYTE_SCAN_X86
  // Most pages are valid UTF-8: validated and counted with AVX2, else scanned here from the start.
  if (text::ScansUseAvx2() && bytes.size() >= 64 && ValidUtf8Avx2(bytes, &stats.non_ascii, &stats.non_ascii_bytes)) {
    stats.valid_prefix = bytes.size();
    return stats;
  }
  stats.non_ascii = stats.non_ascii_bytes = 0;
#endif
  const auto* const begin = reinterpret_cast<const unsigned char*>(bytes.data());
  const auto* const end = begin + bytes.size();
  const auto* p = begin;
  bool clean = true;
  while (p < end) {
    p = SkipAscii(p, end);
    while (p < end && *p >= 0x80) {
      const Seq seq = CheckSequence(p, static_cast<std::size_t>(end - p));
      if (seq.kind == SeqKind::kValid) {
        ++stats.non_ascii;
        stats.non_ascii_bytes += seq.length;
        p += seq.length;
        continue;
      }
      if (clean) {
        stats.valid_prefix = static_cast<std::size_t>(p - begin);
        clean = false;
      }
      if (seq.kind == SeqKind::kTruncated) {
        stats.truncated_tail = seq.length;
        return stats;
      }
      ++stats.invalid;
      stats.invalid_bytes += seq.length;
      p += seq.length;
      if (stop == ScanStop::kAtFirstError ||
          (stop == ScanStop::kWhenNotMostlyUtf8 &&
           CannotBeMostlyUtf8(stats, static_cast<std::size_t>(end - p)))) {
        stats.complete = p == end;
        return stats;
      }
    }
  }
  if (clean) stats.valid_prefix = bytes.size();
  return stats;
}

// ---------------------------------------------------------------------------------------------
// Binary sniffing
// ---------------------------------------------------------------------------------------------

struct Magic {
  std::string_view prefix;
  std::string_view what;
};

constexpr std::string_view kMagicPng("\x89PNG\r\n\x1A\n", 8);
constexpr std::string_view kMagicXz("\xFD" "7zXZ\x00", 6);
constexpr std::string_view kMagic7z("7z\xBC\xAF\x27\x1C", 6);

constexpr Magic kMagics[] = {
    {"%PDF-", "PDF document"},
    {kMagicPng, "PNG image"},
    {"GIF87a", "GIF image"},
    {"GIF89a", "GIF image"},
    {"\xFF\xD8\xFF", "JPEG image"},
    {"PK\x03\x04", "ZIP archive"},
    {"PK\x05\x06", "ZIP archive"},
    {"PK\x07\x08", "ZIP archive"},
    {"\x1F\x8B", "gzip data"},
    {kMagicXz, "xz data"},
    {kMagic7z, "7z archive"},
    {"\x28\xB5\x2F\xFD", "zstd data"},
    {"Rar!\x1A\x07", "RAR archive"},
    {"\x7F" "ELF", "ELF executable"},
};

bool IsBzip2(std::string_view s) {
  // "BZh", block size '1'..'9', then the block magic 0x314159265359 ("1AY&SY").
  return s.size() >= 10 && s.substr(0, 3) == "BZh" && s[3] >= '1' && s[3] <= '9' &&
         s.substr(4, 6) == "1AY&SY";
}

bool IsWebp(std::string_view s) {
  return s.size() >= 12 && s.substr(0, 4) == "RIFF" && s.substr(8, 4) == "WEBP";
}

bool HasUnicodeBom(std::string_view s) {
  return s.starts_with("\xEF\xBB\xBF") || s.starts_with("\xFF\xFE") || s.starts_with("\xFE\xFF");
}

// C0 controls that never appear in text: all but TAB, LF, VT, FF, CR and ESC (ISO-2022-JP uses ESC).
// Written with ranges rather than a list of bytes so that the counting loop over a page's head
// compiles to vector compares.
bool IsNonTextControl(unsigned char c) { return c < 0x20 && (c < 0x09 || c > 0x0D) && c != 0x1B; }

constexpr std::size_t kSniffWindow = 4096;

}  // namespace

// -----------------------------------------------------------------------------------------------
// Public functions
// -----------------------------------------------------------------------------------------------

std::string_view IcuNameForLabel(std::string_view label) { return Lookup(kLabels, label); }

std::string_view IcuNameForReplacementLabel(std::string_view label) {
  return Lookup(kReplacementLabels, label);
}

std::string_view IcuNameForDetectorName(std::string_view name) {
  const std::string_view standard = IcuNameForLabel(name);
  if (standard == kReplacementEncoding) return IcuNameForReplacementLabel(name);
  if (!standard.empty()) return standard;
  return Lookup(kDetectorNames, name);
}

std::string PrescanMetaCharset(std::string_view bytes, std::size_t limit) {
  const std::string_view s = bytes.substr(0, std::min(limit, bytes.size()));
  std::string_view first_unknown;
  std::size_t pos = 0;
  while ((pos = s.find('<', pos)) != std::string_view::npos) {
    if (s.compare(pos, 4, "<!--") == 0) {
      pos = s.find("-->", pos + 2);  // "<!-->" is a complete comment
      if (pos == std::string_view::npos) break;
      pos += 3;
    } else if (text::StartsWithIgnoreAsciiCase(s.substr(pos), "<meta") && pos + 5 < s.size() &&
               (IsAsciiWhitespace(s[pos + 5]) || s[pos + 5] == '/')) {
      pos += 5;
      const std::string_view label = MetaTagCharset(s, &pos);
      if (!label.empty()) {
        if (!IcuNameForLabel(label).empty()) return std::string(label);
        if (first_unknown.empty()) first_unknown = label;
      }
    } else if (pos + 2 < s.size() &&
               (IsAsciiAlpha(s[pos + 1]) ||
                (s[pos + 1] == '/' && IsAsciiAlpha(s[pos + 2])))) {
      pos = SkipTag(s, pos);
    } else if (pos + 1 < s.size() && (s[pos + 1] == '!' || s[pos + 1] == '/' || s[pos + 1] == '?')) {
      pos = s.find('>', pos + 2);
      if (pos == std::string_view::npos) break;
      ++pos;
    } else {
      ++pos;
    }
  }
  if (!first_unknown.empty()) return std::string(first_unknown);
  return std::string(XmlDeclarationEncoding(s));
}

Utf8Stats ScanUtf8(std::string_view bytes, bool stop_when_not_mostly_utf8) {
  return Scan(bytes, stop_when_not_mostly_utf8 ? ScanStop::kWhenNotMostlyUtf8 : ScanStop::kNever);
}

std::size_t ValidUtf8PrefixLength(std::string_view bytes) {
  return Scan(bytes, ScanStop::kAtFirstError).valid_prefix;
}

bool IsValidUtf8(std::string_view bytes, std::size_t* non_ascii_sequences) {
  const Utf8Stats stats = Scan(bytes, ScanStop::kAtFirstError);
  if (non_ascii_sequences != nullptr) *non_ascii_sequences = stats.non_ascii;
  return stats.invalid == 0;
}

bool MostlyUtf8(const Utf8Stats& stats) {
  return stats.invalid == 0 || stats.invalid * 8 <= stats.non_ascii;
}

bool DeclaredUtf8Holds(const Utf8Stats& stats) {
  return stats.complete && stats.non_ascii_bytes >= 2 * stats.invalid_bytes;
}

std::size_t RepairUtf8(std::string_view bytes, std::string* out) {
  out->clear();
  out->reserve(bytes.size() + 16);
  const auto* const begin = reinterpret_cast<const unsigned char*>(bytes.data());
  const auto* const end = begin + bytes.size();
  const auto* p = begin;
  const auto* run = begin;  // start of the not yet copied valid run
  std::size_t replacements = 0;
  while (p < end) {
    p = SkipAscii(p, end);
    while (p < end && *p >= 0x80) {
      const Seq seq = CheckSequence(p, static_cast<std::size_t>(end - p));
      if (seq.kind == SeqKind::kValid) {
        p += seq.length;
        continue;
      }
      out->append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(p - run));
      if (seq.kind == SeqKind::kTruncated) return replacements;  // drop the cut-off sequence
      out->append("\xEF\xBF\xBD");
      ++replacements;
      p += seq.length;
      run = p;
    }
  }
  out->append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(end - run));
  return replacements;
}

std::string_view SniffUtf16WithoutBom(std::string_view bytes) {
  const std::size_t n = std::min(bytes.size(), kSniffWindow) & ~std::size_t{1};
  const std::size_t pairs = n / 2;
  if (pairs < 2) return {};
  std::size_t zero_even = 0, zero_odd = 0;
  for (std::size_t i = 0; i < n; i += 2) {
    zero_even += bytes[i] == '\0';
    zero_odd += bytes[i + 1] == '\0';
  }
  // ASCII markup in UTF-16 puts a NUL in every code unit's high byte; real text other than
  // Latin still leaves the markup's NULs (well over 30%), while a NUL low byte is rare (< 3%).
  const auto mostly = [pairs](std::size_t z) { return z * 10 >= pairs * 3; };
  const auto hardly = [pairs](std::size_t z) { return z * 33 <= pairs; };
  if (mostly(zero_odd) && hardly(zero_even)) return kUtf16Le;
  if (mostly(zero_even) && hardly(zero_odd)) return kUtf16Be;
  return {};
}

bool LooksBinary(std::string_view bytes, std::string* what) {
  const auto found = [what](std::string_view name) {
    if (what != nullptr) *what = std::string(name);
    return true;
  };
  if (bytes.empty() || HasUnicodeBom(bytes)) return false;
  for (const Magic& magic : kMagics) {
    if (bytes.starts_with(magic.prefix)) return found(magic.what);
  }
  if (IsBzip2(bytes)) return found("bzip2 data");
  if (IsWebp(bytes)) return found("WebP image");
  if (!SniffUtf16WithoutBom(bytes).empty()) return false;
  const std::string_view head = bytes.substr(0, kSniffWindow);
  std::size_t controls = 0;
  for (const char c : head) controls += IsNonTextControl(static_cast<unsigned char>(c));
  // Random or compressed bytes have ~10% such controls; text, in any encoding, next to none.
  if (controls * 25 > head.size()) return found("binary data");
  return false;
}

}  // namespace pith::decode
