// Tibetan identification (paper 003 §1.1, §1.3, §2.2) and legacy-font conversion. See tibetan.h for
// the method; this file holds the font registry, a small HTML/CSS scanner that knows which font covers
// each text run, the syllable counters, and the decision.
//
// The scanner is not an HTML parser: it walks tags and text once, keeps a stack of open elements with
// the Tibetan font each one resolves to, and skips comments, <script> and <style> content. Fonts come
// from, in decreasing precedence: the style attribute, CSS rules of <style> blocks (last compound of a
// selector: tag, .class, #id, * — combinators, attribute selectors and pseudo-classes are not
// evaluated), and <font face>; an element without its own font inherits its parent's. The first
// family of a list decides (what a browser with the font installed draws); every Tibetan family
// anywhere in a list is reported as evidence. Close tags pop to the nearest open element of that name
// (within 64 levels); void elements are never pushed. All of it is linear in the page size.
#include "decode/tibetan.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <cstring>

#include "decode/charset.h"
#include "text/ascii.h"
#include "text/byte_scan.h"
#include "text/unicode.h"

#if defined(__x86_64__) && defined(__SSE2__)
#include <immintrin.h>
#endif

namespace pith::decode {

using text::AppendUtf8;
using text::IsAsciiWhitespace;  // CSS's white space
using text::IsSpace;
using text::NextCodePoint;
using text::ScansUseAvx2;
using text::Script;
using text::ScriptOf;
using text::Trim;

const char* TibetanEncodingName(TibetanEncoding e) {
  switch (e) {
    case TibetanEncoding::kNone: return "none";
    case TibetanEncoding::kUnicode: return "unicode";
    case TibetanEncoding::kPuaExtensionA: return "pua-extension-a";
    case TibetanEncoding::kPuaZhigong: return "pua-zhigong";
    case TibetanEncoding::kGb2312Font: return "gb2312-font";
    case TibetanEncoding::kAsciiFont: return "ascii-font";
  }
  return "none";
}

// ================================================================================================
// Font registry
// ================================================================================================
namespace {

char AsciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

bool IEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (AsciiLower(a[i]) != AsciiLower(b[i])) return false;
  }
  return true;
}

bool IStartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && IEquals(s.substr(0, prefix.size()), prefix);
}

// Lookup key: ASCII lower case without spaces, '-', '_', quotes; trailing "regular"/"normal" dropped.
std::string NormalizeFontName(std::string_view name) {
  std::string key;
  key.reserve(name.size());
  for (char c : name) {
    if (c == ' ' || c == '-' || c == '_' || c == '"' || c == '\'' || c == '\t') continue;
    key.push_back(AsciiLower(c));
  }
  for (std::string_view suffix : {"regular", "normal"}) {
    if (key.size() > suffix.size() && key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0) {
      key.resize(key.size() - suffix.size());
    }
  }
  // Aliases with the same glyph layout (py-tiblegenc treats them alike).
  if (key.rfind("dedris", 0) == 0 || (key.size() == 4 && key.rfind("sam", 0) == 0)) {
    std::string aliased;
    aliased.reserve(key.size() + 1);
    aliased.push_back('e');
    aliased.append(key);
    return aliased;
  }
  return key;
}

// Tibetan fonts that no conversion table covers. Table: paper 003 table 1 (ASCII-based encodings
// and their dot bytes) and table 2 (GB2312-based), font names as UTFC lists them, and common Unicode
// Tibetan fonts. `prefix` entries match any name starting with the key (font families with many
// weights and styles).
struct FontRow {
  const char* name;
  const char* encoding;
  TibetanFontKind kind;
  const char* dots;
  bool prefix;
};
constexpr FontRow kFontRows[] = {
    // Table 1: ASCII-based encodings without a conversion table here.
    {"Tibword", "Tibword", TibetanFontKind::kAscii, "-", false},
    {"TibKey", "TibKey", TibetanFontKind::kAscii, "-", false},
    {"Tsamkey", "Tsamkey", TibetanFontKind::kAscii, ".", false},
    {"SUZTIB", "SUZTIB", TibetanFontKind::kAscii, "-", false},
    {"UCHAN", "UCHAN", TibetanFontKind::kAscii, "-", false},
    {"LTibetanExtension", "LTibetan", TibetanFontKind::kAscii, "-", false},
    // Table 2: GB2312-based large-charset encodings (dot: the ASCII bytes 0x2D / 0x2E).
    {"BZDBT", "BZD (GB2312)", TibetanFontKind::kGb2312, "-.", false},
    {"BZDHT", "BZD (GB2312)", TibetanFontKind::kGb2312, "-.", false},
    {"BZDMT", "BZD (GB2312)", TibetanFontKind::kGb2312, "-.", false},
    {"TIBETBT", "Tongyuan (GB2312)", TibetanFontKind::kGb2312, "-.", false},
    {"TIBETHT", "Tongyuan (GB2312)", TibetanFontKind::kGb2312, "-.", false},
    {"CHINATIBET", "Tongyuan (GB2312)", TibetanFontKind::kGb2312, "-.", false},
    {"\xe8\x97\x8f\xe6\x96\x87\xe5\x90\xbe\xe5\x9d\x9a\xe7\x90\xbc\xe4\xbd\x93", "NS (GB2312)",  // 藏文吾坚琼体
     TibetanFontKind::kGb2312, "-.", false},
    // Table 3: fonts for ISO 10646 Tibetan.
    {"Microsoft Himalaya", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"Himalaya", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"Jomolhari", "Unicode", TibetanFontKind::kUnicode, "", true},
    {"Tibetan Machine Uni", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"TibetanMachineUnicode", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"TCRC Youtso Unicode", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"SambhotaUnicode", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"Monlam", "Unicode", TibetanFontKind::kUnicode, "", true},
    {"Qomolangma", "Unicode", TibetanFontKind::kUnicode, "", true},
    {"DDC Uchen", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"DDC Joyig", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"DDC Rinzin", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"Noto Sans Tibetan", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"Noto Serif Tibetan", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"Kailasa", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"Yagpo Uni", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"BabelStone Tibetan", "Unicode", TibetanFontKind::kUnicode, "", true},
    {"Wangdi29", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"CTRC-Uchen", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"CTRC-Betsu", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"CTRC-Drutsa", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"CTRC-Tsumachu", "Unicode", TibetanFontKind::kUnicode, "", false},
    {"\xe8\x97\x8f\xe7\xa0\x94\xe4\xb9\x8c\xe5\x9d\x9a\xe4\xbd\x93", "Unicode",  // 藏研乌坚体
     TibetanFontKind::kUnicode, "", false},
    {"\xe8\x97\x8f\xe7\xa0\x94\xe4\xb9\x8c\xe9\x87\x91\xe4\xbd\x93", "Unicode",  // 藏研乌金体
     TibetanFontKind::kUnicode, "", false},
    {"\xe8\x97\x8f\xe7\xa0\x94\xe7\xb0\x87\xe7\x8e\x9b\xe4\xb8\x98\xe4\xbd\x93", "Unicode",  // 藏研簇玛丘体
     TibetanFontKind::kUnicode, "", false},
    {"\xe8\x97\x8f\xe7\xa0\x94\xe6\x9f\x8f\xe7\xb0\x87\xe4\xbd\x93", "Unicode",  // 藏研柏簇体
     TibetanFontKind::kUnicode, "", false},
    {"\xe8\x97\x8f\xe7\xa0\x94\xe7\x8f\xa0\xe6\x93\xa6\xe4\xbd\x93", "Unicode",  // 藏研珠擦体
     TibetanFontKind::kUnicode, "", false},
};

