// Throughput of the HTML5 tokenizer (src/dom/html_tokenizer.h) on the development corpus, single
// thread. Every page is decoded to UTF-8 once, up front (pith::decode::Decode, as the pipeline
// does); the benchmark then times tokenizing all of them, switching to RCDATA / RAWTEXT / script
// data / PLAINTEXT after the start tags that need it, as the tree builder does. Reports pages/s
// (items) and MB/s (bytes of decoded input).
//   ./build/html_tokenizer_bench [--benchmark_filter=...]   (PITH_DATA overrides the corpus folder)
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "decode/decode.h"
#include "dom/html_tokenizer.h"

namespace {

const std::vector<std::string>& DecodedPages() {
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
        pith::decode::Decoded decoded;
        if (pith::decode::Decode(ss.str(), "", "", &decoded).ok()) out.push_back(std::move(decoded.utf8));
      }
    }
    return out;
  }();
  return pages;
}

std::size_t TotalBytes() {
  std::size_t n = 0;
  for (const auto& p : DecodedPages()) n += p.size();
  return n;
}

// Tokenizes one page to the end; returns the number of tokens.
std::size_t TokenizePage(std::string_view page) {
  using pith::dom::HtmlToken;
  using State = pith::dom::HtmlTokenizer::State;
  pith::dom::HtmlTokenizer tokenizer(page);
  std::size_t tokens = 0;
  for (;;) {
    const HtmlToken& t = tokenizer.Next();
    ++tokens;
    if (t.type == HtmlToken::kEof) return tokens;
    if (t.type != HtmlToken::kStartTag) continue;
    const std::string_view n = t.name;
    if (n == "script") {
      tokenizer.SwitchTo(State::kScriptData);
    } else if (n == "style" || n == "xmp" || n == "iframe" || n == "noembed" || n == "noframes") {
      tokenizer.SwitchTo(State::kRawtext);
    } else if (n == "title" || n == "textarea") {
      tokenizer.SwitchTo(State::kRcdata);
    } else if (n == "plaintext") {
      tokenizer.SwitchTo(State::kPlaintext);
    }
  }
}

void BM_Tokenize(benchmark::State& state) {
  if (DecodedPages().empty()) return state.SkipWithError("no corpus");
  std::size_t tokens = 0;
  for (auto _ : state) {
    for (const auto& page : DecodedPages()) tokens += TokenizePage(page);
    benchmark::DoNotOptimize(tokens);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * DecodedPages().size()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * TotalBytes()));
  state.counters["tokens_per_page"] = static_cast<double>(tokens) / static_cast<double>(state.iterations() * DecodedPages().size());
}

}  // namespace

BENCHMARK(BM_Tokenize)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
