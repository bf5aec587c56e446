// Tests of src/eval/metrics: hand-computed cases (worked out in the comments) and a randomised
// cross-check of the bit-parallel LCS against a plain O(nm) dynamic programme.
#include "eval/metrics.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace pith::eval {
namespace {

// The oracle: textbook LCS dynamic programme, two rows.
std::size_t LcsDp(std::u32string_view a, std::u32string_view b) {
  std::vector<std::size_t> prev(b.size() + 1, 0), cur(b.size() + 1, 0);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      cur[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1 : std::max(prev[j], cur[j - 1]);
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::size_t Lcs(std::string_view a, std::string_view b) { return LcsLength(DecodeUtf8(a), DecodeUtf8(b)); }

// ---- LCS ------------------------------------------------------------------------------------------

TEST(EvalLcs, HandComputed) {
  EXPECT_EQ(Lcs("", ""), 0u);
  EXPECT_EQ(Lcs("abc", ""), 0u);
  EXPECT_EQ(Lcs("", "abc"), 0u);
  EXPECT_EQ(Lcs("abcdef", "abcdef"), 6u);  // identical
  EXPECT_EQ(Lcs("abc", "xyz"), 0u);        // disjoint
  EXPECT_EQ(Lcs("ace", "abcde"), 3u);      // one a subsequence of the other
  EXPECT_EQ(Lcs("abcde", "ace"), 3u);
  // Classic CLRS example: LCS("ABCBDAB", "BDCABA") = 4 ("BCBA", "BDAB", "BCAB").
  EXPECT_EQ(Lcs("ABCBDAB", "BDCABA"), 4u);
  // 我爱北京天安门 vs 北京欢迎你我爱: "北京" and "我爱" each match, but in opposite orders, so 2.
  EXPECT_EQ(Lcs("我爱北京天安门", "北京欢迎你我爱"), 2u);
  // 中文文本 vs 文本中文: best is "文本" or "中文" → 2... and "中文" + nothing after; "文文"? a has 文 at
  // 1,2; b has 文 at 0,3 → "文文" is common too (2). No 3-character common subsequence: 2.
  EXPECT_EQ(Lcs("中文文本", "文本中文"), 2u);
  // Emoji are one code point each (4 UTF-8 bytes): "a😀b😀" vs "😀😀" = 2.
  EXPECT_EQ(Lcs("a😀b😀", "😀😀"), 2u);
  // Counted in code points, not bytes: "é" (2 bytes) vs "e" → 0; "日本" vs "日本" → 2.
  EXPECT_EQ(Lcs("é", "e"), 0u);
  EXPECT_EQ(Lcs("日本", "日本"), 2u);
}

TEST(EvalLcs, CrossesWordBoundaries) {
  // a = 100 × 'a' + 'b', b = 'b' + 100 × 'a': the LCS is the 100 a's (the b's cross each other).
  std::u32string a(100, U'a'), b(1, U'b');
  a.push_back(U'b');
  b.append(100, U'a');
  EXPECT_EQ(LcsLength(a, b), 100u);
  // Shorter string of exactly 64 / 128 / 65 symbols, against a reversed copy of itself with a noise
  // prefix (no common prefix/suffix to strip).
  for (std::size_t m : {63u, 64u, 65u, 127u, 128u, 129u}) {
    std::u32string s;
    for (std::size_t i = 0; i < m; ++i) s.push_back(U'a' + static_cast<char32_t>(i % 7));
    std::u32string t(1, U'#');
    t.append(s.rbegin(), s.rend());
    t.push_back(U'%');
    EXPECT_EQ(LcsLength(s, t), LcsDp(s, t)) << "m=" << m;
  }
}

TEST(EvalLcs, RandomisedAgainstDynamicProgramme) {
  // Alphabets: a few ASCII letters (many matches), CJK, emoji (astral plane), mixed.
  const std::vector<std::u32string> alphabets = {
      U"ab", U"abcd", U"abcdefghijklmnopqrstuvwxyz", U"的一是不了在人有我他这中大来上国个到说们",
      U"😀😁😂🤣😃", U"aé中😀 \n"};
  std::mt19937 rng(12345);
  for (int iter = 0; iter < 3000; ++iter) {
    const std::u32string& alpha = alphabets[iter % alphabets.size()];
    std::uniform_int_distribution<std::size_t> len(0, iter % 10 == 0 ? 300 : 90);
    std::uniform_int_distribution<std::size_t> pick(0, alpha.size() - 1);
    std::u32string a, b;
    const std::size_t la = len(rng), lb = len(rng);
    for (std::size_t i = 0; i < la; ++i) a.push_back(alpha[pick(rng)]);
    for (std::size_t i = 0; i < lb; ++i) b.push_back(alpha[pick(rng)]);
    if (iter % 7 == 0) b = a.substr(0, a.size() / 2) + b + a.substr(a.size() / 2);  // shared ends
    ASSERT_EQ(LcsLength(a, b), LcsDp(a, b)) << "iteration " << iter;
    ASSERT_EQ(LcsLength(b, a), LcsDp(a, b)) << "iteration " << iter << " (swapped)";
  }
}

// ---- whitespace -----------------------------------------------------------------------------------

TEST(EvalWhitespace, DeleteAndCollapse) {
  // Space, tab, LF, CR, NBSP (U+00A0), ideographic space (U+3000), line separator (U+2028) are
  // White_Space; ZERO WIDTH SPACE (U+200B) is not and stays.
  EXPECT_EQ(DeleteWhitespace("a b\t\nc\r\u00A0d\u3000e\u2028f"), U"abcdef");
  EXPECT_EQ(DeleteWhitespace("x\u200By"), U"x\u200By");
  EXPECT_EQ(DeleteWhitespace(" \n\t "), U"");
  EXPECT_EQ(CollapseWhitespace("  The  quick\n\n brown\u3000fox \t"), "The quick brown fox");
  EXPECT_EQ(CollapseWhitespace(""), "");
  EXPECT_EQ(CollapseWhitespace(" \n "), "");
  // Ill-formed UTF-8 becomes U+FFFD, never dropped or rejected.
  EXPECT_EQ(DecodeUtf8("a\xFF" "b"), U"a\uFFFDb");
}

// ---- character P/R/F ------------------------------------------------------------------------------

TEST(EvalCharScore, ExtractedInsideTruth) {
  // truth "Hello world foo" → "Helloworldfoo" (13); extracted "Hello world" → "Helloworld" (10).
  // COM = 10, P = 10/10 = 1, R = 10/13, F = 2·(10/13)/(1 + 10/13) = 20/23.
  const CharScore s = CharacterScore("Hello world", "Hello world foo");
  EXPECT_EQ(s.common, 10u);
  EXPECT_EQ(s.extracted_chars, 10u);
  EXPECT_EQ(s.truth_chars, 13u);
  EXPECT_DOUBLE_EQ(s.precision, 1.0);
  EXPECT_DOUBLE_EQ(s.recall, 10.0 / 13.0);
  EXPECT_DOUBLE_EQ(s.f, 20.0 / 23.0);
}

TEST(EvalCharScore, TruthInsideExtracted) {
  // extracted "Menu Hello world Footer" → 20 chars; truth "Hello\nworld" → 10; COM = 10.
  // P = 10/20 = 0.5, R = 1, F = 2·0.5/1.5 = 2/3.
  const CharScore s = CharacterScore("Menu Hello world Footer", "Hello\nworld");
  EXPECT_EQ(s.common, 10u);
  EXPECT_DOUBLE_EQ(s.precision, 0.5);
  EXPECT_DOUBLE_EQ(s.recall, 1.0);
  EXPECT_DOUBLE_EQ(s.f, 2.0 / 3.0);
}

TEST(EvalCharScore, WhitespaceIsIgnoredAndCjkCountsCodePoints) {
  // Hard line breaks and full-width spaces inside the truth do not matter: 北京欢迎你 (5 chars) both.
  const CharScore s = CharacterScore("北京欢迎你", "北京\n欢迎\u3000你\n");
  EXPECT_EQ(s.common, 5u);
  EXPECT_EQ(s.truth_chars, 5u);
  EXPECT_DOUBLE_EQ(s.f, 1.0);
  // 北京欢迎你 vs 北京你好: COM = 北京你 = 3; P = 3/5, R = 3/4, F = 2·(3/5)(3/4)/(3/5+3/4) = 2/3.
  const CharScore t = CharacterScore("北京欢迎你", "北京你好");
  EXPECT_EQ(t.common, 3u);
  EXPECT_DOUBLE_EQ(t.precision, 0.6);
  EXPECT_DOUBLE_EQ(t.recall, 0.75);
  EXPECT_NEAR(t.f, 2.0 / 3.0, 1e-15);
}

TEST(EvalCharScore, EmptyCases) {
  // Both empty (whitespace only counts as empty): tp = fp = fn = 0 → P = R = F = 1.
  CharScore s = CharacterScore(" \n", "");
  EXPECT_DOUBLE_EQ(s.precision, 1.0);
  EXPECT_DOUBLE_EQ(s.recall, 1.0);
  EXPECT_DOUBLE_EQ(s.f, 1.0);
  EXPECT_FALSE(s.counts_for_precision());
  EXPECT_FALSE(s.counts_for_recall());
  // Empty output, non-empty truth: P = 0 (tp = fp = 0), R = 0, F = 0; left out of the P mean.
  s = CharacterScore("", "text");
  EXPECT_DOUBLE_EQ(s.precision, 0.0);
  EXPECT_DOUBLE_EQ(s.recall, 0.0);
  EXPECT_DOUBLE_EQ(s.f, 0.0);
  EXPECT_FALSE(s.counts_for_precision());
  EXPECT_TRUE(s.counts_for_recall());
  // Empty truth, non-empty output: P = 0/4 = 0, R = 0 (tp = fn = 0); left out of the R mean.
  s = CharacterScore("text", "");
  EXPECT_DOUBLE_EQ(s.precision, 0.0);
  EXPECT_DOUBLE_EQ(s.recall, 0.0);
  EXPECT_TRUE(s.counts_for_precision());
  EXPECT_FALSE(s.counts_for_recall());
}

// ---- tokens ---------------------------------------------------------------------------------------

using Tokens = std::vector<std::string>;

TEST(EvalTokens, CjkCharactersAreTokens) {
  // 我爱北京 → four CJK tokens; hello_world is one \w+ run (underscore is a word char); 42 a run.
  EXPECT_EQ(ShingleTokens("我爱北京 hello_world 42"), (Tokens{"我", "爱", "北", "京", "hello_world", "42"}));
  // A CJK character splits a run of other word characters: abc中文def → abc|中|文|def.
  EXPECT_EQ(ShingleTokens("abc中文def"), (Tokens{"abc", "中", "文", "def"}));
  // CJK punctuation is not a token: "你好，世界。" → 你|好|世|界.
  EXPECT_EQ(ShingleTokens("你好，世界。"), (Tokens{"你", "好", "世", "界"}));
  // Kana (incl. the prolonged sound mark ー, Script_Extensions Hira/Kana) and Hangul per character.
  EXPECT_EQ(ShingleTokens("コーヒー"), (Tokens{"コ", "ー", "ヒ", "ー"}));
  EXPECT_EQ(ShingleTokens("한국어"), (Tokens{"한", "국", "어"}));
  // Full-width Latin letters/digits are Common script: one \w+ run.
  EXPECT_EQ(ShingleTokens("ＡＢＣ１２"), (Tokens{"ＡＢＣ１２"}));
}

TEST(EvalTokens, PythonWordSemantics) {
  // Punctuation splits, case is kept (no lowercasing), precomposed letters are letters.
  EXPECT_EQ(ShingleTokens("Hello, World! café naïve"), (Tokens{"Hello", "World", "café", "naïve"}));
  // A combining mark (U+0301, Mn) is not \w in Python: "cafe\u0301s" → cafe|s.
  EXPECT_EQ(ShingleTokens("cafe\u0301s"), (Tokens{"cafe", "s"}));
  // Numeric characters (No: ², Nl: Ⅻ) are \w; apostrophes and hyphens split.
  EXPECT_EQ(ShingleTokens("x² Ⅻ don't e-mail"), (Tokens{"x²", "Ⅻ", "don", "t", "e", "mail"}));
  // Cyrillic, Greek and Arabic letters form ordinary runs.
  EXPECT_EQ(ShingleTokens("Привет мир Γειά العربية"), (Tokens{"Привет", "мир", "Γειά", "العربية"}));
  EXPECT_EQ(ShingleTokens(""), Tokens{});
  EXPECT_EQ(ShingleTokens("... !!! —"), Tokens{});
}

// ---- shingles -------------------------------------------------------------------------------------

TEST(EvalShingle, MultisetCounting) {
  // truth "x y x y x y" (6 tokens) → 3 shingles: xyxy, yxyx, xyxy → {xyxy: 2, yxyx: 1}.
  // pred "x y x y x" (5 tokens) → 2 shingles: xyxy, yxyx → {xyxy: 1, yxyx: 1}.
  // tp = min(2,1) + min(1,1) = 2, fp = 0, fn = 2-1 = 1; normalised by 3 → 2/3, 0, 1/3.
  // P = 1 (tp/(tp+fp)), R = (2/3)/(2/3+1/3) = 2/3, F1 = 2·(2/3)/(5/3) = 0.8.
  // (With sets instead of multisets fn would be 0 and R = 1.)
  ShingleScore s = ShingleMatch("x y x y x", "x y x y x y");
  EXPECT_EQ(s.raw_tp, 2u);
  EXPECT_EQ(s.raw_fp, 0u);
  EXPECT_EQ(s.raw_fn, 1u);
  EXPECT_DOUBLE_EQ(s.tp, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(s.fn, 1.0 / 3.0);
  EXPECT_DOUBLE_EQ(s.precision, 1.0);
  EXPECT_DOUBLE_EQ(s.recall, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(s.f1, 0.8);
  // Swapped: the repeated shingle is now predicted once too often → fp = 1, P = 2/3, R = 1.
  s = ShingleMatch("x y x y x y", "x y x y x");
  EXPECT_EQ(s.raw_tp, 2u);
  EXPECT_EQ(s.raw_fp, 1u);
  EXPECT_EQ(s.raw_fn, 0u);
  EXPECT_DOUBLE_EQ(s.precision, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(s.recall, 1.0);
}

TEST(EvalShingle, PartialOverlap) {
  // truth: a b c d e f → abcd bcde cdef; pred: z a b c d e → zabc abcd bcde.
  // tp = 2 (abcd, bcde), fp = 1 (zabc), fn = 1 (cdef) → P = R = F1 = 2/3.
  const ShingleScore s = ShingleMatch("z a b c d e", "a b c d e f");
  EXPECT_EQ(s.raw_tp, 2u);
  EXPECT_EQ(s.raw_fp, 1u);
  EXPECT_EQ(s.raw_fn, 1u);
  EXPECT_DOUBLE_EQ(s.tp, 0.5);
  EXPECT_DOUBLE_EQ(s.precision, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(s.recall, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(s.f1, 2.0 / 3.0);
  // Case-sensitive: "Hello" ≠ "hello" → no shared 4-gram.
  const ShingleScore c = ShingleMatch("Hello world foo bar", "hello world foo bar");
  EXPECT_EQ(c.raw_tp, 0u);
  EXPECT_EQ(c.raw_fp, 1u);
  EXPECT_EQ(c.raw_fn, 1u);
}

TEST(EvalShingle, FewerThanFourTokens) {
  // "hello world" (2 tokens) is one 2-token shingle; the same text matches it exactly.
  ShingleScore s = ShingleMatch("hello, world!", "hello world");
  EXPECT_EQ(s.raw_tp, 1u);
  EXPECT_DOUBLE_EQ(s.f1, 1.0);
  // "hello world again" is one 3-token shingle: it does not equal the 2-token one.
  s = ShingleMatch("hello world again", "hello world");
  EXPECT_EQ(s.raw_tp, 0u);
  EXPECT_EQ(s.raw_fp, 1u);
  EXPECT_EQ(s.raw_fn, 1u);
  EXPECT_DOUBLE_EQ(s.f1, 0.0);
  // 4 tokens → exactly one 4-shingle; it does not contain the 2-token shingle either.
  s = ShingleMatch("say hello world now", "hello world");
  EXPECT_EQ(s.raw_tp, 0u);
  EXPECT_EQ(s.raw_fp, 1u);
  // CJK: 你好 is two tokens → one 2-shingle (你,好).
  s = ShingleMatch("你好", "你 好");
  EXPECT_EQ(s.raw_tp, 1u);
  EXPECT_DOUBLE_EQ(s.precision, 1.0);
}

TEST(EvalShingle, EmptyCases) {
  // Both empty: tp = fp = fn = 0 → P = R = 1 (fp == fn == 0), but the page counts for neither mean.
  ShingleScore s = ShingleMatch("", "");
  EXPECT_DOUBLE_EQ(s.precision, 1.0);
  EXPECT_DOUBLE_EQ(s.recall, 1.0);
  EXPECT_FALSE(s.counts_for_precision());
  EXPECT_FALSE(s.counts_for_recall());
  // Empty prediction: tp = fp = 0, fn = 1 → P = 0, R = 0; excluded from the P mean only.
  s = ShingleMatch("  ", "some true text here");
  EXPECT_DOUBLE_EQ(s.fn, 1.0);
  EXPECT_DOUBLE_EQ(s.precision, 0.0);
  EXPECT_DOUBLE_EQ(s.recall, 0.0);
  EXPECT_FALSE(s.counts_for_precision());
  EXPECT_TRUE(s.counts_for_recall());
  // Punctuation-only prediction has no token: same as empty.
  s = ShingleMatch("—·—", "a b c d");
  EXPECT_FALSE(s.counts_for_precision());
  // Empty truth: P = 0, R = 0; excluded from the R mean only.
  s = ShingleMatch("a b c d e", "");
  EXPECT_DOUBLE_EQ(s.precision, 0.0);
  EXPECT_DOUBLE_EQ(s.recall, 0.0);
  EXPECT_TRUE(s.counts_for_precision());
  EXPECT_FALSE(s.counts_for_recall());
}

// ---- aggregation ----------------------------------------------------------------------------------

TEST(EvalAggregate, MeanOfPages) {
  // page 1: pred z a b c d e / truth a b c d e f → P = R = F1 = 2/3 (see PartialOverlap).
  // page 2: empty pred → P excluded, R = 0, F1 = 0.
  // page 3: both empty → excluded from P and R, page F1 = 1.
  // page 4: pred "a b c d" / truth "a b c d x" → pred {abcd}, truth {abcd, bcdx}: tp 1, fn 1 →
  //         P = 1, R = 1/2, F1 = 2/3.
  // Set P = mean(2/3, 1) = 5/6 (pages 1, 4); R = mean(2/3, 0, 1/2) = 7/18 (pages 1, 2, 4);
  // F1 = 2·(5/6)(7/18)/(5/6 + 7/18) = (70/108)/(22/18) = 35/66.
  // Mean page F1 = (2/3 + 0 + 1 + 2/3)/4 = 7/12.
  ScoreAggregator agg;
  agg.Add(ShingleMatch("z a b c d e", "a b c d e f"));
  agg.Add(ShingleMatch("", "a b c d e f"));
  agg.Add(ShingleMatch("", ""));
  agg.Add(ShingleMatch("a b c d", "a b c d x"));
  const MeanScores m = agg.Result();
  EXPECT_EQ(m.pages, 4u);
  EXPECT_EQ(m.precision_pages, 2u);
  EXPECT_EQ(m.recall_pages, 3u);
  EXPECT_DOUBLE_EQ(m.precision, 5.0 / 6.0);
  EXPECT_DOUBLE_EQ(m.recall, 7.0 / 18.0);
  EXPECT_NEAR(m.f1, 35.0 / 66.0, 1e-15);
  EXPECT_NEAR(m.mean_page_f1, 7.0 / 12.0, 1e-15);
}

TEST(EvalAggregate, NoPages) {
  const MeanScores m = ScoreAggregator().Result();
  EXPECT_EQ(m.pages, 0u);
  EXPECT_DOUBLE_EQ(m.precision, 0.0);
  EXPECT_DOUBLE_EQ(m.recall, 0.0);
  EXPECT_DOUBLE_EQ(m.f1, 0.0);
  EXPECT_DOUBLE_EQ(m.mean_page_f1, 0.0);
}

// ---- words (WCXB) ---------------------------------------------------------------------------------

TEST(EvalWords, TokensAreLowercasedWordRuns) {
  using Tokens = std::vector<std::string>;
  // Lowercased, punctuation splits: Python re.findall(r'\w+', "Hello, World! It's".lower()).
  EXPECT_EQ(WordTokens("Hello, World! It's"), (Tokens{"hello", "world", "it", "s"}));
  // Unlike the shingle tokens, a run of Han is one word, and it joins Latin letters beside it
  // ("我爱北京hello" is a single \w run).
  EXPECT_EQ(WordTokens("我爱北京 Hello_World 42"), (Tokens{"我爱北京", "hello_world", "42"}));
  EXPECT_EQ(WordTokens("我爱北京hello。你好"), (Tokens{"我爱北京hello", "你好"}));
  // Full lowercasing as str.lower(): "İ" (U+0130) becomes "i" + U+0307 (a combining mark, no \w),
  // so "İstanbul" is two words; a final capital sigma becomes ς.
  EXPECT_EQ(WordTokens("İstanbul"), (Tokens{"i", "stanbul"}));
  EXPECT_EQ(WordTokens("ΟΔΟΣ ΟΔΟΙ"), (Tokens{"οδος", "οδοι"}));
  EXPECT_EQ(WordTokens("ÉCOLE Straße"), (Tokens{"école", "straße"}));
  EXPECT_EQ(WordTokens(""), Tokens{});
  EXPECT_EQ(WordTokens(" —!? "), Tokens{});
}

TEST(EvalWords, BagOverlap) {
  // truth "the cat sat on the mat" → {the: 2, cat, sat, on, mat} (6 words);
  // output "The the THE cat dog" → {the: 3, cat, dog} (5 words).
  // overlap = min(3, 2) + min(1, 1) = 3 → P = 3/5, R = 3/6, F1 = 2·0.6·0.5/1.1 = 6/11.
  WordScore w = WordMatch("The the THE cat dog", "the cat sat on the mat");
  EXPECT_EQ(w.overlap, 3u);
  EXPECT_EQ(w.extracted_words, 5u);
  EXPECT_EQ(w.truth_words, 6u);
  EXPECT_DOUBLE_EQ(w.precision, 0.6);
  EXPECT_DOUBLE_EQ(w.recall, 0.5);
  EXPECT_DOUBLE_EQ(w.f1, 6.0 / 11.0);
  // Order does not matter (a bag), case does not either.
  w = WordMatch("Mat the on sat cat THE", "the cat sat on the mat");
  EXPECT_DOUBLE_EQ(w.f1, 1.0);
  // Disjoint bags: P = R = 0, F1 = 0.
  w = WordMatch("alpha beta", "gamma delta");
  EXPECT_EQ(w.overlap, 0u);
  EXPECT_DOUBLE_EQ(w.f1, 0.0);
  // A Chinese sentence is one word: one changed character makes the whole run differ.
  w = WordMatch("我爱北京。", "我爱南京。");
  EXPECT_EQ(w.truth_words, 1u);
  EXPECT_DOUBLE_EQ(w.f1, 0.0);
}

TEST(EvalWords, EmptyCases) {
  // Truth without words: 1 when the output has none either (punctuation is no word), else 0.
  WordScore w = WordMatch("", "");
  EXPECT_DOUBLE_EQ(w.precision, 1.0);
  EXPECT_DOUBLE_EQ(w.recall, 1.0);
  EXPECT_DOUBLE_EQ(w.f1, 1.0);
  w = WordMatch("...", " ");
  EXPECT_DOUBLE_EQ(w.f1, 1.0);
  w = WordMatch("cookie banner", "");
  EXPECT_DOUBLE_EQ(w.precision, 0.0);
  EXPECT_DOUBLE_EQ(w.recall, 0.0);
  EXPECT_DOUBLE_EQ(w.f1, 0.0);
  // Empty output, truth with words: 0 — and, unlike the shingle mean, such a page counts in the
  // set's precision mean (see EvaluateSetWordMeans in eval_dataset_test.cc).
  w = WordMatch("", "some text");
  EXPECT_DOUBLE_EQ(w.precision, 0.0);
  EXPECT_DOUBLE_EQ(w.recall, 0.0);
  EXPECT_DOUBLE_EQ(w.f1, 0.0);
}

// ---- snippets -------------------------------------------------------------------------------------

TEST(EvalSnippets, CountsWithWhitespaceDifferences) {
  // Output collapsed: "The quick brown fox jumps over".
  //   with "quick brown\nfox" → found (tp); "lazy dog" → missing (fn); "  jumps " → "jumps" found (tp).
  //   without "brown  fox" → found (fp); "cookie policy" → absent (tn); "" → skipped.
  // tp 2, fp 1, fn 1, tn 1 → P = 2/3, R = 2/3, F1 = 2/3.
  const SnippetCounts c = CountSnippets("The quick  brown\n\nfox jumps\u00A0over",
                                        {"quick brown\nfox", "lazy dog", "  jumps "},
                                        {"brown  fox", "cookie policy", " "});
  EXPECT_EQ(c.tp, 2u);
  EXPECT_EQ(c.fn, 1u);
  EXPECT_EQ(c.fp, 1u);
  EXPECT_EQ(c.tn, 1u);
  EXPECT_DOUBLE_EQ(c.precision(), 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(c.recall(), 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(c.f1(), 2.0 / 3.0);
  // A snippet spanning two blocks of Text() ("\n\n" between them) still matches.
  const SnippetCounts d = CountSnippets("First paragraph ends.\n\nSecond one.", {"ends. Second"}, {});
  EXPECT_EQ(d.tp, 1u);
  // Case-sensitive.
  EXPECT_EQ(CountSnippets("Hello World", {"hello world"}, {}).fn, 1u);
}

TEST(EvalSnippets, SummedOverPages) {
  // Page A: with {found, missing} → tp 1, fn 1. Page B: without {found} → fp 1; with {found} → tp 1.
  // Sum tp 2, fp 1, fn 1, tn 0 → P = 2/3, R = 2/3, F1 = 2/3. Empty output: every with is fn.
  SnippetCounts sum;
  sum += CountSnippets("alpha beta", {"alpha", "gamma"}, {});
  sum += CountSnippets("menu text body", {"body"}, {"menu"});
  EXPECT_EQ(sum.tp, 2u);
  EXPECT_EQ(sum.fp, 1u);
  EXPECT_EQ(sum.fn, 1u);
  EXPECT_EQ(sum.tn, 0u);
  EXPECT_DOUBLE_EQ(sum.f1(), 2.0 / 3.0);
  const SnippetCounts empty = CountSnippets("", {"a", "b"}, {"c"});
  EXPECT_EQ(empty.fn, 2u);
  EXPECT_EQ(empty.tn, 1u);
  EXPECT_DOUBLE_EQ(empty.f1(), 0.0);
  // No snippet at all: every count 0 → P = R = F1 = 1 by the fp == fn == 0 convention.
  EXPECT_DOUBLE_EQ(SnippetCounts{}.f1(), 1.0);
}

TEST(EvalMetadata, FieldsCompareAfterFoldingCaseQuotesDashesAndSpaces) {
  EXPECT_EQ(NormalizeField("  Beginner\u2019s  Guide \u2014 Part\u00A0One "), "beginner's guide - part one");
  EXPECT_EQ(NormalizeField("\"David Kim\""), "david kim");  // quotes around the whole value
  EXPECT_EQ(NormalizeField("\u201COnly One\u201D Lyrics"), "\"only one\" lyrics");  // quotes inside stay
  EXPECT_EQ(NormalizeField("ΣΟΦΙΑ"), NormalizeField("σοφια"));
  EXPECT_EQ(NormalizeField(" \t\n"), "");
  EXPECT_TRUE(SameField("How close is China\u2019s EUV project?", "How close is China's EUV project?"));
  EXPECT_FALSE(SameField("Recent Trends in Photography", "8 Recent Trends in Photography"));
  EXPECT_FALSE(SameField("", ""));  // a truth that names nothing matches nothing
  EXPECT_TRUE(SameDay("2025-08-25T13:59:22", "2025-08-25"));
  EXPECT_TRUE(SameDay("2025-08-25", "2025-08-25T00:00:00Z"));
  EXPECT_FALSE(SameDay("2025-08-24T23:59:59", "2025-08-25"));
  EXPECT_FALSE(SameDay("", "2025-08-25"));
  EXPECT_FALSE(SameDay("2025-08", "2025-08"));
}

TEST(EvalMetadata, OnlyFieldsTheTruthNamesCount) {
  MetadataCounts m =
      CountMetadata("Top 10 Trends", "", "2025-08-25T10:00:00", "Top 10 Trends to Watch", "", "2025-08-25");
  EXPECT_EQ(m.title_pages, 1u);
  EXPECT_EQ(m.title_exact, 0u);
  // Unigram F1: 3 of the output's 3 tokens are among the truth's 5 → P 1, R 0.6.
  EXPECT_NEAR(m.title_token_f1, 0.75, 1e-12);
  EXPECT_EQ(m.author_pages, 0u);  // the truth does not say: a found or missing author counts nowhere
  EXPECT_EQ(m.date_pages, 1u);
  EXPECT_EQ(m.date_exact, 1u);
  m += CountMetadata("A Title", "Jane Roe", "", "a title", "Jane  Roe", "2020-01-01");
  EXPECT_EQ(m.title_pages, 2u);
  EXPECT_EQ(m.title_exact, 1u);
  EXPECT_EQ(m.author_pages, 1u);
  EXPECT_EQ(m.author_exact, 1u);
  EXPECT_EQ(m.date_pages, 2u);
  EXPECT_EQ(m.date_exact, 1u);
  EXPECT_EQ(m.fields(), 5u);
}

TEST(EvalCompression, Ratio) {
  EXPECT_DOUBLE_EQ(CompressionRatio(25, 100), 0.25);
  EXPECT_DOUBLE_EQ(CompressionRatio(0, 100), 0.0);
  EXPECT_DOUBLE_EQ(CompressionRatio(10, 0), 0.0);
}

}  // namespace
}  // namespace pith::eval
