// Evaluation metrics: character LCS P/R/F (paper 000 §4.1), ScrapingHub shingle P/R/F1, snippet
// counts, WCXB word P/R/F1 and paper 002's compression ratio. Definitions and edge cases are documented in metrics.h.
#include "eval/metrics.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <bit>
#include <unordered_map>

namespace pith::eval {

// ---- Unicode helpers ------------------------------------------------------------------------------

namespace {

// Calls fn(code point) for every code point of `utf8`, ill-formed subparts as U+FFFD.
template <typename Fn>
void ForEachCodePoint(std::string_view utf8, Fn&& fn) {
  const auto* s = reinterpret_cast<const uint8_t*>(utf8.data());
  const int32_t length = static_cast<int32_t>(utf8.size());
  // ICU's macros index with int32_t: split inputs over 2 GiB at a lead byte.
  if (utf8.size() > 0x7FFFFFF0u) {
    std::size_t cut = 0x7FFFFFF0u;
    while (cut > 0 && (static_cast<uint8_t>(utf8[cut]) & 0xC0) == 0x80) --cut;
    ForEachCodePoint(utf8.substr(0, cut), fn);
    ForEachCodePoint(utf8.substr(cut), fn);
    return;
  }
  int32_t i = 0;
  while (i < length) {
    UChar32 c;
    U8_NEXT_OR_FFFD(s, i, length, c);
    fn(static_cast<char32_t>(c));
  }
}

void AppendUtf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (c >> 12)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (c >> 18)));
    out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

}  // namespace

std::u32string DecodeUtf8(std::string_view utf8) {
  std::u32string out;
  out.reserve(utf8.size());
  ForEachCodePoint(utf8, [&](char32_t c) { out.push_back(c); });
  return out;
}

bool IsWhiteSpace(char32_t c) {
  if (c < 0x80) return c == ' ' || (c >= 0x09 && c <= 0x0D);
  return u_isUWhiteSpace(static_cast<UChar32>(c)) != 0;
}

bool IsWordChar(char32_t c) {
  if (c < 0x80) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }
  const auto cp = static_cast<UChar32>(c);
  switch (u_charType(cp)) {
    case U_UPPERCASE_LETTER:
    case U_LOWERCASE_LETTER:
    case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER:
    case U_OTHER_LETTER:
      return true;
    default:
      break;
  }
  // str.isdecimal() / isdigit() / isnumeric(): any Numeric_Type other than None.
  return u_getIntPropertyValue(cp, UCHAR_NUMERIC_TYPE) != U_NT_NONE;
}

bool IsCjkChar(char32_t c) {
  if (c < 0x1100) return false;  // fast path: nothing below Hangul Jamo is Han/kana/hangul
  const auto cp = static_cast<UChar32>(c);
  return uscript_hasScript(cp, USCRIPT_HAN) || uscript_hasScript(cp, USCRIPT_HIRAGANA) ||
         uscript_hasScript(cp, USCRIPT_KATAKANA) || uscript_hasScript(cp, USCRIPT_HANGUL);
}

std::u32string DeleteWhitespace(std::string_view utf8) {
  std::u32string out;
  out.reserve(utf8.size());
  ForEachCodePoint(utf8, [&](char32_t c) {
    if (!IsWhiteSpace(c)) out.push_back(c);
  });
  return out;
}

