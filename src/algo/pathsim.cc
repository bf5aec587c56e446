// DOM path similarity — Pan Xinyu, Chen Changfu, Liu Rong, Wang Meiqing, "基于网页DOM树节点路径相似度
// 的正文抽取" (paper 004, Microcomputer & Its Applications 35(19), 2016).
//
// §1.1  Script, style and comments are removed before comparing pages. (pith's DOM never holds
//       their text, see dom/document.h.)
// §1.2  Same-site template removal: the page is compared with two or more other pages of its site;
//       nodes whose text is the same in all of them are template. Done by a site model
//       (options.pathsim.site, src/site/model.h): template text nodes are excluded before §2.
// §2    Every text leaf has the path of its ancestors from the root, P_A = {T_A1, ..., T_An}.
//       "Nodes of one content block share a long common path, nodes of different blocks a short one."
//         sim(P_A, P_B) = |longest common prefix of P_A and P_B| / max(|P_A|, |P_B|)
//       Consecutive leaves with sim ≥ block_similarity form one block. The body is the block with the
//       most text plus every block whose path has sim ≥ body_similarity with it.
//
// Departures from the paper, each with its reason:
// - The paper's similarity formula did not survive in our copy (only its example, tags with their
//   depth, and "nA, nB are the depths of nodes A and B"). The prefix ratio above uses exactly those
//   quantities: the shared path and the two depths; max() keeps sim ≤ 1 and symmetric.
// - Path steps compare by tag name plus class attribute (the example's tags carry attributes); the
//   sibling index is an option. docs/pathsim.md compares the variants on the corpus.
// - Paths end at the text's parent element: the text itself (the paper's last path element) differs
//   between any two leaves and would only lower every similarity by one step.
// - "The most text" counts non-link characters, so that a large link list (a portal's navigation,
//   which the paper removes through the template step) cannot become the body on a page without
//   site pages; the chosen blocks keep their link text.
// - Gaps: a block between two kept blocks (caption, pull quote, subheading) is kept when its path
//   shares at least gap_similarity with the main block and it is not a link list (link share ≤
//   gap_max_link_density): "an article split by an image or a quote must come out whole", while the
//   paper's single threshold either loses such pieces or lets sidebars in.
// - The article's heading: a heading block (h1-h6) among the three blocks before the first kept block
//   is kept when its path shares gap_similarity with the main block (leading_heading). The paper
//   names the distance to the title node as its next step; truth sets keep the headline.
// - Text inside <select>/<datalist> (drop-down options: archive months, category pickers) is never a
//   leaf: it is form choice text, and a long drop-down otherwise outweighs a short article.
// - The block's path is the path of its longest leaf (the paper compares leaves; a block needs one
//   representative path to be compared with the main block).
// - §1.2 is done by aligning pre-order sequences instead of the lockstep walk (src/site/align.h).
#include "algo/pathsim.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "site/model.h"
#include "text/unicode.h"

