#!/usr/bin/python3
"""Which pages moved between two `pith eval --per-page --json` runs, and how each set moved.

    build/pith eval --data ../shared/data --per-page --json before.json      (old binary or options)
    build/pith eval --data ../shared/data --per-page --json after.json
    scripts/eval_diff.py before.json after.json [--set NAME] [--show N]

Prints, per set, the shingle F1 / char F before and after and the count of pages better and worse
(by shingle F1; pages whose shingle F1 is equal but char F moved count by char F), then the N pages
that lost most and the N that gained most. Snippet-only sets (no per-page F1) are skipped.
Only the standard library: runs under Debian's /usr/bin/python3 as well as any other.
"""
import argparse
import json
import sys


def load(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    sets, pages = {}, {}
    for s in doc.get("sets", []):
        shingle, char = s.get("shingle") or {}, s.get("char") or {}
        sets[s["name"]] = (shingle.get("f1"), char.get("f1"))
        for p in s.get("page_results") or []:
            sh, ch = p.get("shingle") or {}, p.get("char") or {}
            pages[(s["name"], p["id"])] = (sh.get("f1"), ch.get("f"))
    return sets, pages


def fmt(x):
    return "   -  " if x is None else "%.4f" % x


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--set", help="only this set")
    ap.add_argument("--show", type=int, default=10, help="pages listed each way (default 10)")
    args = ap.parse_args()
    sets_a, pages_a = load(args.before)
    sets_b, pages_b = load(args.after)
    if not pages_a or not pages_b:
        sys.exit("eval_diff: both files need per-page results (pith eval --per-page --json FILE)")

    moved = []
    tally = {}
    for key, (sh_a, ch_a) in pages_a.items():
        if key not in pages_b or (args.set and key[0] != args.set):
            continue
        sh_b, ch_b = pages_b[key]
        if sh_a is None or sh_b is None:
            continue
        delta = sh_b - sh_a
        if abs(delta) < 1e-9:
            delta = (ch_b or 0) - (ch_a or 0)
        if abs(delta) < 1e-9:
            continue
        moved.append((delta, key, sh_a, sh_b, ch_a, ch_b))
        better, worse = tally.get(key[0], (0, 0))
        tally[key[0]] = (better + (delta > 0), worse + (delta < 0))

    print("%-22s %-15s %-15s %s" % ("set", "shingle F1", "char F", "pages better / worse"))
    for name in sorted(sets_a):
        if name not in sets_b or (args.set and name != args.set):
            continue
        (sa, ca), (sb, cb) = sets_a[name], sets_b[name]
        better, worse = tally.get(name, (0, 0))
        print("%-22s %s -> %s  %s -> %s  %d / %d" % (name, fmt(sa), fmt(sb), fmt(ca), fmt(cb), better, worse))

    moved.sort()
    if not moved:
        print("\nno page moved")
        return
    losers = [m for m in moved if m[0] < 0][: args.show]
    gainers = [m for m in moved if m[0] > 0][-args.show:] if args.show > 0 else []
    for title, rows in (("worse", losers), ("better", gainers)):
        if not rows:
            continue
        print("\n%s:" % title)
        for delta, (name, pid), sh_a, sh_b, ch_a, ch_b in rows:
            print("  %+.3f  %s/%s  shingle %s -> %s  char %s -> %s"
                  % (delta, name, pid, fmt(sh_a), fmt(sh_b), fmt(ch_a), fmt(ch_b)))


if __name__ == "__main__":
    main()
