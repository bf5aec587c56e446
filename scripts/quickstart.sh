#!/usr/bin/env bash
# Quick start: install dependencies, build, and run pith on the bundled example page
# (a GBK-encoded Chinese news page with navigation, related links and a footer).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
echo "== build/pith extract --format paper examples/zh-news-gbk.html"
build/pith extract --format paper examples/zh-news-gbk.html
