// decode/decode.h — the decode stage: raw page bytes in any encoding → valid UTF-8.
//
// Sniffing order (first step that decides wins; EncodingInfo::source records which):
//   forced label (--charset)  → kCaller
//   byte order mark            → kBom       (UTF-8, UTF-16LE, UTF-16BE)
//   caller's charset (HTTP)    → kCaller
//   meta prescan               → kMeta      (<meta charset>, http-equiv, <?xml encoding?>)
//   bytes are valid UTF-8      → kUtf8Valid (also overrides a declared legacy charset)
//   BOM-less UTF-16 / uchardet → kDetector  (on tag-, comment-, script- and style-stripped text)
//   windows-1252               → kDefault
//
// A declared legacy charset whose bytes are (mostly) valid UTF-8 with non-ASCII content is decoded
// as UTF-8 (source kUtf8Valid, EncodingInfo::declared keeps the label). A declared UTF-8 whose bytes
// are not mostly UTF-8 falls through to detection. A meta that declares UTF-16 on a page readable as
// ASCII means UTF-8 (HTML Standard); a declared charset whose conversion yields many U+FFFD is
// checked against the detector and the cleaner result kept. Unknown and "replacement" labels from
// the page or the caller are ignored. Invalid sequences become U+FFFD (counted in
// EncodingInfo::replacements); an incomplete multi-byte sequence cut off at the very end of a
// UTF-8 page is dropped. The output never starts with a BOM and is always valid UTF-8.
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
pith::Status Decode(std::string_view bytes, std::string_view forced, std::string_view caller,
                    Decoded* out);

// The charset uchardet reports for the page's text (markup, comments, scripts and styles removed;
// at most 64 KiB of text, less once 4 KiB of it are non-ASCII), mapped to an ICU converter name;
// "" if it has no usable answer. Pages whose text is all ASCII are judged on their raw bytes.
std::string_view DetectCharset(std::string_view bytes);

}  // namespace pith::decode
