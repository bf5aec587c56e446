// Test helpers for the explain report and the plot: a small XML well-formedness checker (the HTML
// report and the SVG are both written as well-formed XML) and the test pages in tests/explain_pages.
#pragma once

#include <cctype>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace pith::testing {

// Returns "" when `doc` is well-formed XML (an optional <?xml ...?> and <!DOCTYPE ...>, comments,
// one root element, matched tags, quoted unique attributes, only the five predefined or numeric
// entities, no raw '<' in text or attribute values), else a description of the first problem.
inline std::string CheckXml(std::string_view doc) {
  std::vector<std::string> stack;
  std::size_t i = 0, roots = 0;
  auto err = [&](const std::string& what) { return what + " at byte " + std::to_string(i); };
  auto name_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':' || c == '.';
  };
  auto entity_ok = [&](std::size_t at) {  // doc[at] == '&'
    const std::size_t semi = doc.find(';', at);
    if (semi == std::string_view::npos || semi - at > 10) return false;
    const std::string_view e = doc.substr(at + 1, semi - at - 1);
    if (e == "amp" || e == "lt" || e == "gt" || e == "quot" || e == "apos") return true;
    if (e.size() >= 2 && e[0] == '#') {
      const bool hex = e[1] == 'x';
      if (e.size() == (hex ? 2u : 1u)) return false;
      for (std::size_t k = hex ? 2 : 1; k < e.size(); ++k) {
        if (!(hex ? std::isxdigit(static_cast<unsigned char>(e[k])) : std::isdigit(static_cast<unsigned char>(e[k])))) return false;
      }
      return true;
    }
    return false;
  };
  while (i < doc.size()) {
    if (doc[i] == '&') {
      if (!entity_ok(i)) return err("bad entity");
      ++i;
      continue;
    }
    if (doc[i] != '<') {
      ++i;
      continue;
    }
    if (doc.substr(i, 4) == "<!--") {
      const std::size_t end = doc.find("-->", i + 4);
      if (end == std::string_view::npos) return err("unterminated comment");
      i = end + 3;
      continue;
    }
    if (doc.substr(i, 2) == "<?" || doc.substr(i, 9) == "<!DOCTYPE") {
      if (!stack.empty() || roots) return err("declaration inside the document");
      const std::size_t end = doc.find('>', i);
      if (end == std::string_view::npos) return err("unterminated declaration");
      i = end + 1;
      continue;
    }
    const bool closing = i + 1 < doc.size() && doc[i + 1] == '/';
    std::size_t j = i + (closing ? 2 : 1);
    const std::size_t name_start = j;
    while (j < doc.size() && name_char(doc[j])) ++j;
    const std::string name(doc.substr(name_start, j - name_start));
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])) || name[0] == '-') return err("bad tag name");
    if (closing) {
      while (j < doc.size() && std::isspace(static_cast<unsigned char>(doc[j]))) ++j;
      if (j >= doc.size() || doc[j] != '>') return err("bad end tag");
      if (stack.empty() || stack.back() != name) return err("mismatched </" + name + ">");
      stack.pop_back();
      i = j + 1;
      continue;
    }
    std::set<std::string> attrs;
    bool self_closing = false;
    while (true) {
      const std::size_t before = j;
      while (j < doc.size() && std::isspace(static_cast<unsigned char>(doc[j]))) ++j;
      if (j >= doc.size()) return err("unterminated tag");
      if (doc[j] == '>') break;
      if (doc.substr(j, 2) == "/>") {
        self_closing = true;
        ++j;
        break;
      }
      if (j == before) return err("attributes need white space between them");
      const std::size_t a = j;
      while (j < doc.size() && name_char(doc[j])) ++j;
      const std::string attr(doc.substr(a, j - a));
      if (attr.empty() || !attrs.insert(attr).second) return err("bad or repeated attribute");
      if (j >= doc.size() || doc[j] != '=') return err("attribute without value");
      ++j;
      if (j >= doc.size() || (doc[j] != '"' && doc[j] != '\'')) return err("unquoted attribute");
      const char q = doc[j++];
      const std::size_t end = doc.find(q, j);
      if (end == std::string_view::npos) return err("unterminated attribute");
      for (std::size_t k = j; k < end; ++k) {
        if (doc[k] == '<') return err("'<' in attribute value");
        if (doc[k] == '&' && !entity_ok(k)) return err("bad entity in attribute");
      }
      j = end + 1;
    }
    if (stack.empty()) {
      if (++roots > 1) return err("second root element");
    }
    if (!self_closing) stack.push_back(name);
    i = j + 1;
  }
  if (!stack.empty()) return "unclosed <" + stack.back() + ">";
  if (roots != 1) return "no root element";
  return "";
}

// Lower-cases ASCII (for case-insensitive searches of markup).
inline std::string AsciiLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The test pages written for explain/plot (Chinese in GBK, Uyghur right-to-left, Tibetan script).
inline std::string ExplainPage(const std::string& name) {
  return std::string(PITH_TEST_DIR) + "/explain_pages/" + name;
}
inline const std::vector<std::string>& ExplainPages() {
  static const std::vector<std::string> pages = {"zh-gbk.html", "ug-rtl.html", "bo-tibetan.html"};
  return pages;
}

}  // namespace pith::testing
