#!/usr/bin/env bash
# The whole test suite (this is what CI runs): dependencies, the quick start, Release build +
# unit/golden/CLI tests and the fast accuracy gate (tests/eval_gate_test.cc), a program using pith
# as a dependency (scripts/consumer_test.sh), the Python package (scripts/python_test.sh), ASan+UBSan
# build + tests, and a short run of every libFuzzer target (scripts/fuzz_ci.sh: the same inputs on
# every machine, so that a failure in CI replays here with the same command).
# Environment: SKIP_SANITIZE=1, SKIP_CONSUMER=1, SKIP_PYTHON=1, SKIP_FUZZ=1 to shorten; FUZZ_SEED,
# FUZZ_RUNS, FUZZ_DATA_PAGES as scripts/fuzz_ci.sh reads them (explore further with another seed or
# more runs).
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
  # clang (the fuzz build's compiler), which builds this configuration in half GCC's CPU time and
  # runs its tests faster; line tables only (-g1): the sanitizers' reports keep their file:line
  # frames, and the build takes about 60 % of full debug information's time.
  CC=clang CXX=clang++ cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DPITH_SANITIZE=ON -DPITH_BENCH=OFF >/dev/null
  ninja -C build-asan pith_tests pith_cli
  # The accuracy gate and the Markdown read-back of every corpus page run in the Release build only
  # (same code, 20x faster; the Markdown unit tests run here too).
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j "$jobs" -E 'EvalGate|MarkdownCorpus'
fi

if [ "${SKIP_FUZZ:-0}" != 1 ]; then
  echo "== libFuzzer targets: a fixed number of inputs each, from a fixed seed (scripts/fuzz_ci.sh)"
  scripts/fuzz_ci.sh
fi
echo "== all tests passed"
