// decode/decode.cc — the charset sniffing order (see decode.h) and the conversion to UTF-8.
//
// Conversion: UTF-8 input is validated once and copied (or repaired: each ill-formed subpart →
// U+FFFD); everything else goes through ICU (ucnv_toUnicode in chunks, u_strToUTF8), with a
// to-Unicode callback that writes U+FFFD and counts (ICU's default callback writes U+001A for some
// single-byte converters and counts nothing). ISO-8859-16 (missing from Debian's ICU data) and
// x-user-defined are decoded from small built-in tables. ICU converters and the uchardet handle are
// not thread-safe, so each thread keeps its own, reset before every use.
#include "decode/decode.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucnv_err.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <uchardet/uchardet.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <type_traits>

#include "decode/charset.h"
#include "text/ascii.h"

namespace pith {

const char* EncodingSourceName(EncodingSource s) {
  switch (s) {
    case EncodingSource::kCaller: return "caller";
    case EncodingSource::kBom: return "bom";
    case EncodingSource::kMeta: return "meta";
    case EncodingSource::kUtf8Valid: return "utf8";
    case EncodingSource::kDetector: return "detector";
    case EncodingSource::kDefault: return "default";
    case EncodingSource::kNone: return "none";
  }
  return "none";
}

}  // namespace pith