class FontRegistry {
 public:
  FontRegistry() {
    const std::size_t n = internal::kLegacyFontCount + std::size(kFontRows);
    fonts_.reserve(n);
    keys_.reserve(n);
    for (std::size_t t = 0; t < internal::kLegacyFontCount; ++t) {
      const internal::LegacyFontTable& row = internal::kLegacyFonts[t];
      TibetanFont f;
      f.name = row.name;
      f.encoding = row.family;
      f.kind = TibetanFontKind::kAscii;
      f.dots = row.dots;
      f.table = static_cast<int>(t);
      Add(f, false);
    }
    for (const FontRow& row : kFontRows) {
      TibetanFont f;
      f.name = row.name;
      f.encoding = row.encoding;
      f.kind = row.kind;
      f.dots = row.dots;
      Add(f, row.prefix);
    }
  }

  const TibetanFont* Find(std::string_view declared) const {
    if (declared.empty() || declared.size() > 96) return nullptr;
    const std::string key = NormalizeFontName(declared);
    if (key.empty()) return nullptr;
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      if (key == keys_[i].key) return &fonts_[i];
    }
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      if (keys_[i].prefix && key.rfind(keys_[i].key, 0) == 0) return &fonts_[i];
    }
    return nullptr;
  }

 private:
  struct Key {
    std::string key;
    bool prefix;
  };
  void Add(const TibetanFont& f, bool prefix) {
    fonts_.push_back(f);
    keys_.push_back({NormalizeFontName(f.name), prefix});
  }
  std::vector<TibetanFont> fonts_;
  std::vector<Key> keys_;
};

const FontRegistry& Registry() {
  static const FontRegistry registry;
  return registry;
}

}  // namespace

const TibetanFont* FindTibetanFont(std::string_view declared) { return Registry().Find(declared); }

std::size_t LegacyTableCount() { return internal::kLegacyFontCount; }
std::string_view LegacyTableFont(std::size_t table) {
  return table < internal::kLegacyFontCount ? internal::kLegacyFonts[table].name : std::string_view();
}

// ================================================================================================
// Syllable counting
// ================================================================================================

void SyllableCounter::Add(char32_t c) {
  bool dot = false, letter = false, pua = false;
  switch (alphabet_) {
    case Alphabet::kUnicode:
      if (c == 0x0F0B || c == 0x0F0C) {
        dot = true;
      } else if (c >= 0x0F00 && c <= 0x0FFF) {
        letter = !(c >= 0x0F0D && c <= 0x0F14);  // shad family ends a syllable
      } else if (c >= 0xF300 && c <= 0xF8FF) {
        letter = pua = true;
      }
      break;
    case Alphabet::kZhigong:
      if (c == 0xE0DF) {
        dot = true;
      } else if (c >= 0xE000 && c <= 0xF3A6) {
        letter = pua = true;
      }
      break;
    case Alphabet::kLegacy:
      if (c < 256 && legacy_dots_.find(static_cast<char>(c)) != std::string_view::npos) {
        dot = true;
      } else {
        letter = !IsSpace(c) && c != 0xFFFD;
      }
      break;
  }
  if (dot) {
    ++stats_.dots;
    if (run_ >= 1 && run_ <= static_cast<std::uint32_t>(max_length_)) {
      ++stats_.fitting;
      stats_.pua_chars += run_pua_;
    }
    run_ = run_pua_ = 0;
  } else if (letter) {
    ++stats_.syllable_chars;
    ++run_;
    if (pua) ++run_pua_;
  } else {
    run_ = run_pua_ = 0;
  }
}

SyllableStats CountSyllables(std::string_view utf8, int max_length) {
  SyllableCounter counter(SyllableCounter::Alphabet::kUnicode, max_length);
  for (std::size_t i = 0; i < utf8.size();) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    if (b < 0x80) {  // ASCII never belongs to a Unicode syllable
      counter.Break();
      ++i;
      continue;
    }
    counter.Add(NextCodePoint(utf8, i));
  }
  return counter.stats();
}

