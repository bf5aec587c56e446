// Local-semantic page purification — 谢华, 刘卫国, "基于局部语义的网页净化算法" (Reducing Web Noise
// Algorithm Based on Partly Semantic; paper 002, Central South University). No training set: the page
// is cut into local semantic blocks, and blocks unrelated to the main block are removed.
//
// §3.1.3  link density ρ(n) = link-text characters / text characters of n's subtree (dom::NodeStats).
// Formula (1)  Similar(a, b) = ρa / ρb if ρa ≤ ρb, else ρb / ρa  — i.e. min(ρa, ρb) / max(ρa, ρb).
//         Edge cases (not in the paper): 0/0 (two link-free nodes) = 1; x/0 never arises because
//         the larger density is the denominator, so Similar(0, x > 0) = 0. Nodes without visible
//         text have no density and take no part.
// §3.2.1  HTMLSegment: bottom-up from the leaves; when all children of a node are mutually similar
//         the node's whole subtree is one local semantic block (PS) and the merge goes on upward,
//         until a node's children are not similar. There, "related (similar) nodes are put into
//         the same extraction range": runs of adjacent, mutually similar children form one block
//         each. Every block is one subtree or a run of sibling subtrees, i.e. one contiguous range of
//         node ids, and the blocks partition the page's visible text.
// §3.2.2  Feature words: the paper uses ICTCLAS; pith uses ICU's word BreakIterator (text/words.h:
//         Chinese/Japanese dictionary, Thai etc. dictionaries, Tibetan syllables, spaces elsewhere),
//         drops punctuation, numbers and stop words (data/stopwords/<lang>.txt), case-folds.
// Formula (3)  is garbled in the paper's text ("w_i = [Log(n_i N) Σ_j tf_ij] √(Σ_i Σ_j tf_ij)"). Its
//         prose says: TF-IDF with N and n_i narrowed to the page. pith implements exactly that —
//         N = number of blocks, n_i = blocks containing term i, w_i = tf_i × ln(N / n_i) within a
//         block, and each block vector divided by its L2 norm (what the √Σ in the garbled formula
//         most plausibly is). Formula (2) "tf / log(N/N_i)" is also a typo for tf × log(N/N_i).
// ClearNoise  PS_m = the block with the most feature words (ties: more characters); a block whose
//         cosine to PS_m is below λ is noise and is removed. The paper's pseudo-code says
//         "if s > λ remove", contradicting its abstract, title and conclusion ("remove the nodes whose
//         relevance to the page's subject is below a preset threshold"); the abstract is followed.
//         Cosine with an all-zero vector is 0; PS_m itself is always kept. With N = 1 every weight
//         is ln 1 = 0 and the one block is kept.
//
// Departures from the paper, each an Option (values measured in docs/semantic.md):
// - Smoothing ε in formula (1): (min + ε) / (max + ε). Unsmoothed, a paragraph holding one short link
//   (ρ = 0.03) is totally dissimilar to a link-free one (ρ = 0) and every article splits at each
//   inline link. ε = 0 restores the paper's formula.
// - Units: inline content is not segmented. A node's children are its block-level element children
//   (or elements holding block-level descendants) and the maximal runs of inline children between
//   them (text, <a>, <b>, ... — one unit per run), so "text <a>link</a> text" inside a paragraph is
//   one unit and a paragraph with no block-level inside is a leaf. <br> counts as inline.
// - Speed: blocks with link density above `max_link_density` or fewer than `min_block_chars`
//   characters are removed without segmentation (ICU's Chinese dictionary runs ~16 MB/s).
//   Such blocks do not count in N.
// Linear in the nodes plus the segmented text; per-thread buffers are reused from page to page.
#include "algo/semantic.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "text/stopwords.h"
#include "text/words.h"

