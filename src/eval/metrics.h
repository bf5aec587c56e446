// Evaluation metrics for `pith eval`: pure functions over UTF-8 texts, no I/O, no global state.
//
// Every accuracy number pith reports is computed here, so each definition below is exact, including
// its edge cases. Texts are UTF-8; an ill-formed byte sequence decodes to one U+FFFD per maximal
// ill-formed subpart (ICU's U8_NEXT_OR_FFFD), so no input is ever rejected. Comparisons are over
// Unicode code points with no normalisation (no case folding, no NFC/NFKC) unless stated.
//
// 1. Character P/R/F — paper 000 ("Uyghur content correlativity"), section 4.1:
//      P = COM(c,s)/|c|,  R = COM(c,s)/|s|,  F = 2PR/(P+R)
//    c = extracted text, s = true text, both with every Unicode White_Space code point deleted
//    (ICU UCHAR_WHITE_SPACE: ASCII blanks, NBSP, U+2000..U+200A, U+2028/9, U+3000, ...; note that
//    U+200B ZERO WIDTH SPACE and U+FEFF are *not* White_Space and are kept). |x| counts code points.
//    COM = length of the longest common subsequence of c and s (code points, exact equality).
//    Edge cases follow the ScrapingHub conventions below with tp = COM, fp = |c|-COM, fn = |s|-COM:
//      both empty → P = R = F = 1;  c empty, s not → P = R = F = 0;  s empty, c not → P = R = F = 0.
//    Paper 002's "integrity" is this recall R; its "compression ratio" is output bytes / input bytes.
//
// 2. Shingle P/R/F1 — ScrapingHub article-extraction-benchmark, evaluate.py (confirmed against
//    github.com/scrapinghub/article-extraction-benchmark, evaluate.py at commits 11b407d4 and 7d95432d):
//    - Tokens: Python `re.findall(r'\w+', text, re.UNICODE | re.IGNORECASE | ...)`. IGNORECASE does
//      not change what `\w` matches and findall returns the original text, so tokens are
//      CASE-SENSITIVE (no lowercasing). Python's str-pattern `\w` is: '_' or a code point with
//      str.isalnum(), i.e. general category Lu/Ll/Lt/Lm/Lo, or Numeric_Type Decimal/Digit/Numeric
//      (Nd, Nl, No, CJK numerals). Combining marks (Mn/Mc/Me) are NOT word characters, so they split
//      tokens (e.g. "cafe\u0301" → "cafe"; Thai/Devanagari words split at vowel signs) — reproduced.
//    - pith's one departure (data/README.md): every CJK word character — Script or Script_Extensions
//      Han, Hiragana, Katakana or Hangul (incl. 々 〇 ー, half-width katakana) — is a token by itself,
//      because `\w+` would turn a run of Chinese into one token. CJK punctuation is not `\w`, so it
//      is no token. Example: "我爱北京 hello_world 42" → 我|爱|北|京|hello_world|42.
//    - Shingles: n = 4 consecutive tokens (tuples, compared exactly). A text with 1..3 tokens yields
//      exactly one shorter shingle holding all its tokens (Python: range(max(1, len-n+1)),
//      tokens[i:i+n]); a text with no token yields no shingle. A 2-token shingle never equals a
//      4-token one.
//    - Per page, shingles are multisets (collections.Counter): for every distinct shingle k,
//      tp += min(t_k, p_k), fp += max(0, p_k - t_k), fn += max(0, t_k - p_k); then tp, fp, fn are
//      divided by their sum s when s > 0 (so each page weighs the same).
//    - Per page precision: 1 if fp == fn == 0 (this includes both texts empty); else 0 if tp == fp == 0
//      (empty prediction); else tp/(tp+fp). Recall: 1 if fp == fn == 0; else 0 if tp == fn == 0;
//      else tp/(tp+fn).
//    - Over a set: P = mean of page precision over the pages with tp+fp > 0 (pages with an EMPTY
//      prediction are left out of P), R = mean of page recall over the pages with tp+fn > 0 (pages with
//      empty truth are left out of R), F1 = 2PR/(P+R) of those means. Python raises on an empty mean
//      or P+R = 0; pith reports 0 there. pith also reports the mean of per-page F1 (2pr/(p+r), 0 when
//      p+r = 0) over all pages, which is not in the benchmark.
//    Character P/R/F over a set is aggregated the same way (paper 000's tables give F = 2PR/(P+R)
//    of per-site mean P and R), so both metrics treat empty outputs identically; `pith eval` also
//    prints how many pages had an empty output.
//
// 3. Snippet counts (wcxb, goose3 truth/<id>.json {"with": [...], "without": [...]}; other keys
//    such as starts_with/title/metadata are ignored). Both the output and each snippet have every run
//    of White_Space collapsed to one U+0020 and are trimmed; matching is then an exact, case-sensitive
//    substring test. A `with` snippet found → tp, missing → fn; a `without` snippet found → fp,
//    absent → tn. A snippet that is empty after trimming is skipped (counted nowhere). Counts are summed
//    over a set; P = tp/(tp+fp), R = tp/(tp+fn), F1 = 2PR/(P+R), with the same zero conventions as
//    the shingle page scores (all counts zero → 1).
//
// 4. Word P/R/F1 — the WCXB multi-type benchmark (github.com/Murrough-Foley/web-content-extraction-
//    benchmark, evaluate.py at commit 70e37e5a), the metric of its published leaderboard:
//    - Tokens: Python `re.findall(r'\w+', text.lower())`: the whole text is lowercased first with
//      Python's str.lower() (full Unicode mapping: "İ" → "i̇", a final Σ → ς; ICU's root-locale
//      u_strToLower does the same), then split into runs of `\w` (IsWordChar). Unlike the shingle
//      tokens, a run of Han or kana is ONE token, as Python's re makes it: "我爱北京 hello" → 我爱北京|hello.
//      (This metric therefore says little on CJK pages: compare it there with the shingle scores.)
//    - Per page, bags of words (collections.Counter): overlap = Σ over words of min(count in output,
//      count in truth); P = overlap / output words, R = overlap / truth words, F1 = 2PR/(P+R) (0 when
//      P+R = 0). Truth without words: P = R = F1 = 1 if the output has none, else 0. Output without
//      words (truth has some): 0.
//    - Over a set: P, R and F1 are each the mean over ALL pages with text truth (an empty output
//      counts 0, unlike the shingle aggregation above; F1 is the mean of page F1s, not 2PR/(P+R)).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pith::eval {

