#!/usr/bin/env bash
# Rewrites the accuracy gate's floors (tests/eval_baseline.json) with the scores measured now, and
# prints every set mean and page score that went down, for the commit message: lowering a floor is
# always this explicit step and a visible diff of that file. Builds first (Release, ./build).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C build pith_cli pith_tests
PITH_UPDATE_BASELINE=1 build/pith_tests --gtest_filter='EvalGate.NoSetOrPageFallsBelowItsBaseline' |
  sed -n '/scores went down:/,/^wrote /p'
git diff --stat -- tests/eval_baseline.json