namespace pith::algo {
namespace semantic {

double Similar(double rho_a, double rho_b, double smoothing) {
  const double a = std::clamp(rho_a, 0.0, 1.0), b = std::clamp(rho_b, 0.0, 1.0);
  const double eps = std::max(0.0, smoothing);
  const double lo = std::min(a, b) + eps, hi = std::max(a, b) + eps;
  return hi > 0 ? lo / hi : 1.0;  // hi = 0 only when both densities are 0 and ε = 0: 0/0 = 1
}

namespace {

// One child unit of a node: a structural child's subtree or a run of inline children.
struct Unit {
  dom::NodeId begin = 0, end = 0;
  std::uint32_t chars = 0, link_chars = 0;
  bool merged = true;
  double rho() const { return chars ? static_cast<double>(link_chars) / chars : 0.0; }
};

bool IsStructuralTag(dom::Tag tag) { return tag != dom::Tag::kBr && dom::IsBlockLevel(tag); }

// Bottom-up state, indexed by id - root.
struct SegmentState {
  dom::NodeId root = 0;
  std::vector<std::uint8_t> structural;  // block-level element, or holds one
  std::vector<std::uint8_t> merged;      // the whole subtree is one uniform unit
};

// The units of `parent`'s children, in order; units without visible text are left out.
void CollectUnits(const dom::Document& doc, const dom::Annotation& ann, dom::NodeId parent,
                  const SegmentState& st, std::vector<Unit>* units) {
  units->clear();
  Unit inline_run;
  bool open = false;
  auto close = [&]() {
    if (open && inline_run.chars > 0) units->push_back(inline_run);
    open = false;
  };
  for (dom::NodeId c = doc[parent].first_child; c != dom::kNoNode; c = doc[c].next_sibling) {
    const dom::NodeStats& s = ann[c];
    if (st.structural[c - st.root]) {
      close();
      if (s.chars > 0) units->push_back(Unit{c, doc.SubtreeEnd(c), s.chars, s.link_chars, st.merged[c - st.root] != 0});
      continue;
    }
    if (!open) inline_run = Unit{c, c, 0, 0, true}, open = true;
    inline_run.end = doc.SubtreeEnd(c);
    inline_run.chars += s.chars;
    inline_run.link_chars += s.link_chars;
  }
  close();
}

// A node whose children are not all similar: each run of adjacent, mutually similar merged units
// becomes a block (each merged unit alone when grouping is off). Unmerged units hold their own blocks.
void EmitRuns(const std::vector<Unit>& units, dom::NodeId parent, const SemanticOptions& o,
              std::vector<Block>* blocks) {
  Block run;
  bool open = false;
  double lo = 0, hi = 0;
  auto close = [&]() {
    if (open) blocks->push_back(run);
    open = false;
  };
  for (const Unit& u : units) {
    if (!u.merged) {
      close();
      continue;
    }
    const double rho = u.rho();
    if (open && o.group_siblings) {
      const double nlo = std::min(lo, rho), nhi = std::max(hi, rho);
      if (Similar(nlo, nhi, o.density_smoothing) >= o.similarity_threshold) {
        run.end = u.end;
        run.chars += u.chars;
        run.link_chars += u.link_chars;
        lo = nlo, hi = nhi;
        continue;
      }
    }
    close();
    run = Block{u.begin, u.end, parent, u.chars, u.link_chars};
    lo = hi = rho;
    open = true;
  }
  close();
}

}  // namespace

std::vector<Block> Segment(const dom::Document& doc, const dom::Annotation& ann, dom::NodeId root,
                           const SemanticOptions& o) {
  std::vector<Block> blocks;
  const dom::NodeId end = doc.SubtreeEnd(root);
  SegmentState st;
  st.root = root;
  st.structural.assign(end - root, 0);
  st.merged.assign(end - root, 1);
  std::vector<Unit> units;
  // Pre-order ids: walking them backwards visits every child before its parent.
  for (dom::NodeId id = end; id-- > root;) {
    const dom::Node& n = doc[id];
    if (n.is_text()) continue;  // a leaf: inline, merged
    bool container = id == root;
    for (dom::NodeId c = n.first_child; c != dom::kNoNode && !container; c = doc[c].next_sibling) {
      container = st.structural[c - root] != 0;
    }
    if (!container) {  // no block-level inside: a leaf unit (block-level) or part of an inline run
      st.structural[id - root] = IsStructuralTag(n.tag);
      continue;
    }
    st.structural[id - root] = 1;
    CollectUnits(doc, ann, id, st, &units);
    bool merged = true;
    double lo = 1, hi = 0;
    for (const Unit& u : units) {
      merged = merged && u.merged;
      lo = std::min(lo, u.rho());
      hi = std::max(hi, u.rho());
    }
    merged = merged && (units.size() < 2 || Similar(lo, hi, o.density_smoothing) >= o.similarity_threshold);
    st.merged[id - root] = merged;
    if (!merged) EmitRuns(units, id, o, &blocks);
  }
  if (st.merged[0] && ann[root].chars > 0) {
    blocks.push_back(Block{root, end, dom::kNoNode, ann[root].chars, ann[root].link_chars});
  }
  std::sort(blocks.begin(), blocks.end(), [](const Block& a, const Block& b) { return a.begin < b.begin; });
  return blocks;
}

// ---- Terms and vectors ----------------------------------------------------------------------------

std::uint32_t TermCounts::Words(std::size_t b) const {
  std::uint32_t n = 0;
  for (std::uint32_t i = offsets[b]; i < offsets[b + 1]; ++i) n += tf[i];
  return n;
}

void TermCounts::AddBlock(std::vector<std::uint32_t>& ids) {
  std::sort(ids.begin(), ids.end());
  for (std::size_t i = 0; i < ids.size();) {
    std::size_t j = i;
    while (j < ids.size() && ids[j] == ids[i]) ++j;
    term.push_back(ids[i]);
    tf.push_back(static_cast<std::uint32_t>(j - i));
    terms = std::max(terms, ids[i] + 1);
    i = j;
  }
  offsets.push_back(static_cast<std::uint32_t>(term.size()));
}

Vectors WeighTfIdf(const TermCounts& counts) {
  Vectors v;
  const std::size_t n = counts.blocks();
  std::vector<std::uint32_t> df(counts.terms, 0);
  for (std::uint32_t t : counts.term) ++df[t];  // each term appears once per block in `counts`
  v.term = counts.term;
  v.weight.resize(counts.term.size());
  v.offsets = counts.offsets;
  for (std::size_t b = 0; b < n; ++b) {
    double norm = 0;
    for (std::uint32_t i = counts.offsets[b]; i < counts.offsets[b + 1]; ++i) {
      const double w = counts.tf[i] * std::log(static_cast<double>(n) / df[counts.term[i]]);
      v.weight[i] = w;
      norm += w * w;
    }
    if (norm <= 0) continue;
    norm = std::sqrt(norm);
    for (std::uint32_t i = counts.offsets[b]; i < counts.offsets[b + 1]; ++i) v.weight[i] /= norm;
  }
  return v;
}

double Cosine(const Vectors& v, std::size_t a, std::size_t b) {
  std::uint32_t i = v.offsets[a], j = v.offsets[b];
  const std::uint32_t ie = v.offsets[a + 1], je = v.offsets[b + 1];
  double dot = 0;
  while (i < ie && j < je) {
    if (v.term[i] < v.term[j]) ++i;
    else if (v.term[j] < v.term[i]) ++j;
    else dot += v.weight[i++] * v.weight[j++];
  }
  return dot;
}

void TermDictionary::Clear() {
  std::fill(slots_.begin(), slots_.end(), 0u);
  hashes_.clear();
}

void TermDictionary::Grow() {
  slots_.assign(std::max<std::size_t>(1024, slots_.size() * 2), 0u);
  const std::size_t mask = slots_.size() - 1;
  for (std::uint32_t id = 0; id < hashes_.size(); ++id) {
    std::size_t i = hashes_[id] & mask;
    while (slots_[i]) i = (i + 1) & mask;
    slots_[i] = id + 1;
  }
}

std::uint32_t TermDictionary::Id(std::string_view folded) {
  std::uint64_t h = 0xCBF29CE484222325ull;  // FNV-1a, then a final mix
  for (char c : folded) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001B3ull;
  h ^= h >> 31;
  h *= 0x9E3779B97F4A7C15ull;
  if ((hashes_.size() + 1) * 2 > slots_.size()) Grow();
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = h & mask;
  while (slots_[i]) {
    if (hashes_[slots_[i] - 1] == h) return slots_[i] - 1;
    i = (i + 1) & mask;
  }
  hashes_.push_back(h);
  slots_[i] = static_cast<std::uint32_t>(hashes_.size());
  return slots_[i] - 1;
}

namespace {

// ’ (U+2019, E2 80 99) → ' in place: "don’t" is "don't".
void NormalizeApostrophes(std::string* s) {
  std::size_t w = 0;
  for (std::size_t r = 0; r < s->size();) {
    if (r + 2 < s->size() && (*s)[r] == '\xE2' && (*s)[r + 1] == '\x80' && (*s)[r + 2] == '\x99') {
      (*s)[w++] = '\'';
      r += 3;
    } else {
      (*s)[w++] = (*s)[r++];
    }
  }
  s->resize(w);
}

}  // namespace

void FeatureWords(std::string_view text, TermDictionary* dict, std::vector<std::uint32_t>* ids) {
  thread_local std::vector<text::Word> words;
  thread_local std::string folded;
  words.clear();
  if (!text::SegmentWords(text, &words)) return;
  for (const text::Word& w : words) {
    if (w.kind == text::WordKind::kNumber) continue;
    folded.clear();
    text::AppendFoldedCase(text.substr(w.begin, w.size), &folded);
    NormalizeApostrophes(&folded);
    if (text::IsStopWord(folded)) continue;
    ids->push_back(dict->Id(folded));
  }
}

}  // namespace semantic

// ---- The algorithm --------------------------------------------------------------------------------

namespace {

using semantic::Block;

// The visible text of a block, text nodes joined by spaces.
void BlockText(const dom::Document& doc, const Block& b, std::string* out) {
  out->clear();
  for (dom::NodeId id = b.begin; id < b.end; ++id) {
    if (!doc[id].is_text() || doc[id].hidden()) continue;
    if (!out->empty()) out->push_back(' ');
    out->append(doc.Text(id));
  }
}

Decision MakeDecision(const dom::Document& doc, const Block& b) {
  Decision d;
  d.node = b.begin;
  d.first_line = doc[b.begin].line;
  d.last_line = std::max(d.first_line, doc[b.end - 1].line);
  return d;
}

}  // namespace

Selection RunSemantic(const Context& ctx) {
  const SemanticOptions& o = ctx.options.semantic;
  const dom::Document& doc = ctx.doc;
  Selection sel;
  sel.Reset(doc.size());
  const dom::NodeId root = doc.body != dom::kNoNode ? doc.body : 0;
  const std::vector<Block> blocks = semantic::Segment(doc, ctx.annotation, root, o);

  // Feature words of the blocks that pass the speed filters; row r of `counts` is block rows[r].
  thread_local semantic::TermDictionary dict;
  thread_local std::string text;
  thread_local std::vector<std::uint32_t> ids;
  dict.Clear();
  semantic::TermCounts counts;
  std::vector<std::size_t> rows;
  std::vector<Decision> decisions(blocks.size());
  char buf[192];
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const Block& b = blocks[i];
    decisions[i] = MakeDecision(doc, b);
    if (b.link_density() > o.max_link_density) {
      std::snprintf(buf, sizeof buf, "%u chars, ρ %.2f > %.2f: link block, not segmented", b.chars,
                    b.link_density(), o.max_link_density);
      decisions[i].reason = buf;
      continue;
    }
    if (b.chars < static_cast<std::uint32_t>(std::max(0, o.min_block_chars))) {
      std::snprintf(buf, sizeof buf, "%u chars < %d: too small, not segmented", b.chars, o.min_block_chars);
      decisions[i].reason = buf;
      continue;
    }
    BlockText(doc, b, &text);
    ids.clear();
    semantic::FeatureWords(text, &dict, &ids);
    counts.AddBlock(ids);
    rows.push_back(i);
  }
  const semantic::Vectors vectors = semantic::WeighTfIdf(counts);

