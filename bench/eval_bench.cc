// Benchmarks of the evaluation metrics (src/eval/metrics.h): the bit-parallel LCS behind the
// character P/R/F on 10k- and 100k-code-point texts (independent texts over a Latin-like and a
// CJK-like alphabet, and a truth-vs-extraction-like pair with edits at both ends so prefix/suffix
// stripping cannot shortcut it), plus the shingle matcher on the same sizes.
#include <benchmark/benchmark.h>

#include <random>
#include <string>

#include "eval/metrics.h"

namespace {

using pith::eval::LcsLength;

// Letters with a rough English frequency skew (space excluded: whitespace is deleted before LCS).
const std::u32string kLatin = U"eeeeeeeeeettttttaaaaaaoooooiiiiinnnnnsssssrrrrhhhhlllddcumfpgwybvkxjqz.,";
// 3,000 distinct Han characters from the Unified Ideographs block, most common ones repeated.
std::u32string CjkAlphabet() {
  std::u32string a;
  for (char32_t c = 0x4E00; c < 0x4E00 + 3000; ++c) a.push_back(c);
  for (char32_t c = 0x4E00; c < 0x4E00 + 300; ++c) a.append(5, c);
  return a;
}

std::u32string RandomText(const std::u32string& alphabet, std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::u32string s(n, U' ');
  for (auto& c : s) c = alphabet[pick(rng)];
  return s;
}

// b = a with ~5% of positions substituted, 2% deleted, 2% inserted, and different first/last chars.
std::u32string Edited(const std::u32string& a, const std::u32string& alphabet, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pct(0, 99);
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::u32string b = U"#";
  for (char32_t c : a) {
    const int r = pct(rng);
    if (r < 5) {
      b.push_back(alphabet[pick(rng)]);
    } else if (r < 7) {
      continue;
    } else if (r < 9) {
      b.push_back(c);
      b.push_back(alphabet[pick(rng)]);
    } else {
      b.push_back(c);
    }
  }
  b.push_back(U'%');
  return b;
}

void BM_LcsLatinRandom(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::u32string a = RandomText(kLatin, n, 1), b = RandomText(kLatin, n, 2);
  for (auto _ : state) benchmark::DoNotOptimize(LcsLength(a, b));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(n));
}
BENCHMARK(BM_LcsLatinRandom)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

void BM_LcsCjkRandom(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::u32string alphabet = CjkAlphabet();
  const std::u32string a = RandomText(alphabet, n, 3), b = RandomText(alphabet, n, 4);
  for (auto _ : state) benchmark::DoNotOptimize(LcsLength(a, b));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(n));
}
BENCHMARK(BM_LcsCjkRandom)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

void BM_LcsLatinEdited(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::u32string a = RandomText(kLatin, n, 5), b = Edited(a, kLatin, 6);
  for (auto _ : state) benchmark::DoNotOptimize(LcsLength(a, b));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(n));
}
BENCHMARK(BM_LcsLatinEdited)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

void BM_ShingleMatchLatin(benchmark::State& state) {
  // Words of 1-8 letters separated by spaces, ~n code points in total.
  const auto n = static_cast<std::size_t>(state.range(0));
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> len(1, 8);
  std::uniform_int_distribution<int> letter(0, 25);
  std::string a;
  while (a.size() < n) {
    for (int i = len(rng); i > 0; --i) a.push_back(static_cast<char>('a' + letter(rng)));
    a.push_back(' ');
  }
  const std::string b = "intro " + a.substr(a.size() / 10) + " outro";
  for (auto _ : state) benchmark::DoNotOptimize(pith::eval::ShingleMatch(b, a));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(n));
}
BENCHMARK(BM_ShingleMatchLatin)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
