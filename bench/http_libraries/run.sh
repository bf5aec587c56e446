#!/usr/bin/env bash
# The measurement behind docs/serve.md's choice of HTTP library: the same two routes (GET /hello,
# POST /echo of a 160 KB corpus page) on Boost.Beast, libmicrohttpd, cpp-httplib and libh2o, each
# loaded with wrk at concurrency 1, 2, 16, 64, then with 1,000 idle keep-alive connections open,
# then with 300 clients sending a header byte a second. Loopback only; about 2 minutes a library.
#   apt-get install libboost-dev libmicrohttpd-dev libcpp-httplib-dev libh2o-evloop-dev wrk
#   bench/http_libraries/run.sh [PAGE]      (run on an idle machine; figures go in docs/serve.md)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
page="${1:-$here/../../../shared/data/bo-ug-dev/html/bo-034.html}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cd "$out"
g++ -O2 -std=c++20 "$here/beast.cc" -o beast -pthread
g++ -O2 -std=c++20 "$here/mhd.cc" -o mhd -lmicrohttpd
g++ -O2 -std=c++20 "$here/httplib.cc" -o httplib -pthread -lcpp-httplib
gcc -O2 -DH2O_USE_LIBUV=0 "$here/h2o.c" -o h2o $(pkg-config --cflags --libs libh2o-evloop)
ulimit -n 8192
port=18190
for lib in beast mhd httplib h2o; do
  port=$((port + 1))
  "./$lib" "$port" 2>/dev/null & pid=$!
  sleep 0.5
  u="http://127.0.0.1:$port"
  for c in 1 2 16 64; do
    echo "== $lib hello c=$c: $(wrk -t1 -c$c -d5s --latency "$u/hello" | grep -E 'Requests/sec|  99%|  50%' | tr -s ' ' | tr '\n' ' ')"
    echo "== $lib post c=$c: $(BODY="$page" wrk -t1 -c$c -d5s --latency -s "$here/post.lua" "$u/echo" | grep -E 'Requests/sec|  99%|  50%' | tr -s ' ' | tr '\n' ' ')"
  done
  /usr/bin/python3 "$here/idle.py" 1000 9 "$port" & helper=$!; sleep 3
  echo "== $lib 1000 idle + c=16: $(wrk -t1 -c16 -d4s --latency --timeout 5s "$u/hello" | grep -E 'Requests/sec|  99%' | tr -s ' ' | tr '\n' ' ')"
  wait "$helper" || true
  /usr/bin/python3 "$here/slow.py" 300 14 "$port" & helper=$!; sleep 3
  echo "== $lib 300 slow + c=16: $(wrk -t1 -c16 -d4s --latency --timeout 5s "$u/hello" | grep -E 'Requests/sec|  99%' | tr -s ' ' | tr '\n' ' ')"
  wait "$helper" || true
  kill "$pid"; wait "$pid" 2>/dev/null || true
done
