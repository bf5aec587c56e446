// `auto`'s precision/recall trade (`--favor`, AutoOptions::favor; trafilatura's favor_precision
// and favor_recall). Not a second algorithm: every reading runs the same steps, with the thresholds
// of the decisions that keep or leave text at the content's edges shifted one way:
//   step 3  the ascent: how well the parent must score (ascend_score_ratio, ascend_mass_gain);
//   step 4  siblings: the share of the main subtree's score a sibling needs (sibling_score_ratio);
//   step 5  link groups: the link density above which a part goes (max_link_density);
//   step 6  the beginning: how short an opening block is to be a byline (lead_trim_chars) and how
//           many of them go; the end: how long a block is to count as the article's prose
//           (trailing furniture after it goes) and, favouring precision, short sentence-less
//           blocks after the last prose block go on every page (otherwise on CJK pages only: the
//           credit lines of Chinese news);
//   step 8  spread content: below which share of the page the main subtree lets the text of the
//           rest of the page in (dispersed_share, dispersed_main_share).
// The shifts were chosen by measurement on the development corpus (docs/auto.md, "Precision or
// recall"): each mode buys precision or recall on every set.
#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"

namespace pith::algo::auto_steps {

AutoOptions Favored(const AutoOptions& o) {
  AutoOptions f = o;
  switch (o.favor) {
    case Favor::kBalanced:
      break;
    case Favor::kPrecision:
      f.lead_trim_chars = o.lead_trim_chars * 3 / 2;
      f.dispersed_share = o.dispersed_share * 0.6;
      f.dispersed_main_share = o.dispersed_main_share * 0.7;
      break;
    case Favor::kRecall:
      f.max_link_density = o.max_link_density * 1.3;
      f.lead_trim_chars = o.lead_trim_chars / 2;
      f.dispersed_share = o.dispersed_share * 1.4;
      f.dispersed_main_share = o.dispersed_main_share + (1 - o.dispersed_main_share) * 0.67;
      break;
  }
  return f;
}

EndsThresholds FavoredEnds(Favor favor) {
  EndsThresholds e;
  if (favor == Favor::kPrecision) {
    e.max_leading_meta_blocks = kMaxLeadingMetaBlocks + 2;
    e.trailing_prose_chars = kTrailingProseChars * 1.5;
    e.trailing_credits_on_every_page = true;
  } else if (favor == Favor::kRecall) {
    e.trailing_prose_chars = kTrailingProseChars * 0.5;
  }
  return e;
}

}  // namespace pith::algo::auto_steps