std::string CollapseWhitespace(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  bool pending_space = false;
  ForEachCodePoint(utf8, [&](char32_t c) {
    if (IsWhiteSpace(c)) {
      pending_space = !out.empty();
      return;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    AppendUtf8(out, c);
  });
  return out;
}

// ---- Precision / recall conventions ---------------------------------------------------------------

double PrecisionScore(double tp, double fp, double fn) {
  if (fp == 0 && fn == 0) return 1.0;
  if (tp == 0 && fp == 0) return 0.0;
  return tp / (tp + fp);
}

double RecallScore(double tp, double fp, double fn) {
  if (fp == 0 && fn == 0) return 1.0;
  if (tp == 0 && fn == 0) return 0.0;
  return tp / (tp + fn);
}

double HarmonicMean(double p, double r) { return p + r > 0 ? 2 * p * r / (p + r) : 0.0; }

// ---- 1. LCS ---------------------------------------------------------------------------------------

std::size_t LcsLength(std::u32string_view a, std::u32string_view b) {
  // A common prefix and suffix are always part of some LCS; strip them (cheap, and near-identical
  // texts become tiny).
  std::size_t common = 0;
  while (!a.empty() && !b.empty() && a.front() == b.front()) {
    a.remove_prefix(1);
    b.remove_prefix(1);
    ++common;
  }
  while (!a.empty() && !b.empty() && a.back() == b.back()) {
    a.remove_suffix(1);
    b.remove_suffix(1);
    ++common;
  }
  if (a.empty() || b.empty()) return common;
  if (a.size() > b.size()) std::swap(a, b);  // a: the shorter string, one bit per code point
  const std::size_t m = a.size();

  // Number the symbols of `a` (order of first appearance). Symbols of `b` that `a` lacks have an
  // all-zero match mask, which leaves the bit vector unchanged: drop them from `rows` up front.
  std::unordered_map<char32_t, uint32_t> symbol_index;
  symbol_index.reserve(std::min<std::size_t>(m, 1 << 16));
  std::vector<uint32_t> a_symbols(m);
  for (std::size_t i = 0; i < m; ++i) {
    a_symbols[i] = symbol_index.try_emplace(a[i], static_cast<uint32_t>(symbol_index.size())).first->second;
  }
  std::vector<uint32_t> rows;
  rows.reserve(b.size());
  for (char32_t y : b) {
    if (auto it = symbol_index.find(y); it != symbol_index.end()) rows.push_back(it->second);
  }

  // Hyyrö's bit-parallel LCS: V starts all ones; for each row symbol y with match mask M (bit i set
  // iff a[i] == y):  U = V & M;  V = (V + U) | (V - U)   (V - U == V & ~M since U ⊆ V),
  // the addition carrying from low to high bits. At the end LCS = number of zero bits of V.
  // The m-bit vector is processed in 128-bit stripes, low stripe first, each over all rows; the
  // carry out of stripe k at row j is kept in carry[j] and fed into stripe k+1 at row j. This equals
  // the row-by-row computation, needs masks for one stripe only (one 128-bit entry per symbol of
  // `a`, so memory is O(|alphabet| + |b|) rather than O(|alphabet| · m/64)), and the two-word
  // add/adc chain gives more work per dependent step.
  __extension__ typedef unsigned __int128 u128;
  std::vector<u128> mask(symbol_index.size(), 0);
  std::vector<uint8_t> carry(rows.size(), 0);
  const uint32_t* const row = rows.data();
  uint8_t* const carry_in = carry.data();
  const u128* const masks = mask.data();
  const std::size_t n = rows.size();
  std::size_t lcs = 0;
  for (std::size_t lo = 0; lo < m; lo += 128) {
    const std::size_t width = std::min<std::size_t>(128, m - lo);
    for (std::size_t i = 0; i < width; ++i) mask[a_symbols[lo + i]] |= u128{1} << i;
    u128 v = ~u128{0};
    for (std::size_t j = 0; j < n; ++j) {
      const u128 u = v & masks[row[j]];
      const u128 sum1 = v + u;
      const bool carry1 = sum1 < v;
      const u128 sum2 = sum1 + carry_in[j];
      const bool carry2 = sum2 < sum1;
      carry_in[j] = static_cast<uint8_t>(carry1 | carry2);
      v = sum2 | (v - u);
    }
    const u128 valid = width == 128 ? ~u128{0} : (u128{1} << width) - 1;
    const u128 zeros = ~v & valid;
    lcs += static_cast<std::size_t>(std::popcount(static_cast<uint64_t>(zeros)) +
                                    std::popcount(static_cast<uint64_t>(zeros >> 64)));
    for (std::size_t i = 0; i < width; ++i) mask[a_symbols[lo + i]] = 0;
  }
  return common + lcs;
}

std::size_t EditDistance(std::u32string_view a, std::u32string_view b) {
  while (!a.empty() && !b.empty() && a.front() == b.front()) {
    a.remove_prefix(1);
    b.remove_prefix(1);
  }
  while (!a.empty() && !b.empty() && a.back() == b.back()) {
    a.remove_suffix(1);
    b.remove_suffix(1);
  }
  if (a.size() > b.size()) std::swap(a, b);  // a: the shorter string, one bit per code point
  const std::size_t m = a.size(), n = b.size();
  if (m == 0) return n;

  std::unordered_map<char32_t, uint32_t> symbol_index;
  symbol_index.reserve(std::min<std::size_t>(m, 1 << 16));
  std::vector<uint32_t> a_symbols(m);
  for (std::size_t i = 0; i < m; ++i) {
    a_symbols[i] = symbol_index.try_emplace(a[i], static_cast<uint32_t>(symbol_index.size())).first->second;
  }
  const uint32_t absent = static_cast<uint32_t>(symbol_index.size());  // its mask stays 0
  std::vector<uint32_t> cols(n);
  for (std::size_t j = 0; j < n; ++j) {
    const auto it = symbol_index.find(b[j]);
    cols[j] = it == symbol_index.end() ? absent : it->second;
  }

  // Myers' algorithm over the m×n matrix D, column by column, 64 rows (one stripe) at a time: Pv/Mv
  // hold the stripe's vertical deltas (+1/-1) of the current column; h[j] is the horizontal delta
  // D[lo][j+1] - D[lo][j] entering stripe `lo` at column j (+1 along the top row, D[0][j] = j) and
  // on leaving, the delta at the stripe's last row, which the next stripe takes in. The distance is
  // D[m][0] = m plus the last stripe's deltas at row m.
  std::vector<uint64_t> mask(symbol_index.size() + 1, 0);
  std::vector<int8_t> h(n, 1);
  std::size_t distance = m;
  for (std::size_t lo = 0; lo < m; lo += 64) {
    const std::size_t width = std::min<std::size_t>(64, m - lo);
    for (std::size_t i = 0; i < width; ++i) mask[a_symbols[lo + i]] |= uint64_t{1} << i;
    const uint64_t last = uint64_t{1} << (width - 1);
    uint64_t pv = ~uint64_t{0}, mv = 0;
    const bool final_stripe = lo + width == m;
    for (std::size_t j = 0; j < n; ++j) {
      uint64_t eq = mask[cols[j]];
      const int hin = h[j];
      const uint64_t xv = eq | mv;
      if (hin < 0) eq |= 1;
      const uint64_t xh = (((eq & pv) + pv) ^ pv) | eq;
      uint64_t ph = mv | ~(xh | pv);
      uint64_t mh = pv & xh;
      const int hout = (ph & last) ? 1 : (mh & last) ? -1 : 0;
      ph <<= 1;
      mh <<= 1;
      if (hin < 0) mh |= 1;
      if (hin > 0) ph |= 1;
      pv = mh | ~(xv | ph);
      mv = ph & xv;
      h[j] = static_cast<int8_t>(hout);
      if (final_stripe) distance = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(distance) + hout);
    }
    for (std::size_t i = 0; i < width; ++i) mask[a_symbols[lo + i]] = 0;
  }
  return distance;
}

