#!/usr/bin/env bash
# CI's fuzz step (scripts/test.sh): builds the libFuzzer targets (build-fuzz/, clang) and runs each
# for a fixed number of inputs from a fixed seed, so that the step runs the same inputs on every
# machine and every time, fast or slow, idle or loaded, and a failure replays with the same command.
# What would make two runs differ, and what is done about it:
#   - a time limit (-max_total_time): how far a run gets depends on the machine. Each target runs
#     -runs=N instead, N from fuzz/ci_runs.txt (40-90 s of one core of the CI machine kind);
#   - corpus folders: libFuzzer reads a folder in the order the filesystem lists it, and writes new
#     inputs into the first folder, which the next run reads back. The seeds (the repository's
#     minimised corpus fuzz/corpus/TARGET/, the golden pages, a fixed sample of ../shared/data:
#     scripts/fuzz_seeds.sh) are given as one sorted list (-seed_inputs); the folder new inputs go to
#     is emptied first and not re-read during the run (-reload=0);
#   - addresses: libFuzzer's comparison-guided mutations (-use_cmp) insert values the program
#     compared, among them addresses (libstdc++ compares pointers as integers), which ASLR changes
#     from run to run; they are off here (-use_cmp=0; the dictionaries fuzz/*.dict give the words).
#     Heap addresses still reach coverage (site_model_fuzz added different inputs from run to run
#     with ASLR on, the same with it off), so each target runs with address randomisation off
#     (`setarch -R`) where the machine allows it;
#   - parallel jobs (-jobs, -workers, -fork): none, one process per target (targets run side by side,
#     each on its own);
#   - limits: -timeout and -rss_limit_mb are far above what any input takes, so that they only
#     catch hangs and runaway memory, not a slow machine.
# Each target prints its final libFuzzer status line and a digest of the inputs it added: both are
# the same on every machine for the same commit and ../shared.
#
# Usage: scripts/fuzz_ci.sh [TARGET...]   (default: every fuzz/*_fuzz.cc)
# Environment: FUZZ_SEED (default 1), FUZZ_RUNS (runs per target instead of fuzz/ci_runs.txt's, e.g.
# to explore further with another seed), FUZZ_DATA_PAGES (corpus pages among the seeds, default 60),
# FUZZ_BUILD (the build folder, default build-fuzz), FUZZ_WORK (where each target's seeds, new inputs
# and log go, default FUZZ_BUILD/ci: another folder lets two runs go side by side to compare them).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${FUZZ_BUILD:-build-fuzz}
# Line tables only for the debug information: a crash's stack keeps its file:line frames, the build
# takes less time, and the code (so the coverage, so the inputs kept) is the same as with full -g.
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
  -DPITH_FUZZ=ON -DPITH_TESTS=OFF -DPITH_BENCH=OFF >/dev/null
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
  for t in fuzz/*_fuzz.cc; do targets+=("$(basename "$t" .cc)"); done
fi
ninja -C "$build" "${targets[@]}"  # the fuzz targets only: the tool is built and tested elsewhere
step_start=$(date +%s)
default_runs=20000
# Address randomisation off for the fuzz runs (a container may refuse it: then they run as they are).
norandom=()
if setarch "$(uname -m)" -R true 2>/dev/null; then norandom=(setarch "$(uname -m)" -R); fi
# A target's folder: its seeds, new inputs, log, and report (report, cpu, status files).
work_dir() { echo "${FUZZ_WORK:-$build/ci}/$1"; }
# One target: its seeds, its run, and its report.
run_target() {
  local name=$1 runs note="" work dict status=0 wall user sys digest done_line cpu
  runs=${FUZZ_RUNS:-$(awk -v t="$name" '$1 == t { print $2 }' fuzz/ci_runs.txt)}
  [ -n "$runs" ] || { runs=$default_runs; note=" (no line in fuzz/ci_runs.txt: the default)"; }
  work=$(work_dir "$name")
  rm -rf "$work"
  mkdir -p "$work/new" "$work/artifacts" "fuzz/corpus/$name"
  scripts/fuzz_seeds.sh "$name" "$work/seeds"
  find "fuzz/corpus/$name" "$work/seeds" -type f | LC_ALL=C sort | paste -sd, >"$work/seed_list"
  dict=fuzz/${name%_fuzz}.dict
  [ -f "$dict" ] || dict=fuzz/html.dict
  {
    echo "-- $name: $runs runs$note, seed ${FUZZ_SEED:-1}, $(tr , '\n' <"$work/seed_list" | grep -c .) seed inputs"
    TIMEFORMAT='%R %U %S'
    { time "${norandom[@]}" "$build/$name" -seed="${FUZZ_SEED:-1}" -runs="$runs" -use_cmp=0 -reload=0 -max_len=65536 \
        -timeout=60 -rss_limit_mb=4096 -dict="$dict" -seed_inputs="@$work/seed_list" \
        -artifact_prefix="$work/artifacts/" "$work/new" >"$work/log" 2>&1 || status=$?; } 2>"$work/time"
    read -r wall user sys <"$work/time"
    digest=$(find "$work/new" -type f -printf '%f\n' | LC_ALL=C sort | sha1sum | cut -c1-12)
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$work/log" | tail -n 1 | tr -s ' \t' ' ' | sed 's/ exec\/s.*//' || true)
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')
    echo "   ${done_line:-no DONE line}; digest of the inputs added $digest; ${wall} s, CPU $cpu s"
    if [ "$status" -ne 0 ]; then
      tail -n 40 "$work/log"
      for a in "$work"/artifacts/*; do [ -f "$a" ] && echo "   replay: ${norandom[*]} $build/$name $a"; done
      echo "   rerun: FUZZ_SEED=${FUZZ_SEED:-1} scripts/fuzz_ci.sh $name"
    fi
  } >"$work/report"
  echo "$cpu" >"$work/cpu"
  echo "$status" >"$work/status"
}
# The targets run side by side, one per core (FUZZ_JOBS, default nproc): each is its own process
# from its own seed, so its inputs do not depend on what runs beside it. Reports print in order.
parallel=${FUZZ_JOBS:-$(nproc)}
for name in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n || true; done
  run_target "$name" &
done
wait
step_cpu=0
failed=()
for name in "${targets[@]}"; do
  work=$(work_dir "$name")
  cat "$work/report" 2>/dev/null || echo "-- $name: no report"
  step_cpu=$(awk -v a="$step_cpu" -v b="$(cat "$work/cpu" 2>/dev/null || echo 0)" 'BEGIN { print a + b }')
  [ "$(cat "$work/status" 2>/dev/null || echo 1)" = 0 ] || failed+=("$name")
done
echo "-- ${#targets[@]} targets in $(( $(date +%s) - step_start )) s (fuzzing: CPU $step_cpu s)"
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz targets that failed: ${failed[*]}" >&2
  exit 1
fi
