// The page-type classifier: features (one pass over the parsed page, its URL and its structured
// data) and the logistic regression that scores them. See page_type.h.
#include "classify/page_type.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "text/ascii.h"

namespace pith::classify {

namespace {

using dom::Attr;
using dom::NodeId;
using dom::Tag;
using F = PageTypeFeature;

// A link with this many characters of text is a headline's length (a teaser, a result's title).
constexpr std::uint32_t kHeadlineChars = 30;

constexpr const char* kFeatureNames[] = {
#define PITH_PAGE_TYPE_FEATURE_NAME(name) #name,
    PITH_PAGE_TYPE_FEATURES(PITH_PAGE_TYPE_FEATURE_NAME)
#undef PITH_PAGE_TYPE_FEATURE_NAME
};
static_assert(std::size(kFeatureNames) == kPageTypeFeatures);

// The kinds of words the URL and the structured data are searched for.
enum Kind : std::uint8_t { kArticleWord, kForumWord, kProductWord, kCollectionWord, kListingWord, kDocsWord,
                           kServiceWord, kBreadcrumbWord, kKinds };

struct Word {
  std::string_view word;
  Kind kind;
};

// Words of a URL's host labels and path segments. The same word may name several kinds of page
// ("shop" a product or a collection); the model weighs each kind.
constexpr Word kUrlWords[] = {
    {"blog", kArticleWord}, {"blogs", kArticleWord}, {"news", kArticleWord}, {"article", kArticleWord},
    {"articles", kArticleWord}, {"story", kArticleWord}, {"stories", kArticleWord}, {"post", kArticleWord},
    {"posts", kArticleWord}, {"press", kArticleWord}, {"insights", kArticleWord}, {"magazine", kArticleWord},
    {"opinion", kArticleWord}, {"pulse", kArticleWord},
    {"forum", kForumWord}, {"forums", kForumWord}, {"thread", kForumWord}, {"threads", kForumWord},
    {"showthread", kForumWord}, {"viewtopic", kForumWord}, {"discussion", kForumWord},
    {"discussions", kForumWord}, {"community", kForumWord}, {"questions", kForumWord},
    {"question", kForumWord}, {"answers", kForumWord}, {"comments", kForumWord}, {"r", kForumWord},
    {"board", kForumWord}, {"boards", kForumWord}, {"t", kForumWord}, {"bbs", kForumWord},
    {"product", kProductWord}, {"products", kProductWord}, {"item", kProductWord}, {"itm", kProductWord},
    {"dp", kProductWord}, {"p", kProductWord}, {"pd", kProductWord}, {"sku", kProductWord},
    {"app", kProductWord}, {"buy", kProductWord}, {"shop", kProductWord},
    {"collections", kCollectionWord}, {"collection", kCollectionWord}, {"category", kCollectionWord},
    {"categories", kCollectionWord}, {"c", kCollectionWord}, {"l", kCollectionWord}, {"w", kCollectionWord},
    {"shop", kCollectionWord}, {"catalog", kCollectionWord}, {"department", kCollectionWord},
    {"browse", kCollectionWord}, {"store", kCollectionWord}, {"market", kCollectionWord},
    {"list", kListingWord}, {"lists", kListingWord}, {"tag", kListingWord}, {"tags", kListingWord},
    {"topics", kListingWord}, {"chart", kListingWord}, {"charts", kListingWord}, {"archive", kListingWord},
    {"archives", kListingWord}, {"latest", kListingWord}, {"search", kListingWord}, {"results", kListingWord},
    {"rankings", kListingWord}, {"best", kListingWord}, {"top", kListingWord}, {"standings", kListingWord},
    {"docs", kDocsWord}, {"doc", kDocsWord}, {"documentation", kDocsWord}, {"reference", kDocsWord},
    {"api", kDocsWord}, {"guide", kDocsWord}, {"guides", kDocsWord}, {"tutorial", kDocsWord},
    {"tutorials", kDocsWord}, {"manual", kDocsWord}, {"learn", kDocsWord}, {"library", kDocsWord},
    {"handbook", kDocsWord}, {"book", kDocsWord}, {"wiki", kDocsWord}, {"developer", kDocsWord},
    {"developers", kDocsWord}, {"sdk", kDocsWord}, {"howto", kDocsWord},
    {"services", kServiceWord}, {"service", kServiceWord}, {"solutions", kServiceWord},
    {"solution", kServiceWord}, {"pricing", kServiceWord}, {"features", kServiceWord},
    {"platform", kServiceWord}, {"enterprise", kServiceWord}, {"business", kServiceWord},
    {"plans", kServiceWord}, {"contact", kServiceWord}, {"about", kServiceWord}, {"careers", kServiceWord},
    {"tools", kServiceWord}, {"calculator", kServiceWord}, {"coupons", kServiceWord},
};

// schema.org types (JSON-LD @type, microdata itemtype), lower-cased.
constexpr Word kSchemaTypes[] = {
    {"article", kArticleWord}, {"newsarticle", kArticleWord}, {"blogposting", kArticleWord},
    {"reportagenewsarticle", kArticleWord}, {"analysisnewsarticle", kArticleWord},
    {"opinionnewsarticle", kArticleWord}, {"report", kArticleWord}, {"scholarlyarticle", kArticleWord},
    {"liveblogposting", kArticleWord}, {"review", kArticleWord},
    {"discussionforumposting", kForumWord}, {"qapage", kForumWord}, {"question", kForumWord},
    {"answer", kForumWord}, {"comment", kForumWord}, {"socialmediaposting", kForumWord},
    {"product", kProductWord}, {"productgroup", kProductWord}, {"offer", kProductWord},
    {"aggregateoffer", kProductWord}, {"individualproduct", kProductWord}, {"productmodel", kProductWord},
    {"itemlist", kListingWord}, {"collectionpage", kListingWord}, {"searchresultspage", kListingWord},
    {"offercatalog", kListingWord},
    {"techarticle", kDocsWord}, {"apireference", kDocsWord}, {"softwaresourcecode", kDocsWord},
    {"howto", kDocsWord},
    {"service", kServiceWord}, {"softwareapplication", kServiceWord}, {"webapplication", kServiceWord},
    {"mobileapplication", kServiceWord}, {"faqpage", kServiceWord}, {"localbusiness", kServiceWord},
    {"professionalservice", kServiceWord}, {"financialproduct", kServiceWord},
    {"breadcrumblist", kBreadcrumbWord},
};

// A table's words → the kinds they name, as bits (a word may name several). A word is found by its
// length and first and last letters (a slot of few candidates) rather than by hashing it.
class WordKinds {
 public:
  template <std::size_t N>
  explicit WordKinds(const Word (&table)[N]) {
    for (const Word& w : table) {
      std::vector<Entry>& slot = slots_[Slot(w.word)];
      auto it = std::find_if(slot.begin(), slot.end(), [&](const Entry& e) { return e.word == w.word; });
      if (it == slot.end()) it = slot.insert(slot.end(), Entry{w.word, 0});
      it->bits |= 1u << w.kind;
    }
  }
  unsigned operator()(std::string_view word) const {
    if (word.empty() || word.size() > kMaxLength) return 0;
    for (const Entry& e : slots_[Slot(word)]) {
      if (e.word == word) return e.bits;
    }
    return 0;
  }