namespace pith::algo {

namespace {

constexpr std::uint64_t kFnvOffset = 0xCBF29CE484222325ull;
constexpr std::uint64_t kFnvPrime = 0x100000001B3ull;

std::uint64_t Feed(std::uint64_t h, std::string_view s) {
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * kFnvPrime;
  return h;
}

std::uint64_t FeedWord(std::uint64_t h, std::uint64_t v) {
  for (int k = 0; k < 8; ++k) h = (h ^ ((v >> (8 * k)) & 0xFF)) * kFnvPrime;
  return h;
}

// Phrasing elements that only style text inside a paragraph (a link, bold, a span): with
// inline_in_path off they are no path step, so the words of one paragraph share one path.
bool IsInlineText(dom::Tag tag) {
  switch (tag) {
    case dom::Tag::kA: case dom::Tag::kAbbr: case dom::Tag::kB: case dom::Tag::kBdi: case dom::Tag::kBdo:
    case dom::Tag::kCite: case dom::Tag::kCode: case dom::Tag::kData: case dom::Tag::kDel: case dom::Tag::kDfn:
    case dom::Tag::kEm: case dom::Tag::kFont: case dom::Tag::kI: case dom::Tag::kIns: case dom::Tag::kKbd:
    case dom::Tag::kMark: case dom::Tag::kNobr: case dom::Tag::kQ: case dom::Tag::kS: case dom::Tag::kSamp:
    case dom::Tag::kSmall: case dom::Tag::kSpan: case dom::Tag::kStrike: case dom::Tag::kStrong:
    case dom::Tag::kSub: case dom::Tag::kSup: case dom::Tag::kTime: case dom::Tag::kTt: case dom::Tag::kU:
    case dom::Tag::kVar:
      return true;
    default:
      return false;
  }
}

// True when the nearest block-level ancestor of a text node is a heading (h1-h6).
bool InHeading(const dom::Document& doc, dom::NodeId text) {
  for (dom::NodeId id = doc[text].parent; id != dom::kNoNode && id != 0; id = doc[id].parent) {
    if (dom::HeadingLevel(doc[id].tag) > 0) return true;
    if (dom::IsBlockLevel(doc[id].tag)) return false;
  }
  return false;
}

// Class attribute with whitespace runs collapsed, hashed token by token.
std::uint64_t FeedClass(std::uint64_t h, std::string_view cls) {
  std::size_t i = 0;
  while (i < cls.size()) {
    while (i < cls.size() && (cls[i] == ' ' || cls[i] == '\t' || cls[i] == '\n' || cls[i] == '\r' || cls[i] == '\f')) ++i;
    const std::size_t start = i;
    while (i < cls.size() && !(cls[i] == ' ' || cls[i] == '\t' || cls[i] == '\n' || cls[i] == '\r' || cls[i] == '\f')) ++i;
    if (i > start) h = Feed((h ^ '.') * kFnvPrime, cls.substr(start, i - start));
  }
  return h;
}

// Ancestor labels of `node` (elements with a label, root first) into `out`.
void LabelPath(const dom::Document& doc, const std::vector<std::uint64_t>& labels, dom::NodeId node,
               std::vector<std::uint64_t>* out) {
  out->clear();
  dom::NodeId id = doc[node].is_element() ? node : doc[node].parent;
  while (id != dom::kNoNode && id != 0) {
    if (labels[id] != 0) out->push_back(labels[id]);
    id = doc[id].parent;
  }
  std::reverse(out->begin(), out->end());
}

std::string Format(const char* fmt, double a, double b = 0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, fmt, a, b);
  return buf;
}

}  // namespace

void BuildPathLabels(const dom::Document& doc, const PathSimOptions& options, std::vector<std::uint64_t>* labels) {
  labels->assign(doc.size(), 0);
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    if (!doc[id].is_element()) continue;
    if (!options.inline_in_path && IsInlineText(doc[id].tag)) continue;  // no path step (label 0)
    // A formula's LaTeX is text of the element holding it (the page's markup for the formula —
    // MathML, a script, the span around TeX — is no step of the paths the page's text takes).
    if (doc.IsFormula(id)) continue;
    std::uint64_t h = Feed(kFnvOffset, doc.Name(id));
    if (options.class_in_path) h = FeedClass(h, doc.GetAttr(id, dom::Attr::kClass));
    (*labels)[id] = h;
  }
  if (!options.sibling_index_in_path) return;
  // Position among same-named element siblings: one pass over each parent's children with a small
  // table of (name label, count).
  std::vector<std::pair<std::uint64_t, std::uint32_t>> seen;
  std::vector<std::uint64_t> name_label(doc.size(), 0);
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    if (doc[id].is_element()) name_label[id] = Feed(kFnvOffset, doc.Name(id));
  }
  for (dom::NodeId p = 0; p < doc.size(); ++p) {
    if (doc[p].first_child == dom::kNoNode) continue;
    seen.clear();
    for (dom::NodeId c = doc[p].first_child; c != dom::kNoNode; c = doc[c].next_sibling) {
      if (!doc[c].is_element() || (*labels)[c] == 0) continue;
      auto it = std::find_if(seen.begin(), seen.end(), [&](const auto& e) { return e.first == name_label[c]; });
      if (it == seen.end()) it = seen.insert(seen.end(), {name_label[c], 0});
      (*labels)[c] = FeedWord((*labels)[c], ++it->second);
    }
  }
}

