// meta/json_ld.cc — JSON-LD bodies are parsed with nlohmann::json (without exceptions), only
// those that mention a field pith reports; the object tree is walked without recursion, with
// bounds on size, depth and the number of nodes visited.
#include "meta/json_ld.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "meta/metadata.h"
#include "meta/tables.h"
#include "meta/text_util.h"

namespace pith::meta {

namespace {

using json = nlohmann::json;

constexpr std::size_t kMaxJsonLdBytes = 512 * 1024;
constexpr std::size_t kMaxJsonLdNodes = 4000;

const json* Field(const json& obj, const char* key) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

std::string StringOf(const json* v) {
  if (!v) return "";
  if (v->is_string()) return v->get<std::string>();
  if (v->is_array() && !v->empty() && (*v)[0].is_string()) return (*v)[0].get<std::string>();
  if (v->is_number_integer()) return std::to_string(v->get<long long>());
  return "";
}

// Names of Persons/Organizations given as a string, an object or a list of either. Objects typed
// Organization go to *orgs when orgs is given (an organisation as "author" is a weak byline).
void NamesOf(const json* v, std::vector<std::string>* out, std::vector<std::string>* orgs = nullptr,
             int depth = 0) {
  if (!v || depth > 3) return;
  if (v->is_string()) {
    out->push_back(v->get<std::string>());
  } else if (v->is_array()) {
    for (const auto& e : *v) {
      if (out->size() >= 8) break;
      NamesOf(&e, out, orgs, depth + 1);
    }
  } else if (v->is_object()) {
    std::string name = StringOf(Field(*v, "name"));
    if (name.empty()) {
      const std::string given = StringOf(Field(*v, "givenName"));
      const std::string family = StringOf(Field(*v, "familyName"));
      name = given.empty() ? family : family.empty() ? given : given + " " + family;
    }
    if (name.empty()) return;
    const json* t = Field(*v, "@type");
    const bool org = t && t->is_string() && t->get<std::string>() != "Person";
    (org && orgs ? orgs : out)->push_back(name);
  }
}

int TypeRank(const json& obj) {
  const json* t = Field(obj, "@type");
  if (!t) return 0;
  int best = 0;
  auto rank_of = [](const std::string& s) {
    if (s.find("Article") != std::string::npos || s.find("Posting") != std::string::npos ||
        s == "Report" || s == "Review" || s == "Recipe" || s == "HowTo" || s == "Thesis" ||
        s == "ScholarlyArticle" || s == "LiveBlogPosting" || s == "QAPage" || s == "Question") {
      return 3;
    }
    if (s == "VideoObject" || s == "Event" || s == "Product" || s == "Course" || s == "JobPosting") return 2;
    if (s.find("Page") != std::string::npos) return 1;
    return 0;
  };
  if (t->is_string()) best = rank_of(t->get<std::string>());
  if (t->is_array()) {
    for (const auto& e : *t) {
      if (e.is_string()) best = std::max(best, rank_of(e.get<std::string>()));
    }
  }
  return best;
}

bool TypeIs(const json& obj, const char* type) {
  const json* t = Field(obj, "@type");
  if (!t) return false;
  if (t->is_string()) return t->get<std::string>() == type;
  if (t->is_array()) {
    for (const auto& e : *t) {
      if (e.is_string() && e.get<std::string>() == type) return true;
    }
  }
  return false;
}

}  // namespace

void ParseJsonLd(const dom::Document& doc, LdInfo* info) {
  const json* best = nullptr;
  int best_rank = 0;
  std::vector<json> parsed;
  parsed.reserve(doc.json_ld.size());
  for (const std::string& body : doc.json_ld) {
    if (body.size() > kMaxJsonLdBytes) continue;
    // Only blocks that can describe an article are parsed (product catalogues, breadcrumbs and
    // search boxes are often large and say nothing pith reports).
    const std::string_view b(body);
    if (b.find("datePublished") == std::string_view::npos && b.find("\"author\"") == std::string_view::npos &&
        b.find("headline") == std::string_view::npos && b.find("WebSite") == std::string_view::npos &&
        b.find("inLanguage") == std::string_view::npos) {
      continue;
    }
    json j = json::parse(body, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) continue;
    parsed.push_back(std::move(j));
  }
  std::size_t visited = 0;
  for (const json& root : parsed) {
    std::vector<std::pair<const json*, int>> stack{{&root, 0}};
    while (!stack.empty() && visited < kMaxJsonLdNodes) {
      const auto [v, depth] = stack.back();
      stack.pop_back();
      ++visited;
      if (v->is_object()) {
        const int rank = TypeRank(*v) + (Field(*v, "datePublished") ? 1 : 0);
        if (TypeIs(*v, "WebSite") && info->website_name.empty()) info->website_name = StringOf(Field(*v, "name"));
        if (rank > best_rank) {
          best_rank = rank;
          best = v;
        }
      }
      if (depth >= 6) continue;
      if (v->is_object() || v->is_array()) {
        // Push in reverse so that document order is visited first. Customer reviews, comments
        // and answers nested in a page carry their own authors and dates: not the page's.
        std::vector<const json*> kids;
        for (auto it = v->begin(); it != v->end(); ++it) {
          if (!it->is_object() && !it->is_array()) continue;
          if (v->is_object() && InList(std::string_view(it.key()), tables::kJsonLdSkippedKeys)) continue;
          kids.push_back(&*it);
        }
        for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.emplace_back(*it, depth + 1);
      }
    }
  }
  if (!best) return;
  const json& a = *best;
  info->rank = best_rank;
  info->headline = StringOf(Field(a, "headline"));
  if (info->headline.empty() && best_rank >= 3) info->headline = StringOf(Field(a, "name"));
  info->date_published = StringOf(Field(a, "datePublished"));
  if (info->date_published.empty()) info->date_published = StringOf(Field(a, "dateCreated"));
  if (info->date_published.empty()) info->date_published = StringOf(Field(a, "uploadDate"));
  info->date_modified = StringOf(Field(a, "dateModified"));
  info->description = StringOf(Field(a, "description"));
  const json* lang = Field(a, "inLanguage");
  if (lang && lang->is_object()) lang = Field(*lang, "alternateName");
  info->lang = StringOf(lang);
  std::vector<std::string> pub;
  NamesOf(Field(a, "publisher"), &pub);
  if (!pub.empty()) info->publisher = pub[0];
  NamesOf(Field(a, "author"), &info->authors, &info->org_authors);
  if (info->authors.empty() && info->org_authors.empty()) NamesOf(Field(a, "creator"), &info->authors, &info->org_authors);
  const json* kw = Field(a, "keywords");
  if (kw && kw->is_string()) {
    SplitKeywords(kw->get<std::string>(), &info->keywords);
  } else if (kw && kw->is_array()) {
    for (const auto& e : *kw) {
      if (e.is_string()) SplitKeywords(e.get<std::string>(), &info->keywords);
    }
  }
}

}  // namespace pith::meta
