#!/usr/bin/env bash
# Fills a folder with seed inputs for one libFuzzer target, beside the minimised corpus kept in the
# repository (fuzz/corpus/<target>/, which the fuzzer reads directly):
#   - every golden page (tests/pages/*/source.html) and example page;
#   - a fixed sample of the development corpus when ../shared/data is present: every Nth page of the
#     sorted list of all its pages, FUZZ_DATA_PAGES of them (default 60; the long runs used 300).
# Targets that read a header before the page get one in front of each page, cycling through its
# values, so that every mode sees real pages: extract_fuzz's first byte picks the algorithm (and
# Markdown with links), html_tokenizer_fuzz's seeds the tokenizer's state switches, decode_fuzz's two
# bytes pick the charset mode and label. site_model_fuzz reads JSON models: its seeds are the
# models in fuzz/corpus/site_model_fuzz/ only. warc_fuzz reads archives behind a mode byte (as
# they are, or compressed by the target in one of three ways): its seeds are the warcio sample files
# of ../shared/warc-samples (as they are; the plain ones in every mode) and the sampled pages, each
# as the response record of a one-record WARC file.
# Usage: scripts/fuzz_seeds.sh TARGET DIR   (TARGET as in build-fuzz/, e.g. parse_fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
target=$1
out=$2
mkdir -p "$out"
[ "$target" = site_model_fuzz ] && exit 0
[ "$target" = serve_request_fuzz ] && exit 0  # requests, not pages: its corpus folder only

header() {  # the bytes put before seed number $1 for this target, as printf escapes
  local i=$1
  case "$target" in
    extract_fuzz) printf '\\x%02x' $(( i % 6 + 128 * (i / 6 % 2) )) ;;
    html_tokenizer_fuzz) printf '\\x%02x' $(( i * 37 % 256 )) ;;
    decode_fuzz) printf '\\x%02x\\x%02x' $(( i % 4 )) $(( i * 7 % 256 )) ;;
    warc_fuzz) printf '\\x%02x' $(( i % 4 )) ;;
  esac
}

# `page` as the HTTP response record of a WARC file, to stdout.
warc_record() {
  local page=$1 name size http
  name=$(basename "$page")
  size=$(wc -c <"$page")
  http="HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: $size\r\n\r\n"  # printf format
  printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://example.com/%s\r\n' "$name"
  printf 'WARC-Record-ID: <urn:uuid:%s>\r\nContent-Type: application/http; msgtype=response\r\n' "$name"
  printf 'Content-Length: %s\r\n\r\n' $(( $(printf "$http" | wc -c) + size ))
  printf "$http"
  cat "$page"
  printf '\r\n\r\n'
}

if [ "$target" = warc_fuzz ] && [ -d ../shared/warc-samples ]; then
  for f in ../shared/warc-samples/*.warc* ../shared/warc-samples/*.arc*; do
    [ -f "$f" ] || continue
    case "$f" in *LICENSE*) continue ;; esac
    modes=0
    case "$f" in *.warc | *.arc) modes="0 1 2 3" ;; esac
    for m in $modes; do { printf "\\x0$m"; cat "$f"; } >"$out/warc-samples_${m}_$(basename "$f")"; done
  done
fi

pages=()
for page in tests/pages/*/source.html examples/*.html; do
  [ -f "$page" ] && pages+=("$page")
done
data=../shared/data
if [ -d "$data" ]; then
  mapfile -t all < <(find "$data" -path '*/html/*.html' -type f | LC_ALL=C sort)
  want=${FUZZ_DATA_PAGES:-60}
  if [ "${#all[@]}" -gt 0 ] && [ "$want" -gt 0 ]; then
    step=$(( (${#all[@]} + want - 1) / want ))
    for (( k = 0; k < ${#all[@]}; k += step )); do pages+=("${all[k]}"); done
  fi
fi

i=0
for page in "${pages[@]}"; do
  # Named after the page's folder and file, so that reruns overwrite rather than add.
  name=$(printf '%s' "$page" | tr '/' '_' | sed 's/^[._]*//')
  if [ "$target" = warc_fuzz ]; then
    { printf "$(header $i)"; warc_record "$page"; } > "$out/$name.warc"
  else
    { printf "$(header $i)"; cat "$page"; } > "$out/$name"
  fi
  i=$((i + 1))
done
