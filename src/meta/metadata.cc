// meta/metadata.cc — one linear pass over the Document collects the metadata-bearing elements
// (<meta>, <link>, headings, <time>, itemprop, byline-like class names); JSON-LD bodies are parsed
// with nlohmann::json; the visible body text is flattened once (first 40 KB) into a "stream" with
// block breaks, which the date, author and language rules read. No regular expressions, no
// recursion over the DOM; every text scan is bounded.
#include "meta/metadata.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include <nlohmann/json.hpp>

#include "meta/date.h"
#include "meta/tables.h"
#include "text/unicode.h"
#include "text/word_bytes.h"

namespace pith::meta {

namespace {

using dom::Attr;
using dom::kNoNode;
using dom::NodeId;
using dom::Tag;
using json = nlohmann::json;

constexpr std::size_t kMaxStreamBytes = 40 * 1024;   // visible body text kept for the rules below
constexpr std::size_t kDateWindowBefore = 2 * 1024;  // dates searched from the headline − 2 KB ...
constexpr std::size_t kDateWindowAfter = 18 * 1024;  // ... to + 18 KB (or the first 20 KB)
constexpr std::size_t kCjkBylineWindow = 36 * 1024;  // CJK bylines: up to here after the headline
constexpr std::size_t kMaxJsonLdBytes = 512 * 1024;
constexpr std::size_t kMaxJsonLdNodes = 4000;
constexpr std::size_t kMaxAuthorChars = 80;
constexpr std::size_t kMaxTitleBytes = 2048;
constexpr std::size_t kLangSampleBytes = 8 * 1024;

// ---------------------------------------------------------------------------------------------
// String helpers.

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

std::string LowerAscii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = Lower(c);
  return out;
}

bool EqualsCI(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (Lower(a[i]) != Lower(b[i])) return false;
  }
  return true;
}

bool StartsWithCI(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && EqualsCI(s.substr(0, p.size()), p);
}

std::size_t FindCI(std::string_view hay, std::string_view needle, std::size_t from = 0) {
  if (needle.empty()) return from <= hay.size() ? from : std::string_view::npos;
  if (hay.size() < needle.size()) return std::string_view::npos;
  // The first byte is compared in both cases, without lower-casing the text.
  const char first = Lower(needle[0]);
  const char first_upper = first >= 'a' && first <= 'z' ? static_cast<char>(first - 32) : first;
  const std::size_t end = hay.size() - needle.size() + 1;  // past the last place the needle fits
  // A letter's two cases, and no other byte, become the lower-case one when OR'd with 0x20: then
  // eight places that begin with neither are passed at once.
  const bool letter = first != first_upper;
  for (std::size_t i = from; i < end;) {
    if (letter) {
      for (; i + 8 <= end; i += 8) {
        const std::uint64_t folded = text::LoadWord(hay.data() + i) | 0x20 * text::kEachByte;
        if (text::BytesEqual(folded, static_cast<unsigned char>(first)) != 0) break;
      }
    }
    for (const std::size_t stop = std::min(end, i + 8); i < stop; ++i) {
      if ((hay[i] == first || hay[i] == first_upper) && EqualsCI(hay.substr(i, needle.size()), needle)) {
        return i;
      }
    }
  }
  return std::string_view::npos;
}

bool ContainsCI(std::string_view hay, std::string_view needle) {
  return FindCI(hay, needle) != std::string_view::npos;
}

bool IsHan(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0x20000 && c <= 0x2FA1F);
}
bool IsKana(char32_t c) { return (c >= 0x3040 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF); }
bool IsHangul(char32_t c) {
  return (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F);
}
bool IsAsciiAlnum(char32_t c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Letters or digits (the characters that carry a title's identity).
bool IsWordChar(char32_t c) {
  if (c < 0x80) return IsAsciiAlnum(c);
  return !text::IsSpace(c) && !text::IsPunct(c) && !(c >= 0x2000 && c <= 0x2BFF) && c != 0xA0 &&
         !(c >= 0xFF01 && c <= 0xFF0F) && c != 0xFF5C && c != 0xFFFD;
}

// Bytes in the UTF-8 sequence starting with lead byte c.
inline std::size_t SeqLen(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return u < 0x80 ? 1 : u < 0xE0 ? 2 : u < 0xF0 ? 3 : 4;
}

// Length of the whitespace code point at s[i], 0 if it is not one. ASCII is tested directly; only
// the lead bytes that can start a Unicode space (C2, E1, E2, E3, EF) are decoded.
inline std::size_t SpaceLen(std::string_view s, std::size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') ? 1 : 0;
  if (c != 0xC2 && c != 0xE1 && c != 0xE2 && c != 0xE3 && c != 0xEF) return 0;
  std::size_t j = i;
  const char32_t cp = text::NextCodePoint(s, j);
  return (text::IsSpace(cp) || cp == 0xA0) ? j - i : 0;
}

// How the whitespace-collapsing copy of BuildStream treats each byte of UTF-8 text.
enum class ByteKind : std::uint8_t {
  kPlain,       // never the start of whitespace: copied
  kAsciiSpace,  // ' ', '\t', '\n', '\r', '\f', '\v': whitespace by itself, written as ' '
  kMaybeSpace,  // another byte text::MayStartSpace names (an ASCII control, or the lead byte of a
                // multi-byte space): decided by SpaceLen
};
constexpr std::array<ByteKind, 256> kByteKind = [] {
  std::array<ByteKind, 256> k{};
  for (int b = 0; b < 256; ++b) {
    k[b] = text::MayStartSpace(static_cast<unsigned char>(b)) ? ByteKind::kMaybeSpace : ByteKind::kPlain;
  }
  for (int b : {' ', '\t', '\n', '\r', '\f', '\v'}) k[b] = ByteKind::kAsciiSpace;
  return k;
}();

// Whitespace runs → one space, trimmed; stops after max_bytes (at a code point boundary).
std::string CollapseSpace(std::string_view s, std::size_t max_bytes = 4096) {
  std::string out;
  out.reserve(std::min(s.size(), max_bytes));
  bool space = false;
  for (std::size_t i = 0; i < s.size() && out.size() < max_bytes;) {
    if (const std::size_t sp = SpaceLen(s, i)) {
      std::size_t j = i;  // (zero width characters are three bytes long: ASCII spaces are not decoded)
      if (sp == 3 && text::IsZeroWidthFormat(text::NextCodePoint(s, j))) {  // kept after a character
        if (!space && !out.empty()) out.append(s.data() + i, sp);
      } else {
        space = !out.empty();
      }
      i += sp;
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    const std::size_t n = std::min(SeqLen(s[i]), s.size() - i);
    if (n == 1) out.push_back(s[i]);  // (most characters: cheaper than an append)
    else out.append(s.data() + i, n);
    i += n;
  }
  return out;
}

// Comparison key: ASCII lower-cased letters and digits only (punctuation, spaces, quotes dropped).
std::string NormKey(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t b = i;
    const char32_t c = text::NextCodePoint(s, i);
    if (!IsWordChar(c)) continue;
    if (c < 0x80) out.push_back(Lower(static_cast<char>(c)));
    else out.append(s.substr(b, i - b));
  }
  return out;
}

std::size_t CodePoints(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// Words for title heuristics: a run of non-CJK word characters is one word, a CJK character counts
// as half a word (two Han characters ≈ one English word).
double WordCount(std::string_view s) {
  double words = 0;
  bool in_word = false;
  for (std::size_t i = 0; i < s.size();) {
    const char32_t c = text::NextCodePoint(s, i);
    if (IsHan(c) || IsKana(c) || IsHangul(c)) {
      words += 0.5;
      in_word = false;
    } else if (IsWordChar(c)) {
      if (!in_word) words += 1;
      in_word = true;
    } else {
      in_word = false;
    }
  }
  return words;
}

std::vector<std::string> WordSet(std::string_view s) {
  std::vector<std::string> words;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) words.push_back(cur);
    cur.clear();
  };
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t b = i;
    const char32_t c = text::NextCodePoint(s, i);
    if (IsHan(c) || IsKana(c) || IsHangul(c)) {
      flush();
      words.emplace_back(s.substr(b, i - b));
    } else if (IsWordChar(c)) {
      if (c < 0x80) cur.push_back(Lower(static_cast<char>(c)));
      else cur.append(s.substr(b, i - b));
    } else {
      flush();
    }
  }
  flush();
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  return words;
}

// Share of the smaller word set found in the other.
double WordOverlap(std::string_view a, std::string_view b) {
  const std::vector<std::string> wa = WordSet(a), wb = WordSet(b);
  if (wa.empty() || wb.empty()) return 0;
  std::size_t common = 0;
  for (const auto& w : wa) common += std::binary_search(wb.begin(), wb.end(), w);
  return static_cast<double>(common) / static_cast<double>(std::min(wa.size(), wb.size()));
}

bool LooksLikeUrl(std::string_view s) {
  return StartsWithCI(s, "http:") || StartsWithCI(s, "https:") || StartsWithCI(s, "www.") ||
         s.find("://") != std::string_view::npos || StartsWithCI(s, "/") ||
         (s.find('.') != std::string_view::npos && s.find(' ') == std::string_view::npos &&
          s.find('/') != std::string_view::npos);
}

