// Tibetan DOM pruning by Relativity and Veracity — 珠杰, 欧珠, 格桑多吉, "基于 DOM 修剪的藏文 Web 信息
// 提取" (paper 003), section 2.4; page identification of section 2.2 (decode/tibetan.h).
//
// Formula 1  Relativity(n) = LinkContentLength(n) / ContentLength(n)
//            ≤ 0.5 strongly related to the topic; < 0.8 kept; > 0.8 removed (relativity_strong/_max).
// Formula 2  Veracity(n) = SyllableDotCount(n) / NodeContentLength(n), NodeContentLength = length of
//            the node's non-link Tibetan text (dots included); content lies in [0.125, 0.6]
//            (veracity_min: §1.1's one dot per at most 7 letters; veracity_max: 0.4 widened for the
//            extra dots pages put at line ends).
// Formulas 3, 4  Relativity = Σ Relativity(n_i), Veracity = Σ Veracity(n_i) over the children n_i: a
//            node's relevance is the union of its children's, so a link-heavy node whose child still
//            holds the topic is not thrown away.
// Order (§2.4 (3)): Relativity first, then Veracity, walking the tree from <body> down.
//
// How pith reads the formulas (departures, with reasons):
// - Lengths are subtree sums (ContentLength(n) = all visible characters under n), so formula 1 is the
//   link density of the subtree. Formulas 3 and 4 as literal sums of ratios grow with the number of
//   children and cannot be compared with the thresholds of formulas 1 and 2; pith implements the
//   union they describe: a node with Relativity > relativity_max is removed unless one of its children
//   is strongly related (Relativity ≤ relativity_strong) and, on a Tibetan page, has a Veracity within
//   bounds — then the node is kept as a container and each child is judged on its own.
// - The walk descends through containers (elements with block-level descendants) and decides on
//   units: elements without block-level descendants, and text directly inside a container. A unit is
//   kept when its Relativity ≤ relativity_max and (Tibetan page) its Veracity is within bounds. The
//   paper prunes "nodes" without saying at which depth the text is finally taken; judging at the
//   text-node level would drop a number or a Latin word inside a Tibetan paragraph (Veracity 0).
// - Mixed pages: Veracity counts Tibetan characters only, so a Chinese or English paragraph has
//   Veracity 0 and is pruned however long it is; the Tibetan body is kept.
// - Topic block (pith, `topic_share`): the paper's example output is the page's topic block, but
//   pruning alone also keeps Tibetan footers and sidebar notes. After pruning, pith walks down from
//   <body> into the child holding at least topic_share of the surviving text and keeps only what
//   survives under the node where the text splits. topic_share = 1 disables the step.
// - Non-Tibetan pages (the identification of §2.2 fails on the Document's text): Veracity does not
//   apply (there are no syllable dots), so the algorithm runs Relativity-only pruning plus the topic
//   block step, with "strongly related" meaning Relativity ≤ relativity_strong and at least two words.
// - Legacy font encodings: the Document no longer knows fonts, so this file sees Unicode and the
//   private-use sets only (dot U+0F0B/U+0F0C, or U+E0DF on Zhigong pages). ASCII-font pages must be
//   converted before parsing: the pipeline does it (core/pipeline.cc, decode::ConvertLegacyTibetan)
//   when the page declares a covered legacy font and the identifier agrees; a font no table covers
//   is labelled in Result::encoding, and such a page is a non-Tibetan page here.
// Cost: three linear passes over the Document (counts, walk, topic masses); no allocation per node
// beyond the Selection's decisions.
#include <algorithm>
#include <cstdio>

#include "algo/algorithm.h"
#include "decode/tibetan.h"
#include "text/unicode.h"

