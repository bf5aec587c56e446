// meta/language.cc — language from declarations checked against the text: scripts are counted
// over the first 8 KB of the text stream (distinctive letters tell Uyghur, Urdu and Persian
// apart inside Arabic script, Ukrainian and Russian inside Cyrillic), and Latin-script languages
// are told apart by their most frequent short words (meta/tables.h).
#include "meta/language.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include "meta/metadata.h"
#include "meta/tables.h"
#include "meta/text_util.h"
#include "text/word_bytes.h"

namespace pith::meta {

using dom::Attr;
using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

namespace {

constexpr std::size_t kLangSampleBytes = 8 * 1024;

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

std::string NormalizeLangTag(std::string_view tag) {
  tag = Trim(tag, IsControlOrSpace);
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

void ChooseLanguageAndDirection(const dom::Document& doc, const Facts& f, const LdInfo& ld, const Stream& st,
                                const Anchor& anchor, NodeId heading, std::string_view html_title,
                                Metadata* out) {
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
    const std::string d = LowerAscii(Trim(v, IsControlOrSpace));
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

}  // namespace pith::meta
