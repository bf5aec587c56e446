// tests/normalize_test.cc — Arabic presentation forms → base letters (decode/normalize.h).
// Code points are written as \u escapes so that each test says exactly which forms it feeds in.
#include "decode/normalize.h"

#include <gtest/gtest.h>

#include <string>

#include "decode/charset.h"

namespace pith::decode {
namespace {

std::string Folded(std::string s) {
  FoldPresentationForms(s);
  return s;
}

TEST(NormalizeForms, UyghurWordInPresentationFormsEqualsBaseLetters) {
  // ئۇيغۇر "Uyghur": YEH WITH HAMZA + U ligature (isolated), YEH initial, GHAIN medial, U final,
  // REH isolated.
  const std::string shaped = "\uFBF0\uFEF3\uFED0\uFBD8\uFEAD";
  const std::string letters = "\u0626\u06C7\u064A\u063A\u06C7\u0631";
  EXPECT_EQ(letters, "ئۇيغۇر");
  std::string s = shaped;
  EXPECT_TRUE(FoldPresentationForms(s));
  EXPECT_EQ(s, letters);
  // In a sentence, with ASCII and base letters around it.
  EXPECT_EQ(Folded("<p>" + shaped + " \u0686\u06D5 tor bet</p>"), "<p>" + letters + " \u0686\u06D5 tor bet</p>");
}

TEST(NormalizeForms, HehFormsAndFormsA) {
  EXPECT_EQ(Folded("\uFEE9\uFEEA\uFEEB\uFEEC"), "\u0647\u0647\u0647\u0647");
  EXPECT_EQ(Folded("\uFB7C"), "\u0686");       // TCHEH initial (Forms-A)
  EXPECT_EQ(Folded("\uFBE4\uFBE7"), "\u06D0\u06D0");  // Uyghur E isolated, medial
}

TEST(NormalizeForms, LigaturesExpand) {
  EXPECT_EQ(Folded("\uFEFB"), "\u0644\u0627");         // LAM-ALEF isolated
  EXPECT_EQ(Folded("\uFEFC"), "\u0644\u0627");         // LAM-ALEF final
  EXPECT_EQ(Folded("\uFEF5"), "\u0644\u0622");         // LAM-ALEF WITH MADDA: NFKC recomposes the madda
  EXPECT_EQ(Folded("\uFDF2"), "\u0627\u0644\u0644\u0647");  // ALLAH ligature
}

TEST(NormalizeForms, EverythingElseIsUntouched) {
  for (const std::string& text : {
           std::string("中文标点，。！？、：；（）【】《》"),  // CJK full-width punctuation (NFKC would rewrite it)
           std::string("ＡＢＣ１２３　全角"),                  // full-width Latin and ideographic space
           std::string("\uFB2A\uFB4F"),                      // Hebrew presentation forms
           std::string("\uFE00\uFE0F\uFE30\uFE4F\uFE50\uFE6B"),  // variation selectors, CJK compatibility, small forms
           std::string("\uFFFD\uFF01\uEFAD"),                // neighbours whose UTF-8 also starts EF
           std::string("x²ﬁ…™ plain ascii"),                   // other compatibility characters
           std::string(""),
       }) {
    std::string s = text;
    EXPECT_FALSE(FoldPresentationForms(s)) << text;
    EXPECT_EQ(s, text);
  }
}

TEST(NormalizeForms, ZeroWidthNoBreakSpaceIsRemoved) {
  EXPECT_EQ(Folded("\uFEFFstart"), "start");
  EXPECT_EQ(Folded("mid\uFEFFdle\uFEFF"), "middle");
  std::string only = "\uFEFF";
  EXPECT_TRUE(FoldPresentationForms(only));
  EXPECT_EQ(only, "");
}

TEST(NormalizeForms, CutOffLeadBytesAreLeftAlone) {
  std::string s = "abc\xEF\xBB";
  EXPECT_FALSE(FoldPresentationForms(s));
  EXPECT_EQ(s, "abc\xEF\xBB");
}

TEST(NormalizeForms, WholeBlocksFoldToValidUtf8WithoutForms) {
  std::string all;
  for (char32_t c = 0xFB50; c <= 0xFEFF; ++c) {
    if (c >= 0xFE00 && c < 0xFE70) continue;
    all.push_back(static_cast<char>(0xE0 | (c >> 12)));
    all.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    all.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
  std::string folded = all;
  EXPECT_TRUE(FoldPresentationForms(folded));
  EXPECT_TRUE(IsValidUtf8(folded));
  // Folding is idempotent except for the few unassigned/non-character code points kept as they are.
  std::string again = folded;
  FoldPresentationForms(again);
  EXPECT_EQ(again, folded);
}

}  // namespace
}  // namespace pith::decode
