// HTML5 parsing into pith's arena Document. The only module that talks to MyHTML.
#pragma once

#include <string_view>

#include "dom/document.h"
#include "pith/status.h"

namespace pith::dom {

struct ParseLimits {
  int max_nesting_depth = 5000;  // Options::max_nesting_depth
  // Contents of <script> and <style> (but JSON-LD) are not handed to MyHTML: pith never reads them
  // and they are a third of a typical page. The tree is the same either way (each omission is
  // checked against the tree, and the page parsed whole when one does not hold); off is for
  // differential tests.
  bool omit_raw_contents = true;
};

// Parses valid UTF-8 `html` into `doc` (cleared first). Fails with kTooDeep when the estimated
// element nesting exceeds the limit (checked before MyHTML runs: its time grows with depth²).
// Source lines of nodes are those of `html`.
Status Parse(std::string_view html, const ParseLimits& limits, Document* doc);

// Upper estimate of element nesting from a linear scan of the tags: start tags of elements that
// need an end tag push, end tags pop; void elements, elements whose end tag is optional (p, li,
// td, ...), comments and raw-text contents (script, style, textarea, title; script and style only
// outside <svg> and <math>, where they hold markup) are skipped.
int EstimateNestingDepth(std::string_view html);

}  // namespace pith::dom
