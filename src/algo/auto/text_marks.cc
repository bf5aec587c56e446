// What a block's text says by its marks, for steps 2, 5 and 6 of `auto` (driver: auto.cc):
// whether it ends a sentence or with a colon (in any script: tables.h lists the marks), opens
// with a date (date/date.h), or is a legal notice. Sentence marks are the evidence paper 000 and
// paper 001 read as punctuation density; here they tell a sentence from a label or a byline.
#include <string_view>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"
#include "date/date.h"
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
  if (kClosingMarks.find(last) != std::u32string_view::npos) last = before_last;
  return kSentenceEndMarks.find(last) != std::u32string_view::npos;
}

// A block that begins with a date: a dateline ("2018年6月18日 10:01 発信地：カノ/ナイジェリア
// [ ナイジェリア アフリカ ]"), whatever its length, unless it ends a sentence.
bool Dateline(std::string_view text) {
  constexpr std::size_t kDateBytes = 48;  // a date with its time and zone, in any script
  date::DateMatch m;
  const std::size_t first = text.find_first_not_of(" \t\r\n\f");
  return first != std::string_view::npos && date::NextDateInText(text.substr(0, first + kDateBytes), first, &m) &&
         m.begin == first;
}

// The site's legal notice: a line with the copyright sign or the word "copyright" (any case;
// Chinese 版权 / 版權), one that opens with a legal label (OpensLegalNotice), or one whose label
// of at most four characters ends in 声明 ("statement") before a colon ("网易声明："): Chinese
// portals' reprint notices and disclaimers.
bool IsLegalNotice(std::string_view text) {
  for (const std::string_view word : kCopyrightWords) {
    if (text::FindIgnoreAsciiCase(text, word) != std::string_view::npos) return true;
  }
  if (OpensLegalNotice(text)) return true;
  std::size_t begin = 0;
  while (begin < text.size() && text::IsSpace(static_cast<unsigned char>(text[begin]))) ++begin;
  const std::string_view line = text.substr(begin);
  const std::size_t mark = line.find(kStatementWord);
  if (mark == std::string_view::npos || mark > 12) return false;
  const std::string_view after = line.substr(mark + kStatementWord.size());
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
    if (!text::IsSpace(c) && kLabelOpeners.find(c) == std::u32string_view::npos) break;
    begin = next;
  }
  const std::string_view line = text.substr(begin);
  for (const std::string_view label : kLegalLabels) {
    if (text::StartsWithIgnoreAsciiCase(line, label)) return true;
  }
  return false;
}

}  // namespace pith::algo::auto_steps