// ---- Unicode helpers ------------------------------------------------------------------------------

// UTF-8 → code points; ill-formed subsequences become U+FFFD.
std::u32string DecodeUtf8(std::string_view utf8);

bool IsWhiteSpace(char32_t c);  // Unicode White_Space property
bool IsWordChar(char32_t c);    // Python 3 str-pattern `\w` (see above)
bool IsCjkChar(char32_t c);     // Script/Script_Extensions Han, Hiragana, Katakana or Hangul

// The text with every White_Space code point removed, as code points.
std::u32string DeleteWhitespace(std::string_view utf8);

// Runs of White_Space → one ' ', leading/trailing White_Space removed. UTF-8 in, UTF-8 out
// (ill-formed input bytes come out as U+FFFD).
std::string CollapseWhitespace(std::string_view utf8);

// ---- Precision / recall conventions (ScrapingHub evaluate.py) -------------------------------------

double PrecisionScore(double tp, double fp, double fn);
double RecallScore(double tp, double fp, double fn);
double HarmonicMean(double p, double r);  // 2pr/(p+r), 0 when p+r == 0

// ---- 1. Character P/R/F ---------------------------------------------------------------------------

// Length of the longest common subsequence of two code-point strings. Bit-parallel (Allison–Dix /
// Hyyrö): one bit per code point of the shorter string (m), O(⌈m/64⌉·n) word operations after
// stripping the common prefix and suffix; symbols of the longer string absent from the shorter one
// cost O(1). Memory O(|alphabet| + n). 100k × 100k code points: ~0.15–0.25 s on one core.
std::size_t LcsLength(std::u32string_view a, std::u32string_view b);

// Levenshtein distance (insertions, deletions, substitutions of one code point, each costing 1).
// Bit-parallel (Myers / Hyyrö), in 64-bit stripes of the shorter string, each over the whole
// longer one; the common prefix and suffix are stripped first. O(⌈m/64⌉·n), memory O(|alphabet| + n).
std::size_t EditDistance(std::u32string_view a, std::u32string_view b);

struct CharScore {
  std::size_t common = 0;           // COM: LCS length after whitespace deletion
  std::size_t extracted_chars = 0;  // |c| after whitespace deletion
  std::size_t truth_chars = 0;      // |s| after whitespace deletion
  double precision = 0, recall = 0, f = 0;
  // Aggregation hints (see the set convention above).
  bool counts_for_precision() const { return extracted_chars > 0; }
  bool counts_for_recall() const { return truth_chars > 0; }
};
CharScore CharacterScore(std::string_view extracted, std::string_view truth);

// ---- 2. Shingle P/R/F1 ----------------------------------------------------------------------------

inline constexpr int kShingleSize = 4;

// Tokens of `utf8` under the convention above, each as UTF-8.
std::vector<std::string> ShingleTokens(std::string_view utf8);

struct ShingleScore {
  std::size_t raw_tp = 0, raw_fp = 0, raw_fn = 0;  // multiset counts before normalisation
  double tp = 0, fp = 0, fn = 0;                   // divided by raw_tp+raw_fp+raw_fn (if > 0)
  double precision = 0, recall = 0, f1 = 0;       // page scores (f1 = HarmonicMean(p, r))
  bool counts_for_precision() const { return raw_tp + raw_fp > 0; }
  bool counts_for_recall() const { return raw_tp + raw_fn > 0; }
};
ShingleScore ShingleMatch(std::string_view extracted, std::string_view truth, int n = kShingleSize);

// ---- Set aggregation (shared by shingle and character scores) -------------------------------------

