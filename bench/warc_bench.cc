// Web archive throughput on a Common-Crawl-shaped WARC built from every page of ../shared/data
// (tests/warc_builder.h: real page bytes in HTTP responses, some chunked, some gzip-encoded, some
// with a wrong charset, ~15% non-HTML records, one gzip member per record at level 6):
//   BM_Inflate/{zlib,libdeflate,isal}  the gzip members alone, per library (the choice in docs/warc.md)
//   BM_ReadWarc                         pith::WarcReader alone: records framed, blocks copied
//   BM_ReadPages                        ... and ReadWarcPage (HTTP parsed, codings undone)
//   BM_ExtractWarc                      ... and Extractor::Extract (auto), one thread
//   BM_CliWarc/jobs                     the whole process: `pith extract FILE -f jsonl -j N >/dev/null`
// items/s = records (HTML records for the last two), bytes/s = compressed file bytes.
//   ./build/warc_bench [--benchmark_filter=...]   (PITH_DATA overrides the corpus folder; the file is
//   built at start and written to $TMPDIR/pith-warc-bench.warc.gz for the whole-process runs)
#include <benchmark/benchmark.h>
#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <zlib.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "pith/pith.h"
#include "pith/warc.h"
#include "warc_builder.h"

namespace {

namespace fs = std::filesystem;

struct BenchWarc {
  std::string path;
  std::string bytes;
  std::vector<std::pair<std::size_t, std::size_t>> members;  // (offset, size) of each gzip member
  std::size_t html_records = 0, records = 0;
};

const BenchWarc& Warc() {
  static const BenchWarc warc = [] {
    BenchWarc w;
    const char* env = std::getenv("PITH_DATA");
    const fs::path root = env ? env : PITH_SHARED_DATA;
    const auto pages = pith::testing::LoadCorpusPages(root);
    pith::testing::BuiltWarc built;
    pith::testing::AppendCorpusWarc(pages, pith::testing::WarcLayout::kGzipPerRecord, &built);
    w.bytes = std::move(built.bytes);
    w.html_records = built.html_records;
    w.records = built.html_records + built.other_records;
    const char* tmp = std::getenv("TMPDIR");
    w.path = (fs::path(tmp ? tmp : "/tmp") / "pith-warc-bench.warc.gz").string();
    std::ofstream(w.path, std::ios::binary) << w.bytes;
    // Member boundaries, found by inflating once with zlib.
    z_stream z{};
    inflateInit2(&z, 16 + MAX_WBITS);
    std::string out(1 << 20, '\0');
    std::size_t at = 0;
    while (at < w.bytes.size()) {
      inflateReset(&z);
      z.next_in = reinterpret_cast<Bytef*>(w.bytes.data() + at);
      z.avail_in = static_cast<uInt>(w.bytes.size() - at);
      int rc;
      do {
        z.next_out = reinterpret_cast<Bytef*>(out.data());
        z.avail_out = static_cast<uInt>(out.size());
        rc = inflate(&z, Z_NO_FLUSH);
      } while (rc == Z_OK);
      const std::size_t used = w.bytes.size() - at - z.avail_in;
      w.members.emplace_back(at, used);
      at += used;
    }
    inflateEnd(&z);
    return w;
  }();
  return warc;
}

void Report(benchmark::State& state, std::size_t items) {
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * items));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * Warc().bytes.size()));
}

std::uint32_t GzipSize(const std::string& bytes, std::pair<std::size_t, std::size_t> m) {  // ISIZE trailer
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + m.first + m.second - 4);
  return p[0] | (p[1] << 8) | (p[2] << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}

void BM_InflateZlib(benchmark::State& state) {
  const BenchWarc& w = Warc();
  std::string out(64 << 20, '\0');
  z_stream z{};
  inflateInit2(&z, 16 + MAX_WBITS);
  for (auto _ : state) {
    for (const auto& m : w.members) {
      inflateReset(&z);
      z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(w.bytes.data() + m.first));
      z.avail_in = static_cast<uInt>(m.second);
      z.next_out = reinterpret_cast<Bytef*>(out.data());
      z.avail_out = static_cast<uInt>(out.size());
      if (inflate(&z, Z_FINISH) != Z_STREAM_END) return state.SkipWithError("zlib");
    }
  }
  inflateEnd(&z);
  Report(state, w.members.size());
}
BENCHMARK(BM_InflateZlib)->Name("BM_Inflate/zlib")->Unit(benchmark::kMillisecond);

