#!/usr/bin/env bash
# The README's first command, as a new user runs it: scripts/quickstart.sh installs only what the
# tool needs (no test, benchmark, fuzzing or browser package), builds the tool and runs it on the
# example page. When ./build did not exist before (a fresh clone, as in CI) it also checks that no
# test or benchmark program was built. scripts/test.sh then builds the rest into the same folder,
# reusing the tool's objects, so this costs CI a configure step and one page.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "quickstart: FAIL: $*" >&2; exit 1; }
cli_packages=$(scripts/deps.sh --list cli)
grep -qx libicu-dev <<<"$cli_packages" || fail "scripts/deps.sh --list cli does not list the tool's packages"
for p in chromium libgtest-dev libgmock-dev libbenchmark-dev clang libmodest-dev libcmark-gfm-dev; do
  ! grep -qx "$p" <<<"$cli_packages" || fail "scripts/deps.sh cli installs $p, which only tests need"
done
fresh=0
[ -e build ] || fresh=1
out=$(scripts/quickstart.sh)
grep -q '^Title: .' <<<"$out" && grep -q '^Body:$' <<<"$out" || fail "no extraction in the output: $out"
if [ "$fresh" = 1 ]; then
  for program in build/pith_tests build/*_bench; do
    [ ! -e "$program" ] || fail "the quick start built $program"
  done
fi
echo "quickstart: ok (the tool alone$([ "$fresh" = 1 ] || echo ', build/ existed before'))"
