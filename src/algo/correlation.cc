// Content correlativity with context smoothing — Wang Rui, Zhou Xi, Li Xiao, "基于正文相关度的维吾尔
// 网页正文提取" (Computer Engineering 38(21), 2012; paper 000), sections 3.2–3.5.
// Section 3.1 (encoding normalisation) happens before this file: decode + the parser turn numeric
// references and Arabic presentation forms into base-letter UTF-8 (tests/correlation_test.cc checks
// it end to end on the Uyghur fixtures).
//
// §3.2  One post-order pass gives every element of <body>
//         TA_i = non-link text characters of i and its descendants (non-whitespace code points)
//         LA_i = number of link nodes (<a href>) in i and its descendants.
// Def.1 CC_i = TA_i / LA_i, LA_i = 0 taken as 1.                 content when CC_i ≥ C (§3.4)
// Def.2 TD_i = TA(parent of i) / LA_i, TA(parent) = 0 and LA_i = 0 taken as 1.
// Def.3 CS_i = (same-tag siblings of i, i included, with CC ≥ C) / (same-tag siblings, i included).
// §3.5  Smoothing:
//         CC_i < C and CS_i > S and TD_i > D  →  CC_i := C   (short forum replies become content)
//         CC_i ≥ C but off the content level  →  CC_i := 0   (copyright and footer blocks)
//       Selected nodes (CC ≥ C after smoothing) are de-duplicated against their selected ancestors
//       and their text is output in document order.
// Paper thresholds (Uyghur): C = 29, S = 57 %, D = 63 → CorrelationOptions::Uyghur().
// Every pass is linear in the number of nodes (the level's tag-path set is sorted once).
//
// "Off the level" (the paper: "nodes clearly off the structural level of the content, such as the
// copyright node"), made concrete in three steps:
//   1. W(n) = TA owned by the content units (CC ≥ C after case-1 smoothing) of n's subtree. L0 is
//      found by starting at <body> and stepping into the child with the largest W while that child
//      holds more than `level_share` of W(body): the deepest element where most content text is.
//   2. The level L is L0 raised, one parent at a time, while the parent P is content itself and
//      what P adds to L's subtree is link-free, or passes C by itself without more than doubling
//      L's text:
//        LA(P) = LA(L)  or  ((TA(P) − TA(L)) / (LA(P) − LA(L)) ≥ C  and  TA(P) − TA(L) ≤ TA(L));
//      never up to <body>. This takes in the article element around its text (title, date line)
//      and the thread around a long first post (the later replies), and stops at the first
//      ancestor that adds a link list (menu, related links, breadcrumb).
//   3. A content node is on the level when it is inside L's subtree, or when its tag path
//      (root-to-node element names) equals the tag path of a content unit inside L and it is not
//      an ancestor of L (a thread's later posts and an article's second column share the paths of
//      the text in L; a footer, a sidebar blurb or a copyright line do not). Every other content
//      node is off the level: CC := 0. level_share = 0 turns the rule off (L0 = L = <body>).
//
// What is output. The paper outputs the text of each selected node, removing from a parent what its
// selected children repeat. Here every visible text node belongs to its *owner*, the nearest
// block-level element above it (<br>/<hr> excluded; <body> owns loose text), and a text node is
// output, once and in document order, when its owner
//   - is selected (CC ≥ C after smoothing), or
//   - lies inside a selected node other than L0 and its ancestors (a selected node brings its
//     subtree, as in the paper; L0 and its ancestors hold the whole content, so their CC often
//     passes C, but bringing their subtrees would bring the whole page: they decide only the text
//     they own directly), or
//   - holds no link and lies inside L but outside L0 (what step 2 took in: the headline, the
//     date line; these are often shorter than C and have no same-tag siblings to smooth them).
//   Units set off the level are never output. Link text is output with its unit, as it is part of
//   the paper's node text: a content paragraph keeps its inline links.
//
// Departures from the paper, each with its reason:
// - CJK characters can count `cjk_char_weight` times in TA (a Han character carries about a word).
//   The default stays 1, the paper's plain count, which scored best on the Chinese pages too
//   (the measurements are in docs/correlation.md).
// - Step 2 of the level rule and the third output case above (the paper gives no rule for the
//   title of an article, which is shorter than C).
// - CS counts only siblings that have visible text: empty same-tag siblings (clearing <div>s,
//   spacer cells) carry no content and would otherwise hold every list of replies below S.
// - A parent with very many distinct child tags (> 64, custom elements) puts the rest in one
//   group, so CS stays linear in the worst case.
#include "algo/correlation.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace pith {

