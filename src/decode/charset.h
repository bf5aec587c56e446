// decode/charset.h — the byte-level facts the decode stage sniffs before converting anything.
//
//  * IcuNameForLabel: the WHATWG Encoding Standard's label table (every label of the standard), each
//    label mapped to the ICU converter that decodes it the way browsers do (gbk → gb18030,
//    big5 → Big5-HKSCS, latin1/ascii → windows-1252, euc-kr → windows-949, shift_jis → windows-31j).
//  * PrescanMetaCharset: the HTML "prescan a byte stream" for <meta charset>, <meta http-equiv
//    content="…charset=…">, and (when no meta declares anything) the <?xml encoding?> declaration.
//  * ScanUtf8 / IsValidUtf8: one-pass UTF-8 validation with an 8/16-bytes-at-a-time ASCII fast path.
//  * LooksBinary / SniffUtf16WithoutBom: "is this text at all?" checks.
//
// Everything here is pure, allocation-light and thread-safe.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pith::decode {

// ICU converter names IcuNameForLabel returns that decode.cc also tests for (BOMs, UTF-8 input, the
// fallback). The names double as the charset reported in EncodingInfo.
inline constexpr std::string_view kUtf8 = "UTF-8";
inline constexpr std::string_view kUtf16Be = "UTF-16BE";
inline constexpr std::string_view kUtf16Le = "UTF-16LE";
inline constexpr std::string_view kWindows1252 = "windows-1252";
inline constexpr std::string_view kGb18030 = "GB18030";  // decodes GBK and GB2312 too

// Pseudo converter names returned by IcuNameForLabel that ICU cannot open; decode.cc handles them.
inline constexpr std::string_view kReplacementEncoding = "replacement";       // WHATWG "replacement"
inline constexpr std::string_view kUserDefinedEncoding = "x-user-defined";    // bytes 80–FF → U+F780–U+F7FF
inline constexpr std::string_view kIso885916Encoding = "ISO-8859-16";         // not in Debian's ICU data

// WHATWG Encoding Standard label (ASCII case-insensitive, ASCII whitespace trimmed) → ICU converter
// name, "" if the label is unknown. The "replacement" labels (iso-2022-kr, hz-gb-2312, …) map to
// kReplacementEncoding. The returned view points to static storage.
std::string_view IcuNameForLabel(std::string_view label);

// For the labels the standard maps to "replacement" (iso-2022-kr, csiso2022kr, hz-gb-2312,
// iso-2022-cn, iso-2022-cn-ext): the ICU converter that really decodes them, "" otherwise. Used only
// when someone other than the page asks for them (a --charset override, the detector).
std::string_view IcuNameForReplacementLabel(std::string_view label);

// Names a charset detector (uchardet) reports → ICU converter name: the WHATWG table first, then
// the detector's few names outside the standard (UHC, MAC-CYRILLIC, IBM855, EUC-TW, UTF-32, …).
// "" if unknown.
std::string_view IcuNameForDetectorName(std::string_view name);

// HTML-style prescan of the first `limit` bytes for a declared charset: <meta charset=…>,
// <meta http-equiv="Content-Type" content="…; charset=…"> (also with name= instead of http-equiv=),
// skipping comments and quoted attribute values; attribute order, quoting and case are free. If no
// meta declares anything, an <?xml … encoding="…"?> at the start of the document is used. Returns
// the raw label: the first one IcuNameForLabel knows, else the first one seen, else "".
// The default limit is 64 KiB, not the HTML Standard's 1024 bytes: many real pages declare later.
std::string PrescanMetaCharset(std::string_view bytes, std::size_t limit = 65536);

// One pass over the bytes. A multi-byte sequence cut off by the end of the input (pages are often
// truncated) is not counted as invalid; `truncated_tail` is its length (0–3).
struct Utf8Stats {
  std::size_t valid_prefix = 0;   // length of the longest valid prefix (excluding a truncated tail)
  std::size_t non_ascii = 0;      // well-formed multi-byte sequences
  std::size_t invalid = 0;        // maximal ill-formed subparts (each would become one U+FFFD)
  std::size_t non_ascii_bytes = 0;  // bytes of the well-formed multi-byte sequences
  std::size_t invalid_bytes = 0;    // bytes of the ill-formed subparts
  std::size_t truncated_tail = 0; // bytes of an incomplete sequence at the very end
  bool complete = true;           // false if the scan stopped early (see ScanUtf8)
};
// With `stop_when_not_mostly_utf8`, the scan stops (complete = false) as soon as the rest of the
// input could no longer make MostlyUtf8 true, which a legacy-encoded page reaches after a small
// fraction of its bytes; the counts are then those of the scanned part.
Utf8Stats ScanUtf8(std::string_view bytes, bool stop_when_not_mostly_utf8 = false);

// Length of the longest valid-UTF-8 prefix (stops at the first error; a truncated tail is excluded).
std::size_t ValidUtf8PrefixLength(std::string_view bytes);

// Copies `bytes` to *out (replacing its contents), each maximal ill-formed subpart replaced by U+FFFD
// (the Encoding Standard's UTF-8 decoder behaviour), an incomplete sequence at the very end dropped.
// Returns the number of U+FFFD written.
std::size_t RepairUtf8(std::string_view bytes, std::string* out);

// True if the whole input is valid UTF-8 (a truncated final sequence counts as valid). If
// `non_ascii_sequences` is given it receives the number of multi-byte sequences.
bool IsValidUtf8(std::string_view bytes, std::size_t* non_ascii_sequences = nullptr);

// "Mostly UTF-8": no ill-formed sequence, or so few next to the well-formed multi-byte ones (at most
// one per eight) that they are stray bytes in a UTF-8 page rather than a legacy encoding. Random
// legacy double-byte text (GBK, Big5, Shift_JIS) and Latin-1 text fail this by a wide margin.
bool MostlyUtf8(const Utf8Stats& stats);

// The evidence a page that declares UTF-8 (meta or HTTP header) needs when it is not MostlyUtf8: at
// least two thirds of its non-ASCII bytes form well-formed sequences. A mostly-ASCII UTF-8 page with
// a few stray legacy bytes (a windows-1252 "™" or "–" pasted into it) passes; legacy text labelled
// UTF-8 by mistake fails: in GBK text about a third of the bytes happen to form well-formed
// sequences, in Latin-1 text almost none. Needs the stats of a complete scan.
bool DeclaredUtf8Holds(const Utf8Stats& stats);

// True for data that is clearly not text/HTML: PDF, PNG, GIF, JPEG, WebP, ZIP, gzip, bzip2, xz, 7z,
// zstd, RAR, ELF, or a high share of control bytes in the first 4 KiB. UTF-16 text (BOM, or NUL in
// every other byte) is not binary. Sets *what (if non-null) to a short name ("PDF document",
// "PNG image", "binary data").
bool LooksBinary(std::string_view bytes, std::string* what);

// "UTF-16LE" / "UTF-16BE" if the first 4 KiB look like BOM-less UTF-16 text (NUL in most of the
// high or low bytes of each pair, almost none in the others), "" otherwise.
std::string_view SniffUtf16WithoutBom(std::string_view bytes);

}  // namespace pith::decode
