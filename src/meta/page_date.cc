// meta/page_date.cc — choosing the publication date among the page's dates.
#include "meta/page_date.h"

#include <algorithm>
#include <vector>

#include "date/date.h"
#include "meta/tables.h"
#include "meta/text_util.h"

namespace pith::meta {

using dom::Attr;
using dom::NodeId;

namespace {

// Text right before `pos` (spaces, ':' and brackets skipped) ends with one of the labels.
template <std::size_t N>
bool PrecededBy(std::string_view text, std::size_t pos, const std::string_view (&labels)[N]) {
  std::size_t e = pos;
  for (int guard = 0; guard < 8 && e > 0; ++guard) {
    const unsigned char c = static_cast<unsigned char>(text[e - 1]);
    if (c == ' ' || c == ':' || c == '(' || c == '[' || c == '\n') {
      --e;
      continue;
    }
    // Full-width colon "：" (EF BC 9A), "【" (E3 80 90), "（" (EF BC 88).
    if (e >= 3 && (text.substr(e - 3, 3) == "：" || text.substr(e - 3, 3) == "【" || text.substr(e - 3, 3) == "（")) {
      e -= 3;
      continue;
    }
    break;
  }
  const std::size_t b = e >= 32 ? e - 32 : 0;
  char buf[32];
  for (std::size_t i = b; i < e; ++i) buf[i - b] = AsciiLower(text[i]);
  const std::string_view window(buf, e - b);
  for (auto l : labels) {
    if (window.size() >= l.size() && std::string_view(window).substr(window.size() - l.size()) == l) {
      // An ASCII label must start at a word boundary.
      const std::size_t at = window.size() - l.size();
      if (at > 0 && IsAsciiAlnum(static_cast<unsigned char>(window[at - 1])) && IsAsciiAlnum(static_cast<unsigned char>(l[0]))) continue;
      return true;
    }
  }
  return false;
}

bool FollowedByWeekday(std::string_view text, std::size_t pos) {
  std::size_t b = pos;
  while (b < text.size() && (text[b] == ' ' || text[b] == '(' || text[b] == ',')) ++b;
  if (text.substr(b, 3) == "（") b += 3;
  char buf[12];
  const std::size_t n = std::min<std::size_t>(12, text.size() - std::min(b, text.size()));
  for (std::size_t i = 0; i < n; ++i) buf[i] = AsciiLower(text[b + i]);
  const std::string_view window(buf, n);
  for (auto w : tables::kWeekdayWords) {
    if (window.starts_with(w)) return true;
  }
  return false;
}

struct DateCand {
  std::string iso;
  std::size_t pos = 0;
  int score = 0;
  bool has_time = false;
  bool structural = false;  // a <time> element, not text
};

// A <time> element scoring at least this (2 for being one, plus proximity to the headline or a
// "published" class) is taken before the URL's date.
constexpr int kStrongTimeElement = 5;

int ProximityScore(const Anchor& a, std::size_t pos) {
  if (!a.found()) return 0;
  if (pos >= a.end) {
    const std::size_t d = pos - a.end;
    if (d <= 400) return 4;
    if (d <= 1500) return 2;
    if (d <= 4000) return 1;
    return 0;
  }
  if (pos >= a.begin) return 3;  // on the headline's line
  const std::size_t d = a.begin - pos;
  if (d <= 600) return 2;
  return 0;
}

// Dates written in the text stream between bytes wb and we, scored.
void TextDateCandidates(const Stream& st, const Anchor& anchor, std::size_t wb, std::size_t we,
                        std::vector<DateCand>* out) {
  const std::string_view text = std::string_view(st.text).substr(0, we);
  date::DateMatch m;
  for (std::size_t from = wb; out->size() < 64 && date::NextDateInText(text, from, &m); from = m.end) {
    DateCand c;
    c.iso = m.iso;
    c.pos = m.begin;
    c.has_time = m.has_time;
    c.score = ProximityScore(anchor, m.begin);
    if (m.has_time) c.score += 2;
    if (PrecededBy(text, m.begin, tables::kPublishedLabels)) c.score += 3;
    else if (PrecededBy(text, m.begin, tables::kUpdatedLabels)) c.score += 1;
    const Seg* s = st.SegAt(m.begin);
    if (s && s->in_link) c.score -= 3;
    if (!m.has_time && FollowedByWeekday(text, m.end)) c.score -= 2;
    out->push_back(std::move(c));
    if (m.end <= from) break;
  }
}

// <time datetime> elements: structural evidence, ranked by the same proximity.
void TimeElementCandidates(const dom::Document& doc, const Facts& f, const Stream& st, const Anchor& anchor,
                           std::vector<DateCand>* out) {
  for (NodeId t : f.times) {
    std::string iso = date::NormalizeDate(doc.GetAttr(t, Attr::kDatetime));
    if (iso.empty()) iso = date::NormalizeDate(NodeText(doc, t, 200));
    if (iso.empty()) continue;
    DateCand c;
    c.iso = iso;
    c.structural = true;
    const std::size_t off = st.OffsetOf(doc, t);
    c.pos = off == std::string::npos ? st.text.size() : off;
    c.has_time = iso.size() > 10;
    c.score = 2 + (off == std::string::npos ? 0 : ProximityScore(anchor, off));
    if (c.has_time) c.score += 1;
    const std::string_view cls = doc.GetAttr(t, Attr::kClass);
    const std::string_view ip = doc.GetAttr(t, Attr::kItemprop);
    if (ContainsCI(cls, "publish") || ContainsCI(cls, "entry-date") || ContainsCI(cls, "post-date") ||
        ContainsCI(ip, "datepublished")) {
      c.score += 3;
    }
    if (ContainsCI(cls, "modif") || ContainsCI(cls, "update") || ContainsCI(ip, "datemodified")) c.score -= 2;
    if (doc[t].in_link()) c.score -= 1;
    out->push_back(std::move(c));
  }
}

// The first <meta> value among keys, in the keys' order, that holds a date; normalised.
template <std::size_t N>
std::string FirstMetaDate(const Facts& f, const std::string_view (&keys)[N]) {
  for (auto k : keys) {
    const std::string_view v = MetaValue(f, k);
    if (v.empty()) continue;
    std::string date = date::NormalizeDate(v);
    if (!date.empty()) return date;
  }
  return "";
}

}  // namespace

std::string ChooseDate(const dom::Document& doc, const Facts& f, const LdInfo& ld, const Stream& st,
                       const Anchor& anchor, std::string_view page_url) {
  std::string date = FirstMetaDate(f, tables::kPublishedDateKeys);
  if (date.empty() && !ld.date_published.empty()) date = date::NormalizeDate(ld.date_published);
  for (std::size_t i = 0; date.empty() && i < f.itemprop_dates.size(); ++i) {
    const NodeId n = f.itemprop_dates[i];
    date = date::NormalizeDate(doc.GetAttr(n, Attr::kContent));
    if (date.empty()) date = date::NormalizeDate(doc.GetAttr(n, Attr::kDatetime));
    if (date.empty()) date = date::NormalizeDate(NodeText(doc, n, 200));
  }
  if (date.empty()) {
    std::vector<DateCand> cands;
    std::size_t wb = 0, we = std::min(st.text.size(), kDateWindowBefore + kDateWindowAfter);
    if (anchor.found()) {
      wb = anchor.begin > kDateWindowBefore ? anchor.begin - kDateWindowBefore : 0;
      we = std::min(st.text.size(), anchor.begin + kDateWindowAfter);
    }
    TextDateCandidates(st, anchor, wb, we, &cands);
    TimeElementCandidates(doc, f, st, anchor, &cands);
    auto pick = [&] {
      const DateCand* b = nullptr;
      for (const DateCand& c : cands) {
        if (!b || c.score > b->score || (c.score == b->score && c.pos < b->pos)) b = &c;
      }
      return b;
    };
    const DateCand* best = pick();
    if ((!best || best->score < 1) && we < st.text.size()) {
      // Long articles sometimes date themselves only at the end ("Posted on …" after the text).
      TextDateCandidates(st, anchor, we, st.text.size(), &cands);
      best = pick();
    }
    // A <time> element close to the headline (or marked as the publication time) is declared
    // structure: it wins over the URL. The URL's date wins over dates merely written in the
    // text; a text date of the same day adds its time of day.
    const DateCand* best_time = nullptr;
    for (const DateCand& c : cands) {
      if (c.structural && c.score >= kStrongTimeElement && (!best_time || c.score > best_time->score)) best_time = &c;
    }
    const std::string url_date = date::FindDateInUrl(page_url);
    if (best_time) {
      date = best_time->iso;
    } else if (!url_date.empty()) {
      date = url_date;
      for (const DateCand& c : cands) {
        if (c.has_time && c.score >= 3 && date::DayOf(c.iso) == url_date) {
          date = c.iso;
          break;
        }
      }
    } else if (best && best->score >= 1) {
      date = best->iso;
    }
  }
  if (date.empty()) {
    date = FirstMetaDate(f, tables::kModifiedDateKeys);
    if (date.empty() && !ld.date_modified.empty()) date = date::NormalizeDate(ld.date_modified);
  }
  return date;
}

}  // namespace pith::meta
