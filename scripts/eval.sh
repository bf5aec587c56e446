#!/usr/bin/env bash
# Full-corpus evaluation of every algorithm over ../shared/data (or $PITH_DATA): prints each table
# and writes docs/eval/<algorithm>.{txt,json}. Takes a few minutes; not part of the test suite
# (the fast gated subset is tests/eval_gate_test.cc).
set -euo pipefail
cd "$(dirname "$0")/.."
data="${PITH_DATA:-../shared/data}"
[ -x build/pith ] || scripts/build.sh
mkdir -p docs/eval
for algorithm in ${ALGORITHMS:-auto lineblock correlation semantic tibetan pathsim}; do
  echo "== $algorithm"
  build/pith eval --data "$data" --algorithm "$algorithm" --json "docs/eval/$algorithm.json" | tee "docs/eval/$algorithm.txt"
done
if command -v python3 >/dev/null; then
  python3 scripts/eval_table.py docs/eval "$data/ANCHORS.md" | tee docs/eval/summary.md
fi