void BM_InflateLibdeflate(benchmark::State& state) {
  const BenchWarc& w = Warc();
  std::string out(64 << 20, '\0');
  libdeflate_decompressor* d = libdeflate_alloc_decompressor();
  for (auto _ : state) {
    for (const auto& m : w.members) {
      std::size_t n = 0;
      if (libdeflate_gzip_decompress(d, w.bytes.data() + m.first, m.second, out.data(), GzipSize(w.bytes, m), &n) !=
          LIBDEFLATE_SUCCESS) {
        return state.SkipWithError("libdeflate");
      }
    }
  }
  libdeflate_free_decompressor(d);
  Report(state, w.members.size());
}
BENCHMARK(BM_InflateLibdeflate)->Name("BM_Inflate/libdeflate")->Unit(benchmark::kMillisecond);

void BM_InflateIsal(benchmark::State& state) {
  const BenchWarc& w = Warc();
  std::string out(64 << 20, '\0');
  inflate_state s;
  for (auto _ : state) {
    for (const auto& m : w.members) {
      isal_inflate_init(&s);
      s.crc_flag = ISAL_GZIP;
      s.next_in = reinterpret_cast<std::uint8_t*>(const_cast<char*>(w.bytes.data() + m.first));
      s.avail_in = static_cast<std::uint32_t>(m.second);
      s.next_out = reinterpret_cast<std::uint8_t*>(out.data());
      s.avail_out = static_cast<std::uint32_t>(out.size());
      if (isal_inflate(&s) != ISAL_DECOMP_OK || s.block_state != ISAL_BLOCK_FINISH) return state.SkipWithError("isal");
    }
  }
  Report(state, w.members.size());
}
BENCHMARK(BM_InflateIsal)->Name("BM_Inflate/isal")->Unit(benchmark::kMillisecond);

void BM_ReadWarc(benchmark::State& state) {
  const BenchWarc& w = Warc();
  pith::WarcRecord rec;
  for (auto _ : state) {
    pith::Status s;
    auto reader = pith::WarcReader::Open(w.path, {}, &s);
    std::size_t n = 0;
    while (reader->Next(&rec)) ++n;
    if (n != w.records) return state.SkipWithError("record count");
  }
  Report(state, w.records);
}
BENCHMARK(BM_ReadWarc)->Unit(benchmark::kMillisecond);

void BM_ReadPages(benchmark::State& state) {
  const BenchWarc& w = Warc();
  pith::WarcRecord rec;
  pith::WarcPage page;
  for (auto _ : state) {
    pith::Status s;
    auto reader = pith::WarcReader::Open(w.path, {}, &s);
    std::size_t n = 0;
    while (reader->Next(&rec)) n += pith::ReadWarcPage(rec, {}, &page) == pith::WarcSkip::kNone;
    if (n != w.html_records) return state.SkipWithError("HTML record count");
  }
  Report(state, w.html_records);
}
BENCHMARK(BM_ReadPages)->Unit(benchmark::kMillisecond);

void BM_ExtractWarc(benchmark::State& state) {
  const BenchWarc& w = Warc();
  const pith::Extractor extractor;
  pith::WarcRecord rec;
  pith::WarcPage page;
  for (auto _ : state) {
    pith::Status s;
    auto reader = pith::WarcReader::Open(w.path, {}, &s);
    while (reader->Next(&rec)) {
      if (pith::ReadWarcPage(rec, {}, &page) == pith::WarcSkip::kNone) {
        benchmark::DoNotOptimize(extractor.Extract(page.body, page.info));
      }
    }
  }
  Report(state, w.html_records);
}
BENCHMARK(BM_ExtractWarc)->Unit(benchmark::kMillisecond);

void BM_CliWarc(benchmark::State& state) {
  const BenchWarc& w = Warc();
  const std::string cmd = std::string(PITH_CLI) + " extract " + w.path + " -f jsonl --no-progress -j " +
                          std::to_string(state.range(0)) + " >/dev/null 2>&1";
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    if (std::system(cmd.c_str()) != 0) return state.SkipWithError("pith extract failed");
    state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  Report(state, w.html_records);
}
BENCHMARK(BM_CliWarc)->Arg(1)->Arg(2)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
