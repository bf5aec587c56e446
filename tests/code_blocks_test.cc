// Code blocks as highlighters write them: one small page per highlighter shape, each giving the
// code's text character for character, its language, and no line numbers; Markdown fences carry
// the language, JSON code blocks have it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dom/parse.h"
#include "render/blocks.h"
#include "render/formats.h"

namespace pith::render {
namespace {

// The blocks of a whole page, every text node kept.
std::vector<Block> Blocks(std::string_view html) {
  dom::Document doc;
  dom::Parse(html, dom::ParseLimits{}, &doc);
  return CollectBlocks(doc, std::vector<std::uint8_t>(doc.size(), 1));
}

// The page's only block, which must be code.
Block OnlyCode(std::string_view html) {
  const std::vector<Block> blocks = Blocks(html);
  EXPECT_EQ(blocks.size(), 1u) << html;
  if (blocks.empty()) return Block();
  EXPECT_EQ(blocks[0].kind, BlockKind::kCode) << html;
  return blocks[0];
}

struct Shape {
  const char* highlighter;
  const char* html;
  const char* language;
  const char* code;
};

const Shape kShapes[] = {
    {"highlight.js", "<pre><code class=\"hljs language-ts\"><span class=\"hljs-keyword\">const</span> a = "
                     "<span class=\"hljs-number\">1</span></code></pre>",
     "ts", "const a = 1"},
    {"highlight.js 9", "<pre><code class=\"javascript hljs\">let x</code></pre>", "javascript", "let x"},
    {"Prism", "<pre class=\"language-python line-numbers\"><code class=\"language-python\">x = 1\ny = 2"
              "<span aria-hidden=\"true\" class=\"line-numbers-rows\"><span></span><span></span></span></code></pre>",
     "python", "x = 1\ny = 2"},
    {"Sphinx Pygments", "<div class=\"highlight-rust notranslate\"><div class=\"highlight\"><pre><span></span>"
                        "<span class=\"k\">fn</span><span class=\"w\"> </span><span class=\"nf\">main</span>() {}\n"
                        "</pre></div></div>",
     "rust", "fn main() {}"},
    {"Pygments line-number table", "<div class=\"highlight-cpp notranslate\"><div class=\"highlight\"><table "
                                   "class=\"highlighttable\"><tr><td class=\"linenos\"><div class=\"linenodiv\"><pre>"
                                   "<span class=\"normal\">1</span>\n<span class=\"normal\">2</span></pre></div></td>"
                                   "<td class=\"code\"><div><pre><span></span>int a;\nint b;\n</pre></div></td></tr>"
                                   "</table></div></div>",
     "cpp", "int a;\nint b;"},
    {"Pygments inline line numbers", "<div class=\"language-go highlight\"><pre><span></span><code>"
                                     "<span class=\"linenos\"> 9</span>x := 1\n<span class=\"linenos\">10</span>y := 2\n"
                                     "</code></pre></div>",
     "go", "x := 1\ny := 2"},
    {"pandoc", "<div class=\"sourceCode\" id=\"cb1\"><pre class=\"sourceCode rust\"><code class=\"sourceCode rust\">"
               "<span id=\"cb1-1\"><a href=\"#cb1-1\" aria-hidden=\"true\" tabindex=\"-1\"></a><span class=\"kw\">"
               "use</span> std<span class=\"op\">;</span></span>\n<span id=\"cb1-2\"><a href=\"#cb1-2\" "
               "aria-hidden=\"true\" tabindex=\"-1\"></a>  x</span></code></pre></div>",
     "rust", "use std;\n  x"},
    {"pandoc, unknown language", "<pre class=\"vue-html\"><code>&lt;input v-focus&gt;</code></pre>", "vue-html",
     "<input v-focus>"},
    {"pandoc, no highlighting", "<pre class=\"console\"><code>$ cargo run</code></pre>", "console", "$ cargo run"},
    {"rouge", "<div class=\"language-ruby highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\">"
              "<code><table class=\"rouge-table\"><tbody><tr><td class=\"rouge-gutter gl\"><pre class=\"lineno\">1\n2\n"
              "</pre></td><td class=\"rouge-code\"><pre>puts 1\nputs 2\n</pre></td></tr></tbody></table></code></pre>"
              "</div></div>",
     "ruby", "puts 1\nputs 2"},
    {"Chroma", "<div class=\"highlight\"><pre tabindex=\"0\" class=\"chroma\"><code class=\"language-go\" "
               "data-lang=\"go\"><span class=\"line\"><span class=\"ln\">1</span><span class=\"cl\">package main\n"
               "</span></span></code></pre></div>",
     "go", "package main"},
    {"SyntaxHighlighter", "<pre class=\"brush: js; gutter: false\">var a;</pre>", "js", "var a;"},
    {"SyntaxHighlighter, no space", "<pre class=\"brush:php\">echo 1;</pre>", "php", "echo 1;"},
    {"GitHub", "<div class=\"highlight highlight-source-python\"><pre>print(1)</pre></div>", "python", "print(1)"},
    {"GitHub HTML scope", "<div class=\"highlight highlight-text-html-basic\"><pre>&lt;p&gt;</pre></div>", "html",
     "<p>"},
    {"cmark-gfm", "<pre lang=\"ts\"><code>let a: number</code></pre>", "ts", "let a: number"},
    {"WordPress", "<pre class=\"wp-block-code\"><code lang=\"bash\" class=\"language-bash\">ls</code></pre>", "bash",
     "ls"},
    {"google-code-prettify", "<pre class=\"prettyprint lang-java\">int x;</pre>", "java", "int x;"},
    {"org-mode", "<div class=\"org-src-container\"><pre class=\"src src-elisp\">(car x)</pre></div>", "elisp",
     "(car x)"},
    {"Shiki", "<pre class=\"shiki github-dark\" data-language=\"tsx\"><code><span class=\"line\">&lt;A /&gt;</span>"
              "</code></pre>",
     "tsx", "<A />"},
    {"Hexo", "<figure class=\"highlight js\"><table><tr><td class=\"gutter\"><pre><span class=\"line\">1</span><br>"
             "</pre></td><td class=\"code\"><pre><span class=\"line\">f()</span><br></pre></td></tr></table></figure>",
     "js", "f()"},
    {"no language", "<pre><code>plain</code></pre>", "", "plain"},
    {"a human language is no code's", "<pre lang=\"en\">words</pre>", "", "words"},
    {"a page's language class is no code's", "<div class=\"lang-en\"><div><pre>text</pre></div></div>", "", "text"},
    {"Sphinx's default", "<div class=\"highlight-default notranslate\"><div class=\"highlight\"><pre>x</pre></div></div>",
     "", "x"},
    {"Prism's none", "<pre class=\"language-none\"><code class=\"language-none\">x</code></pre>", "", "x"},
};

TEST(CodeBlocks, EveryHighlighterShapeGivesTheCodeAndItsLanguage) {
  for (const Shape& shape : kShapes) {
    const Block code = OnlyCode(shape.html);
    EXPECT_EQ(code.text, shape.code) << shape.highlighter;
    EXPECT_EQ(code.language, shape.language) << shape.highlighter;
  }
}

// Digits under a class that names line numbers are text when they are no gutter of code: a table's
// cell, a paragraph.
TEST(CodeBlocks, LineNumberClassesAwayFromCodeKeepTheirText) {
  const std::vector<Block> blocks =
      Blocks("<table><tr><td class=\"gutter\">2024</td><td>year</td></tr></table><p class=\"lineno\">42</p>"
             "<pre><span class=\"linenos\">not a number</span> x</pre>");
  ASSERT_EQ(blocks.size(), 4u);
  EXPECT_EQ(blocks[0].text, "2024");
  EXPECT_EQ(blocks[2].text, "42");
  EXPECT_EQ(blocks[3].text, "not a number x");
}

TEST(CodeBlocks, MarkdownFencesAndJsonCarryTheLanguage) {
  Result r;
  r.blocks = Blocks("<p>Run:</p><pre><code class=\"language-rust\">let s = \"```\";</code></pre><pre>plain</pre>");
  ASSERT_EQ(r.blocks.size(), 3u);
  EXPECT_EQ(ToMarkdown(r), "Run:\n\n````rust\nlet s = \"```\";\n````\n\n```\nplain\n```\n");
  const nlohmann::json json = ToJson(r, "page.html", true);
  EXPECT_EQ(json["blocks"][1]["language"], "rust");
  EXPECT_EQ(json["blocks"][2]["language"], "");
  EXPECT_FALSE(json["blocks"][0].contains("language"));
}

}  // namespace
}  // namespace pith::render