struct MeanScores {
  double precision = 0;      // mean page precision over precision_pages (0 if none)
  double recall = 0;         // mean page recall over recall_pages (0 if none)
  double f1 = 0;             // HarmonicMean(precision, recall)
  double mean_page_f1 = 0;   // mean of page F over all pages (0 if none)
  std::size_t pages = 0, precision_pages = 0, recall_pages = 0;
};

class ScoreAggregator {
 public:
  void Add(double precision, double recall, double f, bool counts_for_precision, bool counts_for_recall);
  void Add(const ShingleScore& s) { Add(s.precision, s.recall, s.f1, s.counts_for_precision(), s.counts_for_recall()); }
  void Add(const CharScore& s) { Add(s.precision, s.recall, s.f, s.counts_for_precision(), s.counts_for_recall()); }
  MeanScores Result() const;
  std::size_t pages() const { return pages_; }

 private:
  double sum_p_ = 0, sum_r_ = 0, sum_f_ = 0;
  std::size_t pages_ = 0, p_pages_ = 0, r_pages_ = 0;
};

// ---- 3. Snippets ----------------------------------------------------------------------------------

struct SnippetCounts {
  std::size_t tp = 0, fp = 0, fn = 0, tn = 0;
  SnippetCounts& operator+=(const SnippetCounts& o) {
    tp += o.tp; fp += o.fp; fn += o.fn; tn += o.tn;
    return *this;
  }
  std::size_t total() const { return tp + fp + fn + tn; }
  double precision() const { return PrecisionScore(double(tp), double(fp), double(fn)); }
  double recall() const { return RecallScore(double(tp), double(fp), double(fn)); }
  double f1() const { return HarmonicMean(precision(), recall()); }
};

SnippetCounts CountSnippets(std::string_view output, const std::vector<std::string>& with,
                            const std::vector<std::string>& without);

// ---- 4. Word P/R/F1 (WCXB) ------------------------------------------------------------------------

// Tokens of `utf8` under the WCXB convention above (lowercased), each as UTF-8.
std::vector<std::string> WordTokens(std::string_view utf8);

struct WordScore {
  std::size_t overlap = 0;          // Σ min(count in output, count in truth)
  std::size_t extracted_words = 0;  // tokens of the output
  std::size_t truth_words = 0;      // tokens of the truth
  double precision = 0, recall = 0, f1 = 0;
};
WordScore WordMatch(std::string_view extracted, std::string_view truth);

// ---- 5. Metadata fields ---------------------------------------------------------------------------
//
// Sets whose truth names a page's title, author or publish date (eval/dataset.h: wcxb's truth JSON
// "metadata", goose3's "title", the index labels of readability-test and zh-cwced) score pith's
// metadata against it. Only pages whose truth gives a field count for that field (an absent author
// is not known to be absent).
// - title and author: equal after NormalizeField (below); the title also gets the unigram F1 of its
//   tokens (ShingleMatch with n = 1), which credits a title that adds or drops a site name.
// - date: the same calendar day: the first ten characters (YYYY-MM-DD) of both are equal, so a
//   time of day or a zone offset after the day does not matter.
// NormalizeField: typographic apostrophes and quotes (U+2018/2019/201A/201B/2032 → ', U+201C/201D/
// 201E/201F/2033 → ") and dashes (U+2010..U+2015, U+2212 → -) become ASCII, runs of White_Space one
// space, leading/trailing White_Space and quote marks around the whole value go, and the result is
// case-folded (ICU u_foldCase, default options).
std::string NormalizeField(std::string_view utf8);
bool SameField(std::string_view extracted, std::string_view truth);  // NormalizeField equal, truth non-empty
bool SameDay(std::string_view extracted, std::string_view truth);    // see above; false if either is short

struct MetadataCounts {
  std::size_t title_pages = 0, title_exact = 0;
  double title_token_f1 = 0;  // summed over title_pages
  std::size_t author_pages = 0, author_exact = 0;
  std::size_t date_pages = 0, date_exact = 0;
  MetadataCounts& operator+=(const MetadataCounts& o) {
    title_pages += o.title_pages; title_exact += o.title_exact; title_token_f1 += o.title_token_f1;
    author_pages += o.author_pages; author_exact += o.author_exact;
    date_pages += o.date_pages; date_exact += o.date_exact;
    return *this;
  }
  std::size_t fields() const { return title_pages + author_pages + date_pages; }  // fields scored
};

// The counts of one page: `extracted_*` is what the extractor found ("" = nothing), `truth_*` the
// truth ("" = the truth does not say).
MetadataCounts CountMetadata(std::string_view extracted_title, std::string_view extracted_author,
                             std::string_view extracted_date, std::string_view truth_title,
                             std::string_view truth_author, std::string_view truth_date);

// ---- 6. Paper 002 ---------------------------------------------------------------------------------

// Output bytes / input bytes (0 when the input is empty).
double CompressionRatio(std::size_t output_bytes, std::size_t input_bytes);

}  // namespace pith::eval
