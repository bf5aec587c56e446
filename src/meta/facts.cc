// meta/facts.cc — CollectFacts: one pass over the document's nodes, reading each element's
// attributes once; bounded lists (the first 64 headings, 8 rel=author links, ...).
#include "meta/facts.h"

#include <algorithm>
#include <cstdint>

#include "meta/tables.h"
#include "meta/text_util.h"

namespace pith::meta {

using dom::Attr;
using dom::NodeId;
using dom::Tag;

namespace {

bool HasClassHint(std::string_view cls, std::string_view id) {
  static constexpr StringSet kHints(tables::kBylineClassHints, IgnoreAsciiCase{});
  static constexpr StringSet kVetoes(tables::kBylineClassVetoes, IgnoreAsciiCase{});
  // Searched in place, ignoring case, over the first 255 bytes of the class and the id together (a
  // space between them counted), so that a long list of classes costs a bounded search.
  cls = cls.substr(0, 255);
  id = id.substr(0, cls.size() < 255 ? 255 - cls.size() - 1 : 0);
  return (kHints.FoundIn(cls) || kHints.FoundIn(id)) && !kVetoes.FoundIn(cls) && !kVetoes.FoundIn(id);
}

// The keys that name a <meta>'s value: its name, property, itemprop and http-equiv, in lower
// case. RDFa's property attribute lists its terms separated by spaces ("og:title twitter:title"):
// each is a key of its own. (Apart from CollectFacts, whose per-element code stays small enough
// for the compiler to inline its string tests.)
[[gnu::noinline]] void AddMetaKeys(const dom::Document& doc, NodeId id, std::string_view itemprop,
                                   std::string_view value, Facts* f) {
  auto add = [&](std::string_view k) {
    if (!k.empty() && k.size() < 64) f->metas.push_back({LowerAscii(k), value});
  };
  add(Trim(doc.GetAttr(id, Attr::kName), IsControlOrSpace));
  for (std::string_view property = Trim(doc.GetAttr(id, Attr::kProperty), IsControlOrSpace); !property.empty();) {
    const std::size_t end = std::min(property.find_first_of(" \t\n\r\f"), property.size());
    add(property.substr(0, end));
    property = Trim(property.substr(end), IsControlOrSpace);
  }
  add(Trim(itemprop, IsControlOrSpace));
  add(Trim(doc.GetAttr(id, Attr::kHttpEquiv), IsControlOrSpace));
}

}  // namespace

void CollectFacts(const dom::Document& doc, const dom::Annotation& ann, Facts* f) {
  const std::size_t n = doc.size();
  for (NodeId id = 0; id < n; ++id) {
    const dom::Node& node = doc[id];
    if (!node.is_element()) continue;
    // The attributes read for every element (or every link); those of the few elements that
    // carry page-level facts are looked up in their cases below.
    std::string_view cls, idv, itemprop, rel;
    for (std::uint32_t a = node.attr_begin, e = node.attr_begin + node.attr_count; a < e; ++a) {
      const dom::AttrEntry& ae = doc.attrs[a];
      const std::string_view v = std::string_view(doc.strings).substr(ae.begin, ae.size);
      switch (ae.key) {
        case Attr::kClass: cls = v; break;
        case Attr::kId: idv = v; break;
        case Attr::kItemprop: itemprop = v; break;
        case Attr::kRel: rel = v; break;
        default: break;
      }
    }
    switch (node.tag) {
      case Tag::kMeta: {
        const std::string_view value = Trim(doc.GetAttr(id, Attr::kContent), IsControlOrSpace);
        if (value.empty()) break;
        AddMetaKeys(doc, id, itemprop, value, f);
        continue;  // a <meta itemprop> is fully handled here
      }
      case Tag::kLink:
        if (f->canonical.empty() && ContainsCI(rel, "canonical")) {
          if (const std::string_view href = doc.GetAttr(id, Attr::kHref); !href.empty()) {
            f->canonical = Trim(href, IsControlOrSpace);
          }
        }
        break;
      case Tag::kBase:
        if (f->base_href.empty()) f->base_href = Trim(doc.GetAttr(id, Attr::kHref), IsControlOrSpace);
        break;
      case Tag::kHtml:
        if (f->html_lang.empty()) f->html_lang = doc.GetAttr(id, Attr::kLang);
        if (f->html_dir.empty()) f->html_dir = doc.GetAttr(id, Attr::kDir);
        break;
      case Tag::kBody:
        if (f->body_lang.empty()) f->body_lang = doc.GetAttr(id, Attr::kLang);
        if (f->body_dir.empty()) f->body_dir = doc.GetAttr(id, Attr::kDir);
        break;
      case Tag::kH1: case Tag::kH2: case Tag::kH3:
        if (!node.hidden() && f->headings.size() < 64) f->headings.push_back(id);
        break;
      case Tag::kTime:
        if (!node.hidden() && f->times.size() < 64) f->times.push_back(id);
        break;
      case Tag::kA:
        if (f->rel_authors.size() < 8 && !rel.empty() && ContainsCI(rel, "author")) f->rel_authors.push_back(id);
        break;
      default:
        break;
    }
    if (!itemprop.empty()) {
      if ((ContainsCI(itemprop, "datepublished") || ContainsCI(itemprop, "datecreated")) &&
          f->itemprop_dates.size() < 8) {
        f->itemprop_dates.push_back(id);
      } else if (ContainsCI(itemprop, "author") && f->itemprop_authors.size() < 8) {
        f->itemprop_authors.push_back(id);
      } else if (ContainsCI(itemprop, "headline") && f->itemprop_headlines.size() < 4) {
        f->itemprop_headlines.push_back(id);
      }
    }
    if ((!cls.empty() || !idv.empty()) && f->bylines.size() < 32 && !node.hidden() &&
        node.tag != Tag::kBody && node.tag != Tag::kHtml && node.tag != Tag::kMeta &&
        node.tag != Tag::kLink && node.tag != Tag::kImg && node.tag != Tag::kScript) {
      const std::uint32_t chars = ann.stats.empty() ? 1 : ann[id].chars;
      if (chars >= 2 && chars <= 300 && HasClassHint(cls, idv)) f->bylines.push_back(id);
    }
  }
}

std::string_view MetaValue(const Facts& f, std::string_view key) {
  for (const auto& m : f.metas) {
    if (m.key == key) return m.value;
  }
  return {};
}

std::string NodeText(const dom::Document& doc, NodeId id, std::size_t max_bytes) {
  std::string raw;
  const NodeId end = doc.SubtreeEnd(id);
  for (NodeId i = id; i < end && raw.size() < max_bytes * 2; ++i) {
    const dom::Node& n = doc[i];
    if (n.is_text() && !n.hidden()) {
      raw.append(doc.Text(i));
    } else if (n.is_element() && i != id && dom::IsBlockLevel(n.tag)) {
      raw.push_back(' ');
    }
  }
  return CollapseSpace(raw, max_bytes);
}

}  // namespace pith::meta
