// Structure metrics: the scoring half of structure.h (score_struct.py's score_page, aggregate, TEDS).
#include "eval/structure.h"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "eval/metrics.h"

namespace pith::eval {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

// Python's `\s` for str: Unicode White_Space and the information separators U+001C..U+001F.
bool IsPySpace(char32_t c) { return IsWhiteSpace(c) || (c >= 0x1C && c <= 0x1F); }

// mdstruct.ws: White_Space runs as one space, none at the ends (code points).
std::u32string Ws(std::u32string_view s) {
  std::u32string out;
  out.reserve(s.size());
  for (char32_t c : s) {
    if (IsPySpace(c)) {
      if (!out.empty() && out.back() != U' ') out.push_back(U' ');
    } else {
      out.push_back(c);
    }
  }
  if (!out.empty() && out.back() == U' ') out.pop_back();
  return out;
}

std::u32string WsUtf8(std::string_view s) { return Ws(DecodeUtf8(s)); }

// norm_key: NFKC, lower case, runs of ¶ § # 🔗 U+200B as a space, then Ws.
std::u32string NormKey(std::string_view utf8) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
  icu::UnicodeString s = icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())));
  if (U_SUCCESS(status)) {
    icu::UnicodeString n = nfkc->normalize(s, status);
    if (U_SUCCESS(status)) s = n;
  }
  s.toLower(icu::Locale::getRoot());
  std::string lowered;
  s.toUTF8String(lowered);
  std::u32string out;
  for (char32_t c : DecodeUtf8(lowered)) {
    const bool mark = c == U'¶' || c == U'§' || c == U'#' || c == U'\U0001F517' || c == 0x200B;
    out.push_back(mark ? U' ' : c);
  }
  return Ws(out);
}

// lang_norm: lower case, no "language-"/"lang-" prefix, the scorer's aliases.
std::string LangNorm(std::string_view lang) {
  std::string l;
  for (char c : lang) l.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
  const std::size_t b = l.find_first_not_of(" \t\n\r\f\v");
  const std::size_t e = l.find_last_not_of(" \t\n\r\f\v");
  l = b == std::string::npos ? "" : l.substr(b, e - b + 1);
  if (l.starts_with("language-")) {
    l.erase(0, 9);
  } else if (l.starts_with("lang-")) {
    l.erase(0, 5);
  }
  static const std::unordered_map<std::string, std::string> kAlias = {
      {"js", "javascript"}, {"mjs", "javascript"}, {"jsx", "javascript"}, {"ts", "typescript"},
      {"tsx", "typescript"}, {"py", "python"}, {"python3", "python"}, {"py3", "python"}, {"c++", "cpp"},
      {"cxx", "cpp"}, {"cc", "cpp"}, {"hpp", "cpp"}, {"sh", "bash"}, {"shell", "bash"}, {"zsh", "bash"},
      {"shell-session", "console"}, {"shellsession", "console"}, {"rs", "rust"}, {"yml", "yaml"},
      {"htm", "html"}, {"xhtml", "html"}, {"txt", "text"}, {"plaintext", "text"}, {"plain", "text"},
      {"none", "text"}, {"nohighlight", "text"}, {"golang", "go"}, {"hs", "haskell"}, {"md", "markdown"},
      {"jsonc", "json"}, {"json5", "json"}, {"kt", "kotlin"}, {"rb", "ruby"}, {"cs", "csharp"},
      {"c#", "csharp"}, {"objc", "objectivec"}, {"tex", "latex"}};
  const auto it = kAlias.find(l);
  return it == kAlias.end() ? l : it->second;
}

double EditSim(std::u32string_view a, std::u32string_view b) {
  if (a.empty() && b.empty()) return 1.0;
  return 1.0 - double(EditDistance(a, b)) / double(std::max(a.size(), b.size()));
}

// Multiset F1; NaN when the truth is empty.
template <typename T>
double MultisetF1(const std::vector<T>& truth, const std::vector<T>& output) {
  if (truth.empty()) return kNone;
  std::map<T, long> t, p;
  for (const T& x : truth) ++t[x];
  for (const T& x : output) ++p[x];
  long tp = 0;
  for (const auto& [k, n] : t) {
    if (const auto it = p.find(k); it != p.end()) tp += std::min(n, it->second);
  }
  if (tp == 0) return 0.0;
  const double precision = double(tp) / double(output.size()), recall = double(tp) / double(truth.size());
  return 2 * precision * recall / (precision + recall);
}

// ---- TEDS (Zhang–Shasha) --------------------------------------------------------------------------