namespace pith::decode {
namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
constexpr std::size_t kDetectorTextCap = 64 * 1024;  // bytes of text uchardet sees at most
constexpr std::size_t kDetectorEvidence = 4 * 1024;  // non-ASCII bytes that are enough

// ---------------------------------------------------------------------------------------------
// Built-in single-byte decoders
// ---------------------------------------------------------------------------------------------

// ISO-8859-16, bytes A0–FF (80–9F are the C1 controls U+0080–U+009F).
constexpr std::array<char16_t, 96> kIso885916High = {
    0x00A0, 0x0104, 0x0105, 0x0141, 0x20AC, 0x201E, 0x0160, 0x00A7,
    0x0161, 0x00A9, 0x0218, 0x00AB, 0x0179, 0x00AD, 0x017A, 0x017B,
    0x00B0, 0x00B1, 0x010C, 0x0142, 0x017D, 0x201D, 0x00B6, 0x00B7,
    0x017E, 0x010D, 0x0219, 0x00BB, 0x0152, 0x0153, 0x0178, 0x017C,
    0x00C0, 0x00C1, 0x00C2, 0x0102, 0x00C4, 0x0106, 0x00C6, 0x00C7,
    0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
    0x0110, 0x0143, 0x00D2, 0x00D3, 0x00D4, 0x0150, 0x00D6, 0x015A,
    0x0170, 0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x0118, 0x021A, 0x00DF,
    0x00E0, 0x00E1, 0x00E2, 0x0103, 0x00E4, 0x0107, 0x00E6, 0x00E7,
    0x00E8, 0x00E9, 0x00EA, 0x00EB, 0x00EC, 0x00ED, 0x00EE, 0x00EF,
    0x0111, 0x0144, 0x00F2, 0x00F3, 0x00F4, 0x0151, 0x00F6, 0x015B,
    0x0171, 0x00F9, 0x00FA, 0x00FB, 0x00FC, 0x0119, 0x021B, 0x00FF,
};

char16_t Iso885916(unsigned char b) { return b < 0xA0 ? b : kIso885916High[b - 0xA0]; }
char16_t UserDefined(unsigned char b) { return b < 0x80 ? b : static_cast<char16_t>(0xF700 + b); }

void AppendUtf8(char16_t c, std::string* out) {  // BMP, non-surrogate code points only
  if (c < 0x80) {
    out->push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (c >> 6)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xE0 | (c >> 12)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

void DecodeSingleByte(std::string_view bytes, char16_t (*to_unicode)(unsigned char), std::string* out) {
  out->clear();
  out->reserve(bytes.size() + bytes.size() / 2);
  for (const char b : bytes) AppendUtf8(to_unicode(static_cast<unsigned char>(b)), out);
}

// ---------------------------------------------------------------------------------------------
// ICU
// ---------------------------------------------------------------------------------------------

// Per-thread cache of opened converters (a handful of charsets cover nearly every page).
class ConverterCache {
 public:
  ConverterCache() = default;
  ConverterCache(const ConverterCache&) = delete;
  ConverterCache& operator=(const ConverterCache&) = delete;
  ~ConverterCache() {
    for (Entry& e : entries_) {
      if (e.converter != nullptr) ucnv_close(e.converter);
    }
  }

  // The converter for `name`, reset; nullptr if ICU cannot open it.
  UConverter* Get(std::string_view name) {
    ++clock_;
    Entry* victim = &entries_[0];
    for (Entry& e : entries_) {
      if (e.converter != nullptr && e.name == name) {
        e.last_use = clock_;
        ucnv_reset(e.converter);
        return e.converter;
      }
      if (e.last_use < victim->last_use) victim = &e;
    }
    std::string owned(name);
    UErrorCode error = U_ZERO_ERROR;
    UConverter* converter = ucnv_open(owned.c_str(), &error);
    if (U_FAILURE(error) || converter == nullptr) return nullptr;  // warnings (ambiguous alias) are fine
    if (victim->converter != nullptr) ucnv_close(victim->converter);
    victim->name = std::move(owned);
    victim->converter = converter;
    victim->last_use = clock_;
    return converter;
  }

 private:
  struct Entry {
    std::string name;
    UConverter* converter = nullptr;
    std::uint64_t last_use = 0;
  };
  std::array<Entry, 4> entries_;
  std::uint64_t clock_ = 0;
};

ConverterCache& Converters() {
  thread_local ConverterCache cache;
  return cache;
}

// To-Unicode callback: every unassigned or ill-formed sequence becomes one U+FFFD, counted.
void U_CALLCONV SubstituteAndCount(const void* context, UConverterToUnicodeArgs* args, const char*,
                                   int32_t, UConverterCallbackReason reason, UErrorCode* error) {
  if (reason != UCNV_UNASSIGNED && reason != UCNV_ILLEGAL && reason != UCNV_IRREGULAR) return;
  ++*static_cast<std::size_t*>(const_cast<void*>(context));
  static const UChar kReplacement = 0xFFFD;
  *error = U_ZERO_ERROR;
  ucnv_cbToUWriteUChars(args, &kReplacement, 1, 0, error);
}

// Appends UTF-16 code units to *out as UTF-8; an unpaired surrogate becomes U+FFFD, counted.
bool AppendUtf16AsUtf8(const UChar* units, int32_t count, std::string* out, std::size_t* replacements) {
  const std::size_t old_size = out->size();
  out->resize(old_size + static_cast<std::size_t>(count) * 3);
  int32_t written = 0;
  int32_t substitutions = 0;
  UErrorCode error = U_ZERO_ERROR;
  u_strToUTF8WithSub(out->data() + old_size, count * 3, &written, units, count, 0xFFFD, &substitutions, &error);
  out->resize(old_size + static_cast<std::size_t>(written));
  *replacements += static_cast<std::size_t>(substitutions);
  return U_SUCCESS(error);
}

// Converts `bytes` from the ICU converter `name` to UTF-8 in *out. nullopt if ICU cannot.
// Decodes to UTF-16 in fixed-size chunks and re-encodes each as UTF-8: faster than
// ucnv_convertEx's pivoting, and memory stays bounded by the output.
std::optional<std::size_t> ConvertWithIcu(std::string_view name, std::string_view bytes, std::string* out) {
  UConverter* source = Converters().Get(name);
  if (source == nullptr) return std::nullopt;
  std::size_t replacements = 0;
  UErrorCode error = U_ZERO_ERROR;
  ucnv_setToUCallBack(source, SubstituteAndCount, &replacements, nullptr, nullptr, &error);
  if (U_FAILURE(error)) return std::nullopt;

  constexpr int32_t kChunk = 32 * 1024;
  thread_local std::array<UChar, kChunk> units;
  out->clear();
  out->reserve(bytes.size() + bytes.size() / 2 + 16);
  const char* src = bytes.data();
  const char* const src_end = src + bytes.size();
  int32_t carried = 0;  // a lead surrogate held back from the previous chunk
  for (;;) {
    UChar* dst = units.data() + carried;
    error = U_ZERO_ERROR;
    ucnv_toUnicode(source, &dst, units.data() + kChunk, &src, src_end, nullptr, /*flush=*/true, &error);
    const bool more = error == U_BUFFER_OVERFLOW_ERROR;
    if (U_FAILURE(error) && !more) return std::nullopt;
    const auto count = static_cast<int32_t>(dst - units.data());
    const int32_t keep = (more && count > 0 && U16_IS_LEAD(units[count - 1])) ? 1 : 0;
    if (!AppendUtf16AsUtf8(units.data(), count - keep, out, &replacements)) return std::nullopt;
    if (!more) break;
    if (keep) units[0] = units[count - 1];
    carried = keep;
  }
  return replacements;
}

// GBK's A3A0 sits where the full-width forms row has its space; the standard maps it to the private
// use code point U+E5E5, which renders as a blank in the fonts of the time, so pages used it as a
// full-width space. Text extraction wants the space (U+3000, same UTF-8 length).
void MapGbkFullWidthSpace(std::string* utf8) {
  constexpr std::string_view kPrivateUse = "\xEE\x97\xA5";
  constexpr std::string_view kIdeographicSpace = "\xE3\x80\x80";
  std::size_t pos = 0;
  while ((pos = utf8->find(kPrivateUse, pos)) != std::string::npos) {
    utf8->replace(pos, kPrivateUse.size(), kIdeographicSpace);
    pos += kIdeographicSpace.size();
  }
}

// Converts with any name IcuNameFor* returns (except "replacement"). nullopt if unavailable.
std::optional<std::size_t> Convert(std::string_view name, std::string_view bytes, std::string* out) {
  if (name == kUtf8) return RepairUtf8(bytes, out);
  if (name == kGb18030) {
    const std::optional<std::size_t> replacements = ConvertWithIcu(name, bytes, out);
    if (replacements) MapGbkFullWidthSpace(out);
    return replacements;
  }
  if (name == kIso885916Encoding) {
    DecodeSingleByte(bytes, Iso885916, out);
    return 0;
  }
  if (name == kUserDefinedEncoding) {
    DecodeSingleByte(bytes, UserDefined, out);
    return 0;
  }
  if (name == kReplacementEncoding) return std::nullopt;
  return ConvertWithIcu(name, bytes, out);
}

// More U+FFFD than stray damage explains: over 8 and over one per 200 input bytes.
bool TooManyReplacements(std::size_t replacements, std::size_t input_size) {
  return replacements > 8 && replacements * 200 > input_size;
}

// True for charsets where every byte is one character (their conversions never fail).
bool IsSingleByte(std::string_view name) {
  if (name == kIso885916Encoding || name == kUserDefinedEncoding) return true;
  if (name == kUtf8) return false;
  UConverter* converter = Converters().Get(name);
  return converter != nullptr && ucnv_getMaxCharSize(converter) == 1;
}

void StripLeadingBoms(std::string* utf8) {
  std::size_t n = 0;
  while (std::string_view(*utf8).substr(n).starts_with(kUtf8Bom)) n += kUtf8Bom.size();
  if (n > 0) utf8->erase(0, n);
}

// The bytes without a BOM that matches the encoding about to decode them.
std::string_view WithoutMatchingBom(std::string_view bytes, std::string_view name) {
  if (name == kUtf8 && bytes.starts_with(kUtf8Bom)) return bytes.substr(3);
  if (name == kUtf16Le && bytes.starts_with("\xFF\xFE")) return bytes.substr(2);
  if (name == kUtf16Be && bytes.starts_with("\xFE\xFF")) return bytes.substr(2);
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Detection
// ---------------------------------------------------------------------------------------------

bool IsRawTextElement(std::string_view bytes, std::size_t lt, std::string_view name) {
  if (!text::StartsWithIgnoreAsciiCase(bytes.substr(lt + 1), name)) return false;
  const std::size_t after = lt + 1 + name.size();
  return after >= bytes.size() || bytes[after] == '>' || bytes[after] == '/' || text::IsAsciiWhitespace(bytes[after]);
}

// Position after "</name…>" at or after `from`; the end of the input if there is none.
std::size_t SkipPastEndTag(std::string_view bytes, std::size_t from, std::string_view name) {
  std::size_t pos = from;
  while ((pos = bytes.find("</", pos)) != std::string_view::npos) {
    if (text::StartsWithIgnoreAsciiCase(bytes.substr(pos + 2), name)) {
      const std::size_t gt = bytes.find('>', pos);
      return gt == std::string_view::npos ? bytes.size() : gt + 1;
    }
    pos += 2;
  }
  return bytes.size();
}

// Position after the markup construct starting at the '<' at `lt`: comment, tag, or a whole
// <script>/<style> element.
std::size_t SkipMarkup(std::string_view bytes, std::size_t lt) {
  if (bytes.compare(lt, 4, "<!--") == 0) {
    const std::size_t end = bytes.find("-->", lt + 4);
    return end == std::string_view::npos ? bytes.size() : end + 3;
  }
  const std::size_t gt = bytes.find('>', lt + 1);
  if (gt == std::string_view::npos) return bytes.size();
  for (const std::string_view raw : {std::string_view("script"), std::string_view("style")}) {
    if (IsRawTextElement(bytes, lt, raw)) return SkipPastEndTag(bytes, gt + 1, raw);
  }
  return gt + 1;
}

bool StartsMarkup(std::string_view bytes, std::size_t lt) {
  if (lt + 1 >= bytes.size()) return false;
  const char c = bytes[lt + 1];
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '/' || c == '!' || c == '?';
}

std::size_t CountHighBytes(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }));
}

// The page's text for the detector: tags, comments, scripts and styles removed. Stops at
// kDetectorTextCap bytes, or once it holds kDetectorEvidence non-ASCII bytes (plenty for uchardet).
std::string TextForDetection(std::string_view bytes) {
  std::string text;
  text.reserve(std::min(bytes.size(), kDetectorTextCap));
  std::size_t evidence = 0;
  std::size_t pos = 0;
  while (pos < bytes.size() && text.size() < kDetectorTextCap && evidence < kDetectorEvidence) {
    std::size_t lt = bytes.find('<', pos);
    while (lt != std::string_view::npos && !StartsMarkup(bytes, lt)) lt = bytes.find('<', lt + 1);
    const std::size_t stop = (lt == std::string_view::npos) ? bytes.size() : lt;
    const std::string_view run = bytes.substr(pos, std::min(stop - pos, kDetectorTextCap - text.size()));
    text.append(run);
    evidence += CountHighBytes(run);
    if (lt == std::string_view::npos) break;
    pos = SkipMarkup(bytes, lt);
    text.push_back(' ');
  }
  return text;
}

struct UchardetDeleter {
  void operator()(uchardet_t handle) const { uchardet_delete(handle); }
};

uchardet_t ThreadDetector() {
  thread_local std::unique_ptr<std::remove_pointer_t<uchardet_t>, UchardetDeleter> detector(uchardet_new());
  return detector.get();
}

// ---------------------------------------------------------------------------------------------
// The sniffing order
// ---------------------------------------------------------------------------------------------

class Sniffer {
 public:
  // may_borrow: a valid UTF-8 page may be left in place (borrowed()) instead of copied to out->utf8.
  Sniffer(std::string_view bytes, Decoded* out, bool may_borrow)
      : bytes_(bytes), out_(out), may_borrow_(may_borrow) {}

