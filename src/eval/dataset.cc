// Loading evaluation sets (index.jsonl + html/ + truth/) into memory; see dataset.h.
#include "eval/dataset.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>

namespace pith::eval {

namespace fs = std::filesystem;

namespace {

std::string StringField(const nlohmann::json& obj, const char* key) {
  auto it = obj.find(key);
  if (it == obj.end() || !it->is_string()) return "";
  return it->get<std::string>();
}

std::string_view Trim(std::string_view s) {
  const char* ws = " \t\r\n\f\v";
  const auto b = s.find_first_not_of(ws);
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(ws);
  return s.substr(b, e - b + 1);
}

// "2005-5-7 21:23:57" → "2005-05-07": a labelled date with year, month and day; "" otherwise
// ("2005-7", "UNKNOWN", a name in the wrong column). Its own strict reader, not date::NormalizeDate:
// the truth must not be read by the code whose output it scores.
std::string LabelledDay(std::string_view label) {
  int parts[3] = {0, 0, 0};
  std::size_t i = 0;
  for (int k = 0; k < 3; ++k) {
    const std::size_t begin = i;
    while (i < label.size() && label[i] >= '0' && label[i] <= '9' && i - begin < 4) {
      parts[k] = parts[k] * 10 + (label[i++] - '0');
    }
    const std::size_t digits = i - begin;
    if (digits == 0 || (k == 0 && digits != 4) || (k > 0 && digits > 2)) return "";
    if (k < 2 && (i >= label.size() || label[i++] != '-')) return "";
  }
  if (i < label.size() && label[i] != ' ' && label[i] != 'T') return "";
  if (parts[1] < 1 || parts[1] > 12 || parts[2] < 1 || parts[2] > 31) return "";
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", parts[0], parts[1], parts[2]);
  return buf;
}

Status ReadSnippets(const fs::path& file, Page* page) {
  std::string bytes;
  if (Status st = ReadFileBytes(file, &bytes); !st.ok()) return st;
  const nlohmann::json doc = nlohmann::json::parse(bytes, nullptr, /*allow_exceptions=*/false);
  if (!doc.is_object()) return Status(StatusCode::kInvalidArgument, file.string() + ": not a JSON object");
  for (const char* key : {"with", "without"}) {
    auto& dest = std::string_view(key) == "with" ? page->with : page->without;
    auto it = doc.find(key);
    if (it == doc.end() || it->is_null()) continue;
    if (!it->is_array()) return Status(StatusCode::kInvalidArgument, file.string() + ": \"" + key + "\" is not an array");
    for (const auto& item : *it) {
      if (!item.is_string()) {
        return Status(StatusCode::kInvalidArgument, file.string() + ": \"" + key + "\" holds a non-string");
      }
      dest.push_back(item.get<std::string>());
    }
  }
  // Metadata truth: wcxb's "metadata" object, or a top-level "title" (goose3); null or absent = unknown.
  if (std::string title = StringField(doc, "title"); !title.empty()) page->truth_title = std::move(title);
  if (auto meta = doc.find("metadata"); meta != doc.end() && meta->is_object()) {
    if (std::string v = StringField(*meta, "title"); !v.empty()) page->truth_title = std::move(v);
    if (std::string v = StringField(*meta, "author"); !v.empty()) page->truth_author = std::move(v);
    if (std::string v = StringField(*meta, "publish_date"); !v.empty()) page->truth_date = std::move(v);
  }
  return Status::Ok();
}

}  // namespace

std::string Page::LangGroup() const {
  std::string_view g = Trim(lang_guess);
  if (auto paren = g.find(" ("); paren != std::string_view::npos && g.back() == ')') g = Trim(g.substr(0, paren));
  return g.empty() ? std::string("unknown") : std::string(g);
}

Status ReadFileBytes(const fs::path& file, std::string* out) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return Status(StatusCode::kIoError, "cannot open " + file.string());
  out->clear();
  // Read in large chunks (the size is not trusted: the file may change or be a pipe).
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    out->append(buffer, static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) return Status(StatusCode::kIoError, "cannot read " + file.string());
  return Status::Ok();
}

Status FindSets(const fs::path& dir, std::vector<fs::path>* sets) {
  sets->clear();
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    return Status(StatusCode::kIoError, dir.string() + ": not a readable directory");
  }
  if (fs::is_regular_file(dir / "index.jsonl", ec)) {
    sets->push_back(dir);
    return Status::Ok();
  }
  fs::directory_iterator it(dir, ec);
  if (ec) return Status(StatusCode::kIoError, dir.string() + ": " + ec.message());
  for (const fs::directory_entry& entry : it) {
    std::error_code ec2;
    if (entry.is_directory(ec2) && fs::is_regular_file(entry.path() / "index.jsonl", ec2)) {
      sets->push_back(entry.path());
    }
  }
  std::sort(sets->begin(), sets->end());
  if (sets->empty()) {
    return Status(StatusCode::kInvalidArgument,
                  dir.string() + ": no evaluation set (no index.jsonl here or in any subfolder)");
  }
  return Status::Ok();
}

