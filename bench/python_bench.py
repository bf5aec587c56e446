"""Speed of pith's Python package (docs/python.md): pith.extract in one process (pages/s, one thread
and two), what holding the GIL costs per page, and pith.dask over 8 WARCs with one and two workers.

    build-python/venv/bin/python bench/python_bench.py [--data ../shared/data] [--rounds 3] [--skip-dask]
                                                       [--copies N]

Wall times need an otherwise idle machine; CPU times (user+sys of this process, or of the Dask
workers) are printed beside them because they stay meaningful on a loaded one. The speedups of two
threads and two workers are also given from the fastest round of each (the round least disturbed by
other processes). The load average and the CPU pressure (/proc/pressure/cpu) at the start and at the
end are printed too.
"""

import argparse
import os
import resource
import shutil
import statistics
import sys
import tempfile
import threading
import time

import pith

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python", "tests"))
import warc_build  # noqa: E402


def cpu_seconds():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def timed(fn):
    w0, c0 = time.perf_counter(), cpu_seconds()
    fn()
    return time.perf_counter() - w0, cpu_seconds() - c0


def machine_load():
    load = os.getloadavg()[0]
    try:
        with open("/proc/pressure/cpu") as f:
            some = f.readline().split()[1]
    except OSError:
        some = "avg10=?"
    return f"load average {load:.1f}, CPU pressure {some}"


def bench_pages(pages, rounds):
    ex = pith.Extractor()
    for url, body in pages[:50]:  # warm-up: thread-local buffers, ICU data
        ex.extract(body, url)

    def one_thread():
        for url, body in pages:
            ex.extract(body, url).text

    def two_threads():
        def work(k):
            for url, body in pages[k::2]:
                ex.extract(body, url).text
        threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    def convenience():
        for url, body in pages:
            pith.extract(body, url)

    n = len(pages)
    rows = {}
    for name, fn in (("Extractor.extract, 1 thread", one_thread), ("pith.extract, 1 thread", convenience),
                     ("Extractor.extract, 2 threads", two_threads)):
        runs = [timed(fn) for _ in range(rounds)]
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        rows[name] = (wall, cpu, min(r[0] for r in runs))
        print(f"  {name:32s} wall {n / wall:7.0f} pages/s   CPU {n / cpu:7.0f} pages/s of CPU   "
              f"(CPU/wall {cpu / wall:.2f})")
    one, two = rows["Extractor.extract, 1 thread"], rows["Extractor.extract, 2 threads"]
    print(f"  2 threads / 1 thread: {one[0] / two[0]:.2f}x wall (median), {one[2] / two[2]:.2f}x (fastest rounds); "
          f"CPU per page {two[1] / one[1]:.2f}x")

    # What runs with the GIL held: the call, argument checks, Result creation and .text (measured on
    # an input that returns at once), against a whole page's time.
    tiny = [(url, b"<p>x</p>") for url, _ in pages]
    held, _ = timed(lambda: [ex.extract(b, u).text for u, b in tiny])
    per_page = one[0] / n
    print(f"  GIL held per call (tiny page, incl. .text): {held / n * 1e6:.1f} us of {per_page * 1e6:.0f} us per "
          f"page ({held / n / per_page:.2%}); Amdahl bound for 2 threads: {2 / (1 + held / n / per_page):.2f}x")
    return rows


def bench_dask(pages, rounds, copies):
    import distributed
    import pith.dask

    folder = tempfile.mkdtemp(prefix="pith-dask-bench-")
    try:
        per = (len(pages) + 7) // 8
        inputs, n = [], 0
        for k in range(8):
            path = os.path.join(folder, f"crawl-{k}.warc.gz")
            n = warc_build.write_warc(path, pages[k * per:(k + 1) * per] * copies, first_id=n)
            inputs.append(path)
        size = sum(os.path.getsize(p) for p in inputs)
        pages = pages * copies
        print(f"  8 WARCs, {len(pages)} pages ({copies} x the corpus), {size / 1e6:.1f} MB of gzip")
        results = {}
        for workers in (1, 2):
            with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                          dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
                client.run(lambda: __import__("pith"))  # workers import pith before the clock starts

                def worker_cpu():
                    return sum(client.run(lambda: sum(resource.getrusage(resource.RUSAGE_SELF)[:2])).values())
                walls, cpus, overheads = [], [], []
                for r in range(rounds):
                    out = os.path.join(folder, f"out-{workers}-{r}")
                    c0 = worker_cpu()
                    summary = pith.dask.run(inputs, out, client=client, progress=False)
                    cpus.append(worker_cpu() - c0)
                    walls.append(summary["seconds"])
                    overheads.append((summary["seconds"] * workers - summary["task_seconds"]) / len(summary["tasks"]))
                    shutil.rmtree(out)
                # Per-task overhead on empty work: 8 tasks of one missing input each.
                t0 = time.perf_counter()
                pith.dask.run([os.path.join(folder, f"none-{k}.warc.gz") for k in range(8)],
                              os.path.join(folder, "empty"), client=client, progress=False)
                empty = (time.perf_counter() - t0) * workers / 8
                wall, cpu = statistics.median(walls), statistics.median(cpus)
                results[workers] = (wall, min(walls))
                print(f"  {workers} worker(s): wall {wall:5.2f} s = {len(pages) / wall:5.0f} pages/s; worker CPU "
                      f"{cpu:5.2f} s = {len(pages) / cpu:5.0f} pages/s of CPU; overhead per task "
                      f"{statistics.median(overheads) * 1e3:.0f} ms (wall x workers - task time), "
                      f"{empty * 1e3:.0f} ms on an empty task")
        print(f"  2 workers / 1 worker: {results[1][0] / results[2][0]:.2f}x wall (median), "
              f"{results[1][1] / results[2][1]:.2f}x (fastest rounds)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--data", default=os.path.join(os.path.dirname(repo), "shared", "data"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--skip-dask", action="store_true")
    parser.add_argument("--copies", type=int, default=1,
                        help="each WARC holds its share of the corpus this many times: longer tasks, "
                             "as real crawl files are (tens of thousands of records each)")
    args = parser.parse_args()
    pages = warc_build.corpus_pages(args.data)
    print(f"pith {pith.__version__}, {len(pages)} pages of {args.data} "
          f"({sum(len(b) for _, b in pages) / 1e6:.1f} MB), {os.cpu_count()} cores, {machine_load()}")
    print("pith.extract in one process:")
    bench_pages(pages, args.rounds)
    if not args.skip_dask:
        print("pith.dask, LocalCluster:")
        bench_dask(pages, args.rounds, args.copies)
    print(f"done, {machine_load()}")


if __name__ == "__main__":
    main()
