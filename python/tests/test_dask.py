"""pith.dask on a LocalCluster of 2 worker processes: the output equals the tool's record for record,
damaged and missing inputs give error records, a failed task does not fail the job, and a worker
killed in the middle of a task loses and duplicates nothing."""

import gzip
import os
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest

import pith
import warc_build
from conftest import run_cli

distributed = pytest.importorskip("distributed")
import pith.dask  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with distributed.Client(cluster) as c:
            yield c


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _pages_folder(shared_data):
    return os.path.join(shared_data, "cleaneval-dev", "html")


def test_the_output_is_the_tools(client, cli, corpus_warcs, warc_samples, shared_data, tmp_path):
    damaged = [p for p in warc_samples if os.path.basename(p) in ("example-trunc.warc", "example-bad.warc.gz.bad")]
    missing = str(tmp_path / "gone.warc.gz")
    archives = corpus_warcs + damaged + [missing]
    out = tmp_path / "out"
    summary = pith.dask.run(archives + [_pages_folder(shared_data)], out, client=client, pages_per_task=25,
                            progress=False)
    assert not summary["failed_tasks"] and len(summary["tasks"]) == len(archives) + 3

    expected_dir = tmp_path / "cli"
    run_cli(cli, "-f", "jsonl", "-o", str(expected_dir), "--summary", str(tmp_path / "cli.json"), *archives)
    for name in sorted(os.listdir(expected_dir)):
        assert _read(out / name) == _read(expected_dir / name), name
    pages = b"".join(_read(out / f"html-{k:04d}.jsonl") for k in (1, 2, 3))
    assert pages == run_cli(cli, "-f", "jsonl", _pages_folder(shared_data))
    assert sorted(os.listdir(out)) == sorted(os.listdir(expected_dir) + [f"html-{k:04d}.jsonl" for k in (1, 2, 3)])

    import json
    with open(tmp_path / "cli.json") as f:
        cli_total = json.load(f)["total"]
    total = summary["total"]
    pages_ok = sum(r["counts"]["ok"] for r in summary["tasks"] if r["name"].startswith("html-"))
    assert total["records"] == cli_total["records"] + 58 and total["ok"] == cli_total["ok"] + pages_ok
    assert total["errors"] == cli_total["errors"] and total["errors"]["io_error"] == 1


def test_compressed_output(client, corpus_warcs, tmp_path):
    plain = pith.dask.run(corpus_warcs[:2], tmp_path / "plain", client=client, progress=False)
    pith.dask.run(corpus_warcs[:2], tmp_path / "gz", client=client, compression="gzip", progress=False)
    pith.dask.run(corpus_warcs[:2], tmp_path / "zst", client=client, compression="zstd", progress=False)
    for task in plain["tasks"]:
        text = _read(task["output"])
        assert gzip.decompress(_read(tmp_path / "gz" / f"{task['name']}.jsonl.gz")) == text
        if shutil.which("zstd"):
            zst = subprocess.run(["zstd", "-dc", str(tmp_path / "zst" / f"{task['name']}.jsonl.zst")],
                                 stdout=subprocess.PIPE, check=True).stdout
            assert zst == text
        else:
            assert _read(tmp_path / "zst" / f"{task['name']}.jsonl.zst")[:4] == b"\x28\xb5\x2f\xfd"


def test_a_failing_task_does_not_fail_the_job(client, corpus_warcs, tmp_path):
    out = tmp_path / "out"
    (out / "crawl-1.jsonl").mkdir(parents=True)  # the task's output cannot be put in place
    summary = pith.dask.run(corpus_warcs[:3], out, client=client, progress=False)
    assert [f["name"] for f in summary["failed_tasks"]] == ["crawl-1"]
    assert "IsADirectoryError" in summary["failed_tasks"][0]["error"]
    assert sorted(t["name"] for t in summary["tasks"]) == ["crawl-0", "crawl-2"]
    assert not [f for f in os.listdir(out) if ".tmp-" in f]


def test_a_worker_killed_mid_task_loses_and_duplicates_nothing(cli, shared_data, tmp_path):
    pages = warc_build.corpus_pages(shared_data, stride=2)
    inputs, n = [], 0
    for k in range(4):
        path = str(tmp_path / f"big-{k}.warc.gz")
        n = warc_build.write_warc(path, pages[k * 150:(k + 1) * 150], first_id=n)
        inputs.append(path)
    out = tmp_path / "out"
    killed = {}

    def kill_when_a_task_writes():
        deadline = time.time() + 120
        while time.time() < deadline and not killed:
            for f in os.listdir(out) if out.exists() else []:
                if ".tmp-" in f:
                    pid = int(f.rsplit(".tmp-", 1)[1].split("-")[0])
                    os.kill(pid, signal.SIGKILL)
                    killed.update(pid=pid, tmp=f, done=sorted(os.listdir(out)))
                    return
            time.sleep(0.005)

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with distributed.Client(cluster) as client:
            killer = threading.Thread(target=kill_when_a_task_writes)
            killer.start()
            summary = pith.dask.run(inputs, out, client=client, progress=False)
            killer.join()
    assert killed, "no task was seen running"
    stem = killed["tmp"][1:].split(".jsonl")[0]
    assert f"{stem}.jsonl" not in killed["done"]  # the killed task had not finished
    [rerun] = [t for t in summary["tasks"] if t["name"] == stem]
    assert not rerun["worker"].endswith(f":{killed['pid']}")  # Dask ran it again on another process
    assert not summary["failed_tasks"]
    expected_dir = tmp_path / "cli"
    run_cli(cli, "-f", "jsonl", "-o", str(expected_dir), *inputs)
    assert sorted(os.listdir(out)) == sorted(os.listdir(expected_dir))  # the temporary file is gone too
    for name in os.listdir(expected_dir):
        assert _read(out / name) == _read(expected_dir / name), name


def test_python_m_pith_dask(cli, corpus_warcs, tmp_path):
    out = tmp_path / "out"
    p = subprocess.run([sys.executable, "-m", "pith.dask", *corpus_warcs[:2], "-o", str(out), "--workers", "2",
                        "--compression", "gzip", "--blocks", "-a", "lineblock", "--summary", str(tmp_path / "s.json")],
                       stderr=subprocess.PIPE, cwd=tmp_path)
    assert p.returncode == 0, p.stderr.decode()
    assert b"2 tasks (0 failed) on 2 workers" in p.stderr
    for path in corpus_warcs[:2]:
        name = os.path.basename(path).replace(".warc.gz", ".jsonl.gz")
        assert gzip.decompress(_read(out / name)) == run_cli(cli, "-f", "jsonl", "--blocks", "-a", "lineblock", path)
    assert os.path.exists(tmp_path / "s.json")
    bad = subprocess.run([sys.executable, "-m", "pith.dask", corpus_warcs[0], "-o", str(out), "--lb-thickness", "99"],
                         stderr=subprocess.PIPE, cwd=tmp_path)
    assert bad.returncode == 2 and b"lb_thickness" in bad.stderr
