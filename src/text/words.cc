// ICU word segmentation: one prototype BreakIterator per process, one clone per thread, UTF-8 UText.
#include "text/words.h"

#include <unicode/brkiter.h>
#include <unicode/bytestream.h>
#include <unicode/casemap.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

#include <limits>
#include <memory>

namespace pith::text {
namespace {

// The root-locale word iterator, built once (thread-safe static init); nullptr if ICU failed.
const icu::BreakIterator* Prototype() {
  static const icu::BreakIterator* const prototype = []() -> icu::BreakIterator* {
    UErrorCode status = U_ZERO_ERROR;
    icu::BreakIterator* bi = icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status);
    if (U_FAILURE(status)) {
      delete bi;
      return nullptr;
    }
    return bi;
  }();
  return prototype;
}

// This thread's iterator and UText, reused across calls.
struct ThreadSegmenter {
  std::unique_ptr<icu::BreakIterator> iterator;
  UText text = UTEXT_INITIALIZER;
  ThreadSegmenter() {
    if (const icu::BreakIterator* p = Prototype()) iterator.reset(p->clone());
  }
  ~ThreadSegmenter() { utext_close(&text); }
  ThreadSegmenter(const ThreadSegmenter&) = delete;
  ThreadSegmenter& operator=(const ThreadSegmenter&) = delete;
};

WordKind KindOf(int32_t status) {
  if (status < UBRK_WORD_NUMBER_LIMIT) return WordKind::kNumber;
  if (status < UBRK_WORD_LETTER_LIMIT) return WordKind::kLetter;
  if (status < UBRK_WORD_KANA_LIMIT) return WordKind::kKana;
  return WordKind::kIdeo;
}

}  // namespace

bool SegmentWords(std::string_view utf8, std::vector<Word>* out) {
  if (utf8.size() > static_cast<std::size_t>(std::numeric_limits<int32_t>::max())) return false;
  thread_local ThreadSegmenter seg;
  if (!seg.iterator) return false;
  UErrorCode status = U_ZERO_ERROR;
  utext_openUTF8(&seg.text, utf8.data(), static_cast<int64_t>(utf8.size()), &status);
  if (U_FAILURE(status)) return false;
  seg.iterator->setText(&seg.text, status);
  if (U_FAILURE(status)) return false;
  int32_t begin = seg.iterator->first();
  for (int32_t end = seg.iterator->next(); end != icu::BreakIterator::DONE;
       begin = end, end = seg.iterator->next()) {
    const int32_t rule = seg.iterator->getRuleStatus();
    if (rule < UBRK_WORD_NONE_LIMIT) continue;  // spaces, punctuation, symbols
    out->push_back(Word{static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end - begin),
                        KindOf(rule)});
  }
  return true;
}

void AppendFoldedCase(std::string_view word, std::string* out) {
  bool ascii = true;
  for (char c : word) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  if (ascii) {
    for (char c : word) out->push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    return;
  }
  UErrorCode status = U_ZERO_ERROR;
  icu::StringByteSink<std::string> sink(out);
  icu::CaseMap::utf8Fold(U_FOLD_CASE_DEFAULT, icu::StringPiece(word.data(), static_cast<int32_t>(word.size())),
                         sink, nullptr, status);
  if (U_FAILURE(status)) out->append(word);
}

}  // namespace pith::text
