// pith/options.h — every knob of an Extractor, with its default and unit.
//
// Options are plain data: build one, adjust fields, hand it to pith::Extractor. Thresholds that
// belong to one algorithm live in that algorithm's sub-struct; their defaults are the values the
// papers give unless the comment says they were chosen by measurement (see README "Accuracy").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace pith {

enum class Algorithm : std::uint8_t {
  kLineBlock,    // paper 001: line-block distribution function (cx-extractor)
  kCorrelation,  // paper 000: content correlativity with context smoothing
  kSemantic,     // paper 002: local-semantic purification (link-density blocks, TF-IDF)
  kTibetan,      // paper 003: DOM pruning by Relativity and Veracity
  kPathSim,      // paper 004: DOM path similarity (+ same-site template removal)
  kAuto,         // pith's own combination of the signals above
};

// "lineblock", "correlation", ... ; ParseAlgorithm returns false on an unknown name.
const char* AlgorithmName(Algorithm a);
bool ParseAlgorithm(std::string_view name, Algorithm* out);

// Paper 001, section 5. Ctext is the tag-stripped text with each source line kept in place.
struct LineBlockOptions {
  // K: block thickness in lines (block i = lines i..i+K-1). Paper: K < 5, uses 3.
  int block_thickness = 3;
  // A region starts at a block whose length (non-whitespace characters) exceeds this threshold
  // ("sharp rise") and whose next K blocks are non-empty. The paper gives no value; 86 is the one
  // cx-extractor ships. Counted in characters after weighting: see cjk_char_weight.
  int rise_threshold = 86;
  // One CJK (Han, kana, hangul) or Tibetan-syllable character carries about a word of information,
  // a Latin letter about a fifth of one. Block lengths count CJK characters this many times, so the
  // same threshold means "about the same amount of text" in every script. 1 = the paper's plain count.
  int cjk_char_weight = 3;
  // Lines whose text is mostly link text (link chars / chars above this) count as empty: the paper
  // notes that link groups are "easy to remove"; cx-extractor drops anchor text. 1.0 disables.
  double max_line_link_density = 0.5;
  // Collect every region that passes the rise test (true), or only the one holding the maximum.
  bool all_regions = true;
  // A secondary region is kept only if its peak is at least this fraction of the global maximum.
  double min_region_peak_ratio = 0.15;
};

// Paper 000: content correlativity with context smoothing (src/algo/correlation.cc).
struct CorrelationOptions {
  // Filled in by the correlation algorithm's implementation (thresholds C, S, D and presets).
};

// Paper 002: local-semantic purification (src/algo/semantic.cc).
struct SemanticOptions {
  // Filled in by the semantic algorithm's implementation (similarity threshold, λ).
};

// Paper 003: Tibetan identification and DOM pruning (src/algo/tibetan.cc).
struct TibetanOptions {
  // Filled in by the Tibetan algorithm's implementation (Relativity and Veracity bounds).
};

// Paper 004: DOM path similarity and same-site template removal (src/algo/pathsim.cc).
struct PathSimOptions {
  // Filled in by the path-similarity algorithm's implementation.
};

struct Options {
  Algorithm algorithm = Algorithm::kLineBlock;

  // Decoding. A non-empty forced_charset (a WHATWG label such as "gbk") overrides all sniffing.
  std::string forced_charset;

  // Limits: an input over max_input_bytes fails with kTooLarge; a document whose element nesting
  // exceeds max_nesting_depth fails with kTooDeep before the HTML parser sees it (MyHTML's time is
  // quadratic in depth). Real pages in the development corpus nest at most ~60 deep.
  std::size_t max_input_bytes = 64u << 20;  // 64 MiB
  int max_nesting_depth = 5000;

  // Metadata extraction (title, date, author, keywords, language, canonical URL) on/off.
  bool extract_metadata = true;

  LineBlockOptions lineblock;
  CorrelationOptions correlation;
  SemanticOptions semantic;
  TibetanOptions tibetan;
  PathSimOptions pathsim;
};

}  // namespace pith
