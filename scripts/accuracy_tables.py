#!/usr/bin/python3
"""Markdown tables of `pith eval --json` results, for docs/accuracy.md: one row per set, then per
language group and page type; with a second file, the change from the first to the second.

    build/pith eval --data ../shared/data --json after.json
    scripts/accuracy_tables.py after.json                  # the tables
    scripts/accuracy_tables.py before.json after.json      # before -> after, per set and group

Cells are shingle F1 / char F (the means' F, as `pith eval` prints them), then word F1 when the run
has it (the WCXB leaderboard's metric); snippet sets show their snippet F1. Only the standard library: runs under Debian's /usr/bin/python3 as well as any other.
"""
import json
import sys


def load(path):
    with open(path, encoding="utf-8") as f:
        return {s["name"]: s for s in json.load(f).get("sets", [])}


def cell(report):
    if not report:
        return "–"
    shingle, char = report.get("shingle") or {}, report.get("char") or {}
    if shingle.get("f1") is not None:
        text = "%.4f / %.4f" % (shingle["f1"], char.get("f1") or 0)
        word = (report.get("word") or {}).get("f1")
        return text if word is None else text + " / %.4f" % word
    snippets = report.get("snippets") or {}
    if snippets.get("f1") is not None:
        return "snippets %.4f" % snippets["f1"]
    return "–"


def rows(sets):
    """(label, pages, report) for each set, then each of its groups."""
    for name in sorted(sets):
        s = sets[name]
        yield name, s.get("pages", 0), s
        for kind in ("lang", "page_type"):
            groups = (s.get("groups") or {}).get(kind) or {}
            if len(groups) < 2:
                continue
            for g in sorted(groups):
                label = "%s · %s %s" % (name, "lang" if kind == "lang" else "type", g)
                yield label, groups[g].get("pages", 0), groups[g]


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    after = load(sys.argv[-1])
    before = load(sys.argv[1]) if len(sys.argv) == 3 else None
    if before is None:
        print("| set / group | pages | shingle F1 / char F |")
        print("|---|---:|---|")
        for label, pages, report in rows(after):
            print("| %s | %d | %s |" % (label, pages, cell(report)))
        return
    old = {label: report for label, _, report in rows(before)}
    print("| set / group | pages | before | after |")
    print("|---|---:|---|---|")
    for label, pages, report in rows(after):
        print("| %s | %d | %s | %s |" % (label, pages, cell(old.get(label)), cell(report)))


if __name__ == "__main__":
    main()
