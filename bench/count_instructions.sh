#!/usr/bin/env bash
# Instructions per page, whole process and per stage, of `pith extract -f jsonl` over every page of
# the development corpus, counted by callgrind: the speed figure that does not move with the
# machine's load (docs/speed.md). Stages are callgrind's inclusive counts of the functions that run
# them, divided by the pages read.
#   bench/count_instructions.sh [PITH] [ALGORITHM] [DATA_DIR]    (defaults: build/pith auto ../shared/data)
# Extra callgrind output is kept in $CALLGRIND_OUT (default: a temporary file, removed).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
pith=${1:-$root/build/pith} algorithm=${2:-auto} data=${3:-${PITH_DATA:-$root/../shared/data}}
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }
sets=()
for set in "$data"/*/html; do sets+=("$set"); done
[ ${#sets[@]} -gt 0 ] || { echo "no page folders under $data" >&2; exit 2; }
pages=$(find -L "${sets[@]}" -type f | wc -l)
[ "$pages" -gt 0 ] || { echo "no pages under $data" >&2; exit 2; }
out=${CALLGRIND_OUT:-$(mktemp)}
[ -n "${CALLGRIND_OUT:-}" ] || trap 'rm -f "$out"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out" "$pith" extract -f jsonl -j 1 --algorithm "$algorithm" \
  "${sets[@]}" >/dev/null 2>"$out.log" || { cat "$out.log" >&2; exit 1; }
rm -f "$out.log"
callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null |
  awk -v pages="$pages" '
    # The label of each stage and the function whose inclusive count is its cost.
    BEGIN {
      n = split("total|main;extract|pith::Extractor::Extract(;decode|pith::decode::DecodeText(;" \
                "tibetan fonts|pith::prepare::ConvertLegacyTibetanFonts(;parse|pith::dom::Parse(;" \
                "  tree builder|pith::dom::HtmlTreeBuilder::Build(;  tokenizer|pith::dom::HtmlTokenizer::Next(;" \
                "  document|pith::dom::WriteDocument<;annotate|pith::dom::Annotate(;" \
                "page type|pith::classify::ClassifyPageType(;algorithm|pith::algo::Run(;" \
                "blocks|pith::render::CollectBlocks(;metadata|pith::meta::ExtractMetadata(;" \
                "json|pith::render::DumpJson(", stage, ";")
      for (i = 1; i <= n; ++i) { split(stage[i], kv, "|"); label[i] = kv[1]; fn[i] = kv[2] }
    }
    {
      count = $1; gsub(",", "", count)
      for (i = 1; i <= n; ++i) {
        if (seen[i]) continue
        if ((i == 1 && $0 ~ /:main /) || (i > 1 && (index($0, ":" fn[i]) || index($0, " " fn[i])))) { cost[i] = count; seen[i] = 1 }
      }
    }
    END {
      printf "%d pages\n", pages
      for (i = 1; i <= n; ++i) printf "%-14s %8.3f M instructions/page\n", label[i], cost[i] / pages / 1e6
    }'
