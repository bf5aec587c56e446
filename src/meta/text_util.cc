// meta/text_util.cc — the string helpers of text_util.h that are not inline.
#include "meta/text_util.h"

#include <algorithm>
#include <cstdint>

#include "text/word_bytes.h"

namespace pith::meta {

std::size_t FindCI(std::string_view hay, std::string_view needle, std::size_t from) {
  if (needle.empty()) return from <= hay.size() ? from : std::string_view::npos;
  if (hay.size() < needle.size()) return std::string_view::npos;
  // The first byte is compared in both cases, without lower-casing the text.
  const char first = AsciiLower(needle[0]);
  const char first_upper = first >= 'a' && first <= 'z' ? static_cast<char>(first - 32) : first;
  const std::size_t end = hay.size() - needle.size() + 1;  // past the last place the needle fits
  // A letter's two cases, and no other byte, become the lower-case one when OR'd with 0x20: then
  // eight places that begin with neither are passed at once.
  const bool letter = first != first_upper;
  for (std::size_t i = from; i < end;) {
    if (letter) {
      for (; i + 8 <= end; i += 8) {
        const std::uint64_t folded = text::LoadWord(hay.data() + i) | 0x20 * text::kEachByte;
        if (text::BytesEqual(folded, static_cast<unsigned char>(first)) != 0) break;
      }
    }
    for (const std::size_t stop = std::min(end, i + 8); i < stop; ++i) {
      if ((hay[i] == first || hay[i] == first_upper) && EqualsIgnoreAsciiCase(hay.substr(i, needle.size()), needle)) {
        return i;
      }
    }
  }
  return std::string_view::npos;
}

std::string CollapseSpace(std::string_view s, std::size_t max_bytes) {
  std::string out;
  out.reserve(std::min(s.size(), max_bytes));
  bool space = false;
  for (std::size_t i = 0; i < s.size() && out.size() < max_bytes;) {
    if (const std::size_t sp = SpaceLen(s, i)) {
      std::size_t j = i;  // (zero width characters are three bytes long: ASCII spaces are not decoded)
      if (sp == 3 && text::IsZeroWidthFormat(text::NextCodePoint(s, j))) {  // kept after a character
        if (!space && !out.empty()) out.append(s.data() + i, sp);
      } else {
        space = !out.empty();
      }
      i += sp;
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    const std::size_t n = std::min(SeqLen(s[i]), s.size() - i);
    if (n == 1) out.push_back(s[i]);  // (most characters: cheaper than an append)
    else out.append(s.data() + i, n);
    i += n;
  }
  return out;
}

std::string NormKey(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t b = i;
    const char32_t c = text::NextCodePoint(s, i);
    if (!IsWordChar(c)) continue;
    if (c < 0x80) out.push_back(AsciiLower(static_cast<char>(c)));
    else out.append(s.substr(b, i - b));
  }
  return out;
}

double WordCount(std::string_view s) {
  double words = 0;
  bool in_word = false;
  for (std::size_t i = 0; i < s.size();) {
    const char32_t c = text::NextCodePoint(s, i);
    if (IsHan(c) || IsKana(c) || IsHangul(c)) {
      words += 0.5;
      in_word = false;
    } else if (IsWordChar(c)) {
      if (!in_word) words += 1;
      in_word = true;
    } else {
      in_word = false;
    }
  }
  return words;
}

namespace {

std::vector<std::string> WordSet(std::string_view s) {
  std::vector<std::string> words;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) words.push_back(cur);
    cur.clear();
  };
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t b = i;
    const char32_t c = text::NextCodePoint(s, i);
    if (IsHan(c) || IsKana(c) || IsHangul(c)) {
      flush();
      words.emplace_back(s.substr(b, i - b));
    } else if (IsWordChar(c)) {
      if (c < 0x80) cur.push_back(AsciiLower(static_cast<char>(c)));
      else cur.append(s.substr(b, i - b));
    } else {
      flush();
    }
  }
  flush();
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  return words;
}

}  // namespace

double WordOverlap(std::string_view a, std::string_view b) {
  const std::vector<std::string> wa = WordSet(a), wb = WordSet(b);
  if (wa.empty() || wb.empty()) return 0;
  std::size_t common = 0;
  for (const auto& w : wa) common += std::binary_search(wb.begin(), wb.end(), w);
  return static_cast<double>(common) / static_cast<double>(std::min(wa.size(), wb.size()));
}

bool LooksLikeUrl(std::string_view s) {
  return StartsWithIgnoreAsciiCase(s, "http:") || StartsWithIgnoreAsciiCase(s, "https:") ||
         StartsWithIgnoreAsciiCase(s, "www.") || s.find("://") != std::string_view::npos ||
         StartsWithIgnoreAsciiCase(s, "/") ||
         (s.find('.') != std::string_view::npos && s.find(' ') == std::string_view::npos &&
          s.find('/') != std::string_view::npos);
}

}  // namespace pith::meta
