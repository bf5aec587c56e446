// bench/decode_bench.cc — throughput of the decode stage on the shared development corpus.
//
// Pages come from PITH_SHARED_DATA/<set>/html/*. Groups: every page that is valid UTF-8; the
// zh-cwced pages that are GB2312/GBK bytes (split into declared by a meta and undeclared, which
// run uchardet); and, for the pieces, UTF-8 validation, meta prescan and the presentation-form
// fold on the UTF-8 pages. Throughput is reported in bytes of input per second. Every benchmark
// skips with a message when the corpus is absent.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "decode/charset.h"
#include "decode/decode.h"
#include "decode/normalize.h"

namespace {

namespace fs = std::filesystem;
using pith::decode::Decoded;

struct Corpus {
  std::vector<std::string> utf8;            // pages whose bytes are valid UTF-8 (all sets)
  std::vector<std::string> gbk_declared;    // zh-cwced legacy pages with a charset declaration
  std::vector<std::string> gbk_undeclared;  // zh-cwced legacy pages without one (uchardet decides)
};

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Corpus LoadCorpus() {
  Corpus corpus;
  const fs::path root(PITH_SHARED_DATA);
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return corpus;
  for (const auto& set : fs::directory_iterator(root, ec)) {
    const fs::path html = set.path() / "html";
    if (!fs::is_directory(html, ec)) continue;
    const bool zh_cwced = set.path().filename() == "zh-cwced";
    for (const auto& file : fs::directory_iterator(html, ec)) {
      std::string bytes = ReadFile(file.path());
      if (pith::decode::IsValidUtf8(bytes)) {
        corpus.utf8.push_back(std::move(bytes));
      } else if (zh_cwced) {
        const bool declared = !pith::decode::PrescanMetaCharset(bytes).empty();
        (declared ? corpus.gbk_declared : corpus.gbk_undeclared).push_back(std::move(bytes));
      }
    }
  }
  return corpus;
}

const Corpus& TheCorpus() {
  static const Corpus corpus = LoadCorpus();
  return corpus;
}

// Runs `op` over every page once per iteration and reports input bytes per second.
template <typename Op>
void OverPages(benchmark::State& state, const std::vector<std::string>& pages, Op op) {
  if (pages.empty()) {
    state.SkipWithError("no pages: shared corpus missing at " PITH_SHARED_DATA);
    return;
  }
  std::size_t bytes = 0;
  for (const std::string& page : pages) bytes += page.size();
  for (auto _ : state) {
    for (const std::string& page : pages) op(page);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
  state.counters["pages"] = static_cast<double>(pages.size());
}

void DecodePages(benchmark::State& state, const std::vector<std::string>& pages) {
  Decoded out;
  OverPages(state, pages, [&out](const std::string& page) {
    pith::decode::Decode(page, "", "", &out);
    benchmark::DoNotOptimize(out.utf8.data());
  });
}

void BM_DecodeUtf8Pages(benchmark::State& state) { DecodePages(state, TheCorpus().utf8); }
void BM_DecodeGbkDeclaredPages(benchmark::State& state) { DecodePages(state, TheCorpus().gbk_declared); }
void BM_DecodeGbkUndeclaredPages(benchmark::State& state) { DecodePages(state, TheCorpus().gbk_undeclared); }

void BM_ScanUtf8(benchmark::State& state) {
  OverPages(state, TheCorpus().utf8, [](const std::string& page) {
    benchmark::DoNotOptimize(pith::decode::ScanUtf8(page));
  });
}

void BM_PrescanMetaCharset(benchmark::State& state) {
  OverPages(state, TheCorpus().utf8, [](const std::string& page) {
    benchmark::DoNotOptimize(pith::decode::PrescanMetaCharset(page));
  });
}

void BM_DetectCharsetGbk(benchmark::State& state) {
  OverPages(state, TheCorpus().gbk_undeclared, [](const std::string& page) {
    benchmark::DoNotOptimize(pith::decode::DetectCharset(page));
  });
}

// After the first pass the pages hold no presentation forms: this measures the scan that every
// page pays.
void BM_FoldPresentationFormsUtf8Pages(benchmark::State& state) {
  std::vector<std::string> pages = TheCorpus().utf8;
  OverPages(state, pages, [](const std::string& page) {
    benchmark::DoNotOptimize(pith::decode::FoldPresentationForms(const_cast<std::string&>(page)));
  });
}

BENCHMARK(BM_DecodeUtf8Pages)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeGbkDeclaredPages)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeGbkUndeclaredPages)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ScanUtf8)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PrescanMetaCharset)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DetectCharsetGbk)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FoldPresentationFormsUtf8Pages)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
