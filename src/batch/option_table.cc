// The table of options (option_table.h): one row per option, built once.
#include "batch/option_table.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

#include "text/ascii.h"

namespace pith::batch {
namespace {

using Values = std::vector<std::string>;

// The shortest text that reads back as the same double ("0.5", "0.3333333333333333").
std::string NumberText(double v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

std::string RangeText(double min, double max) { return NumberText(min) + ".." + NumberText(max); }

bool ParseInteger(const std::string& text, long long* out) {
  const char* end = text.data() + text.size();
  const auto r = std::from_chars(text.data(), end, *out);
  return r.ec == std::errc() && r.ptr == end && !text.empty();
}

bool ParseReal(const std::string& text, double* out) {
  const char* end = text.data() + text.size();
  const auto r = std::from_chars(text.data(), end, *out);
  return r.ec == std::errc() && r.ptr == end && !text.empty() && std::isfinite(*out);
}

bool ParseBool(const std::string& text, bool* out) {
  for (const char* yes : {"1", "true", "yes", "on"}) {
    if (text::EqualsIgnoreAsciiCase(text, yes)) return *out = true;
  }
  for (const char* no : {"0", "false", "no", "off"}) {
    if (text::EqualsIgnoreAsciiCase(text, no)) return !(*out = false);
  }
  return false;
}

// A row of the table. `field` maps Settings (const or not) to the value's place.
OptionSpec Row(const char* flag, OptionGroup group, OptionKind kind, const char* help) {
  OptionSpec s;
  s.flag = flag;
  s.keyword = flag;
  std::replace(s.keyword.begin(), s.keyword.end(), '-', '_');
  s.group = group;
  s.kind = kind;
  s.help = help;
  return s;
}

template <class F>
OptionSpec Flag(const char* flag, OptionGroup group, const char* help, F field, bool value = true) {
  OptionSpec s = Row(flag, group, OptionKind::kFlag, help);
  s.get = [field, value](const Settings& st) { return std::string(field(st) == value ? "1" : ""); };
  s.set = [field, value](Settings& st, const Values&) {
    field(st) = value;
    return std::string();
  };
  return s;
}

template <class F>
OptionSpec Bool(const char* flag, OptionGroup group, const char* help, F field) {
  OptionSpec s = Row(flag, group, OptionKind::kBool, help);
  s.get = [field](const Settings& st) { return std::string(field(st) ? "1" : "0"); };
  s.set = [field](Settings& st, const Values& v) {
    bool b = false;
    if (!ParseBool(v[0], &b)) return "takes 1 or 0, not \"" + v[0] + "\"";
    field(st) = b;
    return std::string();
  };
  return s;
}

// kInt or kBytes, into any integer field.
template <class F>
OptionSpec Integer(const char* flag, OptionGroup group, const char* help, F field, double min = 0, double max = 0,
                   OptionKind kind = OptionKind::kInt) {
  OptionSpec s = Row(flag, group, kind, help);
  s.min = min;
  s.max = max;
  s.get = [field](const Settings& st) { return std::to_string(field(st)); };
  s.set = [field, min, max](Settings& st, const Values& v) {
    using T = std::remove_reference_t<decltype(field(st))>;
    long long x = 0;
    if (!ParseInteger(v[0], &x)) return "takes an integer, not \"" + v[0] + "\"";
    const bool ranged = min < max;
    if (ranged && (static_cast<double>(x) < min || static_cast<double>(x) > max)) {
      return v[0] + " is not in " + RangeText(min, max);
    }
    if (x < static_cast<long long>(std::numeric_limits<T>::min()) ||
        (x > 0 && static_cast<unsigned long long>(x) > std::numeric_limits<T>::max())) {
      return v[0] + " is out of range";
    }
    field(st) = static_cast<T>(x);
    return std::string();
  };
  return s;
}

template <class F>
OptionSpec Bytes(const char* flag, OptionGroup group, const char* help, F field) {
  return Integer(flag, group, help, field, 0, 0, OptionKind::kBytes);
}

template <class F>
OptionSpec Number(const char* flag, OptionGroup group, const char* help, F field, double min = 0, double max = 0) {
  OptionSpec s = Row(flag, group, OptionKind::kNumber, help);
  s.min = min;
  s.max = max;
  s.get = [field](const Settings& st) { return NumberText(field(st)); };
  s.set = [field, min, max](Settings& st, const Values& v) {
    double x = 0;
    if (!ParseReal(v[0], &x)) return "takes a number, not \"" + v[0] + "\"";
    if (min < max && (x < min || x > max)) return v[0] + " is not in " + RangeText(min, max);
    field(st) = x;
    return std::string();
  };
  return s;
}

template <class F>
OptionSpec Text(const char* flag, OptionGroup group, const char* help, F field) {
  OptionSpec s = Row(flag, group, OptionKind::kText, help);
  s.get = [field](const Settings& st) { return std::string(field(st)); };
  s.set = [field](Settings& st, const Values& v) {
    field(st) = v[0];
    return std::string();
  };
  return s;
}

// A choice among names; `get` and `put` translate between the name and the field.
OptionSpec Choice(const char* flag, OptionGroup group, const char* help, std::vector<std::string> choices,
                  std::function<std::string(const Settings&)> get,
                  std::function<void(Settings&, const std::string&)> put) {
  OptionSpec s = Row(flag, group, OptionKind::kChoice, help);
  s.choices = std::move(choices);
  s.get = std::move(get);
  s.set = [choices = s.choices, put = std::move(put)](Settings& st, const Values& v) {
    if (std::find(choices.begin(), choices.end(), v[0]) == choices.end()) {
      std::string list;
      for (const std::string& c : choices) list += (list.empty() ? "" : ", ") + c;
      return "\"" + v[0] + "\" is none of " + list;
    }
    put(st, v[0]);
    return std::string();
  };
  return s;
}

// A choice stored as its name in a string field.
template <class F>
OptionSpec NamedChoice(const char* flag, OptionGroup group, const char* help, std::vector<std::string> choices,
                       F field) {
  return Choice(flag, group, help, std::move(choices), [field](const Settings& st) { return std::string(field(st)); },
                [field](Settings& st, const std::string& v) { field(st) = v; });
}

template <class F>
OptionSpec List(const char* flag, OptionGroup group, const char* help, std::size_t min_items, F field) {
  OptionSpec s = Row(flag, group, OptionKind::kList, help);
  s.min_items = min_items;
  s.get = [field](const Settings& st) {
    std::string all;
    for (const std::string& v : field(st)) all += (all.empty() ? "" : " ") + v;
    return all;
  };
  s.set = [field, min_items](Settings& st, const Values& v) {
    if (v.size() < min_items) return "takes at least " + std::to_string(min_items) + " values";
    field(st) = v;
    return std::string();
  };
  return s;
}

// Record types --warc-types takes.
std::string CheckRecordTypes(const std::string& list) {
  std::size_t i = 0;
  while (i <= list.size()) {
    const std::size_t comma = std::min(list.find(',', i), list.size());
    const std::string t = list.substr(i, comma - i);
    if (t != "metadata" && t != "revisit" && t != "conversion") return "unknown record type \"" + t + "\"";
    i = comma + 1;
  }
  return {};
}

// Server: the options that choose what one page's record holds and how the algorithm runs; not the
// ones that read or write the server's files or size its work.
OptionSpec Served(OptionSpec s) {
  s.fronts |= kServer;
  return s;
}
OptionSpec ToolOnly(OptionSpec s) {
  s.fronts = kTool;
  return s;
}

#define FIELD(expr) [](auto& s) -> auto& { return s.expr; }

std::vector<OptionSpec> Build() {
  using G = OptionGroup;
  std::vector<OptionSpec> t;
  // ---- what each record holds
  t.push_back(Served(NamedChoice(
      "format", G::kExtract,
      "what each page becomes: text, json (its record), jsonl (its record on one line), markdown, paper (paper "
      "001's layout), html (the purified page: kept elements with their links, paper 002), or wet (the tool only: "
      "a WARC of conversion records, as Common Crawl's WET files)",
      {"text", "json", "jsonl", "markdown", "paper", "html", "wet"}, FIELD(format))));
  t.back().short_flag = 'f';
  t.push_back(Served(Text("url", G::kExtract, "the page's URL (for metadata: canonical URL, date in the URL; links)",
                          FIELD(url))));
  t.push_back(Served(Flag(
      "blocks", G::kExtract,
      "JSON: include the list of blocks: kind, level (heading level; for list items, how many lists hold them), "
      "line, text; for list items their number in an ordered list (0 in others); item (an id shared by the blocks "
      "of one list item) and row (an id shared by the cells of one table row) where they apply",
      FIELD(blocks))));
  t.push_back(Served(Flag("links", G::kExtract,
                          "markdown: write linked text as [text](url), URLs resolved against --url and <base href>; "
                          "JSON with --blocks: add each block's links {begin, end, url}",
                          FIELD(links))));
  t.push_back(Served(Flag("explain", G::kExtract,
                          "JSON: add \"explain\": the algorithm's decisions and every text block with its verdict, "
                          "score and reason (the tool: implies --format json)",
                          FIELD(explain))));
  // ---- how the batch runs
  t.push_back(Text("output", G::kBatch,
                   "write one file per input into this folder (NAME.txt, NAME.json, ...; pith.dask: the folder "
                   "of its JSONL files)",
                   FIELD(out_dir)));
  t.back().short_flag = 'o';
  t.push_back(Flag("recursive", G::kBatch, "descend into sub-folders", FIELD(recursive)));
  t.back().short_flag = 'r';
  t.push_back(Integer("jobs", G::kBatch, "worker threads (output order is kept; pith.dask: threads per worker)",
                      FIELD(jobs), 1, 256));
  t.back().short_flag = 'j';
  // ---- the algorithm and what it keeps
  t.push_back(Served(Choice(
      "algorithm", G::kAlgorithm,
      "content algorithm: auto = pith's own combination (paragraph votes, link density, tag/class hints, "
      "fallback to lineblock); lineblock = paper 001 line-block distribution; correlation = paper 000 content "
      "correlativity (CC = non-link chars / links) with CS/TD smoothing; pathsim = paper 004 DOM path "
      "similarity (with --site-pages/--site-model: same-site template removal); semantic = paper 002 "
      "local-semantic purification (link-density blocks, page-local TF-IDF cosine); tibetan = paper 003 DOM "
      "pruning by Relativity and Veracity (syllable dots; Relativity only on non-Tibetan pages)",
      {"auto", "correlation", "lineblock", "pathsim", "semantic", "tibetan"},
      [](const Settings& s) { return std::string(AlgorithmName(s.options.algorithm)); },
      [](Settings& s, const std::string& v) {
        ParseAlgorithm(v, &s.options.algorithm);
        s.algorithm_given = true;
      })));
  t.back().short_flag = 'a';
  t.push_back(Served(Text("charset", G::kAlgorithm,
                          "decode every input with this charset (a WHATWG label such as gbk, big5, windows-1256), "
                          "overriding all sniffing",
                          FIELD(options.forced_charset))));
  t.push_back(Bytes("max-bytes", G::kAlgorithm, "largest input accepted, in bytes", FIELD(options.max_input_bytes)));
  t.push_back(Served(Integer("max-depth", G::kAlgorithm,
                             "deepest element nesting kept; an element deeper is written empty and its content "
                             "follows it",
                             FIELD(options.max_nesting_depth), kMinNestingDepth, kMaxNestingDepth)));
  t.push_back(Served(Flag("comments", G::kAlgorithm,
                          "auto: keep the comment section or the replies after an article, after the content; "
                          "their blocks are marked (JSON: \"comment\": true per block, the \"comments\" text)",
                          FIELD(options.comments))));
  t.push_back(Served(Flag("no-headline", G::kAlgorithm,
                          "leave out the content's headline (its opening heading, or the page's title opening it)",
                          FIELD(options.headline), false)));
  t.push_back(Served(Flag("no-images", G::kAlgorithm,
                          "leave out the content's images (Markdown ![alt](src), HTML <img>, JSON image blocks); the "
                          "text never holds them",
                          FIELD(options.images), false)));
  t.push_back(Served(Choice(
      "favor", G::kAlgorithm,
      "auto: balanced, precision (less text that is not the content, some content lost) or recall (more of the "
      "content, more text that is not): the same decisions, their thresholds shifted",
      {"balanced", "precision", "recall"},
      [](const Settings& s) { return std::string(FavorName(s.options.automatic.favor)); },
      [](Settings& s, const std::string& v) { ParseFavor(v, &s.options.automatic.favor); })));
  t.push_back(Served(Integer("auto-min-para", G::kAlgorithm,
                             "auto: weighted characters a block needs for a full paragraph vote",
                             FIELD(options.automatic.min_paragraph_chars))));
  t.push_back(Served(Number("auto-short-vote", G::kAlgorithm, "auto: largest vote of a shorter block",
                            FIELD(options.automatic.short_block_vote))));
  t.push_back(Served(Number("auto-ascend", G::kAlgorithm,
                            "auto: move the main subtree up while the parent scores this share of it",
                            FIELD(options.automatic.ascend_score_ratio))));
  t.push_back(Served(Number("auto-mass", G::kAlgorithm,
                            "auto: ... or while the parent's content mass grows by this factor",
                            FIELD(options.automatic.ascend_mass_gain))));
  t.push_back(Served(Number("auto-comments", G::kAlgorithm, "auto: score factor of comment sections",
                            FIELD(options.automatic.comments_factor))));
  t.push_back(Served(Number("auto-sibling", G::kAlgorithm,
                            "auto: siblings scoring this share of the main subtree join it",
                            FIELD(options.automatic.sibling_score_ratio))));
  t.push_back(Served(Number("auto-max-ld", G::kAlgorithm,
                            "auto: inside the content, parts with more link text than this share are dropped",
                            FIELD(options.automatic.max_link_density))));
  t.push_back(Served(Integer("auto-lead-trim", G::kAlgorithm,
                             "auto: drop up to 3 blocks opening the content that are shorter than this many weighted "
                             "characters and end no sentence: bylines, dates, share rows (0 = off)",
                             FIELD(options.automatic.lead_trim_chars), 0, std::numeric_limits<int>::max())));
  t.push_back(Served(Number("auto-fallback", G::kAlgorithm,
                            "auto: use lineblock when the main subtree holds less than this share of the text",
                            FIELD(options.automatic.fallback_min_share))));
  t.push_back(Served(Number("auto-dispersed", G::kAlgorithm,
                            "auto: below this share of the text in the main subtree, add what correlation keeps "
                            "(0 = off)",
                            FIELD(options.automatic.dispersed_share), 0, 1)));
  t.push_back(Served(Number("auto-dispersed-main", G::kAlgorithm,
                            "auto: ... or, when the main subtree lies in <main>, below this share of the text <main> "
                            "holds outside boilerplate (0 = off)",
                            FIELD(options.automatic.dispersed_main_share), 0, 1)));
  t.push_back(Served(Integer("lb-thickness", G::kAlgorithm, "lineblock: block thickness K in lines",
                             FIELD(options.lineblock.block_thickness), 1, 10)));
  t.push_back(Served(Integer("lb-threshold", G::kAlgorithm,
                             "lineblock: block length that counts as a sharp rise, in weighted characters",
                             FIELD(options.lineblock.rise_threshold))));
  t.push_back(Served(Integer("lb-cjk-weight", G::kAlgorithm,
                             "lineblock: how many Latin letters one CJK character counts as",
                             FIELD(options.lineblock.cjk_char_weight), 1, 10)));
  t.push_back(Served(Number("lb-link-density", G::kAlgorithm,
                            "lineblock: lines with more link text than this share count as empty (1 = off)",
                            FIELD(options.lineblock.max_line_link_density), 0, 1)));
  t.push_back(Served(Number("lb-peak-ratio", G::kAlgorithm,
                            "lineblock: keep further regions whose peak reaches this share of the maximum",
                            FIELD(options.lineblock.min_region_peak_ratio), 0, 1)));
  // Before the correlation thresholds, so that thresholds given with it override the preset.
  t.push_back(Served(Choice(
      "cc-preset", G::kAlgorithm,
      "correlation: threshold preset: default (measured, all scripts) or uyghur (paper: C 29, S 57%, D 63)",
      {"default", "uyghur"}, [](const Settings&) { return std::string(); },
      [](Settings& s, const std::string& v) { CorrelationOptions::FromPreset(v, &s.options.correlation); })));
  t.push_back(Served(Number("cc-threshold", G::kAlgorithm,
                            "correlation: C, a node is content when weighted non-link chars / links >= C",
                            FIELD(options.correlation.cc_threshold))));
  t.push_back(Served(Number("cs-share", G::kAlgorithm,
                            "correlation: S, promote a node below C when more than this share of its same-tag "
                            "siblings is content",
                            FIELD(options.correlation.cs_share), 0, 1)));
  t.push_back(Served(Number("td-density", G::kAlgorithm,
                            "correlation: D, ... and its parent's non-link chars / its links exceed D",
                            FIELD(options.correlation.td_density))));
  t.push_back(Served(Integer("cc-cjk-weight", G::kAlgorithm,
                             "correlation: how many letters one CJK character counts as in TA",
                             FIELD(options.correlation.cjk_char_weight), 1, 10)));
  t.push_back(Served(Number("cc-level-share", G::kAlgorithm,
                            "correlation: the content level starts at the deepest element holding more than this "
                            "share of the content text; content off the level is dropped (0 = off)",
                            FIELD(options.correlation.level_share), 0, 1)));
  t.push_back(Served(Number("ps-block-sim", G::kAlgorithm,
                            "pathsim: consecutive leaves with path similarity >= this form one block",
                            FIELD(options.pathsim.block_similarity), 0, 1)));
  t.push_back(Served(Number("ps-body-sim", G::kAlgorithm,
                            "pathsim: blocks this similar to the main block's path join the body",
                            FIELD(options.pathsim.body_similarity), 0, 1)));
  t.push_back(Served(Bool("ps-class", G::kAlgorithm, "pathsim: compare path steps by tag name plus class",
                          FIELD(options.pathsim.class_in_path))));
  t.push_back(Served(Integer("ps-candidates", G::kAlgorithm,
                             "pathsim: the main block is the one of this many largest blocks with the most similar "
                             "text around it (1 = the paper's largest block)",
                             FIELD(options.pathsim.main_candidates), 1, 1000)));
  t.push_back(Served(Number("ps-candidate-ratio", G::kAlgorithm,
                            "pathsim: a main-block candidate needs this share of the largest block's text",
                            FIELD(options.pathsim.candidate_min_ratio), 0, 1)));
  t.push_back(Served(Number("ps-gap-sim", G::kAlgorithm,
                            "pathsim: a block between kept blocks is kept from this path similarity on (1 = off)",
                            FIELD(options.pathsim.gap_similarity), 0, 1)));
  t.push_back(Served(Bool("ps-heading", G::kAlgorithm, "pathsim: keep the heading just before the body",
                          FIELD(options.pathsim.leading_heading))));
  t.push_back(Served(Bool("ps-inline", G::kAlgorithm, "pathsim: inline elements (a, b, span, ...) are path steps",
                          FIELD(options.pathsim.inline_in_path))));
  t.push_back(Served(Bool("ps-sibling-index", G::kAlgorithm,
                          "pathsim: also compare path steps by position among same-named siblings",
                          FIELD(options.pathsim.sibling_index_in_path))));
  t.push_back(Served(Number("ps-template-share", G::kAlgorithm,
                            "pathsim: a text is site template when the same text is aligned on this share of the "
                            "model's pages (1 = all, the paper's rule)",
                            FIELD(options.pathsim.template_share), 0, 1)));
  t.push_back(Served(Number("sem-lambda", G::kAlgorithm,
                            "semantic: λ, blocks whose TF-IDF cosine to the main block is below this are removed",
                            FIELD(options.semantic.relevance_threshold), 0, 1)));
  t.push_back(Served(Number("sem-similarity", G::kAlgorithm,
                            "semantic: neighbours whose link-density similarity (formula 1) reaches this merge into "
                            "one block",
                            FIELD(options.semantic.similarity_threshold), 0, 1)));
  t.push_back(Served(Number("sem-smoothing", G::kAlgorithm,
                            "semantic: ε in (min ρ + ε) / (max ρ + ε); 0 = the paper's formula 1",
                            FIELD(options.semantic.density_smoothing), 0, 10)));
  t.push_back(Served(Number("sem-max-link-density", G::kAlgorithm,
                            "semantic: blocks with more link text than this share are dropped unsegmented (1 = off, "
                            "the paper)",
                            FIELD(options.semantic.max_link_density), 0, 1)));
  t.push_back(Served(Integer("sem-min-chars", G::kAlgorithm,
                             "semantic: blocks with fewer characters are dropped unsegmented (0 = off)",
                             FIELD(options.semantic.min_block_chars), 0, std::numeric_limits<int>::max())));
  t.push_back(Served(Bool("sem-main-text", G::kAlgorithm,
                          "semantic: pick the main block by feature words × (1 − link density) (0 = the paper's "
                          "feature words alone)",
                          FIELD(options.semantic.main_text_words))));
  t.push_back(Served(Bool("sem-group", G::kAlgorithm, "semantic: runs of similar adjacent children form one block",
                          FIELD(options.semantic.group_siblings))));
  t.push_back(Served(Integer("tib-syllable-max", G::kAlgorithm,
                             "tibetan: a syllable fits with 1..N characters between two dots",
                             FIELD(options.tibetan.max_syllable_length), 1, 40)));
  t.push_back(Served(Integer("tib-syllable-max-gb", G::kAlgorithm,
                             "tibetan: the same for GB2312-based font encodings",
                             FIELD(options.tibetan.max_syllable_length_gb), 1, 40)));
  t.push_back(Served(Number("tib-fit-ratio", G::kAlgorithm,
                            "tibetan: a page is Tibetan when this share of its syllables fit",
                            FIELD(options.tibetan.min_fit_ratio), 0, 1)));
  t.push_back(Served(Number("tib-dot-share", G::kAlgorithm,
                            "tibetan: dots must make this share of the measured Tibetan characters",
                            FIELD(options.tibetan.min_dot_share), 0, 1)));
  t.push_back(Served(Integer("tib-min-syllables", G::kAlgorithm,
                             "tibetan: fewer fitting syllables than this is not a Tibetan page",
                             FIELD(options.tibetan.min_syllables), 0, std::numeric_limits<int>::max())));
  t.push_back(Served(Number("tib-share", G::kAlgorithm,
                            "tibetan: fitting syllables / (syllables + other words) must reach this",
                            FIELD(options.tibetan.min_tibetan_share), 0, 1)));
  t.push_back(Served(Number("tib-relativity-strong", G::kAlgorithm,
                            "tibetan: link text share at most this is strongly related",
                            FIELD(options.tibetan.relativity_strong), 0, 1)));
  t.push_back(Served(Number("tib-relativity-max", G::kAlgorithm,
                            "tibetan: nodes with a larger link text share are removed",
                            FIELD(options.tibetan.relativity_max), 0, 1)));
  t.push_back(Served(Number("tib-veracity-min", G::kAlgorithm,
                            "tibetan: content has at least this many dots per Tibetan character",
                            FIELD(options.tibetan.veracity_min), 0, 1)));
  t.push_back(Served(Number("tib-veracity-max", G::kAlgorithm, "tibetan: ... and at most this many",
                            FIELD(options.tibetan.veracity_max), 0, 1)));
  t.push_back(Served(Number("tib-topic-share", G::kAlgorithm,
                            "tibetan: descend into the child holding this share of the kept text (1 = off)",
                            FIELD(options.tibetan.topic_share), 0, 1)));
  // ---- site models
  t.push_back(List("site-pages", G::kSite,
                   "other pages of the same site (2 or more): their shared template is removed (implies "
                   "--algorithm pathsim)",
                   2, FIELD(site.pages)));
  t.push_back(Text("site-model", G::kSite, "a site model saved by `pith site learn` (implies --algorithm pathsim)",
                   FIELD(site.model)));
  t.push_back(Text("site-save", G::kSite, "batch: also save every learned site model into this folder",
                   FIELD(site.save_dir)));
  t.push_back(Flag("no-site-groups", G::kSite, "batch with pathsim: do not learn a model per site group",
                   FIELD(site.no_groups)));
  t.push_back(Integer("site-min-pages", G::kSite,
                      "batch with pathsim: a site group of at least this many pages learns a model",
                      FIELD(site.min_group), 3, 1000000));
  t.push_back(Integer("site-max-learn", G::kSite,
                      "pages a site model is learned from, evenly spread over the group", FIELD(site.max_learn), 2,
                      1000000));
  // ---- web archives
  t.push_back(Served(NamedChoice("input", G::kArchive,
                                 "what the inputs are: auto (web archives are told from their name and first "
                                 "bytes), warc (WARC or ARC files, plain, gzip or zstd), html (pages, .html.gz too)",
                                 {"auto", "warc", "html"}, FIELD(archive.input))));
  t.push_back(Served(NamedChoice("warc-status", G::kArchive, "archives: extract responses with HTTP status 2xx or all",
                                 {"2xx", "all"}, FIELD(archive.status))));
  OptionSpec types = Text("warc-types", G::kArchive,
                          "archives: also extract these record types (besides response, resource and ARC captures): "
                          "metadata, revisit, conversion (comma-separated)",
                          FIELD(archive.types));
  types.set = [](Settings& s, const Values& v) {
    if (std::string bad = CheckRecordTypes(v[0]); !bad.empty()) return bad;
    s.archive.types = v[0];
    return std::string();
  };
  t.push_back(Served(types));
  t.push_back(Served(NamedChoice("warc-payload", G::kArchive,
                                 "archives: extract HTML payloads only (html: text/html, application/xhtml+xml, or no "
                                 "type and bytes that look like HTML) or any payload",
                                 {"html", "any"}, FIELD(archive.payload))));
  t.push_back(Text("summary", G::kArchive,
                   "archives: also write the summary (records, extracted, skipped by reason, errors by kind) as "
                   "JSON to this file",
                   FIELD(archive.summary)));
  t.push_back(Flag("no-progress", G::kArchive, "archives: no progress line on a terminal's stderr",
                   FIELD(archive.no_progress)));
  // ---- online mode (the tool's: the Python package does not fetch)
  t.push_back(ToolOnly(Text("urls", G::kOnline, "read URLs from FILE, one per line (# comments; - = stdin)",
                            FIELD(online.urls_file))));
  t.push_back(ToolOnly(Integer("concurrency", G::kOnline, "transfers in flight over all hosts",
                               FIELD(online.fetch.max_connections), 1, 1024)));
  t.push_back(ToolOnly(Integer("per-host", G::kOnline, "transfers in flight per host",
                               FIELD(online.fetch.max_per_host), 1, 1024)));
  t.push_back(ToolOnly(Number("per-host-delay", G::kOnline, "seconds between two requests to one host",
                              FIELD(online.fetch.per_host_delay), 0, 3600)));
  t.push_back(ToolOnly(Number("connect-timeout", G::kOnline, "seconds to connect",
                              FIELD(online.fetch.connect_timeout), 0.001, 3600)));
  t.push_back(ToolOnly(Number("timeout", G::kOnline, "seconds for a whole transfer incl. redirects",
                              FIELD(online.fetch.timeout), 0.001, 86400)));
  t.push_back(ToolOnly(Integer("max-redirects", G::kOnline, "redirects followed",
                               FIELD(online.fetch.max_redirects), 0, 100)));
  t.push_back(ToolOnly(Bytes("max-body", G::kOnline, "largest decoded body in bytes",
                             FIELD(online.fetch.max_body_bytes))));
  t.push_back(ToolOnly(Text("user-agent", G::kOnline, "User-Agent header", FIELD(online.fetch.user_agent))));
  t.push_back(ToolOnly(Integer("retries", G::kOnline, "retries of timeouts, dropped connections, 429, 5xx",
                               FIELD(online.fetch.retries), 0, 20)));
  t.push_back(ToolOnly(Number("backoff", G::kOnline,
                              "seconds before the first retry, doubled each time; a Retry-After header wins (capped "
                              "at 60 s)",
                              FIELD(online.fetch.backoff), 0, 3600)));
  t.push_back(ToolOnly(Text("save-html", G::kOnline,
                            "keep fetched pages in DIR (NNNNNN.html + urls.tsv) to replay offline",
                            FIELD(online.save_html))));
  t.push_back(ToolOnly(Flag("allow-file-urls", G::kOnline, "also read file:// URLs (refused by default)",
                            FIELD(online.fetch.allow_file_urls))));
  return t;
}

#undef FIELD

}  // namespace

const char* OptionGroupName(OptionGroup g) {
  switch (g) {
    case OptionGroup::kExtract: return "extract";
    case OptionGroup::kBatch: return "batch";
    case OptionGroup::kAlgorithm: return "algorithm";
    case OptionGroup::kSite: return "site";
    case OptionGroup::kArchive: return "archive";
    case OptionGroup::kOnline: return "online";
  }
  return "";
}

const std::vector<OptionSpec>& OptionTable() {
  static const std::vector<OptionSpec> table = Build();
  return table;
}

const OptionSpec* FindOption(std::string_view name) {
  for (const OptionSpec& s : OptionTable()) {
    if (s.keyword == name || s.flag == name) return &s;
  }
  return nullptr;
}

std::string DefaultText(const OptionSpec& spec) {
  static const Settings defaults;
  return spec.get(defaults);
}

std::string HelpText(const OptionSpec& spec) {
  std::string value = DefaultText(spec);
  if (value.empty()) return spec.help;
  if (spec.kind == OptionKind::kBytes) {
    const unsigned long long n = std::stoull(value);
    if (n >= (1u << 20) && n % (1u << 20) == 0) value = std::to_string(n >> 20) + " MiB";
  } else if (spec.kind == OptionKind::kNumber && value.size() > 6) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", std::stod(value));
    value = buf;
  }
  return spec.help + " (default " + value + ")";
}

std::string NameFor(const OptionSpec& spec, Front front) { return front == kTool ? "--" + spec.flag : spec.keyword; }

std::string SetOption(const OptionSpec& spec, Settings& settings, const std::vector<std::string>& values) {
  if (spec.kind != OptionKind::kFlag && spec.kind != OptionKind::kList && values.size() != 1) {
    return "takes one value";
  }
  return spec.set(settings, values);
}

std::string SetOptions(std::vector<GivenOption> given, Settings& settings, Front front) {
  const OptionSpec* first = OptionTable().data();
  std::stable_sort(given.begin(), given.end(), [first](const GivenOption& a, const GivenOption& b) {
    return a.spec - first < b.spec - first;
  });
  for (const GivenOption& g : given) {
    if (std::string bad = SetOption(*g.spec, settings, g.values); !bad.empty()) {
      return NameFor(*g.spec, front) + ": " + bad;
    }
  }
  return {};
}

std::string CheckCombination(Settings& s, bool format_given, Front front) {
  auto name = [front](const char* keyword) { return NameFor(*FindOption(keyword), front); };
  if (!s.site.pages.empty() && !s.site.model.empty()) return name("site_model") + " excludes " + name("site_pages");
  if (front == kPython) return {};
  // Explain without a format given means JSON.
  const bool json = s.format == "json" || s.format == "jsonl" || (s.explain && !format_given);
  if (s.links && s.format != "markdown" && !(json && s.blocks)) {
    return name("links") + " needs " + name("format") + " markdown, or " + name("format") + " json/jsonl with " +
           name("blocks");
  }
  if (s.explain && s.format != "json" && s.format != "jsonl") {
    if (format_given) return name("explain") + " needs " + name("format") + " json or jsonl";
    s.format = "json";
  }
  return {};
}

}  // namespace pith::batch
