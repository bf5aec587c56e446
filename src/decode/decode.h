// decode/decode.h — the decode stage: raw page bytes in any encoding → valid UTF-8.
//
// Sniffing order (first step that decides wins; EncodingInfo::source records which):
//   forced label (--charset)  → kCaller
//   byte order mark            → kBom       (UTF-8, UTF-16LE, UTF-16BE)
//   caller's charset (HTTP)    → kCaller
//   meta prescan               → kMeta      (<meta charset>, http-equiv, <?xml encoding?>)
//   BOM-less UTF-16            → kDetector  (NUL in every other byte of the first 4 KiB)
//   bytes are (mostly) UTF-8   → kUtf8Valid (also overrides a declared legacy charset)
//   uchardet                   → kDetector  (on tag-, comment-, script- and style-stripped text)
//   windows-1252               → kDefault
//
// "Mostly UTF-8" (charset.h: no ill-formed sequence, or at most one per eight well-formed ones)
// decides the UTF-8 questions:
//  * a declared legacy charset on mostly-UTF-8 bytes with non-ASCII content → UTF-8, source
//    kUtf8Valid, EncodingInfo::declared keeps the label (pages saved as UTF-8 under an old meta);
//  * a declared UTF-8 stands when the bytes are mostly UTF-8 or when at least two thirds of their
//    non-ASCII bytes form well-formed sequences (charset.h DeclaredUtf8Holds: a UTF-8 page with a
//    few stray legacy bytes, decoded with U+FFFD for them); otherwise → fall through to detection;
//  * undeclared mostly-UTF-8 bytes → UTF-8 (pure ASCII included), stray bytes → U+FFFD.
// Other rules: a meta (or caller) that says UTF-16 on bytes that are not UTF-16 means UTF-8 (HTML
// Standard); x-user-defined in a meta means windows-1252; unknown and "replacement" labels from the
// page or the caller are ignored. A declared legacy charset whose conversion leaves U+FFFD is
// checked against the detector, whose answer wins if it leaves fewer (a single-byte answer only
// when the declared one left more than stray damage explains) — this catches GBK pages labelled
// Big5 and the like. A detector answer that leaves many U+FFFD is not used.
//
// Output: invalid sequences become U+FFFD (counted in EncodingInfo::replacements); an incomplete
// multi-byte sequence cut off at the very end of a UTF-8 page is dropped, not replaced; GBK's A3A0
// (the standard's private-use U+E5E5, used by pages as a full-width space) becomes U+3000. The
// output never starts with a BOM and is always valid UTF-8. Valid UTF-8 input costs one validation
// pass and one copy (none with DecodeText).
//
// Decode does not fold Arabic presentation forms; call FoldPresentationForms (normalize.h) on its
// output for that.
#pragma once

#include <string>
#include <string_view>

#include "pith/result.h"
#include "pith/status.h"

namespace pith::decode {

struct Decoded {
  std::string utf8;
  pith::EncodingInfo info;
};

// forced: a --charset override (a WHATWG label, or one of the replacement labels' real names such as
// iso-2022-kr; wins over everything). caller: the HTTP Content-Type charset ("" if none).
// Returns kInvalidArgument only for an unknown or unusable *forced* label; everything else is ok.
// The output is valid UTF-8 without U+0000 (NUL bytes are dropped and counted in replacements).
pith::Status Decode(std::string_view bytes, std::string_view forced, std::string_view caller,
                    Decoded* out);

// Decode for a caller that keeps `bytes` alive while it reads the text, and reads it through *text:
// when the bytes are the output already (valid UTF-8 without a BOM or NUL to remove, as most pages
// are) *text views them and out->utf8 stays empty; otherwise *text views out->utf8. Saves Decode's
// copy of the page.
pith::Status DecodeText(std::string_view bytes, std::string_view forced, std::string_view caller,
                        Decoded* out, std::string_view* text);

// The charset uchardet reports for the page's text (markup, comments, scripts and styles removed;
// at most 64 KiB of text, less once 4 KiB of it are non-ASCII), mapped to an ICU converter name;
// "" if it has no usable answer. Pages whose text is all ASCII are judged on their raw bytes.
std::string_view DetectCharset(std::string_view bytes);

}  // namespace pith::decode
