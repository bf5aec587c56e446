// Content correlativity with context smoothing — Wang Rui, Zhou Xi, Li Xiao, "基于正文相关度的维吾尔
// 网页正文提取" (Computer Engineering 38(21), 2012; paper 000), sections 3.2–3.5.
// (Section 3.1, encoding normalisation, happens before this file: decode + the parser turn numeric
// references and Arabic presentation forms into base-letter UTF-8.)
//
// §3.2  One post-order pass gives every node of <body>
//         TA_i = non-link text characters of i and its descendants
//         LA_i = number of link nodes (<a href>) in i and its descendants.
// Def.1 CC_i = TA_i / LA_i, with LA_i = 0 taken as 1.           content when CC_i ≥ C (§3.4)
// Def.2 TD_i = TA(parent of i) / LA_i, TA(parent) = 0 and LA_i = 0 taken as 1.
// Def.3 CS_i = (same-tag siblings of i, i included, with CC ≥ C) / (same-tag siblings, i included).
// §3.5  Smoothing, for every node:
//         CC_i < C and CS_i > S and TD_i > D   →  CC_i := C   (short forum replies become content)
//         CC_i ≥ C but off the content level   →  CC_i := 0   (copyright / footer blocks)
//       then parent/child selections are de-duplicated and the kept text is output in document order.
// Paper thresholds (Uyghur): C = 29, S = 57 %, D = 63 — CorrelationOptions::Uyghur().
//
// Which text a decision governs (the paper selects nodes and removes from a parent what its selected
// children already hold). Every visible text node belongs to its *owner*: the nearest block-level
// element above it (<br>/<hr> excluded; <body> owns loose text). A text node is kept when its owner
// ends up content (CC ≥ C after smoothing). A node's decision therefore covers exactly the text that
// no deeper block claims, which is the paper's de-duplication: a wrapper such as <body> may well have
// CC ≥ C, but it only decides its own loose text, never its children's.
//
// "Off the level" (the paper leaves it vague), made concrete:
//   Let W(n) = TA owned by content units (CC ≥ C after the first smoothing step) in n's subtree. The
//   content level is the element reached by starting at <body> and stepping into the child with the
//   largest W while that child holds at least `level_share` of W(body): the deepest element where
//   that share of the content text concentrates. Every content node that is not inside the level's
//   subtree (a sibling branch such as a footer, copyright line, sidebar blurb, or loose text of an
//   ancestor wrapper) is off the level and gets CC := 0. level_share = 0 disables the rule.
//
// Departures from the paper, each with its reason:
// - CJK characters count `cjk_char_weight` times in TA: the paper's C = 29 counts Uyghur letters; a
//   Han character carries about a word, so 29 Han characters are a long sentence, not a fragment.
// - CS counts only siblings that have visible text: empty same-tag siblings (clearing <div>s,
//   spacer cells) carry no content and would otherwise hold every forum page below S.
// - A parent with very many distinct child tags (> 64, custom elements) puts the rest in one
//   group, so CS stays linear in the worst case.
#include "algo/correlation.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_map>

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