template <std::size_t N>
bool InList(std::string_view s, const std::string_view (&list)[N]) {
  for (auto x : list) {
    if (x == s) return true;
  }
  return false;
}

// Strings (of two bytes or more) searched for together. Their first two bytes are kept in a
// table, so that a position of the text where none of them begins costs one lookup.
template <std::size_t N>
class StringSet {
 public:
  constexpr explicit StringSet(const std::string_view (&strings)[N]) : strings_(strings) {
    for (std::string_view s : strings) {
      if (s.size() < 2) throw "StringSet: every string needs two bytes or more";  // compile time
      heads_[HeadKey(s[0], s[1])] = true;
    }
  }
  // Some string of the set may begin at text[i] (a quick test: its answer may be a false yes).
  bool MayBeginAt(std::string_view text, std::size_t i) const {
    return i + 1 < text.size() && heads_[HeadKey(text[i], text[i + 1])];
  }
  // Some string of the set occurs in text.
  bool FoundIn(std::string_view text) const {
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
      if (MayBeginAt(text, i) && BeginsAt(text, i)) return true;
    }
    return false;
  }

 private:
  static constexpr std::size_t kHeadKeys = 4096;
  // Two bytes hashed to 12 bits (pairs of lower-case letters stay distinct).
  static constexpr std::size_t HeadKey(char a, char b) {
    return (static_cast<unsigned char>(a) * 64u + static_cast<unsigned char>(b)) % kHeadKeys;
  }
  bool BeginsAt(std::string_view text, std::size_t i) const {
    for (std::string_view s : strings_) {
      if (text.substr(i).starts_with(s)) return true;
    }
    return false;
  }

  const std::string_view (&strings_)[N];
  std::array<bool, kHeadKeys> heads_{};
};

// ---------------------------------------------------------------------------------------------
// Facts collected in one pass over the document.

struct MetaTag {
  std::string key;  // lower-case name / property / itemprop / http-equiv
  std::string_view value;
};

struct Facts {
  std::vector<MetaTag> metas;
  std::string_view canonical, base_href;
  std::string_view html_lang, body_lang, html_dir, body_dir;
  std::vector<NodeId> headings;         // visible h1..h3, document order (first 64)
  std::vector<NodeId> itemprop_dates;   // itemprop=datePublished / dateCreated (non-meta)
  std::vector<NodeId> itemprop_authors;
  std::vector<NodeId> itemprop_headlines;
  std::vector<NodeId> times;            // <time> elements (first 64)
  std::vector<NodeId> rel_authors;      // <a rel=author> (first 8)
  std::vector<NodeId> bylines;          // class/id naming a byline (first 32)
};

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (static_cast<unsigned char>(s.front()) <= ' ')) s.remove_prefix(1);
  while (!s.empty() && (static_cast<unsigned char>(s.back()) <= ' ')) s.remove_suffix(1);
  return s;
}

bool HasClassHint(std::string_view cls, std::string_view id) {
  static constexpr StringSet kHints(tables::kBylineClassHints);
  static constexpr StringSet kVetoes(tables::kBylineClassVetoes);
  // Lower-case both into one buffer once, then search it for the hints (and the vetoes).
  char buf[256];
  std::size_t n = 0;
  for (std::string_view part : {cls, id}) {
    const std::size_t take = std::min(part.size(), sizeof buf - 1 - n);
    for (std::size_t i = 0; i < take; ++i) buf[n + i] = Lower(part[i]);
    n += take;
    if (n + 1 < sizeof buf) buf[n++] = ' ';
  }
  const std::string_view lower(buf, n);
  return kHints.FoundIn(lower) && !kVetoes.FoundIn(lower);
}

// The keys that name a <meta>'s value: its name, property, itemprop and http-equiv, in lower
// case. RDFa's property attribute lists its terms separated by spaces ("og:title twitter:title"):
// each is a key of its own. (Apart from CollectFacts, whose per-element code stays small enough
// for the compiler to inline its string tests.)
[[gnu::noinline]] void AddMetaKeys(const dom::Document& doc, NodeId id, std::string_view itemprop,
                                   std::string_view value, Facts* f) {
  auto add = [&](std::string_view k) {
    if (!k.empty() && k.size() < 64) f->metas.push_back({LowerAscii(k), value});
  };
  add(Trim(doc.GetAttr(id, Attr::kName)));
  for (std::string_view property = Trim(doc.GetAttr(id, Attr::kProperty)); !property.empty();) {
    const std::size_t end = std::min(property.find_first_of(" \t\n\r\f"), property.size());
    add(property.substr(0, end));
    property = Trim(property.substr(end));
  }
  add(Trim(itemprop));
  add(Trim(doc.GetAttr(id, Attr::kHttpEquiv)));
}

void CollectFacts(const dom::Document& doc, const dom::Annotation& ann, Facts* f) {
  const std::size_t n = doc.size();
  for (NodeId id = 0; id < n; ++id) {
    const dom::Node& node = doc[id];
    if (!node.is_element()) continue;
    // The attributes read for every element (or every link); those of the few elements that
    // carry page-level facts are looked up in their cases below.
    std::string_view cls, idv, itemprop, rel;
    for (std::uint32_t a = node.attr_begin, e = node.attr_begin + node.attr_count; a < e; ++a) {
      const dom::AttrEntry& ae = doc.attrs[a];
      const std::string_view v = std::string_view(doc.strings).substr(ae.begin, ae.size);
      switch (ae.key) {
        case Attr::kClass: cls = v; break;
        case Attr::kId: idv = v; break;
        case Attr::kItemprop: itemprop = v; break;
        case Attr::kRel: rel = v; break;
        default: break;
      }
    }
    switch (node.tag) {
      case Tag::kMeta: {
        const std::string_view value = Trim(doc.GetAttr(id, Attr::kContent));
        if (value.empty()) break;
        AddMetaKeys(doc, id, itemprop, value, f);
        continue;  // a <meta itemprop> is fully handled here
      }
      case Tag::kLink:
        if (f->canonical.empty() && ContainsCI(rel, "canonical")) {
          if (const std::string_view href = doc.GetAttr(id, Attr::kHref); !href.empty()) f->canonical = Trim(href);
        }
        break;
      case Tag::kBase:
        if (f->base_href.empty()) f->base_href = Trim(doc.GetAttr(id, Attr::kHref));
        break;
      case Tag::kHtml:
        if (f->html_lang.empty()) f->html_lang = doc.GetAttr(id, Attr::kLang);
        if (f->html_dir.empty()) f->html_dir = doc.GetAttr(id, Attr::kDir);
        break;
      case Tag::kBody:
        if (f->body_lang.empty()) f->body_lang = doc.GetAttr(id, Attr::kLang);
        if (f->body_dir.empty()) f->body_dir = doc.GetAttr(id, Attr::kDir);
        break;
      case Tag::kH1: case Tag::kH2: case Tag::kH3:
        if (!node.hidden() && f->headings.size() < 64) f->headings.push_back(id);
        break;
      case Tag::kTime:
        if (!node.hidden() && f->times.size() < 64) f->times.push_back(id);
        break;
      case Tag::kA:
        if (f->rel_authors.size() < 8 && !rel.empty() && ContainsCI(rel, "author")) f->rel_authors.push_back(id);
        break;
      default:
        break;
    }
    if (!itemprop.empty()) {
      if ((ContainsCI(itemprop, "datepublished") || ContainsCI(itemprop, "datecreated")) &&
          f->itemprop_dates.size() < 8) {
        f->itemprop_dates.push_back(id);
      } else if (ContainsCI(itemprop, "author") && f->itemprop_authors.size() < 8) {
        f->itemprop_authors.push_back(id);
      } else if (ContainsCI(itemprop, "headline") && f->itemprop_headlines.size() < 4) {
        f->itemprop_headlines.push_back(id);
      }
    }
    if ((!cls.empty() || !idv.empty()) && f->bylines.size() < 32 && !node.hidden() &&
        node.tag != Tag::kBody && node.tag != Tag::kHtml && node.tag != Tag::kMeta &&
        node.tag != Tag::kLink && node.tag != Tag::kImg && node.tag != Tag::kScript) {
      const std::uint32_t chars = ann.stats.empty() ? 1 : ann[id].chars;
      if (chars >= 2 && chars <= 300 && HasClassHint(cls, idv)) f->bylines.push_back(id);
    }
  }
}

std::string_view MetaValue(const Facts& f, std::string_view key) {
  for (const auto& m : f.metas) {
    if (m.key == key) return m.value;
  }
  return {};
}

// The first non-empty value among keys, in the keys' order.
template <std::size_t N>
std::string_view FirstMeta(const Facts& f, const std::string_view (&keys)[N]) {
  for (auto k : keys) {
    const std::string_view v = MetaValue(f, k);
    if (!v.empty()) return v;
  }
  return {};
}