  // PS_m: most feature words (weighted by the non-link share 1 − ρ when main_text_words), then most
  // characters.
  std::size_t main_row = rows.size();
  double main_score = -1;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const Block& b = blocks[rows[r]];
    const double score = counts.Words(r) * (o.main_text_words ? 1.0 - b.link_density() : 1.0);
    if (score > main_score || (score == main_score && b.chars > blocks[rows[main_row]].chars)) {
      main_row = r, main_score = score;
    }
  }
  const std::uint32_t main_words = main_row < rows.size() ? counts.Words(main_row) : 0;
  std::size_t kept = 0;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const Block& b = blocks[rows[r]];
    Decision& d = decisions[rows[r]];
    const std::uint32_t words = counts.Words(r);
    if (r == main_row) {
      d.score = 1;
      d.kept = true;
      std::snprintf(buf, sizeof buf, "main block PS_m: %u feature words (most%s), %u chars, ρ %.2f", words,
                    o.main_text_words ? " × (1 − ρ)" : "",
                    b.chars, b.link_density());
    } else {
      d.score = semantic::Cosine(vectors, r, main_row);
      d.kept = d.score >= o.relevance_threshold;
      std::snprintf(buf, sizeof buf, "cos %.3f %s λ %.2f; %u feature words, %u chars, ρ %.2f", d.score,
                    d.kept ? "≥" : "<", o.relevance_threshold, words, b.chars, b.link_density());
    }
    d.reason = buf;
    if (d.kept) {
      ++kept;
      for (dom::NodeId id = b.begin; id < b.end; ++id) {  // a run spans several sibling subtrees
        if (doc[id].is_text() && !doc[id].hidden()) sel.keep[id] = 1;
      }
    }
  }
  sel.decisions = std::move(decisions);
  std::snprintf(buf, sizeof buf, "%zu blocks, %zu segmented (%u terms), main block %u words, %zu kept (λ %.2f)",
                blocks.size(), rows.size(), counts.terms, main_words, kept, o.relevance_threshold);
  sel.summary = buf;
  return sel;
}

}  // namespace pith::algo