 private:
  static constexpr std::size_t kMaxLength = 24;
  struct Entry {
    std::string_view word;
    unsigned bits;
  };
  static std::size_t Slot(std::string_view w) {
    const auto first = static_cast<unsigned char>(w.front()), last = static_cast<unsigned char>(w.back());
    return (w.size() * 31 + first * 7 + last) % kSlots;
  }
  static constexpr std::size_t kSlots = 509;
  std::array<std::vector<Entry>, kSlots> slots_;
};

const WordKinds& UrlWordKinds() {
  static const WordKinds kinds(kUrlWords);
  return kinds;
}
const WordKinds& SchemaTypeKinds() {
  static const WordKinds kinds(kSchemaTypes);
  return kinds;
}

// Calls fn(word) for each lower-case ASCII alphanumeric run of `s` (at most 32 bytes are kept).
template <typename Fn>
void ForEachAsciiWord(std::string_view s, Fn&& fn) {
  char word[32];
  std::size_t size = 0;
  auto flush = [&] {
    if (size > 0 && size <= sizeof word) fn(std::string_view(word, size));
    size = 0;
  };
  for (char c : s) {
    const char l = text::AsciiLower(c);
    if ((l >= 'a' && l <= 'z') || (l >= '0' && l <= '9')) {
      if (size < sizeof word) word[size] = l;
      ++size;
    } else {
      flush();
    }
  }
  flush();
}

double Log1p(double x) { return std::log1p(std::max(0.0, x)); }

bool AllDigits(std::string_view w) {
  return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::size_t CountDigits(std::string_view w) {
  return static_cast<std::size_t>(std::count_if(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }));
}

// The URL's features: its host labels (but the last two and "www") and path segments, split into
// words; the query and fragment are not read.
void UrlFeatures(std::string_view url, PageTypeFeatures* f) {
  if (url.empty()) {
    // Unknown: each URL feature adds nothing (ScorePageType reads NaN as the training mean).
    for (F u = F::url_depth; u <= F::url_service; u = static_cast<F>(static_cast<int>(u) + 1)) {
      (*f)[u] = std::numeric_limits<double>::quiet_NaN();
    }
    return;
  }
  std::size_t at = url.find("://");
  at = at == std::string_view::npos ? 0 : at + 3;
  const std::size_t host_end = std::min(url.find('/', at), url.size());
  std::string_view host = url.substr(at, host_end - at);
  std::string_view path = url.substr(host_end);
  path = path.substr(0, std::min(path.find_first_of("?#"), path.size()));
  if (const std::size_t q = host.find_first_of("?#"); q != std::string_view::npos) host = host.substr(0, q);
  unsigned kinds[kKinds] = {};
  auto note = [&](std::string_view w) {
    const unsigned bits = UrlWordKinds()(w);
    for (unsigned k = 0; k < kKinds; ++k) kinds[k] += (bits >> k) & 1u;
  };
  // Host labels before the registered name ("docs" of docs.python.org, "store" of
  // store.steampowered.com).
  std::vector<std::string_view> labels;
  for (std::size_t b = 0; b <= host.size();) {
    const std::size_t e = std::min(host.find('.', b), host.size());
    labels.push_back(host.substr(b, e - b));
    b = e + 1;
  }
  for (std::size_t i = 0; i + 2 < labels.size(); ++i) {
    if (!text::EqualsIgnoreAsciiCase(labels[i], "www")) ForEachAsciiWord(labels[i], note);
  }
  int depth = 0, year_at = -10;
  std::string_view last;
  for (std::size_t b = 0; b < path.size();) {
    std::size_t e = path.find('/', b);
    if (e == std::string_view::npos) e = path.size();
    const std::string_view segment = path.substr(b, e - b);
    b = e + 1;
    if (segment.empty()) continue;
    ++depth;
    last = segment;
    ForEachAsciiWord(segment, [&](std::string_view w) {
      note(w);
      const std::size_t digits = CountDigits(w);
      if (digits >= 5) (*f)[F::url_number] = 1;
      // A year segment followed by a month or day segment: /2024/05/..., /2024-05-12-...
      if (AllDigits(w) && w.size() == 4 && (w[0] == '1' || w[0] == '2') && (w[1] == '9' || w[1] == '0')) {
        year_at = depth;
      } else if (AllDigits(w) && w.size() <= 2 && (depth == year_at || depth == year_at + 1)) {
        (*f)[F::url_date] = 1;
      }
    });
  }
  (*f)[F::url_depth] = depth;
  (*f)[F::url_root] = depth == 0 && !host.empty() ? 1 : 0;
  int slug_words = 0;
  ForEachAsciiWord(last, [&](std::string_view w) { slug_words += !AllDigits(w); });
  (*f)[F::url_slug_words] = Log1p(slug_words);
  (*f)[F::url_article] = kinds[kArticleWord] > 0;
  (*f)[F::url_forum] = kinds[kForumWord] > 0;
  (*f)[F::url_product] = kinds[kProductWord] > 0;
  (*f)[F::url_collection] = kinds[kCollectionWord] > 0;
  (*f)[F::url_listing] = kinds[kListingWord] > 0;
  (*f)[F::url_docs] = kinds[kDocsWord] > 0;
  (*f)[F::url_service] = kinds[kServiceWord] > 0;
}

// Adds the kinds of one schema.org type name ("Product", "https://schema.org/NewsArticle").
void NoteSchemaType(std::string_view type, unsigned* counts) {
  if (const std::size_t slash = type.find_last_of("/#"); slash != std::string_view::npos) {
    type = type.substr(slash + 1);
  }
  if (type.empty() || type.size() > 32) return;
  char lower[32];
  for (std::size_t i = 0; i < type.size(); ++i) lower[i] = text::AsciiLower(type[i]);
  const unsigned bits = SchemaTypeKinds()(std::string_view(lower, type.size()));
  for (unsigned k = 0; k < kKinds; ++k) counts[k] += (bits >> k) & 1u;
}

// The string values of every "@type" key of a JSON-LD body: "@type": "X" or "@type": ["X", "Y"].
// A scan rather than a parse: a broken body still gives the types it names.
void NoteJsonLdTypes(std::string_view body, unsigned* counts) {
  for (std::size_t at = body.find("\"@type\""); at != std::string_view::npos; at = body.find("\"@type\"", at)) {
    at += 7;
    while (at < body.size() && (body[at] == ' ' || body[at] == '\t' || body[at] == '\n' || body[at] == '\r' ||
                                body[at] == ':' || body[at] == '[')) {
      ++at;
    }
    // One string, or the strings of a list up to its ']'.
    while (at < body.size() && body[at] == '"') {
      const std::size_t end = body.find('"', at + 1);
      if (end == std::string_view::npos) return;
      NoteSchemaType(body.substr(at + 1, end - at - 1), counts);
      at = end + 1;
      while (at < body.size() && (body[at] == ' ' || body[at] == ',' || body[at] == '\n' || body[at] == '\t' ||
                                  body[at] == '\r')) {
        ++at;
      }
    }
  }
}

// Prices in a text: a currency sign with a digit beside it, spaces between allowed ("$12",
// "12,99 €", "₹ 1,299"). The signs' first bytes are found with memchr (the page's whole text is
// scanned): '$', and the lead bytes of the two- and three-byte signs (U+00A2..U+00A5 "¢£¤¥" after
// C2; U+20A0..U+20CF "€₹₩₽..." after E2 82/83; U+FFE0..U+FFE6 full-width after EF BF).
std::size_t CountPrices(std::string_view s) {
  auto digit_at = [&](std::size_t i) { return i < s.size() && s[i] >= '0' && s[i] <= '9'; };
  auto digit_beside = [&](std::size_t begin, std::size_t end) {
    std::size_t after = end;
    while (after < s.size() && s[after] == ' ') ++after;
    if (digit_at(after)) return true;
    std::size_t before = begin;
    while (before > 0 && s[before - 1] == ' ') --before;
    return before > 0 && digit_at(before - 1);
  };
  std::size_t prices = 0;
  for (const unsigned char lead : {static_cast<unsigned char>('$'), static_cast<unsigned char>(0xC2),
                                   static_cast<unsigned char>(0xE2), static_cast<unsigned char>(0xEF)}) {
    for (const char* p = static_cast<const char*>(std::memchr(s.data(), lead, s.size())); p != nullptr;
         p = static_cast<const char*>(std::memchr(p + 1, lead, s.size() - static_cast<std::size_t>(p + 1 - s.data())))) {
      const std::size_t at = static_cast<std::size_t>(p - s.data());
      auto byte = [&](std::size_t k) { return at + k < s.size() ? static_cast<unsigned char>(s[at + k]) : 0u; };
      std::size_t length = 0;
      if (lead == '$') {
        length = 1;
      } else if (lead == 0xC2 && byte(1) >= 0xA2 && byte(1) <= 0xA5) {
        length = 2;
      } else if (lead == 0xE2 && ((byte(1) == 0x82 && byte(2) >= 0xA0) || (byte(1) == 0x83 && byte(2) >= 0x80 &&
                                                                             byte(2) <= 0x8F))) {
        length = 3;
      } else if (lead == 0xEF && byte(1) == 0xBF && byte(2) >= 0xA0 && byte(2) <= 0xA6) {
        length = 3;
      }
      if (length > 0 && digit_beside(at, at + length)) ++prices;
      if (at + 1 >= s.size()) break;
    }
  }
  return prices;
}

// A cheap hash of a class value (FNV-1a): card groups compare their members' values by it.
std::uint64_t HashBytes(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}

// The largest group of sibling elements with one tag and class value whose members each hold a
// link and some text: a grid of product cards, teasers, search results. Returns (members, their
// characters).
std::pair<std::size_t, std::size_t> LargestCardGroup(const dom::Document& doc, const dom::Annotation& a) {
  constexpr std::uint32_t kMinCardChars = 20;
  std::pair<std::size_t, std::size_t> best{0, 0};
  std::vector<std::pair<std::uint64_t, std::uint32_t>> members;  // (tag+class hash, chars)
  for (NodeId p = 0; p < doc.size(); ++p) {
    const dom::Node& parent = doc[p];
    if (!parent.is_element() || parent.hidden() || a[p].link_count < 3 || a[p].chars < 3 * kMinCardChars) continue;
    // Most elements have too few such children to beat the best group: count before hashing.
    auto card = [&](NodeId c) { return doc[c].is_element() && a[c].link_count > 0 && a[c].chars >= kMinCardChars; };
    std::size_t candidates = 0;
    for (NodeId c = parent.first_child; c != dom::kNoNode; c = doc[c].next_sibling) candidates += card(c);
    if (candidates < 3 || candidates <= best.first) continue;
    members.clear();
    for (NodeId c = parent.first_child; c != dom::kNoNode; c = doc[c].next_sibling) {
      if (!card(c)) continue;
      members.emplace_back(HashBytes(doc.GetAttr(c, Attr::kClass)) * 31 + static_cast<std::uint64_t>(doc[c].tag),
                           a[c].chars);
    }
    std::sort(members.begin(), members.end());
    for (std::size_t i = 0; i < members.size();) {
      std::size_t j = i, chars = 0;
      while (j < members.size() && members[j].first == members[i].first) chars += members[j++].second;
      if (j - i > best.first) best = {j - i, chars};
      i = j;
    }
  }
  return best;
}

// The page's canonical address when the caller gave none: <link rel=canonical> or og:url.
std::string_view PageUrl(const dom::Document& doc, std::string_view url) {
  if (!url.empty() || doc.head == dom::kNoNode) return url;
  for (NodeId id = doc.head + 1; id < doc.SubtreeEnd(doc.head); ++id) {
    const Tag t = doc[id].tag;
    if (t == Tag::kLink && text::EqualsIgnoreAsciiCase(doc.GetAttr(id, Attr::kRel), "canonical")) {
      return doc.GetAttr(id, Attr::kHref);
    }
    if (t == Tag::kMeta && doc.GetAttr(id, Attr::kProperty) == "og:url") return doc.GetAttr(id, Attr::kContent);
  }
  return url;
}

}  // namespace

const char* PageTypeFeatureName(std::size_t feature) {
  return feature < kPageTypeFeatures ? kFeatureNames[feature] : "";
}

PageTypeFeatures ComputePageTypeFeatures(const dom::Document& doc, const dom::Annotation& a, std::string_view url) {
  PageTypeFeatures f;
  UrlFeatures(PageUrl(doc, url), &f);

  // Structured data: JSON-LD bodies, microdata itemtypes, og:type.
  unsigned schema[kKinds] = {};
  for (const std::string& body : doc.json_ld) NoteJsonLdTypes(body, schema);
  // Per element: markup counts.
  std::size_t headings = 0, code = 0, rows = 0, items = 0, controls = 0, articles = 0, times = 0, images = 0;
  std::size_t prose = 0, prose_chars = 0, longest = 0, links = 0, nav_links = 0;
  std::size_t sections = 0, headline_links = 0, linked_headings = 0;
  std::string og_type;
  NodeId counted_until = 0;  // links of <nav>, <header>, <footer> are counted up to here
  for (NodeId id = 0; id < doc.size(); ++id) {
    const dom::Node& n = doc[id];
    if (!n.is_element()) continue;
    switch (n.tag) {
      case Tag::kMeta:
        if (og_type.empty() && (doc.GetAttr(id, Attr::kProperty) == "og:type" || doc.GetAttr(id, Attr::kName) == "og:type")) {
          og_type = doc.GetAttr(id, Attr::kContent);
        }
        continue;
      case Tag::kNav: case Tag::kHeader: case Tag::kFooter:
        // The outermost such element counts the links of its subtree.
        if (id >= counted_until) {
          nav_links += a[id].link_count;
          counted_until = doc.SubtreeEnd(id);
        }
        break;
      default:
        break;
    }
    if (n.hidden()) continue;
    for (std::uint32_t i = n.attr_begin, end = n.attr_begin + n.attr_count; i < end; ++i) {
      if (doc.attrs[i].key != Attr::kItemtype) continue;
      const std::string_view itemtype = std::string_view(doc.strings).substr(doc.attrs[i].begin, doc.attrs[i].size);
      NoteSchemaType(itemtype.substr(0, std::min(itemtype.find(' '), itemtype.size())), schema);
    }
    switch (n.tag) {
      case Tag::kH1: case Tag::kH2: case Tag::kH3: case Tag::kH4: case Tag::kH5: case Tag::kH6:
        ++headings;
        linked_headings += a[id].link_chars * 2 > a[id].chars || n.in_link();
        break;
      case Tag::kPre: case Tag::kCode: ++code; break;
      case Tag::kTr: ++rows; break;
      case Tag::kLi: ++items; break;
      case Tag::kInput: case Tag::kSelect: case Tag::kTextarea: case Tag::kButton: ++controls; break;
      case Tag::kArticle: ++articles; break;
      case Tag::kTime: ++times; break;
      case Tag::kImg: ++images; break;
      case Tag::kA:
        links += a[id].link_count > 0;
        headline_links += a[id].link_count > 0 && a[id].chars >= kHeadlineChars;
        break;
      case Tag::kSection: ++sections; break;
      case Tag::kP: {
        const std::uint32_t own = a[id].text_chars();
        longest = std::max<std::size_t>(longest, own);
        if (own >= 80 && a[id].punct > 0) {
          ++prose;
          prose_chars += own;
        }
        break;
      }
      default: break;
    }
  }
  f[F::ld_article] = Log1p(schema[kArticleWord]);
  f[F::ld_forum] = Log1p(schema[kForumWord]);
  f[F::ld_product] = Log1p(schema[kProductWord]);
  f[F::ld_list] = Log1p(schema[kListingWord]);
  f[F::ld_docs] = Log1p(schema[kDocsWord]);
  f[F::ld_service] = Log1p(schema[kServiceWord]);
  f[F::ld_breadcrumb] = schema[kBreadcrumbWord] > 0;
  std::string og;
  for (char c : og_type) og.push_back(text::AsciiLower(c));
  f[F::og_article] = og == "article" || og == "blog" || og.starts_with("article") || og == "news";
  f[F::og_product] = og.starts_with("product") || og == "og:product";
  f[F::og_website] = og == "website";

  const NodeId body = doc.body != dom::kNoNode ? doc.body : 0;
  const dom::NodeStats& s = a[body];
  const double chars = s.chars;
  const double kilo = std::max(1.0, chars / 1000.0);
  f[F::log_chars] = Log1p(chars);
  f[F::link_density] = s.link_density();
  f[F::punct_density] = chars > 0 ? s.punct / chars : 0;
  f[F::prose_paragraphs] = Log1p(static_cast<double>(prose));
  f[F::prose_share] = s.text_chars() > 0 ? std::min(1.0, prose_chars / static_cast<double>(s.text_chars())) : 0;
  f[F::longest_paragraph] = Log1p(static_cast<double>(longest));
  f[F::headings] = Log1p(static_cast<double>(headings));
  f[F::heading_density] = Log1p(headings / kilo);
  f[F::code_blocks] = Log1p(static_cast<double>(code));
  f[F::table_rows] = Log1p(static_cast<double>(rows));
  f[F::list_items] = Log1p(static_cast<double>(items));
  f[F::form_controls] = Log1p(static_cast<double>(controls));
  f[F::articles] = Log1p(static_cast<double>(articles));
  f[F::times] = Log1p(static_cast<double>(times));
  f[F::images] = Log1p(static_cast<double>(images));
  f[F::nav_links] = links > 0 ? std::min(1.0, static_cast<double>(nav_links) / static_cast<double>(links)) : 0;
  const std::size_t prices = CountPrices(doc.text);
  f[F::sections] = Log1p(static_cast<double>(sections));
  f[F::headline_links] = Log1p(static_cast<double>(headline_links));
  f[F::headline_link_density] = Log1p(headline_links / kilo);
  f[F::linked_headings] = Log1p(static_cast<double>(linked_headings));
  f[F::prices] = Log1p(static_cast<double>(prices));
  f[F::price_density] = Log1p(prices / kilo);
  const auto [cards, card_chars] = LargestCardGroup(doc, a);
  f[F::card_count] = Log1p(static_cast<double>(cards));
  f[F::card_share] = chars > 0 ? std::min(1.0, card_chars / chars) : 0;
  f[F::card_chars] = cards > 0 ? Log1p(static_cast<double>(card_chars) / static_cast<double>(cards)) : 0;
  return f;
}

std::array<double, kPageTypeFeatures> FeatureContributions(const PageTypeFeatures& features, PageType type,
                                                           const PageTypeModel& model) {
  std::array<double, kPageTypeFeatures> out{};
  const auto t = static_cast<std::size_t>(type);
  for (std::size_t i = 0; i < kPageTypeFeatures; ++i) {
    const double scale = model.scale[i] > 0 ? model.scale[i] : 1.0;
    // An unknown feature (NaN: the URL's, when the page has no address) is taken at its mean.
    if (!std::isnan(features.values[i])) out[i] = model.weights[t][i] * (features.values[i] - model.mean[i]) / scale;
  }
  return out;
}

PageTypeGuess ScorePageType(const PageTypeFeatures& features, const PageTypeModel& model) {
  PageTypeGuess g;
  g.features = features;
  std::array<double, kPageTypes> logit{};
  for (std::size_t t = 0; t < kPageTypes; ++t) {
    const std::array<double, kPageTypeFeatures> c = FeatureContributions(features, static_cast<PageType>(t), model);
    logit[t] = model.bias[t];
    for (double x : c) logit[t] += x;
  }
  const double top = *std::max_element(logit.begin(), logit.end());
  double sum = 0;
  for (std::size_t t = 0; t < kPageTypes; ++t) sum += g.probability[t] = std::exp(logit[t] - top);
  std::size_t best = 0;
  for (std::size_t t = 0; t < kPageTypes; ++t) {
    g.probability[t] /= sum;
    if (g.probability[t] > g.probability[best]) best = t;
  }
  g.type = static_cast<PageType>(best);
  return g;
}

PageTypeGuess ClassifyPageType(const dom::Document& doc, const dom::Annotation& annotation, std::string_view url) {
  return ScorePageType(ComputePageTypeFeatures(doc, annotation, url));
}

}  // namespace pith::classify
