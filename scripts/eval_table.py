#!/usr/bin/env python3
"""Markdown tables from scripts/eval.sh's results (docs/eval/<algorithm>.json) next to the other
tools' scores in ANCHORS.md: one table of shingle F1 / char F per set (plus daniel-dev's Chinese
pages, as ANCHORS.md does) with trafilatura's and the best other tool's scores, ending with each
algorithm's throughput over the whole corpus (pages / seconds of `pith eval`'s extraction loop, one
thread); one of shingle F1 per language group for every pith algorithm (each set's group F1
weighted by its pages); one of shingle F1 / char F per page type (wcxb-dev's article, forum,
product, listing, ... pages); one of wcxb-dev's word P/R/F1 per page type (the WCXB leaderboard's
metric) beside rs-trafilatura's published figures; and one of the metadata found right (title, author, date) where the
truth names it.

usage: scripts/eval_table.py [EVAL_DIR [ANCHORS_MD]]   (defaults: docs/eval, ../shared/data/ANCHORS.md)
"""
import json
import os
import re
import sys

ALGORITHMS = ["auto", "lineblock", "correlation", "semantic", "tibetan", "pathsim"]

# rs-trafilatura's word F1 per page type on the WCXB dev split, as published with the benchmark's
# leaderboard (issue 35); wcxb-dev holds 400 of that split's pages.
RS_TRAFILATURA_DEV_WORD_F1 = {"article": 0.932, "forum": 0.808, "product": 0.641, "collection": 0.716,
                              "listing": 0.707, "documentation": 0.932, "service": 0.844}


def load_eval(eval_dir):
    results = {}
    for algorithm in ALGORITHMS:
        path = os.path.join(eval_dir, algorithm + ".json")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        rows = {}
        for s in data["sets"]:
            rows[s["name"]] = s
        results[algorithm] = rows
    return results


def cell(s):
    """(shingle F1, char F) of a set or group record, or the snippet F1 for snippet sets."""
    if s is None:
        return None
    sh, ch = s.get("shingle"), s.get("char")
    if sh and sh.get("recall_pages", sh.get("pages", 0)) > 0:
        return (sh["f1"], ch["f1"])
    sn = s.get("snippets")
    if sn and "f1" in sn:
        return (sn["f1"],)
    return None


def row_of(results, algorithm, name):
    sets = results.get(algorithm, {})
    if name.endswith(".zh"):
        base = sets.get(name[: -len(".zh")])
        return cell(base["groups"]["lang"].get("zh")) if base else None
    return cell(sets.get(name))