// Visible text of a subtree, whitespace collapsed.
std::string NodeText(const dom::Document& doc, NodeId id, std::size_t max_bytes = 4096) {
  std::string raw;
  const NodeId end = doc.SubtreeEnd(id);
  for (NodeId i = id; i < end && raw.size() < max_bytes * 2; ++i) {
    const dom::Node& n = doc[i];
    if (n.is_text() && !n.hidden()) {
      raw.append(doc.Text(i));
    } else if (n.is_element() && i != id && dom::IsBlockLevel(n.tag)) {
      raw.push_back(' ');
    }
  }
  return CollapseSpace(raw, max_bytes);
}

// ---------------------------------------------------------------------------------------------
// JSON-LD.

struct LdInfo {
  std::string headline, date_published, date_modified, description, lang, publisher, website_name;
  std::vector<std::string> authors, org_authors, keywords;
  int rank = 0;
};

const json* Field(const json& obj, const char* key) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

std::string StringOf(const json* v) {
  if (!v) return "";
  if (v->is_string()) return v->get<std::string>();
  if (v->is_array() && !v->empty() && (*v)[0].is_string()) return (*v)[0].get<std::string>();
  if (v->is_number_integer()) return std::to_string(v->get<long long>());
  return "";
}

// Names of Persons/Organizations given as a string, an object or a list of either. Objects typed
// Organization go to *orgs when orgs is given (an organisation as "author" is a weak byline).
void NamesOf(const json* v, std::vector<std::string>* out, std::vector<std::string>* orgs = nullptr,
             int depth = 0) {
  if (!v || depth > 3) return;
  if (v->is_string()) {
    out->push_back(v->get<std::string>());
  } else if (v->is_array()) {
    for (const auto& e : *v) {
      if (out->size() >= 8) break;
      NamesOf(&e, out, orgs, depth + 1);
    }
  } else if (v->is_object()) {
    std::string name = StringOf(Field(*v, "name"));
    if (name.empty()) {
      const std::string given = StringOf(Field(*v, "givenName"));
      const std::string family = StringOf(Field(*v, "familyName"));
      name = given.empty() ? family : family.empty() ? given : given + " " + family;
    }
    if (name.empty()) return;
    const json* t = Field(*v, "@type");
    const bool org = t && t->is_string() && t->get<std::string>() != "Person";
    (org && orgs ? orgs : out)->push_back(name);
  }
}

int TypeRank(const json& obj) {
  const json* t = Field(obj, "@type");
  if (!t) return 0;
  int best = 0;
  auto rank_of = [](const std::string& s) {
    if (s.find("Article") != std::string::npos || s.find("Posting") != std::string::npos ||
        s == "Report" || s == "Review" || s == "Recipe" || s == "HowTo" || s == "Thesis" ||
        s == "ScholarlyArticle" || s == "LiveBlogPosting" || s == "QAPage" || s == "Question") {
      return 3;
    }
    if (s == "VideoObject" || s == "Event" || s == "Product" || s == "Course" || s == "JobPosting") return 2;
    if (s.find("Page") != std::string::npos) return 1;
    return 0;
  };
  if (t->is_string()) best = rank_of(t->get<std::string>());
  if (t->is_array()) {
    for (const auto& e : *t) {
      if (e.is_string()) best = std::max(best, rank_of(e.get<std::string>()));
    }
  }
  return best;
}

bool TypeIs(const json& obj, const char* type) {
  const json* t = Field(obj, "@type");
  if (!t) return false;
  if (t->is_string()) return t->get<std::string>() == type;
  if (t->is_array()) {
    for (const auto& e : *t) {
      if (e.is_string() && e.get<std::string>() == type) return true;
    }
  }
  return false;
}