// ================================================================================================
// Markup helpers: character references, CSS font declarations
// ================================================================================================
namespace {

constexpr char32_t kUnknownReference = 0xFFFD;

// Decodes the character at text[i] (a character reference or one UTF-8 code point), advancing i.
// Unknown named references decode to U+FFFD and consume only the '&'.
char32_t NextTextChar(std::string_view text, std::size_t& i) {
  const char c = text[i];
  if (c != '&') {
    if (static_cast<unsigned char>(c) < 0x80) {
      ++i;
      return static_cast<unsigned char>(c);
    }
    return NextCodePoint(text, i);
  }
  std::size_t j = i + 1;
  if (j < text.size() && text[j] == '#') {
    ++j;
    const bool hex = j < text.size() && (text[j] == 'x' || text[j] == 'X');
    if (hex) ++j;
    std::uint32_t v = 0;
    std::size_t digits = 0;
    while (j < text.size() && digits < 8) {
      const char d = text[j];
      int dv = -1;
      if (d >= '0' && d <= '9') dv = d - '0';
      else if (hex && (d | 0x20) >= 'a' && (d | 0x20) <= 'f') dv = (d | 0x20) - 'a' + 10;
      if (dv < 0) break;
      v = v * (hex ? 16 : 10) + static_cast<std::uint32_t>(dv);
      ++j, ++digits;
    }
    if (digits == 0) {
      ++i;
      return '&';
    }
    if (j < text.size() && text[j] == ';') ++j;
    i = j;
    if (v == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0xFFFD;
    return v;
  }
  static constexpr struct {
    const char* name;
    char32_t cp;
  } kNamed[] = {{"amp", '&'},     {"lt", '<'},       {"gt", '>'},       {"quot", '"'},
                {"apos", '\''},   {"nbsp", 0xA0},    {"shy", 0xAD},     {"copy", 0xA9},
                {"reg", 0xAE},    {"middot", 0xB7},  {"ndash", 0x2013}, {"mdash", 0x2014},
                {"laquo", 0xAB},  {"raquo", 0xBB},   {"hellip", 0x2026}};
  std::size_t k = j;
  while (k < text.size() && k - j < 8 && ((text[k] | 0x20) >= 'a' && (text[k] | 0x20) <= 'z')) ++k;
  const std::string_view name = text.substr(j, k - j);
  for (const auto& e : kNamed) {
    if (name == e.name) {
      i = (k < text.size() && text[k] == ';') ? k + 1 : k;
      return e.cp;
    }
  }
  ++i;
  return name.empty() ? '&' : kUnknownReference;
}

std::string_view Unquote(std::string_view s) {
  s = Trim(s, IsAsciiWhitespace);
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) {
    s = s.substr(1, s.size() - 2);
  }
  return Trim(s, IsAsciiWhitespace);
}

// Calls fn(family) for each family of a font-family list ("A, 'B C', serif").
template <typename Fn>
void ForEachFamily(std::string_view list, Fn&& fn) {
  std::size_t start = 0;
  for (std::size_t i = 0; i <= list.size(); ++i) {
    if (i == list.size() || list[i] == ',') {
      const std::string_view family = Unquote(list.substr(start, i - start));
      if (!family.empty()) fn(family);
      start = i + 1;
    }
  }
}

// The family list of a `font` shorthand value ("bold 12px/1.5 'Microsoft Himalaya', serif"): what
// follows the size token (the last token of the first comma-separated segment that starts with a
// digit or '.'), or the whole first segment's quoted/last word when no size is found.
std::string_view ShorthandFamilies(std::string_view value) {
  value = Trim(value, IsAsciiWhitespace);
  const std::size_t comma = value.find(',');
  const std::string_view first = value.substr(0, comma);
  std::size_t family_start = 0;
  bool in_quote = false;
  char quote = 0;
  for (std::size_t i = 0; i < first.size(); ++i) {
    const char c = first[i];
    if (in_quote) {
      if (c == quote) in_quote = false;
      continue;
    }
    if (c == '"' || c == '\'') {
      in_quote = true, quote = c;
      continue;
    }
    if ((c == ' ' || c == '\t') && i + 1 < first.size()) {
      const char n = first[i + 1];
      if ((n >= '0' && n <= '9') || n == '.') {
        // A size token starts here; the family list starts after it.
        std::size_t j = i + 1;
        while (j < first.size() && first[j] != ' ' && first[j] != '\t') ++j;
        family_start = j;
      }
    } else if (i == 0 && ((c >= '0' && c <= '9') || c == '.')) {
      std::size_t j = 0;
      while (j < first.size() && first[j] != ' ' && first[j] != '\t') ++j;
      family_start = j;
    }
  }
  return Trim(value.substr(family_start), IsAsciiWhitespace);
}

// What a declaration block (or a style attribute) says about fonts.
struct FontDeclaration {
  bool has_family = false;         // a font-family or font property is present
  std::string_view first_family;   // the first family of the (last) such property
};

// Calls on_family(name) for every family named, and returns the effective declaration.
template <typename Fn>
FontDeclaration ParseDeclarations(std::string_view block, Fn&& on_family) {
  FontDeclaration d;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= block.size(); ++i) {
    if (i < block.size() && block[i] != ';') continue;
    const std::string_view decl = block.substr(start, i - start);
    start = i + 1;
    const std::size_t colon = decl.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string_view prop = Trim(decl.substr(0, colon), IsAsciiWhitespace);
    std::string_view value = Trim(decl.substr(colon + 1), IsAsciiWhitespace);
    const std::size_t bang = value.find('!');
    if (bang != std::string_view::npos) value = Trim(value.substr(0, bang), IsAsciiWhitespace);
    std::string_view list;
    if (IEquals(prop, "font-family")) {
      list = value;
    } else if (IEquals(prop, "font")) {
      list = ShorthandFamilies(value);
    } else {
      continue;
    }
    d.has_family = true;
    d.first_family = {};
    ForEachFamily(list, [&](std::string_view family) {
      if (d.first_family.empty()) d.first_family = family;
      on_family(family);
    });
  }
  return d;
}

// ---- CSS rules of <style> blocks ----------------------------------------------------------------

// A font of a rule or an element: a Tibetan font, or "some other font" (stops inheritance).
struct FontRef {
  bool set = false;
  const TibetanFont* font = nullptr;  // nullptr with set = a non-Tibetan font
};

struct CssRule {
  std::string_view tag;  // "" = any
  std::string_view cls;  // "" = none
  std::string_view id;   // "" = none
  FontRef font;
  std::uint32_t order = 0;
};

