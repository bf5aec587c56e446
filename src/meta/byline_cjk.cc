// meta/byline_cjk.cc — Chinese, Japanese and Korean bylines in the text stream: names after
// labels ("作者：", "记者", "文/"), a line of names alone under the headline, and a reporters'
// credit in parentheses closing a paragraph ("（姚峰 上海报道）").
#include <array>
#include <cstdint>

#include "meta/author.h"
#include "meta/metadata.h"
#include "meta/tables.h"
#include "meta/text_util.h"

namespace pith::meta {

namespace {

template <std::size_t N>
bool StartsWithAny(std::string_view s, const std::string_view (&list)[N]) {
  for (auto w : list) {
    if (s.starts_with(w)) return true;
  }
  return false;
}

}  // namespace

// A name right after a CJK byline label at text[pos]: one run of 2–4 Han characters (a '·' allows
// transliterated names) or a Latin handle, then more space-separated runs of 2–3 Han characters
// (several reporters). `sep` as in tables::AuthorLabel. "" when what follows is running text.
std::string NameAfterCjkLabel(std::string_view text, std::size_t pos, int sep) {
  std::size_t i = pos;
  bool had_space = false, had_colon = false;
  while (i < text.size()) {
    if (text[i] == ' ') {
      ++i, had_space = true;
    } else if (text[i] == ':') {
      ++i, had_colon = true;
    } else if (text.substr(i, 3) == "：") {
      i += 3, had_colon = true;
    } else if (text.substr(i, 3) == "　") {
      i += 3, had_space = true;
    } else {
      break;
    }
  }
  if (sep == 1 && !had_space && !had_colon) return "";
  if (sep == 2 && !had_colon) return "";
  if (sep == 0 && StartsWithAny(text.substr(i), tables::kCjkNotNames)) return "";
  std::string name;
  std::size_t end = i;
  std::size_t pending_sep = std::string::npos;  // where a tentatively added separator starts
  auto drop_pending = [&] {
    if (pending_sep != std::string::npos) name.resize(pending_sep);
    pending_sep = std::string::npos;
  };
  for (int runs = 0; i < text.size() && runs < 6; ++runs) {
    std::size_t j = i, han = 0, dots = 0, latin = 0;
    std::size_t q = i;
    const char32_t first = text::NextCodePoint(text, q);
    if (IsHan(first)) {
      while (j < text.size()) {
        if ((han >= 2 || runs > 0) && StartsWithAny(text.substr(j), tables::kCjkNameStops)) break;
        std::size_t k = j;
        const char32_t c = text::NextCodePoint(text, k);
        if (IsHan(c)) ++han;
        else if (c == 0xB7 || c == 0x30FB || c == 0x2022) ++dots;
        else break;
        j = k;
      }
      const bool ok = runs == 0 ? (han >= 2 && (han <= 4 || (dots > 0 && han <= 12))) : (han >= 2 && han <= 3 && dots == 0);
      if (!ok) {
        if (runs == 0) return "";
        drop_pending();
        break;
      }
    } else if (runs == 0 && (IsAsciiAlnum(first) || (first >= 0xC0 && first <= 0x24F))) {
      while (j < text.size()) {
        std::size_t k = j;
        const char32_t c = text::NextCodePoint(text, k);
        if (!(IsAsciiAlnum(c) || c == '_' || c == '-' || c == '.' || c == '&' || (c >= 0xC0 && c <= 0x24F))) break;
        ++latin;
        j = k;
      }
      if (latin < 2 || latin > 32) return "";
    } else {
      drop_pending();
      break;
    }
    if (runs > 0) {
      // A further name must end at a delimiter ("王建宏 张文攀 土豆，" stops before 土豆).
      std::size_t k = j;
      const char32_t c = j < text.size() ? text::NextCodePoint(text, k) : U' ';
      if (!(c == ' ' || c == '\n' || c == 0x3000 || c == ')' || c == 0xFF09 || c == ']' || c == 0x3011 ||
            c == 0x3001 || c == '|' || StartsWithAny(text.substr(j), tables::kCjkReportWords))) {
        drop_pending();
        break;
      }
    }
    name.append(text.substr(i, j - i));
    pending_sep = std::string::npos;
    end = j;
    if (latin) break;
    // Another name follows after one space or an enumeration comma ("赵延东、风笑天").
    std::size_t k = j;
    if (k < text.size() && text[k] == ' ') ++k;
    else if (text.substr(k, 3) == "　") k += 3;
    else if (text.substr(k, 3) == "、") k += 3;
    else break;
    std::size_t r = k;
    if (k >= text.size() || !IsHan(text::NextCodePoint(text, r))) break;
    // Tentatively add the separator; it is dropped if no valid name follows.
    const std::size_t keep = name.size();
    name.append(text.substr(j, k - j) == "、" ? "、" : " ");
    i = k;
    pending_sep = keep;
  }
  drop_pending();
  if (name.empty()) return "";
  // What follows the name must end it.
  if (end < text.size()) {
    std::size_t k = end;
    const char32_t c = text::NextCodePoint(text, k);
    const std::string_view rest = text.substr(end);
    const bool delimiter = c == ' ' || c == '\n' || c == 0x3000 || c == ')' || c == 0xFF09 || c == ']' ||
                           c == 0x3011 || c == '|' || c == 0xFF5C || StartsWithAny(rest, tables::kCjkReportWords);
    const bool punct = c == ',' || c == 0xFF0C || c == 0x3002 || c == ';' || c == 0xFF1B || c == 0x3001 ||
                       c == '(' || c == 0xFF08 || c == '[' || c == 0x3010 || c == '<' || c == 0x300A ||
                       (c >= '0' && c <= '9') || StartsWithAny(rest, tables::kCjkNameStops);
    if (c == '=' || c == '"') return "";
    if (sep == 0 && !delimiter) return "";
    if (sep > 0 && !delimiter && !punct) return "";
  }
  return name;
}

namespace {

// First three bytes of a UTF-8 string as one number (labels all start with a 3-byte character).
inline std::uint32_t Key3(std::string_view s, std::size_t i) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(s[i])) << 16 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[i + 1])) << 8 |
         static_cast<unsigned char>(s[i + 2]);
}

}  // namespace