int EnvInt(const char* name, int def) {
  const char* v = std::getenv(name);
  return v ? std::atoi(v) : def;
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

// The content level: descend from `root` into the child with most content weight while it holds
// at least `share` of the total.
dom::NodeId FindLevel(const dom::Document& doc, dom::NodeId root, const std::vector<double>& weight,
                      const std::vector<double>& own, double share) {
  const int stop = EnvInt("PITH_CC_LEVEL_STOP", 0);
  const double total = weight[root];
  if (total <= 0) return dom::kNoNode;
  dom::NodeId level = root;
  while (true) {
    dom::NodeId best = dom::kNoNode;
    for (dom::NodeId k = doc[level].first_child; k != dom::kNoNode; k = doc[k].next_sibling) {
      if (best == dom::kNoNode || weight[k] > weight[best]) best = k;
    }
    if (best == dom::kNoNode || weight[best] <= share * total || !doc[best].is_element()) break;
    if (stop == 1 && own[best] > 0) break;
    if (stop == 2 && own[best] > 0.5 * weight[best]) break;
    level = best;
  }
  return level;
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
  out->level = dom::kNoNode;
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
  if (const int mode = EnvInt("PITH_CC_CSMODE", 0); mode) {
    std::unordered_map<std::uint64_t, std::pair<std::uint32_t, std::uint32_t>> groups;
    auto key = [&](dom::NodeId id) {
      std::uint64_t k = ann[id].path_hash;
      if (mode == 2) {
        for (char ch : doc.GetAttr(id, dom::Attr::kClass)) k = (k ^ static_cast<unsigned char>(ch)) * 0x100000001B3ull;
      }
      return k;
    };
    for (dom::NodeId id = root; id < end; ++id) {
      if (!doc[id].is_element() || ann[id].chars == 0) continue;
      auto& g = groups[key(id)];
      ++g.first;
      if (out->cc_raw[id] >= c) ++g.second;
    }
    for (dom::NodeId id = root; id < end; ++id) {
      if (!doc[id].is_element() || ann[id].chars == 0) continue;
      const auto& g = groups[key(id)];
      out->cs[id] = ContentScale(g.second, g.first);
    }
  }
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
  out->level = FindLevel(doc, root, s.weight, s.own_content, o.level_share);
  if (o.level_share <= 0 || out->level == dom::kNoNode) return;
  // Allowed band: the subtree of the level's ancestor `up` steps higher.
  const int up = EnvInt("PITH_CC_LEVEL_UP", 0);
  dom::NodeId band = out->level;
  for (int k = 0; k < up && band != root; ++k) band = doc[band].parent;
  // Tag paths of the content units inside the level: content elsewhere on one of these paths is
  // on the level too (a thread's later posts, an article's second column).
  const int by_path = EnvInt("PITH_CC_LEVEL_PATH", 0);
  std::vector<std::uint64_t>& paths = s.paths;
  paths.clear();
  if (by_path) {
    for (dom::NodeId id = band; id < doc.SubtreeEnd(band); ++id) {
      if (s.own_content[id] > 0) paths.push_back(ann[id].path_hash);
    }
    std::sort(paths.begin(), paths.end());
    paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  }
  for (dom::NodeId id = root; id < end; ++id) {
    if (!IsContent(out->state[id])) continue;
    if (id == band || doc.IsAncestor(band, id)) continue;
    if (by_path && std::binary_search(paths.begin(), paths.end(), ann[id].path_hash) &&
        !doc.IsAncestor(id, band)) continue;
    out->state[id] = CcState::kOffLevel;
    out->cc[id] = 0;
  }
}

namespace {

void AddDecision(const dom::Document& doc, const CorrelationScores& sc, dom::NodeId u,
                 const CorrelationOptions& o, bool kept, Selection* sel) {
  Decision d;
  d.node = u;
  d.first_line = d.last_line = doc[u].line;
  d.score = sc.cc[u];
  d.kept = kept;
  char buf[192];
  const double raw = sc.cc_raw[u];
  switch (sc.state[u]) {
    case CcState::kContent:
      std::snprintf(buf, sizeof buf, "CC %.1f ≥ %g (TA %.0f, LA %u)", raw, o.cc_threshold, sc.ta[u],
                    sc.la[u]);
      break;
    case CcState::kPromoted:
      std::snprintf(buf, sizeof buf, "CC %.1f < %g, smoothed: CS %.2f > %g, TD %.0f > %g", raw,
                    o.cc_threshold, sc.cs[u], o.cs_share, sc.td[u], o.td_density);
      break;
    case CcState::kOffLevel:
      std::snprintf(buf, sizeof buf, "CC %.1f ≥ %g but off the content level (node %u)", raw,
                    o.cc_threshold, sc.level);
      break;
    default:
      std::snprintf(buf, sizeof buf, "CC %.1f < %g; CS %.2f, TD %.0f (need > %g, > %g)", raw,
                    o.cc_threshold, sc.cs[u], sc.td[u], o.cs_share, o.td_density);
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
  const int inherit = EnvInt("PITH_CC_INHERIT", 0);
  // inherited[u]: an ancestor inside the level passes its content decision down.
  std::vector<std::uint8_t> inherited(doc.size(), 0);
  for (dom::NodeId id = root + 1; id < end; ++id) {
    if (!doc[id].is_element()) continue;
    const dom::NodeId p = doc[id].parent;
    bool from_parent = inherited[p];
    const bool inside = sc.level != dom::kNoNode && (p != sc.level && doc.IsAncestor(sc.level, p));
    if (inherit == 1 && sc.state[p] == CcState::kPromoted) from_parent = true;
    if (inherit == 2 && IsContent(sc.state[p]) && p != sc.level && !doc.IsAncestor(p, sc.level)) from_parent = true;
    if (inherit == 3 && inside && IsContent(sc.state[p]) && sc.la[id] == 0) from_parent = true;
    inherited[id] = from_parent;
  }
  std::size_t counts[5] = {};
  const std::vector<std::uint32_t>& own_chars = ThreadScratch().own_chars;
  for (dom::NodeId id = root; id < end; ++id) {
    if (!doc[id].is_element() || own_chars[id] == 0) continue;
    const bool kept = IsContent(sc.state[id]) || (inherited[id] && sc.state[id] != CcState::kOffLevel);
    ++counts[static_cast<int>(sc.state[id])];
    AddDecision(doc, sc, id, o, kept, &sel);
    inherited[id] = kept ? 2 : inherited[id];
  }
  for (dom::NodeId id = root; id < end; ++id) {
    if (doc[id].is_text() && !doc[id].hidden() && inherited[sc.owner[id]] == 2) sel.keep[id] = 1;
  }
  if (EnvInt("PITH_CC_DEBUG", 0)) {
    for (dom::NodeId id = root; id < end; ++id) {
      if (!doc[id].is_element() || own_chars[id] == 0) continue;
      std::string t;
      for (dom::NodeId k = id + 1; k < doc.SubtreeEnd(id) && t.size() < 70; ++k)
        if (doc[k].is_text() && sc.owner[k] == id) t += doc.Text(k);
      for (char& ch : t) if (ch == '\n' || ch == '\t') ch = ' ';
      std::fprintf(stderr, "%6u d%-2u %-4s %-9s %c cc%7.1f ta%6.0f la%3u cs%.2f td%6.0f %s | %.70s\n", id,
                   doc[id].depth, std::string(doc.Name(id)).c_str(), CcStateName(sc.state[id]),
                   inherited[id] == 2 ? 'K' : ' ', sc.cc_raw[id], sc.ta[id], sc.la[id], sc.cs[id], sc.td[id],
                   std::string(doc.GetAttr(id, dom::Attr::kClass)).substr(0, 20).c_str(), t.c_str());
    }
    std::fprintf(stderr, "C=%g S=%g D=%g level %u %s class=%s\n", o.cc_threshold, o.cs_share, o.td_density, sc.level, sc.level == dom::kNoNode ? "" : std::string(doc.Name(sc.level)).c_str(), sc.level == dom::kNoNode ? "" : std::string(doc.GetAttr(sc.level, dom::Attr::kClass)).c_str());
  }
  char buf[200];
  std::snprintf(buf, sizeof buf,
                "C %g, S %g, D %g: %zu content, %zu promoted, %zu off-level, %zu noise units; level node %u",
                o.cc_threshold, o.cs_share, o.td_density, counts[2], counts[3], counts[4], counts[1],
                sc.level);
  sel.summary = buf;
  return sel;
}

}  // namespace pith::algo