namespace pith::algo {
namespace {

struct Counts {
  std::vector<std::uint32_t> tib;    // non-link Tibetan characters (dots included), subtree
  std::vector<std::uint32_t> dots;   // non-link syllable dots, subtree
  std::vector<std::uint8_t> blocky;  // 1 when the element has a block-level descendant
};

// Per-node non-link Tibetan length and dots (subtree sums), and the page-level measurement of §2.2
// on the Document's text: one forward pass over the text, one backward pass for the sums.
decode::TibetanEvidence CountTibetan(const dom::Document& doc, dom::NodeId root, const TibetanOptions& o,
                                   Counts* c) {
  const std::size_t n = doc.size();
  c->tib.assign(n, 0);
  c->dots.assign(n, 0);
  c->blocky.assign(n, 0);
  std::uint32_t zhigong_dots = 0;
  decode::TibetanTextMeter meter(o);
  for (dom::NodeId id = root; id < doc.SubtreeEnd(root); ++id) {
    const dom::Node& node = doc[id];
    if (node.is_element() && dom::IsBlockLevel(node.tag)) meter.Break();
    if (!node.is_text() || node.hidden()) continue;
    const std::string_view t = doc.Text(id);
    meter.Add(t, false);
    if (node.in_link()) continue;
    for (std::size_t i = 0; i < t.size();) {
      if (static_cast<unsigned char>(t[i]) < 0x80) {
        ++i;
        continue;
      }
      const char32_t cp = text::NextCodePoint(t, i);
      if (!decode::IsTibetanTextChar(cp)) continue;
      ++c->tib[id];
      if (cp == 0x0F0B || cp == 0x0F0C) ++c->dots[id];
      if (cp == 0xE0DF) ++zhigong_dots;
    }
  }
  decode::TibetanEvidence ev;
  decode::JudgeUnicodeTibetan(meter, o, &ev);
  const bool zhigong = ev.encoding == decode::TibetanEncoding::kPuaZhigong && zhigong_dots > 0;
  for (dom::NodeId id = static_cast<dom::NodeId>(n); id-- > 1;) {
    const dom::Node& node = doc[id];
    if (zhigong && node.is_text() && !node.hidden() && !node.in_link()) {
      // Zhigong pages: the dot is U+E0DF (recounted only on such pages).
      const std::string_view t = doc.Text(id);
      for (std::size_t i = 0; i < t.size();) {
        if (static_cast<unsigned char>(t[i]) < 0x80) {
          ++i;
          continue;
        }
        if (text::NextCodePoint(t, i) == 0xE0DF) ++c->dots[id];
      }
    }
    const dom::NodeId p = node.parent;
    c->tib[p] += c->tib[id];
    c->dots[p] += c->dots[id];
    if (node.is_element() && (dom::IsBlockLevel(node.tag) || c->blocky[id])) c->blocky[p] = 1;
  }
  return ev;
}

class Pruner {
 public:
  Pruner(const Context& ctx, const Counts& counts, bool tibetan, Selection* sel)
      : doc_(ctx.doc), ann_(ctx.annotation), o_(ctx.options.tibetan), c_(counts), tibetan_(tibetan),
        sel_(sel) {}

  void Run(dom::NodeId root) {
    std::vector<dom::NodeId> stack{root};
    while (!stack.empty()) {
      const dom::NodeId id = stack.back();
      stack.pop_back();
      const dom::Node& node = doc_[id];
      if (node.hidden() || ann_[id].chars == 0) continue;
      const bool unit = node.is_text() || !c_.blocky[id];
      if (unit && id != root) {
        JudgeUnit(id);
        continue;
      }
      const double r = Relativity(id);
      if (id != root && r > o_.relativity_max) {
        const dom::NodeId child = StrongChild(id);
        if (child == dom::kNoNode) {
          Decide(id, r, false, "R %.2f > %.2f, no strongly related child: removed", r, o_.relativity_max);
          continue;
        }
        Decide(id, r, true, "R %.2f > %.2f, but a child has R %.2f <= %.2f: judged by child", r,
               o_.relativity_max, Relativity(child), o_.relativity_strong);
      }
      // Children in document order: push in reverse.
      for (dom::NodeId ch = node.last_child; ch != dom::kNoNode; ch = doc_[ch].prev_sibling) {
        stack.push_back(ch);
      }
    }
  }

  std::size_t kept_units() const { return kept_; }
  std::size_t units() const { return units_; }

 private:
  double Relativity(dom::NodeId id) const {
    const dom::NodeStats& s = ann_[id];
    return s.chars ? static_cast<double>(s.link_chars) / s.chars : 1.0;
  }
  double Veracity(dom::NodeId id) const {
    return c_.tib[id] ? static_cast<double>(c_.dots[id]) / c_.tib[id] : 0.0;
  }
  bool Truthful(dom::NodeId id) const {
    const double v = Veracity(id);
    return c_.dots[id] > 0 && v >= o_.veracity_min && v <= o_.veracity_max;
  }

  // A child strongly related to the topic (formulas 3, 4), or kNoNode.
  dom::NodeId StrongChild(dom::NodeId id) const {
    for (dom::NodeId ch = doc_[id].first_child; ch != dom::kNoNode; ch = doc_[ch].next_sibling) {
      if (doc_[ch].hidden() || ann_[ch].chars == 0 || Relativity(ch) > o_.relativity_strong) continue;
      if (tibetan_ ? Truthful(ch) : ann_[ch].words >= 2) return ch;
    }
    return dom::kNoNode;
  }

