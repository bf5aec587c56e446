// pith/options.h — every knob of an Extractor, with its default and unit.
//
// Options are plain data: build one, adjust fields, hand it to pith::Extractor. Thresholds that
// belong to one algorithm live in that algorithm's sub-struct; their defaults are the values the
// papers give unless the comment says they were chosen by measurement (docs/<algorithm>.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "pith/export.h"

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
PITH_API const char* AlgorithmName(Algorithm a);
PITH_API bool ParseAlgorithm(std::string_view name, Algorithm* out);

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
struct PITH_API CorrelationOptions {
  // C: a node is content when CC = TA / max(LA, 1) ≥ C, TA = weighted non-link characters of the
  // subtree, LA = its <a href> count. Paper (Uyghur): 29, also the best default on the development
  // corpus in all scripts (docs/correlation.md).
  double cc_threshold = 29;
  // S: smoothing promotes a node below C when CS (share of its same-tag siblings with text whose
  // CC ≥ C, itself counted) exceeds S. Paper: 0.57 (57%); flat from 0.3 to 0.7 on the corpus.
  double cs_share = 0.57;
  // D: ... and its context density TD = max(TA(parent), 1) / max(LA, 1) exceeds D. Paper: 63;
  // flat from 20 to 200 on the corpus.
  double td_density = 63;
  // TA counts a CJK (Han, kana, hangul) character this many times (a CJK character carries about a
  // word, a letter of an alphabet much less). 1 = the paper's plain count (Uyghur letters); also
  // the measured best on the Chinese sets (docs/correlation.md).
  int cjk_char_weight = 1;
  // "Off the level": L0 is the deepest element holding more than this share of the content text;
  // the level is L0 raised through content ancestors that add no link list; content neither inside
  // the level nor on the tag path of content inside it is set to 0. 0 disables the rule.
  double level_share = 0.5;

  // Presets: "uyghur" = the paper's thresholds; "default" = measured defaults for all scripts.
  static CorrelationOptions Uyghur();
  static CorrelationOptions Default();
  // Sets *out from a preset name; false for an unknown name.
  static bool FromPreset(std::string_view name, CorrelationOptions* out);
};

// Paper 002: local-semantic purification (src/algo/semantic.cc).
struct SemanticOptions {
  // Formula (1) with smoothing ε: Similar(a, b) = (min(ρa, ρb) + ε) / (max(ρa, ρb) + ε), ρ = link
  // chars / chars. 0 = the paper's formula (which calls 0 and 0.01 totally dissimilar). Unitless.
  double density_smoothing = 0.2;
  // Units (children) whose pairwise Similar is at least this are "similar" and merge into one local
  // semantic block (§3.2.1). Unitless, 0..1. Chosen by measurement (docs/semantic.md).
  double similarity_threshold = 0.3;
  // λ (§3.2.2 ClearNoise): a block whose cosine to the main block is below this is noise and is
  // removed. Unitless, 0..1. The paper gives no value; chosen by measurement (docs/semantic.md).
  double relevance_threshold = 0.06;
  // Blocks whose link density exceeds this are dropped without word segmentation (speed: ICU's
  // Chinese dictionary runs ~16 MB/s). 1 = segment every block, as the paper does. Chosen by
  // measurement: 0.5 is the best single setting on the full corpus (docs/semantic.md).
  double max_link_density = 0.5;
  // Blocks with fewer non-whitespace characters than this are dropped without segmentation. 0 = off.
  int min_block_chars = 0;
  // The main block PS_m is the block with the most feature words (paper) — counted here as feature
  // words × (1 − ρ) when true, so that a long menu or link list cannot outweigh the body text
  // ("正文") the paper means PS_m to be. Chosen by measurement (docs/semantic.md).
  bool main_text_words = true;
  // §3.2.1 "put related nodes into the same extraction range": when a node's children are not all
  // similar, runs of adjacent similar children still form one block (false = each child alone).
  bool group_siblings = true;
};