struct TreeNode {
  int tag;  // 0 table, 1 thead, 2 tbody, 3 tr, 4 td
  std::u32string text;
  int colspan = 1, rowspan = 1;
  std::vector<int> kids;
};
struct Tree {
  std::vector<TreeNode> nodes;  // nodes[0] = the table
};

// table_tree: leading rows all of header cells form thead, the rest tbody.
Tree TableTree(const StructureTable& rows) {
  Tree t;
  t.nodes.push_back({0, {}, 1, 1, {}});
  int head = -1, body = -1;
  for (const auto& row : rows) {
    const bool all_header = std::all_of(row.begin(), row.end(), [](const StructureCell& c) { return c.header; });
    int* section = body < 0 && all_header ? &head : &body;
    if (*section < 0) {
      *section = static_cast<int>(t.nodes.size());
      t.nodes.push_back({section == &head ? 1 : 2, {}, 1, 1, {}});
    }
    const int tr = static_cast<int>(t.nodes.size());
    t.nodes.push_back({3, {}, 1, 1, {}});
    t.nodes[*section].kids.push_back(tr);
    for (const StructureCell& c : row) {
      t.nodes[tr].kids.push_back(static_cast<int>(t.nodes.size()));
      t.nodes.push_back({4, DecodeUtf8(c.text), c.colspan, c.rowspan, {}});
    }
  }
  // thead before tbody, as the scorer builds them.
  if (head >= 0) t.nodes[0].kids.push_back(head);
  if (body >= 0) t.nodes[0].kids.push_back(body);
  return t;
}

struct PostOrder {
  std::vector<const TreeNode*> nodes;
  std::vector<int> lmd;        // leftmost leaf descendant of each (post-order index)
  std::vector<int> keyroots;   // sorted
};

int Walk(const Tree& t, int id, PostOrder* p) {
  int first = -1;
  for (int k : t.nodes[id].kids) {
    const int l = Walk(t, k, p);
    if (first < 0) first = l;
  }
  p->nodes.push_back(&t.nodes[id]);
  p->lmd.push_back(first >= 0 ? first : static_cast<int>(p->nodes.size()) - 1);
  return p->lmd.back();
}

PostOrder Post(const Tree& t) {
  PostOrder p;
  Walk(t, 0, &p);
  std::map<int, int> kr;
  for (int i = 0; i < static_cast<int>(p.lmd.size()); ++i) kr[p.lmd[i]] = i;
  for (const auto& [l, i] : kr) p.keyroots.push_back(i);
  std::sort(p.keyroots.begin(), p.keyroots.end());
  return p;
}

double RenameCost(const TreeNode& a, const TreeNode& b) {
  if (a.tag != b.tag) return 1.0;
  if (a.tag == 4) {
    if (a.colspan != b.colspan || a.rowspan != b.rowspan) return 1.0;
    return 1.0 - EditSim(a.text, b.text);
  }
  return 0.0;
}

double Teds(const Tree& ta, const Tree& tb) {
  const PostOrder A = Post(ta), B = Post(tb);
  const std::size_t na = A.nodes.size(), nb = B.nodes.size();
  std::vector<double> td(na * nb, 0.0);
  std::vector<double> fd;
  for (int i : A.keyroots) {
    const int li = A.lmd[i];
    for (int j : B.keyroots) {
      const int lj = B.lmd[j];
      const int m = i - li + 2, n = j - lj + 2;
      fd.assign(std::size_t(m) * n, 0.0);
      auto F = [&](int x, int y) -> double& { return fd[std::size_t(x) * n + y]; };
      for (int x = 1; x < m; ++x) F(x, 0) = F(x - 1, 0) + 1;
      for (int y = 1; y < n; ++y) F(0, y) = F(0, y - 1) + 1;
      for (int x = 1; x < m; ++x) {
        const int ii = li + x - 1;
        for (int y = 1; y < n; ++y) {
          const int jj = lj + y - 1;
          if (A.lmd[ii] == li && B.lmd[jj] == lj) {
            const double v = std::min({F(x - 1, y) + 1, F(x, y - 1) + 1,
                                       F(x - 1, y - 1) + RenameCost(*A.nodes[ii], *B.nodes[jj])});
            F(x, y) = v;
            td[std::size_t(ii) * nb + jj] = v;
          } else {
            F(x, y) = std::min({F(x - 1, y) + 1, F(x, y - 1) + 1,
                                F(A.lmd[ii] - li, B.lmd[jj] - lj) + td[std::size_t(ii) * nb + jj]});
          }
        }
      }
    }
  }
  const double d = td.back();
  return std::max(0.0, 1.0 - d / double(std::max(na, nb)));
}

