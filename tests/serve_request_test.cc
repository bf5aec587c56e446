// pith serve's request side (src/serve/request.h): query strings, the short form's URL, NDJSON
// batch lines and the line splitter that keeps a batch body's memory bounded.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "serve/batch_lines.h"
#include "serve/request.h"

namespace pith::serve {
namespace {

TEST(ServeRequest, TargetsAndQueries) {
  const auto t = ParseTarget("/v1/extract?format=json&url=https%3A%2F%2Fe.org%2Fa%3Fb%3D1&comments&x=a+b");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->path, "/v1/extract");
  ASSERT_EQ(t->query.size(), 4u);
  EXPECT_EQ(t->query[1], (std::pair<std::string, std::string>{"url", "https://e.org/a?b=1"}));
  EXPECT_EQ(t->query[2], (std::pair<std::string, std::string>{"comments", ""}));
  EXPECT_EQ(t->query[3].second, "a b");
  EXPECT_FALSE(ParseTarget("v1/extract"));       // not origin-form
  EXPECT_FALSE(ParseTarget("/x?a=%zz"));         // a bad escape
  EXPECT_FALSE(ParseTarget("/x?a=%4"));          // a cut one
  EXPECT_FALSE(ParseTarget("/x%00y"));           // NUL
  EXPECT_TRUE(ParseTarget("/x?&&a=1&"));
  EXPECT_EQ(ShortFormUrl("/https://e.org/a/b?q=1%20"), "https://e.org/a/b?q=1%20");
  EXPECT_EQ(ShortFormUrl("/http://e.org"), "http://e.org");
  EXPECT_EQ(ShortFormUrl("/https://"), "");
  EXPECT_EQ(ShortFormUrl("/ftp://e.org/"), "");
  EXPECT_EQ(ShortFormUrl("/v1/extract"), "");
}

TEST(ServeRequest, BatchLines) {
  BatchLine l = ParseBatchLine(R"({"url": "https://e.org/"})");
  EXPECT_EQ(l.url, "https://e.org/");
  EXPECT_FALSE(l.html);
  EXPECT_TRUE(l.error.empty());
  l = ParseBatchLine(R"({"html": "<p>x</p>", "url": "https://e.org/", "charset": "gbk"})");
  ASSERT_TRUE(l.html);
  EXPECT_EQ(*l.html, "<p>x</p>");
  EXPECT_EQ(l.charset, "gbk");
  EXPECT_EQ(ParseBatchLine(R"({"html": ""})").html, std::optional<std::string>(""));
  EXPECT_EQ(ParseBatchLine("not json").error, "the line is not JSON");
  EXPECT_EQ(ParseBatchLine("[1]").error, "the line is not a JSON object");
  EXPECT_EQ(ParseBatchLine("{}").error, "the line has neither \"url\" nor \"html\"");
  EXPECT_EQ(ParseBatchLine(R"({"url": 3})").error, "\"url\" is not a string");
}

TEST(ServeRequest, LineSplitterBoundsEveryLine) {
  LineSplitter s(8);
  s.Feed("ab");
  LineSplitter::Line line;
  EXPECT_FALSE(s.Next(&line));
  s.Feed("c\r\ndef\n0123456789abc");  // the third line is too long
  ASSERT_TRUE(s.Next(&line));
  EXPECT_EQ(line.text, "abc");
  ASSERT_TRUE(s.Next(&line));
  EXPECT_EQ(line.text, "def");
  ASSERT_TRUE(s.Next(&line));
  EXPECT_TRUE(line.too_long);
  EXPECT_LE(s.buffered(), 8u);
  s.Feed("more of it\nlast");
  EXPECT_FALSE(s.Next(&line));  // the rest of the long line is dropped, "last" is not complete
  ASSERT_TRUE(s.Finish(&line));
  EXPECT_EQ(line.text, "last");
  EXPECT_FALSE(s.Finish(&line));
}


// The per-host gate of a batch's URL lines (batch_lines.h); the lower bounds only, so that a slow
// machine cannot fail it.
TEST(ServeHostGate, LimitsDelaysDeadlinesAndClose) {
  using Clock = HostGate::Clock;
  using std::chrono::milliseconds;
  HostGate one(1, 0);
  ASSERT_TRUE(one.Enter("http://a:80", Clock::now() + std::chrono::seconds(5)));
  Clock::time_point start = Clock::now();
  EXPECT_FALSE(one.Enter("http://a:80", start + milliseconds(50))) << "a second fetch of a busy host";
  EXPECT_GE(Clock::now() - start, milliseconds(50));
  EXPECT_TRUE(one.Enter("http://b:80", Clock::now())) << "another host waits for nothing";
  one.Leave("http://a:80");
  EXPECT_TRUE(one.Enter("http://a:80", Clock::now() + std::chrono::seconds(5)));
  // A waiting fetch enters when the one in flight leaves.
  std::thread leave([&] {
    std::this_thread::sleep_for(milliseconds(30));
    one.Leave("http://a:80");
  });
  EXPECT_TRUE(one.Enter("http://a:80", Clock::now() + std::chrono::seconds(30)));
  leave.join();
  // Closing lets a waiting fetch go at once, and every later one.
  std::thread close([&] {
    std::this_thread::sleep_for(milliseconds(30));
    one.Close();
  });
  start = Clock::now();
  EXPECT_FALSE(one.Enter("http://a:80", start + std::chrono::seconds(30)));
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(25));
  close.join();
  EXPECT_FALSE(one.Enter("http://c:80", Clock::now() + std::chrono::seconds(5)));

  HostGate spaced(2, 0.1);
  ASSERT_TRUE(spaced.Enter("http://a:80", Clock::now() + std::chrono::seconds(5)));
  start = Clock::now();
  ASSERT_TRUE(spaced.Enter("http://a:80", start + std::chrono::seconds(5)));
  EXPECT_GE(Clock::now() - start, milliseconds(90)) << "the second start waits out the delay";
  start = Clock::now();
  EXPECT_FALSE(spaced.Enter("http://a:80", start + milliseconds(20))) << "two in flight";
}

}  // namespace
}  // namespace pith::serve