  // The input bytes that are the output as they are (empty unless borrowed).
  std::string_view borrowed() const { return borrowed_; }

  pith::Status Run(std::string_view forced, std::string_view caller) {
    out_->utf8.clear();
    out_->info = {};
    out_->info.declared = PrescanMetaCharset(bytes_);
    if (!forced.empty()) return DecodeForced(forced);
    if (DecodeByBom()) return {};
    if (DecodeDeclared(caller, EncodingSource::kCaller)) return {};
    if (DecodeDeclared(out_->info.declared, EncodingSource::kMeta)) return {};
    DecodeUndeclared();
    return {};
  }

 private:
  // Stops early on legacy bytes; complete whenever MostlyUtf8 holds, which is all DecodeAsUtf8 needs.
  const Utf8Stats& Stats() {
    if (!stats_) stats_ = ScanUtf8(bytes_, /*stop_when_not_mostly_utf8=*/true);
    return *stats_;
  }

  void Finish(std::string_view charset, EncodingSource source, std::size_t replacements) {
    StripLeadingBoms(&out_->utf8);
    out_->info.charset = std::string(charset);
    out_->info.source = source;
    out_->info.replacements = replacements;
  }

  // Validation already done: a valid page is copied as is (or borrowed, when it has neither a BOM
  // nor a NUL to remove), a mostly valid one repaired.
  void DecodeAsUtf8(EncodingSource source) {
    std::size_t replacements = 0;
    if (Stats().invalid == 0) {
      const std::string_view valid = bytes_.substr(0, bytes_.size() - Stats().truncated_tail);
      if (may_borrow_ && !valid.empty() && !valid.starts_with(kUtf8Bom) &&
          std::memchr(valid.data(), 0, valid.size()) == nullptr) {
        borrowed_ = valid;
      } else {
        out_->utf8.assign(valid);
      }
    } else {
      replacements = RepairUtf8(bytes_, &out_->utf8);
    }
    Finish(kUtf8, source, replacements);
  }

