// Online mode end to end: `pith extract --urls` over N URLs served by the local test server
// (tests/online_test_server.h, small article pages), 32 connections. Reports URLs/s of wall time
// and the peak resident memory of the pith process. Nothing leaves 127.0.0.1.
//   ./build/online_bench [--benchmark_filter=...]      (PITH_ONLINE_PAGES sets N, default 1,000)
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "online_test_server.h"

namespace {

void BM_OnlineExtract(benchmark::State& state) {
  pith::testing::TestHttpServer server(pith::testing::TestRoutes);
  const char* env = std::getenv("PITH_ONLINE_PAGES");
  const int n = env ? std::atoi(env) : 1000;
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "pith_online_bench";
  std::filesystem::create_directories(dir);
  {
    std::ofstream list(dir / "urls.txt");
    for (int i = 0; i < n; ++i) list << server.Url("/page/" + std::to_string(i)) << "\n";
  }
  const std::string cmd = std::string(PITH_CLI) + " extract -f jsonl --concurrency 32 --per-host 32 --urls " +
                          (dir / "urls.txt").string() + " > " + (dir / "out.jsonl").string();
  for (auto _ : state) {
    if (std::system(cmd.c_str()) != 0) {
      state.SkipWithError("pith extract failed");
      break;
    }
  }
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  state.counters["urls_per_s"] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["peak_rss_MB"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
  std::filesystem::remove_all(dir);
}

}  // namespace

BENCHMARK(BM_OnlineExtract)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
BENCHMARK_MAIN();