class CssRules {
 public:
  template <typename Fn>
  void Collect(std::string_view css, Fn&& on_family) {
    std::size_t prelude_start = 0;
    for (std::size_t i = 0; i < css.size(); ++i) {
      const char c = css[i];
      if (c == '/' && i + 1 < css.size() && css[i + 1] == '*') {
        const std::size_t end = css.find("*/", i + 2);
        if (end == std::string_view::npos) return;
        i = end + 1;
        continue;
      }
      if (c == '}' || c == ';') {
        prelude_start = i + 1;
        continue;
      }
      if (c != '{') continue;
      const std::string_view prelude = Trim(css.substr(prelude_start, i - prelude_start), IsAsciiWhitespace);
      if (!prelude.empty() && prelude[0] == '@' && !IStartsWith(prelude, "@font-face") &&
          !IStartsWith(prelude, "@page")) {
        prelude_start = i + 1;  // @media / @supports: rules nest inside
        continue;
      }
      const std::size_t close = css.find('}', i + 1);
      const std::string_view block = css.substr(i + 1, close == std::string_view::npos
                                                          ? std::string_view::npos
                                                          : close - i - 1);
      const FontDeclaration d = ParseDeclarations(block, on_family);
      if (d.has_family && prelude[0] != '@') AddRules(prelude, d);
      if (close == std::string_view::npos) return;
      i = close;
      prelude_start = close + 1;
    }
  }

  bool empty() const { return rules_.empty(); }

  // The font the rules give an element (highest specificity, then last in source order).
  FontRef Match(std::string_view tag, std::string_view classes, std::string_view id) const {
    FontRef best;
    int best_spec = -1;
    std::uint32_t best_order = 0;
    for (const CssRule& r : rules_) {
      if (!r.tag.empty() && r.tag != "*" && !IEquals(r.tag, tag)) continue;
      if (!r.id.empty() && r.id != id) continue;
      if (!r.cls.empty() && !HasClass(classes, r.cls)) continue;
      const int spec = (r.id.empty() ? 0 : 100) + (r.cls.empty() ? 0 : 10) +
                       (r.tag.empty() || r.tag == "*" ? 0 : 1);
      if (spec > best_spec || (spec == best_spec && r.order >= best_order)) {
        best = r.font, best_spec = spec, best_order = r.order;
      }
    }
    return best;
  }

 private:
  static bool HasClass(std::string_view classes, std::string_view cls) {
    std::size_t i = 0;
    while (i < classes.size()) {
      while (i < classes.size() && (classes[i] == ' ' || classes[i] == '\t' || classes[i] == '\n')) ++i;
      std::size_t j = i;
      while (j < classes.size() && classes[j] != ' ' && classes[j] != '\t' && classes[j] != '\n') ++j;
      if (j > i && classes.substr(i, j - i) == cls) return true;
      i = j;
    }
    return false;
  }

  void AddRules(std::string_view prelude, const FontDeclaration& d) {
    if (rules_.size() >= kMaxRules) return;
    FontRef font;
    font.set = true;
    font.font = FindTibetanFont(d.first_family);
    std::size_t start = 0;
    for (std::size_t i = 0; i <= prelude.size(); ++i) {
      if (i < prelude.size() && prelude[i] != ',') continue;
      std::string_view selector = Trim(prelude.substr(start, i - start), IsAsciiWhitespace);
      start = i + 1;
      // Last compound: after the last whitespace or combinator.
      const std::size_t cut = selector.find_last_of(" \t\n>+~");
      if (cut != std::string_view::npos) selector = selector.substr(cut + 1);
      if (selector.empty() || selector.find_first_of("[:") != std::string_view::npos) continue;
      CssRule r;
      r.font = font;
      r.order = static_cast<std::uint32_t>(rules_.size());
      std::size_t k = 0;
      while (k < selector.size() && selector[k] != '.' && selector[k] != '#') ++k;
      r.tag = selector.substr(0, k);
      while (k < selector.size()) {
        const char kind = selector[k];
        std::size_t e = k + 1;
        while (e < selector.size() && selector[e] != '.' && selector[e] != '#') ++e;
        const std::string_view name = selector.substr(k + 1, e - k - 1);
        if (kind == '.' && r.cls.empty()) r.cls = name;
        if (kind == '#' && r.id.empty()) r.id = name;
        k = e;
      }
      rules_.push_back(r);
    }
  }

  static constexpr std::size_t kMaxRules = 4096;
  std::vector<CssRule> rules_;
};

// ================================================================================================
// The page scanner
// ================================================================================================

bool IsVoidElement(std::string_view name) {
  static constexpr std::string_view kVoid[] = {"area", "base", "br", "col", "embed", "hr", "img",
                                               "input", "link", "meta", "param", "source", "track",
                                               "wbr", "basefont", "bgsound", "frame", "keygen"};
  for (std::string_view v : kVoid) {
    if (IEquals(name, v)) return true;
  }
  return false;
}

bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == ':' || c == '_';
}

// Finds `needle` ('<' + lower-case ASCII) case-insensitively in s from `from`.
std::size_t IFind(std::string_view s, std::string_view needle, std::size_t from) {
  for (std::size_t i = s.find(needle[0], from); i != std::string_view::npos; i = s.find(needle[0], i + 1)) {
    if (i + needle.size() > s.size()) return std::string_view::npos;
    if (IEquals(s.substr(i, needle.size()), needle)) return i;
  }
  return std::string_view::npos;
}

struct Attributes {
  std::string_view face, style, cls, id;
  bool self_closing = false;
};

// Parses the attributes of a start tag from s[i] (just after the name) to its '>'; returns the
// index after '>' (s.size() when unterminated).
std::size_t ParseAttributes(std::string_view s, std::size_t i, Attributes* a) {
  while (i < s.size()) {
    const char c = s[i];
    if (c == '>') return i + 1;
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '>') {
      a->self_closing = true;
      return i + 2;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/') {
      ++i;
      continue;
    }
    const std::size_t name_start = i;
    while (i < s.size() && s[i] != '=' && s[i] != '>' && s[i] != ' ' && s[i] != '\t' &&
           s[i] != '\n' && s[i] != '\r' && s[i] != '/') {
      ++i;
    }
    const std::string_view name = s.substr(name_start, i - name_start);
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    std::string_view value;
    if (i < s.size() && s[i] == '=') {
      ++i;
      while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
      if (i < s.size() && (s[i] == '"' || s[i] == '\'')) {
        const char q = s[i];
        const std::size_t end = s.find(q, i + 1);
        const std::size_t stop = end == std::string_view::npos ? s.size() : end;
        value = s.substr(i + 1, stop - i - 1);
        i = end == std::string_view::npos ? s.size() : end + 1;
      } else {
        const std::size_t vs = i;
        while (i < s.size() && s[i] != '>' && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' &&
               s[i] != '\r') {
          ++i;
        }
        value = s.substr(vs, i - vs);
      }
    }
    if (IEquals(name, "face")) a->face = value;
    else if (IEquals(name, "style")) a->style = value;
    else if (IEquals(name, "class")) a->cls = value;
    else if (IEquals(name, "id")) a->id = value;
  }
  return s.size();
}

