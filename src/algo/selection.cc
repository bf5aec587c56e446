// Selection helpers shared by the algorithms.
#include "algo/algorithm.h"

namespace pith::algo {

void Selection::KeepSubtree(const dom::Document& doc, dom::NodeId node) {
  for (dom::NodeId i = node; i < doc.SubtreeEnd(node); ++i) {
    if (doc[i].is_text() && !doc[i].hidden()) keep[i] = 1;
  }
}

}  // namespace pith::algo
