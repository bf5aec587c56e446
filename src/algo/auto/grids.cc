// Step 10 of `auto` (driver: auto.cc, EndOfContent): grids of product cards or teasers. Decides
// whether a grid of short linked cards is content the votes passed over, on the evidence of the
// cards' markup (at least kMinGridCards siblings of one tag and class value, each short and
// holding a link), their prices (a currency sign beside a number) and their text's share of the
// other kept text: a collection page's products are kept with their links, without their
// buttons and form controls. When the votes found no content (page.votes_failed), or the page
// classifier takes the page for a listing or a service page, cards without prices count too, each
// of a headline's length: a front page's or a ranked list's teasers, a landing page's cards. No
// paper keeps link-dense grids: their link density is what papers 000 and 002 drop.
#include <algorithm>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "algo/auto/tables.h"

namespace pith::algo::auto_steps {
namespace {

// Characters of the kept text under `node`.
double KeptChars(const Page& page, NodeId node) {
  double chars = 0;
  for (NodeId t = node; t < page.doc.SubtreeEnd(node); ++t) {
    if (page.sel.keep[t] && page.doc[t].is_text()) chars += page.ann[t].chars;
  }
  return chars;
}

// Whether a card's text holds a price: a currency sign before or after a number ("$36",
// "€49,95", "49,95 €", "US $12"), or 元 / 円 after one ("99元").
bool ProductCardPrice(const Page& page, NodeId card) {
  bool digit_seen = false;  // a price has a digit: most cards of link lists have none
  for (NodeId t = card; t < page.doc.SubtreeEnd(card) && !digit_seen; ++t) {
    if (!page.doc[t].is_text() || page.doc[t].hidden()) continue;
    const std::string_view text = page.doc.Text(t);
    digit_seen = std::any_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  }
  if (!digit_seen) return false;
  bool after_digit = false, after_sign = false;  // the last character other than a space
  for (NodeId t = card; t < page.doc.SubtreeEnd(card); ++t) {
    if (!page.doc[t].is_text() || page.doc[t].hidden()) continue;
    const std::string_view text = page.doc.Text(t);
    for (std::size_t i = 0; i < text.size();) {
      const char32_t c = text::NextCodePoint(text, i);
      if (text::IsSpace(c)) continue;
      const bool digit = c >= '0' && c <= '9';
      const bool unit = text::IsCurrencySign(c) || kPriceUnits.find(c) != std::u32string_view::npos;
      if ((digit && after_sign) || (after_digit && unit)) {
        return true;
      }
      after_digit = digit;
      after_sign = text::IsCurrencySign(c);
    }
  }
  return false;
}

// Whether a grid of unpriced headline-sized cards is content: when the votes found none (a front
// page of teasers), and on a page the classifier takes for a listing (a news front, a topic page,
// a ranked list) or a service page (a landing page's cards of services): there the list of items
// is what the page is for, and the votes pass over it for the one paragraph outside the links (an
// introduction, a blurb). On an article the same cards are its related headlines and stay out.
bool TeasersAreContent(const Page& page) {
  return page.votes_failed || ClassifiedAs(page, PageType::kListing) || ClassifiedAs(page, PageType::kService);
}

}  // namespace

// Step 10: a shop's collection or search page lists its products as a grid of cards (a name, a
// price, a rating), all links and short lines, which the paragraph votes pass over for the
// category's blurb or buying guide below it. A group of at least kMinGridCards children of one
// element that share their tag and class value, each holding a link and under kMaxCardChars
// characters, kMinPricedShare of them with a price (ProductCardPrice), is kept with its links
// when its text reaches kMinGridShare of the other kept text and less than half of it is kept
// already; the cards' buttons and form controls (strong boilerplate hints) stay out. Where teasers
// are content (TeasersAreContent), a group without prices is such a grid too, of its cards of at
// least kMinTeaserChars characters: a front page's teasers, a ranked list's rows.
void KeepProductGrids(Page& page) {
  double other = -1;  // kept text outside the grids kept so far, counted when first needed
  std::vector<std::pair<std::uint64_t, NodeId>> kids;  // (hash of the tag and class value, child)
  std::vector<NodeId> cards;
  for (NodeId parent = page.root; parent < page.doc.SubtreeEnd(page.root); ++parent) {
    // Each card holds a link: a subtree with fewer links holds no grid (most subtrees), and none
    // inside boilerplate or hidden text counts.
    if (page.ann[parent].link_count < kMinGridCards || page.inside[parent] == kBoilerplate ||
        page.doc[parent].hidden()) {
      parent = page.doc.SubtreeEnd(parent) - 1;
      continue;
    }
    kids.clear();
    for (NodeId c = page.doc[parent].first_child; c != dom::kNoNode; c = page.doc[c].next_sibling) {
      if (page.doc[c].is_element() && !page.doc[c].hidden() && page.ann[c].chars > 0) {
        kids.push_back({std::hash<std::string_view>{}(page.doc.GetAttr(c, Attr::kClass)) * 31 +
                            static_cast<std::uint64_t>(page.doc[c].tag), c});
      }
    }
    if (kids.size() < kMinGridCards) continue;
    // The largest group of one tag and class value: sorted by their hash, a group is a run.
    std::sort(kids.begin(), kids.end());
    std::size_t group = 0, group_size = 0;
    for (std::size_t i = 0, run = 1; i < kids.size(); ++i, ++run) {
      if (i + 1 < kids.size() && kids[i + 1].first == kids[i].first) continue;
      if (run > group_size) group = i + 1 - run, group_size = run;
      run = 0;
    }
    if (group_size < kMinGridCards) continue;
    // Cards: the group's members under kMaxCardChars that hold a link. The scan for prices stops
    // once too few can be left to have one.
    cards.clear();
    const double needed = std::max<double>(kMinGridCards, kMinPricedShare * group_size);
    double priced = 0, unpriced = 0;
    // A card: under kMaxCardChars characters (and at least min_chars), holding a link.
    auto is_card = [&](NodeId card, double min_chars) {
      return page.ann[card].chars >= min_chars && page.ann[card].chars < kMaxCardChars && page.ann[card].link_count > 0;
    };
    for (std::size_t i = group; i < group + group_size && unpriced <= group_size - needed; ++i) {
      const NodeId card = kids[i].second;
      const bool card_like = is_card(card, 0);
      if (card_like) cards.push_back(card);
      ++(card_like && ProductCardPrice(page, card) ? priced : unpriced);
    }
    const bool teasers = priced < needed;
    if (teasers) {
      if (!TeasersAreContent(page)) continue;
      cards.clear();
      for (std::size_t i = group; i < group + group_size; ++i) {
        const NodeId card = kids[i].second;
        if (is_card(card, kMinTeaserChars)) cards.push_back(card);
      }
      if (cards.size() < kMinGridCards) continue;
    }
    double grid = 0, kept = 0;
    for (const NodeId card : cards) {
      grid += page.ann[card].chars;
      kept += KeptChars(page, card);
    }
    if (other < 0) other = KeptChars(page, page.root);
    if (2 * kept > grid || grid < kMinGridShare * (other - kept)) continue;
    for (const NodeId card : cards) {
      for (NodeId t = card; t < page.doc.SubtreeEnd(card); ++t) {
        if (page.hint[t] == kBoilerplate && page.strong_hint[t]) {
          t = page.doc.SubtreeEnd(t) - 1;
        } else if (page.doc[t].is_text() && !page.doc[t].hidden() && !page.sel.keep[t]) {
          page.sel.keep[t] = 1;
          other += page.ann[t].chars;
        }
      }
    }
    page.AddDecision(parent, static_cast<double>(cards.size()), true,
                     "a grid of " + std::to_string(cards.size()) +
                         (!teasers            ? " cards with prices (a shop's products)"
                          : page.votes_failed ? " headline-sized cards, where the votes found no content (teasers, a ranked list)"
                                              : " headline-sized cards on a page classified as a listing or service page") +
                         ", kept with their links");
    parent = page.doc.SubtreeEnd(parent) - 1;
  }
}

}  // namespace pith::algo::auto_steps