// Paper 003: Tibetan identification and DOM pruning (src/algo/tibetan.cc).
struct TibetanOptions {
  // --- Identification (§1.1, §2.2; decode::IdentifyTibetan) ---
  // A syllable fits when 1..this many characters stand between two syllable dots. Paper: 7 letters
  // at most in a syllable of ASCII-font and Unicode encodings (components, not precomposed stacks).
  int max_syllable_length = 7;
  // The same for GB2312-based large-charset encodings, whose characters are precomposed stacks.
  // Paper §2.2 step 4: 5.
  int max_syllable_length_gb = 5;
  // A page is Tibetan when fitting syllables / syllable dots reaches this. Paper §2.2: 1/3.
  double min_fit_ratio = 1.0 / 3.0;
  // Syllable dots must make at least this share of the measured Tibetan characters (dots included).
  // Paper §1.1: a dot after at most 7 letters is ≥ 12.5%. Rejects hyphens in Latin text that a
  // declared Tibetan font happens to cover.
  double min_dot_share = 0.125;
  // pith: fewer fitting syllables than this is a stray word, not a Tibetan page (the paper counts
  // no minimum). Chosen on the fixtures and the development corpus (docs/tibetan.md).
  int min_syllables = 10;
  // pith: fitting syllables / (fitting syllables + CJK characters + words of other scripts) must
  // reach this: a Chinese page quoting a Tibetan sentence is not a Tibetan page, while a Tibetan
  // article with a longer Chinese sidebar is. Chosen on the fixtures and corpus (docs/tibetan.md).
  double min_tibetan_share = 0.1;

  // --- Pruning (§2.4; algo::RunTibetan) ---
  // Relativity(n) = link text / text of node n (formula 1). At most this: strongly related.
  double relativity_strong = 0.5;
  // Above this a node is removed (paper: < 0.8 kept, > 0.8 removed), unless one of its children is
  // strongly related and truthful (formulas 3, 4).
  double relativity_max = 0.8;
  // Veracity(n) = syllable dots / non-link Tibetan text length (formula 2); content lies within
  // [veracity_min, veracity_max]. Paper: 0.125 (§1.1) and 0.6 (widened from 0.4 for line-end dots).
  double veracity_min = 0.125;
  double veracity_max = 0.6;
  // pith: after pruning, descend from <body> into the child holding at least this share of the
  // surviving text, and keep only what survives under the node where the text splits (the paper's
  // "topic block"). 1 disables the step. Chosen by measurement (docs/tibetan.md).
  double topic_share = 0.6;
};

// Paper 004: DOM path similarity and same-site template removal (src/algo/pathsim.cc).
class SiteModel;  // pith/site.h

struct PathSimOptions {
  // §2: sim(PA, PB) = |common prefix of the two root-to-leaf tag paths| / max(|PA|, |PB|). Path
  // steps compare by tag name plus class attribute (class_in_path) and optionally by the position
  // among same-named siblings (sibling_index_in_path, XPath p[3] style). Measured: see docs/pathsim.md.
  bool class_in_path = true;
  bool sibling_index_in_path = false;
  // Inline elements (a, b, span, em, font, ...) as path steps (true), or skipped so that all text of
  // one paragraph shares the paragraph's path (false).
  bool inline_in_path = true;
  // §2: consecutive text leaves with sim ≥ this form one block. Unitless, 0..1.
  double block_similarity = 0.8;
  // §2: the body is the block with the most (non-link) text plus every block whose path is at least
  // this similar to that block's path. Unitless, 0..1.
  double body_similarity = 0.8;
  // The main block is chosen among this many blocks with the most non-link text: the one whose body
  // (itself plus the blocks similar to it) holds the most text. 1 = the paper's rule (the block with
  // the most text); more lets an article split into sections by headings or images win over one long
  // footer. Measured: see docs/pathsim.md.
  int main_candidates = 8;
  // A candidate needs at least this share of the largest block's non-link text. Unitless, 0..1.
  double candidate_min_ratio = 0.5;
  // A block lying between two kept blocks (caption, pull quote, subheading) is kept when its path has
  // at least this similarity to the main block's and at most gap_max_link_density of its characters
  // are link text. 1 = off (the paper keeps only similar blocks). Unitless, 0..1.
  double gap_similarity = 0.4;
  double gap_max_link_density = 0.5;
  // Keep a heading (h1-h6) among the three blocks before the body when its path shares
  // gap_similarity with the main block: the article's headline.
  bool leading_heading = true;
  // §1.2: a text node is template when its aligned counterpart carries the same text in at least this
  // share of the site model's pages (paper: all of them, 1.0). Unitless, 0..1; at least 2 pages.
  double template_share = 1.0;
  // §1.2: the site's template (learned from other pages of the site, pith/site.h); null = path
  // grouping on the page alone.
  std::shared_ptr<const SiteModel> site;
};

// pith's own `auto` algorithm (src/algo/auto/). Values chosen by measurement on the development
// corpus across all sets; docs/auto.md explains each step and what the values were chosen over.
// How `auto` trades precision for recall (`--favor`; trafilatura's favor_precision /
// favor_recall): the same decisions with their thresholds shifted one way (src/algo/auto/favor.cc,
// docs/auto.md "Precision or recall"). kBalanced is the measured default.
enum class Favor : std::uint8_t { kBalanced, kPrecision, kRecall };
PITH_API const char* FavorName(Favor f);  // "balanced", "precision", "recall"
PITH_API bool ParseFavor(std::string_view name, Favor* out);

