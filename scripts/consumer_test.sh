#!/usr/bin/env bash
# pith as another project's dependency: builds tests/consumer (README.md's library example) three
# ways and runs it on examples/zh-news-gbk.html, comparing with the `pith` tool's output:
#  1. installed: `cmake --install` of the Release build (its objects, nothing recompiled) into a
#     folder that is then moved (the package must be relocatable), find_package(pith CONFIG);
#  2. pkg-config: the same installed tree through pith.pc;
#  3. add_subdirectory of this source tree with BUILD_SHARED_LIBS=ON and no build type (-O0, the
#     cheapest compile): libpith.so's soname, and that it exports only the public API;
#  4. that shared build installed, find_package(pith CONFIG) again.
# In the shared builds tests/consumer/api_calls calls every public function. No way may link libcurl. Argument: the Release build folder (default: build).
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:-build}")
work=$(mktemp -d /tmp/pith-consumer-XXXXXX)
trap 'rm -rf "$work"' EXIT
page=examples/zh-news-gbk.html
jobs=$(nproc)
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
fail() { echo "consumer: FAIL: $*" >&2; exit 1; }

# What the consumer must print: the title the tool finds, a blank line, the tool's text output.
"$build/pith" extract -f json "$page" >"$work/page.json"
"$build/pith" extract "$page" >"$work/text.txt"
check() {  # $1: the consumer program, $2: how it was built
  "$1" "$page" >"$work/out.txt" || fail "$2: exit code $?"
  tail -n +3 "$work/out.txt" | cmp -s - "$work/text.txt" || fail "$2: text differs from build/pith extract"
  grep -qF "\"title\": \"$(head -n 1 "$work/out.txt")\"" "$work/page.json" || fail "$2: wrong title"
  echo "consumer: $2: ok"
}

echo "== consumer 1: cmake --install + find_package(pith CONFIG)"
# The whole build: in a Ninja build "pith" names the tool's file, so `--target pith` would not rebuild libpith.
cmake --build "$build" >/dev/null
cmake --install "$build" --prefix "$work/stage" >/dev/null
mv "$work/stage" "$work/prefix"
prefix=$work/prefix
for f in include/pith/pith.h include/pith/options.h include/pith/result.h include/pith/status.h \
         include/pith/site.h include/pith/warc.h include/pith/export.h include/pith/version.h; do
  [ -f "$prefix/$f" ] || fail "not installed: $f"
done
config=$(find "$prefix" -name pithConfig.cmake)
[ -n "$config" ] && [ -f "$(dirname "$config")/pithConfigVersion.cmake" ] || fail "no CMake package installed"
! grep -qi curl "$(dirname "$config")"/pithTargets*.cmake || fail "pith::pith links libcurl"
cmake -S tests/consumer -B "$work/find" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" \
  "${launcher[@]}" >"$work/find.log" || { cat "$work/find.log"; fail "find_package configure"; }
grep -q "pith_VERSION $("$build/pith" --version | head -n 1 | cut -d' ' -f2)" "$work/find.log" || fail "pith_VERSION"
ninja -C "$work/find" >/dev/null
check "$work/find/extract_page" "find_package"

echo "== consumer 2: pkg-config"
pc_dir=$(dirname "$(find "$prefix" -name pith.pc)")
export PKG_CONFIG_PATH=$pc_dir
[ "$(pkg-config --modversion pith)" = "$("$build/pith" --version | head -n 1 | cut -d' ' -f2)" ] || fail "pith.pc version"
[[ "$(pkg-config --libs --static pith)" != *curl* ]] || fail "pith.pc links libcurl"
# shellcheck disable=SC2046  # pkg-config's flags are words
c++ -std=c++17 -O1 tests/consumer/main.cc $(pkg-config --cflags --libs pith) -o "$work/pc_extract_page"
check "$work/pc_extract_page" "pkg-config"
unset PKG_CONFIG_PATH

echo "== consumer 3: add_subdirectory, BUILD_SHARED_LIBS=ON"
cmake -S tests/consumer -B "$work/sub" -G Ninja -DPITH_SOURCE_DIR="$PWD" -DBUILD_SHARED_LIBS=ON -DPITH_INSTALL=ON \
  "${launcher[@]}" >/dev/null
ninja -C "$work/sub" -j "$jobs" >/dev/null
check "$work/sub/extract_page" "add_subdirectory + shared"
so=$(find "$work/sub" -name 'libpith.so.*.*.*')
[ -n "$so" ] || fail "no versioned libpith.so"
soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libpith.so.$("$build/pith" --version | head -n 1 | cut -d' ' -f2 | cut -d. -f1,2)" ] || fail "soname $soname"
[[ "$(ldd "$work/sub/extract_page")" == *"$soname"* ]] || fail "extract_page does not use $soname"
[[ "$(ldd "$so")" != *curl* ]] || fail "libpith.so links libcurl"
# Exported: pith's public API only (cmake/libpith.map, PITH_API). Internal code lives in lower-case
# namespaces (pith::dom, ...).
nm -D --defined-only -C "$so" | cut -d' ' -f3- >"$work/exports.txt"
if grep -vE '^pith::[A-Z]' "$work/exports.txt" >"$work/internal.txt"; then
  head -n 20 "$work/internal.txt" >&2
  fail "libpith.so exports $(wc -l <"$work/internal.txt") symbols outside pith's public API"
fi
for api in 'pith::Extractor::Extract(' 'pith::SiteModel::Learn(' 'pith::Status::ToString' 'pith::Result::Text' \
           'pith::StatusCodeName(' 'pith::AlgorithmName(' 'pith::EncodingSourceName('; do
  grep -qF "$api" "$work/exports.txt" || fail "libpith.so does not export $api"
done
# Every free function the public headers declare at namespace level is exported (a declaration
# without PITH_API compiles for its users and fails their link), and a program calling each public
# function once links against libpith.so and gets the expected answers.
for name in $(sed -nE 's/^(PITH_API )?[A-Za-z_:<>]+[*& ]+([A-Z][A-Za-z0-9]*)\(.*/\2/p' include/pith/*.h); do
  grep -qF "pith::$name(" "$work/exports.txt" || fail "include/pith/ declares $name, libpith.so does not export it"
done
"$work/sub/api_calls" "$page" "$work" || fail "api_calls on the shared library"
echo "consumer: libpith.so ($soname) exports $(wc -l <"$work/exports.txt") symbols, all of pith's public API"

echo "== consumer 4: the shared library installed + find_package(pith CONFIG)"
cmake --install "$work/sub" --prefix "$work/shared" >/dev/null
cmake -S tests/consumer -B "$work/find-shared" -G Ninja -DCMAKE_PREFIX_PATH="$work/shared" "${launcher[@]}" >/dev/null
ninja -C "$work/find-shared" >/dev/null
[[ "$(ldd "$work/find-shared/extract_page")" == *"$work/shared/"*"$soname"* ]] || fail "not linked to the installed $soname"
check "$work/find-shared/extract_page" "find_package, shared"
"$work/find-shared/api_calls" "$page" "$work" || fail "api_calls on the installed shared library"