CharScore CharacterScore(std::string_view extracted, std::string_view truth) {
  const std::u32string c = DeleteWhitespace(extracted);
  const std::u32string s = DeleteWhitespace(truth);
  CharScore out;
  out.extracted_chars = c.size();
  out.truth_chars = s.size();
  out.common = LcsLength(c, s);
  const double tp = static_cast<double>(out.common);
  const double fp = static_cast<double>(c.size() - out.common);
  const double fn = static_cast<double>(s.size() - out.common);
  out.precision = PrecisionScore(tp, fp, fn);
  out.recall = RecallScore(tp, fp, fn);
  out.f = HarmonicMean(out.precision, out.recall);
  return out;
}

// ---- 2. Shingles ----------------------------------------------------------------------------------

namespace {

// Splits into tokens and hands each one (as code points) to fn.
template <typename Fn>
void ForEachToken(std::string_view utf8, Fn&& fn) {
  std::u32string run;
  auto flush = [&] {
    if (!run.empty()) {
      fn(std::u32string_view(run));
      run.clear();
    }
  };
  ForEachCodePoint(utf8, [&](char32_t c) {
    if (!IsWordChar(c)) {
      flush();
    } else if (IsCjkChar(c)) {
      flush();
      const char32_t one[1] = {c};
      fn(std::u32string_view(one, 1));
    } else {
      run.push_back(c);
    }
  });
  flush();
}

// A shingle: up to 4 token ids; unused slots hold kPad (ids are < kPad), so shingles of different
// lengths never compare equal.
constexpr uint32_t kPad = 0xFFFFFFFFu;
using Shingle = std::array<uint32_t, kShingleSize>;

class TokenInterner {
 public:
  uint32_t Id(std::u32string_view token) {
    auto [it, inserted] = ids_.try_emplace(std::u32string(token), static_cast<uint32_t>(ids_.size()));
    return it->second;
  }