CorrelationOptions CorrelationOptions::Uyghur() {
  CorrelationOptions o;
  o.cc_threshold = 29;
  o.cs_share = 0.57;
  o.td_density = 63;
  o.cjk_char_weight = 1;
  return o;
}

CorrelationOptions CorrelationOptions::Default() { return CorrelationOptions(); }

bool CorrelationOptions::FromPreset(std::string_view name, CorrelationOptions* out) {
  if (name == "uyghur") {
    *out = Uyghur();
    return true;
  }
  if (name == "default") {
    *out = Default();
    return true;
  }
  return false;
}

}  // namespace pith

namespace pith::algo {

const char* CcStateName(CcState s) {
  switch (s) {
    case CcState::kNone: return "none";
    case CcState::kNoise: return "noise";
    case CcState::kContent: return "content";
    case CcState::kPromoted: return "promoted";
    case CcState::kOffLevel: return "off-level";
  }
  return "?";
}

namespace {

// Elements whose text a decision governs: block-level boxes (and <body>), not the void breaks.
bool IsUnit(dom::Tag tag) {
  return dom::IsBlockLevel(tag) && tag != dom::Tag::kBr && tag != dom::Tag::kHr;
}

bool IsContent(CcState s) { return s == CcState::kContent || s == CcState::kPromoted; }

// Per-page scratch reused across pages of one thread (no per-node allocation).
struct Scratch {
  std::vector<double> own_ta;          // TA of text owned directly by a unit
  std::vector<double> weight;          // W(n): content TA in the subtree
  std::vector<double> own_content;     // own_ta of content units, 0 elsewhere
  std::vector<std::uint32_t> own_chars;  // visible characters owned directly by a unit
  struct Group {
    dom::Tag tag;
    std::uint16_t name;
    std::uint32_t total, content;
  };
  std::vector<Group> groups;
  std::vector<std::uint64_t> paths;
};

Scratch& ThreadScratch() {
  thread_local Scratch s;
  return s;
}


// Index of `id`'s (tag, name) group among `groups`, adding it when new (bounded: see header).
std::size_t GroupOf(const dom::Node& n, std::vector<Scratch::Group>* groups) {
  constexpr std::size_t kMaxGroups = 64;
  for (std::size_t g = 0; g < groups->size(); ++g) {
    if ((*groups)[g].tag == n.tag && (*groups)[g].name == n.name_index) return g;
  }
  if (groups->size() == kMaxGroups) return kMaxGroups - 1;
  groups->push_back({n.tag, n.name_index, 0, 0});
  return groups->size() - 1;
}

// CS of every child of `parent` (definition 3), from the raw CC of its same-tag siblings.
void ContentScaleOfChildren(const dom::Document& doc, const dom::Annotation& ann, dom::NodeId parent,
                            double c, CorrelationScores* out, std::vector<Scratch::Group>* groups) {
  groups->clear();
  for (dom::NodeId k = doc[parent].first_child; k != dom::kNoNode; k = doc[k].next_sibling) {
    if (!doc[k].is_element() || ann[k].chars == 0) continue;
    Scratch::Group& g = (*groups)[GroupOf(doc[k], groups)];
    ++g.total;
    if (out->cc_raw[k] >= c) ++g.content;
  }
  for (dom::NodeId k = doc[parent].first_child; k != dom::kNoNode; k = doc[k].next_sibling) {
    if (!doc[k].is_element() || ann[k].chars == 0) continue;
    const Scratch::Group& g = (*groups)[GroupOf(doc[k], groups)];
    out->cs[k] = ContentScale(g.content, g.total);
  }
}

// The content level: descend from `root` into the child with most content weight while that child
// holds more than `share` of the total.
dom::NodeId FindLevel(const dom::Document& doc, dom::NodeId root, const std::vector<double>& weight,
                      double share) {
  const double total = weight[root];
  if (total <= 0) return dom::kNoNode;
  dom::NodeId level = root;
  while (share > 0) {
    dom::NodeId best = dom::kNoNode;
    for (dom::NodeId k = doc[level].first_child; k != dom::kNoNode; k = doc[k].next_sibling) {
      if (best == dom::kNoNode || weight[k] > weight[best]) best = k;
    }
    if (best == dom::kNoNode || weight[best] <= share * total || !doc[best].is_element()) break;
    level = best;
  }
  return level;
}

// The level L: L0 raised while the parent is content (CC ≥ C after case-1 smoothing, never <body>)
// and what the parent adds to L's subtree is link-free, or itself passes C (added TA / added LA ≥ C)
// without more than doubling L's text: the article element around its text, the thread around its
// first post.
dom::NodeId RaiseLevel(const dom::Document& doc, dom::NodeId root, dom::NodeId core, double c,
                       const CorrelationScores& sc) {
  dom::NodeId level = core;
  while (level != root) {
    const dom::NodeId p = doc[level].parent;
    if (p == dom::kNoNode || p == root || !doc[p].is_element() || !IsContent(sc.state[p])) break;
    const std::uint32_t added_links = sc.la[p] - sc.la[level];
    const double added_ta = sc.ta[p] - sc.ta[level];
    if (added_links > 0 && (ContentCorrelativity(added_ta, added_links) < c || added_ta > sc.ta[level])) {
      break;
    }
    level = p;
  }
  return level;
}

// §3.5 case 2: content that is neither inside the level nor on one of the tag paths of the content
// units inside it gets CC := 0.
void ApplyLevel(const dom::Document& doc, const dom::Annotation& ann, dom::NodeId root,
                Scratch& s, CorrelationScores* out) {
  const dom::NodeId level = out->level;
  std::vector<std::uint64_t>& paths = s.paths;
  paths.clear();
  for (dom::NodeId id = level; id < doc.SubtreeEnd(level); ++id) {
    if (s.own_content[id] > 0) paths.push_back(ann[id].path_hash);
  }
  std::sort(paths.begin(), paths.end());
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  for (dom::NodeId id = root; id < doc.SubtreeEnd(root); ++id) {
    if (!IsContent(out->state[id])) continue;
    if (id == level || doc.IsAncestor(level, id)) continue;
    const bool same_path = std::binary_search(paths.begin(), paths.end(), ann[id].path_hash);
    if (same_path && !doc.IsAncestor(id, level)) continue;
    out->state[id] = CcState::kOffLevel;
    out->cc[id] = 0;
  }
}

// Which units' own text is output: a unit that is content itself; a unit inside a content node
// that is neither L0 nor one of its ancestors (a selected node brings its whole subtree; L0 and its
// ancestors only decide their own loose text, or they would bring the whole page); and a link-free
// unit inside L but outside L0 (what raising the level took in: the title, the date line).
void MarkKept(const dom::Document& doc, dom::NodeId root, CorrelationScores* out) {
  const dom::NodeId level = out->level, core = out->core;
  auto inside = [&](dom::NodeId top, dom::NodeId id) { return id == top || doc.IsAncestor(top, id); };
  auto whole_subtree = [&](dom::NodeId id) {
    return IsContent(out->state[id]) && id != core && !doc.IsAncestor(id, core);
  };
  std::vector<dom::NodeId>& cover = out->covered_by;
  for (dom::NodeId id = root + 1; id < doc.SubtreeEnd(root); ++id) {
    if (!doc[id].is_element()) continue;
    const dom::NodeId p = doc[id].parent;
    cover[id] = cover[p] != dom::kNoNode ? cover[p] : (whole_subtree(p) ? p : dom::kNoNode);
  }
  for (dom::NodeId id = root; id < doc.SubtreeEnd(root); ++id) {
    if (!doc[id].is_element()) continue;
    const bool off = out->state[id] == CcState::kOffLevel;
    out->kept[id] = IsContent(out->state[id]) || (!off && cover[id] != dom::kNoNode) ||
                    (!off && out->la[id] == 0 && inside(level, id) && !inside(core, id));
  }
}

}  // namespace

void ScoreCorrelation(const dom::Document& doc, const dom::Annotation& ann,
                      const CorrelationOptions& o, CorrelationScores* out) {
  const std::size_t n = doc.size();
  Scratch& s = ThreadScratch();
  out->ta.assign(n, 0);
  out->la.assign(n, 0);
  out->cc.assign(n, 0);
  out->cc_raw.assign(n, 0);
  out->td.assign(n, 0);
  out->cs.assign(n, 0);
  out->state.assign(n, CcState::kNone);
  out->owner.assign(n, dom::kNoNode);
  out->covered_by.assign(n, dom::kNoNode);
  out->kept.assign(n, 0);
  out->core = out->level = dom::kNoNode;
  out->content_ta = 0;
  s.own_ta.assign(n, 0);
  s.own_chars.assign(n, 0);
  s.weight.assign(n, 0);
  s.own_content.assign(n, 0);
  if (n == 0) return;
  const dom::NodeId root = doc.body != dom::kNoNode ? doc.body : 0;
  const dom::NodeId end = doc.SubtreeEnd(root);
  const double cjk_extra = std::max(1, o.cjk_char_weight) - 1;
  const double c = o.cc_threshold;

  // Owners, top-down (a parent precedes its children in pre-order).
  out->owner[root] = root;
  for (dom::NodeId id = root + 1; id < end; ++id) {
    const dom::Node& node = doc[id];
    out->owner[id] = node.is_element() && IsUnit(node.tag) ? id : out->owner[node.parent];
  }
  // §3.2: TA and LA, bottom-up (reverse pre-order visits children first).
  for (dom::NodeId id = end; id-- > root;) {
    const dom::Node& node = doc[id];
    out->la[id] = ann[id].link_count;
    if (node.is_text() && !node.hidden()) {
      const dom::NodeId u = out->owner[id];
      s.own_chars[u] += ann[id].chars;
      if (!node.in_link()) {
        out->ta[id] = ann[id].chars + cjk_extra * ann[id].cjk;
        s.own_ta[u] += out->ta[id];
      }
    }
    if (id != root) out->ta[node.parent] += out->ta[id];
  }
  // Definitions 1 and 2.
  for (dom::NodeId id = root; id < end; ++id) {
    if (!doc[id].is_element() || ann[id].chars == 0) continue;
    out->cc_raw[id] = ContentCorrelativity(out->ta[id], out->la[id]);
    const double parent_ta = id == root ? out->ta[id] : out->ta[doc[id].parent];
    out->td[id] = TextDensity(parent_ta, out->la[id]);
  }
  // Definition 3, one parent at a time.
  for (dom::NodeId id = root; id < end; ++id) {
    if (doc[id].is_element() && doc[id].first_child != dom::kNoNode && ann[id].chars > 0) {
      ContentScaleOfChildren(doc, ann, id, c, out, &s.groups);
    }
  }
  out->cs[root] = out->cc_raw[root] >= c ? 1.0 : 0.0;
  // §3.5 case 1: threshold and promotion.
  for (dom::NodeId id = root; id < end; ++id) {
    if (!doc[id].is_element() || ann[id].chars == 0) continue;
    if (out->cc_raw[id] >= c) {
      out->state[id] = CcState::kContent;
      out->cc[id] = out->cc_raw[id];
    } else if (out->cs[id] > o.cs_share && out->td[id] > o.td_density) {
      out->state[id] = CcState::kPromoted;
      out->cc[id] = c;
    } else {
      out->state[id] = CcState::kNoise;
      out->cc[id] = out->cc_raw[id];
    }
  }
  // §3.5 case 2: the content level, from the TA that content units own.
  for (dom::NodeId id = end; id-- > root;) {
    s.own_content[id] = doc[id].is_element() && IsContent(out->state[id]) ? s.own_ta[id] : 0;
    s.weight[id] += s.own_content[id];
    if (id != root) s.weight[doc[id].parent] += s.weight[id];
  }
  out->content_ta = s.weight[root];
  out->core = FindLevel(doc, root, s.weight, o.level_share);
  if (out->core == dom::kNoNode) return;
  out->level = o.level_share > 0 ? RaiseLevel(doc, root, out->core, c, *out) : out->core;
  if (o.level_share > 0) ApplyLevel(doc, ann, root, s, out);
  MarkKept(doc, root, out);
}

namespace {

void AddDecision(const dom::Document& doc, const CorrelationScores& sc, dom::NodeId u,
                 const CorrelationOptions& o, Selection* sel) {
  Decision d;
  d.node = u;
  d.first_line = d.last_line = doc[u].line;
  d.score = sc.cc[u];
  d.kept = sc.kept[u];
  char buf[224];
  const double raw = sc.cc_raw[u];
  int len = 0;
  switch (sc.state[u]) {
    case CcState::kContent:
      len = std::snprintf(buf, sizeof buf, "CC %.1f ≥ %g (TA %.0f, LA %u)", raw, o.cc_threshold,
                          sc.ta[u], sc.la[u]);
      break;
    case CcState::kPromoted:
      len = std::snprintf(buf, sizeof buf, "CC %.1f < %g, smoothed to %g: CS %.2f > %g, TD %.0f > %g",
                          raw, o.cc_threshold, o.cc_threshold, sc.cs[u], o.cs_share, sc.td[u],
                          o.td_density);
      break;
    case CcState::kOffLevel:
      len = std::snprintf(buf, sizeof buf, "CC %.1f %s but off the content level (node %u): CC := 0",
                          raw, raw >= o.cc_threshold ? "≥ C" : "< C, smoothed to C,", sc.level);
      break;
    default:
      len = std::snprintf(buf, sizeof buf, "CC %.1f < %g; CS %.2f, TD %.0f (smoothing needs > %g, > %g)",
                          raw, o.cc_threshold, sc.cs[u], sc.td[u], o.cs_share, o.td_density);
  }
  if (sc.kept[u] && !IsContent(sc.state[u]) && len > 0 && static_cast<std::size_t>(len) < sizeof buf) {
    std::snprintf(buf + len, sizeof buf - len, "; inside content node %u", sc.covered_by[u]);
  }
  d.reason = buf;
  sel->decisions.push_back(std::move(d));
}

}  // namespace

Selection RunCorrelation(const Context& ctx) {
  const dom::Document& doc = ctx.doc;
  const CorrelationOptions& o = ctx.options.correlation;
  Selection sel;
  sel.Reset(doc.size());
  thread_local CorrelationScores sc;
  ScoreCorrelation(doc, ctx.annotation, o, &sc);
  if (doc.size() == 0) return sel;
  const dom::NodeId root = doc.body != dom::kNoNode ? doc.body : 0;
  const dom::NodeId end = doc.SubtreeEnd(root);
  // One decision per unit that owns visible text: the decisions that shape the output.
  const std::vector<std::uint32_t>& own_chars = ThreadScratch().own_chars;
  std::size_t counts[5] = {}, kept_units = 0;
  for (dom::NodeId id = root; id < end; ++id) {
    if (!doc[id].is_element() || own_chars[id] == 0) continue;
    ++counts[static_cast<int>(sc.state[id])];
    kept_units += sc.kept[id];
    AddDecision(doc, sc, id, o, &sel);
  }
  for (dom::NodeId id = root; id < end; ++id) {
    if (doc[id].is_text() && !doc[id].hidden() && sc.kept[sc.owner[id]]) sel.keep[id] = 1;
  }
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "C %g, S %g, D %g: %zu content, %zu promoted, %zu off-level, %zu noise text units; "
                "%zu kept; level node %u (L0 %u)",
                o.cc_threshold, o.cs_share, o.td_density, counts[2], counts[3], counts[4], counts[1],
                kept_units, sc.level, sc.core);
  sel.summary = buf;
  return sel;
}

}  // namespace pith::algo
