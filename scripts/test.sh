#!/usr/bin/env bash
# The whole test suite (this is what CI runs): dependencies, the quick start, Release build +
# unit/golden/CLI tests and the fast accuracy gate (tests/eval_gate_test.cc), a program using pith
# as a dependency (scripts/consumer_test.sh), the Python package (scripts/python_test.sh), ASan+UBSan
# build + tests, and a short run of every libFuzzer target (seeds: scripts/fuzz_seeds.sh;
# dictionaries: fuzz/*.dict).
# Environment: FUZZ_SECONDS (default 30 per target), FUZZ_SEED (default 1), FUZZ_DATA_PAGES (corpus
# pages among the seeds, default 60), SKIP_SANITIZE=1, SKIP_CONSUMER=1, SKIP_PYTHON=1, SKIP_FUZZ=1 to
# shorten. The fuzz runs start from a fixed seed so that a failure in CI replays here with the same
# command; explore further with another seed or a longer FUZZ_SECONDS.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
scripts/deps.sh

echo "== Quick start (the tool alone)"
scripts/quickstart_test.sh

echo "== Release build and tests"
scripts/build.sh
ctest --test-dir build --output-on-failure -j "$jobs"

if [ "${SKIP_CONSUMER:-0}" != 1 ]; then
  echo "== pith as a dependency: find_package, pkg-config, add_subdirectory + shared library"
  scripts/consumer_test.sh build
fi

if [ "${SKIP_PYTHON:-0}" != 1 ]; then
  echo "== Python package: pip install into a venv, pytest (python/tests)"
  scripts/python_test.sh build
fi

if [ "${SKIP_SANITIZE:-0}" != 1 ]; then
  echo "== ASan+UBSan build and tests"
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPITH_SANITIZE=ON -DPITH_BENCH=OFF >/dev/null
  ninja -C build-asan pith_tests pith_cli
  # The accuracy gate and the Markdown read-back of every corpus page run in the Release build only
  # (same code, 20x faster; the Markdown unit tests run here too).
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j "$jobs" -E 'EvalGate|MarkdownCorpus'
fi

if [ "${SKIP_FUZZ:-0}" != 1 ]; then
  echo "== libFuzzer targets (${FUZZ_SECONDS:-30}s each)"
  CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DPITH_FUZZ=ON -DPITH_TESTS=OFF -DPITH_BENCH=OFF >/dev/null
  ninja -C build-fuzz
  for target in build-fuzz/*_fuzz; do
    name=$(basename "$target")
    # New inputs go to build-fuzz/corpus-NAME; the fuzzer also reads the minimised corpus kept in
    # the repository and the seeds (golden pages, a fixed sample of ../shared/data).
    mkdir -p "build-fuzz/corpus-$name" "fuzz/corpus/$name"
    scripts/fuzz_seeds.sh "$name" "build-fuzz/seeds-$name"
    dict=fuzz/${name%_fuzz}.dict
    [ -f "$dict" ] || dict=fuzz/html.dict
    "$target" -seed="${FUZZ_SEED:-1}" -max_total_time="${FUZZ_SECONDS:-30}" -max_len=65536 -rss_limit_mb=4096 \
      -timeout=20 -dict="$dict" "build-fuzz/corpus-$name" "fuzz/corpus/$name" "build-fuzz/seeds-$name" 2>&1 | tail -n 3
  done
fi
echo "== all tests passed"
