// The Extractor end to end on bad and unusual input: every case ends in a clear status or a
// best-effort result, never a crash.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>
#include <string>

#include "decode/charset.h"
#include "pith/pith.h"

namespace pith {
namespace {

std::string Article(const std::string& body_para, int n) {
  std::string html = "<html><head><title>A headline - Example News</title></head><body>\n";
  html += "<ul class=nav>\n<li><a href=/>Home</a></li>\n<li><a href=/world>World</a></li>\n</ul>\n<div>\n";
  for (int i = 0; i < n; ++i) html += "<p>" + body_para + "</p>\n";
  html += "</div>\n\n\n\n<div>Copyright</div>\n</body></html>\n";
  return html;
}

const std::string kPara =
    "Rescue teams reached the flooded villages on Tuesday after the river burst its banks, "
    "officials said, and began moving families to higher ground.";

TEST(Pipeline, ExtractsAnArticle) {
  const Result r = Extractor().Extract(Article(kPara, 5));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.blocks.size(), 5u);
  EXPECT_EQ(r.blocks[0].text, kPara);
  EXPECT_EQ(r.Text().find("Home"), std::string::npos);
  EXPECT_EQ(r.encoding.charset, "UTF-8");
}

TEST(Pipeline, ZeroWidthJoinersStayBetweenCharacters) {
  // Persian writes "mi-khaham" with a zero width non-joiner; an emoji sequence joins its parts with a
  // zero width joiner. Neither may become a space, in the text or in the metadata. Where they join
  // nothing (after a space, at a block's start) they go.
  const std::string word = "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645";
  const std::string shrug = "\U0001F937\u200D\u2642\uFE0F";
  const std::string html = "<html><head><title>" + word + " - News</title><meta name=keywords content=\"" + word +
                           "\"></head><body><p>\u200B" + kPara + " " + word + " " + shrug + " \u200D.</p></body></html>";
  const Result r = Extractor().Extract(html);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_EQ(r.blocks.size(), 1u);
  EXPECT_EQ(r.blocks[0].text, kPara + " " + word + " " + shrug + " .");
  EXPECT_EQ(r.metadata.title.find(word), 0u) << r.metadata.title;
  ASSERT_EQ(r.metadata.keywords.size(), 1u);
  EXPECT_EQ(r.metadata.keywords[0], word);
}

TEST(Pipeline, EmptyAndWhitespaceInputs) {
  EXPECT_EQ(Extractor().Extract("").status.code(), StatusCode::kEmptyInput);
  EXPECT_EQ(Extractor().Extract(" \n\t\r\n ").status.code(), StatusCode::kEmptyInput);
}

TEST(Pipeline, BinaryInputsAreNotHtml) {
  const std::string pdf = std::string("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog >>\n", 40);
  const Result r = Extractor().Extract(pdf);
  EXPECT_EQ(r.status.code(), StatusCode::kNotHtml);
  EXPECT_NE(r.status.message().find("PDF"), std::string::npos) << r.status.message();
  std::mt19937 rng(42);
  std::string garbage(64 * 1024, '\0');
  for (char& c : garbage) c = static_cast<char>(rng());
  EXPECT_EQ(Extractor().Extract(garbage).status.code(), StatusCode::kNotHtml);
}

TEST(Pipeline, AnInputRefusedBeforeDecodingReportsNoEncoding) {
  // The extractor reuses its per-thread state: a refused input must not report the encoding of the
  // page extracted before it on the same thread.
  Options tiny;
  tiny.max_input_bytes = 1000;
  const Extractor extractor(tiny);
  const std::string latin1 = "<html><head><meta charset=\"windows-1251\"></head><body><p>" + kPara + "</p></body></html>";
  const std::string pdf = std::string("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n", 22);
  for (const std::string& refused : {std::string(), std::string(" \n"), pdf, std::string(2000, 'x')}) {
    ASSERT_EQ(extractor.Extract(latin1).encoding.charset, "windows-1251");
    const Result r = extractor.Extract(refused);
    EXPECT_FALSE(r.status.ok());
    EXPECT_EQ(r.encoding.charset, "") << r.status.ToString();
    EXPECT_EQ(r.encoding.source, EncodingSource::kNone) << r.status.ToString();
    EXPECT_EQ(r.encoding.declared, "") << r.status.ToString();
  }
  EXPECT_STREQ(EncodingSourceName(EncodingSource::kNone), "none");
}

// A text file given as a page: auto keeps its text (the paper algorithms' thresholds may find a
// one-liner too short, which is their rule, not a loss of the input).
TEST(Pipeline, TextWithoutMarkupIsBestEffort) {
  const Result r = Extractor().Extract("just a line of plain text");
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.Text(), "just a line of plain text");
}

TEST(Pipeline, InvalidUtf8BecomesReplacementCharacters) {
  // Declared and mostly valid UTF-8, with two stray bytes: decoded as UTF-8, the strays replaced.
  std::string html = "<meta charset=utf-8>" + Article(kPara + " Caf\u00E9 na\u00EFve \u201Cquoted\u201D.", 4);
  html.insert(html.find("Rescue"), "\xC3\x28\xFF bad ");
  const Result r = Extractor().Extract(html);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_GT(r.encoding.replacements, 0u);
  EXPECT_NE(r.Text().find("\uFFFD"), std::string::npos);
}

