"""pith.dask: extraction over many WARC files (and folders of pages) on a Dask `distributed` cluster.

    python -m pith.dask crawl/*.warc.gz -o out/                          # a LocalCluster on this machine
    python -m pith.dask crawl/ -o out/ --scheduler tcp://10.0.0.1:8786     # an existing cluster
    python -m pith.dask crawl/ -o out/ --workers 8 --compression zstd -a auto --blocks

    summary = pith.dask.run(["crawl/"], "out/", workers=2)                 # the same from Python

One task per input archive (and per chunk of pages of an input folder): each writes
OUT/<name>.jsonl (.jsonl.gz, .jsonl.zst) holding the records `pith extract INPUT -f jsonl` writes
for that input, to a temporary file renamed into place when complete, so that a task that Dask
retries (its worker died) neither loses nor duplicates a record. A damaged or missing input gives its
error records and the job goes on; a task that fails altogether is reported in the summary. The
summary (records, extracted, skipped, errors, seconds) is printed at the end and returned.

The inputs are listed on the client; the workers read them by the same paths (a shared file system
for a remote cluster), and need pith installed.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import time
import uuid

import pith
from pith import _pith

_SUFFIXES = {"none": ".jsonl", "gzip": ".jsonl.gz", "zstd": ".jsonl.zst"}


def plan(inputs, extractor, pages_per_task=1000):
    """The tasks for `inputs` (paths of archives, pages or folders): a list of dicts {name, kind
    ("archive" or "pages"), items: [(name, path, error)]}. An archive is one task named as
    `pith extract -o` names its output (crawl.warc.gz → crawl); the pages of one input are tasks of at
    most `pages_per_task` pages named after it (folder; folder-0001, folder-0002, ... when there are
    more), or, under algorithm pathsim with site groups, one task per site group (the pages' folder,
    or the url option's host) so that each group learns the model the tool learns."""
    opts = extractor.options
    mode = opts["input"]
    site_groups = (opts["algorithm"] == "pathsim" and not opts["no_site_groups"] and not opts["site_model"]
                   and not opts["site_pages"])
    url_host = _host(opts["url"]) if opts["url"] else ""
    used = {}

    def unique(stem):
        used[stem] = used.get(stem, 0) + 1
        return stem if used[stem] == 1 else f"{stem}-{used[stem]}"

    tasks, groups = [], {}
    for arg in inputs:
        arg = os.fspath(arg)
        pages = []
        for item in _pith.expand_inputs([arg], opts["recursive"]):
            archive = _pith.is_archive(item) if mode == "auto" else mode == "warc"
            if archive:
                tasks.append({"name": unique(_pith.archive_stem(item[1] or item[0])), "kind": "archive",
                              "items": [item]})
            elif site_groups:
                key = url_host or os.path.dirname(item[1])
                groups.setdefault(key, []).append(item)
            else:
                pages.append(item)
        chunks = [pages[i:i + pages_per_task] for i in range(0, len(pages), max(1, pages_per_task))]
        stem = unique(_pith.archive_stem(os.path.normpath(arg))) if chunks else None
        for k, chunk in enumerate(chunks):
            name = stem if len(chunks) == 1 else f"{stem}-{k + 1:04d}"
            tasks.append({"name": name, "kind": "pages", "items": chunk})
    for key, items in groups.items():
        tasks.append({"name": unique(_pith.archive_stem(key or "pages")), "kind": "pages", "items": items})
    if any(t["kind"] == "archive" for t in tasks) and (opts["explain"] or opts["site_model"] or opts["site_pages"]):
        raise pith.InvalidArgumentError("web archives are extracted without explain, site_model or site_pages")
    return tasks


def _host(url):
    from urllib.parse import urlsplit
    return (urlsplit(url).hostname or "").lower()


def run_task(task, extractor, out_dir, compression="none"):
    """Runs one task on a worker: writes OUT_DIR/<name><suffix> through a temporary file and returns
    {name, output, inputs, counts, seconds, worker}."""
    suffix = _SUFFIXES[compression]
    final = os.path.join(out_dir, task["name"] + suffix)
    tmp = os.path.join(out_dir, f".{task['name']}{suffix}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    start = time.perf_counter()
    try:
        counts = extractor._core.write_jsonl(task["items"], tmp, compression)
        os.replace(tmp, final)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return {"name": task["name"], "output": final, "inputs": len(task["items"]), "counts": counts,
            "seconds": time.perf_counter() - start, "worker": f"{os.uname().nodename}:{os.getpid()}"}


def _add_counts(total, counts):
    for k in ("records", "extracted", "ok", "no_content"):
        total[k] = total.get(k, 0) + counts[k]
    for k in ("skipped", "errors"):
        bucket = total.setdefault(k, {})
        for reason, n in counts[k].items():
            bucket[reason] = bucket.get(reason, 0) + n


def _line(counts):
    def listed(d):
        return " (" + ", ".join(f"{k} {v}" for k, v in sorted(d.items())) + ")" if d else ""
    return (f"{counts['records']} records: {counts['extracted']} extracted ({counts['ok']} ok, "
            f"{counts['no_content']} no_content), {sum(counts['skipped'].values())} skipped{listed(counts['skipped'])}, "
            f"{sum(counts['errors'].values())} errors{listed(counts['errors'])}")


def run(inputs, out_dir=None, *, scheduler=None, workers=None, compression="none", pages_per_task=1000,
        extractor=None, client=None, progress=True, **options):
    """Extracts every input (archives, pages, folders) on a Dask cluster into OUT_DIR, one JSONL file
    per task, and returns the summary: {"tasks": [...], "failed_tasks": [...], "total": counts,
    "seconds", "task_seconds", "workers"}.

    scheduler: the address of an existing cluster (tcp://host:8786); client: an existing
    distributed.Client; else a LocalCluster of `workers` processes (default: one per core) with `jobs`
    threads each. compression: none, gzip or zstd. extractor: a pith.Extractor; else one is made from
    the keyword options (those of pith.Extractor: algorithm, thresholds, blocks, links, input,
    warc_status, recursive, jobs, summary, no_progress, ...)."""
    if extractor is None:
        extractor = pith.Extractor(**options)
    elif options:
        raise TypeError("give either an extractor or options, not both")
    opts = extractor.options
    out_dir = os.fspath(out_dir or opts["output"] or "")
    if not out_dir:
        raise pith.InvalidArgumentError("an output folder is needed (out_dir)")
    if compression not in _SUFFIXES:
        raise pith.InvalidArgumentError(f"compression: \"{compression}\" is none of none, gzip, zstd")
    progress = progress and not opts["no_progress"]
    os.makedirs(out_dir, exist_ok=True)
    tasks = plan(inputs, extractor, pages_per_task)

    import distributed

    start = time.perf_counter()
    own = []
    if client is None:
        if scheduler:
            client = distributed.Client(scheduler)
        else:
            cluster = distributed.LocalCluster(n_workers=workers or os.cpu_count() or 1,
                                               threads_per_worker=opts["jobs"], processes=True,
                                               dashboard_address=":0")
            own.append(cluster)
            client = distributed.Client(cluster)
        own.insert(0, client)
    try:
        nworkers = len(client.scheduler_info()["workers"])
        run_id = uuid.uuid4().hex[:8]
        futures = [client.submit(run_task, t, extractor, out_dir, compression, pure=False,
                                 key=f"pith-{run_id}-{i}-{t['name']}") for i, t in enumerate(tasks)]
        done, failed, total = [], [], {}
        by_key = {f.key: t for f, t in zip(futures, tasks)}
        for future in distributed.as_completed(futures):
            task = by_key[future.key]
            try:
                result = future.result()
            except Exception as e:  # the task failed altogether (unwritable output, a worker killed too often)
                failed.append({"name": task["name"], "inputs": [i[0] for i in task["items"]],
                               "error": f"{type(e).__name__}: {e}"})
                if progress:
                    print(f"pith.dask: {task['name']}: task failed: {type(e).__name__}: {e}", file=sys.stderr)
                continue
            done.append(result)
            _add_counts(total, result["counts"])
            if progress:
                print(f"pith.dask: {len(done) + len(failed)}/{len(tasks)} {result['name']}: "
                      f"{_line(result['counts'])} ({result['seconds']:.1f} s)", file=sys.stderr)
    finally:
        for c in own:
            c.close()
    for task in tasks:  # temporary files of tasks whose worker died before renaming them
        for tmp in glob.glob(os.path.join(glob.escape(out_dir), f".{glob.escape(task['name'])}{_SUFFIXES[compression]}.tmp-*")):
            try:
                os.unlink(tmp)
            except OSError:
                pass
    total = total or {"records": 0, "extracted": 0, "ok": 0, "no_content": 0}
    total.setdefault("skipped", {})
    total.setdefault("errors", {})
    done.sort(key=lambda r: r["name"])
    summary = {"tasks": done, "failed_tasks": failed, "total": total, "seconds": time.perf_counter() - start,
               "task_seconds": sum(r["seconds"] for r in done), "workers": nworkers}
    print(f"pith.dask: {len(tasks)} tasks ({len(failed)} failed) on {nworkers} workers: {_line(total)}; "
          f"{summary['seconds']:.1f} s", file=sys.stderr)
    if opts["summary"]:
        with open(opts["summary"], "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=2)
            f.write("\n")
    return summary


def _bool(text):
    if text.lower() in ("1", "true", "yes", "on"):
        return True
    if text.lower() in ("0", "false", "no", "off"):
        return False
    raise argparse.ArgumentTypeError(f"not a bool: {text}")


def main(argv=None):
    """`python -m pith.dask INPUT... -o OUT_DIR [--scheduler ADDR] [--workers N] [options]`. Exit
    status: 0 when every record was extracted, 1 when some input gave error records or a task
    failed, 2 for a bad command line, 3 when the job could not run."""
    parser = argparse.ArgumentParser(
        prog="python -m pith.dask",
        description="Extract many WARC files (and folders of pages) on a Dask cluster: one task per "
                    "input archive, OUT_DIR/<name>.jsonl per task (the records of `pith extract -f jsonl`).")
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="WARC/ARC files, pages, or folders of them")
    parser.add_argument("-o", "--output", required=True, metavar="OUT_DIR", help="the output folder")
    parser.add_argument("--scheduler", metavar="ADDR", help="an existing cluster's scheduler (tcp://host:8786); "
                        "default: a LocalCluster on this machine")
    parser.add_argument("--workers", type=int, metavar="N", help="LocalCluster worker processes (default: one per core)")
    parser.add_argument("--compression", choices=sorted(_SUFFIXES), default="none", help="of the JSONL files")
    parser.add_argument("--pages-per-task", type=int, default=1000, metavar="N",
                        help="pages of a folder per task (default 1000)")
    short = {"recursive": "-r", "jobs": "-j", "algorithm": "-a"}
    types = {"int": int, "float": float, "bool": _bool, "str": str}
    for o in pith.options():
        if o["name"] in ("output", "format"):
            continue
        flags = [o["flag"]] + ([short[o["name"]]] if o["name"] in short else [])
        helptext = o["help"].replace("%", "%%")
        if o["kind"] == "flag":
            parser.add_argument(*flags, dest=o["name"], action="store_true", default=argparse.SUPPRESS, help=helptext)
        elif o["kind"] == "list":
            parser.add_argument(*flags, dest=o["name"], nargs="+", default=argparse.SUPPRESS, help=helptext)
        else:
            parser.add_argument(*flags, dest=o["name"], type=types[o["kind"]], default=argparse.SUPPRESS, help=helptext)
    args = vars(parser.parse_args(argv))
    fixed = {k: args.pop(k) for k in ("inputs", "output", "scheduler", "workers", "compression", "pages_per_task")}
    try:
        extractor = pith.Extractor(**args)
    except (pith.InvalidArgumentError, TypeError) as e:
        parser.error(str(e))
    try:
        summary = run(fixed["inputs"], fixed["output"], scheduler=fixed["scheduler"], workers=fixed["workers"],
                      compression=fixed["compression"], pages_per_task=fixed["pages_per_task"], extractor=extractor)
    except pith.InvalidArgumentError as e:
        parser.error(str(e))
    except OSError as e:
        print(f"pith.dask: {e}", file=sys.stderr)
        return 3
    bad = summary["failed_tasks"] or sum(summary["total"]["errors"].values())
    return 1 if bad else 0
