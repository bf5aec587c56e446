#!/usr/bin/env bash
# Quick start: install what the `pith` tool needs, build only the tool, and run it on the bundled
# example page (a GBK-encoded Chinese news page with navigation, related links and a footer).
# scripts/test.sh installs and builds the rest (tests, benchmarks, fuzzers).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh cli
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DPITH_TESTS=OFF -DPITH_BENCH=OFF >/dev/null
ninja -C build pith_cli
echo "== build/pith extract --format paper examples/zh-news-gbk.html"
build/pith extract --format paper examples/zh-news-gbk.html