TEST(Pipeline, NulBytesInALegacyPageNeverYieldInvalidUtf8) {
  // Found by the fuzzer: a page read as windows-1252 with NULs next to high bytes ("ÿÿÿ" NUL NUL
  // "Ã") made the parser's text preprocessing split UTF-8 sequences, and the JSON writer threw.
  std::string html = Article(kPara, 4);
  html.insert(html.find("Rescue"), std::string("-tr\x00\x00\x00\xFD\xFF\xFF\xFF\x00\x00\x00\xC3\xF1\xBF\xAA ", 17));
  for (Algorithm a : {Algorithm::kAuto, Algorithm::kLineBlock, Algorithm::kCorrelation}) {
    Options o;
    o.algorithm = a;
    const Result r = Extractor(o).Extract(html);
    ASSERT_TRUE(r.status.ok()) << r.status.ToString();
    EXPECT_TRUE(decode::IsValidUtf8(r.Text()));
    EXPECT_EQ(r.Text().find('\0'), std::string::npos);
    EXPECT_NE(r.Text().find("Rescue teams"), std::string::npos);
  }
}

TEST(Pipeline, TruncatedHtmlStillYieldsText) {
  std::string html = Article(kPara, 6);
  html.resize(html.find("</p>", html.size() / 2) + 2);  // cut inside an end tag
  const Result r = Extractor().Extract(html);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_NE(r.Text().find("Rescue teams"), std::string::npos);
}

// Past Options::max_nesting_depth elements are flattened: the article under a million <div>s is
// still found.
TEST(Pipeline, ArticleUnderAMillionNestedDivsIsExtracted) {
  std::string html;
  html.reserve(5'100'000);
  for (int i = 0; i < 1'000'000; ++i) html += "<div>";
  html += Article(kPara, 6);
  const Result r = Extractor().Extract(html);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_NE(r.Text().find("Rescue teams"), std::string::npos);
}

TEST(Pipeline, NestingDepthOutsideItsBoundsIsAnInvalidArgument) {
  Options o;
  o.max_nesting_depth = kMinNestingDepth - 1;
  EXPECT_EQ(Extractor(o).Extract(Article(kPara, 3)).status.code(), StatusCode::kInvalidArgument);
  o.max_nesting_depth = kMaxNestingDepth + 1;
  EXPECT_EQ(Extractor(o).Extract(Article(kPara, 3)).status.code(), StatusCode::kInvalidArgument);
  o.max_nesting_depth = kMinNestingDepth;
  EXPECT_TRUE(Extractor(o).Extract(Article(kPara, 3)).status.ok());
}

TEST(Pipeline, InputsOverTheSizeLimitAreRejected) {
  Options o;
  o.max_input_bytes = 1000;
  const Result r = Extractor(o).Extract(Article(kPara, 20));
  EXPECT_EQ(r.status.code(), StatusCode::kTooLarge);
}

TEST(Pipeline, ArticleAfterFiftyMegabytesOfProductRowsIsFound) {
  std::string html = "<html><body>\n";
  const std::string row = "<div class=item><a href=/p>product link</a> <span>price 10</span></div>\n";
  while (html.size() < 50u * 1024 * 1024) html += row;
  html += Article(kPara, 5);
  const Result r = Extractor().Extract(html);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_NE(r.Text().find("Rescue teams reached the flooded villages"), std::string::npos);
}

TEST(Pipeline, NoMainContentIsANormalOutcome) {
  const Result r = Extractor().Extract("<html><body><a href=/a>a</a> <a href=/b>b</a></body></html>");
  EXPECT_EQ(r.status.code(), StatusCode::kNoContent);
  EXPECT_TRUE(r.blocks.empty());
}

// Every algorithm the enum names is built in and finds the article; a value past the enum (a caller
// built against a newer header) is an invalid argument, not a crash or an empty success.
TEST(Pipeline, EveryAlgorithmIsAvailableAndAnUnknownOneIsAnInvalidArgument) {
  for (Algorithm a : {Algorithm::kLineBlock, Algorithm::kCorrelation, Algorithm::kSemantic, Algorithm::kTibetan,
                      Algorithm::kPathSim, Algorithm::kAuto}) {
    Options o;
    o.algorithm = a;
    const Result r = Extractor(o).Extract(Article(kPara, 3));
    ASSERT_TRUE(r.status.ok()) << AlgorithmName(a) << ": " << r.status.ToString();
    EXPECT_NE(r.Text().find("Rescue teams reached"), std::string::npos) << AlgorithmName(a);
  }
  Options o;
  o.algorithm = static_cast<Algorithm>(200);
  const Result r = Extractor(o).Extract(Article(kPara, 3));
  EXPECT_EQ(r.status.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(r.status.message().find("not available"), std::string::npos) << r.status.message();
  EXPECT_TRUE(r.blocks.empty());
}

TEST(Pipeline, UnknownForcedCharsetIsAnInvalidArgument) {
  Options o;
  o.forced_charset = "no-such-charset";
  EXPECT_EQ(Extractor(o).Extract(Article(kPara, 3)).status.code(), StatusCode::kInvalidArgument);
}

TEST(Pipeline, ExtractorIsSafeToShareBetweenThreads) {
  const Extractor extractor;
  const std::string html = Article(kPara, 5);
  const std::string expected = extractor.Extract(html).Text();
  std::vector<std::thread> threads;
  std::atomic<int> mismatches{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 50; ++i) {
        if (extractor.Extract(html).Text() != expected) ++mismatches;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(mismatches.load(), 0);
}

}  // namespace
}  // namespace pith
