// Image URLs and decoration rules (see images.h).
#include "render/images.h"

#include <algorithm>
#include <charconv>
#include <system_error>

#include "text/ascii.h"

namespace pith::render {
namespace {

using text::IsAsciiWhitespace;
using text::Trim;

bool IsDataUrl(std::string_view url) { return text::StartsWithIgnoreAsciiCase(Trim(url, IsAsciiWhitespace), "data:"); }

// The leading integer of an attribute such as width="16" or "16px"; -1 when there is none.
int LeadingInteger(std::string_view s) {
  s = Trim(s, IsAsciiWhitespace);
  int value = 0;
  std::size_t i = 0;
  for (; i < s.size() && i < 6 && s[i] >= '0' && s[i] <= '9'; ++i) value = value * 10 + (s[i] - '0');
  return i == 0 ? -1 : value;
}

// Whether a word of `value` names decoration: words split at anything but ASCII letters and digits
// and where a lower-case letter meets a capital ("emailButton"), compared in any case; a word
// starting with an icon's or a button's word, or one of the words below as a whole. `markup`: a
// class or id, where a share bar's words count too (in a file name, "share-price.png" is content).
bool HasDecorationWord(std::string_view value, bool markup) {
  static constexpr std::string_view kPrefixes[] = {
      "icon", "logo", "avatar", "emoji", "smiley", "spacer", "sprite", "gravatar", "btn", "button", "arrow",
      "facebook", "twitter", "weibo", "wechat", "whatsapp", "pinterest", "linkedin", "placeholder", "spinner"};
  static constexpr std::string_view kMarkupPrefixes[] = {"share", "social"};
  static constexpr std::string_view kWords[] = {"rss", "print", "email", "mail", "feed", "blank", "pixel",
                                                "transparent", "loading", "loader"};
  auto lower = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'); };
  auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
  std::size_t i = 0;
  while (i < value.size()) {
    while (i < value.size() && !lower(value[i]) && !upper(value[i])) ++i;
    const std::size_t begin = i;
    if (i < value.size()) ++i;
    while (i < value.size() && (lower(value[i]) || (upper(value[i]) && upper(value[i - 1])))) ++i;
    const std::string_view word = value.substr(begin, i - begin);
    if (word.empty()) break;
    for (const std::string_view w : kPrefixes) {
      if (text::StartsWithIgnoreAsciiCase(word, w)) return true;
    }
    for (const std::string_view w : kMarkupPrefixes) {
      if (markup && text::StartsWithIgnoreAsciiCase(word, w)) return true;
    }
    for (const std::string_view w : kWords) {
      if (text::EqualsIgnoreAsciiCase(word, w)) return true;
    }
  }
  return false;
}

// HasDecorationWord of a class or id value, once per distinct value.
bool HasMarkupDecorationWord(std::string_view value, text::StringMemo<bool>* memo) {
  if (value.empty()) return false;
  return memo->Get(value, [](std::string_view v) { return HasDecorationWord(v, true); });
}

// Whether a word of the URL (split at anything but ASCII letters and digits) is an ad server's or a
// tracker's.
bool NamesAdServer(std::string_view url) {
  static constexpr std::string_view kWords[] = {"ad",     "ads",       "adserver", "adview",   "openx",
                                                "banner", "banners",   "doubleclick", "analytics", "beacon",
                                                "tracking", "tracker", "jiathis", "addthis", "sharethis"};
  auto alnum = [](char c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); };
  std::size_t i = 0;
  while (i < url.size()) {
    while (i < url.size() && !alnum(url[i])) ++i;
    const std::size_t begin = i;
    while (i < url.size() && alnum(url[i])) ++i;
    const std::string_view word = url.substr(begin, i - begin);
    for (const std::string_view w : kWords) {
      if (text::EqualsIgnoreAsciiCase(word, w)) return true;
    }
  }
  return false;
}

// The file name of a URL: what follows its last '/' before any query or fragment.
std::string_view FileName(std::string_view url) {
  url = url.substr(0, std::min(url.find('?'), url.find('#')));
  const std::size_t slash = url.rfind('/');
  return slash == std::string_view::npos ? url : url.substr(slash + 1);
}

}  // namespace