std::size_t PathLength(const dom::Document& doc, const std::vector<std::uint64_t>& labels, dom::NodeId node) {
  thread_local std::vector<std::uint64_t> path;
  LabelPath(doc, labels, node, &path);
  return path.size();
}

double PathSimilarity(const dom::Document& doc, const std::vector<std::uint64_t>& labels, dom::NodeId a,
                      dom::NodeId b) {
  thread_local std::vector<std::uint64_t> pa, pb;
  LabelPath(doc, labels, a, &pa);
  LabelPath(doc, labels, b, &pb);
  const std::size_t longest = std::max(pa.size(), pb.size());
  if (pa.empty() || pb.empty()) return 0.0;
  std::size_t common = 0;
  while (common < pa.size() && common < pb.size() && pa[common] == pb[common]) ++common;
  return static_cast<double>(common) / static_cast<double>(longest);
}

void GroupLeaves(const dom::Document& doc, const dom::Annotation& annotation, const std::vector<std::uint8_t>* exclude,
                 const PathSimOptions& options, PathGrouping* out) {
  out->leaves.clear();
  out->blocks.clear();
  out->main = static_cast<std::size_t>(-1);
  if (doc.size() == 0) return;
  thread_local std::vector<std::uint64_t> labels;
  BuildPathLabels(doc, options, &labels);
  const dom::NodeId root = doc.body != dom::kNoNode ? doc.body : 0;
  for (dom::NodeId id = root; id < doc.SubtreeEnd(root); ++id) {
    const dom::Node& n = doc[id];
    if (n.tag == dom::Tag::kSelect || n.tag == dom::Tag::kDatalist) {
      id = doc.SubtreeEnd(id) - 1;  // a drop-down's options are form choices, never content
      continue;
    }
    if (!n.is_text() || n.hidden() || annotation[id].chars == 0) continue;
    if (exclude && (*exclude)[id]) continue;
    out->leaves.push_back(id);
  }
  // Blocks of consecutive similar leaves.
  for (std::size_t k = 0; k < out->leaves.size(); ++k) {
    const dom::NodeId leaf = out->leaves[k];
    if (k == 0 || PathSimilarity(doc, labels, out->leaves[k - 1], leaf) < options.block_similarity) {
      out->blocks.push_back(PathBlock{k, k, leaf});
    }
    PathBlock& b = out->blocks.back();
    b.last = k;
    const dom::NodeStats& s = annotation[leaf];
    b.text_chars += s.text_chars();
    b.chars += s.chars;
    if (s.chars > annotation[b.rep].chars) b.rep = leaf;
  }
  if (out->blocks.empty()) return;
  // Every block's path, once (flat storage), for the block-to-block comparisons below.
  thread_local std::vector<std::uint64_t> flat, path;
  thread_local std::vector<std::size_t> offset;
  flat.clear();
  offset.assign(1, 0);
  for (const PathBlock& b : out->blocks) {
    LabelPath(doc, labels, b.rep, &path);
    flat.insert(flat.end(), path.begin(), path.end());
    offset.push_back(flat.size());
  }
  auto sim = [&](std::size_t x, std::size_t y) {
    const std::size_t lx = offset[x + 1] - offset[x], ly = offset[y + 1] - offset[y];
    if (lx == 0 || ly == 0) return 0.0;
    std::size_t common = 0;
    while (common < lx && common < ly && flat[offset[x] + common] == flat[offset[y] + common]) ++common;
    return static_cast<double>(common) / static_cast<double>(std::max(lx, ly));
  };
  // Candidates for the main block: the `main_candidates` blocks with the most non-link text (most
  // text of any kind breaks ties, e.g. when every block is all links).
  thread_local std::vector<std::size_t> order;
  order.resize(out->blocks.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const std::size_t k = std::min<std::size_t>(order.size(), std::max(1, options.main_candidates));
  auto more_text = [&](std::size_t x, std::size_t y) {
    const PathBlock& a = out->blocks[x];
    const PathBlock& b = out->blocks[y];
    if (a.text_chars != b.text_chars) return a.text_chars > b.text_chars;
    if (a.chars != b.chars) return a.chars > b.chars;
    return x < y;
  };
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), order.end(), more_text);
  // The main block: among the candidates, the one whose body (itself plus the blocks similar to it)
  // holds the most non-link text; with one candidate, the paper's block with the most text.
  std::size_t main = order[0];
  std::uint64_t best = 0;
  const double floor = options.candidate_min_ratio * out->blocks[order[0]].text_chars;
  for (std::size_t c = 0; c < k && k > 1; ++c) {
    if (out->blocks[order[c]].text_chars < floor) break;
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < out->blocks.size(); ++i) {
      if (i == order[c] || sim(i, order[c]) >= options.body_similarity) total += out->blocks[i].text_chars;
    }
    if (total > best) best = total, main = order[c];
  }
  out->main = main;
  std::size_t first_kept = main, last_kept = main;
  for (std::size_t i = 0; i < out->blocks.size(); ++i) {
    PathBlock& b = out->blocks[i];
    b.sim_to_main = i == main ? 1.0 : sim(i, main);
    b.kept = i == main || b.sim_to_main >= options.body_similarity;
    if (b.kept) first_kept = std::min(first_kept, i), last_kept = std::max(last_kept, i);
  }
  // The article's heading: a heading block among the few blocks before the first kept one (title,
  // then byline or date, then the text) whose path still shares gap_similarity with the main block.
  for (std::size_t back = 1; options.leading_heading && back <= 3 && back <= first_kept; ++back) {
    PathBlock& b = out->blocks[first_kept - back];
    if (!InHeading(doc, b.rep) || b.sim_to_main < options.gap_similarity) continue;
    b.kept = b.gap = true;
    first_kept -= back;
    break;
  }
  // Gaps: a block between two kept blocks (an image caption, a pull quote, a subheading inside the
  // article) is kept when its path still shares gap_similarity with the main block and it is not a
  // link list.
  for (std::size_t i = first_kept + 1; i < last_kept && options.gap_similarity < 1.0; ++i) {
    PathBlock& b = out->blocks[i];
    if (b.kept || b.sim_to_main < options.gap_similarity) continue;
    if (b.chars > 0 && static_cast<double>(b.chars - b.text_chars) > options.gap_max_link_density * b.chars) continue;
    b.kept = b.gap = true;
  }
}

