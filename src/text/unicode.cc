// Range tables for whitespace, punctuation and script classes.
#include "text/unicode.h"

namespace pith::text {

const char* ScriptName(Script s) {
  switch (s) {
    case Script::kNone: return "none";
    case Script::kLatin: return "latin";
    case Script::kCyrillic: return "cyrillic";
    case Script::kGreek: return "greek";
    case Script::kArabic: return "arabic";
    case Script::kHebrew: return "hebrew";
    case Script::kCjk: return "cjk";
    case Script::kTibetan: return "tibetan";
    case Script::kIndic: return "indic";
    case Script::kSoutheastAsian: return "southeast-asian";
    case Script::kOther: return "other";
    case Script::kCount: break;
  }
  return "other";
}

bool IsSpace(char32_t c) {
  if (c < 0x80) return c == ' ' || (c >= '\t' && c <= '\r');
  switch (c) {
    case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029: case 0x202F: case 0x205F:
    case 0x3000: case 0x200B: case 0x200C: case 0x200D: case 0x2060: case 0xFEFF:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200A;
  }
}

bool IsPunct(char32_t c) {
  if (c < 0x80) {
    return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
           (c >= '{' && c <= '~');
  }
  return c == 0xA1 || c == 0xA7 || c == 0xAB || c == 0xB6 || c == 0xB7 || c == 0xBB || c == 0xBF ||
         c == 0x37E || c == 0x387 ||                            // Greek question mark, ano teleia
         (c >= 0x55A && c <= 0x55F) || c == 0x589 ||            // Armenian
         c == 0x5BE || c == 0x5C0 || c == 0x5C3 || c == 0x5C6 || c == 0x5F3 || c == 0x5F4 ||  // Hebrew
         c == 0x60C || c == 0x60D || c == 0x61B || c == 0x61F || c == 0x6D4 ||  // Arabic
         (c >= 0x964 && c <= 0x965) ||                           // danda
         c == 0xDF4 || c == 0xE4F || c == 0xE5A || c == 0xE5B ||   // Sinhala, Thai
         (c >= 0xF04 && c <= 0xF0A) || (c >= 0xF0D && c <= 0xF14) ||  // Tibetan marks, shad
         (c >= 0x104A && c <= 0x104F) || c == 0x10FB ||            // Myanmar section marks, Georgian
         (c >= 0x1362 && c <= 0x1368) ||                           // Ethiopic (not the wordspace U+1361)
         (c >= 0x17D4 && c <= 0x17D6) || (c >= 0x17D8 && c <= 0x17DA) ||  // Khmer khan, ...
         (c >= 0x1800 && c <= 0x180A) ||                           // Mongolian
         (c >= 0x2010 && c <= 0x2027) || (c >= 0x2030 && c <= 0x205E) ||
         (c >= 0x3001 && c <= 0x3003) || (c >= 0x3008 && c <= 0x3011) ||
         (c >= 0x3014 && c <= 0x301F) || c == 0x30FB ||
         (c >= 0xFE10 && c <= 0xFE19) || (c >= 0xFE30 && c <= 0xFE4F) ||
         (c >= 0xFE50 && c <= 0xFE6B) ||
         (c >= 0xFF01 && c <= 0xFF0F) || (c >= 0xFF1A && c <= 0xFF20) ||
         (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65);
}

bool IsCurrencySign(char32_t c) {
  if (c < 0x80) return c == '$';
  if (c >= 0x20A0 && c <= 0x20C0) return true;  // ₠ ... € ... ₹ ₺ ₼ ₽ ₾ ₿ ⃀
  switch (c) {
    case 0xA2: case 0xA3: case 0xA4: case 0xA5:    // ¢ £ ¤ ¥
    case 0x58F: case 0x60B: case 0x7FE: case 0x7FF:  // Armenian dram, Afghani, N'Ko
    case 0x9F2: case 0x9F3: case 0x9FB: case 0xAF1: case 0xBF9:  // Bengali, Gujarati, Tamil rupee
    case 0xE3F: case 0x17DB: case 0xA838:           // Thai baht, Khmer riel, North Indic rupee
    case 0xFDFC: case 0xFE69: case 0xFF04:          // rial, small and full-width dollar
    case 0xFFE0: case 0xFFE1: case 0xFFE5: case 0xFFE6:  // full-width ¢ £ ¥ ₩
      return true;
    default:
      return false;
  }
}

Script ScriptOf(char32_t c) {
  if (c < 0x80) {
    return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ? Script::kLatin : Script::kNone;
  }
  if (c < 0x250) return (c >= 0xC0 && c != 0xD7 && c != 0xF7) ? Script::kLatin : Script::kNone;
  if (c < 0x370) return c < 0x2B0 ? Script::kLatin : Script::kNone;
  if (c < 0x400) return Script::kGreek;
  if (c < 0x530) return Script::kCyrillic;
  if (c < 0x590) return Script::kOther;  // Armenian
  if (c < 0x600) return Script::kHebrew;
  if (c < 0x700) return (c >= 0x660 && c <= 0x669) || (c >= 0x6F0 && c <= 0x6F9) ? Script::kNone : Script::kArabic;
  if (c < 0x750) return Script::kOther;  // Syriac
  if (c < 0x780) return Script::kArabic;
  if (c < 0x900) return c >= 0x8A0 ? Script::kArabic : Script::kOther;
  if (c < 0xE00) return Script::kIndic;
  if (c < 0xF00) return Script::kSoutheastAsian;  // Thai, Lao
  if (c < 0x1000) return Script::kTibetan;
  if (c < 0x10A0) return Script::kSoutheastAsian;  // Myanmar
  if (c < 0x1100) return Script::kOther;
  if (c < 0x1200) return Script::kCjk;  // Hangul Jamo
  if (c >= 0x1780 && c < 0x1800) return Script::kSoutheastAsian;  // Khmer
  if (c >= 0x1D00 && c < 0x1F00) return Script::kLatin;  // phonetic ext., Latin ext. additional
  if (c >= 0x1F00 && c < 0x2000) return Script::kGreek;
  if (c < 0x2E80) return (c >= 0x2C60 && c < 0x2C80) ? Script::kLatin : Script::kNone;
  if (c < 0x3000) return Script::kCjk;  // radicals
  if (c < 0x3040) return c == 0x3005 || c == 0x3007 ? Script::kCjk : Script::kNone;  // CJK symbols
  if (c < 0x3100) return Script::kCjk;  // kana
  if (c < 0x3130) return Script::kCjk;  // bopomofo
  if (c < 0x3190) return Script::kCjk;  // hangul compatibility jamo
  if (c < 0x3400) return c >= 0x31A0 ? Script::kCjk : Script::kNone;
  if (c < 0xA000) return Script::kCjk;  // CJK ext. A, unified
  if (c >= 0xA960 && c < 0xA980) return Script::kCjk;
  if (c >= 0xAC00 && c < 0xD7B0) return Script::kCjk;  // Hangul syllables
  if (c >= 0xE000 && c < 0xF900) return Script::kOther;  // private use (legacy Tibetan fonts)
  if (c >= 0xF900 && c < 0xFB00) return Script::kCjk;  // compatibility ideographs
  if (c >= 0xFB00 && c < 0xFB07) return Script::kLatin;
  if (c >= 0xFB1D && c < 0xFB50) return Script::kHebrew;
  if (c >= 0xFB50 && c < 0xFE00) return Script::kArabic;
  if (c >= 0xFE70 && c < 0xFEFF) return Script::kArabic;
  if (c >= 0xFF21 && c < 0xFF3B) return Script::kLatin;  // full-width Latin
  if (c >= 0xFF41 && c < 0xFF5B) return Script::kLatin;
  if (c >= 0xFF66 && c < 0xFFE0) return Script::kCjk;  // half-width kana, hangul
  if (c >= 0x20000 && c < 0x32000) return Script::kCjk;  // CJK ext. B..
  if (c >= 0x1F000) return Script::kNone;  // emoji, symbols
  return Script::kOther;
}

std::size_t CountNonSpace(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      ++i;
      if (!(b == ' ' || (b >= '\t' && b <= '\r'))) ++n;
      continue;
    }
    if (!IsSpace(NextCodePoint(s, i))) ++n;
  }
  return n;
}

void AppendUtf8(char32_t cp, std::string& out) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace pith::text
