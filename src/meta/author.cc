// meta/author.cc — choosing the author: declared names (JSON-LD Person authors, <meta> author
// keys) first; else candidates from the page — itemprop=author, rel=author, CJK labels and
// unlabelled Chinese names, "By …" lines, byline-classed elements, "by …" in the title — ranked
// by the strength of their evidence less a penalty for distance from the headline.
#include "meta/author.h"

#include <algorithm>

#include "text/boilerplate_words.h"
#include "meta/metadata.h"
#include "meta/tables.h"
#include "meta/text_util.h"
#include "meta/title.h"

namespace pith::meta {

using dom::Attr;
using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

namespace {

constexpr std::size_t kCjkBylineWindow = 36 * 1024;  // CJK bylines: up to here after the headline

// Inside navigation, a heading or a form control: menus say "By Topic", "By Event Type".
bool InNavigation(const dom::Document& doc, NodeId id) {
  for (NodeId p = id; p != kNoNode && p != 0; p = doc[p].parent) {
    const Tag t = doc[p].tag;
    if (t == Tag::kNav || t == Tag::kButton || t == Tag::kSelect || t == Tag::kLabel || dom::HeadingLevel(t) > 0) {
      return true;
    }
    if (doc[p].is_element()) {
      const std::string_view role = doc.GetAttr(p, Attr::kRole);
      if (role == "navigation" || role == "menu" || role == "menubar") return true;
    }
  }
  return false;
}

// Inside an element whose class or id names a comment section ("comments", "post_comment",
// "disqus_thread": the words algo/boilerplate_words.h classifies as comments). <body>'s classes
// name the page's features ("has-comments"), not a section.
bool InCommentSection(const dom::Document& doc, NodeId id) {
  for (NodeId p = doc[id].parent; p != kNoNode && p != 0; p = doc[p].parent) {
    if (!doc[p].is_element() || doc[p].tag == Tag::kBody || doc[p].tag == Tag::kHtml) continue;
    for (const Attr attr : {Attr::kClass, Attr::kId}) {
      const std::string_view v = doc.GetAttr(p, attr);
      for (std::size_t i = 0; i < v.size();) {
        std::size_t e = i;
        while (e < v.size() && IsAsciiAlnum(static_cast<unsigned char>(v[e]))) ++e;
        if (e > i && e - i <= 32 && text::ClassifyHintToken(LowerAscii(v.substr(i, e - i))) == text::HintKind::kComments) {
          return true;
        }
        i = e + 1;
      }
    }
  }
  return false;
}

// "By Jane Doe" / "Contributors: Jane Doe" at the start of a short line, or "written by Jane Doe"
// inside one.
void EnglishBylines(const dom::Document& doc, const Stream& st, std::size_t wb, std::size_t we,
                    std::vector<AuthorCand>* out) {
  static constexpr StringSet kLinePrefixes(tables::kBylineLinePrefixes);
  const std::string_view text = st.text;
  std::size_t line = wb;
  int found = 0;
  while (line < we && found < 8) {
    std::size_t nl = text.find('\n', line);
    if (nl == std::string_view::npos || nl > we) nl = we;
    const std::string_view l = Trim(text.substr(line, nl - line), IsControlOrSpace);
    const std::size_t lpos = line;
    line = nl + 1;
    if (l.size() < 5 || l.size() > 200) continue;
    std::string_view rest;
    if (kLinePrefixes.MayBeginAt(l, 0)) {
      for (std::string_view p : tables::kBylineLinePrefixes) {
        if (l.starts_with(p) && l.size() > p.size() + 2) {
          rest = l.substr(p.size());
          break;
        }
      }
    }
    std::string cut_comma;
    if (rest.empty() && FindCI(l, "by ") != std::string_view::npos) {
      for (std::string_view p : tables::kBylineInlineLabels) {
        const std::size_t at = FindCI(l, p);
        if (at != std::string::npos && at + p.size() + 2 < l.size()) {
          rest = l.substr(at + p.size());
          cut_comma = std::string(rest.substr(0, rest.find(',')));
          rest = cut_comma;
          break;
        }
      }
    }
    if (rest.empty()) continue;
    if (!(rest[0] >= 'A' && rest[0] <= 'Z') && static_cast<unsigned char>(rest[0]) < 0x80) continue;
    const Seg* seg = st.SegAt(lpos + (l.data() - text.data() - lpos));
    if (seg && InNavigation(doc, seg->node)) continue;
    const std::string name = CleanAuthor(rest);
    if (name.empty() || WordCount(name) > 8) continue;
    out->push_back({name, 4, lpos});
    ++found;
  }
}

// Cleaned, de-duplicated names joined with ", " ("" if none, or if they are the site's name).
std::string JoinAuthors(const std::vector<std::string>& raw, std::string_view site) {
  std::vector<std::string> names;
  for (const auto& a : raw) {
    std::string c = CleanAuthor(a);
    if (c.empty() || MatchesSite(c, site)) continue;
    if (std::find(names.begin(), names.end(), c) == names.end()) names.push_back(std::move(c));
  }
  std::string out;
  for (const auto& n : names) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return CodePoints(out) > 2 * kMaxAuthorChars ? "" : out;
}

// Byte offset of the first word "by" (any case) followed by a space, or npos.
std::size_t ByWordAt(std::string_view text) {
  for (std::size_t i = 0; i + 3 <= text.size(); ++i) {
    if ((text[i] | 0x20) == 'b' && (text[i + 1] | 0x20) == 'y' && text[i + 2] == ' ' &&
        (i == 0 || text[i - 1] == ' ')) {
      return i;
    }
  }
  return std::string_view::npos;
}

// The name inside a byline element: a labelled CJK name ("作者：X 来源：Y"); else the first text in
// it that is a plausible name (labels such as "By", dates and job titles are skipped: "Dec. 19 ·
// Jane Doe"; so is what precedes the word "by": "Post by <a>jane</a>"), joined with further
// linked names ("By <a>A</a> and <a>B</a>").
std::string BylineFromNode(const dom::Document& doc, const dom::Annotation& ann, NodeId n) {
  if (!ann.stats.empty() && ann[n].chars > 300) return "";
  const std::string all = NodeText(doc, n, 600);
  for (const auto& lab : tables::kCjkAuthorLabels) {
    const std::size_t p = all.find(lab.label);
    if (p == std::string::npos) continue;
    return CleanAuthor(NameAfterCjkLabel(all, p + lab.label.size(), lab.sep));  // "" if labelled but no name
  }
  const NodeId end = doc.SubtreeEnd(n);
  std::string first;
  bool first_in_link = false;
  std::vector<std::string> linked;
  for (NodeId k = n; k < end; ++k) {
    const dom::Node& node = doc[k];
    if (node.hidden()) {
      k = doc.SubtreeEnd(k) - 1;
      continue;
    }
    if (node.tag == Tag::kA) {
      const std::string v = CleanAuthor(NodeText(doc, k, 400));
      if (!v.empty() && linked.size() < 4 && std::find(linked.begin(), linked.end(), v) == linked.end()) {
        linked.push_back(v);
      }
      continue;
    }
    if (!node.is_text() || !first.empty()) continue;
    const std::string t = CollapseSpace(doc.Text(k), 400);
    if (t.empty() || WordCount(t) > 12) continue;
    first = CleanAuthor(t);
    first_in_link = node.in_link();
  }
  if (first.empty()) return "";
  // "Post by jane » date" (forum post headers): a label before the word "by" is no name; the
  // names are the linked ones after it.
  if (const std::size_t by = ByWordAt(all); by != std::string::npos && all.find(first) < by) {
    std::erase_if(linked, [&](const std::string& v) { return all.find(v) < by; });
    if (linked.empty()) return "";
    first = linked.front();
    first_in_link = true;
  }
  const bool list = all.find(" and ") != std::string::npos || all.find(" & ") != std::string::npos ||
                    all.find(", ") != std::string::npos || all.find("、") != std::string::npos;
  if (first_in_link && list && linked.size() >= 2 && linked[0] == first && CodePoints(all) <= 160) {
    std::string joined;
    for (const auto& l : linked) joined += (joined.empty() ? "" : ", ") + l;
    return joined;
  }
  return first;
}

}  // namespace

std::string ChooseAuthor(const dom::Document& doc, const dom::Annotation& annotation,
                         const std::vector<std::uint8_t>& content, const Facts& f, const LdInfo& ld, const Stream& st,
                         const Anchor& anchor, std::string_view site, std::string_view title,
                         const std::string& title_author) {
  // Tier 1: declared person names (JSON-LD Person authors, <meta> author keys), unless they
  // merely repeat the site name.
  std::string author = JoinAuthors(ld.authors, site);
  std::string weak;  // organisations and site-name authors: used only if nothing else is found
  for (auto k : tables::kAuthorKeys) {
    if (!author.empty()) break;
    for (const auto& m : f.metas) {
      if (m.key != k) continue;
      std::string a = CleanAuthor(m.value);
      if (a.empty()) continue;
      if (MatchesSite(a, site)) {
        if (weak.empty()) weak = a;
        continue;
      }
      author = std::move(a);
      break;
    }
  }
  if (weak.empty()) weak = JoinAuthors(ld.org_authors, "");
  if (weak.empty()) {
    std::vector<std::string> all = ld.authors;
    weak = JoinAuthors(all, "");
  }
  // Tier 2: bylines in the page — itemprop=author and rel=author (strength 5), CJK labels
  // (作者 6 … 编辑 1), "By X" lines and byline-classed elements (4), "by X" in the title (3) —
  // ranked by strength less a penalty for distance from the headline (related-article cards and
  // comment sections name other people).
  if (author.empty()) {
    std::vector<AuthorCand> cands;
    // Bylines also close articles ("Written by …" boxes), so the window runs to the end of the
    // stream; distance from the headline lowers the rank instead.
    const std::size_t wb = anchor.found() && anchor.begin > kDateWindowBefore ? anchor.begin - kDateWindowBefore : 0;
    const std::size_t we = st.text.size();
    auto offset = [&](NodeId n) {
      const std::size_t off = st.OffsetOf(doc, n);
      return off == std::string::npos ? st.text.size() : off;
    };
    for (NodeId n : f.itemprop_authors) {
      std::string v = CleanAuthor(doc.GetAttr(n, Attr::kContent));
      // <span itemprop=author itemscope><meta itemprop=name content="…"></span>
      for (NodeId k = n + 1; v.empty() && k < doc.SubtreeEnd(n); ++k) {
        if (doc[k].is_element() && ContainsCI(doc.GetAttr(k, Attr::kItemprop), "name")) {
          v = CleanAuthor(doc.GetAttr(k, Attr::kContent));
        }
      }
      if (v.empty()) v = BylineFromNode(doc, annotation, n);
      if (!v.empty()) cands.push_back({v, 5, offset(n)});
    }
    for (NodeId n : f.rel_authors) {
      std::string v = CleanAuthor(NodeText(doc, n, 400));
      if (!v.empty()) cands.push_back({v, 5, offset(n)});
    }
    const NodeId root = doc.body != kNoNode ? doc.body : 0;
    if (annotation.stats.empty() || annotation[root].cjk > 0) {
      const std::size_t cjk_we = std::min(we, anchor.found() ? anchor.begin + kCjkBylineWindow : we);
      CjkBylines(st, wb, cjk_we, &cands);
      UnlabelledCjkBylines(st, anchor, wb, cjk_we, &cands);
    }
    EnglishBylines(doc, st, wb, we, &cands);
    for (std::size_t i = 0; i < f.bylines.size(); ++i) {
      const NodeId n = f.bylines[i];
      // Innermost byline elements only ("author-box" > "author-name").
      if (i + 1 < f.bylines.size() && doc.IsAncestor(n, f.bylines[i + 1])) continue;
      std::string name = BylineFromNode(doc, annotation, n);
      if (!name.empty()) cands.push_back({std::move(name), 4, offset(n)});
    }
    if (!title_author.empty()) cands.push_back({title_author, 3, anchor.found() ? anchor.begin : 0});
    auto dist = [&](const AuthorCand& c) -> std::size_t {
      if (!anchor.found()) return c.pos;
      return c.pos >= anchor.begin ? c.pos - anchor.begin : (anchor.begin - c.pos) * 2;
    };
    auto rank = [&](const AuthorCand& c) {
      const std::size_t d = dist(c);
      return c.strength * 2 - (d > 24000 ? 4 : d > 12000 ? 3 : d > 5000 ? 2 : d > 1500 ? 1 : 0);
    };
    // Commenters sign their comments: names in a comment section that is not the page's content
    // (a thread's posts are) are other people's, taken only when nothing else names anyone.
    auto in_comments = [&](const AuthorCand& c) {
      const Seg* seg = st.SegAt(c.pos);
      return seg && (seg->node >= content.size() || content[seg->node] == 0) && InCommentSection(doc, seg->node);
    };
    auto better = [&](const AuthorCand& c, const AuthorCand* than) {
      return !than || rank(c) > rank(*than) || (rank(c) == rank(*than) && dist(c) < dist(*than));
    };
    const AuthorCand* best = nullptr;
    const AuthorCand* best_in_comments = nullptr;
    for (const AuthorCand& c : cands) {
      if (SameKey(c.name, title)) continue;
      if (in_comments(c)) {
        if (better(c, best_in_comments)) best_in_comments = &c;
        continue;
      }
      if (MatchesSite(c.name, site)) {
        if (weak.empty()) weak = c.name;
        continue;
      }
      if (better(c, best)) best = &c;
    }
    if (best && rank(*best) >= 1) author = best->name;
    if (author.empty() && weak.empty() && best_in_comments && rank(*best_in_comments) >= 1) {
      author = best_in_comments->name;
    }
  }
  if (author.empty()) author = weak;
  return author;
}

}  // namespace pith::meta
