#!/usr/bin/env bash
# The parse differential's verdict on each input file (a fuzz finding, a page, a tie a long run
# saved): pith's parser against MyHTML, with the known MyHTML deviations (tests/parse_compare.h)
# and html5lib as the tie-breaker (tests/parse_html5lib.h), as fuzz/parse_fuzz.cc judges it. One
# verdict a file:
#   same                                          pith and MyHTML build the same Document
#   explained: RULE                               a known MyHTML deviation or one of pith's limits
#   MyHTML deviation (html5lib agrees with pith)  no rule names it yet; the difference follows
#   pith differs from MyHTML and html5lib         a pith bug (or both references err alike)
# Needs the fuzz build (docs/testing.md) and Debian's python3-html5lib.
# Usage: scripts/parse_oracle.sh FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${FUZZ_BUILD:-build-fuzz}/parse_fuzz
[ -x "$binary" ] || { echo "no $binary: build the fuzz tree first (docs/testing.md)" >&2; exit 2; }
status=0
for f in "$@"; do
  [ -f "$f" ] || f=$OLDPWD/$f  # a path relative to where the script was started
  # The target prints the verdict once per execution (libFuzzer may run an input twice): the first.
  verdict=$(PITH_PARSE_VERDICT=1 "$binary" "$f" 2>&1 |
            awk '/^verdict: /{n++} /^(difference: |Executed |==|INFO: |MS: |\*\*\*)/{if (n) n=2} n==1' || true)
  echo "$(basename "$f"): ${verdict#verdict: }"
  case "$verdict" in *"pith differs"*) status=1 ;; esac
done
exit $status