Status ReadIndex(const fs::path& set_dir, std::vector<Page>* pages) {
  pages->clear();
  const fs::path index = set_dir / "index.jsonl";
  std::string bytes;
  if (Status st = ReadFileBytes(index, &bytes); !st.ok()) return st;
  std::istringstream lines(bytes);
  std::string line;
  std::size_t line_no = 0;
  std::unordered_set<std::string> seen;
  while (std::getline(lines, line)) {
    ++line_no;
    if (Trim(line).empty()) continue;
    const std::string where = index.string() + ":" + std::to_string(line_no);
    const nlohmann::json obj = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!obj.is_object()) return Status(StatusCode::kInvalidArgument, where + ": not a JSON object");
    Page page;
    page.id = StringField(obj, "id");
    if (page.id.empty()) return Status(StatusCode::kInvalidArgument, where + ": missing \"id\"");
    if (page.id.find('/') != std::string::npos || page.id == "." || page.id == "..") {
      return Status(StatusCode::kInvalidArgument, where + ": id is not a file name: " + page.id);
    }
    if (!seen.insert(page.id).second) {
      return Status(StatusCode::kInvalidArgument, where + ": duplicate id " + page.id);
    }
    page.url = StringField(obj, "url");
    page.lang_guess = StringField(obj, "lang_guess");
    page.declared_charset = StringField(obj, "declared_charset");
    page.page_type = StringField(obj, "page_type");
    page.site = StringField(obj, "site");
    // Hand-labelled metadata some indexes carry (readability-test's title, zh-cwced's author and
    // date); the truth JSON's, read later, take precedence.
    page.truth_title = StringField(obj, "title");
    page.truth_author = StringField(obj, "author");
    if (page.truth_author.starts_with("UNKN")) page.truth_author.clear();  // "UNKNOWN", "UNKNWON"
    page.truth_date = LabelledDay(StringField(obj, "date"));
    const std::string truth = StringField(obj, "truth");
    if (!truth.empty() && truth != "txt" && truth != "json" && truth != "txt+json") {
      return Status(StatusCode::kInvalidArgument, where + ": unknown truth kind \"" + truth + "\"");
    }
    page.has_text_truth = truth == "txt" || truth == "txt+json";
    page.has_snippet_truth = truth == "json" || truth == "txt+json";
    pages->push_back(std::move(page));
  }
  return Status::Ok();
}

Status LoadSet(const fs::path& set_dir, const PageFilter& filter, DataSet* out) {
  *out = DataSet{};
  out->dir = set_dir;
  out->name = set_dir.filename().string();
  if (out->name.empty()) out->name = set_dir.parent_path().filename().string();  // "dir/" given
  std::vector<Page> all;
  if (Status st = ReadIndex(set_dir, &all); !st.ok()) return st;
  out->index_pages = all.size();
  for (Page& page : all) {
    if (filter.limit && out->pages.size() >= filter.limit) break;
    if (!filter.Selects(out->name, page.id)) continue;
    if (Status st = ReadFileBytes(set_dir / "html" / (page.id + ".html"), &page.html); !st.ok()) return st;
    out->html_bytes += page.html.size();
    if (page.has_text_truth) {
      if (Status st = ReadFileBytes(set_dir / "truth" / (page.id + ".txt"), &page.truth_text); !st.ok()) return st;
    }
    if (page.has_snippet_truth) {
      if (Status st = ReadSnippets(set_dir / "truth" / (page.id + ".json"), &page); !st.ok()) return st;
    }
    // Markdown truth is not named by the index (struct-dev's has no "truth" field): the file says.
    const fs::path markdown = set_dir / "truth" / (page.id + ".md");
    std::error_code ec;
    if (fs::is_regular_file(markdown, ec)) {
      if (Status st = ReadFileBytes(markdown, &page.truth_markdown); !st.ok()) return st;
      page.has_markdown_truth = true;
    }
    out->pages.push_back(std::move(page));
  }
  return Status::Ok();
}

Status ReadIdList(const fs::path& file, std::unordered_set<std::string>* ids) {
  std::string bytes;
  if (Status st = ReadFileBytes(file, &bytes); !st.ok()) return st;
  std::istringstream lines(bytes);
  std::string line;
  while (std::getline(lines, line)) {
    const std::string_view id = Trim(line);
    if (id.empty() || id.front() == '#') continue;
    ids->insert(std::string(id));
  }
  return Status::Ok();
}

}  // namespace pith::eval
