// Purified-page writer: one pre-order pass with a stack of open elements; a prefix count of kept
// text nodes tells in O(1) whether a subtree holds any (subtrees without are skipped whole).
#include "render/html.h"

#include "render/callouts.h"
#include "render/footnotes.h"

namespace pith::render {
namespace {

bool IsVoid(dom::Tag tag) {
  switch (tag) {
    case dom::Tag::kArea: case dom::Tag::kBr: case dom::Tag::kCol: case dom::Tag::kEmbed:
    case dom::Tag::kHr: case dom::Tag::kImg: case dom::Tag::kInput: case dom::Tag::kLink:
    case dom::Tag::kMeta: case dom::Tag::kParam: case dom::Tag::kSource: case dom::Tag::kWbr:
    case dom::Tag::kBase:
      return true;
    default:
      return false;
  }
}

// Attributes carried over, per element; everything else is dropped.
bool KeepAttribute(dom::Tag tag, dom::Attr attr) {
  switch (attr) {
    case dom::Attr::kLang: case dom::Attr::kDir: return true;
    case dom::Attr::kHref: return tag == dom::Tag::kA;
    case dom::Attr::kTitle: return tag == dom::Tag::kA || tag == dom::Tag::kAbbr;
    case dom::Attr::kSrc: case dom::Attr::kAlt: return tag == dom::Tag::kImg;
    case dom::Attr::kDatetime: return tag == dom::Tag::kTime;
    default: return false;
  }
}

// `name`: the element's own name, or the one it is written as (a callout's "blockquote").
// `footnotes`: the id of an element a footnote's link points to is kept too.
void AppendStartTag(const dom::Document& doc, dom::NodeId id, std::string_view name, std::string* out,
                    const Footnotes* footnotes = nullptr) {
  const dom::Node& n = doc[id];
  out->push_back('<');
  out->append(name);
  const bool anchored = footnotes && !footnotes->empty() && footnotes->Anchored(id);
  for (std::uint32_t i = n.attr_begin; i < n.attr_begin + n.attr_count; ++i) {
    const dom::AttrEntry& a = doc.attrs[i];
    if (!KeepAttribute(n.tag, a.key) && !(anchored && a.key == dom::Attr::kId)) continue;
    out->push_back(' ');
    out->append(dom::AttrName(a.key));
    out->append("=\"");
    AppendEscapedAttribute(std::string_view(doc.strings).substr(a.begin, a.size), out);
    out->push_back('"');
  }
  out->push_back('>');
}

void AppendHead(const Result& r, std::string* out) {
  out->append("<!DOCTYPE html>\n<html");
  if (!r.metadata.lang.empty()) {
    out->append(" lang=\"");
    AppendEscapedAttribute(r.metadata.lang, out);
    out->push_back('"');
  }
  if (!r.metadata.dir.empty()) {
    out->append(" dir=\"");
    AppendEscapedAttribute(r.metadata.dir, out);
    out->push_back('"');
  }
  out->append(">\n<head>\n<meta charset=\"utf-8\">\n<title>");
  AppendEscapedText(r.metadata.title, out);
  out->append("</title>\n");
  if (!r.metadata.url.empty()) {
    out->append("<link rel=\"canonical\" href=\"");
    AppendEscapedAttribute(r.metadata.url, out);
    out->append("\">\n");
  }
  out->append("</head>\n<body>\n");
}

}  // namespace

void AppendEscapedText(std::string_view s, std::string* out) {
  for (char c : s) {
    switch (c) {
      case '&': out->append("&amp;"); break;
      case '<': out->append("&lt;"); break;
      case '>': out->append("&gt;"); break;
      default: out->push_back(c);
    }
  }
}

void AppendEscapedAttribute(std::string_view s, std::string* out) {
  for (char c : s) {
    switch (c) {
      case '&': out->append("&amp;"); break;
      case '"': out->append("&quot;"); break;
      case '<': out->append("&lt;"); break;
      case '>': out->append("&gt;"); break;
      default: out->push_back(c);
    }
  }
}

std::string ToHtml(const dom::Document& doc, const std::vector<std::uint8_t>& keep, const Result& r) {
  std::string out;
  AppendHead(r, &out);
  const dom::NodeId root = doc.body != dom::kNoNode ? doc.body : 0;
  if (doc.size() == 0 || keep.size() < doc.size()) {
    out.append("</body>\n</html>\n");
    return out;
  }
  // kept_before[i] = kept visible text nodes among ids < i.
  std::vector<std::uint32_t> kept_before(doc.size() + 1, 0);
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    kept_before[id + 1] = kept_before[id] + (keep[id] && doc[id].is_text() && !doc[id].hidden() ? 1 : 0);
  }
  auto holds_kept = [&](dom::NodeId id) { return kept_before[doc.SubtreeEnd(id)] > kept_before[id]; };
  std::vector<dom::NodeId> kept_links;  // the <a> elements with attributes around kept text
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    if (doc[id].tag == dom::Tag::kA && doc[id].attr_count > 0 && holds_kept(id)) kept_links.push_back(id);
  }
  const Footnotes footnotes(doc, keep, kept_links);

  // A callout (render/callouts.h) is written as a <blockquote> (as the blocks make it a quotation;
  // not when it holds all the kept text, as for the blocks) and its title, unless a heading, as
  // <p><strong>…</strong></p> (an inline title keeps its tag; no <strong> when the title is all
  // strong already), block elements inside the title left out around their content.
  enum class Context : std::uint8_t { kNone, kCallout, kTitle };
  struct Open {
    dom::NodeId id;
    std::string_view name;  // as written: its own, or "blockquote" for a callout, "p" for a title
    bool strong;            // a <strong> opened inside it
    Context context;        // of the elements inside it
  };
  std::vector<Open> open;  // emitted elements whose end tag is pending
  auto close_until = [&](dom::NodeId id) {
    while (!open.empty() && doc.SubtreeEnd(open.back().id) <= id) {
      if (open.back().strong) out.append("</strong>");
      out.append("</");
      out.append(open.back().name);
      out.push_back('>');
      open.pop_back();
    }
  };
  auto emit = [&](dom::NodeId id, std::string_view name, bool strong, Context context) {
    AppendStartTag(doc, id, name, &out, &footnotes);
    if (strong) out.append("<strong>");
    open.push_back({id, name, strong, context});
  };
  auto kept_in = [&](dom::NodeId id) { return kept_before[doc.SubtreeEnd(id)] - kept_before[id]; };
  auto all_strong = [&](dom::NodeId title) {
    for (dom::NodeId d = title + 1; d < doc.SubtreeEnd(title); ++d) {
      if ((doc[d].tag == dom::Tag::kStrong || doc[d].tag == dom::Tag::kB) && kept_in(d) == kept_in(title)) return true;
    }
    return false;
  };
  const dom::NodeId end = doc.SubtreeEnd(root);
  for (dom::NodeId id = root + 1; id < end;) {
    close_until(id);
    const dom::Node& n = doc[id];
    if (n.is_text()) {
      if (keep[id] && !n.hidden()) AppendEscapedText(doc.Text(id), &out);
      ++id;
      continue;
    }
    if (!n.is_element() || n.hidden()) {
      id = doc.SubtreeEnd(id);
      continue;
    }
    if (IsVoid(n.tag)) {
      // <br> and <img> inside an emitted element (other than the body itself) belong to kept content.
      const bool inside_kept = !open.empty() && open.back().id == n.parent;
      if (inside_kept && (n.tag == dom::Tag::kBr || n.tag == dom::Tag::kImg)) AppendStartTag(doc, id, doc.Name(id), &out);
      ++id;
      continue;
    }
    if (!holds_kept(id)) {
      id = doc.SubtreeEnd(id);
      continue;
    }
    // A formula as pandoc writes TeX for MathJax or KaTeX to render: <span class="math inline">\(…\)
    // or <span class="math display">\[…\]. (Its one child is its LaTeX.)
    if (doc.IsFormula(id)) {
      const bool display = doc.IsDisplayFormula(id);
      out.append(display ? "<span class=\"math display\">\\[" : "<span class=\"math inline\">\\(");
      AppendEscapedText(doc.FormulaLatex(id), &out);
      out.append(display ? "\\]</span>" : "\\)</span>");
      id = doc.SubtreeEnd(id);
      continue;
    }
    const Context context = open.empty() ? Context::kNone : open.back().context;
    if (context == Context::kTitle && dom::IsBlockLevel(n.tag)) {  // its content goes on in the title
      ++id;
      continue;
    }
    if (context == Context::kCallout && IsCalloutTitle(doc, id)) {
      if (dom::HeadingLevel(n.tag) > 0) {
        emit(id, doc.Name(id), false, Context::kTitle);
      } else {
        emit(id, dom::IsBlockLevel(n.tag) ? "p" : doc.Name(id), !all_strong(id), Context::kTitle);
      }
    } else if (n.tag == dom::Tag::kBlockquote) {
      emit(id, doc.Name(id), false, Context::kNone);
    } else if (IsCallout(doc, id)) {
      const bool quotation = kept_in(id) < kept_before[doc.size()];
      emit(id, quotation ? "blockquote" : doc.Name(id), false, Context::kCallout);
    } else {
      // Inside a table, a list, code or a figure no element is taken for a title.
      const bool structure = n.tag == dom::Tag::kTable || n.tag == dom::Tag::kUl || n.tag == dom::Tag::kOl ||
                             n.tag == dom::Tag::kDl || n.tag == dom::Tag::kPre || n.tag == dom::Tag::kFigure;
      emit(id, doc.Name(id), false, structure ? Context::kNone : context);
    }
    ++id;
  }
  close_until(end);
  out.append("\n</body>\n</html>\n");
  return out;
}

}  // namespace pith::render
