// Tests of render::AppendJson (src/render/json_writer.h): byte for byte what nlohmann::json::dump
// writes with the replace error handler, for every kind of value, every indentation, every single
// byte and every pair of bytes in a string, and random strings of UTF-8 and broken UTF-8.
#include "render/json_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

namespace {

using nlohmann::json;

std::string Nlohmann(const json& j, int indent) { return j.dump(indent, ' ', false, json::error_handler_t::replace); }

std::string Ours(const json& j, int indent) {
  std::string out = "prefix";  // appended, not assigned
  pith::render::AppendJson(j, indent, &out);
  return out.substr(6);
}

void ExpectSame(const json& j) {
  for (const int indent : {-1, 0, 2, 4}) {
    EXPECT_EQ(Ours(j, indent), Nlohmann(j, indent)) << "indent " << indent;
  }
}

TEST(JsonWriter, EveryKindOfValue) {
  ExpectSame(json());
  ExpectSame(json::object());
  ExpectSame(json::array());
  ExpectSame(true);
  ExpectSame(false);
  ExpectSame(0);
  ExpectSame(-1);
  ExpectSame(std::numeric_limits<std::int64_t>::min());
  ExpectSame(std::numeric_limits<std::uint64_t>::max());
  for (const double d : {0.0, -0.0, 0.1, 1.0 / 3, 1e300, -2.5e-300, 42.0, std::nan(""),
                         std::numeric_limits<double>::infinity()}) {
    ExpectSame(d);
  }
  ExpectSame(json::parse(R"({"b": [1, {"c": []}, [], {}], "a": {"z": null, "y": [true, "x"]}, "": ""})"));
  ExpectSame(json::array({json::array({json::array()}), json::object({{"k", json::object()}})}));
}

TEST(JsonWriter, EveryByteAndEveryPairOfBytes) {
  for (int a = 0; a < 256; ++a) {
    ExpectSame(std::string(1, static_cast<char>(a)));
    for (int b = 0; b < 256; ++b) {
      const std::string s = {static_cast<char>(a), static_cast<char>(b)};
      ASSERT_EQ(Ours(s, -1), Nlohmann(s, -1)) << a << " " << b;
    }
  }
}

TEST(JsonWriter, Utf8EdgesAndBrokenSequences) {
  for (const char* s : {"\xE0\xA0\x80", "\xE0\x9F\xBF", "\xED\x9F\xBF", "\xED\xA0\x80", "\xEF\xBF\xBF",
                        "\xF0\x90\x80\x80", "\xF0\x8F\xBF\xBF", "\xF4\x8F\xBF\xBF", "\xF4\x90\x80\x80",
                        "\xF5\x80\x80\x80", "\xC0\x80", "\xC1\xBF", "\xC2\x80", "\xDF\xBF", "\x7F",
                        "caf\xC3\xA9 \xE4\xB8\xAD\xE6\x96\x87", "\xE4\xB8", "ab\xE4", "\xF0\x9F\x98",
                        "\x80", "\xBF\x80", "tab\there \"quoted\" back\\slash\r\n\x01\x1F end"}) {
    ExpectSame(std::string(s));
    ExpectSame(json::object({{s, s}}));  // keys are escaped the same way
  }
}

TEST(JsonWriter, RandomStrings) {
  std::mt19937 rng(45);
  // Mostly text with the bytes that matter: ASCII, escapes, lead and continuation bytes.
  const std::string alphabet = std::string("ab \"\\\n\t\x01\x7F") + "\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80\xED\xA0\x80\xC0\xFF";
  for (int round = 0; round < 20000; ++round) {
    std::string s(rng() % 70, ' ');
    for (char& c : s) c = rng() % 4 == 0 ? static_cast<char>(rng() % 256) : alphabet[rng() % alphabet.size()];
    ASSERT_EQ(Ours(s, -1), Nlohmann(s, -1)) << json(s).dump(-1, ' ', true, json::error_handler_t::replace);
  }
}

}  // namespace
