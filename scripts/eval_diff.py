#!/usr/bin/env python3
"""Before/after of two `pith eval --per-page --json` runs: each set's shingle F1 / char F / word F1
(and snippet F1 where a set has snippets), the same per language group and page type where either
run moved them, then the pages whose shingle F1 (or word F1, for pages without shingle scores) moved
most, worst first. For commit messages: every set's before/after and which pages moved.

usage: scripts/eval_diff.py BEFORE.json AFTER.json [--pages N] [--min-delta D]
"""
import argparse
import json


def scores(record):
    """(shingle F1, char F, word F1, snippet F1) of a set or group record; None where absent."""
    sh, ch, wo, sn = (record.get(k) for k in ("shingle", "char", "word", "snippets"))
    return (sh["f1"] if sh and sh.get("recall_pages", 0) else None,
            ch["f1"] if ch and ch.get("recall_pages", 0) else None,
            wo["f1"] if wo else None,
            sn["f1"] if sn else None)


def fmt(values):
    return " / ".join("%.4f" % v if v is not None else "-" for v in values)


def moved(before, after, eps=5e-5):
    return any(a is not None and b is not None and abs(a - b) > eps for a, b in zip(before, after))


def page_score(p):
    if "shingle" in p:
        return p["shingle"]["f1"]
    if "word" in p:
        return p["word"]["f1"]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--pages", type=int, default=30, help="pages listed (default 30)")
    ap.add_argument("--min-delta", type=float, default=0.001, help="smallest page change listed")
    args = ap.parse_args()
    with open(args.before, encoding="utf-8") as f:
        before = {s["name"]: s for s in json.load(f)["sets"]}
    with open(args.after, encoding="utf-8") as f:
        after = {s["name"]: s for s in json.load(f)["sets"]}

    print("set: shingle F1 / char F / word F1 / snippet F1, before -> after")
    changes = []
    better = worse = 0
    for name in sorted(set(before) & set(after)):
        b, a = before[name], after[name]
        sb, sa = scores(b), scores(a)
        print("%-22s %s -> %s%s" % (name, fmt(sb), fmt(sa), "" if moved(sb, sa) else "  (unchanged)"))
        for kind in ("lang", "page_type"):
            gb = b.get("groups", {}).get(kind) or {}
            ga = a.get("groups", {}).get(kind) or {}
            for g in sorted(set(gb) & set(ga)):
                xb, xa = scores(gb[g]), scores(ga[g])
                if moved(xb, xa) and len(gb) > 1:
                    print("  %-20s %s -> %s" % (kind.replace("page_", "") + " " + g, fmt(xb), fmt(xa)))
        pb = {p["id"]: p for p in b.get("page_results", [])}
        for p in a.get("page_results", []):
            old = pb.get(p["id"])
            if old is None:
                continue
            x, y = page_score(old), page_score(p)
            if x is None or y is None or abs(y - x) < args.min_delta:
                continue
            better += y > x
            worse += y < x
            changes.append((y - x, name, p["id"], p.get("page_type", ""), x, y))
    print("\npages better: %d, worse: %d (by at least %g)" % (better, worse, args.min_delta))
    changes.sort(key=lambda c: c[0])
    listed = changes[: args.pages // 2] + changes[-(args.pages - args.pages // 2):] if len(changes) > args.pages else changes
    for delta, name, pid, ptype, x, y in sorted(set(listed)):
        print("  %+.3f  %s/%s%s  %.3f -> %.3f" % (delta, name, pid, " (" + ptype + ")" if ptype else "", x, y))


if __name__ == "__main__":
    main()