struct AutoOptions {
  // Precision or recall (above); the thresholds below are the balanced ones, shifted by it.
  Favor favor = Favor::kBalanced;
  // Weighted characters: CJK characters count this many times (as in LineBlockOptions).
  int cjk_char_weight = 3;
  // A block-level element needs this many weighted non-link characters of its own text to count
  // as a paragraph that votes for its ancestors.
  int min_paragraph_chars = 25;
  // Shorter blocks vote in proportion to their length, up to this vote (0 = they do not vote).
  double short_block_vote = 0.5;
  // The main subtree moves up to its parent while the parent's score reaches this share of its own.
  double ascend_score_ratio = 0.5;
  // ... or while the parent's undecayed votes × (1 − link density)² exceed its own by this factor.
  double ascend_mass_gain = 1.3;
  // Comment sections compete for the main subtree with their score multiplied by this.
  double comments_factor = 0.3;
  // A sibling of the best candidate joins the content when its score reaches this share of the
  // best score.
  double sibling_score_ratio = 0.2;
  // Inside the content, a list/container whose link text exceeds this share is dropped as a link
  // group (menus, "related articles", tag clouds).
  double max_link_density = 0.5;
  // Up to three blocks opening the content that are shorter than this many weighted characters
  // (link text included) and do not end a sentence are dropped: bylines, dates, share rows.
  // 0 = off. Chosen by measurement (docs/auto.md, step 6); a set whose truth keeps bylines loses.
  int lead_trim_chars = 80;
  // If the content holds less than this share of the page's weighted non-link text and is short,
  // the line-block selection (paper 001) is used instead.
  double fallback_min_share = 0.1;
  // If the content holds less than this share of the page's weighted non-link text, the page is
  // taken to spread its content over several containers (listings, product pages, portals) and the
  // text paper 000's correlation keeps is added, outside boilerplate and comment hints. 0 = off.
  // Chosen by measurement (docs/auto.md, step 8): listing pages gain, single stories lose a little.
  double dispersed_share = 0.25;
  // ... and also when the content lies in the page's <main> (or role="main") and holds less than
  // this share of the text <main> holds outside boilerplate and comment hints: a landing or service
  // page whose sections follow one another in <main>. 0 = off. Chosen by measurement (docs/auto.md,
  // step 8): the highest share at which no news set loses.
  double dispersed_main_share = 0.7;
};

// Bounds of Options::max_nesting_depth: below, <html> and <body> would not fit; above, node depths
// would pass their 16-bit field.
inline constexpr int kMinNestingDepth = 8;
inline constexpr int kMaxNestingDepth = 60000;

struct Options {
  Algorithm algorithm = Algorithm::kAuto;

  // Decoding. A non-empty forced_charset (a WHATWG label such as "gbk") overrides all sniffing.
  std::string forced_charset;

  // Limits: an input over max_input_bytes fails with kTooLarge. Elements nest at most
  // max_nesting_depth deep (parsing stays linear in the input): a start tag met with that many
  // elements open makes an empty element, and its content follows it, so no text is lost. Real
  // pages in the development corpus nest at most ~60 deep. A depth outside [kMinNestingDepth,
  // kMaxNestingDepth] fails every input with kInvalidArgument.
  std::size_t max_input_bytes = 64u << 20;  // 64 MiB
  int max_nesting_depth = 5000;

  // Metadata extraction (title, date, author, keywords, language, canonical URL) on/off.
  bool extract_metadata = true;

  // What the content holds besides its main text (docs/auto.md, "Headline and comments").
  // The headline: the content's opening block when it is a heading or the page's title (<title>,
  // og:title). false (`--no-headline`) leaves it out, whatever the algorithm; the title is still
  // reported as metadata.
  bool headline = true;
  // `auto` only: the comment section or the replies after an article are kept after the content,
  // each of their blocks marked Block::comment (`--comments`). Off, they are left out, as pith's
  // default content is the article without its comments. A thread whose posts are the page's
  // content is content either way.
  bool comments = false;
  // Images of the content (Block::images, kImage blocks: docs/output.md, "Images"): written by the
  // Markdown, HTML and JSON outputs; never part of the text. false (`--no-images`) leaves them out.
  bool images = true;

  LineBlockOptions lineblock;
  AutoOptions automatic;  // `auto` is a C++ keyword
  CorrelationOptions correlation;
  SemanticOptions semantic;
  TibetanOptions tibetan;
  PathSimOptions pathsim;
};

}  // namespace pith