 private:
  std::unordered_map<std::u32string, uint32_t> ids_;
};

// The sorted multiset of shingles of `utf8`, following evaluate.py's _ngrams (see metrics.h).
std::vector<Shingle> SortedShingles(std::string_view utf8, int n, TokenInterner& interner) {
  std::vector<uint32_t> ids;
  ForEachToken(utf8, [&](std::u32string_view t) { ids.push_back(interner.Id(t)); });
  std::vector<Shingle> out;
  if (ids.empty()) return out;
  const std::size_t size = static_cast<std::size_t>(n);
  const std::size_t count = ids.size() >= size ? ids.size() - size + 1 : 1;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    Shingle s;
    s.fill(kPad);
    for (std::size_t j = 0; j < size && i + j < ids.size(); ++j) s[j] = ids[i + j];
    out.push_back(s);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::vector<std::string> ShingleTokens(std::string_view utf8) {
  std::vector<std::string> out;
  ForEachToken(utf8, [&](std::u32string_view t) {
    std::string s;
    for (char32_t c : t) AppendUtf8(s, c);
    out.push_back(std::move(s));
  });
  return out;
}

ShingleScore ShingleMatch(std::string_view extracted, std::string_view truth, int n) {
  if (n < 1) n = 1;
  if (n > kShingleSize) n = kShingleSize;
  TokenInterner interner;
  const std::vector<Shingle> pred = SortedShingles(extracted, n, interner);
  const std::vector<Shingle> gold = SortedShingles(truth, n, interner);

  // Merge the two sorted multisets: per distinct shingle, min(count) is shared, the rest is fp/fn.
  ShingleScore out;
  std::size_t i = 0, j = 0;
  while (i < pred.size() || j < gold.size()) {
    if (j == gold.size() || (i < pred.size() && pred[i] < gold[j])) {
      ++out.raw_fp;
      ++i;
    } else if (i == pred.size() || gold[j] < pred[i]) {
      ++out.raw_fn;
      ++j;
    } else {
      ++out.raw_tp;  // one occurrence on each side pairs up
      ++i;
      ++j;
    }
  }
  const double sum = static_cast<double>(out.raw_tp + out.raw_fp + out.raw_fn);
  out.tp = static_cast<double>(out.raw_tp);
  out.fp = static_cast<double>(out.raw_fp);
  out.fn = static_cast<double>(out.raw_fn);
  if (sum > 0) {
    out.tp /= sum;
    out.fp /= sum;
    out.fn /= sum;
  }
  out.precision = PrecisionScore(out.tp, out.fp, out.fn);
  out.recall = RecallScore(out.tp, out.fp, out.fn);
  out.f1 = HarmonicMean(out.precision, out.recall);
  return out;
}

// ---- Aggregation ----------------------------------------------------------------------------------

void ScoreAggregator::Add(double precision, double recall, double f, bool counts_for_precision,
                          bool counts_for_recall) {
  ++pages_;
  sum_f_ += f;
  if (counts_for_precision) {
    sum_p_ += precision;
    ++p_pages_;
  }
  if (counts_for_recall) {
    sum_r_ += recall;
    ++r_pages_;
  }
}

MeanScores ScoreAggregator::Result() const {
  MeanScores m;
  m.pages = pages_;
  m.precision_pages = p_pages_;
  m.recall_pages = r_pages_;
  m.precision = p_pages_ ? sum_p_ / static_cast<double>(p_pages_) : 0.0;
  m.recall = r_pages_ ? sum_r_ / static_cast<double>(r_pages_) : 0.0;
  m.f1 = HarmonicMean(m.precision, m.recall);
  m.mean_page_f1 = pages_ ? sum_f_ / static_cast<double>(pages_) : 0.0;
  return m;
}

// ---- 3. Snippets ----------------------------------------------------------------------------------

SnippetCounts CountSnippets(std::string_view output, const std::vector<std::string>& with,
                            const std::vector<std::string>& without) {
  const std::string text = CollapseWhitespace(output);
  SnippetCounts counts;
  for (const std::string& snippet : with) {
    const std::string s = CollapseWhitespace(snippet);
    if (s.empty()) continue;
    if (text.find(s) != std::string::npos) {
      ++counts.tp;
    } else {
      ++counts.fn;
    }
  }
  for (const std::string& snippet : without) {
    const std::string s = CollapseWhitespace(snippet);
    if (s.empty()) continue;
    if (text.find(s) != std::string::npos) {
      ++counts.fp;
    } else {
      ++counts.tn;
    }
  }
  return counts;
}

// ---- 4. Word P/R/F1 (WCXB) ------------------------------------------------------------------------

namespace {

// Calls fn(word) for every WCXB token of `utf8` (see metrics.h): the text lowercased as Python's
// str.lower() does (ICU full case mapping, root locale), then split into runs of word characters.
template <typename Fn>
void ForEachWord(std::string_view utf8, Fn&& fn) {
  std::u16string utf16;
  utf16.reserve(utf8.size());
  ForEachCodePoint(utf8, [&](char32_t c) {
    UChar units[2];
    int32_t n = 0;
    U16_APPEND_UNSAFE(units, n, static_cast<UChar32>(c));
    utf16.append(units, units + n);
  });
  if (utf16.empty()) return;
  // Lowercasing may lengthen the text (U+0130 → two code points): preflight, then convert.
  const auto length = static_cast<int32_t>(utf16.size());
  UErrorCode status = U_ZERO_ERROR;
  const int32_t needed = u_strToLower(nullptr, 0, utf16.data(), length, "", &status);
  std::u16string lower(static_cast<std::size_t>(needed), u'\0');
  status = U_ZERO_ERROR;
  u_strToLower(lower.data(), needed, utf16.data(), length, "", &status);
  if (U_FAILURE(status)) lower = utf16;  // cannot happen with a preflighted buffer; stay total
  std::string word;
  for (int32_t i = 0; i < static_cast<int32_t>(lower.size());) {
    UChar32 c;
    U16_NEXT(lower.data(), i, static_cast<int32_t>(lower.size()), c);
    if (IsWordChar(static_cast<char32_t>(c))) {
      AppendUtf8(word, static_cast<char32_t>(c));
    } else if (!word.empty()) {
      fn(word);
      word.clear();
    }
  }
  if (!word.empty()) fn(word);
}

}  // namespace

std::vector<std::string> WordTokens(std::string_view utf8) {
  std::vector<std::string> out;
  ForEachWord(utf8, [&](const std::string& w) { out.push_back(w); });
  return out;
}

WordScore WordMatch(std::string_view extracted, std::string_view truth) {
  WordScore out;
  // Word → (count in truth, count in output).
  std::unordered_map<std::string, std::pair<std::size_t, std::size_t>> counts;
  ForEachWord(truth, [&](const std::string& w) {
    ++counts[w].first;
    ++out.truth_words;
  });
  ForEachWord(extracted, [&](const std::string& w) {
    std::pair<std::size_t, std::size_t>& c = counts[w];
    if (c.second++ < c.first) ++out.overlap;  // this occurrence pairs with one in the truth
    ++out.extracted_words;
  });
  if (out.truth_words == 0) {
    const double all_or_none = out.extracted_words == 0 ? 1.0 : 0.0;
    out.precision = out.recall = out.f1 = all_or_none;
    return out;
  }
  if (out.extracted_words == 0) return out;
  out.precision = static_cast<double>(out.overlap) / static_cast<double>(out.extracted_words);
  out.recall = static_cast<double>(out.overlap) / static_cast<double>(out.truth_words);
  out.f1 = HarmonicMean(out.precision, out.recall);
  return out;
}

// ---- 5. Metadata fields ---------------------------------------------------------------------------

std::string NormalizeField(std::string_view utf8) {
  std::u32string cps;
  bool space = false;
  for (char32_t c : DecodeUtf8(utf8)) {
    if (IsWhiteSpace(c)) {
      space = !cps.empty();
      continue;
    }
    switch (c) {
      case U'\u2018': case U'\u2019': case U'\u201A': case U'\u201B': case U'\u2032': c = U'\''; break;
      case U'\u201C': case U'\u201D': case U'\u201E': case U'\u201F': case U'\u2033': c = U'"'; break;
      case U'\u2010': case U'\u2011': case U'\u2012': case U'\u2013': case U'\u2014': case U'\u2015':
      case U'\u2212': c = U'-'; break;
      default: c = static_cast<char32_t>(u_foldCase(static_cast<UChar32>(c), U_FOLD_CASE_DEFAULT));
    }
    if (space) cps.push_back(U' ');
    space = false;
    cps.push_back(c);
  }
  // Quote marks around the whole value ("\"David Kim\"") are no part of it.
  while (cps.size() >= 2 && (cps.front() == U'"' || cps.front() == U'\'') && cps.back() == cps.front()) {
    cps = cps.substr(1, cps.size() - 2);
    while (!cps.empty() && cps.front() == U' ') cps.erase(0, 1);
    while (!cps.empty() && cps.back() == U' ') cps.pop_back();
  }
  std::string out;
  for (char32_t c : cps) AppendUtf8(out, c);
  return out;
}

bool SameField(std::string_view extracted, std::string_view truth) {
  const std::string t = NormalizeField(truth);
  return !t.empty() && NormalizeField(extracted) == t;
}

bool SameDay(std::string_view extracted, std::string_view truth) {
  constexpr std::size_t kDay = 10;  // YYYY-MM-DD
  return extracted.size() >= kDay && truth.size() >= kDay && extracted.substr(0, kDay) == truth.substr(0, kDay);
}

MetadataCounts CountMetadata(std::string_view extracted_title, std::string_view extracted_author,
                             std::string_view extracted_date, std::string_view truth_title,
                             std::string_view truth_author, std::string_view truth_date) {
  MetadataCounts m;
  if (!NormalizeField(truth_title).empty()) {
    m.title_pages = 1;
    m.title_exact = SameField(extracted_title, truth_title);
    m.title_token_f1 = ShingleMatch(extracted_title, truth_title, 1).f1;
  }
  if (!NormalizeField(truth_author).empty()) {
    m.author_pages = 1;
    m.author_exact = SameField(extracted_author, truth_author);
  }
  if (!truth_date.empty()) {
    m.date_pages = 1;
    m.date_exact = SameDay(extracted_date, truth_date);
  }
  return m;
}

// ---- 6. Paper 002 ---------------------------------------------------------------------------------

double CompressionRatio(std::size_t output_bytes, std::size_t input_bytes) {
  return input_bytes ? static_cast<double>(output_bytes) / static_cast<double>(input_bytes) : 0.0;
}

}  // namespace pith::eval