// Walks the page: for each text run, visitor.OnText(begin, end, font) with the Tibetan font that
// covers it (nullptr: none); for each font family named anywhere, visitor.OnFamily(name).
template <typename Visitor>
class PageScanner {
 public:
  PageScanner(std::string_view html, Visitor& visitor) : html_(html), v_(visitor) {}

  void Run() {
    CollectStyles();
    stack_.reserve(64);
    std::size_t text_start = 0;
    std::size_t i = 0;
    while (i < html_.size()) {
      const std::size_t lt = html_.find('<', i);
      if (lt == std::string_view::npos) break;
      const std::size_t next = lt + 1 < html_.size() ? static_cast<std::size_t>(lt + 1) : lt;
      const char c = html_[next];
      const bool tagish = c == '/' || c == '!' || c == '?' || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
      if (!tagish) {
        i = lt + 1;
        continue;
      }
      if (lt > text_start) Text(text_start, lt);
      i = Tag(lt);
      text_start = i;
    }
    if (text_start < html_.size()) Text(text_start, html_.size());
  }

 private:
  struct Open {
    std::string_view name;
    const TibetanFont* font;  // effective Tibetan font (nullptr: none)
  };

  const TibetanFont* Current() const { return stack_.empty() ? nullptr : stack_.back().font; }

  void Text(std::size_t begin, std::size_t end) { v_.OnText(begin, end, Current()); }

  void CollectStyles() {
    auto on_family = [this](std::string_view f) { v_.OnFamily(f); };
    std::size_t i = 0;
    while ((i = IFind(html_, "<style", i)) != std::string_view::npos) {
      const std::size_t open_end = html_.find('>', i);
      if (open_end == std::string_view::npos) return;
      const std::size_t close = IFind(html_, "</style", open_end);
      const std::size_t stop = close == std::string_view::npos ? html_.size() : close;
      rules_.Collect(html_.substr(open_end + 1, stop - open_end - 1), on_family);
      if (close == std::string_view::npos) return;
      i = close + 7;
    }
  }

  // Handles the markup at html_[lt] ('<'); returns the index after it.
  std::size_t Tag(std::size_t lt) {
    const std::string_view s = html_;
    if (s.compare(lt, 4, "<!--") == 0) {
      const std::size_t end = s.find("-->", lt + 4);
      return end == std::string_view::npos ? s.size() : end + 3;
    }
    if (s[lt + 1] == '!' || s[lt + 1] == '?') {
      const std::size_t end = s.find('>', lt);
      return end == std::string_view::npos ? s.size() : end + 1;
    }
    if (s[lt + 1] == '/') {
      std::size_t e = lt + 2;
      while (e < s.size() && IsNameChar(s[e])) ++e;
      Close(s.substr(lt + 2, e - lt - 2));
      const std::size_t end = s.find('>', e);
      return end == std::string_view::npos ? s.size() : end + 1;
    }
    std::size_t e = lt + 1;
    while (e < s.size() && IsNameChar(s[e])) ++e;
    const std::string_view name = s.substr(lt + 1, e - lt - 1);
    Attributes a;
    std::size_t after = ParseAttributes(s, e, &a);
    if (IEquals(name, "script") || IEquals(name, "style")) {
      const std::size_t close = IFind(s, IEquals(name, "script") ? "</script" : "</style", after);
      if (close == std::string_view::npos) return s.size();
      const std::size_t end = s.find('>', close);
      return end == std::string_view::npos ? s.size() : end + 1;
    }
    if (IsVoidElement(name) || a.self_closing) return after;
    Push(name, a);
    return after;
  }

  void Push(std::string_view name, const Attributes& a) {
    FontRef own;
    auto on_family = [this](std::string_view f) { v_.OnFamily(f); };
    if (!a.style.empty()) {
      const FontDeclaration d = ParseDeclarations(a.style, on_family);
      if (d.has_family) own.set = true, own.font = FindTibetanFont(d.first_family);
    }
    if (!own.set && !rules_.empty()) own = rules_.Match(name, a.cls, a.id);
    if (!own.set && !a.face.empty() && IEquals(name, "font")) {
      std::string_view first;
      ForEachFamily(a.face, [&](std::string_view f) {
        if (first.empty()) first = f;
        on_family(f);
      });
      own.set = true;
      own.font = FindTibetanFont(first);
    } else if (!a.face.empty()) {
      ForEachFamily(a.face, on_family);
    }
    if (stack_.size() >= kMaxDepth) return;
    stack_.push_back({name, own.set ? own.font : Current()});
  }

  void Close(std::string_view name) {
    const std::size_t limit = std::min<std::size_t>(stack_.size(), kCloseSearch);
    for (std::size_t k = 0; k < limit; ++k) {
      const std::size_t idx = stack_.size() - 1 - k;
      if (IEquals(stack_[idx].name, name)) {
        stack_.resize(idx);
        return;
      }
    }
  }

  static constexpr std::size_t kMaxDepth = 1u << 16;
  static constexpr std::size_t kCloseSearch = 64;
  std::string_view html_;
  Visitor& v_;
  CssRules rules_;
  std::vector<Open> stack_;
};

// ================================================================================================
// Identification
// ================================================================================================

bool IsGbCharset(std::string_view label) {
  label = Trim(label, IsAsciiWhitespace);
  for (std::string_view gb : {"gb2312", "gbk", "gb18030", "x-gbk", "cp936", "euc-cn", "csgb2312",
                              "chinese", "iso-ir-58", "windows-936"}) {
    if (IEquals(label, gb)) return true;
  }
  return false;
}

