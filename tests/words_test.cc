// ICU word segmentation (text/words.h), case folding, the embedded stop lists (text/stopwords.h)
// and the character classes of text/unicode.h checked against ICU's.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include <unicode/uchar.h>

#include "text/stopwords.h"
#include "text/unicode.h"
#include "text/words.h"

namespace pith::text {
namespace {

struct Seg {
  std::vector<std::string> words;
  std::vector<WordKind> kinds;
};

Seg Segment(std::string_view s) {
  std::vector<Word> w;
  EXPECT_TRUE(SegmentWords(s, &w));
  Seg out;
  for (const Word& x : w) {
    out.words.emplace_back(s.substr(x.begin, x.size));
    out.kinds.push_back(x.kind);
  }
  return out;
}

std::string Fold(std::string_view s) {
  std::string out;
  AppendFoldedCase(s, &out);
  return out;
}

TEST(Words, LatinSplitsAtSpacesAndPunctuationAndTagsNumbers) {
  const Seg s = Segment("Hello, world! It's 3.14 today.");
  EXPECT_EQ(s.words, (std::vector<std::string>{"Hello", "world", "It's", "3.14", "today"}));
  EXPECT_EQ(s.kinds, (std::vector<WordKind>{WordKind::kLetter, WordKind::kLetter, WordKind::kLetter,
                                             WordKind::kNumber, WordKind::kLetter}));
}

TEST(Words, ChineseUsesTheDictionary) {
  // ICU's dictionary groups the ten characters into multi-character words (我们 / 爱 / 中华 / 人民 /
  // 共和国 with ICU 72); a character-by-character split would give ten. The exact split of the
  // country name differs between ICU versions, so only the stable parts are checked.
  const Seg s = Segment("我们爱中华人民共和国。");
  ASSERT_FALSE(s.words.empty());
  EXPECT_LE(s.words.size(), 6u);
  EXPECT_EQ(s.words.front(), "我们");
  std::string joined;
  for (const std::string& w : s.words) joined += w;
  EXPECT_EQ(joined, "我们爱中华人民共和国");
  for (WordKind k : s.kinds) EXPECT_EQ(k, WordKind::kIdeo);
}

TEST(Words, OffsetsAreBytesOfTheUtf8Input) {
  // 北京 and 大学 are each a dictionary word in every ICU version (北京大学 is one in some).
  const std::string text = "abc 北京 xyz 大学";
  std::vector<Word> w;
  ASSERT_TRUE(SegmentWords(text, &w));
  ASSERT_EQ(w.size(), 4u);
  EXPECT_EQ(w[1].begin, 4u);
  EXPECT_EQ(text.substr(w[1].begin, w[1].size), "北京");
  EXPECT_EQ(w[2].begin, 4u + 6u + 1u);
  EXPECT_EQ(text.substr(w[2].begin, w[2].size), "xyz");
  EXPECT_EQ(w[3].begin, 4u + 6u + 1u + 3u + 1u);
  EXPECT_EQ(text.substr(w[3].begin, w[3].size), "大学");
}

TEST(Words, JapaneseKanaAndTibetanSyllables) {
  const Seg ja = Segment("これはテストです");
  ASSERT_GE(ja.words.size(), 2u);
  EXPECT_EQ(ja.words.front(), "これ");
  // Tibetan: no dictionary; the tsheg (U+0F0B) ends each syllable.
  const Seg bo = Segment("བོད་ཡིག་");
  EXPECT_EQ(bo.words.size(), 2u);
}

TEST(Words, EmptyAndPunctuationOnlyInputsYieldNoWords) {
  EXPECT_TRUE(Segment("").words.empty());
  EXPECT_TRUE(Segment(" ,.;!? 。、「」 ").words.empty());
}

TEST(Words, AppendsWithoutClearing) {
  std::vector<Word> w;
  ASSERT_TRUE(SegmentWords("one two", &w));
  ASSERT_TRUE(SegmentWords("three", &w));
  EXPECT_EQ(w.size(), 3u);
}

TEST(Words, EachThreadHasItsOwnIterator) {
  std::vector<std::size_t> counts(4, 0);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < counts.size(); ++t) {
    threads.emplace_back([t, &counts]() {
      for (int i = 0; i < 200; ++i) {
        std::vector<Word> w;
        SegmentWords(t % 2 ? "北京大学的学生" : "the quick brown fox jumps", &w);
        counts[t] = w.size();
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(counts[0], 5u);
  EXPECT_EQ(counts[2], 5u);
  EXPECT_EQ(counts[1], counts[3]);
  EXPECT_GE(counts[1], 2u);
}

TEST(Words, CaseFoldingIsFullUnicodeFolding) {
  EXPECT_EQ(Fold("HeLLo"), "hello");
  EXPECT_EQ(Fold("Straße"), "strasse");
  EXPECT_EQ(Fold("ΣΟΦΌΣ"), "σοφόσ");  // final sigma folds to σ
  EXPECT_EQ(Fold("МОСКВА"), "москва");
  EXPECT_EQ(Fold("北京"), "北京");
}

TEST(StopWords, ListsAreEmbeddedAndLookedUpFolded) {
  EXPECT_TRUE(IsStopWord("the"));
  EXPECT_TRUE(IsStopWord("的"));
  EXPECT_TRUE(IsStopWord("и"));
  EXPECT_TRUE(IsStopWord("και"));
  EXPECT_TRUE(IsStopWord("don't"));
  EXPECT_FALSE(IsStopWord("The"));  // callers fold first
  EXPECT_FALSE(IsStopWord("extraction"));
  EXPECT_FALSE(IsStopWord("北京"));
  EXPECT_FALSE(IsStopWord(""));
  // Greek lists are written with final ς; the generator folds them like the run time does.
  EXPECT_TRUE(IsStopWord(Fold("ένας")));
  // Content words of English are left out of the other lists (they form one union).
  EXPECT_FALSE(IsStopWord("son"));
  EXPECT_FALSE(IsStopWord("die"));
  const std::string_view langs = StopWordLanguages();
  EXPECT_NE(langs.find("en"), std::string_view::npos);
  EXPECT_NE(langs.find("zh"), std::string_view::npos);
}

TEST(StopWords, TableIsSortedAndUnique) {
  for (std::size_t i = 1; i < internal::kStopWordCount; ++i) {
    EXPECT_LT(internal::kStopWords[i - 1], internal::kStopWords[i]) << i;
  }
}

TEST(Unicode, CurrencySignsAreIcusCurrencySymbols) {
  for (UChar32 c = 0; c < 0x10000; ++c) {
    EXPECT_EQ(IsCurrencySign(static_cast<char32_t>(c)), u_charType(c) == U_CURRENCY_SYMBOL) << std::hex << c;
  }
}

TEST(Unicode, SentenceMarksOfEveryScriptArePunctuation) {
  // Full stops, commas and question marks of scripts with marks of their own: Devanagari danda,
  // Tibetan shad, Burmese, Khmer, Ethiopic, Mongolian, Hebrew sof pasuq, Sinhala, Arabic.
  for (char32_t c : {U'\u0964', U'\u0F0D', U'\u104A', U'\u104B', U'\u17D4', U'\u17D5', U'\u1362', U'\u1363',
                     U'\u1367', U'\u1802', U'\u1803', U'\u05C3', U'\u0DF4', U'\u060C', U'\u061F', U'\u06D4'}) {
    EXPECT_TRUE(IsPunct(c)) << std::hex << static_cast<std::uint32_t>(c);
    EXPECT_TRUE(u_ispunct(static_cast<UChar32>(c))) << std::hex << static_cast<std::uint32_t>(c);
  }
  // Not punctuation: the Tibetan tsheg and the Ethiopic wordspace separate syllables and words.
  EXPECT_FALSE(IsPunct(kTsheg));
  EXPECT_FALSE(IsPunct(U'\u1361'));
}

}  // namespace
}  // namespace pith::text
