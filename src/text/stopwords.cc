// Stop-word lookup over the generated, sorted table (src/text/stopwords_data.cc).
#include "text/stopwords.h"

#include <algorithm>

namespace pith::text {

bool IsStopWord(std::string_view folded) {
  const std::string_view* begin = internal::kStopWords;
  const std::string_view* end = begin + internal::kStopWordCount;
  const std::string_view* it = std::lower_bound(begin, end, folded);
  return it != end && *it == folded;
}

std::string_view StopWordLanguages() { return internal::kStopWordLanguages; }

}  // namespace pith::text
