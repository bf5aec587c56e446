#!/usr/bin/env bash
# Installs pith's dependencies from Debian 12 packages (needs root or sudo).
#   scripts/deps.sh cli   what building and running the `pith` tool and the library need
#   scripts/deps.sh python   that, plus what the Python package needs (docs/python.md)
#   scripts/deps.sh       that, plus what the tests, benchmarks, fuzzers and consumer test need
#   scripts/deps.sh train   that of cli, plus what the training scripts need (scripts/train_*.py:
#                           numpy and scikit-learn for Debian's /usr/bin/python3; the library never needs them)
#   --list before either: print the packages, one a line, and install nothing
set -euo pipefail
cli_packages=(
  build-essential cmake ninja-build pkg-config
  libicu-dev libuchardet-dev libcurl4-openssl-dev libcli11-dev nlohmann-json3-dev
  libisal-dev zlib1g-dev libzstd-dev libbrotli-dev  # WARC and .html.gz reading
  libboost-dev  # pith serve: Boost.Beast + Asio, header-only (docs/serve.md)
)
test_packages=(
  clang libclang-rt-14-dev libmodest-dev libgtest-dev libgmock-dev libbenchmark-dev
  libcmark-gfm-dev libcmark-gfm-extensions-dev chromium librsvg2-bin
  libdeflate-dev  # bench/warc_bench.cc compares inflate libraries
  wrk  # bench/serve_load.sh, pith serve's load benchmark
  python3-html5lib  # the parse differential's tie-breaker (tests/parse_html5lib.h)
  # struct-dev's scorer (../shared/eval/score_struct.py), which tests/structure_eval_test.cc holds
  # `pith eval`'s structure metrics to
  python3-markdown-it python3-mdit-py-plugins python3-levenshtein python3-lxml
)
python_packages=(  # the Python package (docs/python.md) and its tests
  python3-dev python3-venv python3-pip python3-setuptools python3-wheel pybind11-dev
  python3-distributed python3-pytest zstd
)
train_packages=(python3-numpy python3-sklearn)  # scripts/train_page_type.py, scripts/train_confidence.py
list=0
if [ "${1:-}" = --list ]; then
  list=1
  shift
fi
case "${1:-all}" in
  cli) packages=("${cli_packages[@]}") ;;
  python) packages=("${cli_packages[@]}" "${python_packages[@]}") ;;
  train) packages=("${cli_packages[@]}" "${train_packages[@]}") ;;
  all) packages=("${cli_packages[@]}" "${test_packages[@]}" "${python_packages[@]}") ;;
  *) echo "usage: scripts/deps.sh [cli|python|train|all]" >&2; exit 2 ;;
esac
if [ "$list" = 1 ]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all ${#packages[@]} packages present"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