namespace {

// Keeps blank text nodes that sit between two kept leaves (word spacing between inline elements).
void KeepInnerSpaces(const dom::Document& doc, Selection* sel) {
  const dom::NodeId root = doc.body != dom::kNoNode ? doc.body : 0;
  bool last_kept = false;
  std::vector<dom::NodeId> pending;
  for (dom::NodeId id = root; id < doc.SubtreeEnd(root); ++id) {
    const dom::Node& n = doc[id];
    if (!n.is_text() || n.hidden()) continue;
    if (sel->keep[id]) {
      if (last_kept) {
        for (dom::NodeId p : pending) sel->keep[p] = 1;
      }
      pending.clear();
      last_kept = true;
    } else if (text::CountNonSpace(doc.Text(id)) == 0) {
      pending.push_back(id);
    } else {
      pending.clear();
      last_kept = false;
    }
  }
}

void AddTemplateDecisions(const dom::Document& doc, const site::TemplateMarks& marks, std::uint32_t need,
                          std::uint32_t pages, Selection* sel) {
  const dom::NodeId root = doc.body != dom::kNoNode ? doc.body : 0;
  std::size_t run = static_cast<std::size_t>(-1);  // index of the open run's decision
  std::size_t run_texts = 0;
  for (dom::NodeId id = root; id < doc.SubtreeEnd(root); ++id) {
    if (!doc[id].is_text() || doc[id].hidden()) continue;
    if (!marks.is_template[id]) {
      if (text::CountNonSpace(doc.Text(id)) > 0) run = static_cast<std::size_t>(-1);
      continue;
    }
    if (run == static_cast<std::size_t>(-1)) {
      run = sel->decisions.size();
      sel->decisions.push_back(Decision{doc[id].line, doc[id].line, doc[id].parent, 0, false, ""});
      run_texts = 0;
    }
    Decision& d = sel->decisions[run];
    ++run_texts;
    d.last_line = doc[id].line;
    d.score += static_cast<double>(text::CountNonSpace(doc.Text(id)));
    d.reason = "site template: " + std::to_string(run_texts) + " text node(s) with the same text on >= " +
                  std::to_string(need) + " of " + std::to_string(pages) + " site pages";
  }
}

}  // namespace

