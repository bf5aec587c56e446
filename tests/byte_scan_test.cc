// Tests of the vectorised byte scans (src/text/byte_scan.h): FindAny and FindAll give what a plain
// loop gives, at every length and alignment, on the baseline (SSE2) path and, where the CPU has
// it, the AVX2 path; the HTML tokenizer, which uses them, reads every corpus page into the same
// tokens on both paths; and dom::CountText, which counts ASCII 32 bytes at a time with AVX2, counts
// random text as its byte loop does.
#include "text/byte_scan.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "decode/decode.h"
#include "dom/annotate.h"
#include "dom/html_tokenizer.h"
#include "test_util.h"

namespace {

using pith::text::FindAll;
using pith::text::FindAny;

// Runs `f` once on each scan path this CPU has, then restores the default.
template <class F>
void OnEachPath(F f) {
  const bool avx2 = pith::text::ScansUseAvx2();
  for (const bool use : {false, true}) {
    pith::text::SetScansUseAvx2ForTesting(use);
    SCOPED_TRACE(pith::text::ScansUseAvx2() ? "avx2" : "baseline");
    f();
  }
  pith::text::SetScansUseAvx2ForTesting(avx2);
}

TEST(ByteScan, FindAnyAndFindAllMatchAPlainLoop) {
  std::mt19937 rng(45);
  OnEachPath([&] {
    for (int round = 0; round < 3000; ++round) {
      // A buffer with the sought bytes at random places (or none), scanned from a random offset.
      std::string s(rng() % 200, 'x');
      const int hits = static_cast<int>(rng() % 4);
      for (int h = 0; h < hits && !s.empty(); ++h) s[rng() % s.size()] = "<&\n\x80"[rng() % 4];
      const std::size_t from = s.empty() ? 0 : rng() % s.size();
      const char* const begin = s.data() + from;
      const char* const end = s.data() + s.size();
      const char* expected = begin;
      while (expected < end && *expected != '<' && *expected != '&') ++expected;
      ASSERT_EQ((FindAny<'<', '&'>(begin, end) - s.data()), expected - s.data()) << s.size() << " " << from;
      std::vector<std::uint32_t> all{7}, plain{7};  // (appended to)
      FindAll(std::string_view(begin, static_cast<std::size_t>(end - begin)), '\n', &all);
      for (const char* p = begin; p < end; ++p) {
        if (*p == '\n') plain.push_back(static_cast<std::uint32_t>(p - begin));
      }
      ASSERT_EQ(all, plain);
    }
  });
}

// Every scan length from 0 to 100 (a byte loop under 16, then 16-byte blocks, 32-byte blocks with
// AVX2, and the overlapping block that ends a scan) with no sought byte, or with the first at each
// position (and a second after it): FindAny finds the first. The bytes just outside the scanned
// range are sought ones, so a scan that looked outside it would stop there.
TEST(ByteScan, FindAnyFindsTheFirstAtEveryLengthAndPosition) {
  OnEachPath([] {
    for (std::size_t length = 0; length <= 100; ++length) {
      for (std::size_t first = 0; first <= length; ++first) {  // first == length: none in range
        for (const char sought : {'<', '&', '\r'}) {
          std::string s = "&<\r" + std::string(length, 'x') + "\r<&";
          char* const begin = s.data() + 3;
          char* const end = begin + length;
          if (first < length) begin[first] = sought;
          if (first + 1 < length) begin[length - 1] = '&';
          ASSERT_EQ((FindAny<'<', '&', '\r'>(begin, end) - begin), static_cast<std::ptrdiff_t>(first))
              << length << " " << first << " " << static_cast<int>(sought);
          // One sought byte alone: the first '&', which is the second hit unless the first is one.
          const std::size_t first_amp = first < length && sought == '&' ? first : first + 1 < length ? length - 1 : length;
          ASSERT_EQ((FindAny<'&'>(begin, end) - begin), static_cast<std::ptrdiff_t>(first_amp)) << length << " " << first;
        }
      }
    }
  });
}

TEST(ByteScan, CountTextCountsAlikeOnEveryPath) {
  std::mt19937 rng(45);
  // Words, digits, spaces, punctuation, symbols, controls, and characters of 2, 3 and 4 bytes
  // (Latin, CJK, Tibetan with its tsheg, an ideographic space, an emoji) that break ASCII runs.
  const std::vector<std::string> pieces = {"word", "Ab", "x", "42", " ", "  \n\t", ".", ",", "!?", "$+<=>^`|~",
                                           "\x01", "_", "-", "caf\xC3\xA9", "\xE4\xB8\xAD", "\xE0\xBD\x80\xE0\xBC\x8B",
                                           "\xE3\x80\x80", "\xF0\x9F\x98\x80", "\xC2\xA0", "\xE2\x80\x94"};
  const bool avx2 = pith::text::ScansUseAvx2();
  for (int round = 0; round < 4000; ++round) {
    std::string text;
    // Mostly long ASCII runs (the vector path) with an occasional other piece.
    const int n = static_cast<int>(rng() % 60);
    for (int k = 0; k < n; ++k) text += rng() % 3 ? pieces[rng() % 13] : pieces[rng() % pieces.size()];
    pith::dom::TextCounts counts[2];
    for (int path = 0; path < 2; ++path) {
      pith::text::SetScansUseAvx2ForTesting(path == 1);
      pith::dom::CountText(text, &counts[path]);
    }
    const auto& a = counts[0];
    const auto& b = counts[1];
    ASSERT_EQ(a.chars, b.chars) << text;
    ASSERT_EQ(a.punct, b.punct) << text;
    ASSERT_EQ(a.words, b.words) << text;
    ASSERT_EQ(a.tsheg, b.tsheg) << text;
    ASSERT_EQ(a.cjk, b.cjk) << text;
    for (int k = 0; k < static_cast<int>(pith::text::Script::kCount); ++k) ASSERT_EQ(a.by_script[k], b.by_script[k]) << text;
  }
  pith::text::SetScansUseAvx2ForTesting(avx2);
}

TEST(ByteScan, TokenizerReadsTheCorpusAlikeOnEveryPath) {
  const std::filesystem::path data = PITH_SHARED_DATA;
  if (!std::filesystem::is_directory(data)) GTEST_SKIP() << "no corpus at " << data;
  // Each page's tokens, written out, on one path.
  const auto tokens = [](std::string_view page) {
    using pith::dom::HtmlToken;
    pith::dom::HtmlTokenizer tokenizer(page);
    std::string out;
    for (;;) {
      const HtmlToken& t = tokenizer.Next();
      out += std::to_string(t.type) + ":" + std::to_string(t.offset) + ":";
      out.append(t.name).append("|").append(t.data).append("|");
      for (std::size_t i = 0; i < t.attr_count; ++i) out.append(t.attrs[i].name).append("=").append(t.attrs[i].value).append(";");
      if (t.type == HtmlToken::kEof) return out;
      if (t.type == HtmlToken::kStartTag && (t.name == "script" || t.name == "style")) {
        tokenizer.SwitchTo(t.name == "script" ? pith::dom::HtmlTokenizer::State::kScriptData
                                              : pith::dom::HtmlTokenizer::State::kRawtext);
      }
    }
  };
  int pages = 0;
  for (const auto& set : std::filesystem::directory_iterator(data)) {
    const auto html = set.path() / "html";
    if (!std::filesystem::is_directory(html)) continue;
    int taken = 0;
    for (const auto& f : std::filesystem::directory_iterator(html)) {
      if (++taken > 20) break;  // the first pages of each set
      pith::decode::Decoded decoded;
      if (!pith::decode::Decode(pith::testing::ReadFile(f.path()), "", "", &decoded).ok()) continue;
      std::string baseline, avx2;
      pith::text::SetScansUseAvx2ForTesting(false);
      baseline = tokens(decoded.utf8);
      pith::text::SetScansUseAvx2ForTesting(true);
      avx2 = tokens(decoded.utf8);
      ASSERT_EQ(baseline, avx2) << f.path();
      ++pages;
    }
  }
  pith::text::SetScansUseAvx2ForTesting(true);
  EXPECT_GT(pages, 100);
}

}  // namespace
