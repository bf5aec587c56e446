// Site models (paper 004 §1.2 as pith implements it): learning a site's template from several of
// its pages, and marking the template text of another page.
//
// Learning is a progressive multiple alignment: the model starts as the first page's item sequence
// (sequence.h) with a count of 1 per item; every further page is aligned with the model (align.h);
// matched items count one more page, unmatched items of the page are inserted at their aligned
// position with count 1, and moved items (step 5 of align.h) count one more page in place. At the
// end only items seen on at least two pages are kept: they are the template.
//
// Applying aligns the target page with the model; a target text node is template when it is matched
// (in order or as a move) to a model text item seen on at least RequiredCount(pages, share) pages.
// Keys of text items include the text, so a match means "the aligned counterpart carries the same
// text" — the paper's test — for the required share of the site's pages.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dom/annotate.h"
#include "dom/document.h"
#include "pith/site.h"
#include "site/align.h"
#include "site/sequence.h"

namespace pith {

struct SiteModel::Data {
  std::string host;
  std::uint32_t pages = 0;               // pages learned from
  std::vector<std::uint64_t> keys;       // template items in aligned (pre-)order
  std::vector<std::uint32_t> counts;     // pages that carry each item
  std::vector<std::uint8_t> is_text;
  std::vector<std::string> texts;        // normalized text of text items ("" for elements)
};

}  // namespace pith

namespace pith::site {

// Builds a model page by page from parsed documents.
class Learner {
 public:
  void Add(const dom::Document& doc, const dom::Annotation& annotation);
  std::uint32_t pages() const { return data_.pages; }
  // Keeps the items seen on at least `min_count` pages and hands the model over.
  std::unique_ptr<SiteModel::Data> Finish(std::uint32_t min_count = 2);

 private:
  SiteModel::Data data_;
  Sequence seq_;
  Alignment alignment_;
};

// Pages a model item must have been seen on to count as template: ceil(share · pages), at least 2.
std::uint32_t RequiredCount(std::uint32_t pages, double share);

struct TemplateMarks {
  std::vector<std::uint8_t> is_template;  // per node id: 1 for template text nodes
  std::size_t texts = 0;                  // visible text nodes of the page
  std::size_t template_texts = 0;         // of which template
  std::size_t template_chars = 0;         // their non-whitespace characters
  std::size_t moved = 0;                  // template texts found by move detection
};

void MarkTemplate(const dom::Document& doc, const dom::Annotation& annotation, const SiteModel::Data& model,
                  double share, TemplateMarks* out);

}  // namespace pith::site
