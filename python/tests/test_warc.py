"""read_warc and extract_warc against the tool: the warcio sample files (damaged ones included) and
WARCs built from ../shared/data pages."""

import json
import os
import threading

import pytest

import pith
from conftest import run_cli


def _summary(cli, path, tmp_path, *flags):
    summary = tmp_path / "summary.json"
    out = run_cli(cli, "-f", "jsonl", "--input", "warc", "--summary", str(summary), *flags, path)
    with open(summary) as f:
        return out, json.load(f)["total"]


@pytest.mark.parametrize("flags, options", [
    ((), {}),
    (("--blocks", "--links"), {"blocks": True, "links": True}),
    (("--warc-status", "all", "--warc-payload", "any", "--warc-types", "metadata,revisit"),
     {"warc_status": "all", "warc_payload": "any", "warc_types": "metadata,revisit"}),
])
def test_extract_warc_yields_the_tools_records(cli, warc_samples, tmp_path, flags, options):
    for path in warc_samples:
        expected, counts = _summary(cli, path, tmp_path, *flags)
        lines = pith.extract_warc(path, lines=True, **options)
        assert "".join(lines).encode() == expected, path
        assert lines.counts == counts, path
        records = list(pith.extract_warc(path, **options))
        assert records == [json.loads(line) for line in expected.splitlines()], path


def test_damaged_samples_give_error_records(warc_samples):
    damaged = [p for p in warc_samples if "bad" in os.path.basename(p) or "trunc" in os.path.basename(p)
               or "wrong-chunks" in os.path.basename(p)]
    assert damaged
    kinds = set()
    for path in damaged:
        for rec in pith.read_warc(path):
            if rec.error:
                kinds.add(rec.error)
                assert rec.message and rec.page().skip == "error"
    assert kinds  # at least one sample holds damage the reader reports


def test_read_warc_counts_every_record_as_the_tool_does(cli, warc_samples, tmp_path):
    for path in warc_samples:
        _, counts = _summary(cli, path, tmp_path)
        records = list(pith.read_warc(path))
        assert len(records) == counts["records"], path
        errors = {}
        for r in records:
            if r.error:
                errors[r.error] = errors.get(r.error, 0) + 1
        assert errors == counts["errors"], path
        offsets = [r.offset for r in records]
        assert offsets == sorted(offsets), path


def test_read_warc_records(warc_samples):
    [path] = [p for p in warc_samples if os.path.basename(p) == "example.warc.gz"]
    reader = pith.read_warc(path)
    records = list(reader)
    assert reader.compression == "gzip" and reader.bytes_read == os.path.getsize(path)
    assert [r.type for r in records] == ["warcinfo", "warcinfo", "response", "request", "revisit", "request"]
    response = records[2]
    assert response.target_uri == "http://example.com/" and response.header("warc-type") == "response"
    assert response.record_id.startswith("<urn:uuid:") and response.date == "2017-03-06T04:02:06Z"
    assert ("WARC-Type", "response") in response.headers and response.block.startswith(b"HTTP/1.1 200")
    assert response.error is None and response.truncated == ""
    page = response.page()
    assert page.skip is None and page.http_status == 200 and page.content_type == "text/html"
    assert page.body.startswith(b"<!doctype html>") and page.url == "http://example.com/"
    assert pith.Extractor().extract(page).title == "Example Domain"
    assert records[3].page().skip == "request"
    assert records[4].page().skip == "revisit" and records[4].page(warc_types="revisit").skip == "empty"
    with pytest.raises(TypeError):
        response.page(algorithm="auto")
    with pytest.raises(pith.InvalidArgumentError):
        response.page(warc_status="3xx")


def test_pages_from_read_warc_are_extract_warcs(corpus_warcs):
    path = corpus_warcs[0]
    ex = pith.Extractor()
    by_loop = []
    for rec in pith.read_warc(path):
        page = rec.page()
        if page.skip is None:
            by_loop.append((rec.offset, ex.extract(page).text))
    by_records = [(r["warc"]["offset"], r["text"]) for r in pith.extract_warc(path)]
    assert by_loop == by_records and len(by_loop) == 12


def test_corpus_warcs_give_the_tools_records(cli, corpus_warcs):
    for path in corpus_warcs:
        assert "".join(pith.extract_warc(path, lines=True)).encode() == run_cli(cli, "-f", "jsonl", path), path


def test_a_missing_file(cli, tmp_path):
    missing = str(tmp_path / "missing.warc.gz")
    with pytest.raises(pith.IoError) as e:
        pith.read_warc(missing)
    assert isinstance(e.value, OSError) and e.value.status == "io_error"
    records = pith.extract_warc(missing, lines=True)
    assert "".join(records).encode() == run_cli(cli, "-f", "jsonl", "--input", "warc", missing)
    assert records.counts["errors"] == {"io_error": 1}


def test_threads_read_archives_at_once(corpus_warcs):
    expected = {p: list(pith.extract_warc(p, lines=True)) for p in corpus_warcs[:4]}
    got = {}

    def work(p):
        got[p] = list(pith.extract_warc(p, lines=True))
    threads = [threading.Thread(target=work, args=(p,)) for p in expected]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == expected
    # One iterator shared by two threads: each record comes out once.
    shared = pith.extract_warc(corpus_warcs[0], lines=True)
    halves = [[], []]

    def drain(k):
        for line in shared:
            halves[k].append(line)
    threads = [threading.Thread(target=drain, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(halves[0] + halves[1]) == sorted(expected[corpus_warcs[0]])
