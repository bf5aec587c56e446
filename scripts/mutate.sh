#!/usr/bin/env bash
# Mutation check: puts each small deliberate bug of tests/mutations/*.txt into the code, one at a
# time, rebuilds incrementally (Release, ./build) and runs the fast tests: first the test the
# mutation names (`expect`), then, if that one passes, the whole pith_tests suite. A mutation that no
# test catches is a survivor. The file is restored after each mutation (and on interrupt).
# Usage: scripts/mutate.sh [NAME-PATTERN]   (a grep pattern over mutation names; default all)
# Output: one line per mutation, "killed by TEST", "SURVIVED", or "stale" (its line is no longer in
# the file: update the mutation), then the survivor count. Exit status 1 when any survived.
# Cost: one incremental build and one test run per mutation (about 1-2 minutes each on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
pattern=${1:-.}
log=$(mktemp -d)
backup=""
target=""
restore() {
  if [ -n "$backup" ]; then cp "$backup" "$target" && touch "$target"; fi
  backup=""
}
trap 'restore; rm -rf "$log"' EXIT
trap 'exit 130' INT TERM

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C build pith_cli pith_tests >/dev/null

# Runs one mutation; prints its result line.
run_one() {
  local name=$1 file=$2 expect=$3 from=$4 to=$5
  if [ "$(grep -cF -- "$from" "$file" || true)" != 1 ]; then
    printf '%-48s stale (the line is not in %s exactly once)\n' "$name" "$file"
    return 0
  fi
  target=$file
  backup="$log/backup"
  cp "$file" "$backup"
  FROM=$from TO=$to perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$file"
  if ! ninja -C build pith_cli pith_tests >"$log/build" 2>&1; then
    printf '%-48s killed by the build (warnings are errors)\n' "$name"
    restore
    return 0
  fi
  local killer=""
  if [ -n "$expect" ] && ! build/pith_tests --gtest_filter="$expect" >"$log/test" 2>&1; then
    killer=$expect
  elif ! build/pith_tests --gtest_brief=1 >"$log/test" 2>&1; then
    killer=$(grep -m1 -o '^\[  FAILED  \] [A-Za-z0-9_]*\.[A-Za-z0-9_/]*' "$log/test" | cut -c14- || true)
    killer=${killer:-"the suite (crash)"}
  fi
  restore
  if [ -n "$killer" ]; then
    printf '%-48s killed by %s\n' "$name" "$killer"
  else
    printf '%-48s SURVIVED\n' "$name"
    echo "$name" >>"$log/survivors"
  fi
}

total=0
for list in tests/mutations/*.txt; do
  name="" file="" expect="" from="" to=""
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in
      "mutation "*) name=${line#mutation } ;;
      "file "*) file=${line#file } ;;
      "expect "*) expect=${line#expect } ;;
      "- "*) from=${line#- } ;;
      "+ "*)
        to=${line#+ }
        if printf '%s' "$name" | grep -q -- "$pattern"; then
          run_one "$name" "$file" "$expect" "$from" "$to"
          total=$((total + 1))
        fi
        name="" file="" expect="" from="" to=""
        ;;
    esac
  done <"$list"
done
# The tree is back as it was: rebuild so that ./build matches the sources again.
ninja -C build pith_cli pith_tests >/dev/null
survivors=$( [ -f "$log/survivors" ] && wc -l <"$log/survivors" || echo 0)
echo "$total mutations, $survivors survived"
[ "$survivors" = 0 ]
