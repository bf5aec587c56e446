"""Shared fixtures of the Python tests: the repository, ../shared (skipped when absent), the pith tool
(PITH_CLI, default build/pith; skipped when absent) and WARCs built from ../shared/data pages."""

import json
import os
import subprocess

import pytest

import warc_build

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(os.path.dirname(REPO), "shared")


@pytest.fixture(scope="session")
def repo():
    return REPO


def _shared(name):
    path = os.path.join(SHARED, name)
    if not os.path.isdir(path):
        pytest.skip(f"../shared/{name} is absent")
    return path


@pytest.fixture(scope="session")
def shared_data():
    return _shared("data")


@pytest.fixture(scope="session")
def warc_samples():
    path = _shared("warc-samples")
    return sorted(os.path.join(path, f) for f in os.listdir(path) if ".warc" in f or ".arc" in f)


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("PITH_CLI") or os.path.join(REPO, "build", "pith")
    if not os.access(path, os.X_OK):
        pytest.skip(f"the pith tool is not built ({path}); set PITH_CLI")
    return path


def run_cli(cli, *args, check=False):
    """The tool's stdout (bytes)."""
    p = subprocess.run([cli, "extract", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if check and p.returncode != 0:
        raise AssertionError(p.stderr.decode())
    return p.stdout


def cli_records(cli, *args):
    return [json.loads(line) for line in run_cli(cli, *args).splitlines()]


@pytest.fixture(scope="session")
def corpus_warcs(shared_data, tmp_path_factory):
    """8 WARCs of 12 pages each, from pages spread over every set of ../shared/data."""
    pages = warc_build.corpus_pages(shared_data, stride=16, limit=96)
    folder = tmp_path_factory.mktemp("warcs")
    paths, n = [], 0
    for k in range(8):
        path = str(folder / f"crawl-{k}.warc.gz")
        n = warc_build.write_warc(path, pages[k * 12:(k + 1) * 12], first_id=n)
        paths.append(path)
    return paths


@pytest.fixture(scope="session")
def example_page(repo):
    with open(os.path.join(repo, "examples", "zh-news-gbk.html"), "rb") as f:
        return f.read()
