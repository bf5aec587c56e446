// Flags shared by every subcommand that runs an algorithm.
#include <string>

#include "commands.h"

namespace pith::cli {

void AddAlgorithmFlags(CLI::App* cmd, Options& options) {
  // Algorithms this build offers (add a name when its implementation is registered in
  // src/algo/registry.cc, and its thresholds below).
  static const std::vector<std::string> kNames = {"auto", "correlation", "lineblock", "pathsim", "semantic", "tibetan"};
  cmd->add_option_function<std::string>(
         "-a,--algorithm",
         [&options](const std::string& name) { ParseAlgorithm(name, &options.algorithm); },
         "content algorithm (default auto): auto = pith's own combination (paragraph votes, link "
         "density, tag/class hints, fallback to lineblock); lineblock = paper 001 line-block distribution"
         "; correlation = paper 000 content correlativity (CC = non-link chars / links) with CS/TD smoothing"
         "; pathsim = paper 004 DOM path similarity (with --site-pages/--site-model: same-site template removal)"
         "; semantic = paper 002 local-semantic purification (link-density blocks, page-local TF-IDF cosine)"
         "; tibetan = paper 003 DOM pruning by Relativity and Veracity (syllable dots; Relativity only on "
         "non-Tibetan pages)")
      ->check(CLI::IsMember(kNames));
  cmd->add_option("--charset", options.forced_charset,
                  "decode every input with this charset (a WHATWG label such as gbk, big5, "
                  "windows-1256), overriding all sniffing");
  cmd->add_option("--max-bytes", options.max_input_bytes, "largest input accepted, in bytes (default 64 MiB)");
  cmd->add_option("--max-depth", options.max_nesting_depth,
                  "deepest element nesting kept; an element deeper is written empty and its content "
                  "follows it (default 5000)")
      ->check(CLI::Range(kMinNestingDepth, kMaxNestingDepth));
  cmd->add_flag("--comments", options.comments,
                "auto: keep the comment section or the replies after an article, after the content; their "
                "blocks are marked (JSON: \"comment\": true per block, the \"comments\" text)");
  cmd->add_flag("--no-headline{false}", options.headline,
                "leave out the content's headline (its opening heading, or the page's title opening it)");
  cmd->add_flag("--no-images{false}", options.images,
                "leave out the content's images (Markdown ![alt](src), HTML <img>, JSON image blocks); the "
                "text never holds them");
  AutoOptions& au = options.automatic;
  cmd->add_option_function<std::string>(
         "--favor", [&au](const std::string& name) { ParseFavor(name, &au.favor); },
         "auto: balanced (default), precision (less text that is not the content, some content lost) or "
         "recall (more of the content, more text that is not): the same decisions, their thresholds shifted")
      ->check(CLI::IsMember({"balanced", "precision", "recall"}));
  cmd->add_option("--auto-min-para", au.min_paragraph_chars,
                  "auto: weighted characters a block needs for a full paragraph vote (default 25)");
  cmd->add_option("--auto-short-vote", au.short_block_vote, "auto: largest vote of a shorter block (default 0.5)");
  cmd->add_option("--auto-ascend", au.ascend_score_ratio,
                  "auto: move the main subtree up while the parent scores this share of it (default 0.5)");
  cmd->add_option("--auto-mass", au.ascend_mass_gain,
                  "auto: ... or while the parent's content mass grows by this factor (default 1.3)");
  cmd->add_option("--auto-comments", au.comments_factor, "auto: score factor of comment sections (default 0.3)");
  cmd->add_option("--auto-sibling", au.sibling_score_ratio,
                  "auto: siblings scoring this share of the main subtree join it (default 0.2)");
  cmd->add_option("--auto-max-ld", au.max_link_density,
                  "auto: inside the content, parts with more link text than this share are dropped (default 0.5)");
  cmd->add_option("--auto-lead-trim", au.lead_trim_chars,
                  "auto: drop up to 3 blocks opening the content that are shorter than this many weighted "
                  "characters and end no sentence: bylines, dates, share rows (0 = off; default 80)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--auto-fallback", au.fallback_min_share,
                  "auto: use lineblock when the main subtree holds less than this share of the text (default 0.1)");
  cmd->add_option("--auto-dispersed", au.dispersed_share,
                  "auto: below this share of the text in the main subtree, add what correlation keeps (0 = off; default 0.25)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--auto-dispersed-main", au.dispersed_main_share,
                  "auto: ... or, when the main subtree lies in <main>, below this share of the text <main> holds "
                  "outside boilerplate (0 = off; default 0.7)")
      ->check(CLI::Range(0.0, 1.0));
  LineBlockOptions& lb = options.lineblock;
  cmd->add_option("--lb-thickness", lb.block_thickness, "lineblock: block thickness K in lines (default 3)")
      ->check(CLI::Range(1, 10));
  cmd->add_option("--lb-threshold", lb.rise_threshold,
                  "lineblock: block length that counts as a sharp rise, in weighted characters");
  cmd->add_option("--lb-cjk-weight", lb.cjk_char_weight,
                  "lineblock: how many Latin letters one CJK character counts as")
      ->check(CLI::Range(1, 10));
  cmd->add_option("--lb-link-density", lb.max_line_link_density,
                  "lineblock: lines with more link text than this share count as empty (1 = off)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--lb-peak-ratio", lb.min_region_peak_ratio,
                  "lineblock: keep further regions whose peak reaches this share of the maximum")
      ->check(CLI::Range(0.0, 1.0));
  // correlation: --cc-preset is declared first so that explicit thresholds after it override it.
  CorrelationOptions& cc = options.correlation;
  cmd->add_option_function<std::string>(
         "--cc-preset",
         [&cc](const std::string& name) { CorrelationOptions::FromPreset(name, &cc); },
         "correlation: threshold preset: default (measured, all scripts) or uyghur (paper: C 29, S 57%, D 63)")
      ->check(CLI::IsMember({"default", "uyghur"}));
  cmd->add_option("--cc-threshold", cc.cc_threshold,
                  "correlation: C, a node is content when weighted non-link chars / links >= C (default 29)");
  cmd->add_option("--cs-share", cc.cs_share,
                  "correlation: S, promote a node below C when more than this share of its same-tag siblings is content (default 0.57)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--td-density", cc.td_density,
                  "correlation: D, ... and its parent's non-link chars / its links exceed D (default 63)");
  cmd->add_option("--cc-cjk-weight", cc.cjk_char_weight,
                  "correlation: how many letters one CJK character counts as in TA (default 1)")
      ->check(CLI::Range(1, 10));
  cmd->add_option("--cc-level-share", cc.level_share,
                  "correlation: the content level starts at the deepest element holding more than this share "
                  "of the content text; content off the level is dropped (0 = off; default 0.5)")
      ->check(CLI::Range(0.0, 1.0));
  PathSimOptions& ps = options.pathsim;
  cmd->add_option("--ps-block-sim", ps.block_similarity,
                  "pathsim: consecutive leaves with path similarity >= this form one block (default 0.8)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--ps-body-sim", ps.body_similarity,
                  "pathsim: blocks this similar to the main block's path join the body (default 0.8)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--ps-class", ps.class_in_path, "pathsim: compare path steps by tag name plus class (default 1)");
  cmd->add_option("--ps-candidates", ps.main_candidates,
                  "pathsim: the main block is the one of this many largest blocks with the most similar "
                  "text around it (1 = the paper's largest block; default 8)")
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--ps-candidate-ratio", ps.candidate_min_ratio,
                  "pathsim: a main-block candidate needs this share of the largest block's text (default 0.5)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--ps-gap-sim", ps.gap_similarity,
                  "pathsim: a block between kept blocks is kept from this path similarity on (1 = off; default 0.4)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--ps-heading", ps.leading_heading,
                  "pathsim: keep the heading just before the body (default 1)");
  cmd->add_option("--ps-inline", ps.inline_in_path,
                  "pathsim: inline elements (a, b, span, ...) are path steps (default 1)");
  cmd->add_option("--ps-sibling-index", ps.sibling_index_in_path,
                  "pathsim: also compare path steps by position among same-named siblings (default 0)");
  cmd->add_option("--ps-template-share", ps.template_share,
                  "pathsim: a text is site template when the same text is aligned on this share of the "
                  "model's pages (default 1 = all, the paper's rule)")
      ->check(CLI::Range(0.0, 1.0));
  SemanticOptions& sem = options.semantic;
  cmd->add_option("--sem-lambda", sem.relevance_threshold,
                  "semantic: λ, blocks whose TF-IDF cosine to the main block is below this are removed")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--sem-similarity", sem.similarity_threshold,
                  "semantic: neighbours whose link-density similarity (formula 1) reaches this merge into one block")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--sem-smoothing", sem.density_smoothing,
                  "semantic: ε in (min ρ + ε) / (max ρ + ε); 0 = the paper's formula 1")
      ->check(CLI::Range(0.0, 10.0));
  cmd->add_option("--sem-max-link-density", sem.max_link_density,
                  "semantic: blocks with more link text than this share are dropped unsegmented (1 = off, the paper; default 0.5)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--sem-min-chars", sem.min_block_chars,
                  "semantic: blocks with fewer characters are dropped unsegmented (0 = off)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--sem-main-text", sem.main_text_words,
                  "semantic: pick the main block by feature words × (1 − link density) (default 1; 0 = paper)");
  cmd->add_option("--sem-group", sem.group_siblings,
                  "semantic: runs of similar adjacent children form one block (default 1)");
  TibetanOptions& tib = options.tibetan;
  cmd->add_option("--tib-syllable-max", tib.max_syllable_length,
                  "tibetan: a syllable fits with 1..N characters between two dots (default 7)")
      ->check(CLI::Range(1, 40));
  cmd->add_option("--tib-syllable-max-gb", tib.max_syllable_length_gb,
                  "tibetan: the same for GB2312-based font encodings (default 5)")
      ->check(CLI::Range(1, 40));
  cmd->add_option("--tib-fit-ratio", tib.min_fit_ratio,
                  "tibetan: a page is Tibetan when this share of its syllables fit (default 1/3)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--tib-dot-share", tib.min_dot_share,
                  "tibetan: dots must make this share of the measured Tibetan characters (default 0.125)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--tib-min-syllables", tib.min_syllables,
                  "tibetan: fewer fitting syllables than this is not a Tibetan page (default 10)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--tib-share", tib.min_tibetan_share,
                  "tibetan: fitting syllables / (syllables + other words) must reach this (default 0.1)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--tib-relativity-strong", tib.relativity_strong,
                  "tibetan: link text share at most this is strongly related (default 0.5)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--tib-relativity-max", tib.relativity_max,
                  "tibetan: nodes with a larger link text share are removed (default 0.8)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--tib-veracity-min", tib.veracity_min,
                  "tibetan: content has at least this many dots per Tibetan character (default 0.125)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--tib-veracity-max", tib.veracity_max,
                  "tibetan: ... and at most this many (default 0.6)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--tib-topic-share", tib.topic_share,
                  "tibetan: descend into the child holding this share of the kept text (1 = off)")
      ->check(CLI::Range(0.0, 1.0));
}

}  // namespace pith::cli
