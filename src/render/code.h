// Code blocks as syntax highlighters write them: the language the page names for a <pre>, and the
// line-number gutters highlighters set beside or inside the code (docs/output.md, "Code").
#pragma once

#include <string>

#include "dom/document.h"

namespace pith::render {

// The language a page names for the code of `pre` (a <pre> element), lower case, or "" when it
// names none. Read, in this order, from: data-lang / data-language on the <code> in the <pre> or
// on the <pre>; the class of the <code>, then of the <pre> (`language-x`, `lang-x`, `highlight-x`,
// `highlight-source-x`, `src-x`, `brush: x`, or, beside `hljs`, `sourceCode`, `prettyprint`..., a
// bare known language name or a dialect of one such as pandoc's `vue-html`); a `lang` attribute on
// either that is a code language rather than a human one; then the wrappers highlighters put
// around the <pre> (Sphinx's `div.highlight-x`, `div.language-x`, Hexo's `figure.highlight x`), up
// to the nearest element that holds much more than the code. "none", "default" and "nohighlight"
// name no language.
std::string CodeLanguage(const dom::Document& doc, dom::NodeId pre);

// Whether `element` is a line-number gutter: its class names line numbers (Pygments' `linenos`,
// rouge's `rouge-gutter` and `lineno`, highlight.js's `hljs-ln-numbers`, Chroma's `ln`/`lnt`,
// SyntaxHighlighter's `gutter`, ... any token holding "lineno", "linenum", "line-num" or
// "gutter"), its text is digits and white space only, and it lies inside a <pre> or <code> or
// beside one (its parent holds it, a <pre> and at most one other element: a table row, a flex
// container). Rendering leaves its text out.
bool IsLineNumberGutter(const dom::Document& doc, dom::NodeId element);

}  // namespace pith::render