  pith::Status DecodeForced(std::string_view label) {
    std::string_view name = IcuNameForLabel(label);
    if (name == kReplacementEncoding) name = IcuNameForReplacementLabel(label);
    if (name.empty()) {
      return {pith::StatusCode::kInvalidArgument, "unknown charset label: " + std::string(label)};
    }
    const std::optional<std::size_t> replacements =
        Convert(name, WithoutMatchingBom(bytes_, name), &out_->utf8);
    if (!replacements) {
      out_->utf8.clear();
      return {pith::StatusCode::kInvalidArgument, "charset not available: " + std::string(label)};
    }
    Finish(name, EncodingSource::kCaller, *replacements);
    return {};
  }

  bool DecodeByBom() {
    std::string_view name;
    if (bytes_.starts_with(kUtf8Bom)) name = kUtf8;
    else if (bytes_.starts_with("\xFF\xFE")) name = kUtf16Le;
    else if (bytes_.starts_with("\xFE\xFF")) name = kUtf16Be;
    else return false;
    const std::optional<std::size_t> replacements =
        Convert(name, WithoutMatchingBom(bytes_, name), &out_->utf8);
    if (!replacements) return false;
    Finish(name, EncodingSource::kBom, *replacements);
    return true;
  }

  // A label from the caller or the page. False (nothing decided) for unknown and "replacement"
  // labels and for a declared UTF-8 the bytes contradict.
  bool DecodeDeclared(std::string_view label, EncodingSource source) {
    std::string_view name = IcuNameForLabel(label);
    if (name.empty() || name == kReplacementEncoding) return false;
    if (name == kUtf16Le || name == kUtf16Be) {
      // Text the prescan could read is ASCII-compatible: "UTF-16" there means UTF-8 (HTML
      // Standard). Only bytes that really look like UTF-16 are decoded as such.
      const std::string_view utf16 = SniffUtf16WithoutBom(bytes_);
      name = utf16.empty() ? kUtf8 : utf16;
    }
    if (name == kUserDefinedEncoding && source == EncodingSource::kMeta) name = kWindows1252;
    if (name == kUtf8) {
      // The declaration counts as evidence: the bytes need not be MostlyUtf8, only DeclaredUtf8Holds
      // (a complete scan, made only for the rare page that fails the first test).
      if (!MostlyUtf8(Stats()) && !DeclaredUtf8Holds(ScanUtf8(bytes_))) return false;
      DecodeAsUtf8(source);
      return true;
    }
    if (Stats().non_ascii > 0 && MostlyUtf8(Stats())) {  // legacy label on UTF-8 bytes
      DecodeAsUtf8(EncodingSource::kUtf8Valid);
      return true;
    }
    const std::optional<std::size_t> replacements = Convert(name, bytes_, &out_->utf8);
    if (!replacements) return false;
    if (*replacements > 0 && PreferDetection(*replacements)) return true;
    Finish(name, source, *replacements);
    return true;
  }