template <typename T>
void AddUnique(std::vector<T>& v, const T& x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

struct IdentifyVisitor {
  IdentifyVisitor(std::string_view html, const TibetanOptions& o)
      : html(html),
        meter(o),
        ascii(SyllableCounter::Alphabet::kLegacy, o.max_syllable_length),
        gb(SyllableCounter::Alphabet::kLegacy, o.max_syllable_length_gb) {}

  void OnFamily(std::string_view family) {
    if (const TibetanFont* f = FindTibetanFont(family)) AddUnique(fonts, f);
  }

  void OnText(std::size_t begin, std::size_t end, const TibetanFont* font) {
    const std::string_view text = html.substr(begin, end - begin);
    const bool legacy = font != nullptr && font->kind != TibetanFontKind::kUnicode;
    if (legacy) {
      AddUnique(legacy_used, font);
      SyllableCounter& c = font->kind == TibetanFontKind::kAscii ? ascii : gb;
      if (last_legacy == nullptr || font->encoding != last_legacy->encoding) c.Break();
      c.SetLegacyDots(font->dots);
      for (std::size_t i = 0; i < text.size();) c.Add(NextTextChar(text, i));
      last_legacy = font;
      meter.Break();
      return;
    }
    if (last_legacy != nullptr) {
      ascii.Break(), gb.Break();
      last_legacy = nullptr;
    }
    meter.Add(text, true);
  }

  std::string_view html;
  TibetanTextMeter meter;
  SyllableCounter ascii, gb;
  std::vector<const TibetanFont*> fonts, legacy_used;
  const TibetanFont* last_legacy = nullptr;
};

struct Candidate {
  TibetanEncoding encoding;
  SyllableStats stats;
  int max_length;
  TibetanFontKind legacy_kind;  // for legacy candidates
};

// Applies the paper's test and pith's guards; fills reason. True when the candidate passes.
bool Judge(const Candidate& c, std::uint32_t other_words, const TibetanOptions& o, std::string* why,
           double* share) {
  const SyllableStats& s = c.stats;
  *share = s.fitting ? static_cast<double>(s.fitting) / (s.fitting + other_words) : 0.0;
  char buf[320];
  std::snprintf(buf, sizeof buf,
                "%s: %u of %u syllables fit 1..%d (%.2f, need %.2f); dots %.3f of Tibetan characters "
                "(need %.3f); Tibetan share %.2f (need %.2f)",
                TibetanEncodingName(c.encoding), s.fitting, s.dots, c.max_length, s.fit_ratio(),
                o.min_fit_ratio, s.dot_share(), o.min_dot_share, *share, o.min_tibetan_share);
  *why = buf;
  if (s.dots == 0) {
    *why += " -> no syllable dots";
    return false;
  }
  if (s.fit_ratio() < o.min_fit_ratio) {
    *why += " -> too few syllables fit";
    return false;
  }
  if (s.fitting < static_cast<std::uint32_t>(std::max(0, o.min_syllables))) {
    std::snprintf(buf, sizeof buf, " -> fewer than %d syllables", o.min_syllables);
    why->append(buf);
    return false;
  }
  if (s.dot_share() < o.min_dot_share) {
    *why += " -> too few dots";
    return false;
  }
  if (*share < o.min_tibetan_share) {
    *why += " -> Tibetan is a minor part of the page";
    return false;
  }
  *why += " -> Tibetan";
  return true;
}

}  // namespace

TibetanTextMeter::TibetanTextMeter(const TibetanOptions& o)
    : unicode_(SyllableCounter::Alphabet::kUnicode, o.max_syllable_length),
      zhigong_(SyllableCounter::Alphabet::kZhigong, o.max_syllable_length) {}

void TibetanTextMeter::Break() {
  unicode_.Break(), zhigong_.Break();
  in_word_ = false;
}

void TibetanTextMeter::Add(std::string_view text, bool references) {
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80 && (b != '&' || !references)) {  // fast path: ASCII
      ++i;
      unicode_.Break(), zhigong_.Break();
      const bool letter = (b | 0x20) >= 'a' && (b | 0x20) <= 'z';
      if (letter && !in_word_) ++other_words_;
      in_word_ = letter;
      continue;
    }
    const char32_t c = references ? NextTextChar(text, i) : NextCodePoint(text, i);
    unicode_.Add(c), zhigong_.Add(c);
    const Script script = ScriptOf(c);
    if (script == Script::kCjk) {
      ++other_words_;
      in_word_ = false;
    } else if (script != Script::kNone && script != Script::kTibetan && script != Script::kOther) {
      if (!in_word_) ++other_words_;
      in_word_ = true;
    } else {
      in_word_ = false;
    }
  }
}

namespace {

Candidate UnicodeCandidate(const TibetanTextMeter& m, const TibetanOptions& options) {
  const SyllableStats& u = m.unicode();
  const SyllableStats& z = m.zhigong();
  if (z.fitting > u.fitting) {
    return {TibetanEncoding::kPuaZhigong, z, options.max_syllable_length, TibetanFontKind::kUnicode};
  }
  // Extension set A: private-use stacks make a visible part (over 5%) of the syllable characters.
  const bool ext_a = u.pua_chars > 0 && u.pua_chars * 20 > u.syllable_chars;
  return {ext_a ? TibetanEncoding::kPuaExtensionA : TibetanEncoding::kUnicode, u,
          options.max_syllable_length, TibetanFontKind::kUnicode};
}

}  // namespace

void JudgeUnicodeTibetan(const TibetanTextMeter& meter, const TibetanOptions& options,
                         TibetanEvidence* ev) {
  const Candidate c = UnicodeCandidate(meter, options);
  double share = 0;
  ev->tibetan = Judge(c, meter.other_words(), options, &ev->reason, &share);
  ev->encoding = c.stats.dots > 0 ? c.encoding : TibetanEncoding::kNone;
  ev->syllables = c.stats;
  ev->max_syllable_length = c.max_length;
  ev->other_words = meter.other_words();
  ev->tibetan_share = share;
}

