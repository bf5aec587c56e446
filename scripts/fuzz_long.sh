#!/usr/bin/env bash
# A long run of one libFuzzer target outside CI, bounded by CPU time rather than wall time, so that
# "one CPU-hour" means the same on an idle and on a shared machine. The target runs in fork mode
# (-fork=1 -ignore_crashes=1 ...): a crash, timeout or out-of-memory input is saved and fuzzing goes
# on, so one run collects every finding instead of stopping at the first. Seeds: the minimised corpus
# (fuzz/corpus/TARGET/), the golden pages and FUZZ_DATA_PAGES (default 300) pages of ../shared/data
# (scripts/fuzz_seeds.sh). The CPU time of the whole process group (the fuzzer and its jobs) is read
# from /proc every 10 s; at CPU_SECONDS the run is stopped.
#
# Usage: scripts/fuzz_long.sh TARGET CPU_SECONDS [WORKDIR]   (TARGET as in build-fuzz/)
# Environment: FUZZ_SEED (default 1), NICE (default 15), FUZZ_DATA_PAGES, FUZZ_WALL (seconds: stop
# then too if the budget is not reached yet, for a slice of a shared machine; the summary says which).
# WORKDIR (default build-fuzz/long-TARGET) gets corpus/ (new inputs), artifacts/ (crash-*, timeout-*,
# oom-*), log, and summary: CPU seconds, executions, and one line per artifact with the message it
# replays with. Shrink the findings and the new inputs into the repository corpus as docs/testing.md
# says.
set -euo pipefail
cd "$(dirname "$0")/.."
target=$1
budget=$2
work=${3:-build-fuzz/long-$target}
[ -x "build-fuzz/$target" ] || { echo "no build-fuzz/$target: build the fuzz tree first (docs/testing.md)" >&2; exit 2; }
mkdir -p "$work/corpus" "$work/artifacts" "fuzz/corpus/$target"
# Fork mode starts the binary again for each job: a copy, so that a rebuild during the run changes nothing.
binary=$work/$target
cp "build-fuzz/$target" "$binary"
FUZZ_DATA_PAGES=${FUZZ_DATA_PAGES:-300} scripts/fuzz_seeds.sh "$target" "$work/seeds"
dict=fuzz/${target%_fuzz}.dict
[ -f "$dict" ] || dict=fuzz/html.dict

# CPU seconds of every live process of process group $1, each with the reaped children it waited for.
group_cpu() {
  local ticks=0 stat rest
  for stat in /proc/[0-9]*/stat; do
    rest=$(cat "$stat" 2>/dev/null) || continue
    rest=${rest##*) }  # the fields after the command name, from the state on
    read -r -a f <<<"$rest"
    # f[2] is the process group; f[11..14]: utime stime cutime cstime (fields 14-17 of proc(5)).
    [ "${f[2]}" = "$1" ] && ticks=$((ticks + f[11] + f[12] + f[13] + f[14]))
  done
  echo $((ticks / $(getconf CLK_TCK)))
}

start=$(date +%s)
set -m  # the run in a process group of its own, whose id is its pid
/usr/bin/time -v -o "$work/time" nice -n "${NICE:-15}" "$binary" -fork=1 -ignore_crashes=1 \
  -ignore_timeouts=1 -ignore_ooms=1 -seed="${FUZZ_SEED:-1}" -max_len=65536 -timeout=20 -rss_limit_mb=4096 \
  -dict="$dict" -artifact_prefix="$work/artifacts/" "$work/corpus" "fuzz/corpus/$target" "$work/seeds" \
  >"$work/log" 2>&1 &
leader=$!
cpu=0
while kill -0 "$leader" 2>/dev/null; do
  sleep 10
  now=$(group_cpu "$leader")
  [ "$now" -gt "$cpu" ] && cpu=$now
  if [ "$cpu" -ge "$budget" ] || { [ -n "${FUZZ_WALL:-}" ] && [ $(( $(date +%s) - start )) -ge "$FUZZ_WALL" ]; }; then
    # libFuzzer ends on SIGINT (time(1) ignores it and reports); what is left after a minute is killed.
    kill -INT -- "-$leader" 2>/dev/null || true
    for _ in $(seq 60); do kill -0 "$leader" 2>/dev/null && sleep 1; done
    kill -KILL -- "-$leader" 2>/dev/null || true
    break
  fi
done
wait "$leader" 2>/dev/null || true

{
  echo "target $target, seed ${FUZZ_SEED:-1}, $(date -u +%F), wall $(( $(date +%s) - start )) s, CPU $cpu s of $budget"
  # Fork mode's status lines: "#EXECS: cov: C ft: F corp: N exec/s: E oom/timeout/crash: a/b/c time: Ts".
  grep -E '^#[0-9]+: cov' "$work/log" | tail -n 1
  for a in "$work"/artifacts/*; do
    [ -f "$a" ] || continue
    msg=$("$binary" "$a" 2>&1 | grep -m 1 -E '^(difference|invariant|MyHTML)|SUMMARY|ERROR: libFuzzer' || true)
    echo "$(basename "$a") $(wc -c <"$a") B: $msg"
  done
} | tee "$work/summary"
