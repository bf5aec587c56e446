// Tests of text::StringMemo (src/text/string_memo.h): each distinct key is computed once, its value
// returned after, across the table's growth, and the keys are its own copies (a caller's buffer
// may change after the call, as a parser's attribute buffer does).
#include "text/string_memo.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace {

using pith::text::StringMemo;

TEST(StringMemo, ComputesEachDistinctKeyOnce) {
  StringMemo<std::size_t> memo;
  int calls = 0;
  auto size_of = [&](std::string_view key) {
    ++calls;
    return key.size();
  };
  EXPECT_EQ(memo.Get("nav menu", size_of), 8u);
  EXPECT_EQ(memo.Get("nav menu", size_of), 8u);
  EXPECT_EQ(memo.Get("", size_of), 0u);
  EXPECT_EQ(memo.Get("", size_of), 0u);
  EXPECT_EQ(memo.Get("nav", size_of), 3u);
  EXPECT_EQ(calls, 3);
}

TEST(StringMemo, KeepsEveryValueAcrossGrowth) {
  StringMemo<int> memo;
  int calls = 0;
  auto number_of = [&](std::string_view key) {
    ++calls;
    return std::stoi(std::string(key));
  };
  // Several times the first table's 256 slots, so that it grows (and rehashes) a few times.
  for (int i = 0; i < 2000; ++i) EXPECT_EQ(memo.Get(std::to_string(i), number_of), i);
  for (int i = 1999; i >= 0; --i) EXPECT_EQ(memo.Get(std::to_string(i), number_of), i);
  EXPECT_EQ(calls, 2000);
}

TEST(StringMemo, KeysAreCopies) {
  StringMemo<bool> memo;
  std::string buffer = "sr-only";
  auto hidden = [](std::string_view key) { return key == "sr-only"; };
  EXPECT_TRUE(memo.Get(buffer, hidden));
  buffer = "content";  // the same buffer, another key
  EXPECT_FALSE(memo.Get(buffer, hidden));
  EXPECT_TRUE(memo.Get("sr-only", hidden));
}

}  // namespace
