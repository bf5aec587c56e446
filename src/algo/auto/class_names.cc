// Step 1 of `auto` (hints.cc), the words of class and id names: decides whether one class or id
// value names boilerplate, the content or a comment section, on the evidence of its words
// (src/text/boilerplate_words.cc) and of how they are joined within one name ("entry-footer",
// "margin-bottom", "overflow-hidden"). No paper reads class names; the word lists are data
// (boilerplate_words.cc, tables.h).
#include <algorithm>
#include <array>
#include <string>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"
#include "text/boilerplate_words.h"

namespace pith::algo::auto_steps {
namespace {

using text::ClassifyHintToken;
using text::HintKind;

// The bytes of class/id tokens (ASCII letters and digits) lower-cased; 0 for the separators.
constexpr std::array<char, 256> kTokenByte = [] {
  std::array<char, 256> t{};
  for (int c = 0; c < 256; ++c) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) t[c] = static_cast<char>(c);
    if (c >= 'A' && c <= 'Z') t[c] = static_cast<char>(c + 32);
  }
  return t;
}();

// The word of one class or id name before byte `end` of `name` (lower-cased into *out, at most
// 16 bytes), and where it begins; "" at the start of the name.
std::size_t PreviousWord(std::string_view name, std::size_t end, std::string* out) {
  out->clear();
  std::size_t b = end;
  while (b > 0 && !kTokenByte[static_cast<unsigned char>(name[b - 1])]) {
    const char c = name[b - 1];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') return b;  // another name
    --b;
  }
  std::size_t e = b;
  while (b > 0 && kTokenByte[static_cast<unsigned char>(name[b - 1])]) --b;
  for (std::size_t i = b; i < e && out->size() < 16; ++i) {
    out->push_back(kTokenByte[static_cast<unsigned char>(name[i])]);
  }
  return b;
}

// A boilerplate word (at byte `begin` of `name`) that the words before it make something else:
// "overflow-hidden" and "overflow-x-hidden" (CSS's overflow property clips a card's corners; it
// hides nothing) and "accordion-header" (the question of a FAQ item, over its answer). Called
// only for boilerplate words, off NameHints' per-word path.
[[gnu::noinline]] bool BoilerplateWordInCompound(std::string_view name, std::size_t begin, std::string_view word) {
  std::string prev;
  if (word == "hidden") {
    const std::size_t at = PreviousWord(name, begin, &prev);
    if (prev == "x" || prev == "y") PreviousWord(name, at, &prev);
    return prev == "overflow";
  }
  if (word == "header") {
    PreviousWord(name, begin, &prev);
    return prev == "accordion";
  }
  return false;
}

}  // namespace

// Splits a class or id value into lower-case alphanumeric tokens and classifies them. Only a
// token's first kTokenBytes bytes are kept: no word in the tables is that long, so a longer token
// can only match by a prefix family.
std::uint8_t NameHints(std::string_view name) {
  constexpr std::size_t kTokenBytes = 32;
  bool boiler = false, content = false, comments = false;  // over all names of the value
  bool other_boiler = false;  // some name has a boilerplate word other than "widget(s)"
  bool consent = false;       // some name has a consent manager's word (kConsentWords)
  // The words of the current name (one class, or the id). A name that joins a content word to a
  // boilerplate word ("entry-footer", "post-tags", "related-posts", "article-share") names
  // boilerplate that belongs to the content, unless the boilerplate word is the content's own
  // head or continuation ("entry-header", "post-top", "entry-more": a post's title, the rest of
  // a post under its "more" anchor).
  bool name_boiler = false, name_content = false, name_is_part_of_content = false;
  auto close_name = [&]() {
    if (name_boiler && name_content && !name_is_part_of_content) {
      boiler = true;
    } else {
      boiler |= name_boiler;
      content |= name_content;
    }
    name_boiler = name_content = name_is_part_of_content = false;
  };
  char token[kTokenBytes + 1];  // the last byte takes the overflow of long tokens, unread
  std::size_t size = 0;
  std::size_t token_end = 0;  // where the token ends in `name`
  bool upper_in_token = false;  // the token has an upper-case letter
  bool after_box_property = false;  // the previous word of this name is a CSS box property
  // Inlined by request: NameHints runs for every class value of every page, and without it the
  // compiler made a call of each word once the body grew.
  auto flush = [&]() __attribute__((always_inline)) {
    if (size == 0) return;
    const std::string_view word(token, std::min(size, kTokenBytes));
    const std::string_view typed = name.substr(token_end - size, size);  // as the page wrote it
    size = 0;
    // Utility classes spell CSS properties ("margin-bottom-l", "border-top", "align-top"): there
    // "top" and "bottom" are a side of a box, not a region of the page. Only real properties
    // count (not "a-spacing-top" or "position-top"), also as the last word of a camel-case prefix
    // ("ipsPadding_bottom", on every post of an Invision Community forum).
    const bool side_of_box = after_box_property && OneOf(word, kBoxSideWords);
    auto box_property = [](std::string_view w) { return OneOf(w, kBoxPropertyWords); };
    after_box_property = box_property(word);
    if (!after_box_property && upper_in_token && typed.size() == word.size()) {
      // The token's last camel-case word ("ipsPadding": 'P' after a lower-case letter).
      std::size_t at = typed.size();
      auto camel = [&](std::size_t i) {
        return typed[i] >= 'A' && typed[i] <= 'Z' && typed[i - 1] >= 'a' && typed[i - 1] <= 'z';
      };
      while (at > 1 && !camel(at - 1)) --at;
      if (at > 1) after_box_property = box_property(word.substr(at - 1));
    }
    upper_in_token = false;
    if (side_of_box) return;
    switch (ClassifyHintToken(word)) {
      case HintKind::kBoilerplate:
        if (BoilerplateWordInCompound(name, token_end - typed.size(), word)) break;
        name_boiler = true;
        other_boiler |= !OneOf(word, kComponentWords);
        consent |= OneOf(word, kConsentWords);
        name_is_part_of_content |= OneOf(word, kContentPartWords);
        break;
      case HintKind::kContent: name_content = true; break;
      case HintKind::kComments: comments = true; break;
      case HintKind::kNone: break;
    }
  };
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (const char t = kTokenByte[static_cast<unsigned char>(c)]) {
      upper_in_token |= t != c;  // kTokenByte lowers letters and keeps digits
      token[std::min(size, kTokenBytes)] = t;
      ++size;
    } else {
      token_end = i;
      flush();
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
        after_box_property = false;
        close_name();
      }
    }
  }
  token_end = name.size();
  flush();
  close_name();
  return static_cast<std::uint8_t>((boiler ? kNamesBoilerplate : 0) | (content ? kNamesContent : 0) |
                                   (comments ? kNamesComments : 0) | (boiler && other_boiler ? kNamesNotWidget : 0) |
                                   (boiler && consent ? kNamesConsent : 0));
}

}  // namespace pith::algo::auto_steps
