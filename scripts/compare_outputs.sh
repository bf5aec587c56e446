#!/usr/bin/env bash
# Checks that a change leaves pith's output as it was: runs two pith binaries over every page of the
# corpus (JSON records with text, metadata, blocks with their lines and links, and the per-block
# explanation) and lists the pages whose records differ. For refactors and speed work, where the
# output must not move at all.
#   scripts/compare_outputs.sh OLD_PITH NEW_PITH [ALGORITHM]     (PITH_DATA overrides ../shared/data)
# Exit status: 0 identical, 1 some pages differ, 2 usage.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 OLD_PITH NEW_PITH [ALGORITHM]" >&2; exit 2; }
old=$1 new=$2 algorithm=${3:-auto}
data="${PITH_DATA:-$(cd "$(dirname "$0")/.." && pwd)/../shared/data}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for side in old new; do
  bin=${!side}
  for set in "$data"/*/; do
    [ -d "$set/html" ] || continue
    name=$(basename "$set")
    mkdir -p "$work/$side/$name"
    "$bin" extract --format json --blocks --links --explain --algorithm "$algorithm" \
      -o "$work/$side/$name" "$set/html" >/dev/null 2>&1 || true
  done
done
# Timings are the only fields allowed to differ.
strip() { sed -E 's/"(seconds|elapsed_ms|ms)": *[0-9.e+-]+/"\1":0/g' "$1"; }
pages=0 differ=0
while IFS= read -r f; do
  pages=$((pages + 1))
  rel=${f#"$work/old/"}
  if [ ! -f "$work/new/$rel" ] || ! cmp -s <(strip "$f") <(strip "$work/new/$rel"); then
    differ=$((differ + 1))
    echo "differs: $rel"
  fi
done < <(find "$work/old" -type f | sort)
echo "$pages records compared, $differ differ ($algorithm)"
[ "$differ" -eq 0 ]
