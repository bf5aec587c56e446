// decode/normalize.cc — Arabic presentation forms → base letters (see normalize.h).
//
// The NFKC form of each of the 832 code points in the two blocks is computed once with ICU's
// Normalizer2 into a table; folding is then a scan for the lead bytes EF AD–EF BB plus table
// lookups. Normalising a whole string with NFKC is not an option: it would also rewrite CJK
// full-width punctuation, compatibility ideographs, superscripts and the like.
#include "decode/normalize.h"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <array>
#include <cstring>
#include <string_view>

namespace pith::decode {
namespace {

constexpr char32_t kFormsAFirst = 0xFB50;  // Arabic Presentation Forms-A
constexpr char32_t kFormsALast = 0xFDFF;
constexpr char32_t kFormsBFirst = 0xFE70;  // Arabic Presentation Forms-B
constexpr char32_t kFormsBLast = 0xFEFF;   // ends with U+FEFF ZERO WIDTH NO-BREAK SPACE
constexpr std::size_t kFormsACount = kFormsALast - kFormsAFirst + 1;
constexpr std::size_t kFormsBCount = kFormsBLast - kFormsBFirst + 1;

bool IsPresentationForm(char32_t c) {
  return (c >= kFormsAFirst && c <= kFormsALast) || (c >= kFormsBFirst && c <= kFormsBLast);
}

std::size_t TableIndex(char32_t c) {
  return c <= kFormsALast ? c - kFormsAFirst : kFormsACount + (c - kFormsBFirst);
}

// UTF-8 of a BMP code point U+0800..U+FFFF (all presentation forms are 3 bytes long).
std::string ThreeByteUtf8(char32_t c) {
  return {static_cast<char>(0xE0 | (c >> 12)), static_cast<char>(0x80 | ((c >> 6) & 0x3F)),
          static_cast<char>(0x80 | (c & 0x3F))};
}

// NFKC of every presentation form, as UTF-8 ("" for U+FEFF).
class FoldTable {
 public:
  FoldTable() {
    UErrorCode error = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(error);
    for (char32_t c = kFormsAFirst; c <= kFormsBLast; ++c) {
      if (!IsPresentationForm(c)) continue;
      std::string& folded = folded_[TableIndex(c)];
      if (c == 0xFEFF) continue;
      folded = ThreeByteUtf8(c);  // unchanged unless ICU says otherwise
      if (U_FAILURE(error) || nfkc == nullptr) continue;
      UErrorCode e = U_ZERO_ERROR;
      const icu::UnicodeString normalized = nfkc->normalize(icu::UnicodeString(static_cast<UChar32>(c)), e);
      if (U_SUCCESS(e)) {
        folded.clear();
        normalized.toUTF8String(folded);
      }
    }
  }

  std::string_view Get(char32_t c) const { return folded_[TableIndex(c)]; }

 private:
  std::array<std::string, kFormsACount + kFormsBCount> folded_;
};

const FoldTable& Table() {
  static const FoldTable table;
  return table;
}

// Position of the next presentation form at or after `pos` (its code point in *c); npos if none.
std::size_t FindPresentationForm(std::string_view s, std::size_t pos, char32_t* c) {
  while (pos < s.size()) {
    const void* hit = std::memchr(s.data() + pos, 0xEF, s.size() - pos);
    if (hit == nullptr) return std::string_view::npos;
    const std::size_t i = static_cast<std::size_t>(static_cast<const char*>(hit) - s.data());
    if (i + 2 >= s.size()) return std::string_view::npos;
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    const auto b2 = static_cast<unsigned char>(s[i + 2]);
    if (b1 >= 0xAD && b1 <= 0xBB && (b2 & 0xC0) == 0x80) {
      const char32_t cp = 0xF000 | (static_cast<char32_t>(b1 & 0x3F) << 6) | (b2 & 0x3F);
      if (IsPresentationForm(cp)) {
        *c = cp;
        return i;
      }
    }
    pos = i + 1;
  }
  return std::string_view::npos;
}

}  // namespace

bool FoldPresentationForms(std::string& utf8) {
  const std::string_view in(utf8);
  char32_t c = 0;
  std::size_t hit = FindPresentationForm(in, 0, &c);
  if (hit == std::string_view::npos) return false;
  const FoldTable& table = Table();
  std::string out;
  out.reserve(utf8.size() + 16);
  std::size_t copied = 0;
  bool changed = false;
  while (hit != std::string_view::npos) {
    out.append(in.substr(copied, hit - copied));
    const std::string_view folded = table.Get(c);
    changed = changed || folded != in.substr(hit, 3);
    out.append(folded);
    copied = hit + 3;
    hit = FindPresentationForm(in, copied, &c);
  }
  if (!changed) return false;
  out.append(in.substr(copied));
  utf8.swap(out);
  return true;
}

}  // namespace pith::decode
