// `auto` and comment sections: a short post is not outweighed by its comment thread, and
// Options::comments keeps the comment section after the content, marked. Steps 5 and 7
// (src/algo/auto/cleaning.cc, auto.cc) and the comments' own step (src/algo/auto/comments.cc).
#include <gtest/gtest.h>

#include <string>

#include "pith/pith.h"
#include "test_util.h"

namespace pith {
namespace {

Result ExtractAuto(const std::string& html, bool comments = false) {
  Options o;
  o.comments = comments;
  return testing::ExtractOk(html, o);
}

bool Has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// A short blog post in the same container as its long comment thread.
std::string ShortPostWithComments() {
  std::string comments;
  for (int i = 0; i < 30; ++i) {
    comments += "<div class=item><h4><a href=#c" + std::to_string(i) + ">#</a> re: the post " +
                std::to_string(i) + "</h4><p>Thanks for writing this, I read it twice and shared it with my "
                "colleagues at work. Comment number " + std::to_string(i) + ".</p></div>";
  }
  return "<html><body><div class=nav><a href=/>Home</a> <a href=/about>About</a></div><div id=main>"
         "<h2>Joining the new blog platform</h2><p>I am glad to join this blog platform, a good place for "
         "writing about programming. My posts here will be about compilers, languages and the tools around "
         "them, and about the books I am translating; I hope to learn from every one of you.</p>"
         "<div id=comments><h3>Comments</h3>" + comments + "</div></div></body></html>";
}

TEST(AutoComments, AShortPostIsNotOutweighedByItsCommentThread) {
  const std::string out = ExtractAuto(ShortPostWithComments()).Text();
  EXPECT_TRUE(Has(out, "I am glad to join this blog platform")) << out;
  EXPECT_FALSE(Has(out, "Thanks for writing this")) << out;
}

TEST(AutoComments, CommentsOptionKeepsTheCommentSectionMarked) {
  const Result r = ExtractAuto(ShortPostWithComments(), /*comments=*/true);
  EXPECT_TRUE(Has(r.MainText(), "I am glad to join this blog platform")) << r.Text();
  EXPECT_FALSE(Has(r.MainText(), "Thanks for writing this")) << r.Text();
  EXPECT_TRUE(Has(r.CommentsText(), "Comment number 0.")) << r.Text();
  EXPECT_TRUE(Has(r.CommentsText(), "Comment number 29.")) << r.Text();
  // The comments follow the post; every block of theirs is marked, none of the post's.
  EXPECT_LT(r.Text().find("I am glad"), r.Text().find("Comment number 0."));
  for (const Block& b : r.blocks) {
    EXPECT_EQ(b.comment, Has(b.text, "Thanks for writing") || Has(b.text, "re: the post") || b.text == "Comments")
        << b.text;
  }
}

TEST(AutoComments, CommentsOptionAddsACommentSectionBesideTheArticle) {
  // The comment section is the article's sibling, outside the main subtree: the default leaves it
  // out, --comments adds it after the article. A "recent comments" list of links is no section.
  std::string paragraphs;
  for (int i = 0; i < 6; ++i) {
    paragraphs += "<p>The harbour board approved the budget for the new breakwater on Monday evening, after a "
                  "long debate about the cost.</p>";
  }
  std::string comments;
  for (int i = 0; i < 4; ++i) {
    comments += "<li class=comment><cite>Reader " + std::to_string(i) + "</cite> <p>About time they fixed the "
                "breakwater, says reader " + std::to_string(i) + ".</p></li>";
  }
  const std::string html =
      "<html><body><article><h1>Breakwater budget approved</h1>" + paragraphs + "</article><div id=comments><ol>" +
      comments +
      "</ol></div><div class=recent-comments><h4>What our readers are saying lately</h4><a href=/a>Reader 1 on the "
      "ferry timetable</a> <a href=/b>Reader 2 on the harbour lights</a> <a href=/c>Reader 3 on the new fish "
      "market</a></div></body></html>";
  const Result without = ExtractAuto(html);
  EXPECT_FALSE(Has(without.Text(), "About time")) << without.Text();
  const Result r = ExtractAuto(html, /*comments=*/true);
  EXPECT_TRUE(Has(r.CommentsText(), "says reader 0.")) << r.Text();
  EXPECT_TRUE(Has(r.CommentsText(), "says reader 3.")) << r.Text();
  EXPECT_FALSE(Has(r.Text(), "ferry timetable")) << r.Text();
  EXPECT_EQ(r.MainText(), without.Text());
}

TEST(AutoComments, AThreadWhosePostsAreCommentsIsContent) {
  // Every post of the thread is named a comment: the thread is the content, unmarked, with or
  // without --comments.
  std::string posts;
  for (int i = 0; i < 6; ++i) {
    posts += "<article class=comment><p>Post " + std::to_string(i) + " of the thread says, in a sentence or two, "
             "what its author thinks about the new breakwater and its cost.</p></article>";
  }
  const std::string html =
      "<html><body><nav><a href=/>Forum</a></nav><div class=comments>" + posts + "</div></body></html>";
  const Result r = ExtractAuto(html, /*comments=*/true);
  EXPECT_TRUE(Has(r.MainText(), "Post 0 of the thread")) << r.Text();
  EXPECT_TRUE(Has(r.MainText(), "Post 5 of the thread")) << r.Text();
  EXPECT_FALSE(r.HasComments());
  EXPECT_EQ(r.Text(), ExtractAuto(html).Text());
}

}  // namespace
}  // namespace pith