// One pass over the window: at each character that starts some label (a handful of 3-byte
// keys, most characters passed over by one lookup of their low bits), the labels are compared; a
// name after them is taken. At most 4 names per label.
void CjkBylines(const Stream& st, std::size_t wb, std::size_t we, std::vector<AuthorCand>* out) {
  constexpr std::size_t kLabels = std::size(tables::kCjkAuthorLabels);
  constexpr std::uint32_t kFilterMask = 0xFFF;
  struct LabelKeys {
    std::array<std::uint32_t, kLabels> keys{};
    std::array<bool, kFilterMask + 1> filter{};  // by the low 12 bits of a key: may a label start so?
  };
  static const LabelKeys label_keys = [] {
    LabelKeys lk;
    for (std::size_t i = 0; i < kLabels; ++i) {
      lk.keys[i] = Key3(tables::kCjkAuthorLabels[i].label, 0);
      lk.filter[lk.keys[i] & kFilterMask] = true;
    }
    return lk;
  }();
  const auto& keys = label_keys.keys;
  const std::string_view win = std::string_view(st.text).substr(0, we);
  std::array<int, kLabels> found{};
  for (std::size_t p = wb; p + 3 <= win.size(); p += SeqLen(win[p])) {
    if (static_cast<unsigned char>(win[p]) < 0xE0) continue;
    const std::uint32_t k = Key3(win, p);
    if (!label_keys.filter[k & kFilterMask]) continue;
    for (std::size_t i = 0; i < kLabels; ++i) {
      if (keys[i] != k || found[i] >= 4) continue;
      const auto& lab = tables::kCjkAuthorLabels[i];
      if (win.compare(p, lab.label.size(), lab.label) != 0) continue;
      // A one-character label ("文：", "文/") must begin a word: "原文：", "正文：" are not bylines.
      if (lab.label.starts_with("文") && p >= 3) {
        std::size_t q = p - 3;
        if (IsHan(text::NextCodePoint(win, q))) continue;
      }
      const Seg* seg = st.SegAt(p);
      if (seg && seg->in_link && seg->begin <= p) continue;  // a menu entry ("记者调查"), not a byline
      const std::string name = NameAfterCjkLabel(win, p + lab.label.size(), lab.sep);
      if (name.empty()) continue;
      std::string cleaned = CleanAuthor(name);
      if (cleaned.empty()) continue;
      out->push_back({std::move(cleaned), lab.strength, p});
      ++found[i];
    }
  }
}

namespace {

bool AllHan(std::string_view w) {
  for (std::size_t i = 0; i < w.size();) {
    if (!IsHan(text::NextCodePoint(w, i))) return false;
  }
  return true;
}

// One Chinese personal name: 2–4 Han characters, the first a common family name.
bool IsChineseName(std::string_view w) {
  std::size_t i = 0;
  const std::size_t n = CodePoints(w);
  return n >= 2 && n <= 4 && AllHan(w) &&
         tables::kChineseSurnames.find(text::NextCodePoint(w, i)) != std::u32string_view::npos;
}

// The names `s` holds if it holds nothing else: words separated by spaces or "、", the first a
// name (IsChineseName), the others 2–4 Han characters (rarer family names). With `credit`, the
// last word may instead be a place of reporting ("上海报道"). The names keep their separator
// ("赵延东、风笑天", "常书香 马丹阳"); "" otherwise.
std::string OnlyChineseNames(std::string_view s, bool credit) {
  std::string names;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t sep = 0, e = i;
    while (e < s.size()) {
      // ' ', or "　" (E3 80 80) or "、" (E3 80 81).
      sep = s[e] == ' ' ? 1
            : s[e] == '\xE3' && e + 2 < s.size() && s[e + 1] == '\x80' && (s[e + 2] == '\x80' || s[e + 2] == '\x81')
                ? 3
                : 0;
      if (sep) break;
      e += SeqLen(s[e]);
    }
    const std::string_view w = s.substr(i, e - i);
    const bool last = e >= s.size() || Trim(s.substr(e), IsControlOrSpace).empty();
    if (!w.empty()) {
      const std::size_t han = CodePoints(w);
      bool place = false;
      for (std::string_view ending : tables::kCjkCreditEndings) {
        if (!credit || !last || names.empty() || !w.ends_with(ending)) continue;
        const std::string_view where = w.substr(0, w.size() - ending.size());
        place = CodePoints(where) <= 4 && AllHan(where);
      }
      if (place) break;
      for (std::string_view role : tables::kCjkCreditRoles) {
        if (w.ends_with(role)) return "";
      }
      if (!(names.empty() ? IsChineseName(w) : han >= 2 && han <= 4 && AllHan(w))) return "";
      if (!names.empty()) names.append(s.substr(i - 3, 3) == "、" ? "、" : " ");
      names.append(w);
    }
    i = e + sep;
  }
  return names;
}

}  // namespace

