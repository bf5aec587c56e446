// meta/keywords.cc — keywords and description: declared values only (a page's text is not
// summarised); keyword lists are split on the separators pages use and de-duplicated.
#include "meta/keywords.h"

#include "meta/metadata.h"
#include "meta/tables.h"
#include "meta/text_util.h"

namespace pith::meta {

void SplitKeywords(std::string_view value, std::vector<std::string>* out) {
  std::size_t i = 0;
  auto is_sep = [&](std::size_t k, std::size_t* len) {
    const char c = value[k];
    if (c == ',' || c == ';' || c == '|') {
      *len = 1;
      return true;
    }
    const std::string_view rest = value.substr(k);
    for (std::string_view s : {"，", "；", "、", "｜"}) {
      if (rest.starts_with(s)) {
        *len = s.size();
        return true;
      }
    }
    return false;
  };
  std::size_t start = 0;
  auto flush = [&](std::size_t end) {
    const std::string item = CollapseSpace(value.substr(start, end - start), 200);
    if (item.empty() || out->size() >= 64) return;
    for (const auto& k : *out) {
      if (EqualsIgnoreAsciiCase(k, item)) return;
    }
    out->push_back(item);
  };
  while (i < value.size()) {
    std::size_t len = 0;
    if (is_sep(i, &len)) {
      flush(i);
      i += len;
      start = i;
    } else {
      ++i;
    }
  }
  flush(value.size());
}

void ChooseKeywords(const Facts& f, const LdInfo& ld, std::vector<std::string>* keywords) {
  for (auto k : tables::kKeywordKeys) {
    for (const auto& m : f.metas) {
      if (m.key == k) SplitKeywords(m.value, keywords);
    }
  }
  for (auto k : tables::kFallbackKeywordKeys) {
    if (!keywords->empty()) break;
    for (const auto& m : f.metas) {
      if (m.key == k) SplitKeywords(m.value, keywords);
    }
  }
  if (keywords->empty()) *keywords = ld.keywords;
}

std::string ChooseDescription(const Facts& f, const LdInfo& ld) {
  std::string d = CollapseSpace(FirstMeta(f, tables::kDescriptionKeys), 4096);
  if (d.empty()) d = CollapseSpace(ld.description, 4096);
  return d;
}

}  // namespace pith::meta