void ParseJsonLd(const dom::Document& doc, LdInfo* info) {
  const json* best = nullptr;
  int best_rank = 0;
  std::vector<json> parsed;
  parsed.reserve(doc.json_ld.size());
  for (const std::string& body : doc.json_ld) {
    if (body.size() > kMaxJsonLdBytes) continue;
    // Only blocks that can describe an article are parsed (product catalogues, breadcrumbs and
    // search boxes are often large and say nothing pith reports).
    const std::string_view b(body);
    if (b.find("datePublished") == std::string_view::npos && b.find("\"author\"") == std::string_view::npos &&
        b.find("headline") == std::string_view::npos && b.find("WebSite") == std::string_view::npos &&
        b.find("inLanguage") == std::string_view::npos) {
      continue;
    }
    json j = json::parse(body, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) continue;
    parsed.push_back(std::move(j));
  }
  std::size_t visited = 0;
  for (const json& root : parsed) {
    std::vector<std::pair<const json*, int>> stack{{&root, 0}};
    while (!stack.empty() && visited < kMaxJsonLdNodes) {
      const auto [v, depth] = stack.back();
      stack.pop_back();
      ++visited;
      if (v->is_object()) {
        const int rank = TypeRank(*v) + (Field(*v, "datePublished") ? 1 : 0);
        if (TypeIs(*v, "WebSite") && info->website_name.empty()) info->website_name = StringOf(Field(*v, "name"));
        if (rank > best_rank) {
          best_rank = rank;
          best = v;
        }
      }
      if (depth >= 6) continue;
      if (v->is_object() || v->is_array()) {
        // Push in reverse so that document order is visited first. Customer reviews, comments
        // and answers nested in a page carry their own authors and dates: not the page's.
        std::vector<const json*> kids;
        for (auto it = v->begin(); it != v->end(); ++it) {
          if (!it->is_object() && !it->is_array()) continue;
          if (v->is_object() && InList(std::string_view(it.key()), tables::kJsonLdSkippedKeys)) continue;
          kids.push_back(&*it);
        }
        for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.emplace_back(*it, depth + 1);
      }
    }
  }
  if (!best) return;
  const json& a = *best;
  info->rank = best_rank;
  info->headline = StringOf(Field(a, "headline"));
  if (info->headline.empty() && best_rank >= 3) info->headline = StringOf(Field(a, "name"));
  info->date_published = StringOf(Field(a, "datePublished"));
  if (info->date_published.empty()) info->date_published = StringOf(Field(a, "dateCreated"));
  if (info->date_published.empty()) info->date_published = StringOf(Field(a, "uploadDate"));
  info->date_modified = StringOf(Field(a, "dateModified"));
  info->description = StringOf(Field(a, "description"));
  const json* lang = Field(a, "inLanguage");
  if (lang && lang->is_object()) lang = Field(*lang, "alternateName");
  info->lang = StringOf(lang);
  std::vector<std::string> pub;
  NamesOf(Field(a, "publisher"), &pub);
  if (!pub.empty()) info->publisher = pub[0];
  NamesOf(Field(a, "author"), &info->authors, &info->org_authors);
  if (info->authors.empty() && info->org_authors.empty()) NamesOf(Field(a, "creator"), &info->authors, &info->org_authors);
  const json* kw = Field(a, "keywords");
  if (kw && kw->is_string()) {
    SplitKeywords(kw->get<std::string>(), &info->keywords);
  } else if (kw && kw->is_array()) {
    for (const auto& e : *kw) {
      if (e.is_string()) SplitKeywords(e.get<std::string>(), &info->keywords);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The text stream: visible body text, whitespace collapsed, '\n' at block boundaries.

struct Seg {
  std::uint32_t begin, end;
  NodeId node;
  bool in_link;
};

struct Stream {
  std::string text;
  std::vector<Seg> segs;

  // Segment holding byte `pos` (or the next one), nullptr past the end.
  const Seg* SegAt(std::size_t pos) const {
    auto it = std::upper_bound(segs.begin(), segs.end(), pos,
                               [](std::size_t p, const Seg& s) { return p < s.end; });
    return it == segs.end() ? nullptr : &*it;
  }
  // Offset of the first text of node `id`'s subtree, npos if none is in the stream.
  std::size_t OffsetOf(const dom::Document& doc, NodeId id) const {
    auto it = std::lower_bound(segs.begin(), segs.end(), id,
                               [](const Seg& s, NodeId n) { return s.node < n; });
    if (it == segs.end() || it->node >= doc.SubtreeEnd(id)) return std::string::npos;
    return it->begin;
  }
};

// Whether the eight bytes of `word` can be copied as they are by AppendStreamText: ASCII from ' '
// up (no control, no multi-byte character), with no space right after another (`space_before`:
// the byte before them is one). Then its spaces are single ones, each written as it is.
bool CopiesAsIs(std::uint64_t word, bool space_before) {
  using text::kEachByte, text::kHighBits;
  // Without a high bit, adding 0x80 - ' ' sets the high bit of exactly the bytes from ' ' up.
  const bool printable = (word & kHighBits) == 0 && ((word + (0x80 - ' ') * kEachByte) & kHighBits) == kHighBits;
  const std::uint64_t spaces = text::BytesEqual(word, ' ');
  // A byte's flag moved onto the next byte (memory order is the word's low-to-high byte order).
  return printable && (spaces & (spaces << 8 | (space_before ? 0x80u : 0u))) == 0;
}

// Appends text node `t` to *out with every whitespace run collapsed to one space, and no space
// after a space or a line break, nor at the start of the stream. The space of a run is written at
// its first byte; runs of plain bytes and of ASCII spaces each go through a loop of their own, and
// stretches of ASCII words with single spaces (most of Latin-script text) are copied eight bytes
// at a time.
void AppendStreamText(std::string_view t, std::string* out) {
  auto kind = [](const char* q) { return kByteKind[static_cast<unsigned char>(*q)]; };
  // Whether a space written now would be dropped.
  bool after_space = out->empty() || out->back() == '\n' || out->back() == ' ';
  // Leading ASCII whitespace first: most text nodes lie between tags and hold nothing else.
  const char* p = t.data();
  const char* const end = p + t.size();
  while (p < end && kind(p) == ByteKind::kAsciiSpace) ++p;
  if (p != t.data() && !after_space) {
    out->push_back(' ');
    after_space = true;
  }
  if (p == end) return;
  // Collapsing never makes text longer: room for the rest, written through a pointer, then cut.
  const std::size_t old_size = out->size();
  out->resize(old_size + static_cast<std::size_t>(end - p));
  char* const buf = out->data();
  char* w = buf + old_size;
  while (p < end) {
    if (end - p >= 8) {
      const std::uint64_t word = text::LoadWord(p);
      if (CopiesAsIs(word, after_space)) {
        std::memcpy(w, &word, sizeof word);  // w is never ahead of p: the eight bytes have room
        w += sizeof word;
        p += sizeof word;
        after_space = w[-1] == ' ';
        continue;
      }
    }
    const ByteKind k = kind(p);
    if (k == ByteKind::kPlain) {
      do *w++ = *p++;
      while (p < end && kind(p) == ByteKind::kPlain);
      after_space = false;
      continue;
    }
    if (k == ByteKind::kAsciiSpace) {
      if (!after_space) *w++ = ' ';
      after_space = true;
      while (++p < end && kind(p) == ByteKind::kAsciiSpace) {
      }
      continue;
    }
    const std::size_t i = static_cast<std::size_t>(p - t.data());
    if (const std::size_t sp = SpaceLen(t, i)) {
      if (!after_space) *w++ = ' ';
      after_space = true;
      p += sp;
      continue;
    }
    // Not a space after all (a control character, or another character of that lead byte): copy
    // its sequence.
    const std::size_t n = std::min(SeqLen(*p), t.size() - i);
    w = std::copy_n(p, n, w);
    after_space = false;
    p += n;
  }
  out->resize(static_cast<std::size_t>(w - buf));
}

// Text nodes without characters (the whitespace between tags, half of a page's text nodes) need
// no scan: AppendStreamText would write one space for them, unless one is there already.
void BuildStream(const dom::Document& doc, const dom::Annotation& ann, Stream* st) {
  const NodeId root = doc.body != kNoNode ? doc.body : 0;
  const NodeId end = doc.SubtreeEnd(root);
  // Subtree ends of open block elements, above a bottom entry that no node reaches (so that the
  // test made at every node needs no emptiness check).
  std::vector<NodeId> open_blocks{kNoNode};
  std::string& out = st->text;
  out.reserve(std::min<std::size_t>(kMaxStreamBytes, doc.text.size()) + 64);
  auto newline = [&] {
    while (!out.empty() && out.back() == ' ') out.pop_back();
    if (!out.empty() && out.back() != '\n') out.push_back('\n');
  };
  for (NodeId id = root; id < end && out.size() < kMaxStreamBytes; ++id) {
    while (id >= open_blocks.back()) {
      open_blocks.pop_back();
      newline();
    }
    const dom::Node& n = doc[id];
    if (n.is_element()) {
      if (n.hidden() || n.tag == Tag::kSelect || n.tag == Tag::kOption) {
        id = doc.SubtreeEnd(id) - 1;
        continue;
      }
      if (dom::IsBlockLevel(n.tag)) {
        newline();
        if (n.first_child != kNoNode) open_blocks.push_back(doc.SubtreeEnd(id));
      }
      continue;
    }
    if (!n.is_text() || n.hidden()) continue;
    const std::uint32_t begin = static_cast<std::uint32_t>(out.size());
    if (!ann.stats.empty() && ann[id].chars == 0) {
      if (n.text_size > 0 && !out.empty() && out.back() != '\n' && out.back() != ' ') out.push_back(' ');
    } else {
      AppendStreamText(doc.Text(id), &out);
    }
    const std::uint32_t stop = static_cast<std::uint32_t>(out.size());
    if (stop > begin) st->segs.push_back({begin, stop, id, n.in_link()});
  }
}

// ---------------------------------------------------------------------------------------------
// Title.

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
    const std::string_view part = Trim(std::string_view(*title).substr(b, e - b));
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
  DateMatch m;
  if (NextDateInText(h, 0, &m) && m.begin == 0) {
    const std::string rest = TrimTitle(std::string_view(h).substr(m.end));
    if (EnoughTitle(rest)) return rest;
  }
  return h;
}

// Where the headline sits in the text stream: [begin, end), or npos.
struct Anchor {
  std::size_t begin = std::string::npos, end = std::string::npos;
  bool found() const { return begin != std::string::npos; }
};

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

// ---------------------------------------------------------------------------------------------
// Dates.

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
  for (std::size_t i = b; i < e; ++i) buf[i - b] = Lower(text[i]);
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
  for (std::size_t i = 0; i < n; ++i) buf[i] = Lower(text[b + i]);
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
  DateMatch m;
  for (std::size_t from = wb; out->size() < 64 && NextDateInText(text, from, &m); from = m.end) {
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
    std::string iso = NormalizeDate(doc.GetAttr(t, Attr::kDatetime));
    if (iso.empty()) iso = NormalizeDate(NodeText(doc, t, 200));
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

// ---------------------------------------------------------------------------------------------
// Authors.

template <std::size_t N>
bool StartsWithAny(std::string_view s, const std::string_view (&list)[N]) {
  for (auto w : list) {
    if (s.starts_with(w)) return true;
  }
  return false;
}

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

struct AuthorCand {
  std::string name;
  int strength = 0;
  std::size_t pos = 0;
};

// First three bytes of a UTF-8 string as one number (labels all start with a 3-byte character).
inline std::uint32_t Key3(std::string_view s, std::size_t i) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(s[i])) << 16 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[i + 1])) << 8 |
         static_cast<unsigned char>(s[i + 2]);
}

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
    const bool last = e >= s.size() || Trim(s.substr(e)).empty();
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
      l = Trim(text.substr(*line, e - *line));
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
    const std::string_view inner = Trim(tail.substr(inner_begin, tail.size() - close_len - inner_begin));
    const std::string_view before = Trim(l.substr(0, l.size() - tail.size() + open));
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
    const std::string_view l = Trim(text.substr(line, nl - line));
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

// ---------------------------------------------------------------------------------------------
// Language and direction.

struct ScriptCounts {
  std::uint32_t letters = 0, han = 0, kana = 0, hangul = 0, latin = 0, cyrillic = 0, greek = 0,
                arabic = 0, hebrew = 0, thai = 0, lao = 0, myanmar = 0, khmer = 0, tibetan = 0,
                devanagari = 0, bengali = 0, tamil = 0, telugu = 0, kannada = 0, malayalam = 0,
                gujarati = 0, gurmukhi = 0, sinhala = 0, georgian = 0, armenian = 0, ethiopic = 0,
                other = 0;
  // Distinctive letters inside the Arabic and Cyrillic scripts.
  std::uint32_t uyghur = 0, urdu = 0, persian = 0, ukrainian = 0, russian = 0, cyr_other = 0;
};