// Chinese bylines without a label. A line of names alone between the headline and the story's
// first paragraph ("犬儒病(上)" / "胡平" / the story), and a credit in parentheses closing a paragraph
// ("…吗？”（姚峰 上海报道）", "（袁源）" on a line of its own): both are how Chinese papers name
// their reporters. Names must pass OnlyChineseNames.
void UnlabelledCjkBylines(const Stream& st, const Anchor& anchor, std::size_t wb, std::size_t we,
                          std::vector<AuthorCand>* out) {
  const std::string_view text = std::string_view(st.text).substr(0, we);
  auto line_end = [&](std::size_t from) {
    const std::size_t nl = text.find('\n', from);
    return nl == std::string_view::npos ? text.size() : nl;
  };
  auto in_link = [&](std::size_t pos) {
    const Seg* seg = st.SegAt(pos);
    return seg && seg->in_link && seg->begin <= pos;
  };
  // Under the headline (or at the top of the text when the headline is not found): short lines (a
  // repeated title, a date) may come first; a long one is the story. A paragraph must follow the
  // names, after at most two short lines (a subtitle).
  constexpr std::size_t kShortLine = 120, kParagraph = 60;
  constexpr int kShortLinesBefore = 8, kShortLinesAfter = 2;
  // The next line with text from *line on, moved past it; "" at the end.
  auto next_line = [&](std::size_t* line, std::size_t* at) {
    std::string_view l;
    while (l.empty() && *line < text.size()) {
      const std::size_t e = line_end(*line);
      l = Trim(text.substr(*line, e - *line), IsControlOrSpace);
      *at = *line;
      *line = e + 1;
    }
    return l;
  };
  std::size_t line = anchor.found() ? std::min(text.size(), line_end(anchor.end) + 1) : 0;
  for (int lines = 0; line < text.size() && lines < kShortLinesBefore; ++lines) {
    std::size_t at = 0;
    const std::string_view l = next_line(&line, &at);
    if (l.size() > kShortLine) break;
    std::string names = OnlyChineseNames(l, false);
    if (names.empty() || in_link(at)) continue;
    for (int after = 0; after <= kShortLinesAfter; ++after) {
      const std::string_view next = next_line(&line, &at);
      if (next.size() >= kParagraph) {
        out->push_back({std::move(names), 4, at});
        break;
      }
      if (next.empty()) break;
    }
    break;
  }
  // Closing credits: the line ends with a parenthesis that holds only names, and the parenthesis
  // begins the line or follows the end of a sentence.
  constexpr std::size_t kCreditBytes = 60;
  int found = 0;
  for (std::size_t line = wb, line_at = 0; line < text.size() && found < 4;) {
    const std::string_view l = next_line(&line, &line_at);
    const std::size_t close_len = l.ends_with("）") ? 3 : l.ends_with(")") ? 1 : 0;
    if (close_len == 0) continue;
    const std::string_view tail = l.substr(l.size() > kCreditBytes ? l.size() - kCreditBytes : 0);
    const std::size_t wide = tail.rfind("（"), narrow = tail.rfind('(');
    std::size_t open = wide;
    std::size_t open_len = 3;
    if (open == std::string_view::npos || (narrow != std::string_view::npos && narrow > open)) open = narrow, open_len = 1;
    if (open == std::string_view::npos) continue;
    const std::size_t inner_begin = open + open_len;
    if (inner_begin + close_len > tail.size()) continue;
    const std::string_view inner =
        Trim(tail.substr(inner_begin, tail.size() - close_len - inner_begin), IsControlOrSpace);
    const std::string_view before = Trim(l.substr(0, l.size() - tail.size() + open), IsControlOrSpace);
    if (!before.empty()) {
      static constexpr std::string_view kSentenceEnds[] = {"。", "！", "？", "”", "」", "』", ".", "!", "?", "\""};
      bool sentence = false;
      for (std::string_view p : kSentenceEnds) sentence = sentence || before.ends_with(p);
      if (!sentence) continue;
    }
    std::string names = OnlyChineseNames(inner, true);
    if (names.empty()) continue;
    const std::size_t at = static_cast<std::size_t>(inner.data() - st.text.data());
    if (in_link(at)) continue;
    out->push_back({std::move(names), 4, at});
    ++found;
  }
}

}  // namespace pith::meta