std::string_view LargestSrcsetCandidate(std::string_view srcset) {
  std::string_view best;
  double best_size = -1;
  std::size_t i = 0;
  while (i < srcset.size()) {
    while (i < srcset.size() && (IsAsciiWhitespace(srcset[i]) || srcset[i] == ',')) ++i;
    const std::size_t begin = i;
    while (i < srcset.size() && !IsAsciiWhitespace(srcset[i])) ++i;
    std::string_view url = srcset.substr(begin, i - begin);
    // A URL ends at white space; a comma ending it separates it from the next candidate.
    const bool comma_ended = !url.empty() && url.back() == ',';
    while (!url.empty() && url.back() == ',') url.remove_suffix(1);
    double size = 1;  // no descriptor: 1x
    if (!comma_ended) {
      while (i < srcset.size() && IsAsciiWhitespace(srcset[i])) ++i;
      const std::size_t d = i;
      while (i < srcset.size() && srcset[i] != ',') ++i;
      const std::string_view descriptor = Trim(srcset.substr(d, i - d), IsAsciiWhitespace);
      // "480w" or "2x" (a srcset uses one kind, so widths and densities never meet); others: 1x.
      double value = 0;
      const auto [rest, error] = std::from_chars(descriptor.data(), descriptor.data() + descriptor.size(), value);
      if (error == std::errc() && rest + 1 == descriptor.data() + descriptor.size() &&
          (*rest == 'w' || *rest == 'x' || *rest == 'W' || *rest == 'X')) {
        size = value;
      }
    }
    if (!url.empty() && size > best_size) {
      best = url;
      best_size = size;
    }
  }
  return best;
}

std::string ImageUrl(const dom::Document& doc, dom::NodeId img) {
  if (const std::string_view lazy = Trim(doc.GetAttr(img, dom::Attr::kDataSrc), IsAsciiWhitespace); !lazy.empty() && !IsDataUrl(lazy)) {
    return std::string(lazy);
  }
  const std::string_view src = Trim(doc.GetAttr(img, dom::Attr::kSrc), IsAsciiWhitespace);
  if (!src.empty() && !IsDataUrl(src)) return std::string(src);
  for (const dom::Attr a : {dom::Attr::kSrcset, dom::Attr::kDataSrcset}) {
    if (const std::string_view c = LargestSrcsetCandidate(doc.GetAttr(img, a)); !c.empty() && !IsDataUrl(c)) {
      return std::string(c);
    }
  }
  const dom::NodeId parent = doc[img].parent;
  if (parent != dom::kNoNode && doc[parent].tag == dom::Tag::kPicture) {
    for (dom::NodeId c = doc[parent].first_child; c != dom::kNoNode && c < img; c = doc[c].next_sibling) {
      if (doc[c].tag != dom::Tag::kSource) continue;
      for (const dom::Attr a : {dom::Attr::kSrcset, dom::Attr::kDataSrcset}) {
        if (const std::string_view s = LargestSrcsetCandidate(doc.GetAttr(c, a)); !s.empty() && !IsDataUrl(s)) {
          return std::string(s);
        }
      }
    }
  }
  return std::string(src);
}

bool IsDecorativeImage(const dom::Document& doc, dom::NodeId img, std::string_view url,
                       text::StringMemo<bool>* markup_words) {
  if (doc[img].hidden() || url.empty() || IsDataUrl(url)) return true;
  const int width = LeadingInteger(doc.GetAttr(img, dom::Attr::kWidth));
  const int height = LeadingInteger(doc.GetAttr(img, dom::Attr::kHeight));
  if ((width >= 0 && width <= 4) || (height >= 0 && height <= 4)) return true;
  if (width >= 0 && height >= 0 && width <= 48 && height <= 48) return true;
  if (HasDecorationWord(FileName(url), false) || NamesAdServer(url)) return true;
  dom::NodeId e = img;
  for (int level = 0; level < 3 && e != dom::kNoNode && doc[e].is_element(); ++level, e = doc[e].parent) {
    if (HasMarkupDecorationWord(doc.GetAttr(e, dom::Attr::kClass), markup_words) ||
        HasMarkupDecorationWord(doc.GetAttr(e, dom::Attr::kId), markup_words)) {
      return true;
    }
  }
  // A control: inside a <button>, or a link that goes nowhere (a script's, "#").
  for (dom::NodeId a = doc[img].parent; a != dom::kNoNode && doc[a].is_element(); a = doc[a].parent) {
    if (doc[a].tag == dom::Tag::kButton) return true;
    if (doc[a].tag != dom::Tag::kA || !doc[a].in_link()) continue;
    const std::string_view href = Trim(doc.GetAttr(a, dom::Attr::kHref), IsAsciiWhitespace);
    return href.empty() || href.front() == '#' || text::StartsWithIgnoreAsciiCase(href, "javascript:");
  }
  return false;
}

}  // namespace pith::render
