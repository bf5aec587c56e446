// Word segmentation with ICU's word BreakIterator, for any algorithm that needs words rather than
// characters (paper 002's feature words; usable by others).
//
// ICU's root-locale word rules split space-delimited scripts at spaces and punctuation, and use its
// dictionaries for Chinese and Japanese (one dictionary for Han + kana), Thai, Lao, Khmer and
// Burmese. Tibetan has no dictionary: it comes out one syllable per word (the tsheg ends a word).
// Each word carries ICU's rule status as a WordKind; spaces and punctuation are not words.
//
// Cost: Chinese runs at ~16 MB/s (the dictionary search dominates), Latin text much faster. Callers
// should segment only the text they need. Each thread clones one BreakIterator from a process-wide
// prototype on first use and reuses it (building one from the rules costs far more than a page).
// The text is handed to ICU as UTF-8 (UText), so word positions are byte offsets: no conversion.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pith::text {

// ICU's word-break rule status, coarsened (UBRK_WORD_* ranges).
enum class WordKind : std::uint8_t {
  kNumber,  // digits, numbers with separators ("3.14", "2009")
  kLetter,  // letters of alphabetic scripts, Thai/Lao/Khmer/Burmese dictionary words, Tibetan syllables
  kKana,    // Japanese kana words
  kIdeo,    // Han (Chinese, Japanese kanji) dictionary words and single ideographs
};

struct Word {
  std::uint32_t begin = 0;  // byte offset in the segmented text
  std::uint32_t size = 0;   // bytes
  WordKind kind = WordKind::kLetter;
};

// Appends every word of `utf8` (which must be valid UTF-8) to `out`, in order. Spaces, punctuation
// and symbols are skipped. Returns false if ICU could not be set up (then `out` is unchanged); the
// input size is limited to 2 GiB (ICU's iterator positions are int32_t).
bool SegmentWords(std::string_view utf8, std::vector<Word>* out);

// Appends the full Unicode case folding of `word` (U_FOLD_CASE_DEFAULT) to `out`: "Straße" →
// "strasse", "ΣΟΦΊΑ" → "σοφία". CJK and caseless scripts pass through unchanged.
void AppendFoldedCase(std::string_view word, std::string* out);

}  // namespace pith::text
