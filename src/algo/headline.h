// The page's title as its headline is written: <title> (often with the site's name) and the
// declared og:title / twitter:title, for telling a headline block from other text
// (src/algo/headline.cc).
#pragma once

#include <string>
#include <string_view>

#include "algo/algorithm.h"

namespace pith::algo {

// `text` with whitespace runs collapsed to one space, trimmed, ASCII letters lower-cased.
std::string NormalizedLine(std::string_view text);

struct PageTitle {
  // Shorter lines ("News", "Home") name a page's section, not its headline.
  static constexpr std::size_t kMinTitleBytes = 8;
  std::string title;     // <title>, normalized
  std::string declared;  // og:title or twitter:title, normalized

  static PageTitle Of(const dom::Document& doc);
  // Whether `line` (NormalizedLine) is the page's title: the declared title, the whole <title>, or
  // a part of <title> that begins or ends it, a separator and the site's name making the rest.
  bool Matches(std::string_view line) const;
};

}  // namespace pith::algo
