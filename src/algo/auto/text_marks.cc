// What a block's text says by its marks, for steps 2, 5 and 6 of `auto`: whether it ends a
// sentence or with a colon, opens with a date, or is a legal notice.
#include <string_view>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"
#include "meta/date.h"
#include "text/ascii.h"

namespace pith::algo::auto_steps {

// True when the text's last visible character is an ASCII or full-width colon.
bool EndsWithColon(std::string_view text) {
  const std::size_t end = text.find_last_not_of(" \t\r\n\f");
  if (end == std::string_view::npos) return false;
  const std::string_view trimmed = text.substr(0, end + 1);
  return trimmed.ends_with(":") || trimmed.ends_with("\uFF1A");
}

// True when the text's last visible character (past closing quotes and brackets) ends a sentence
// or announces what follows (a colon) in any script.
bool EndsSentence(std::string_view text) {
  char32_t last = 0, before_last = 0;
  for (std::size_t i = 0; i < text.size();) {
    const char32_t c = text::NextCodePoint(text, i);
    if (text::IsSpace(c)) continue;
    before_last = last;
    last = c;
  }
  switch (last) {
    case U'"': case U'\'': case U')': case U'\u201D': case U'\u2019': case U'\u00BB': case U'\u300D':
    case U'\u300F': case U'\uFF09':
      last = before_last;
      break;
    default:
      break;
  }
  switch (last) {
    case U'.': case U'!': case U'?': case U':': case U';': case U'\u2026':   // …
    case U'\u3002': case U'\uFF01': case U'\uFF1F': case U'\uFF1A': case U'\uFF1B':  // 。！？：；
    case U'\u061F': case U'\u06D4':                                      // Arabic ؟ ۔
    case U'\u0964': case U'\u0F0D': case U'\u104B':                       // danda, shad, Burmese
    case U'\u17D4': case U'\u17D5': case U'\u1362': case U'\u1367':         // Khmer, Ethiopic
    case U'\u05C3': case U'\u0DF4': case U'\u1803':                       // Hebrew, Sinhala, Mongolian
      return true;
    default:
      return false;
  }
}

// A block that begins with a date: a dateline ("2018年6月18日 10:01 発信地：カノ/ナイジェリア
// [ ナイジェリア アフリカ ]"), whatever its length, unless it ends a sentence.
bool Dateline(std::string_view text) {
  constexpr std::size_t kDateBytes = 48;  // a date with its time and zone, in any script
  meta::DateMatch m;
  const std::size_t first = text.find_first_not_of(" \t\r\n\f");
  return first != std::string_view::npos && meta::NextDateInText(text.substr(0, first + kDateBytes), first, &m) &&
         m.begin == first;
}

// The site's legal notice: a line with the copyright sign or the word "copyright" (any case;
// Chinese 版权 / 版權), one that opens with a legal label (OpensLegalNotice), or one whose label
// of at most four characters ends in 声明 ("statement") before a colon ("网易声明："). Measured on
// the full corpus against the sign and the English word alone (shingle F1 / char F): daniel-dev
// 0.9341 / 0.9399 → 0.9347 / 0.9408 (Chinese portals' reprint notices and disclaimers: 11 pages
// better; 5 worse, all one portal whose truths keep its disclaimer on 4 of 8 pages), zh-cwced
// +0.0001 (2 pages better), other sets unchanged. 版权 alone: 4 pages better, none worse. The
// label in brackets ("【免责声明】本文仅代表作者本人观点…"): daniel-dev 0.9362 / 0.9427 → 0.9365 /
// 0.9431 (one page better), other sets unchanged.
bool IsLegalNotice(std::string_view text) {
  if (text.find("\u00A9") != std::string_view::npos || text.find("\u7248\u6743") != std::string_view::npos ||
      text.find("\u7248\u6B0A") != std::string_view::npos) {
    return true;
  }
  if (text::FindIgnoreAsciiCase(text, "copyright") != std::string_view::npos) return true;
  if (OpensLegalNotice(text)) return true;
  std::size_t begin = 0;
  while (begin < text.size() && text::IsSpace(static_cast<unsigned char>(text[begin]))) ++begin;
  const std::string_view line = text.substr(begin);
  constexpr std::string_view kStatement = "\u58F0\u660E";  // 声明
  const std::size_t mark = line.find(kStatement);
  if (mark == std::string_view::npos || mark > 12) return false;
  const std::string_view after = line.substr(mark + kStatement.size());
  return after.starts_with("\uFF1A") || after.starts_with(":");
}

// Text that opens, past spaces and opening brackets ("【", "[", "(", "（", "「", "*"), with a legal
// label: the copyright sign, "Copyright" or "Disclaimer" (any case), 免责声明 / 免責聲明
// ("disclaimer") or 版权 / 版權 ("copyright").
bool OpensLegalNotice(std::string_view text) {
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t next = begin;
    const char32_t c = text::NextCodePoint(text, next);
    if (!text::IsSpace(c) && c != U'[' && c != U'(' && c != U'*' && c != U'\u3010' && c != U'\u3016' &&
        c != U'\u300C' && c != U'\uFF08') {
      break;
    }
    begin = next;
  }
  const std::string_view line = text.substr(begin);
  if (line.starts_with("\u00A9") || text::StartsWithIgnoreAsciiCase(line, "copyright") ||
      text::StartsWithIgnoreAsciiCase(line, "disclaimer")) {
    return true;
  }
  static constexpr std::string_view kLabels[] = {"\u514D\u8D23\u58F0\u660E", "\u514D\u8CAC\u8072\u660E",
                                                 "\u7248\u6743", "\u7248\u6B0A"};
  for (const std::string_view label : kLabels) {
    if (line.starts_with(label)) return true;
  }
  return false;
}

}  // namespace pith::algo::auto_steps
