// Options::headline = false (`--no-headline`): the content's headline is left out, after any
// algorithm chose the content. The headline is the content's opening block (the kept text of its
// first block-level element) when that block is a heading (h1–h6) or the page's title: its text
// is the og:title, or a part of <title> that the site's name and a separator follow or precede
// ("Headline | Site", "Site - Headline"). Sets disagree on whether a headline is content (their
// truths keep it on 5–88% of their pages); the option lets a user choose, as trafilatura does.
#include "algo/headline.h"

#include <string>
#include <string_view>

#include "text/unicode.h"

namespace pith::algo {
namespace {

using dom::NodeId;

// The nearest block-level element holding `id` (the root when none does).
NodeId BlockOf(const dom::Document& doc, NodeId id) {
  NodeId a = doc[id].parent;
  while (a != dom::kNoNode && a != 0 && !(doc[a].is_element() && dom::IsBlockLevel(doc[a].tag))) a = doc[a].parent;
  return a == dom::kNoNode ? 0 : a;
}

}  // namespace

std::string NormalizedLine(std::string_view text) {
  std::string out;
  bool space = false;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t at = i;
    const char32_t c = text::NextCodePoint(text, i);
    if (text::IsSpace(c)) {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    if (c >= U'A' && c <= U'Z') {
      out.push_back(static_cast<char>(c + 32));
    } else {
      out.append(text.substr(at, i - at));
    }
  }
  return out;
}

PageTitle PageTitle::Of(const dom::Document& doc) {
  PageTitle t;
  for (NodeId id = 0; id < doc.size(); ++id) {
    const dom::Node& n = doc[id];
    if (!n.is_element()) continue;
    if (n.tag == dom::Tag::kTitle && t.title.empty()) {
      t.title = NormalizedLine(doc.SubtreeText(id));
    } else if (n.tag == dom::Tag::kMeta && t.declared.empty()) {
      const std::string_view property = doc.GetAttr(id, dom::Attr::kProperty);
      const std::string_view name = doc.GetAttr(id, dom::Attr::kName);
      if (property == "og:title" || name == "twitter:title" || property == "twitter:title") {
        t.declared = NormalizedLine(doc.GetAttr(id, dom::Attr::kContent));
      }
    }
  }
  return t;
}

bool PageTitle::Matches(std::string_view line) const {
  if (line.size() < kMinTitleBytes) return false;
  if (line == declared || line == title) return true;
  if (title.size() <= line.size() + 1) return false;
  // A separator (no letter or digit) must stand where the headline ends or begins.
  auto separated = [&](std::size_t at) {
    std::size_t i = at;
    const char32_t c = text::NextCodePoint(title, i);
    return text::IsSpace(c) || text::IsPunct(c) || c == U'|' || c == U'-' || c == U'\u2013' || c == U'\u2014';
  };
  if (title.starts_with(line) && separated(line.size())) return true;
  if (title.ends_with(line)) {
    // The code point before the headline: step back to its lead byte.
    std::size_t at = title.size() - line.size() - 1;
    while (at > 0 && (static_cast<unsigned char>(title[at]) & 0xC0) == 0x80) --at;
    return separated(at);
  }
  return false;
}

void LeaveOutHeadline(const Context& ctx, Selection* sel) {
  const dom::Document& doc = ctx.doc;
  if (sel->keep.size() != doc.size()) return;
  // The first kept text with characters, and the rest of its block.
  NodeId first = 0;
  auto content = [&](NodeId id) {
    return sel->keep[id] == kKeptContent && doc[id].is_text() && ctx.annotation[id].chars > 0;
  };
  while (first < doc.size() && !content(first)) ++first;
  if (first >= doc.size()) return;
  const NodeId block = BlockOf(doc, first);
  std::vector<NodeId> nodes;
  std::string text;
  for (NodeId id = first; id < doc.size(); ++id) {
    if (!doc[id].is_text() || !sel->keep[id]) continue;
    if (BlockOf(doc, id) != block) break;
    nodes.push_back(id);
    text += doc.Text(id);
  }
  const bool heading = block != 0 && dom::HeadingLevel(doc[block].tag) > 0;
  if (!heading && !PageTitle::Of(doc).Matches(NormalizedLine(text))) return;
  // Another block of the content must follow: a page whose only text is its title keeps it.
  bool more = false;
  for (NodeId id = nodes.back() + 1; id < doc.size() && !more; ++id) {
    more = doc[id].is_text() && sel->keep[id] && ctx.annotation[id].chars > 0;
  }
  if (!more) return;
  for (const NodeId id : nodes) sel->keep[id] = 0;
  Decision d;
  d.node = block;
  d.first_line = d.last_line = doc[block].line;
  d.kept = false;
  d.reason = heading ? "the headline (a heading opening the content) left out: --no-headline"
                     : "the headline (the page's title opening the content) left out: --no-headline";
  sel->decisions.push_back(std::move(d));
}

}  // namespace pith::algo
