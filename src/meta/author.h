// meta/author.h — the page's author: declared names, then bylines found in the page, ranked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dom/annotate.h"
#include "dom/document.h"
#include "meta/facts.h"
#include "meta/json_ld.h"
#include "meta/stream.h"

namespace pith::meta {

inline constexpr std::size_t kMaxAuthorChars = 80;

// A name found in the page, with the strength of its evidence and its offset in the text stream.
struct AuthorCand {
  std::string name;
  int strength = 0;
  std::size_t pos = 0;
};

// A name right after a CJK byline label at text[pos]: one run of 2–4 Han characters (a '·' allows
// transliterated names) or a Latin handle, then more space-separated runs of 2–3 Han characters
// (several reporters). `sep` as in tables::AuthorLabel. "" when what follows is running text.
std::string NameAfterCjkLabel(std::string_view text, std::size_t pos, int sep);

// Names after CJK byline labels ("作者：", "记者 ", "文/") in the stream's bytes [wb, we).
void CjkBylines(const Stream& st, std::size_t wb, std::size_t we, std::vector<AuthorCand>* out);

// Chinese bylines without a label. A line of names alone between the headline and the story's
// first paragraph ("犬儒病(上)" / "胡平" / the story), and a credit in parentheses closing a paragraph
// ("…吗？”（姚峰 上海报道）", "（袁源）" on a line of its own): both are how Chinese papers name
// their reporters. Names must pass OnlyChineseNames.
void UnlabelledCjkBylines(const Stream& st, const Anchor& anchor, std::size_t wb, std::size_t we,
                          std::vector<AuthorCand>* out);

// Declared person names (JSON-LD, <meta>); else the byline with the best strength and distance
// from the headline, leaving out those of comment sections that are not content (`content` per
// node id, may be empty); else an organisation or the site's name given as author. "" when none.
// `title_author` is a "by …" part of the title (TitleChoice::author).
std::string ChooseAuthor(const dom::Document& doc, const dom::Annotation& annotation,
                         const std::vector<std::uint8_t>& content, const Facts& f, const LdInfo& ld, const Stream& st,
                         const Anchor& anchor, std::string_view site, std::string_view title,
                         const std::string& title_author);

}  // namespace pith::meta