TibetanEvidence IdentifyTibetan(std::string_view raw_bytes, std::string_view utf8,
                                const TibetanOptions& options) {
  TibetanEvidence ev;
  ev.charset = decode::PrescanMetaCharset(raw_bytes.empty() ? utf8 : raw_bytes);
  IdentifyVisitor v(utf8, options);
  PageScanner<IdentifyVisitor>(utf8, v).Run();
  for (const TibetanFont* f : v.fonts) ev.fonts.emplace_back(f->name);
  ev.other_words = v.meter.other_words();

  // §2.2 order: small-charset (ASCII) fonts → (2); large-charset fonts with a GB2312 charset → (4);
  // otherwise → (5) Unicode / private-use sets. pith tries every applicable family in that order and
  // takes the first that passes (a page may name a legacy font it no longer uses).
  std::vector<Candidate> candidates;
  bool ascii_used = false, gb_used = false;
  for (const TibetanFont* f : v.legacy_used) {
    ascii_used |= f->kind == TibetanFontKind::kAscii;
    gb_used |= f->kind == TibetanFontKind::kGb2312;
  }
  if (ascii_used) {
    candidates.push_back({TibetanEncoding::kAsciiFont, v.ascii.stats(), options.max_syllable_length,
                          TibetanFontKind::kAscii});
  }
  if (gb_used && IsGbCharset(ev.charset)) {
    candidates.push_back({TibetanEncoding::kGb2312Font, v.gb.stats(), options.max_syllable_length_gb,
                          TibetanFontKind::kGb2312});
  }
  candidates.push_back(UnicodeCandidate(v.meter, options));

  const Candidate* chosen = nullptr;
  std::string why;
  double share = 0;
  for (const Candidate& c : candidates) {
    if (Judge(c, v.meter.other_words(), options, &why, &share)) {
      chosen = &c;
      break;
    }
  }
  const Candidate* reported = chosen;
  if (!reported) {
    // Not Tibetan: report the family with the most dots (the best evidence there was).
    for (const Candidate& c : candidates) {
      if (!reported || c.stats.dots > reported->stats.dots) reported = &c;
    }
    Judge(*reported, v.meter.other_words(), options, &why, &share);
  }
  ev.tibetan = chosen != nullptr;
  ev.encoding = reported->stats.dots > 0 ? reported->encoding : TibetanEncoding::kNone;
  ev.syllables = reported->stats;
  ev.max_syllable_length = reported->max_length;
  ev.tibetan_share = share;
  ev.reason = why;
  if (reported->encoding == TibetanEncoding::kAsciiFont ||
      reported->encoding == TibetanEncoding::kGb2312Font) {
    ev.convertible = true;
    for (const TibetanFont* f : v.legacy_used) {
      if (f->kind != reported->legacy_kind) continue;
      AddUnique(ev.legacy_fonts, std::string(f->name));
      if (ev.legacy_encoding.empty()) ev.legacy_encoding = std::string(f->encoding);
      if (f->table < 0) ev.convertible = false;
    }
  }
  return ev;
}

// ================================================================================================
// Conversion
// ================================================================================================
namespace {

// cp1252 code points of bytes 0x80..0x9F (0 where the byte is undefined).
constexpr char16_t kCp1252High[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

// The byte a cp1252 browser decoded to `c`, or -1.
int Cp1252Byte(char32_t c) {
  if (c < 0x80 || (c >= 0xA0 && c < 0x100)) return static_cast<int>(c);
  if (c >= 0x80 && c < 0xA0) return static_cast<int>(c);  // C1 controls: bytes kept as is
  for (int k = 0; k < 32; ++k) {
    if (kCp1252High[k] == c) return 0x80 + k;
  }
  return -1;
}

void AppendEscaped(char32_t c, std::string& out) {
  switch (c) {
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '&': out += "&amp;"; break;
    default: AppendUtf8(c, out);
  }
}

// Converts one text run (possibly holding character references); returns chars converted.
std::uint32_t ConvertRun(std::string_view text, const internal::LegacyFontTable& table, std::string& out,
                         std::uint32_t* unmapped) {
  std::uint32_t converted = 0;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t start = i;
    const char32_t c = NextTextChar(text, i);
    if (c <= 0x20 || IsSpace(c)) {
      out.append(text.substr(start, i - start));
      continue;
    }
    const int byte = c == kUnknownReference ? -1 : Cp1252Byte(c);
    const std::uint32_t cell = byte >= 0 ? table.cells[byte] : 0;
    if (cell == 0) {
      if (unmapped) ++*unmapped;
      if (c == kUnknownReference) out.append(text.substr(start, i - start));
      else AppendEscaped(c, out);
      continue;
    }
    out.append(internal::kLegacyGlyphText + (cell >> 8), cell & 0xFF);
    ++converted;
  }
  return converted;
}

struct ConvertVisitor {
  explicit ConvertVisitor(std::string_view html, LegacyConversion* out) : html(html), out(out) {}

  void OnFamily(std::string_view) {}

  void OnText(std::size_t begin, std::size_t end, const TibetanFont* font) {
    if (font == nullptr || font->kind == TibetanFontKind::kUnicode) return;
    const std::string_view text = html.substr(begin, end - begin);
    if (font->table < 0) {
      bool has_text = false;
      for (char ch : text) has_text |= !(ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r');
      if (has_text) AddUnique(out->unconverted_fonts, std::string(font->name));
      return;
    }
    out->html.append(html.substr(copied, begin - copied));
    out->converted += ConvertRun(text, internal::kLegacyFonts[font->table], out->html, &out->unmapped);
    copied = end;
    AddUnique(out->converted_fonts, std::string(font->name));
  }

  std::string_view html;
  LegacyConversion* out;
  std::size_t copied = 0;
};

}  // namespace

namespace {

// Whether html[i .. i + 4) is "face" or "font" in any ASCII case.
inline bool IsFaceOrFont(std::string_view html, std::size_t i) {
  const auto folded = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(html[k]) | 0x20); };
  constexpr auto pack = [](const char (&w)[5]) {
    std::uint32_t packed = 0;
    for (int k = 3; k >= 0; --k) packed = packed << 8 | static_cast<std::uint32_t>(w[k]);
    return packed;
  };
  const std::uint32_t word = folded(i) | folded(i + 1) << 8 | folded(i + 2) << 16 | folded(i + 3) << 24;
  return word == pack("face") || word == pack("font");
}

