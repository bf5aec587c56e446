// `auto`'s steps, in the order the driver (auto.cc) runs them, each in its own file of
// src/algo/auto/. Every step reads and writes the Page (page.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "algo/auto/page.h"

namespace pith::algo::auto_steps {

// --favor (favor.cc): the options and step 6's thresholds shifted towards precision or recall.
AutoOptions Favored(const AutoOptions& o);
EndsThresholds FavoredEnds(Favor favor);

// Step 1, hints (hints.cc; the words of class and id names in class_names.cc): fills page.hint,
// page.inside and page.strong_hint.
void ComputeHints(Page& page);
// What the tokens of one class or id value name (bits of NameHints).
// kNamesNotWidget: the value names boilerplate by a word other than "widget(s)" too; without it,
// a boilerplate hint is a widget's (kWidgetProseChars). The bits of several values OR together.
// kNamesConsent: a boilerplate word of the value names a cookie consent manager (kConsentWords).
enum NameHint : std::uint8_t {
  kNamesBoilerplate = 1, kNamesContent = 2, kNamesComments = 4, kNamesNotWidget = 8, kNamesConsent = 16
};
std::uint8_t NameHints(std::string_view name);
// An inline element inside the running text of its block (hints.cc; cleaning reads it too).
bool InRunningText(const Page& page, NodeId id);
// A <button> that is or holds a heading: an accordion's header (hints.cc; cleaning reads it too).
bool HeadingButton(const Page& page, NodeId id);

// Step 2, paragraph votes (votes.cc): fills page.votes, page.mass and page.score.
void ComputeVotes(Page& page);
// Undecayed votes under `node` as if its own boilerplate hint were not believed.
double MassWithoutOwnHint(const Page& page, NodeId node);

// Step 3, the best candidate and the ascent (candidate.cc).
NodeId BestCandidate(const Page& page);
NodeId Ascend(Page& page, NodeId best);

// Step 4, siblings, sections and a thread's posts (siblings.cc).
std::vector<NodeId> WithSiblings(Page& page, NodeId best);
void KeepThreadPosts(Page& page, NodeId candidate, NodeId best);

// Step 5, cleaning inside the kept subtrees (cleaning.cc).
void MarkTextareaHolders(Page& page);
void Keep(Page& page, NodeId root, NodeId best, std::uint8_t mark = kKeptContent);
// Whether the nearest list item around `id` (below `root`) is one of four or more items of its list
// most of which are no link groups: step 5 keeps a list it holds, links or not, and so does step 6.
bool InTextRecord(const Page& page, NodeId id, NodeId root);

// Step 6, the content's ends: headline, opening bylines, trailing furniture (ends.cc).
void KeepLeadingHeading(Page& page, NodeId first_root);
void DropLeadingMetaBlocks(Page& page);
void DropTrailingFurniture(Page& page);

// Step 7, the fallback to line blocks (fallback.cc).
Selection Fallback(Page& page, const std::string& why);
// The weighted text of the comment sections left out, not counted in the page's text there.
double LeftOutCommentsWeight(const Page& page);

// Step 8, content spread over the page (spread_content.cc).
NodeId MainRegion(const Page& page, NodeId best);
double UnhintedWeight(const Page& page, NodeId node);
bool DeclaresNoArticle(const Page& page);
bool ClassifiedAs(const Page& page, PageType type);
void AddDispersedContent(Page& page, NodeId region, bool whole_region);
bool DeclaresPublicationDate(const Page& page);
void KeepAllOfMain(Page& page, NodeId main, const char* why);

// Step 9, second copies (copies.cc).
void DropRepeatedRuns(Page& page);

// Step 10, grids of product cards or teasers (grids.cc).
void KeepProductGrids(Page& page);

// Options::comments: the comment sections after the content, kept and marked (comments.cc).
void KeepComments(Page& page);

// What a block's text says by its marks (text_marks.cc), for steps 2, 5 and 6.
bool EndsWithColon(std::string_view text);
bool EndsSentence(std::string_view text);
bool Dateline(std::string_view text);
bool IsLegalNotice(std::string_view text);
bool OpensLegalNotice(std::string_view text);

}  // namespace pith::algo::auto_steps