// A non-ASCII code point other than a Han character, counted by script (spaces, punctuation and
// digits are not letters). Kept out of CountScripts' loop, which stays small enough for the
// compiler to decode its characters inline.
void CountOtherCodePoint(char32_t cp, ScriptCounts* c) {
  if (text::IsSpace(cp) || text::IsPunct(cp)) return;
  if (IsKana(cp)) ++c->kana;
  else if (IsHangul(cp)) ++c->hangul;
  else if (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) ++c->latin;
  else if (cp >= 0x1E00 && cp <= 0x1EFF) ++c->latin;
  else if (cp >= 0x400 && cp <= 0x4FF) {
    ++c->cyrillic;
    if (cp == 0x456 || cp == 0x457 || cp == 0x454 || cp == 0x491) ++c->ukrainian;       // і ї є ґ
    else if (cp == 0x44B || cp == 0x44D || cp == 0x451) ++c->russian;                 // ы э ё
    else if (cp == 0x452 || cp == 0x45B || cp == 0x45F || cp == 0x458 || cp == 0x459 || cp == 0x45A ||
             cp == 0x4D9 || cp == 0x493 || cp == 0x49B || cp == 0x4A3 || cp == 0x4E9 || cp == 0x4B1 ||
             cp == 0x4AF || cp == 0x4BB || cp == 0x45E) {
      ++c->cyr_other;  // Serbian/Macedonian, Kazakh, Mongolian, Belarusian letters
    }
  } else if ((cp >= 0x370 && cp <= 0x3FF) || (cp >= 0x1F00 && cp <= 0x1FFF)) ++c->greek;
  else if ((cp >= 0x600 && cp <= 0x6FF) || (cp >= 0x750 && cp <= 0x77F) || (cp >= 0xFB50 && cp <= 0xFEFF)) {
    if (cp >= 0x660 && cp <= 0x669) return;  // Arabic-Indic digits
    ++c->arabic;
    if (cp == 0x6D5 || cp == 0x6D0 || cp == 0x6C6 || cp == 0x6C8 || cp == 0x6C7 || cp == 0x6CB) ++c->uyghur;
    else if (cp == 0x6D2 || cp == 0x6BA || cp == 0x679 || cp == 0x688 || cp == 0x691 || cp == 0x6C1 || cp == 0x6BE) ++c->urdu;
    else if (cp == 0x67E || cp == 0x686 || cp == 0x698 || cp == 0x6AF || cp == 0x6CC || cp == 0x6A9) ++c->persian;
  } else if (cp >= 0x590 && cp <= 0x5FF) ++c->hebrew;
  else if (cp >= 0xE00 && cp <= 0xE7F) ++c->thai;
  else if (cp >= 0xE80 && cp <= 0xEFF) ++c->lao;
  else if (cp >= 0x1000 && cp <= 0x109F) ++c->myanmar;
  else if (cp >= 0x1780 && cp <= 0x17FF) ++c->khmer;
  else if (cp >= 0xF00 && cp <= 0xFFF) ++c->tibetan;
  else if (cp >= 0x900 && cp <= 0x97F) ++c->devanagari;
  else if (cp >= 0x980 && cp <= 0x9FF) ++c->bengali;
  else if (cp >= 0xA00 && cp <= 0xA7F) ++c->gurmukhi;
  else if (cp >= 0xA80 && cp <= 0xAFF) ++c->gujarati;
  else if (cp >= 0xB80 && cp <= 0xBFF) ++c->tamil;
  else if (cp >= 0xC00 && cp <= 0xC7F) ++c->telugu;
  else if (cp >= 0xC80 && cp <= 0xCFF) ++c->kannada;
  else if (cp >= 0xD00 && cp <= 0xD7F) ++c->malayalam;
  else if (cp >= 0xD80 && cp <= 0xDFF) ++c->sinhala;
  else if (cp >= 0x10A0 && cp <= 0x10FF) ++c->georgian;
  else if (cp >= 0x530 && cp <= 0x58F) ++c->armenian;
  else if (cp >= 0x1200 && cp <= 0x139F) ++c->ethiopic;
  else if (cp >= '0' && cp <= '9') return;
  else if (text::ScriptOf(cp) == text::Script::kNone) return;
  else ++c->other;
  ++c->letters;
}

void CountScripts(std::string_view s, ScriptCounts* c) {
  // ASCII letters, counted over all bytes in one simple loop (the bytes of multi-byte sequences
  // are never ASCII letters), and whether there is anything else.
  std::uint32_t ascii_letters = 0, non_ascii = 0;
  for (const char ch : s) {
    const unsigned char b = static_cast<unsigned char>(ch);
    ascii_letters += static_cast<unsigned>((b | 0x20) - 'a') < 26;
    non_ascii += b >= 0x80;
  }
  c->latin += ascii_letters;
  c->letters += ascii_letters;
  // The other characters, decoded. Most pages have a few (quotes, dashes) among ASCII text,
  // which is passed eight bytes at a time.
  for (std::size_t i = 0; i < s.size() && non_ascii > 0;) {
    if (i + 8 <= s.size() && !text::HasNonAscii(text::LoadWord(s.data() + i))) {
      i += 8;
      continue;
    }
    const auto lead = static_cast<unsigned char>(s[i]);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    // Lead bytes E5..E9 start U+5000..U+9FFF, all Han: most of a Chinese page, counted undecoded.
    if (lead >= 0xE5 && lead <= 0xE9) {
      i = std::min(i + 3, s.size());
      ++c->han;
      ++c->letters;
      continue;
    }
    const char32_t cp = text::NextCodePoint(s, i);
    // Han characters (most CJK text) are neither spaces nor punctuation: counted before those tests.
    if (IsHan(cp)) {
      ++c->han;
      ++c->letters;
      continue;
    }
    CountOtherCodePoint(cp, c);
  }
}

enum class Family { kNone, kLatin, kCjk, kCyrillic, kGreek, kArabic, kHebrew, kOther };

struct Guess {
  std::string lang;  // "" when the script does not tell the language
  Family family = Family::kNone;
  double share = 0;  // the family's share of letters
};

Guess GuessFromScripts(const ScriptCounts& c) {
  Guess g;
  if (c.letters < 10) return g;
  const std::uint32_t cjk = c.han + c.kana + c.hangul;
  struct Row {
    std::uint32_t n;
    Family fam;
    const char* lang;
  };
  const Row rows[] = {
      {c.latin, Family::kLatin, ""},       {cjk, Family::kCjk, ""},           {c.cyrillic, Family::kCyrillic, ""},
      {c.greek, Family::kGreek, "el"},     {c.arabic, Family::kArabic, ""},   {c.hebrew, Family::kHebrew, "he"},
      {c.thai, Family::kOther, "th"},      {c.lao, Family::kOther, "lo"},     {c.myanmar, Family::kOther, "my"},
      {c.khmer, Family::kOther, "km"},     {c.tibetan, Family::kOther, "bo"}, {c.devanagari, Family::kOther, ""},
      {c.bengali, Family::kOther, ""},     {c.tamil, Family::kOther, "ta"},   {c.telugu, Family::kOther, "te"},
      {c.kannada, Family::kOther, "kn"},   {c.malayalam, Family::kOther, "ml"}, {c.gujarati, Family::kOther, "gu"},
      {c.gurmukhi, Family::kOther, "pa"},  {c.sinhala, Family::kOther, "si"}, {c.georgian, Family::kOther, "ka"},
      {c.armenian, Family::kOther, "hy"},  {c.ethiopic, Family::kOther, ""},
  };
  const Row* best = &rows[0];
  for (const Row& r : rows) {
    if (r.n > best->n) best = &r;
  }
  g.family = best->fam;
  g.share = static_cast<double>(best->n) / c.letters;
  if (g.share < 0.5) return g;
  g.lang = best->lang;
  if (best->fam == Family::kCjk) {
    if (c.kana * 20 >= cjk) g.lang = "ja";                // kana in ≥ 5% of CJK characters
    else if (c.hangul * 2 >= cjk) g.lang = "ko";
    else if (c.han * 10 >= cjk * 9) g.lang = "zh";        // Han only: Chinese
  } else if (best->fam == Family::kArabic) {
    const std::uint32_t n = c.arabic;
    if (c.uyghur * 25 >= n) g.lang = "ug";
    else if (c.urdu * 40 >= n) g.lang = "ur";
    else if (c.persian * 40 >= n) g.lang = "fa";
    else g.lang = "ar";
  } else if (best->fam == Family::kCyrillic) {
    if (c.ukrainian * 40 >= c.cyrillic && c.ukrainian > c.russian) g.lang = "uk";  // і ї є ґ are frequent in Ukrainian
    else if (c.cyr_other > 2) g.lang = "";
    else if (c.russian > 0) g.lang = "ru";                // ы/э/ё: Russian (Bulgarian has none of them)
  }
  return g;
}

constexpr std::size_t kFunctionWordLangs = std::size(tables::kFunctionWords);
static_assert(kFunctionWordLangs <= 32);
constexpr std::size_t kMaxFunctionWordBytes = 6;  // longer words of the text are not looked up
static_assert(kMaxFunctionWordBytes <= sizeof(std::uint64_t));

// A function word as its bytes packed into an integer (words hold no zero byte), with the
// languages that list it (bit l: tables::kFunctionWords[l]).
struct FunctionWord {
  std::uint64_t key;
  std::uint32_t langs;
};

std::uint64_t PackWord(std::string_view w) {  // at most kMaxFunctionWordBytes
  std::uint64_t key = 0;
  std::memcpy(&key, w.data(), w.size());
  return key;
}

// All function words in an open-addressing hash table (a word is looked up for each word of the
// text sampled): the languages that list `key`, 0 for a word that is not a function word.
class FunctionWordIndex {
 public:
  FunctionWordIndex() {
    for (std::size_t l = 0; l < kFunctionWordLangs; ++l) {
      for (std::string_view w : tables::kFunctionWords[l].words) {
        if (w.empty()) break;
        if (w.size() > kMaxFunctionWordBytes) continue;
        FunctionWord& slot = SlotFor(PackWord(w));
        slot.key = PackWord(w);
        slot.langs |= 1u << l;  // a word of several languages: one entry
      }
    }
  }
  std::uint32_t LangsOf(std::uint64_t key) const {
    const FunctionWord& slot = slots_[Find(key)];
    return slot.key == key ? slot.langs : 0;
  }

 private:
  static constexpr std::size_t kSlots = 1024;  // a power of two, several times the words listed
  static_assert(kSlots >= 4 * sizeof tables::kFunctionWords / sizeof(std::string_view));
  // The slot holding key, or the empty slot (key 0, which no word packs to) where it would go.
  std::size_t Find(std::uint64_t key) const {
    std::size_t i = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 54) & (kSlots - 1);
    while (slots_[i].key != 0 && slots_[i].key != key) i = (i + 1) & (kSlots - 1);
    return i;
  }
  FunctionWord& SlotFor(std::uint64_t key) { return slots_[Find(key)]; }

  std::array<FunctionWord, kSlots> slots_{};
};