// The vector scan of FindFaceOrFont: each of the four letters is compared at every place of a block
// at once (the block loaded at four offsets, OR 0x20 folding A-Z onto a-z), so only places that
// hold f, a|o, c|n, e|t in a row ("face", "font", and rarely "fane" or "foct") are tested whole.
#if defined(__x86_64__) && defined(__SSE2__)
#define PITH_FACE_OR_FONT_BLOCK(Vec, Load, Or, And, Eq, Set1, MoveMask)                                    \
  const Vec case_bit = Set1(0x20);                                                                     \
  const auto* const base = html.data();                                                                \
  for (; i + sizeof(Vec) + 3 <= html.size(); i += sizeof(Vec)) {                                       \
    const Vec b0 = Or(Load(reinterpret_cast<const Vec*>(base + i)), case_bit);                         \
    const Vec b1 = Or(Load(reinterpret_cast<const Vec*>(base + i + 1)), case_bit);                     \
    const Vec b2 = Or(Load(reinterpret_cast<const Vec*>(base + i + 2)), case_bit);                     \
    const Vec b3 = Or(Load(reinterpret_cast<const Vec*>(base + i + 3)), case_bit);                     \
    Vec m = And(Eq(b0, Set1('f')), Or(Eq(b1, Set1('a')), Eq(b1, Set1('o'))));                          \
    m = And(m, Or(Eq(b2, Set1('c')), Eq(b2, Set1('n'))));                                              \
    m = And(m, Or(Eq(b3, Set1('e')), Eq(b3, Set1('t'))));                                              \
    for (auto mask = static_cast<std::uint32_t>(MoveMask(m)); mask != 0; mask &= mask - 1) {           \
      const std::size_t at = i + static_cast<std::size_t>(std::countr_zero(mask));                     \
      if (IsFaceOrFont(html, at)) return at;                                                           \
    }                                                                                                  \
  }

// The AVX2 blocks from *from on: the place found, or npos with *from where the blocks stopped.
[[gnu::target("avx2")]] std::size_t FindFaceOrFontAvx2(std::string_view html, std::size_t* from) {
  std::size_t& i = *from;
  PITH_FACE_OR_FONT_BLOCK(__m256i, _mm256_loadu_si256, _mm256_or_si256, _mm256_and_si256, _mm256_cmpeq_epi8,
                          _mm256_set1_epi8, _mm256_movemask_epi8)
  return std::string_view::npos;
}
#endif

// Where "face" or "font" (in any ASCII case) next starts in html at or after `from`, or npos. This
// reads every byte of every page: 32 places at a time with AVX2, 16 with SSE2.
std::size_t FindFaceOrFont(std::string_view html, std::size_t from) {
  if (html.size() < 4) return std::string_view::npos;
  std::size_t i = from;
#if defined(__x86_64__) && defined(__SSE2__)
  if (ScansUseAvx2()) {
    const std::size_t found = FindFaceOrFontAvx2(html, &i);
    if (found != std::string_view::npos) return found;
  }
  PITH_FACE_OR_FONT_BLOCK(__m128i, _mm_loadu_si128, _mm_or_si128, _mm_and_si128, _mm_cmpeq_epi8, _mm_set1_epi8,
                          _mm_movemask_epi8)
#undef PITH_FACE_OR_FONT_BLOCK
#endif
  for (; i + 4 <= html.size(); ++i) {
    if (IsFaceOrFont(html, i)) return i;
  }
  return std::string_view::npos;
}

}  // namespace

bool DeclaresLegacyTibetanFont(std::string_view html, std::vector<std::string>* fonts) {
  bool found = false;
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  auto name_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == ' ' || c == '(' || c == ')';
  };
  // Every "face" (<font face>) and "font" (font, font-family) followed by '=' or ':' introduces a
  // list of family names; the CSS shorthand puts sizes first ("font: 28pt TibetanMachineWeb").
  for (std::size_t word = FindFaceOrFont(html, 0); word != std::string_view::npos;
       word = FindFaceOrFont(html, word + 1)) {
    const bool is_font = lower(html[word + 1]) == 'o';
    std::size_t i = word + 4;
    if (is_font && i + 7 <= html.size() && html[i] == '-' &&
        lower(html[i + 1]) == 'f' && lower(html[i + 6]) == 'y') {
      i += 7;  // font-family
    }
    while (i < html.size() && (html[i] == ' ' || html[i] == '\t')) ++i;
    if (i >= html.size() || (html[i] != '=' && html[i] != ':')) continue;
    ++i;
    const std::size_t end = std::min(html.size(), i + 200);
    // Candidate names: runs of name characters between quotes, commas and the end of the value;
    // the shorthand's leading sizes are tried as well and simply match no font.
    std::size_t j = i;
    while (j < end && html[j] != ';' && html[j] != '}' && html[j] != '>' && html[j] != '\n') {
      while (j < end && !name_char(html[j]) && html[j] != ';' && html[j] != '}' && html[j] != '>') ++j;
      const std::size_t b = j;
      while (j < end && name_char(html[j])) ++j;
      std::string_view run = html.substr(b, j - b);
      while (!run.empty() && run.front() == ' ') run.remove_prefix(1);
      while (!run.empty() && run.back() == ' ') run.remove_suffix(1);
      if (run.size() < 3) continue;
      // "28pt TibetanMachineWeb": try the whole run, then its last space-separated word.
      const TibetanFont* font = FindTibetanFont(run);
      if (!font) {
        const std::size_t space = run.rfind(' ');
        if (space != std::string_view::npos) font = FindTibetanFont(run.substr(space + 1));
      }
      if (font && font->kind != TibetanFontKind::kUnicode) {
        found = true;
        if (!fonts) return true;
        if (std::find(fonts->begin(), fonts->end(), font->name) == fonts->end()) fonts->emplace_back(font->name);
      }
    }
  }
  return found;
}

bool ConvertLegacyTibetan(std::string_view utf8_html, LegacyConversion* out) {
  *out = LegacyConversion();
  out->html.reserve(utf8_html.size() + utf8_html.size() / 2);
  ConvertVisitor v(utf8_html, out);
  PageScanner<ConvertVisitor>(utf8_html, v).Run();
  out->html.append(utf8_html.substr(v.copied));
  return !out->converted_fonts.empty();
}

std::string ConvertLegacyText(std::string_view utf8_text, const TibetanFont& font, std::uint32_t* unmapped) {
  std::string out;
  if (font.table < 0 || static_cast<std::size_t>(font.table) >= internal::kLegacyFontCount) {
    out.assign(utf8_text);
    return out;
  }
  ConvertRun(utf8_text, internal::kLegacyFonts[font.table], out, unmapped);
  return out;
}

}  // namespace pith::decode
