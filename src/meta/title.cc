// meta/title.cc — the title: separators of <title> found, the site-name side cut when a declared
// title or a heading confirms the cut, when the known site name matches it, or when it is short;
// then the visible h1 preferred when it agrees with a declared title.
#include "meta/title.h"

#include <algorithm>
#include <array>
#include <vector>

#include "date/date.h"
#include "meta/metadata.h"
#include "meta/tables.h"
#include "meta/text_util.h"

namespace pith::meta {

using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

namespace {

struct Sep {
  std::size_t pos, len;
  int kind;  // index in kTitleSeparators (then kWeakTitleSeparators), or kCjkHyphenKind
};
constexpr int kCjkHyphenKind = 1000;

// Separator occurrences in a title, left to right, non-overlapping. A separator between two
// digits ("2024–2025", "1-0") is part of the headline.
std::vector<Sep> FindSeparators(std::string_view t, bool include_weak) {
  std::vector<Sep> seps;
  constexpr std::size_t kStrong = std::size(tables::kTitleSeparators);
  const std::size_t total = kStrong + (include_weak ? std::size(tables::kWeakTitleSeparators) : 0);
  // A separator with a byte that the title lacks is not searched for: most of them, in most titles.
  std::array<bool, 256> in_title{};
  for (const char c : t) in_title[static_cast<unsigned char>(c)] = true;
  for (std::size_t k = 0; k < total; ++k) {
    const std::string_view s = k < kStrong ? tables::kTitleSeparators[k] : tables::kWeakTitleSeparators[k - kStrong];
    if (!std::all_of(s.begin(), s.end(), [&](char c) { return in_title[static_cast<unsigned char>(c)]; })) continue;
    for (std::size_t p = t.find(s); p != std::string_view::npos; p = t.find(s, p + s.size())) {
      const bool digit_before = p > 0 && (t[p - 1] >= '0' && t[p - 1] <= '9');
      const std::size_t after = p + s.size();
      const bool digit_after = after < t.size() && t[after] >= '0' && t[after] <= '9';
      if (digit_before && digit_after) continue;
      seps.push_back({p, s.size(), static_cast<int>(k)});
    }
  }
  // Between CJK characters a bare hyphen (or a run of them) separates too ("标题-网站", "标题--网站"):
  // CJK words are not hyphenated.
  auto cjk_at = [&](std::size_t i, bool before) {
    if (before) {
      if (i == 0) return false;
      std::size_t k = i - 1;
      while (k > 0 && (static_cast<unsigned char>(t[k]) & 0xC0) == 0x80) --k;
      std::size_t j = k;
      return text::NextCodePoint(t, j) >= 0x2E80;
    }
    if (i >= t.size()) return false;
    std::size_t j = i;
    return text::NextCodePoint(t, j) >= 0x2E80;
  };
  for (std::size_t p = t.find('-'); p != std::string_view::npos; p = t.find('-', p + 1)) {
    std::size_t e = p;
    while (e < t.size() && t[e] == '-') ++e;
    if (cjk_at(p, true) && cjk_at(e, false)) seps.push_back({p, e - p, kCjkHyphenKind});
    p = e - 1;
  }
  std::sort(seps.begin(), seps.end(), [](const Sep& a, const Sep& b) {
    return a.pos != b.pos ? a.pos < b.pos : a.len > b.len;
  });
  std::vector<Sep> out;
  for (const Sep& s : seps) {
    if (!out.empty() && s.pos < out.back().pos + out.back().len) continue;
    out.push_back(s);
  }
  return out;
}

std::string TrimTitle(std::string_view s) {
  // Trim spaces and dangling separator characters.
  auto junk = [](char32_t c) {
    return text::IsSpace(c) || c == '|' || c == '-' || c == '_' || c == ':' || c == 0x2013 || c == 0x2014 ||
           c == 0xFF5C || c == 0xFF0D || c == 0xB7 || c == 0x2022 || c == 0xAB || c == 0xBB || c == 0xFF1A ||
           c == '/' || c == 0xA0;
  };
  std::size_t b = 0, e = s.size();
  while (b < e) {
    std::size_t i = b;
    const char32_t c = text::NextCodePoint(s, i);
    if (!junk(c)) break;
    b = i;
  }
  while (e > b) {
    std::size_t k = e - 1;
    while (k > b && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80) --k;
    std::size_t i = k;
    const char32_t c = text::NextCodePoint(s, i);
    if (!junk(c)) break;
    e = k;
  }
  return std::string(s.substr(b, e - b));
}

}  // namespace

bool SameKey(std::string_view a, std::string_view b) {
  const std::string ka = NormKey(a), kb = NormKey(b);
  return !ka.empty() && ka == kb;
}

// One side of the title is the site name: equal to it, or one contains the other
// ("Example" vs "Example.com", "新浪网" vs "新浪").
bool MatchesSite(std::string_view part, std::string_view site) {
  if (site.empty()) return false;
  const std::string kp = NormKey(part), ks = NormKey(site);
  if (kp.empty() || ks.empty()) return false;
  if (kp == ks) return true;
  const std::size_t shorter = std::min(kp.size(), ks.size());
  if (shorter < 3) return false;
  if (kp.size() <= ks.size()) return ks.find(kp) != std::string::npos;
  // part longer than the site name: accept only if little else is in it ("Example.com", "Example News").
  return kp.find(ks) != std::string::npos && kp.size() <= ks.size() * 2 + 6;
}

namespace {

// Enough left to be a headline: two words (four CJK characters).
bool EnoughTitle(std::string_view s) { return WordCount(s) >= 2 || CodePoints(NormKey(s)) >= 4; }

// Site-like: short. (Headlines are longer than the names of sites and sections.)
bool SiteLike(std::string_view part, double max_words) {
  const double w = WordCount(part);
  return w > 0 && w <= max_words && CodePoints(part) <= 48;
}

// refs[0, strong_refs) are declared titles (og:title, JSON-LD headline) that may confirm either
// side; the rest are page headings, which confirm only the leading side (a heading equal to the
// trailing part of the title is usually the site's logo).
std::string CleanTitleImpl(std::string_view title, std::string_view site, const std::vector<std::string>& refs,
                           std::size_t strong_refs, std::string* site_part) {
  std::string t = CollapseSpace(title, kMaxTitleBytes);
  if (t.empty()) return t;
  // 1. A reference title (og:title, h1) equal to a run of separator-delimited parts confirms the cut.
  {
    const std::vector<Sep> seps = FindSeparators(t, /*include_weak=*/true);
    if (!seps.empty()) {
      for (std::size_t r = 0; r < refs.size(); ++r) {
        const std::string& ref = refs[r];
        const std::string kref = NormKey(ref);
        if (kref.empty() || kref == NormKey(t)) continue;
        // Prefix [0, sep_i) or suffix [sep_i end, size).
        for (const Sep& s : seps) {
          const std::string_view prefix = std::string_view(t).substr(0, s.pos);
          const std::string_view suffix = std::string_view(t).substr(s.pos + s.len);
          if (NormKey(prefix) == kref && EnoughTitle(prefix)) {
            if (site_part) *site_part = TrimTitle(suffix);
            return TrimTitle(prefix);
          }
          // The suffix is where site names go: it is the headline only when the prefix is short.
          if (NormKey(suffix) == kref && EnoughTitle(suffix) && SiteLike(prefix, 4) &&
              WordCount(prefix) < WordCount(suffix) && (r < strong_refs || MatchesSite(prefix, site))) {
            if (site_part) *site_part = TrimTitle(prefix);
            return TrimTitle(suffix);
          }
        }
        // A middle run ("Section | Headline | Site"), confirmed by a declared title only.
        for (std::size_t i = 0; r < strong_refs && i + 1 < seps.size(); ++i) {
          for (std::size_t j = i + 1; j < seps.size(); ++j) {
            const std::size_t b = seps[i].pos + seps[i].len;
            const std::string_view mid = std::string_view(t).substr(b, seps[j].pos - b);
            if (NormKey(mid) == kref && EnoughTitle(mid)) {
              if (site_part) *site_part = TrimTitle(std::string_view(t).substr(seps.back().pos + seps.back().len));
              return TrimTitle(mid);
            }
          }
        }
      }
    }
  }
  // 2. The site name known from meta data, at either end (repeatedly: "A - Section - Site").
  if (!site.empty()) {
    bool cut = true, cut_any = false;
    for (int round = 0; round < 2 && cut; ++round) {
      cut = false;
      const std::vector<Sep> seps = FindSeparators(t, true);
      if (seps.empty()) break;
      const Sep& last = seps.back();
      const Sep& first = seps.front();
      const std::string_view tail = std::string_view(t).substr(last.pos + last.len);
      const std::string_view head = std::string_view(t).substr(0, first.pos);
      if (MatchesSite(tail, site) && EnoughTitle(std::string_view(t).substr(0, last.pos))) {
        if (site_part) *site_part = TrimTitle(tail);
        t = TrimTitle(std::string_view(t).substr(0, last.pos));
        cut = cut_any = true;
      } else if (MatchesSite(head, site) && EnoughTitle(std::string_view(t).substr(first.pos + first.len))) {
        if (site_part) *site_part = TrimTitle(head);
        t = TrimTitle(std::string_view(t).substr(first.pos + first.len));
        cut = cut_any = true;
      }
    }
    // Known site name removed: the rest is the headline.
    if (cut_any) return t;
  }
  // 3. No confirmation: cut a short trailing part (a site or section name), or a leading part that
  // is clearly shorter than the rest. At most two cuts, the second only with the same separator
  // as the first ("标题_频道_网站").
  int kind = -1;
  for (int round = 0; round < 2; ++round) {
    const std::vector<Sep> seps = FindSeparators(t, false);
    if (seps.empty()) break;
    const Sep& last = seps.back();
    const Sep& first = seps.front();
    if (kind >= 0 && last.kind != kind && first.kind != kind) break;
    const std::string_view tail = std::string_view(t).substr(last.pos + last.len);
    const std::string_view head = std::string_view(t).substr(0, first.pos);
    const std::string_view before_tail = std::string_view(t).substr(0, last.pos);
    const std::string_view after_head = std::string_view(t).substr(first.pos + first.len);
    const double wt = WordCount(tail), wh = WordCount(head);
    // The trailing part is the usual place of a site name: cut it unless it is much longer than
    // the rest; a leading part only when it is clearly shorter than the rest.
    if ((kind < 0 || last.kind == kind) && SiteLike(tail, 6) && wt <= WordCount(before_tail) * 1.5 + 1 &&
        EnoughTitle(before_tail)) {
      if (site_part && site_part->empty()) *site_part = TrimTitle(tail);
      kind = last.kind;
      t = TrimTitle(before_tail);
    } else if ((kind < 0 || first.kind == kind) && SiteLike(head, 4) && wh < WordCount(after_head) &&
               EnoughTitle(after_head) && round == 0) {
      if (site_part && site_part->empty()) *site_part = TrimTitle(head);
      kind = first.kind;
      t = TrimTitle(after_head);
    } else {
      break;
    }
  }
  return t;
}

// Removes a "by Jane Doe" part from a title ("Headline | by Jane Doe | Site") and returns the name.
std::string CutTitleByline(std::string* title) {
  const std::vector<Sep> seps = FindSeparators(*title, false);
  for (std::size_t i = 0; i < seps.size(); ++i) {
    const std::size_t b = seps[i].pos + seps[i].len;
    const std::size_t e = i + 1 < seps.size() ? seps[i + 1].pos : title->size();
    const std::string_view part = Trim(std::string_view(*title).substr(b, e - b), IsControlOrSpace);
    if (!(part.starts_with("by ") || part.starts_with("By "))) continue;
    const std::string name = CleanAuthor(part);
    if (name.empty() || WordCount(name) > 4) continue;
    *title = TrimTitle(title->substr(0, seps[i].pos) + title->substr(e));
    return name;
  }
  return "";
}

// A heading's text without permalink marks ("Working with forms¶") or a leading date
// ("Dec 18 2025 Preparing a transition").
std::string CleanHeading(std::string h) {
  // "#" only as a separate mark ("Install #"): "Learn C#" keeps it.
  while (h.ends_with("¶") || h.ends_with(" #") || h.ends_with("🔗")) {
    h.resize(h.size() - (h.ends_with(" #") ? 2 : h.ends_with("¶") ? 2 : 4));
    while (!h.empty() && h.back() == ' ') h.pop_back();
  }
  date::DateMatch m;
  if (date::NextDateInText(h, 0, &m) && m.begin == 0) {
    const std::string rest = TrimTitle(std::string_view(h).substr(m.end));
    if (EnoughTitle(rest)) return rest;
  }
  return h;
}

// A line that can be a headline: two words (four CJK characters) to a hundred characters, four
// letters or more, not the site's name, holding no date and not ending a sentence or a label (a
// byline or a date line, the opening of a paragraph).
bool ReadsAsHeadline(std::string_view line, std::string_view site) {
  if (WordCount(line) < 2 || CodePoints(line) > 100 || MatchesSite(line, site)) return false;
  std::size_t letters = 0;
  for (std::size_t i = 0; i < line.size();) {
    const char32_t c = text::NextCodePoint(line, i);
    letters += IsWordChar(c) && !(c >= '0' && c <= '9');
  }
  if (letters < 4) return false;
  for (std::string_view end : {"。", ".", "；", ";", "：", ":", "，", ","}) {
    if (line.ends_with(end)) return false;
  }
  date::DateMatch m;
  return !date::NextDateInText(line, 0, &m);
}

// A paragraph (a line of 60 bytes or more) follows the stream's line holding byte `from`, after at
// most three short lines (a byline, a date, a subtitle): the line heads an article.
bool ParagraphFollows(const Stream& st, std::size_t from) {
  const std::string_view text = st.text;
  std::size_t nl = text.find('\n', from);
  for (int lines = 0; lines < 4 && nl != std::string_view::npos; ++lines) {
    const std::size_t b = nl + 1;
    nl = text.find('\n', b);
    const std::size_t e = nl == std::string_view::npos ? text.size() : nl;
    if (Trim(text.substr(b, e - b), IsControlOrSpace).size() >= 60) return true;
  }
  return false;
}

// `s` is written in the page's text, outside the <title> element (which misplaced markup can put
// in the body).
bool PrintedInText(const dom::Document& doc, const Stream& st, std::string_view s) {
  for (std::size_t p = st.text.find(s); p != std::string::npos; p = st.text.find(s, p + 1)) {
    const Seg* seg = st.SegAt(p);
    if (!seg || doc.title == kNoNode || !doc.IsAncestor(doc.title, seg->node)) return true;
  }
  return false;
}

// Text node `id` lies in a <font>, <b> or <strong> element, inside its block, whose text is the
// whole `line`: a line set apart by its style, as old pages print their headlines.
bool StyledLine(const dom::Document& doc, NodeId id, std::string_view line) {
  if (id == kNoNode) return false;
  const std::string key = NormKey(line);
  for (NodeId p = doc[id].parent; p != kNoNode && doc[p].is_element() && !dom::IsBlockLevel(doc[p].tag);
       p = doc[p].parent) {
    const Tag t = doc[p].tag;
    if ((t == Tag::kFont || t == Tag::kB || t == Tag::kStrong) && NormKey(NodeText(doc, p, 400)) == key) return true;
  }
  return false;
}

}  // namespace

Anchor LocateTitle(const dom::Document& doc, const Facts& f, const Stream& st, std::string_view title,
                   NodeId* heading_out) {
  Anchor a;
  *heading_out = kNoNode;
  const std::string kt = NormKey(title);
  // A heading whose text is the title (or contains it, or is contained in it).
  if (!kt.empty()) {
    for (NodeId h : f.headings) {
      const std::string ht = NodeText(doc, h, 1024);
      const std::string kh = NormKey(ht);
      if (kh.size() < 4 && kh != kt) continue;
      if (kh == kt || (kh.size() >= kt.size() / 2 && kt.find(kh) != std::string::npos) ||
          (kh.find(kt) != std::string::npos && kh.size() <= kt.size() * 2)) {
        const std::size_t off = st.OffsetOf(doc, h);
        if (off == std::string::npos) continue;
        a.begin = off;
        a.end = off;
        const std::size_t nl = st.text.find('\n', off);
        a.end = nl == std::string::npos ? st.text.size() : nl;
        *heading_out = h;
        return a;
      }
    }
  }
  // The title's text itself (first 10+ characters), not inside a link.
  if (!title.empty()) {
    std::size_t cut = std::min<std::size_t>(title.size(), 60);
    while (cut < title.size() && (static_cast<unsigned char>(title[cut]) & 0xC0) == 0x80) ++cut;
    const std::string_view probe = title.substr(0, cut);
    if (CodePoints(probe) >= 4) {
      for (std::size_t p = st.text.find(probe); p != std::string::npos; p = st.text.find(probe, p + 1)) {
        const Seg* s = st.SegAt(p);
        if (s && s->in_link) continue;
        a.begin = p;
        const std::size_t nl = st.text.find('\n', p + probe.size());
        a.end = nl == std::string::npos ? st.text.size() : nl;
        return a;
      }
    }
  }
  // The first h1.
  for (NodeId h : f.headings) {
    if (doc[h].tag != Tag::kH1) continue;
    const std::size_t off = st.OffsetOf(doc, h);
    if (off == std::string::npos) continue;
    a.begin = off;
    const std::size_t nl = st.text.find('\n', off);
    a.end = nl == std::string::npos ? st.text.size() : nl;
    *heading_out = h;
    return a;
  }
  return a;
}

std::string CleanTitle(std::string_view title, std::string_view site_name, const std::vector<std::string>& refs) {
  return CleanTitleImpl(title, site_name, refs, refs.size(), nullptr);
}

std::string SiteNameOf(const Facts& f, const LdInfo& ld) {
  std::string site = CollapseSpace(FirstMeta(f, tables::kSiteNameKeys), 200);
  if (LooksLikeUrl(site) && site.find(' ') == std::string::npos && site.find("://") != std::string::npos) site.clear();
  if (site.empty() && !ld.publisher.empty()) site = CollapseSpace(ld.publisher, 200);
  if (site.empty() && !ld.website_name.empty()) site = CollapseSpace(ld.website_name, 200);
  return site;
}

TitleChoice ChooseTitle(const dom::Document& doc, const Facts& f, const LdInfo& ld, const Stream& st,
                        const ContentStart& content_start, std::string* site_name) {
  std::string& site = *site_name;
  std::string html_title = doc.title != kNoNode ? CollapseSpace(doc.SubtreeText(doc.title), kMaxTitleBytes) : "";
  std::string meta_title;
  for (auto k : tables::kTitleKeys) {
    const std::string v = CollapseSpace(MetaValue(f, k), kMaxTitleBytes);
    if (!v.empty() && !SameKey(v, site)) {
      meta_title = v;
      break;
    }
  }
  std::string ld_title = CollapseSpace(ld.headline, kMaxTitleBytes);
  if (ld_title.empty() && !f.itemprop_headlines.empty()) ld_title = NodeText(doc, f.itemprop_headlines[0], kMaxTitleBytes);
  if (MatchesSite(ld_title, site)) ld_title.clear();
  // Visible h1 texts (a page may have a logo h1 besides the article's).
  std::vector<std::string> h1s;
  for (NodeId h : f.headings) {
    if (doc[h].tag != Tag::kH1 || h1s.size() >= 8) continue;
    std::string t = CleanHeading(NodeText(doc, h, kMaxTitleBytes));
    if (t.empty() || MatchesSite(t, site) || !EnoughTitle(t)) continue;
    h1s.push_back(std::move(t));
  }
  // A "by Jane Doe" part between title separators names the author, and is not the headline.
  std::string title_author = CutTitleByline(&html_title);
  if (title_author.empty()) title_author = CutTitleByline(&meta_title);
  else CutTitleByline(&meta_title);
  TitleChoice choice;
  std::vector<std::string> refs;
  for (const std::string* r : {&meta_title, &ld_title}) {
    if (!r->empty()) refs.push_back(*r);
  }
  std::size_t strong = refs.size();
  refs.insert(refs.end(), h1s.begin(), h1s.end());
  std::string site_part;
  std::string title;
  if (!html_title.empty()) {
    title = CleanTitleImpl(html_title, site, refs, strong, &site_part);
  } else if (!meta_title.empty()) {
    refs.erase(refs.begin());
    --strong;
    title = CleanTitleImpl(meta_title, site, refs, strong, &site_part);
  } else if (!ld_title.empty()) {
    title = ld_title;
  } else if (!h1s.empty()) {
    title = h1s[0];
  }
  // An h1 that is the site part of the title is a logo.
  if (!site_part.empty()) {
    std::erase_if(h1s, [&](const std::string& h) { return SameKey(h, site_part); });
  }
  // The h1 closest to the title.
  const std::string* h1 = nullptr;
  double h1_overlap = -1;
  for (const std::string& h : h1s) {
    const double o = SameKey(h, title) ? 2.0 : WordOverlap(h, title);
    if (o > h1_overlap) h1_overlap = o, h1 = &h;
  }
  const std::string meta_clean = meta_title.empty() ? "" : CleanTitleImpl(meta_title, site, {}, 0, nullptr);
  if (h1 && (SameKey(*h1, title) || SameKey(*h1, meta_clean) || SameKey(*h1, ld_title))) {
    // The visible headline agrees with a declared title: take its visible form.
    title = *h1;
  } else if (h1 && !title.empty() && CodePoints(*h1) <= 300 && WordCount(*h1) >= 3 && h1_overlap >= 0.6) {
    // An h1 that shares most of its words with the document title is the article's own title
    // (pages often shorten or rephrase <title> for search engines).
    title = *h1;
  }
  if (title.empty()) title = !meta_title.empty() ? meta_title : h1 ? *h1 : "";
  // Old pages give every page the site's name as <title> and print the headline in styled text
  // (<font>, <b>) where the content begins: that line wins over a <title> that nothing confirms,
  // the page never prints, and that shares no word with it.
  const std::string_view start = content_start.line;
  if (!title.empty() && meta_title.empty() && ld_title.empty() && !h1 && ReadsAsHeadline(start, site) &&
      WordOverlap(title, start) == 0 && !PrintedInText(doc, st, title) &&
      StyledLine(doc, content_start.node, start) &&
      ParagraphFollows(st, static_cast<std::size_t>(start.data() - st.text.data()))) {
    title = std::string(start);
  }
  choice.title = title;
  if (site.empty() && !site_part.empty() && CodePoints(site_part) <= 60) site = site_part;
  choice.html_title = std::move(html_title);
  choice.author = std::move(title_author);
  return choice;
}

}  // namespace pith::meta
