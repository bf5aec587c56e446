// `auto`'s steps one at a time (src/algo/auto/steps.h) on small pages whose numbers are worked out
// by hand in the comments: each test gives a step its input and checks the number or the decision
// it must produce, and is named after the rule it pins. The whole algorithm on scenarios is
// tests/auto_test.cc.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "algo/auto/page.h"
#include "algo/auto/steps.h"
#include "dom/parse.h"

namespace pith::algo::auto_steps {
namespace {

// A page read up to the step under test.
struct Reading {
  dom::Document doc;
  dom::Annotation ann;
  Options options;
  std::unique_ptr<Context> ctx;
  std::unique_ptr<Page> page;

  explicit Reading(const std::string& html) {
    dom::Parse(html, {}, &doc);
    dom::Annotate(doc, &ann);
    ctx = std::make_unique<Context>(Context{doc, ann, options});
    page = std::make_unique<Page>(*ctx);
    page->sel.Reset(doc.size());
    ComputeHints(*page);  // step 1
    ComputeVotes(*page);  // step 2
  }
  NodeId Id(std::string_view id) const {
    for (NodeId n = 0; n < doc.size(); ++n) {
      if (doc[n].is_element() && doc.GetAttr(n, dom::Attr::kId) == id) return n;
    }
    ADD_FAILURE() << "no element #" << id;
    return 0;
  }
  // Whether any text node under #id is kept.
  bool Kept(std::string_view id) const {
    const NodeId e = Id(id);
    for (NodeId n = e; n < doc.SubtreeEnd(e); ++n) {
      if (doc[n].is_text() && page->sel.keep[n]) return true;
    }
    return false;
  }
};

// 15 words of 10 letters with a full stop after every fifth: 150 letters + 3 stops = 153 weighted
// characters, 3 of them punctuation. Its vote: 1 + min(3, 153 / 10) + min(153 / 100, 3) = 5.53.
const std::string kProse = [] {
  std::string s;
  for (int i = 1; i <= 15; ++i) s += std::string("abcdefghij") + (i % 5 == 0 ? ". " : " ");
  return s;
}();
constexpr double kProseVote = 5.53;

// ---- Step 1: hints --------------------------------------------------------------------------------------

TEST(AutoHints, TagRoleAndClassNamesGiveHintsThatTheirInsidesInherit) {
  // A <nav> and a role=contentinfo are boilerplate by tag and role (strong hints), a class
  // "sidebar" by name; "comments" names a comment section, "entry" content. A <p> inside the <nav>
  // lies inside boilerplate. The prose paragraph holds most of the page's text, so that no hinted
  // element is mistaken for the page's wrapper.
  Reading r("<body><p id=prose>" + kProse + kProse + "</p><nav id=n><p id=in>Home</p></nav><div role=contentinfo id=ci>"
            "Legal</div><div class=sidebar id=sb>Popular</div><div class=comments id=cm>Nice</div>"
            "<div class=entry id=en>Words</div></body>");
  const Page& page = *r.page;
  EXPECT_EQ(page.hint[r.Id("prose")], kNoHint);
  EXPECT_EQ(page.hint[r.Id("n")], kBoilerplate);
  EXPECT_TRUE(page.strong_hint[r.Id("n")]);
  EXPECT_EQ(page.inside[r.Id("in")], kBoilerplate);
  EXPECT_EQ(page.hint[r.Id("ci")], kBoilerplate);
  EXPECT_TRUE(page.strong_hint[r.Id("ci")]);
  EXPECT_EQ(page.hint[r.Id("sb")], kBoilerplate);
  EXPECT_FALSE(page.strong_hint[r.Id("sb")]);
  EXPECT_EQ(page.hint[r.Id("cm")], kCommentsHint);
  EXPECT_EQ(page.hint[r.Id("en")], kContentHint);
}

// ---- Step 2: votes and scores -------------------------------------------------------------------

TEST(AutoVotes, AParagraphVotesToItselfAndFourLevelsAboveWithDecayingWeights) {
  // v = 1 + min(punctuation, own / 10) + min(own / 100, 3), cast with weights 1, 1, 1/2, 1/3, 1/4.
  Reading r("<body><div id=a><div id=b><div id=c><div id=d><div id=e><p id=p>" + kProse +
            "</p></div></div></div></div></div></body>");
  EXPECT_DOUBLE_EQ(r.page->own[r.Id("p")], 153);
  EXPECT_DOUBLE_EQ(r.page->own_punct[r.Id("p")], 3);
  EXPECT_NEAR(r.page->votes[r.Id("p")], kProseVote, 1e-9);
  EXPECT_NEAR(r.page->votes[r.Id("e")], kProseVote, 1e-9);
  EXPECT_NEAR(r.page->votes[r.Id("d")], kProseVote / 2, 1e-9);
  EXPECT_NEAR(r.page->votes[r.Id("c")], kProseVote / 3, 1e-9);
  EXPECT_NEAR(r.page->votes[r.Id("b")], kProseVote / 4, 1e-9);
  EXPECT_DOUBLE_EQ(r.page->votes[r.Id("a")], 0);
  EXPECT_NEAR(r.page->mass[r.Id("a")], kProseVote, 1e-9);  // undecayed
}

TEST(AutoVotes, PunctuationAndLengthAreCappedAndShortBlocksVoteByLength) {
  // "a," × 15: 30 characters, 15 marks: 1 + min(15, 3) + min(0.3, 3) = 4.3.
  // 500 letters without a mark: 1 + 0 + min(5, 3) = 4.
  // 10 letters (under min_paragraph_chars 25): 10 / 25 × short_block_vote 0.5 = 0.2.
  std::string commas;
  for (int i = 0; i < 15; ++i) commas += "a,";
  std::string letters;
  for (int i = 0; i < 50; ++i) letters += "abcdefghij ";
  Reading r("<body><p id=commas>" + commas + "</p><p id=long>" + letters + "</p><p id=short>abcdefghij</p></body>");
  EXPECT_NEAR(r.page->votes[r.Id("commas")], 4.3, 1e-9);
  EXPECT_NEAR(r.page->votes[r.Id("long")], 4.0, 1e-9);
  EXPECT_NEAR(r.page->votes[r.Id("short")], 0.2, 1e-9);
}

TEST(AutoVotes, ScoreIsVotesTimesOneMinusLinkDensity) {
  // The <div> holds the prose paragraph (153 characters, vote 5.53) and a paragraph of 51 linked
  // letters, which casts no vote: link density 51 / 204 = 0.25, score 5.53 × 0.75 = 4.1475.
  Reading r("<body><div id=d><p>" + kProse + "</p><p><a href=/x>" + std::string(51, 'x') + "</a></p></div></body>");
  const NodeId d = r.Id("d");
  EXPECT_NEAR(r.page->votes[d], kProseVote, 1e-9);
  EXPECT_DOUBLE_EQ(r.page->LinkDensity(d), 0.25);
  EXPECT_NEAR(r.page->score[d], kProseVote * 0.75, 1e-9);
}

// ---- Step 3: the best candidate and the ascent -----------------------------------------------------

TEST(AutoCandidate, ALinkHeavyContainerLosesToALighterOneWithFewerVotes) {
  // #many: two prose paragraphs, each beside 230 linked letters: votes 2 × 5.53 = 11.06, link
  // density 460 / 766 = 0.6005, score 4.42; each of its paragraphs 5.53 × (1 − 230/383) = 2.21.
  // #few: one prose paragraph, no link: votes and score 5.53, ahead of its own paragraph (equal
  // score, later in the page). <body>: 0.5 × 3 × 5.53 × (1 − 460/919) = 4.14.
  const std::string links = "<a href=/x>" + std::string(230, 'x') + "</a>";
  Reading r("<body><div id=many><p>" + kProse + links + "</p><p>" + kProse + links + "</p></div><div id=few><p>" +
            kProse + "</p></div></body>");
  EXPECT_NEAR(r.page->score[r.Id("many")], 2 * kProseVote * (1 - 460.0 / 766), 1e-9);
  EXPECT_NEAR(r.page->score[r.Id("few")], kProseVote, 1e-9);
  EXPECT_EQ(BestCandidate(*r.page), r.Id("few"));
}

TEST(AutoAscend, StopsBelowAParentThatAddsMoreShortTextThanProse) {
  // #inner (three prose paragraphs) scores 3 × 5.53; its parent #outer 1.5 × 5.53 (+0.4 from a
  // short block), half of it, enough to be passed (ascend_score_ratio 0.5). Text balance: #inner
  // 3 × 153 = 459; #outer adds a byline of 20 letters without punctuation, costing 2 × 20: 419 <
  // 459, so T stays #inner. With a fourth prose paragraph instead (+153), #outer's balance is 612
  // and T moves up to it, not further: <body> adds a sentence-less footer of 9 letters (612 − 18).
  // (The ids are no content words: a content hint would multiply a score by 1.1.)
  const std::string inner = "<div id=inner><p>" + kProse + "</p><p>" + kProse + "</p><p>" + kProse + "</p></div>";
  Reading byline("<body><div id=outer><div>abcdefghij abcdefghij</div>" + inner + "</div></body>");
  EXPECT_EQ(Ascend(*byline.page, byline.Id("inner")), byline.Id("inner"));
  Reading more("<body><div id=outer><div>" + kProse + "</div>" + inner + "</div><div>Contactus</div></body>");
  EXPECT_EQ(Ascend(*more.page, more.Id("inner")), more.Id("outer"));
}

// ---- Step 4: siblings ----------------------------------------------------------------------------------

TEST(AutoSiblings, APlainParagraphBesideTheMainSubtreeJoinsIt) {
  // T = #t0 scores 3 × 5.53 = 16.6; a sibling joins by score at max(10, 0.2 × 16.6) = 10. Each
  // sibling here scores far less (about 2.6), so only the paragraph rule can take one in: own text
  // of at least 2 × min_paragraph_chars (50), link density under 0.25, no block inside it.
  // #plain: 60 letters and a stop (61): joins. #linky: the same and 25 linked letters: link density
  // 25 / 86 = 0.29, stays out. #boxed: the same paragraph inside a <div>: the <div>'s own text is
  // 0, stays out.
  const std::string sixty = "abcdefghij abcdefghij abcdefghij abcdefghij abcdefghij abcdefghij.";
  Reading r("<body><div id=t0><p>" + kProse + "</p><p>" + kProse + "</p><p>" + kProse + "</p></div><p id=plain>" +
            sixty + "</p><p id=linky>" + sixty + "<a href=/x>" + std::string(25, 'x') + "</a></p><div id=boxed><p>" +
            sixty + "</p></div></body>");
  const NodeId t0 = r.Id("t0");
  ASSERT_NEAR(r.page->score[t0], 3 * kProseVote, 1e-9);
  EXPECT_DOUBLE_EQ(r.page->own[r.Id("plain")], 61);
  EXPECT_EQ(WithSiblings(*r.page, t0), (std::vector<NodeId>{t0, r.Id("plain")}));
}

TEST(AutoSiblings, ASiblingScoringTheRatioOfTheMainSubtreeJoinsIt) {
  // T = #t0: 10 prose paragraphs, score 55.3; threshold max(10, 0.2 × 55.3) = 11.06. #three (three
  // paragraphs in a <div>: 16.59) reaches it and joins; #one (5.53, a <div> around one paragraph,
  // so no plain paragraph either) does not.
  std::string ten;
  for (int i = 0; i < 10; ++i) ten += "<p>" + kProse + "</p>";
  Reading r("<body><div id=t0>" + ten + "</div><div id=three><p>" + kProse + "</p><p>" + kProse + "</p><p>" + kProse +
            "</p></div><div id=one><p>" + kProse + "</p></div></body>");
  const NodeId t0 = r.Id("t0");
  EXPECT_NEAR(r.page->score[t0], 10 * kProseVote, 1e-9);
  EXPECT_EQ(WithSiblings(*r.page, t0), (std::vector<NodeId>{t0, r.Id("three")}));
}

// ---- Step 5: cleaning inside the main subtree ---------------------------------------------------------

TEST(AutoCleaning, LinkGroupsAboveHalfLinkTextAndMinorBoilerplateGo) {
  // Inside T: #menu is all links (density 1): a link group, dropped. #half: each item 5 letters and
  // 5 linked letters, density 0.5: not above max_link_density 0.5, kept. #nav: a <nav> holding less
  // than half of T's text: dropped.
  Reading r("<body><div id=t><p id=p>" + kProse + "</p><ul id=menu><li><a href=/1>Home</a></li><li><a href=/2>News</a>"
            "</li></ul><ul id=half><li>abcde <a href=/3>fghij</a></li><li>klmno <a href=/4>pqrst</a></li></ul>"
            "<nav id=nav><a href=/5>Next</a> page</nav></div></body>");
  const NodeId t = r.Id("t");
  MarkTextareaHolders(*r.page);
  Keep(*r.page, t, t);
  EXPECT_TRUE(r.Kept("p"));
  EXPECT_FALSE(r.Kept("menu"));
  EXPECT_DOUBLE_EQ(r.page->LinkDensity(r.Id("half")), 0.5);
  EXPECT_TRUE(r.Kept("half"));
  EXPECT_FALSE(r.Kept("nav"));
}

// ---- Step 6: the content's ends ------------------------------------------------------------------------

TEST(AutoEnds, TheHeadlineBeforeTheContentStaysAndAShortOpeningBylineGoes) {
  // The <h1> precedes T beside it: kept. T opens with a byline of 30 characters (under
  // lead_trim_chars 80, no sentence end) before the first prose paragraph: dropped. A short block
  // that ends a sentence ("It rained.") is content and stays.
  Reading r("<body><h1 id=h>A headline</h1><div id=t><div id=by>By Maria Jensen, 18 March 2024</div><p id=p>" +
            kProse + "</p></div></body>");
  const NodeId t = r.Id("t");
  MarkTextareaHolders(*r.page);
  Keep(*r.page, t, t);
  KeepLeadingHeading(*r.page, t);
  DropLeadingMetaBlocks(*r.page);
  EXPECT_TRUE(r.Kept("h"));
  EXPECT_FALSE(r.Kept("by"));
  EXPECT_TRUE(r.Kept("p"));
  Reading s("<body><div id=t><div id=short>It rained.</div><p id=p>" + kProse + "</p></div></body>");
  MarkTextareaHolders(*s.page);
  Keep(*s.page, s.Id("t"), s.Id("t"));
  DropLeadingMetaBlocks(*s.page);
  EXPECT_TRUE(s.Kept("short"));
}

// ---- Step 9: a second copy -------------------------------------------------------------------------------

TEST(AutoCopies, ARunRepeatedVerbatimInAnotherContainerGoes) {
  // Two paragraphs kept in #first and again, word for word, in #second: the second copy goes.
  const std::string two = "<p>" + kProse + "one</p><p>" + kProse + "two</p>";
  Reading r("<body><div id=first>" + two + "</div><div id=second>" + two + "</div></body>");
  r.page->sel.KeepSubtree(r.doc, r.Id("first"));
  r.page->sel.KeepSubtree(r.doc, r.Id("second"));
  DropRepeatedRuns(*r.page);
  EXPECT_TRUE(r.Kept("first"));
  EXPECT_FALSE(r.Kept("second"));
}

}  // namespace
}  // namespace pith::algo::auto_steps
