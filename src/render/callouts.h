// Callouts: the boxes documentation sets apart from the text with a title of their own (a note, a
// warning, a tip: admonitions) and <details> with its <summary>. They are rendered as quotations
// whose title is written in strong (docs/output.md, "Callouts").
#pragma once

#include <string_view>

#include "dom/document.h"
#include "text/ascii.h"

namespace pith::render {

// Calls `f` on each token of a class value until it returns true; whether one did.
template <class F>
bool AnyClassToken(std::string_view value, F&& f) {
  std::size_t i = 0;
  while (i < value.size()) {
    while (i < value.size() && text::IsAsciiWhitespace(value[i])) ++i;
    const std::size_t begin = i;
    while (i < value.size() && !text::IsAsciiWhitespace(value[i])) ++i;
    if (i > begin && f(value.substr(begin, i - begin))) return true;
  }
  return false;
}

// Whether `element` is a callout: a <details> whose <summary> holds no heading, or a <div>, <aside> or <section> with a class token
// (any case) `admonition` (Python-Markdown, MkDocs, Sphinx, MyST), `admonitionblock` (Asciidoctor),
// `theme-admonition` (Docusaurus), `markdown-alert` (GitHub), `callout` or `alert` (Bootstrap).
bool IsCallout(const dom::Document& doc, dom::NodeId element);

// Whether `element`, inside a callout, holds its title: a <summary>, or an element with a class
// token holding "title" or "heading" (`admonition-title`, `markdown-alert-title`, `alert-heading`,
// Docusaurus' `admonitionHeading_…`).
bool IsCalloutTitle(const dom::Document& doc, dom::NodeId element);

}  // namespace pith::render