def parse_anchors(path):
    tools, rows = [], {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells and cells[0] == "set":
                tools = cells[1:]
            elif tools and len(cells) == len(tools) + 1 and not set(cells[1]) <= set("-"):
                rows[cells[0]] = [tuple(float(x) for x in re.findall(r"[0-9.]+", c)) for c in cells[1:]]
    return tools, rows


def fmt(v):
    return " / ".join("%.3f" % x for x in v) if v else "–"


def main():
    eval_dir = sys.argv[1] if len(sys.argv) > 1 else "docs/eval"
    anchors = sys.argv[2] if len(sys.argv) > 2 else "../shared/data/ANCHORS.md"
    results = load_eval(eval_dir)
    tools, anchor_rows = parse_anchors(anchors) if os.path.exists(anchors) else ([], {})
    names = list(anchor_rows) or sorted({n for r in results.values() for n in r})
    algs = [a for a in ALGORITHMS if a in results]
    reference = "trafilatura" if "trafilatura" in tools else None
    print("| set | " + " | ".join("pith " + a for a in algs) + (" | " + reference if reference else "") +
          " | best other tool |")
    print("|---|" + "---|" * (len(algs) + 1 + (1 if reference else 0)))
    for name in names:
        best, best_tool = None, ""
        for tool, v in zip(tools, anchor_rows.get(name, [])):
            if v and (best is None or v[0] > best[0]):
                best, best_tool = v, tool
        cells = []
        for a in algs:
            v = row_of(results, a, name)
            text = fmt(v)
            if a == "auto" and v and best and all(round(x, 3) > y for x, y in zip(v, best)):
                text = "**" + text + "**"
            cells.append(text)
        if reference:
            row = anchor_rows.get(name, [])
            cells.append(fmt(row[tools.index(reference)] if len(row) > tools.index(reference) else None))
        print("| %s | %s | %s |" % (name, " | ".join(cells), fmt(best) + (" (" + best_tool + ")" if best_tool else "")))
    speeds = []
    for a in algs:
        pages = sum(s["pages"] for s in results[a].values())
        seconds = sum(s.get("extract_seconds", 0.0) for s in results[a].values())
        speeds.append("%d" % round(pages / seconds) if seconds > 0 else "–")
    if reference:
        with open(anchors, encoding="utf-8") as f:
            m = re.search(reference + r" ≈ [^(]*\(~([0-9,]+) pages/s\)", f.read())
        speeds.append("≈ %s (ANCHORS.md, wall)" % m.group(1) if m else "–")
    print("| pages/s, one thread | %s | |" % " | ".join(speeds))
    # Language groups: each set's group shingle F1, averaged over the sets weighted by pages.
    print()
    groups = {}
    for a in algs:
        for s in results[a].values():
            for lang, g in (s.get("groups", {}).get("lang") or {}).items():
                sh = g.get("shingle")
                if sh and sh.get("recall_pages", sh.get("pages", 0)) > 0:
                    acc = groups.setdefault(lang, {}).setdefault(a, [0.0, 0])
                    acc[0] += sh["f1"] * sh["pages"]
                    acc[1] += sh["pages"]
    print("| language group (pages) | " + " | ".join(algs) + " |")
    print("|---|" + "---|" * len(algs))
    for lang in sorted(groups, key=lambda l: -max(v[1] for v in groups[l].values())):
        pages = max(v[1] for v in groups[lang].values())
        vals = [groups[lang].get(a) for a in algs]
        print("| %s (%d) | %s |" % (lang, pages, " | ".join("%.3f" % (v[0] / v[1]) if v else "–" for v in vals)))
    # Page types (wcxb-dev labels each page: article, forum, product, listing, ...).
    typed = {}
    for a in algs:
        for set_name, s in results[a].items():
            for page_type, g in (s.get("groups", {}).get("page_type") or {}).items():
                typed.setdefault((set_name, page_type), {})[a] = g
    if typed:
        print()
        print("| page type (pages) | " + " | ".join(algs) + " |")
        print("|---|" + "---|" * len(algs))
        for (set_name, page_type), per_alg in sorted(typed.items()):
            pages = max(g["pages"] for g in per_alg.values())
            print("| %s %s (%d) | %s |" % (set_name, page_type, pages,
                                          " | ".join(fmt(cell(per_alg.get(a))) for a in algs)))
    # Word F1 per page type, the WCXB leaderboard's metric, beside the figures published for
    # rs-trafilatura on that benchmark's dev split (wcxb-dev is 400 pages of it).
    word_typed = {pt: g for (set_name, pt), per_alg in typed.items() if set_name == "wcxb-dev"
                  for a, g in per_alg.items() if a == "auto" and g.get("word")}
    if word_typed:
        print()
        print("| wcxb-dev page type (pages) | pith auto word P / R / F1 | rs-trafilatura F1 (published, dev split) |")
        print("|---|---|---|")
        for pt in sorted(word_typed, key=lambda t: -word_typed[t]["pages"]):
            w = word_typed[pt]["word"]
            rs = RS_TRAFILATURA_DEV_WORD_F1.get(pt)
            print("| %s (%d) | %.3f / %.3f / %.3f | %s |" % (pt, word_typed[pt]["pages"], w["precision"], w["recall"],
                                                           w["f1"], "%.3f" % rs if rs else "–"))
    # Metadata: the share of titles, authors and dates found right where the truth names them
    # (metadata does not depend on the algorithm: shown from the first run).
    first = algs[0] if algs else None
    rows = [(name, s["metadata"]) for name, s in sorted(results.get(first, {}).items()) if s.get("metadata")]
    if rows:
        print()
        print("| metadata (%s run) | title | author | date |" % first)
        print("|---|---|---|---|")
        for name, m in rows:
            def share(field, hits):
                f = m.get(field)
                return "%.3f (%d/%d)" % (f["accuracy"], f[hits], f["pages"]) if f else "–"
            title = share("title", "exact")
            if m.get("title"):
                title += ", token F1 %.3f" % m["title"]["token_f1"]
            print("| %s | %s | %s | %s |" % (name, title, share("author", "exact"), share("date", "same_day")))


if __name__ == "__main__":
    main()
