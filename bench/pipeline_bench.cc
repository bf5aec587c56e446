// Pipeline throughput on the development corpus, single thread, pages loaded into memory first:
// decode alone, parse alone (of pages decoded beforehand), decode + parse + annotate, and each
// algorithm end to end (everything Extractor::Extract does: decode to blocks and metadata); and
// `auto` on synthetic pages of growing size whose shape once cost quadratic time, with the fitted
// complexity (Google Benchmark's BigO column should read N).
//   ./build/pipeline_bench [--benchmark_filter=...]      (PITH_DATA overrides the corpus folder)
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/pipeline.h"
#include "dom/parse.h"
#include "prepare/prepare.h"

namespace {

const std::vector<std::string>& Pages() {
  static const std::vector<std::string> pages = [] {
    std::vector<std::string> out;
    const char* env = std::getenv("PITH_DATA");
    const std::filesystem::path root = env ? env : PITH_SHARED_DATA;
    std::error_code ec;
    for (const auto& set : std::filesystem::directory_iterator(root, ec)) {
      const auto html = set.path() / "html";
      if (!std::filesystem::is_directory(html)) continue;
      for (const auto& f : std::filesystem::directory_iterator(html)) {
        std::ifstream in(f.path(), std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        out.push_back(ss.str());
      }
    }
    return out;
  }();
  return pages;
}

std::size_t TotalBytes() {
  std::size_t n = 0;
  for (const auto& p : Pages()) n += p.size();
  return n;
}

void Report(benchmark::State& state) {
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * Pages().size()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * TotalBytes()));
}

void BM_Decode(benchmark::State& state) {
  if (Pages().empty()) return state.SkipWithError("no corpus");
  pith::decode::Decoded d;
  for (auto _ : state) {
    for (const auto& p : Pages()) benchmark::DoNotOptimize(pith::decode::Decode(p, "", "", &d));
  }
  Report(state);
}

void BM_Parse(benchmark::State& state) {
  if (Pages().empty()) return state.SkipWithError("no corpus");
  std::vector<std::string> decoded;
  for (const auto& p : Pages()) {
    pith::decode::Decoded d;
    if (pith::decode::Decode(p, "", "", &d).ok()) decoded.emplace_back(d.utf8);
  }
  pith::dom::Document doc;
  std::size_t bytes = 0;
  for (const auto& d : decoded) bytes += d.size();
  for (auto _ : state) {
    for (const auto& d : decoded) {
      pith::dom::Parse(d, {}, &doc);
      benchmark::DoNotOptimize(doc.nodes.data());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * decoded.size()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));  // UTF-8 bytes parsed
}

void BM_DecodeParseAnnotate(benchmark::State& state) {
  if (Pages().empty()) return state.SkipWithError("no corpus");
  const pith::Options options;
  for (auto _ : state) {
    for (const auto& p : Pages()) {
      pith::prepare::PreparedPage s;
      benchmark::DoNotOptimize(pith::prepare::Prepare(p, {}, options, &s));
    }
  }
  Report(state);
}

void BM_Algorithm(benchmark::State& state, pith::Algorithm algorithm) {
  if (Pages().empty()) return state.SkipWithError("no corpus");
  pith::Options options;
  options.algorithm = algorithm;
  const pith::Extractor extractor(options);
  for (auto _ : state) {
    for (const auto& p : Pages()) benchmark::DoNotOptimize(extractor.Extract(p));
  }
  Report(state);
}

// A report whose table repeats one row `state.range(0)` times: step 9 (a repeated copy) compares
// every row's run with the first one's.
void BM_AutoRepeatedRows(benchmark::State& state) {
  std::string html = "<html><body><p>The nightly test runs, listed below in the order they ran.</p><table>";
  for (int64_t i = 0; i < state.range(0); ++i) html += "<tr><td>Passed</td><td>OK</td></tr>";
  html += "</table></body></html>";
  const pith::Extractor extractor{pith::Options{}};
  for (auto _ : state) benchmark::DoNotOptimize(extractor.Extract(html));
  state.SetComplexityN(state.range(0));
}

// `state.range(0)` paragraphs 4,000 elements deep: a vote's mass once climbed every ancestor, and
// rendering walked every open element for each block.
void BM_AutoDeepParagraphs(benchmark::State& state) {
  std::string html = "<html><body>";
  for (int i = 0; i < 4000; ++i) html += "<div>";
  for (int64_t i = 0; i < state.range(0); ++i) html += "<p>Sentence " + std::to_string(i) + ", with some words.</p>";
  html += "</body></html>";
  const pith::Extractor extractor{pith::Options{}};
  for (auto _ : state) benchmark::DoNotOptimize(extractor.Extract(html));
  state.SetComplexityN(state.range(0));
}

}  // namespace

BENCHMARK(BM_AutoRepeatedRows)
    ->RangeMultiplier(4)
    ->Range(1 << 12, 1 << 16)
    ->Unit(benchmark::kMillisecond)
    ->Complexity();
BENCHMARK(BM_AutoDeepParagraphs)
    ->RangeMultiplier(4)
    ->Range(1 << 10, 1 << 14)
    ->Unit(benchmark::kMillisecond)
    ->Complexity();
BENCHMARK(BM_Decode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Parse)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeParseAnnotate)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Algorithm, auto, pith::Algorithm::kAuto)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Algorithm, lineblock, pith::Algorithm::kLineBlock)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Algorithm, correlation, pith::Algorithm::kCorrelation)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Algorithm, semantic, pith::Algorithm::kSemantic)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Algorithm, tibetan, pith::Algorithm::kTibetan)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Algorithm, pathsim, pith::Algorithm::kPathSim)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
