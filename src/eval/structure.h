// Structure metrics for Markdown outputs (struct-dev's scorer, ../shared/eval/score_struct.py, in
// C++): a Markdown document is read into its structural elements (ParseMarkdownStructure), and an
// output's elements are scored against the truth's (ScoreStructure). The definitions are the
// scorer's docstring; every metric of a page is an edit similarity, a share or an F1 in [0, 1]:
//
//   text            1 - Levenshtein(plain text) / max(len), over code points (both empty → 1);
//                   plain text = every block's text, Markdown syntax removed, formulas as their
//                   LaTeX, code as code, image alt text dropped, White_Space runs as one space
//   code            the same over the code blocks' contents joined by "\n"
//   code_lang       share of the truth's code blocks with a language whose matched output block
//                   (greedy by edit similarity >= 0.5, lengths within 0.3×) names it (aliases and a
//                   "language-"/"lang-" prefix folded: js = javascript, sh = bash, ...)
//   formula         the same edit similarity over the formulas' LaTeX joined by " "
//   formula_recall  share of the truth's formulas found among the output's (multiset, exact after
//                   removing all White_Space)
//   table           edit similarity of the tables' cell texts joined by " "
//   teds            TEDS (Zhang–Shasha tree edit distance over table/thead/tbody/tr/td; a cell's
//                   rename cost is 1 - the edit similarity of the texts, 1 when colspan/rowspan
//                   differ) of each truth table against its best output table, greedily paired
//                   (pairs whose sizes differ more than 5× are not tried), summed / max(#truth, #output)
//   headings        multiset F1 of (level, text), text NFKC-folded, lower-cased, ¶ § # 🔗 U+200B removed
//   lists           multiset F1 of (nesting depth, item text) with the same folding; an item's text
//                   is its own paragraphs' text (not its sub-lists')
//   images          share of the truth's images whose file name (last path segment, %-decoded,
//                   lower-cased) or folded alt text is among the output's
//   overall         (aggregate only) mean of the set means of text, code, formula, table and teds
//
// A page whose truth has no element of a kind has no value (NaN) for that kind's metrics, and the
// set mean is over the pages that have one (text always has one).
//
// Reading Markdown: CommonMark + GFM tables and strike-through + footnotes (cmark-gfm), with the
// scorer's math: $…$, $$…$$ (inline or as a block), \(…\) and \[…\] are formulas wherever they are
// not code (a '$' escaped by an odd run of backslashes is text). Raw HTML blocks give their text,
// <img> images and <table> rows (pith's HTML parser); inline HTML gives <img> images and <br> a space.
// Where this reading differs from the scorer's (markdown-it-py, lxml), the figures differ slightly:
// tests/structure_eval_test.cc holds them to the scorer's on struct-dev.
//
// cmark-gfm is an optional dependency of the evaluation: without it (PITH_EVAL_MARKDOWN undefined)
// StructureMetricsAvailable() is false and `pith eval` says so instead of scoring structure.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pith::eval {

struct StructureCell {
  std::string text;
  bool header = false;
  int colspan = 1, rowspan = 1;
};
using StructureTable = std::vector<std::vector<StructureCell>>;  // rows of cells

// What a Markdown document holds, as the scorer reads it (texts with White_Space runs collapsed).
struct MarkdownStructure {
  std::string text;
  std::vector<std::pair<int, std::string>> headings;      // (level, text)
  std::vector<std::pair<int, std::string>> items;         // (depth from 1, text)
  std::vector<std::pair<std::string, std::string>> code;  // (language or "", content)
  std::vector<std::string> formulas;                      // LaTeX, inline and display
  std::vector<StructureTable> tables;
  std::vector<std::pair<std::string, std::string>> images;  // (alt, src)
};

// True when the evaluation was built with cmark-gfm (the Markdown reader).
bool StructureMetricsAvailable();

// Reads `markdown` (UTF-8; ill-formed bytes read as U+FFFD). Without cmark-gfm, an empty structure.
MarkdownStructure ParseMarkdownStructure(std::string_view markdown);

enum StructureMetric : int {
  kStructText, kStructCode, kStructCodeLang, kStructFormula, kStructFormulaRecall, kStructTable,
  kStructTeds, kStructHeadings, kStructLists, kStructImages, kStructMetricCount
};
// Column names, as `pith eval` prints them: text code code_lang formula formula_recall table teds
// headings lists images.
const char* StructureMetricName(int metric);

// One page's metrics; NaN where the truth has no element of that kind.
using StructureScores = std::array<double, kStructMetricCount>;
StructureScores ScoreStructure(const MarkdownStructure& truth, const MarkdownStructure& output);

// Set means (NaN where no page has a value), the pages behind each, and overall.
struct StructureSummary {
  std::size_t pages = 0;
  StructureScores mean{};
  std::array<std::size_t, kStructMetricCount> counted{};
  double overall = 0;  // NaN when none of its five means exists
};
StructureSummary SummarizeStructure(const std::vector<StructureScores>& pages);

// Edit similarity of two UTF-8 texts: 1 - Levenshtein(code points) / max(len); 1 when both are empty.
double EditSimilarity(std::string_view a, std::string_view b);

// TEDS of two tables (1 = the same tree and cell texts).
double TableTeds(const StructureTable& a, const StructureTable& b);

}  // namespace pith::eval
