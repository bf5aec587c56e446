// `auto` on threads: forum pages whose replies are short, whose dates are written in the page's
// own language, whose first post and replies sit in different places. Each page is laid out as
// forum software lays out a thread (a poster's panel, a header with the post's time, the body, a
// row of actions), so that the ascent stops at the longest post and only the thread rules of step
// 4 (src/algo/auto/siblings.cc), the records of step 5 (src/algo/auto/cleaning.cc) and the end of
// step 6 (src/algo/auto/ends.cc) bring the replies.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pith/pith.h"
#include "test_util.h"

namespace pith {
namespace {

std::string ExtractAuto(const std::string& html) { return testing::ExtractOk(html).Text(); }

// Uyghur replies of a thread: short sentences, as forum replies are.
const std::vector<std::string> kReplies = {
    "\u0628\u06C7 \u0645\u06D5\u0633\u0649\u0644\u0649\u06AD\u0649\u0632\u06AF\u06D5 \u0645\u06D5\u0646\u0645\u06C7 "
    "\u0642\u0627\u064A\u0649\u0644.",
    "\u0631\u06D5\u06BE\u0645\u06D5\u062A\u060C \u0626\u06C7\u0686\u06C7\u0631 \u0626\u06C8\u0686\u06C8\u0646 "
    "\u0626\u0627\u0644\u0627\u06BE\u0649\u062F\u06D5 \u0631\u06D5\u06BE\u0645\u06D5\u062A.",
    "\u0645\u06D5\u0646 \u0628\u06C7\u0646\u0649 \u0626\u0627\u0644\u062F\u0649\u0646\u0642\u0649 "
    "\u06CB\u0627\u0642\u0649\u062A\u062A\u0627 \u0626\u0648\u0642\u06C7\u062F\u06C7\u0645.",
    "\u0628\u06C7 \u062A\u06D5\u06A9\u0644\u0649\u067E \u0646\u0627\u06BE\u0627\u064A\u0649\u062A\u0649 "
    "\u064A\u0627\u062E\u0634\u0649 \u0626\u0649\u0643\u06D5\u0646.",
    "\u0626\u06D5\u062C\u06D5\u0628\u0627 \u0628\u06C7 \u0626\u0649\u0634 \u0642\u0627\u0686\u0627\u0646 "
    "\u0628\u0627\u0634\u0644\u0649\u0646\u0649\u062F\u06C7\u061F",
};
// "Tuesday", "today": a post's time as the page writes it, in no format the date parser reads.
const std::string kTuesday = "\u0633\u06D5\u064A\u0634\u06D5\u0646\u0628\u06D5";
const std::string kToday = "\u0628\u06C8\u06AF\u06C8\u0646";

// A first post of four paragraphs, long enough to be the best candidate.
std::string FirstPost(const std::string& mark = "") {
  std::string s;
  for (int i = 0; i < 4; ++i) {
    s += "<p>" + mark + kReplies[i] + " " + kReplies[(i + 1) % 5] + " " + kReplies[(i + 2) % 5] + "</p>";
  }
  return s;
}

// Which of replies 1..4 stand as a line of their own in `out`.
std::string RepliesKept(const std::string& out) {
  std::string kept;
  for (int i = 1; i < 5; ++i) {
    kept += ("\n" + out + "\n").find("\n" + kReplies[i] + "\n") != std::string::npos ? '1' : '0';
  }
  return kept;
}

// A poster's panel beside each post: name, title, join date, post count, place.
std::string PosterPanel(int i, const std::string& name) {
  return "<div class=message-user><a class=username href=/members/u." + std::to_string(i) + "/>" + name +
         "</a><h5 class=userTitle>Well-known member</h5><dl><dt>Joined</dt><dd>2019</dd></dl><dl><dt>Messages"
         "</dt><dd>1,234</dd></dl><dl><dt>Location</dt><dd>Somewhere far</dd></dl></div>";
}

std::string Thread(const std::string& records) {
  return "<html><head><title>A thread</title></head><body><nav><a href=/>Home</a> <a href=/forums>Forums</a>"
         "</nav><div class=p-body><h1>A thread</h1><div class=block-body>" + records +
         "</div></div><footer>About us</footer></body></html>";
}

// A record: panel, header holding the post's time, body, actions.
std::string Record(int i, const std::string& name, const std::string& time) {
  return "<article class=message>" + PosterPanel(i, name) + "<div class=message-main><header>" + time +
         " <a href=#p" + std::to_string(i) + ">#" + std::to_string(i) + "</a></header><div class=message-body>" +
         (i == 0 ? FirstPost() : "<p>" + kReplies[i] + "</p>") +
         "</div><footer class=message-footer><a href=/like>Like</a> <a href=/reply>Reply</a> <a href=/report>"
         "Report</a></footer></div></article>";
}

TEST(AutoThreads, ADateNamedByItsClassMakesARecordAPost) {
  // The records' times are words of the page's language: no <time>, no date the text parser
  // knows, but a class that says what they are.
  std::string records;
  for (int i = 0; i < 5; ++i) {
    records += Record(i, "user" + std::to_string(i), "<span class=post_date>" + kTuesday + "</span>");
  }
  EXPECT_EQ(RepliesKept(ExtractAuto(Thread(records))), "1111") << ExtractAuto(Thread(records));
}

TEST(AutoThreads, AnAuthorsLongNameIsNoTeaserHeadlineAndTheLastShortReplyStays) {
  // A long name (four words, thirty characters) in the link to its member's profile is no
  // teaser's headline; the last reply, short and after the poster's panel, is a post too, not
  // the page's furniture.
  std::string records;
  for (int i = 0; i < 5; ++i) {
    records += Record(i, "Jane Appleseed of the Northern Valley", "<time datetime=2024-04-12>Apr 12</time>");
  }
  EXPECT_EQ(RepliesKept(ExtractAuto(Thread(records))), "1111") << ExtractAuto(Thread(records));
}

TEST(AutoThreads, AQuestionAndItsAnswersShareTheirBodysClass) {
  // A Q&A page: the question sits in a "postcell", each answer in an "answercell"; their bodies
  // share "s-prose". The longest post is an answer, and the main subtree its cell: the thread is
  // found from the class of the body it rose from.
  const std::string cell_end = "<div class=post-menu><a href=/share>Share</a> <a href=/edit>Edit</a> <a href=/follow>"
                               "Follow</a></div><div class=user-info><span class=relativetime>" + kToday +
                               "</span> <a href=/users/1>someone</a><span class=reputation>1,234</span></div>";
  std::string html = "<html><head><title>A question</title></head><body><nav><a href=/>Home</a></nav><div id=mainbar>"
                     "<h1>A question</h1><div id=question class=question><div class=votecell>12</div><div "
                     "class=postcell><div class=s-prose><p>Q. " + kReplies[0] + "</p><p>Q. " + kReplies[1] +
                     "</p></div>" +
                     cell_end + "</div></div><div id=answers><h2>4 Answers</h2>";
  for (int i = 0; i < 4; ++i) {
    const std::string body = i == 1 ? FirstPost() + FirstPost("2 ") : "<p>" + kReplies[(i + 2) % 5] + "</p>";
    // The long answer's cell also holds a note in prose: the ascent rises from its body to the cell.
    const std::string note =
        i == 1 ? "<div class=edit-note><p>This answer was edited after a reader pointed out a mistake in it.</p></div>"
               : "";
    html += "<div class=answer><div class=votecell>3</div><div class=answercell><div class=s-prose>" + body + "</div>" +
            note + cell_end + "</div></div>";
  }
  const std::string out =
      ExtractAuto(html + "</div></div><div id=sidebar><a href=/x>Hot questions</a></div></body></html>");
  EXPECT_NE(out.find("Q. " + kReplies[0]), std::string::npos) << out;  // the question
  EXPECT_NE(out.find(kReplies[4]), std::string::npos) << out;  // the last short answer
}

TEST(AutoThreads, RepliesInACommentSectionThatShareTheFirstPostsMarkup) {
  // The first post stands apart (its author and time in the thread's header); the replies are a
  // list in a section named "comments". Their bodies share the class of the editor's markup with
  // the first post, not the class of their place.
  std::string replies;
  for (int i = 0; i < 5; ++i) {
    replies += "<li class=reply><div class=reply-head><span class=author>user" + std::to_string(i) +
               "</span> <time datetime=2024-05-28>May 28</time></div><div class=\"reply-message EditorContent\">" +
               kReplies[i] + "</div><ul class=actions><li><a href=/thanks>Thanks</a></li><li><a href=/quote>Quote"
               "</a></li></ul></li>";
  }
  const std::string out = ExtractAuto(
      "<html><head><title>A thread</title></head><body><nav><a href=/>Home</a> <a href=/f>Forum</a></nav><div "
      "class=thread><h1>A thread</h1><div class=thread-meta><a href=/members/op>op</a> <time datetime=2024-05-27>May "
      "27</time></div><div id=main-post class=\"EditorContent ThreadView-post\">" + FirstPost() +
      "</div><section id=comments><h3>21 replies</h3><ul class=replies>" + replies +
      "</ul></section></div><footer>About</footer></body></html>");
  EXPECT_EQ(RepliesKept(out), "1111") << out;
}

TEST(AutoThreads, AShortReplyBesideItsAuthorsLinksIsNoLinkGroup) {
  // Paper 000's sibling share in step 5: each post record carries its author's profile links,
  // longer than a short reply; most records hold more text than links, so the others are records
  // too, not link groups.
  std::string posts;
  for (int i = 0; i < 7; ++i) {
    const bool short_reply = i % 3 == 2;
    posts += "<div class=\"post bg" + std::to_string(i % 2) + "\"><dl class=profile><dt><a href=/profile/" +
             std::to_string(i) + ">A member of the forum since long ago</a></dt><dd><a href=/posts>Posts</a></dd>"
             "</dl><div class=content>" +
             (short_reply ? "Yes, " + std::to_string(i) + "." : "<p>" + std::to_string(i) + ". " + FirstPost()) +
             "</div></div>";
  }
  const std::string out = ExtractAuto("<html><body><div id=page-body>" + posts + "</div></body></html>");
  EXPECT_NE(out.find("Yes, 2."), std::string::npos) << out;
  EXPECT_NE(out.find("Yes, 5."), std::string::npos) << out;
}

}  // namespace
}  // namespace pith
