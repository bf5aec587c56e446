#!/usr/bin/env bash
# Installs pith's build and test dependencies from Debian 12 packages (needs root or sudo).
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev
  libmodest-dev libicu-dev libuchardet-dev libcurl4-openssl-dev libcli11-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev libcmark-gfm-dev libcmark-gfm-extensions-dev chromium librsvg2-bin
  libisal-dev zlib1g-dev libzstd-dev libbrotli-dev libdeflate-dev  # WARC reading; libdeflate for bench/warc_bench.cc
)
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