double PageTeds(const std::vector<StructureTable>& truth, const std::vector<StructureTable>& output) {
  if (truth.empty()) return kNone;
  if (output.empty()) return 0.0;
  std::vector<Tree> T, P;
  for (const auto& t : truth) T.push_back(TableTree(t));
  for (const auto& p : output) P.push_back(TableTree(p));
  std::vector<std::tuple<double, int, int>> pairs;
  for (int i = 0; i < static_cast<int>(T.size()); ++i) {
    for (int j = 0; j < static_cast<int>(P.size()); ++j) {
      const double st = double(T[i].nodes.size()), sp = double(P[j].nodes.size());
      if (std::min(st, sp) / std::max(st, sp) < 0.2) continue;
      pairs.emplace_back(Teds(T[i], P[j]), i, j);
    }
  }
  std::sort(pairs.rbegin(), pairs.rend());
  std::set<int> used_t, used_p;
  double total = 0;
  for (const auto& [s, i, j] : pairs) {
    if (used_t.count(i) || used_p.count(j)) continue;
    used_t.insert(i);
    used_p.insert(j);
    total += s;
  }
  return total / double(std::max(T.size(), P.size()));
}

std::u32string TableText(const std::vector<StructureTable>& tables) {
  std::string joined;
  bool first = true;
  for (const auto& t : tables) {
    for (const auto& row : t) {
      std::string r;
      for (std::size_t k = 0; k < row.size(); ++k) r += (k ? " " : "") + row[k].text;
      joined += (first ? "" : " ") + r;
      first = false;
    }
  }
  return WsUtf8(joined);
}

// match_code: greedy pairs (truth index → output index) by edit similarity of the collapsed contents.
std::map<int, int> MatchCode(const std::vector<std::u32string>& truth, const std::vector<std::u32string>& output) {
  std::vector<std::tuple<double, int, int>> cand;
  for (int i = 0; i < static_cast<int>(truth.size()); ++i) {
    for (int j = 0; j < static_cast<int>(output.size()); ++j) {
      const std::u32string& a = truth[i];
      const std::u32string& b = output[j];
      if (a.empty() || b.empty()) continue;
      if (double(std::min(a.size(), b.size())) / double(std::max(a.size(), b.size())) < 0.3) continue;
      const double s = EditSim(a, b);
      if (s >= 0.5) cand.emplace_back(s, i, j);
    }
  }
  std::sort(cand.rbegin(), cand.rend());
  std::set<int> used_t, used_p;
  std::map<int, int> out;
  for (const auto& [s, i, j] : cand) {
    if (used_t.count(i) || used_p.count(j)) continue;
    used_t.insert(i);
    used_p.insert(j);
    out[i] = j;
  }
  return out;
}

std::u32string JoinCollapsed(const std::vector<std::string>& parts, const char* sep) {
  std::string joined;
  for (std::size_t k = 0; k < parts.size(); ++k) joined += (k ? sep : "") + parts[k];
  return WsUtf8(joined);
}

std::u32string NoSpace(std::string_view utf8) {
  std::u32string out;
  for (char32_t c : DecodeUtf8(utf8)) {
    if (!IsPySpace(c)) out.push_back(c);
  }
  return out;
}

// The last path segment of a URL (no query or fragment), %-decoded, lower-cased (ASCII and beyond
// through ICU's root locale).
std::string FileName(std::string_view src) {
  std::string_view path = src;
  if (const std::size_t scheme = path.find("://"); scheme != std::string_view::npos) {
    const std::size_t slash = path.find('/', scheme + 3);
    path = slash == std::string_view::npos ? std::string_view() : path.substr(slash);
  }
  path = path.substr(0, std::min(path.find('?'), path.find('#')));
  const std::size_t slash = path.rfind('/');
  const std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  std::string decoded;
  for (std::size_t i = 0; i < base.size(); ++i) {
    auto hex = [](char c) { return c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1; };
    if (base[i] == '%' && i + 2 < base.size() + 0 && hex(base[i + 1]) >= 0 && hex(base[i + 2]) >= 0) {
      decoded.push_back(static_cast<char>(hex(base[i + 1]) * 16 + hex(base[i + 2])));
      i += 2;
    } else {
      decoded.push_back(base[i]);
    }
  }
  icu::UnicodeString s = icu::UnicodeString::fromUTF8(decoded);
  s.toLower(icu::Locale::getRoot());
  std::string out;
  s.toUTF8String(out);
  return out;
}

}  // namespace

