#!/usr/bin/env bash
# pith serve's load benchmark (not a test; issue 43's targets): wrk posts corpus pages to
# POST /v1/extract at concurrency 1, 2, 16 and 64 and prints requests/s, p50/p99 and errors
# (socket errors and non-2xx answers), then keeps loading until 100,000 requests and prints the
# server's RSS after each 25,000 (flat = no growth). For comparison, `pith extract -j 2` on the
# same pages. Loopback only. Run it on an idle machine:
#   bench/serve_load.sh [PAGES_DIR] [SECONDS]    (default: ../shared/data/wcxb-dev/html, 20 s each;
#                                                REQUESTS=100000 the total to reach)
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-../shared/data/wcxb-dev/html}"
seconds="${2:-20}"
pith=build/pith
tmp="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$tmp"' EXIT
find "$dir" -maxdepth 1 -name '*.html' | sort | head -1000 >"$tmp/pages"
echo "pages: $(wc -l <"$tmp/pages") from $dir, $(xargs cat <"$tmp/pages" | wc -c) bytes"
mkdir "$tmp/in" && xargs -I{} cp {} "$tmp/in/" <"$tmp/pages"
start=$(date +%s.%N)
"$pith" extract -j "$(nproc)" -f jsonl "$tmp/in" >/dev/null
end=$(date +%s.%N)
echo "pith extract -j $(nproc): $(echo "$(wc -l <"$tmp/pages") / ($end - $start)" | bc -l | xargs printf '%.1f') pages/s"
"$pith" serve --listen 127.0.0.1:0 --quiet 2>"$tmp/log" & server=$!
for _ in $(seq 100); do grep -q listening "$tmp/log" && break; sleep 0.1; done
url="http://$(grep -o '127.0.0.1:[0-9]*' "$tmp/log" | head -1)"
rss() { awk '/VmRSS/ {print $2 " KiB"}' "/proc/$server/status"; }
echo "RSS at start: $(rss)"
total=0
load() {  # concurrency, seconds
  local out
  out=$(PAGES="$tmp/pages" wrk -t"$(( $1 < 2 ? 1 : 2 ))" -c"$1" -d"$2"s --latency --timeout 10s -s bench/serve_load.lua "$url")
  total=$(( total + $(echo "$out" | awk '/requests in/ {print $1}') ))
  echo "$out" | awk -v c="$1" '/Requests\/sec/ {rps=$2} / 50%/ {p50=$2} / 99%/ {p99=$2}
    /Socket errors/ {err=$0} /Non-2xx/ {non=$NF}
    END {printf "c=%-3s %9s req/s  p50 %-9s p99 %-9s non-2xx %s %s\n", c, rps, p50, p99, (non ? non : 0), err}'
}
for c in 1 2 16 64; do load "$c" "$seconds"; done
echo "RSS after $total requests: $(rss)"
while [ "$total" -lt "${REQUESTS:-100000}" ]; do
  load 16 "$seconds" >/dev/null
  echo "RSS after $total requests: $(rss)"
done
