#!/usr/bin/env bash
# Configures and builds pith (Release) into ./build: the library, the tool, tests and benchmarks
# (also in a folder scripts/quickstart.sh configured for the tool alone). Extra arguments go to cmake.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DPITH_TESTS=ON -DPITH_BENCH=ON "$@" >/dev/null
ninja -C build
