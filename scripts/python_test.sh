#!/usr/bin/env bash
# The Python package (docs/python.md), as CI runs it: installs pith into a fresh venv the way users
# do (Debian's python3, --system-site-packages for dask/distributed and pytest, pip install
# --no-build-isolation, and no package index at all), compiling only the extension's own files in
# the Release build folder (PITH_BUILD_DIR), then runs python/tests with pytest against the tool of
# that build. Argument: the Release build folder (default: build).
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:-build}")
venv=build-python/venv
rm -rf "$venv"
/usr/bin/python3 -m venv --system-site-packages "$venv"
PITH_BUILD_DIR="$build" PIP_NO_INDEX=1 PIP_FIND_LINKS= "$venv/bin/pip" install --quiet --no-build-isolation .
# From the tests' folder, so that the package imported is the installed one (not python/pith).
cd python/tests
PITH_CLI="$build/pith" "../../$venv/bin/python" -m pytest -q -p no:cacheprovider .
