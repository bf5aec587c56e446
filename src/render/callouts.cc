#include "render/callouts.h"

#include <string_view>

#include "text/ascii.h"

namespace pith::render {

bool IsCallout(const dom::Document& doc, dom::NodeId element) {
  const dom::Node& n = doc[element];
  if (n.tag == dom::Tag::kDetails) {
    // A summary holding a heading makes the <details> a collapsible section of the page (an
    // accordion's panel, a documented method), titled by that heading, not a callout.
    for (dom::NodeId c = n.first_child; c != dom::kNoNode; c = doc[c].next_sibling) {
      if (doc[c].tag != dom::Tag::kSummary) continue;
      for (dom::NodeId d = c + 1; d < doc.SubtreeEnd(c); ++d) {
        if (dom::HeadingLevel(doc[d].tag) > 0) return false;
      }
      break;
    }
    return true;
  }
  if (n.attr_count == 0 || (n.tag != dom::Tag::kDiv && n.tag != dom::Tag::kAside && n.tag != dom::Tag::kSection)) {
    return false;
  }
  return AnyClassToken(doc.GetAttr(element, dom::Attr::kClass), [](std::string_view t) {
    for (const std::string_view name : {"admonition", "admonitionblock", "theme-admonition", "markdown-alert",
                                        "callout", "alert"}) {
      if (text::EqualsIgnoreAsciiCase(t, name)) return true;
    }
    return false;
  });
}

bool IsCalloutTitle(const dom::Document& doc, dom::NodeId element) {
  const dom::Node& n = doc[element];
  if (n.tag == dom::Tag::kSummary) return true;
  if (n.attr_count == 0) return false;
  return AnyClassToken(doc.GetAttr(element, dom::Attr::kClass), [](std::string_view t) {
    return text::FindIgnoreAsciiCase(t, "title") != std::string_view::npos ||
           text::FindIgnoreAsciiCase(t, "heading") != std::string_view::npos;
  });
}

}  // namespace pith::render
