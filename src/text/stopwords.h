// Stop words: function words that carry no topic (articles, particles, pronouns, prepositions...).
// The lists are data files, data/stopwords/<lang>.txt, embedded into the library by
// scripts/gen_stopwords.py (which writes src/text/stopwords_data.cc); the binary needs no data path.
//
// All lists form one union, looked up whatever the page language: a page's language is not known to
// the algorithms, and the lists leave out words that are content words in another listed language
// (e.g. German "die", Spanish "son"). Languages without a list keep all their words.
#pragma once

#include <cstddef>
#include <string_view>

namespace pith::text {

// `folded` must already be case-folded (text::AppendFoldedCase). Binary search, no allocation.
bool IsStopWord(std::string_view folded);

// Space-separated language codes of the embedded lists, e.g. "ar de el en ...".
std::string_view StopWordLanguages();

namespace internal {
// Defined in the generated stopwords_data.cc: sorted bytewise, unique, case-folded.
extern const std::string_view kStopWords[];
extern const std::size_t kStopWordCount;
extern const char* const kStopWordLanguages;
}  // namespace internal

}  // namespace pith::text
