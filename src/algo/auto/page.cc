// The Page's own work (page.h): measuring the text once per page, recording decisions.
#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"

namespace pith::algo::auto_steps {

Page::Page(const Context& context)
    : doc(context.doc),
      ann(context.annotation),
      o(Favored(context.options.automatic)),
      ends(FavoredEnds(context.options.automatic.favor)),
      ctx(context) {
  root = doc.body != dom::kNoNode ? doc.body : 0;
  // Weighted non-link characters per node (subtree) and per block owner (own text).
  const std::size_t n = doc.size();
  const double w = std::max(1, o.cjk_char_weight);
  weight = MakeNodeArray<double>(n);
  own = MakeNodeArray<double>(n);
  own_punct = MakeNodeArray<double>(n);
  owner = MakeNodeArray<NodeId>(n);
  first_word_text = MakeNodeArray<NodeId>(n);
  last_word_text = MakeNodeArray<NodeId>(n);
  last_text_upto = MakeNodeArray<NodeId>(n);
  tibetan_page = ann[root].script == text::Script::kTibetan;
  if (tibetan_page) own_tsheg = std::make_unique<double[]>(n);  // zeroed: only text adds to it
  // Top-down: a node's sums start at zero, and a block has no first or last word text yet,
  // before its descendants are reached. The document root owns what no block does.
  weight[0] = own[0] = own_punct[0] = 0;
  owner[0] = 0;
  first_word_text[0] = last_word_text[0] = last_text_upto[0] = dom::kNoNode;
  for (NodeId id = 1; id < n; ++id) {
    weight[id] = own[id] = own_punct[id] = 0;
    first_word_text[id] = last_word_text[id] = dom::kNoNode;
    const dom::Node& node = doc[id];
    owner[id] = (node.is_element() && dom::IsBlockLevel(node.tag)) ? id : owner[node.parent];
    last_text_upto[id] = node.is_text() && ann[id].chars > 0 ? id : last_text_upto[id - 1];
    if (node.is_text() && !node.in_link() && ann[id].words > 0) {
      NodeId& first = first_word_text[owner[id]];
      if (first == dom::kNoNode) first = id;
      last_word_text[owner[id]] = id;
    }
  }
  for (NodeId id = static_cast<NodeId>(n); id-- > 1;) {
    const dom::Node& node = doc[id];
    if (node.is_text() && !node.hidden() && !node.in_link()) {
      const dom::NodeStats& s = ann[id];
      const double value = s.chars + s.cjk * (w - 1);
      weight[id] = value;
      own[owner[id]] += value;
      own_punct[owner[id]] += s.punct;
      if (tibetan_page) own_tsheg[owner[id]] += s.tsheg;
    }
    weight[node.parent] += weight[id];
  }
}

void Page::AddDecision(NodeId node, double score, bool kept, std::string reason) {
  Decision d;
  d.node = node;
  d.first_line = d.last_line = doc[node].line;
  d.score = score;
  d.kept = kept;
  d.reason = std::move(reason);
  sel.decisions.push_back(std::move(d));
}

double WeightOf(const Page& page, const Selection& sel) {
  double total = 0;
  for (NodeId id = 0; id < page.doc.size(); ++id) {
    if (sel.keep[id] && page.doc[id].is_text()) total += page.weight[id];
  }
  return total;
}

}  // namespace pith::algo::auto_steps
