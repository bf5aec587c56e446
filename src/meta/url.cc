// meta/url.cc — URL resolution (RFC 3986, section 5.2) and the page's canonical URL.
#include "meta/url.h"

#include <vector>

#include "meta/metadata.h"
#include "meta/text_util.h"

namespace pith::meta {

namespace {

// What relative references of a page resolve against: its <base href> (itself resolved against the
// page URL) when that yields an absolute URL, else the page URL. Used by LinkBase and for the
// canonical URL in ExtractMetadata.
std::string ResolveBase(std::string_view page_url, std::string_view base_href) {
  std::string base(Trim(page_url, IsControlOrSpace));
  if (!Trim(base_href, IsControlOrSpace).empty()) {
    std::string resolved = ResolveUrl(base, base_href);
    if (!resolved.empty()) return resolved;
  }
  return base;
}

}  // namespace

std::string LinkBase(const dom::Document& doc, std::string_view page_url) {
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    if (doc[id].tag != dom::Tag::kBase) continue;
    const std::string_view href = doc.GetAttr(id, dom::Attr::kHref);
    if (!Trim(href, IsControlOrSpace).empty()) return ResolveBase(page_url, href);
  }
  return ResolveBase(page_url, {});
}

std::string ResolveUrl(std::string_view base, std::string_view ref) {
  ref = Trim(ref, IsControlOrSpace);
  auto scheme_end = [](std::string_view u) -> std::size_t {
    for (std::size_t i = 0; i < u.size(); ++i) {
      const char c = u[i];
      if (c == ':') return i > 0 ? i : std::string_view::npos;
      if (!(IsAsciiAlnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.')) return std::string_view::npos;
    }
    return std::string_view::npos;
  };
  if (scheme_end(ref) != std::string_view::npos) return std::string(ref);
  base = Trim(base, IsControlOrSpace);
  const std::size_t bs = scheme_end(base);
  if (bs == std::string_view::npos || base.substr(bs, 3) != "://") return "";
  const std::string_view scheme = base.substr(0, bs);  // "https"
  const std::size_t auth_begin = bs + 3;
  std::size_t auth_end = base.find_first_of("/?#", auth_begin);
  if (auth_end == std::string_view::npos) auth_end = base.size();
  const std::string_view authority = base.substr(auth_begin, auth_end - auth_begin);
  std::string_view base_path = base.substr(auth_end);
  base_path = base_path.substr(0, base_path.find_first_of("?#"));
  std::string_view base_query;
  {
    const std::size_t q = base.find('?', auth_end);
    if (q != std::string_view::npos) {
      base_query = base.substr(q);
      base_query = base_query.substr(0, base_query.find('#'));
    }
  }
  if (ref.starts_with("//")) return std::string(scheme) + ":" + std::string(ref);
  std::string prefix = std::string(scheme) + "://" + std::string(authority);
  if (ref.empty()) return prefix + std::string(base_path) + std::string(base_query);
  if (ref[0] == '#') return prefix + std::string(base_path) + std::string(base_query) + std::string(ref);
  if (ref[0] == '?') return prefix + std::string(base_path.empty() ? "/" : base_path) + std::string(ref);
  // Split ref into path and the rest (?query#fragment).
  const std::size_t rq = ref.find_first_of("?#");
  const std::string_view ref_path = ref.substr(0, rq);
  const std::string_view ref_rest = rq == std::string_view::npos ? std::string_view() : ref.substr(rq);
  std::string merged;
  if (!ref_path.empty() && ref_path[0] == '/') {
    merged = std::string(ref_path);
  } else {
    const std::size_t slash = base_path.rfind('/');
    merged = slash == std::string_view::npos ? "/" : std::string(base_path.substr(0, slash + 1));
    merged += ref_path;
  }
  // Remove dot segments.
  std::vector<std::string_view> segs;
  std::string_view mp = merged;
  std::size_t b = 1;
  const bool trailing = merged.ends_with("/") || merged.ends_with("/.") || merged.ends_with("/..");
  while (b <= mp.size()) {
    std::size_t e = mp.find('/', b);
    if (e == std::string_view::npos) e = mp.size();
    const std::string_view seg = mp.substr(b, e - b);
    if (seg == "..") {
      if (!segs.empty()) segs.pop_back();
    } else if (seg != "." && !(seg.empty() && e == mp.size())) {
      segs.push_back(seg);
    }
    b = e + 1;
  }
  std::string path;
  for (auto s : segs) {
    path.push_back('/');
    path.append(s);
  }
  if (path.empty() || (trailing && !path.ends_with("/"))) path.push_back('/');
  return prefix + path + std::string(ref_rest);
}

std::string CanonicalUrl(const Facts& f, std::string_view page_url) {
  const std::string base = ResolveBase(page_url, f.base_href);
  std::string url;
  if (!f.canonical.empty()) url = ResolveUrl(base, f.canonical);
  if (url.empty()) {
    const std::string_view og = MetaValue(f, "og:url");
    if (!og.empty()) url = ResolveUrl(base, og);
  }
  if (url.empty()) url = std::string(Trim(page_url, IsControlOrSpace));
  return url;
}

}  // namespace pith::meta
