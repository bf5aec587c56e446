// Code language and line-number gutters: class names and attributes of the highlighters in use on
// the web (highlight.js, Prism, Pygments in Sphinx/MkDocs/pandoc, rouge, Chroma, Shiki,
// SyntaxHighlighter, GitHub, google-code-prettify, org-mode).
#include "render/code.h"

#include <algorithm>
#include <iterator>
#include <string_view>
#include <vector>

#include "text/ascii.h"

namespace pith::render {
namespace {

// Names and common aliases of programming, markup, data and shell languages, as highlighters accept
// them in class names (highlight.js, Pygments, Linguist). A bare class token counts as a language
// only when it is one of these (`<pre class="sourceCode rust">`, `<code class="hljs js">`), and
// so does the value of a wrapper's `lang-x` (a page's `lang-en` is no code).
constexpr std::string_view kKnownLanguages[] = {
    "abap", "actionscript", "ada", "agda", "apache", "apacheconf", "applescript", "arduino", "armasm", "as",
    "asciidoc", "asm", "aspx", "autohotkey", "awk", "bash", "basic", "bat", "batch", "bibtex",
    "c", "c#", "c++", "cabal", "cc", "ceylon", "cfg", "clj", "clojure", "cmake",
    "cmd", "cobol", "coffee", "coffeescript", "common-lisp", "conf", "console", "coq", "cpp", "cr",
    "crystal", "cs", "csharp", "css", "csv", "cuda", "cxx", "cython", "d", "dart",
    "delphi", "diff", "django", "docker", "dockerfile", "dos", "dot", "ebnf", "el", "elisp",
    "elixir", "elm", "erb", "erl", "erlang", "ex", "exs", "f#", "fish", "fortran",
    "fs", "fsharp", "gherkin", "glsl", "gnuplot", "go", "golang", "gradle", "graphql", "groovy",
    "h", "haml", "handlebars", "haskell", "haxe", "hbs", "hcl", "hlsl", "hpp", "hs",
    "html", "htm", "http", "hy", "idris", "ini", "io", "irb", "java", "javascript",
    "jinja", "jl", "js", "json", "json5", "jsonc", "jsonl", "jsx", "julia", "kotlin",
    "kt", "kts", "latex", "less", "liquid", "lisp", "livescript", "llvm", "lua", "m",
    "make", "makefile", "markdown", "mathematica", "matlab", "md", "mermaid", "mips", "mjs", "ml",
    "mysql", "nasm", "nginx", "nim", "nix", "objc", "objective-c", "objectivec", "ocaml", "pascal",
    "perl", "pgsql", "php", "pl", "plaintext", "plsql", "postgresql", "powershell", "prolog", "properties",
    "proto", "protobuf", "ps1", "psql", "pug", "puppet", "purescript", "py", "py3", "pycon",
    "pytb", "python", "python3", "q", "qml", "r", "racket", "raku", "rb", "reason",
    "regex", "rest", "rs", "rst", "ruby", "rust", "sas", "sass", "scala", "scheme",
    "scss", "sh", "shell", "shell-session", "shellsession", "smalltalk", "sml", "solidity", "sparql", "spec",
    "sql", "sqlite", "stan", "svelte", "svg", "swift", "systemverilog", "tcl", "terminal", "terraform",
    "tex", "text", "tf", "toml", "ts", "tsql", "tsx", "twig", "txt", "typescript",
    "v", "vb", "vbnet", "vbscript", "verilog", "vhdl", "vim", "vue", "wasm", "wat",
    "x86asm", "xml", "xquery", "xsl", "xslt", "yaml", "yml", "zig", "zsh", "zshrc",
};

// Values that say the code is not highlighted, or is in the site's default: no language.
bool NamesNoLanguage(std::string_view v) {
  return v == "none" || v == "default" || v == "nohighlight" || v == "no-highlight" || v == "plain";
}

bool IsKnownLanguage(std::string_view v) {
  static const std::vector<std::string_view> sorted = [] {
    std::vector<std::string_view> names(std::begin(kKnownLanguages), std::end(kKnownLanguages));
    std::sort(names.begin(), names.end());
    return names;
  }();
  return std::binary_search(sorted.begin(), sorted.end(), v);
}

// A dialect named after its base language, as pandoc writes an unknown language's class
// (`<pre class="vue-html">`, "python-repl"): a known name of three letters or more, a hyphen and
// more.
bool IsKnownDialect(std::string_view v) {
  const std::size_t hyphen = v.find('-');
  return hyphen != std::string_view::npos && hyphen >= 3 && hyphen + 1 < v.size() && IsKnownLanguage(v.substr(0, hyphen));
}

using text::IsAsciiWhitespace;

// A language name as written in a class or attribute, lower-cased; "" when it cannot be one (a
// name is letters, digits and + # . _ -, at most 32 of them).
std::string Normalized(std::string_view v) {
  while (!v.empty() && (v.back() == ';' || v.back() == ',' || v.back() == ':')) v.remove_suffix(1);
  if (v.empty() || v.size() > 32) return {};
  std::string out;
  for (const char c : v) {
    const char l = text::AsciiLower(c);
    const bool ok = (l >= 'a' && l <= 'z') || (l >= '0' && l <= '9') || l == '+' || l == '#' || l == '.' ||
                    l == '_' || l == '-';
    if (!ok) return {};
    out.push_back(l);
  }
  if (NamesNoLanguage(out)) return {};
  return out;
}

// Whether a class value holds one of the highlighters' own class names.
bool NamesHighlighter(std::string_view value) {
  std::size_t i = 0;
  while (i < value.size()) {
    while (i < value.size() && IsAsciiWhitespace(value[i])) ++i;
    const std::size_t begin = i;
    while (i < value.size() && !IsAsciiWhitespace(value[i])) ++i;
    const std::string_view token = value.substr(begin, i - begin);
    for (const std::string_view name : {"highlight", "sourcecode", "hljs", "codehilite", "syntax"}) {
      if (text::EqualsIgnoreAsciiCase(token, name)) return true;
    }
  }
  return false;
}

// The language a class attribute names. `own`: the class of the <pre> or <code> itself, where a
// bare known name counts too; on a wrapper only prefixed names do (and `lang-x` only for a known
// name: a wrapper's `lang-en` names the page's language), or a bare known name beside a
// highlighter's class (Hexo's `<figure class="highlight js">`).
std::string LanguageOfClass(std::string_view value, bool own) {
  const bool bare_names = own || NamesHighlighter(value);
  std::size_t i = 0;
  bool brush = false;  // the previous token was "brush:" (SyntaxHighlighter: "brush: js; gutter: false")
  while (i < value.size()) {
    while (i < value.size() && IsAsciiWhitespace(value[i])) ++i;
    const std::size_t begin = i;
    while (i < value.size() && !IsAsciiWhitespace(value[i])) ++i;
    std::string_view token = value.substr(begin, i - begin);
    if (token.empty()) break;
    if (brush) {
      brush = false;
      if (std::string name = Normalized(token); !name.empty()) return name;
      continue;
    }
    if (text::StartsWithIgnoreAsciiCase(token, "brush:")) {
      token.remove_prefix(6);
      if (token.empty()) {
        brush = true;
        continue;
      }
      if (std::string name = Normalized(token); !name.empty()) return name;
      continue;
    }
    // Prefixed names, most specific first: GitHub's "highlight-source-js" and
    // "highlight-text-html-basic" (the scope's first word), Sphinx's "highlight-python".
    static constexpr std::string_view kPrefixes[] = {"highlight-source-", "highlight-text-", "language-",
                                                     "highlight-", "lang-", "src-"};
    bool prefixed = false;
    for (const std::string_view prefix : kPrefixes) {
      if (!text::StartsWithIgnoreAsciiCase(token, prefix)) continue;
      std::string_view rest = token.substr(prefix.size());
      if (prefix == "highlight-text-") rest = rest.substr(0, rest.find('-'));
      prefixed = true;
      std::string name = Normalized(rest);
      if (!name.empty() && (own || prefix != "lang-" || IsKnownLanguage(name))) return name;
      break;
    }
    if (prefixed || !bare_names) continue;
    if (std::string name = Normalized(token); !name.empty() && (IsKnownLanguage(name) || IsKnownDialect(name))) {
      return name;
    }
  }
  return {};
}

// data-lang, then class; `own` as LanguageOfClass.
std::string LanguageOfElement(const dom::Document& doc, dom::NodeId id, bool own) {
  if (std::string name = Normalized(doc.GetAttr(id, dom::Attr::kDataLang)); !name.empty() && (own || IsKnownLanguage(name))) {
    return name;
  }
  return LanguageOfClass(doc.GetAttr(id, dom::Attr::kClass), own);
}

// A `lang` attribute on code names its language (cmark-gfm's `<pre lang="ts">`, WordPress's
// `<code lang="php">`) unless it reads as a human language: a known code language, or a name that
// is no BCP 47 tag of two or three letters and a region ("en", "zh-CN").
std::string LanguageOfLangAttribute(const dom::Document& doc, dom::NodeId id) {
  std::string name = Normalized(doc.GetAttr(id, dom::Attr::kLang));
  if (name.empty() || IsKnownLanguage(name)) return name;
  const std::size_t primary = std::min(name.find('-'), name.size());
  const bool letters = std::all_of(name.begin(), name.begin() + static_cast<std::ptrdiff_t>(primary),
                                   [](char c) { return c >= 'a' && c <= 'z'; });
  return letters && primary <= 3 ? std::string() : name;
}

// The <code> element wrapping the text of `pre`, if any: among its first few nodes (Pygments puts
// an empty <span> before it).
dom::NodeId CodeChild(const dom::Document& doc, dom::NodeId pre) {
  const dom::NodeId end = std::min<dom::NodeId>(doc.SubtreeEnd(pre), pre + 4);
  for (dom::NodeId id = pre + 1; id < end; ++id) {
    if (doc[id].tag == dom::Tag::kCode) return id;
  }
  return dom::kNoNode;
}

// Elements that hold a page's parts rather than wrap one code block: a language class on them or
// beyond them is not the code's.
bool EndsTheWrappers(dom::Tag tag) {
  switch (tag) {
    case dom::Tag::kBody: case dom::Tag::kHtml: case dom::Tag::kMain: case dom::Tag::kArticle:
    case dom::Tag::kSection: case dom::Tag::kAside: case dom::Tag::kNav: case dom::Tag::kHeader:
    case dom::Tag::kFooter: case dom::Tag::kLi: case dom::Tag::kUl: case dom::Tag::kOl:
    case dom::Tag::kBlockquote: case dom::Tag::kDocument:
      return true;
    default:
      return false;
  }
}

bool HasGutterToken(std::string_view value) {
  // Every name taken below holds "ln", "lin" or "gutter" in some case; most class values hold none
  // of them, and this runs for every element with attributes.
  bool may = false;
  for (std::size_t k = 0; k + 1 < value.size() && !may; ++k) {
    const auto folded = [&](std::size_t at) { return at < value.size() ? static_cast<char>(value[at] | 0x20) : '\0'; };
    const char c = folded(k);
    may = (c == 'l' && (folded(k + 1) == 'n' || (folded(k + 1) == 'i' && folded(k + 2) == 'n'))) ||
          (c == 'g' && text::StartsWithIgnoreAsciiCase(value.substr(k), "gutter"));
  }
  if (!may) return false;
  std::size_t i = 0;
  while (i < value.size()) {
    while (i < value.size() && IsAsciiWhitespace(value[i])) ++i;
    const std::size_t begin = i;
    while (i < value.size() && !IsAsciiWhitespace(value[i])) ++i;
    const std::string_view token = value.substr(begin, i - begin);
    if (token.empty()) break;
    if (token == "ln" || token == "lnt") return true;  // Chroma (Hugo)
    for (const std::string_view part : {"lineno", "linenum", "line-num", "gutter"}) {
      if (text::FindIgnoreAsciiCase(token, part) != std::string_view::npos) return true;
    }
  }
  return false;
}

}  // namespace

std::string CodeLanguage(const dom::Document& doc, dom::NodeId pre) {
  const dom::NodeId code = CodeChild(doc, pre);
  if (code != dom::kNoNode) {
    if (std::string name = Normalized(doc.GetAttr(code, dom::Attr::kDataLang)); !name.empty()) return name;
  }
  if (std::string name = Normalized(doc.GetAttr(pre, dom::Attr::kDataLang)); !name.empty()) return name;
  if (code != dom::kNoNode) {
    if (std::string name = LanguageOfClass(doc.GetAttr(code, dom::Attr::kClass), true); !name.empty()) return name;
  }
  if (std::string name = LanguageOfClass(doc.GetAttr(pre, dom::Attr::kClass), true); !name.empty()) return name;
  for (const dom::NodeId id : {pre, code}) {
    if (id == dom::kNoNode) continue;
    if (std::string name = LanguageOfLangAttribute(doc, id); !name.empty()) return name;
  }
  // Wrappers: ancestors holding little besides this code (a toolbar, a gutter, the highlighter's
  // table), up to 8 levels.
  const dom::NodeId pre_size = doc.SubtreeEnd(pre) - pre;
  dom::NodeId a = doc[pre].parent;
  for (int level = 0; level < 8 && a != dom::kNoNode && !EndsTheWrappers(doc[a].tag); ++level, a = doc[a].parent) {
    if (doc.SubtreeEnd(a) - a > 64 + 3 * pre_size) break;
    if (std::string name = LanguageOfElement(doc, a, false); !name.empty()) return name;
  }
  return {};
}

bool IsLineNumberGutter(const dom::Document& doc, dom::NodeId element) {
  if (!HasGutterToken(doc.GetAttr(element, dom::Attr::kClass))) return false;
  const dom::NodeId end = doc.SubtreeEnd(element);
  for (dom::NodeId id = element + 1; id < end; ++id) {
    if (!doc[id].is_text()) continue;
    for (const char c : doc.Text(id)) {
      if (!((c >= '0' && c <= '9') || IsAsciiWhitespace(c))) return false;
    }
  }
  // Inside code: an inline line number.
  for (dom::NodeId a = doc[element].parent; a != dom::kNoNode && !EndsTheWrappers(doc[a].tag); a = doc[a].parent) {
    if (doc[a].tag == dom::Tag::kPre || doc[a].tag == dom::Tag::kCode) return true;
  }
  // Beside code: the gutter's parent (a table row, a flex container) holds it, a <pre> beside it
  // and little else (three children at most).
  const dom::NodeId parent = doc[element].parent;
  if (parent == dom::kNoNode || EndsTheWrappers(doc[parent].tag)) return false;
  int children = 0;
  for (dom::NodeId c = doc[parent].first_child; c != dom::kNoNode; c = doc[c].next_sibling) {
    if (doc[c].is_element() && ++children > 3) return false;
  }
  for (dom::NodeId id = parent + 1; id < doc.SubtreeEnd(parent); ++id) {
    if (id == element) {
      id = end - 1;
      continue;
    }
    if (doc[id].tag == dom::Tag::kPre) return true;
  }
  return false;
}

}  // namespace pith::render