  // The declared charset left U+FFFD: a wrong declaration, or damage in the page? If the detector's
  // charset leaves fewer, it was the declaration. A single-byte charset never leaves any, so that
  // proves nothing unless the declared one left many.
  bool PreferDetection(std::size_t declared_replacements) {
    const std::string_view name = DetectCharset(bytes_);
    std::string text;
    std::size_t replacements = 0;
    if (!ConvertDetected(name, &text, &replacements) || replacements >= declared_replacements) return false;
    if (IsSingleByte(name) && !TooManyReplacements(declared_replacements, bytes_.size())) return false;
    out_->utf8.swap(text);
    Finish(name, EncodingSource::kDetector, replacements);
    return true;
  }

  // Converts with a detected charset into *text; false if there is none or it leaves many U+FFFD
  // (a detector's answer is a guess).
  bool ConvertDetected(std::string_view name, std::string* text, std::size_t* replacements) {
    if (name.empty()) return false;
    const std::optional<std::size_t> result = Convert(name, bytes_, text);
    if (!result || TooManyReplacements(*result, bytes_.size())) return false;
    *replacements = *result;
    return true;
  }

  bool DecodeDetected(std::string_view name) {
    std::size_t replacements = 0;
    if (!ConvertDetected(name, &out_->utf8, &replacements)) return false;
    Finish(name, EncodingSource::kDetector, replacements);
    return true;
  }

