// Tests of text::StringMemo (src/text/string_memo.h): each distinct key is computed once, its value
// returned after, across the table's growth, and the keys are its own copies (a caller's buffer
// may change after the call, as a parser's attribute buffer does); the hash, which reads a key's
// last 0-7 bytes in two overlapping loads, sees every byte of a key of any length.
#include "text/string_memo.h"

#include <gtest/gtest.h>

#include <set>
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

// Every key length from 0 to 40 (whole eight-byte words and each tail length of 0-7 after them):
// equal keys hash alike, a change of any one byte changes the hash and what the memo returns.
TEST(StringMemo, EveryByteOfEveryKeyLengthCounts) {
  for (std::size_t length = 0; length <= 40; ++length) {
    std::string key(length, 'a');
    for (std::size_t i = 0; i < length; ++i) key[i] = static_cast<char>('a' + (i * 7) % 26);
    const std::string copy = key;  // another buffer, the same bytes
    ASSERT_EQ(StringMemo<int>::Hash(key), StringMemo<int>::Hash(copy)) << length;
    StringMemo<int> memo;
    int calls = 0;
    auto next = [&](std::string_view) { return ++calls; };
    ASSERT_EQ(memo.Get(key, next), 1) << length;
    ASSERT_EQ(memo.Get(copy, next), 1) << length;
    std::set<std::size_t> hashes = {StringMemo<int>::Hash(key)};
    for (std::size_t i = 0; i < length; ++i) {
      for (const char changed : {'A', '\0', '\xFF'}) {
        std::string other = key;
        other[i] = changed;
        ASSERT_TRUE(hashes.insert(StringMemo<int>::Hash(other)).second) << length << " " << i;
        const int before = calls;
        ASSERT_EQ(memo.Get(other, next), before + 1) << length << " " << i;
      }
    }
    // A key one byte longer or shorter (the same bytes otherwise) is another key too.
    ASSERT_NE(StringMemo<int>::Hash(key + 'a'), StringMemo<int>::Hash(key)) << length;
    if (length > 0) {
      ASSERT_NE(StringMemo<int>::Hash(key.substr(1)), StringMemo<int>::Hash(key)) << length;
    }
  }
}

}  // namespace
