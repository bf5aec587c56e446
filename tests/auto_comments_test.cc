// `auto` and comment sections: a short post is not outweighed by its comment thread, and
// Options::comments keeps the comment section after the content, marked. Steps 5 and 7
// (src/algo/auto/cleaning.cc, auto.cc) and the comments' own step (src/algo/auto/comments.cc).
#include <gtest/gtest.h>

#include <string>

#include "pith/pith.h"

namespace pith {
namespace {

Result ExtractAuto(const std::string& html, bool comments = false) {
  Options o;
  o.algorithm = Algorithm::kAuto;
  o.comments = comments;
  Result r = Extractor(o).Extract(html);
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  return r;
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

}  // namespace
}  // namespace pith