  void DecodeUndeclared() {
    // UTF-16 first: UTF-16 text of ASCII, Cyrillic, Greek… is made of bytes below 0x80 and would
    // pass for UTF-8.
    if (DecodeDetected(SniffUtf16WithoutBom(bytes_))) return;
    if (MostlyUtf8(Stats())) {  // pure ASCII included
      DecodeAsUtf8(EncodingSource::kUtf8Valid);
      return;
    }
    if (DecodeDetected(DetectCharset(bytes_))) return;
    const std::size_t replacements = Convert(kWindows1252, bytes_, &out_->utf8).value_or(0);
    Finish(kWindows1252, EncodingSource::kDefault, replacements);
  }

  std::string_view bytes_;
  Decoded* out_;
  bool may_borrow_;
  std::string_view borrowed_;
  std::optional<Utf8Stats> stats_;
};

// U+0000 is never text (HTML5 drops it from character data and replaces it elsewhere), and the
// parser's text preprocessing mangles the bytes next to it: NULs are removed here, counted as
// replacements.
void DropNuls(Decoded* out) {
  std::string& u = out->utf8;
  if (std::memchr(u.data(), 0, u.size()) != nullptr) {
    const auto before = u.size();
    u.erase(std::remove(u.begin(), u.end(), '\0'), u.end());
    out->info.replacements += before - u.size();
    StripLeadingBoms(&u);  // a BOM after a leading NUL is now at the start
  }
}

}  // namespace

std::string_view DetectCharset(std::string_view bytes) {
  const std::string text = TextForDetection(bytes);
  // Non-ASCII only inside markup (attributes, scripts): let the detector see the raw bytes.
  const std::string_view sample =
      CountHighBytes(text) > 0 ? std::string_view(text) : bytes.substr(0, kDetectorTextCap);
  uchardet_t detector = ThreadDetector();
  if (detector == nullptr || sample.empty()) return {};
  uchardet_reset(detector);
  if (uchardet_handle_data(detector, sample.data(), sample.size()) != 0) return {};
  uchardet_data_end(detector);
  const char* answer = uchardet_get_charset(detector);
  return answer == nullptr ? std::string_view() : IcuNameForDetectorName(answer);
}

pith::Status Decode(std::string_view bytes, std::string_view forced, std::string_view caller, Decoded* out) {
  pith::Status s = Sniffer(bytes, out, /*may_borrow=*/false).Run(forced, caller);
  DropNuls(out);
  return s;
}

pith::Status DecodeText(std::string_view bytes, std::string_view forced, std::string_view caller, Decoded* out,
                        std::string_view* text) {
  Sniffer sniffer(bytes, out, /*may_borrow=*/true);
  pith::Status s = sniffer.Run(forced, caller);
  if (!sniffer.borrowed().empty()) {
    *text = sniffer.borrowed();
    return s;
  }
  DropNuls(out);
  *text = out->utf8;
  return s;
}

}  // namespace pith::decode