// Latin-script languages told apart by their most frequent short words (tables::kFunctionWords):
// the language with most hits wins if it has at least 12 of them, a tenth of all words, and twice
// the runner-up. Returns "" when unsure (short text, mixed languages, a language not listed).
std::string GuessLatinLanguage(std::string_view text) {
  constexpr std::size_t kLangs = kFunctionWordLangs;
  static const FunctionWordIndex function_words;
  std::array<int, kLangs> hits{};
  int words = 0;
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (!((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && c < 0xC3) {
      i += SeqLen(text[i]);
      continue;
    }
    // A word of ASCII letters and Latin-1/Extended-A letters (lower-cased ASCII only): its length
    // in bytes, n, and its first bytes, zero-padded as PackWord pads a function word.
    char buf[sizeof(std::uint64_t)] = {};
    std::size_t j = i, n = 0;
    while (j < text.size()) {
      const unsigned char d = static_cast<unsigned char>(text[j]);
      if ((d | 0x20) >= 'a' && (d | 0x20) <= 'z') {
        if (n < sizeof buf) buf[n] = static_cast<char>(d | 0x20);
        ++n;
        ++j;
      } else if (d >= 0xC3 && d <= 0xC5 && j + 1 < text.size()) {
        if (n + 2 <= sizeof buf) buf[n] = text[j], buf[n + 1] = text[j + 1];
        n += 2;
        j += 2;
      } else {
        break;
      }
    }
    if (j == i) j = i + SeqLen(text[i]);
    i = j;
    ++words;
    if (n > kMaxFunctionWordBytes) continue;
    const std::uint32_t langs = function_words.LangsOf(text::LoadWord(buf));
    if (langs == 0) continue;
    for (std::size_t l = 0; l < kLangs; ++l) hits[l] += (langs >> l) & 1;
  }
  std::size_t best = 0, second = kLangs;
  for (std::size_t l = 1; l < kLangs; ++l) {
    if (hits[l] > hits[best]) second = best, best = l;
    else if (second == kLangs || hits[l] > hits[second]) second = l;
  }
  const int runner = second < kLangs ? hits[second] : 0;
  if (hits[best] >= 12 && hits[best] * 10 >= words && hits[best] >= 2 * runner) {
    return std::string(tables::kFunctionWords[best].lang);
  }
  return "";
}

Family FamilyOfLang(std::string_view tag) {
  const std::size_t dash = tag.find('-');
  const std::string_view p = tag.substr(0, dash);
  static constexpr std::string_view kCjk[] = {"zh", "ja", "ko", "yue", "wuu", "cmn"};
  static constexpr std::string_view kArabic[] = {"ar", "fa", "ur", "ug", "ps", "ckb", "sd", "ku"};
  static constexpr std::string_view kCyr[] = {"ru", "uk", "bg", "mk", "be", "kk", "ky", "mn", "tg"};
  static constexpr std::string_view kLatin[] = {
      "en", "fr", "de", "es", "it", "pt", "nl", "pl", "cs", "sk", "sv", "da", "no", "nb", "nn", "fi", "et",
      "lv", "lt", "hu", "ro", "hr", "sl", "tr", "id", "ms", "vi", "ca", "eu", "gl", "is", "ga", "cy", "af",
      "sw", "tl", "sq", "eo", "la"};
  if (InList(p, kCjk)) return Family::kCjk;
  if (InList(p, kArabic)) return Family::kArabic;
  if (InList(p, kCyr)) return Family::kCyrillic;
  if (InList(p, kLatin)) return Family::kLatin;
  if (p == "el") return Family::kGreek;
  if (p == "he" || p == "iw" || p == "yi") return Family::kHebrew;
  return Family::kNone;
}

bool IsRtlLang(std::string_view tag) {
  const std::string_view p = tag.substr(0, tag.find('-'));
  static constexpr std::string_view kRtl[] = {"ar", "fa", "ur", "ug", "ps", "ckb", "sd", "he", "iw", "yi", "dv"};
  return InList(p, kRtl);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Public pieces.

std::string CleanTitle(std::string_view title, std::string_view site_name, const std::vector<std::string>& refs) {
  return CleanTitleImpl(title, site_name, refs, refs.size(), nullptr);
}

void SplitKeywords(std::string_view value, std::vector<std::string>* out) {
  std::size_t i = 0;
  auto is_sep = [&](std::size_t k, std::size_t* len) {
    const char c = value[k];
    if (c == ',' || c == ';' || c == '|') {
      *len = 1;
      return true;
    }
    const std::string_view rest = value.substr(k);
    for (std::string_view s : {"，", "；", "、", "｜"}) {
      if (rest.starts_with(s)) {
        *len = s.size();
        return true;
      }
    }
    return false;
  };
  std::size_t start = 0;
  auto flush = [&](std::size_t end) {
    const std::string item = CollapseSpace(value.substr(start, end - start), 200);
    if (item.empty() || out->size() >= 64) return;
    for (const auto& k : *out) {
      if (EqualsCI(k, item)) return;
    }
    out->push_back(item);
  };
  while (i < value.size()) {
    std::size_t len = 0;
    if (is_sep(i, &len)) {
      flush(i);
      i += len;
      start = i;
    } else {
      ++i;
    }
  }
  flush(value.size());
}

std::string NormalizeLangTag(std::string_view tag) {
  tag = Trim(tag);
  const std::size_t cut = tag.find_first_of(",; ");
  if (cut != std::string_view::npos) tag = tag.substr(0, cut);
  if (tag.empty() || tag.size() > 35) return "";
  // BCP 47 shape: language (2–3 letters), then extlang (3 letters), script (4 letters), region
  // (2 letters or 3 digits), variants (5–8 alphanumerics, or a digit and 3 alphanumerics), and
  // singleton extensions. Anything else ("utf-8", "{{lang}}") is not a language tag.
  static constexpr std::string_view kNotLanguages[] = {"utf", "iso", "gbk", "big", "win", "cp", "asc"};
  std::string out;
  std::size_t part = 0;
  bool extension = false;
  for (std::size_t b = 0; b <= tag.size(); ++part) {
    std::size_t e = tag.find_first_of("-_", b);
    if (e == std::string_view::npos) e = tag.size();
    std::string s = LowerAscii(tag.substr(b, e - b));
    b = e + 1;
    if (s.empty() || s.size() > 8) return "";
    bool alpha = true, alnum = true, digit = true;
    for (char c : s) {
      alpha = alpha && c >= 'a' && c <= 'z';
      digit = digit && c >= '0' && c <= '9';
      alnum = alnum && IsAsciiAlnum(static_cast<unsigned char>(c));
    }
    if (!alnum) return "";
    if (part == 0) {
      if (!alpha || s.size() < 2 || s.size() > 3 || InList(s, kNotLanguages)) return "";
    } else if (extension || s.size() == 1) {
      extension = true;  // "-u-…", "-x-…": kept as written
    } else if (alpha && s.size() == 2) {
      for (char& c : s) c = static_cast<char>(c - 32);  // region
    } else if (alpha && s.size() == 4) {
      s[0] = static_cast<char>(s[0] - 32);  // script
    } else if (!((alpha && s.size() == 3) || (digit && s.size() == 3) || s.size() >= 5 ||
                 (s.size() == 4 && s[0] >= '0' && s[0] <= '9'))) {
      return "";
    }
    if (part > 0) out.push_back('-');
    out += s;
  }
  return out;
}

namespace {

// What relative references of a page resolve against: its <base href> (itself resolved against the
// page URL) when that yields an absolute URL, else the page URL. Used by LinkBase and for the
// canonical URL in ExtractMetadata.
std::string ResolveBase(std::string_view page_url, std::string_view base_href) {
  std::string base(Trim(page_url));
  if (!Trim(base_href).empty()) {
    std::string resolved = ResolveUrl(base, base_href);
    if (!resolved.empty()) return resolved;
  }
  return base;
}

}  // namespace

std::string LinkBase(const dom::Document& doc, std::string_view page_url) {
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    if (doc[id].tag != dom::Tag::kBase) continue;
    const std::string_view href = doc.GetAttr(id, dom::Attr::kHref);
    if (!Trim(href).empty()) return ResolveBase(page_url, href);
  }
  return ResolveBase(page_url, {});
}

std::string ResolveUrl(std::string_view base, std::string_view ref) {
  ref = Trim(ref);
  auto scheme_end = [](std::string_view u) -> std::size_t {
    for (std::size_t i = 0; i < u.size(); ++i) {
      const char c = u[i];
      if (c == ':') return i > 0 ? i : std::string_view::npos;
      if (!(IsAsciiAlnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.')) return std::string_view::npos;
    }
    return std::string_view::npos;
  };
  if (scheme_end(ref) != std::string_view::npos) return std::string(ref);
  base = Trim(base);
  const std::size_t bs = scheme_end(base);
  if (bs == std::string_view::npos || base.substr(bs, 3) != "://") return "";
  const std::string_view scheme = base.substr(0, bs);  // "https"
  const std::size_t auth_begin = bs + 3;
  std::size_t auth_end = base.find_first_of("/?#", auth_begin);
  if (auth_end == std::string_view::npos) auth_end = base.size();
  const std::string_view authority = base.substr(auth_begin, auth_end - auth_begin);
  std::string_view base_path = base.substr(auth_end);
  base_path = base_path.substr(0, base_path.find_first_of("?#"));
  std::string_view base_query;
  {
    const std::size_t q = base.find('?', auth_end);
    if (q != std::string_view::npos) {
      base_query = base.substr(q);
      base_query = base_query.substr(0, base_query.find('#'));
    }
  }
  if (ref.starts_with("//")) return std::string(scheme) + ":" + std::string(ref);
  std::string prefix = std::string(scheme) + "://" + std::string(authority);
  if (ref.empty()) return prefix + std::string(base_path) + std::string(base_query);
  if (ref[0] == '#') return prefix + std::string(base_path) + std::string(base_query) + std::string(ref);
  if (ref[0] == '?') return prefix + std::string(base_path.empty() ? "/" : base_path) + std::string(ref);
  // Split ref into path and the rest (?query#fragment).
  const std::size_t rq = ref.find_first_of("?#");
  const std::string_view ref_path = ref.substr(0, rq);
  const std::string_view ref_rest = rq == std::string_view::npos ? std::string_view() : ref.substr(rq);
  std::string merged;
  if (!ref_path.empty() && ref_path[0] == '/') {
    merged = std::string(ref_path);
  } else {
    const std::size_t slash = base_path.rfind('/');
    merged = slash == std::string_view::npos ? "/" : std::string(base_path.substr(0, slash + 1));
    merged += ref_path;
  }
  // Remove dot segments.
  std::vector<std::string_view> segs;
  std::string_view mp = merged;
  std::size_t b = 1;
  const bool trailing = merged.ends_with("/") || merged.ends_with("/.") || merged.ends_with("/..");
  while (b <= mp.size()) {
    std::size_t e = mp.find('/', b);
    if (e == std::string_view::npos) e = mp.size();
    const std::string_view seg = mp.substr(b, e - b);
    if (seg == "..") {
      if (!segs.empty()) segs.pop_back();
    } else if (seg != "." && !(seg.empty() && e == mp.size())) {
      segs.push_back(seg);
    }
    b = e + 1;
  }
  std::string path;
  for (auto s : segs) {
    path.push_back('/');
    path.append(s);
  }
  if (path.empty() || (trailing && !path.ends_with("/"))) path.push_back('/');
  return prefix + path + std::string(ref_rest);
}

namespace {

// Strips byline prefixes ("By", "Written by:", "作者：") from the front of v, repeatedly.
std::string StripAuthorPrefixes(std::string v) {
  for (int round = 0; round < 3; ++round) {
    bool stripped = false;
    for (std::string_view p : tables::kAuthorPrefixes) {
      if (v.size() <= p.size() || !StartsWithCI(v, p)) continue;
      std::string_view rest = std::string_view(v).substr(p.size());
      const bool ascii_word = IsAsciiAlnum(static_cast<unsigned char>(p.back()));
      // An ASCII prefix must end at a word boundary ("Byron" does not start with "By").
      if (ascii_word && IsAsciiAlnum(static_cast<unsigned char>(rest[0]))) continue;
      std::size_t k = 0;
      while (k < rest.size()) {
        if (rest[k] == ' ' || rest[k] == ':' || rest[k] == '-' || rest[k] == '/') {
          ++k;
        } else if (rest.substr(k, 3) == "：" || rest.substr(k, 3) == "　" || rest.substr(k, 3) == "／") {
          k += 3;
        } else {
          break;
        }
      }
      if (ascii_word && k == 0) continue;
      rest = rest.substr(k);
      if (rest.empty()) continue;
      v = std::string(rest);
      stripped = true;
      break;
    }
    if (!stripped) break;
  }
  return v;
}

std::string TrimAuthorPunct(std::string v) {
  auto junk_back = [&] {
    if (v.empty()) return false;
    const char c = v.back();
    if (c == ' ' || c == ',' || c == ';' || c == ':' || c == '-' || c == '|' || c == '/' || c == '&') return true;
    return v.ends_with("：") || v.ends_with("，") || v.ends_with("、") || v.ends_with("　") || v.ends_with("⋅") ||
           v.ends_with("·") || v.ends_with("•");
  };
  while (junk_back()) {
    const std::size_t n = (static_cast<unsigned char>(v.back()) < 0x80) ? 1 : (v.ends_with("·") ? 2 : 3);
    v.resize(v.size() - n);
  }
  std::size_t b = 0;
  while (b < v.size() && (v[b] == ' ' || v[b] == ',' || v[b] == ';' || v[b] == '&' || v[b] == '|' || v[b] == '-')) ++b;
  v.erase(0, b);
  // Quotes around the whole value ("\"David Kim\"" in a page's JSON-LD), not a quoted part of it.
  static constexpr std::pair<std::string_view, std::string_view> kQuotePairs[] = {
      {"\"", "\""}, {"“", "”"}, {"«", "»"}, {"„", "“"}, {"「", "」"}};
  for (const auto& [open, close] : kQuotePairs) {
    if (v.size() < open.size() + close.size() || !v.starts_with(open) || !v.ends_with(close)) continue;
    const std::string_view inner = std::string_view(v).substr(open.size(), v.size() - open.size() - close.size());
    if (inner.find(open) != std::string_view::npos || inner.find(close) != std::string_view::npos) continue;
    return TrimAuthorPunct(std::string(inner));
  }
  return v;
}

// Is one segment (prefix stripped, punctuation trimmed) a plausible name?
bool PlausibleName(const std::string& v) {
  if (v.empty() || CodePoints(v) > kMaxAuthorChars) return false;
  // An e-mail address alone may be a user name; next to other words it is a form placeholder.
  if (v.find('@') != std::string::npos && (v.find(' ') != std::string::npos || v.find(',') != std::string::npos)) {
    return false;
  }
  if (LooksLikeUrl(v) || v.find('@') == 0 || v.find("://") != std::string::npos) return false;
  // Letters, few digits ("L_104485" and phone numbers are not names), no colon, not a bare domain
  // ("example.com"), at least two characters for a Chinese name, not a label word ("Updated").
  std::size_t letters = 0, digits = 0, han = 0;
  for (std::size_t i = 0; i < v.size();) {
    const char32_t c = text::NextCodePoint(v, i);
    if (c >= '0' && c <= '9') ++digits;
    else if (IsWordChar(c)) ++letters;
    if (IsHan(c)) ++han;
    if (c == ':' || c == 0xFF1A || c == '=' || c == '{' || c == '<' || c == 0x25A0) return false;
  }
  if (letters < 2 || digits >= 4) return false;
  if (han == 1 && letters == 1) return false;
  if (v.find(' ') == std::string::npos) {
    const std::size_t dot = v.rfind('.');
    if (dot != std::string::npos && dot > 0 && v.size() - dot - 1 >= 2 && v.size() - dot - 1 <= 6) {
      bool tld = true;
      for (std::size_t i = dot + 1; i < v.size(); ++i) tld = tld && v[i] >= 'a' && v[i] <= 'z';
      if (tld) return false;
    }
  }
  if (v[0] >= '0' && v[0] <= '9') return false;
  const std::string lower = LowerAscii(v);
  if (lower.ends_with(" by")) return false;  // a label whose name is elsewhere
  // A job title alone ("Contributing Writer", "Senior Editor").
  {
    const std::size_t sp = lower.rfind(' ');
    const std::string_view last = std::string_view(lower).substr(sp == std::string::npos ? 0 : sp + 1);
    if (WordCount(lower) <= 3) {
      for (auto w : tables::kJobTitleWords) {
        if (last == w) return false;
      }
    }
  }
  for (auto w : tables::kAuthorRejects) {
    if (lower == w) return false;
  }
  // Only month and weekday names: a date fragment ("Sat", "Sun Dec").
  {
    bool all_date = true;
    std::size_t words = 0;
    for (std::size_t b = 0; b < v.size() && all_date;) {
      std::size_t e = v.find(' ', b);
      if (e == std::string::npos) e = v.size();
      std::string_view w = std::string_view(v).substr(b, e - b);
      while (!w.empty() && (w.back() == '.' || w.back() == ',')) w.remove_suffix(1);
      if (!w.empty()) {
        ++words;
        all_date = IsDateWord(w);
      }
      b = e + 1;
    }
    if (all_date && words > 0) return false;
  }
  for (auto w : tables::kAuthorRejectPrefixes) {
    if (lower.starts_with(w)) return false;
  }
  for (auto w : tables::kAuthorRejectParts) {
    if (lower.find(w) != std::string::npos) return false;
  }
  return true;
}

// A two-character Chinese name padded to the width of a three-character one ("赵 培", also with an
// ideographic space) is the name without the padding.
std::string JoinPaddedCjkName(std::string seg) {
  std::size_t i = 0;
  const char32_t first = text::NextCodePoint(seg, i);
  const std::size_t space = i;
  if (!text::IsCjk(first) || i >= seg.size() || seg[i] != ' ') return seg;
  ++i;
  const char32_t second = text::NextCodePoint(seg, i);
  if (!text::IsCjk(second) || i != seg.size()) return seg;
  seg.erase(space, 1);
  return seg;
}

}  // namespace

std::string CleanAuthor(std::string_view value) {
  std::string v = StripAuthorPrefixes(CollapseSpace(value, 1024));
  if (v.empty()) return "";
  // Split at separators; the first segment that is a name wins ("Dec. 19, 2025 · Jane Doe").
  std::vector<std::pair<std::size_t, std::size_t>> cuts;  // (position, length)
  for (std::string_view sep : tables::kAuthorSeparators) {
    for (std::size_t p = v.find(sep); p != std::string::npos; p = v.find(sep, p + sep.size())) {
      cuts.emplace_back(p, sep.size());
    }
  }
  // " 7 min read": a name ends before a number.
  for (std::size_t p = v.find(' '); p != std::string::npos; p = v.find(' ', p + 1)) {
    if (p + 1 < v.size() && v[p + 1] >= '0' && v[p + 1] <= '9') cuts.emplace_back(p, 1);
  }
  std::sort(cuts.begin(), cuts.end());
  std::size_t start = 0;
  for (std::size_t i = 0; i <= cuts.size(); ++i) {
    const std::size_t end = i < cuts.size() ? cuts[i].first : v.size();
    if (end < start) continue;
    std::string seg = v.substr(start, end - start);
    if (i < cuts.size()) start = cuts[i].first + cuts[i].second;
    // A date inside the segment: keep the part before it, else the part after it.
    DateMatch m;
    if (NextDateInText(seg, 0, &m)) {
      const std::string before = TrimAuthorPunct(seg.substr(0, m.begin));
      seg = WordCount(before) >= 2 || (m.begin > 0 && CodePoints(NormKey(before)) >= 4) ? before : seg.substr(m.end);
    }
    seg = JoinPaddedCjkName(TrimAuthorPunct(StripAuthorPrefixes(TrimAuthorPunct(CollapseSpace(seg)))));
    if (PlausibleName(seg)) return seg;
  }
  return "";
}

namespace {

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

// ---------------------------------------------------------------------------------------------

void ExtractMetadata(const dom::Document& doc, const dom::Annotation& annotation, std::string_view page_url,
                     Metadata* out) {
  *out = Metadata{};
  if (doc.size() == 0) return;
  Facts f;
  CollectFacts(doc, annotation, &f);
  LdInfo ld;
  if (!doc.json_ld.empty()) ParseJsonLd(doc, &ld);
  Stream st;
  BuildStream(doc, annotation, &st);

  // ---- Site name.
  std::string site = CollapseSpace(FirstMeta(f, tables::kSiteNameKeys), 200);
  if (LooksLikeUrl(site) && site.find(' ') == std::string::npos && site.find("://") != std::string::npos) site.clear();
  if (site.empty() && !ld.publisher.empty()) site = CollapseSpace(ld.publisher, 200);
  if (site.empty() && !ld.website_name.empty()) site = CollapseSpace(ld.website_name, 200);

  // ---- Title.
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
  {
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
    out->title = title;
    if (site.empty() && !site_part.empty() && CodePoints(site_part) <= 60) site = site_part;
  }
  out->site_name = site;

  // Anchor: where the headline is in the text.
  NodeId heading = kNoNode;
  const Anchor anchor = LocateTitle(doc, f, st, out->title, &heading);

  // ---- Date.
  {
    std::string date;
    for (auto k : tables::kPublishedDateKeys) {
      const std::string_view v = MetaValue(f, k);
      if (v.empty()) continue;
      date = NormalizeDate(v);
      if (!date.empty()) break;
    }
    if (date.empty() && !ld.date_published.empty()) date = NormalizeDate(ld.date_published);
    for (std::size_t i = 0; date.empty() && i < f.itemprop_dates.size(); ++i) {
      const NodeId n = f.itemprop_dates[i];
      date = NormalizeDate(doc.GetAttr(n, Attr::kContent));
      if (date.empty()) date = NormalizeDate(doc.GetAttr(n, Attr::kDatetime));
      if (date.empty()) date = NormalizeDate(NodeText(doc, n, 200));
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
      const std::string url_date = FindDateInUrl(page_url);
      if (best_time) {
        date = best_time->iso;
      } else if (!url_date.empty()) {
        date = url_date;
        for (const DateCand& c : cands) {
          if (c.has_time && c.score >= 3 && DayOf(c.iso) == url_date) {
            date = c.iso;
            break;
          }
        }
      } else if (best && best->score >= 1) {
        date = best->iso;
      }
    }
    if (date.empty()) {
      for (auto k : tables::kModifiedDateKeys) {
        const std::string_view v = MetaValue(f, k);
        if (v.empty()) continue;
        date = NormalizeDate(v);
        if (!date.empty()) break;
      }
      if (date.empty() && !ld.date_modified.empty()) date = NormalizeDate(ld.date_modified);
    }
    out->date = date;
  }

  // ---- Author.
  {
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
      const AuthorCand* best = nullptr;
      for (const AuthorCand& c : cands) {
        if (SameKey(c.name, out->title)) continue;
        if (MatchesSite(c.name, site)) {
          if (weak.empty()) weak = c.name;
          continue;
        }
        if (!best || rank(c) > rank(*best) || (rank(c) == rank(*best) && dist(c) < dist(*best))) best = &c;
      }
      if (best && rank(*best) >= 1) author = best->name;
    }
    if (author.empty()) author = weak;
    out->author = author;
  }

  // ---- Keywords.
  for (auto k : tables::kKeywordKeys) {
    for (const auto& m : f.metas) {
      if (m.key == k) SplitKeywords(m.value, &out->keywords);
    }
  }
  for (auto k : tables::kFallbackKeywordKeys) {
    if (!out->keywords.empty()) break;
    for (const auto& m : f.metas) {
      if (m.key == k) SplitKeywords(m.value, &out->keywords);
    }
  }
  if (out->keywords.empty()) out->keywords = ld.keywords;

  // ---- Language and direction.
  {
    ScriptCounts sc;
    CountScripts(std::string_view(st.text).substr(0, std::min(st.text.size(), kLangSampleBytes)), &sc);
    if (sc.letters < 20 && !html_title.empty()) CountScripts(html_title, &sc);  // script-only pages
    const Guess guess = GuessFromScripts(sc);
    std::string lang = NormalizeLangTag(f.html_lang);
    if (lang.empty()) lang = NormalizeLangTag(f.body_lang);
    if (lang.empty()) lang = NormalizeLangTag(FirstMeta(f, tables::kLanguageKeys));
    if (lang.empty()) lang = NormalizeLangTag(ld.lang);
    if (!lang.empty() && guess.family != Family::kNone && guess.share >= 0.6 && sc.letters >= 200) {
      // A declaration contradicted by the text's script (templates saying lang="en" on Chinese pages).
      const Family declared = FamilyOfLang(lang);
      if (declared != Family::kNone && declared != guess.family && !guess.lang.empty()) lang = guess.lang;
    }
    if (lang.empty()) lang = guess.lang;
    if (lang.empty() && guess.family == Family::kLatin) {
      lang = GuessLatinLanguage(std::string_view(st.text).substr(0, std::min(st.text.size(), kLangSampleBytes)));
    }
    out->lang = lang;

    // The innermost dir attribute around the headline (or the first <main>/<article>), else
    // <body>'s, else <html>'s: the direction of the content, not of the page chrome.
    auto dir_of = [&](std::string_view v) {
      const std::string d = LowerAscii(Trim(v));
      return d == "rtl" || d == "ltr" ? d : std::string();
    };
    std::string dir;
    NodeId around = heading;
    if (around == kNoNode && anchor.found()) {
      if (const Seg* sg = st.SegAt(anchor.begin)) around = sg->node;
    }
    if (around == kNoNode) {
      for (NodeId id = 0; id < doc.size(); ++id) {
        if (doc[id].tag == Tag::kMain || doc[id].tag == Tag::kArticle) {
          around = id;
          break;
        }
      }
    }
    for (NodeId p = around; p != kNoNode && p != 0 && dir.empty(); p = doc[p].parent) {
      if (doc[p].is_element()) dir = dir_of(doc.GetAttr(p, Attr::kDir));
    }
    if (dir.empty()) dir = dir_of(f.body_dir);
    if (dir.empty()) dir = dir_of(f.html_dir);
    if (dir.empty()) {
      if (guess.family == Family::kArabic || guess.family == Family::kHebrew) dir = "rtl";
      else if (guess.family == Family::kNone && IsRtlLang(lang)) dir = "rtl";
      else dir = "ltr";
    }
    out->dir = dir;
  }

  // ---- URL.
  {
    const std::string base = ResolveBase(page_url, f.base_href);
    std::string url;
    if (!f.canonical.empty()) url = ResolveUrl(base, f.canonical);
    if (url.empty()) {
      const std::string_view og = MetaValue(f, "og:url");
      if (!og.empty()) url = ResolveUrl(base, og);
    }
    if (url.empty()) url = std::string(Trim(page_url));
    out->url = url;
  }

  // ---- Description.
  {
    std::string d = CollapseSpace(FirstMeta(f, tables::kDescriptionKeys), 4096);
    if (d.empty()) d = CollapseSpace(ld.description, 4096);
    out->description = d;
  }
}

}  // namespace pith::meta