const char* StructureMetricName(int metric) {
  static const char* const kNames[kStructMetricCount] = {"text",  "code", "code_lang", "formula", "formula_recall",
                                                         "table", "teds", "headings",  "lists",   "images"};
  return metric >= 0 && metric < kStructMetricCount ? kNames[metric] : "";
}

double EditSimilarity(std::string_view a, std::string_view b) { return EditSim(DecodeUtf8(a), DecodeUtf8(b)); }

double TableTeds(const StructureTable& a, const StructureTable& b) { return Teds(TableTree(a), TableTree(b)); }

StructureScores ScoreStructure(const MarkdownStructure& T, const MarkdownStructure& P) {
  StructureScores r;
  r.fill(kNone);
  r[kStructText] = EditSim(DecodeUtf8(T.text), DecodeUtf8(P.text));
  if (!T.code.empty()) {
    std::vector<std::string> tc, pc;
    for (const auto& c : T.code) tc.push_back(c.second);
    for (const auto& c : P.code) pc.push_back(c.second);
    r[kStructCode] = EditSim(JoinCollapsed(tc, "\n"), JoinCollapsed(pc, "\n"));
    std::vector<int> with_lang;
    for (int i = 0; i < static_cast<int>(T.code.size()); ++i) {
      if (!T.code[i].first.empty()) with_lang.push_back(i);
    }
    if (!with_lang.empty()) {
      std::vector<std::u32string> tw, pw;
      for (const auto& c : tc) tw.push_back(WsUtf8(c));
      for (const auto& c : pc) pw.push_back(WsUtf8(c));
      const std::map<int, int> m = MatchCode(tw, pw);
      int ok = 0;
      for (int i : with_lang) {
        const auto it = m.find(i);
        ok += it != m.end() && LangNorm(P.code[it->second].first) == LangNorm(T.code[i].first);
      }
      r[kStructCodeLang] = double(ok) / double(with_lang.size());
    }
  }
  if (!T.formulas.empty()) {
    r[kStructFormula] = EditSim(JoinCollapsed(T.formulas, " "), JoinCollapsed(P.formulas, " "));
    std::map<std::u32string, int> pc;
    for (const auto& f : P.formulas) ++pc[NoSpace(f)];
    int found = 0;
    for (const auto& f : T.formulas) {
      auto it = pc.find(NoSpace(f));
      if (it != pc.end() && it->second > 0) {
        --it->second;
        ++found;
      }
    }
    r[kStructFormulaRecall] = double(found) / double(T.formulas.size());
  }
  if (!T.tables.empty()) {
    r[kStructTable] = EditSim(TableText(T.tables), TableText(P.tables));
    r[kStructTeds] = PageTeds(T.tables, P.tables);
  }
  auto keyed = [](const std::vector<std::pair<int, std::string>>& v) {
    std::vector<std::pair<int, std::u32string>> out;
    for (const auto& [n, s] : v) out.emplace_back(n, NormKey(s));
    return out;
  };
  if (!T.headings.empty()) r[kStructHeadings] = MultisetF1(keyed(T.headings), keyed(P.headings));
  if (!T.items.empty()) r[kStructLists] = MultisetF1(keyed(T.items), keyed(P.items));
  if (!T.images.empty()) {
    std::set<std::string> names;
    std::set<std::u32string> alts;
    for (const auto& [alt, src] : P.images) {
      if (std::string b = src.empty() ? "" : FileName(src); !b.empty()) names.insert(b);
      if (!Ws(DecodeUtf8(alt)).empty()) alts.insert(NormKey(alt));
    }
    int hit = 0;
    for (const auto& [alt, src] : T.images) {
      const std::string b = src.empty() ? "" : FileName(src);
      hit += (!b.empty() && names.count(b)) || (!Ws(DecodeUtf8(alt)).empty() && alts.count(NormKey(alt)));
    }
    r[kStructImages] = double(hit) / double(T.images.size());
  }
  return r;
}

StructureSummary SummarizeStructure(const std::vector<StructureScores>& pages) {
  StructureSummary s;
  s.pages = pages.size();
  for (int m = 0; m < kStructMetricCount; ++m) {
    double sum = 0;
    for (const StructureScores& p : pages) {
      if (std::isnan(p[m])) continue;
      sum += p[m];
      ++s.counted[m];
    }
    s.mean[m] = s.counted[m] ? sum / double(s.counted[m]) : kNone;
  }
  double sum = 0;
  int n = 0;
  for (int m : {kStructText, kStructCode, kStructFormula, kStructTable, kStructTeds}) {
    if (std::isnan(s.mean[m])) continue;
    sum += s.mean[m];
    ++n;
  }
  s.overall = n ? sum / n : kNone;
  return s;
}

}  // namespace pith::eval