  void JudgeUnit(dom::NodeId id) {
    ++units_;
    const double r = Relativity(id);
    if (r > o_.relativity_max) {
      Decide(id, r, false, "unit R %.2f > %.2f: removed", r, o_.relativity_max);
      return;
    }
    if (tibetan_) {
      const double v = Veracity(id);
      if (!Truthful(id)) {
        Decide(id, v, false, "unit R %.2f; V %.3f outside [%.3f, %.2f]: removed", r, v, o_.veracity_min,
               o_.veracity_max);
        return;
      }
      Decide(id, v, true, "unit R %.2f <= %.2f; V %.3f in [%.3f, %.2f]: kept", r, o_.relativity_max, v,
             o_.veracity_min, o_.veracity_max);
    } else {
      Decide(id, r, true, "unit R %.2f <= %.2f: kept (no Veracity on a non-Tibetan page)", r,
             o_.relativity_max);
    }
    ++kept_;
    sel_->KeepSubtree(doc_, id);
  }

  template <typename... Args>
  void Decide(dom::NodeId id, double score, bool kept, const char* fmt, Args... args) {
    Decision d;
    d.node = id;
    d.first_line = d.last_line = doc_[id].line;
    d.score = score;
    d.kept = kept;
    char buf[200];
    std::snprintf(buf, sizeof buf, fmt, args...);
    d.reason = buf;
    sel_->decisions.push_back(std::move(d));
  }

  const dom::Document& doc_;
  const dom::Annotation& ann_;
  const TibetanOptions& o_;
  const Counts& c_;
  bool tibetan_;
  Selection* sel_;
  std::size_t kept_ = 0, units_ = 0;
};

// Whitespace runs → one space, trimmed.
std::string Collapse(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool space = false;
  for (char c : s) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f') {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  return out;
}

// A text that is the page title, or most of it ("Headline - Site"), or contains it.
bool IsHeadline(const std::string& text, const std::string& title) {
  if (text.size() < 8 || title.empty()) return false;
  if (text.find(title) != std::string::npos) return true;
  return text.size() * 2 >= title.size() && title.find(text) != std::string::npos;
}

// Topic block: returns the node where the surviving text splits, and drops kept text outside it
// (except a headline before it that repeats the page title).
dom::NodeId FocusTopic(const dom::Document& doc, const dom::Annotation& ann, dom::NodeId root,
                       double share, Selection* sel) {
  if (share >= 1.0) return root;
  std::vector<std::uint32_t> mass(doc.size(), 0);
  for (dom::NodeId id = doc.SubtreeEnd(root); id-- > root;) {
    if (doc[id].is_text() && sel->keep[id]) mass[id] = ann[id].chars;
    if (id != root) mass[doc[id].parent] += mass[id];
  }
  dom::NodeId cur = root;
  while (mass[cur] > 0) {
    dom::NodeId best = dom::kNoNode;
    for (dom::NodeId ch = doc[cur].first_child; ch != dom::kNoNode; ch = doc[ch].next_sibling) {
      if (best == dom::kNoNode || mass[ch] > mass[best]) best = ch;
    }
    if (best == dom::kNoNode || static_cast<double>(mass[best]) < share * mass[cur]) break;
    cur = best;
  }
  const std::string title = doc.title != dom::kNoNode ? Collapse(doc.SubtreeText(doc.title)) : std::string();
  for (dom::NodeId id = root; id < doc.SubtreeEnd(root); ++id) {
    if (!sel->keep[id] || doc.IsAncestor(cur, id) || id == cur) continue;
    // The headline usually stands just above the topic block and repeats the page <title>.
    const std::string_view t = doc.Text(id);
    if (id < cur && t.size() <= 4 * title.size() + 16 && IsHeadline(Collapse(t), title)) continue;
    sel->keep[id] = 0;
  }
  return cur;
}

}  // namespace

Selection RunTibetan(const Context& ctx) {
  const dom::Document& doc = ctx.doc;
  const TibetanOptions& o = ctx.options.tibetan;
  Selection sel;
  sel.Reset(doc.size());
  const dom::NodeId root = doc.body != dom::kNoNode ? doc.body : 0;
  Counts counts;
  const decode::TibetanEvidence ev = CountTibetan(doc, root, o, &counts);
  Pruner pruner(ctx, counts, ev.tibetan, &sel);
  pruner.Run(root);
  const dom::NodeId topic = FocusTopic(doc, ctx.annotation, root, o.topic_share, &sel);
  char buf[400];
  std::snprintf(buf, sizeof buf, "%s page (%s); %zu of %zu units kept by %s; topic node <%s> #%u",
                ev.tibetan ? "Tibetan" : "non-Tibetan", ev.reason.c_str(), pruner.kept_units(),
                pruner.units(), ev.tibetan ? "Relativity then Veracity" : "Relativity only",
                std::string(doc.Name(topic)).c_str(), topic);
  sel.summary = buf;
  return sel;
}

}  // namespace pith::algo
