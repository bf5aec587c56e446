// Options::comments (`--comments`) in `auto` (driver: auto.cc, at the end of every reading):
// the comment sections after the content. pith's default content is the article without its
// comments; a user who wants them gets them after the content, each of their blocks marked
// (Block::comment, JSON "comment": true and "comments"). The content's own choice does not change:
// the sections are added after every other step, on the evidence of step 1's comment hints:
// - the outermost comment-hinted elements outside boilerplate that start after the content's
//   first text, inside the content (a section step 5 left out) or beside it;
// - holding min_paragraph_chars of text outside links and at most max_link_density of link text:
//   a "recent comments" list of links is no comment section;
// - cleaned as the content is (step 5: their reply forms, buttons, link rows and boilerplate go),
//   their comments staying.
// A thread whose posts are comments (page.comments_are_content) is content already.
#include <vector>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"

namespace pith::algo::auto_steps {

void KeepComments(Page& page) {
  if (!page.ctx.options.comments || page.comments_are_content || page.sel.keep.size() != page.doc.size()) return;
  const NodeId root = page.root, end = page.doc.SubtreeEnd(root);
  NodeId id = root;
  while (id < end && !(page.sel.keep[id] && page.doc[id].is_text())) ++id;
  // Content text nodes before each node: whether a section holds content, in O(1).
  std::vector<std::uint32_t> content_before(end - root + 1, 0);
  for (NodeId k = root; k < end; ++k) {
    content_before[k - root + 1] = content_before[k - root] + (page.sel.keep[k] == kKeptContent);
  }
  for (std::size_t sections = 0; id < end;) {
    const dom::Node& n = page.doc[id];
    if (!n.is_element() || n.hidden() || page.hint[id] != kCommentsHint || page.inside[n.parent] != kNoHint) {
      ++id;
      continue;
    }
    const NodeId after = page.doc.SubtreeEnd(id);
    if (content_before[after - root] > content_before[id - root]) {  // the content lies in it:
      ++id;                                                          // its sections are further in
      continue;
    }
    if (page.weight[id] >= page.o.min_paragraph_chars && page.LinkDensity(id) <= page.o.max_link_density) {
      if (sections++ == 0) page.sel.summary += "; comment sections kept after the content";
      Keep(page, id, id, kKeptComment);
    }
    id = after;
  }
}

}  // namespace pith::algo::auto_steps