Selection RunPathSim(const Context& ctx) {
  const dom::Document& doc = ctx.doc;
  const PathSimOptions& o = ctx.options.pathsim;
  Selection sel;
  sel.Reset(doc.size());
  thread_local site::TemplateMarks marks;
  const std::vector<std::uint8_t>* exclude = nullptr;
  std::string template_note = "no site model";
  if (o.site) {
    const SiteModel::Data& model = o.site->data();
    site::MarkTemplate(doc, ctx.annotation, model, o.template_share, &marks);
    if (marks.texts > 0 && marks.template_texts == marks.texts) {
      // Every text is also on the model's pages: the page is a copy of one of them (a mirror, a
      // second URL of the same article), not a page whose content is all template. Removing the
      // template would erase it; path grouping alone decides instead.
      template_note = "site model skipped: all " + std::to_string(marks.texts) +
                      " text nodes are on the model's pages too (a copy of one of them)";
    } else {
      exclude = &marks.is_template;
      const std::uint32_t need = site::RequiredCount(model.pages, o.template_share);
      AddTemplateDecisions(doc, marks, need, model.pages, &sel);
      template_note = "site template removed " + std::to_string(marks.template_texts) + " of " +
                      std::to_string(marks.texts) + " text nodes (" + std::to_string(marks.moved) +
                      " moved; model of " + std::to_string(model.pages) + " pages" +
                      (model.host.empty() ? "" : ", " + model.host) + ")";
    }
  }
  thread_local PathGrouping g;
  GroupLeaves(doc, ctx.annotation, exclude, o, &g);
  std::size_t kept_blocks = 0;
  for (std::size_t i = 0; i < g.blocks.size(); ++i) {
    const PathBlock& b = g.blocks[i];
    for (std::size_t k = b.first; b.kept && k <= b.last; ++k) sel.keep[g.leaves[k]] = 1;
    kept_blocks += b.kept;
    Decision d;
    d.first_line = doc[g.leaves[b.first]].line;
    d.last_line = doc[g.leaves[b.last]].line;
    d.node = doc[b.rep].parent;
    d.score = b.text_chars;
    d.kept = b.kept;
    if (b.gap) {
      d.reason = Format("between kept blocks, path sim to main block %.2f >= %.2f", b.sim_to_main, o.gap_similarity) +
                 "; " + std::to_string(b.text_chars) + " non-link chars";
    } else if (i == g.main) {
      d.reason = "main block: most non-link text (" + std::to_string(b.text_chars) + " chars, " +
                 std::to_string(b.last - b.first + 1) + " leaves)";
    } else {
      d.reason = Format(b.kept ? "path sim to main block %.2f >= %.2f" : "path sim to main block %.2f < %.2f",
                        b.sim_to_main, o.body_similarity) +
                 "; " + std::to_string(b.text_chars) + " non-link chars";
    }
    sel.decisions.push_back(std::move(d));
  }
  KeepInnerSpaces(doc, &sel);
  if (g.blocks.empty()) {
    sel.summary = "pathsim: no text leaves; " + template_note;
  } else {
    const PathBlock& m = g.blocks[g.main];
    sel.summary = "pathsim: " + std::to_string(g.blocks.size()) + " blocks of " + std::to_string(g.leaves.size()) +
                  " leaves; main block " + std::to_string(m.text_chars) + " chars at line " +
                  std::to_string(doc[g.leaves[m.first]].line) + "; kept " + std::to_string(kept_blocks) +
                  " blocks; " + template_note;
  }
  return sel;
}

}  // namespace pith::algo
