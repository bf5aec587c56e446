#!/usr/bin/python3
"""Trains pith's extraction confidence (src/classify/confidence.h) from the development corpus and
writes its table, src/classify/confidence_model.cc.

Labels: every page of ../shared/data with text truth, run through `pith eval --per-page` with the
default algorithm (`auto`): a page is right when its word F1 (WCXB's metric) reaches 0.8.
Features: `pith extract --explain --format json` on each page (with the index's URL, as `pith eval`
passes it), read from the record's explain.confidence.features.

Model: gradient-boosted regression trees (200 trees of depth 2, learning rate 0.05, row subsample
0.8 with a fixed seed, at least 20 pages per leaf), the probability that the page is right. A
logistic regression over the same features ranked the held-out pages worse (AUROC 0.59 against
0.81 leave-one-set-out): the relations are not linear (a kept share of 0.3 is right on a listing,
wrong on a story). Reported before the table is written, each page scored by a model that did not see it:
  - leave-one-set-out: per set, the AUROC (wrong pages below right ones), the pages at confidence
    >= 0.8 and their mean word F1, and the calibration table of all sets' held-out answers;
  - leave-one-template-family-out on wcxb-dev: 10 folds grouped by domain (every WCXB domain is a
    template family), the other sets always in training.

Deterministic: the trees' row sampling is seeded (SEED), the folds are fixed by domain.
numpy and scikit-learn (Debian: python3-numpy, python3-sklearn; scripts/deps.sh train) are needed
here only, never by the library.

usage: scripts/train_confidence.py [--pith build/pith] [--data ../shared/data] [--cache FILE]
                                   [--no-write]
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import GroupKFold

from train_page_type import page_features, wrapped  # the explain features' reader and the tables' line wrapping

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL_FILE = os.path.join(ROOT, "src", "classify", "confidence_model.cc")
HEADER = os.path.join(ROOT, "src", "classify", "confidence.h")
RIGHT_F1 = 0.8  # eval/calibration.h: kRightPageF1
CONFIDENT = 0.8  # eval/calibration.h: kConfidentAt
BANDS = [0.0, 0.2, 0.4, 0.6, 0.8, 0.9]
SEED = 1
TREES, DEPTH, RATE, SUBSAMPLE, LEAF = 200, 2, 0.05, 0.8, 20


def feature_names():
    """The features in the order of the header's X-macro."""
    with open(HEADER, encoding="utf-8") as f:
        text = f.read()
    start = text.index("#define PITH_CONFIDENCE_FEATURES(X)")
    body = text[start:text.index("enum class ConfidenceFeature")]
    names = []
    for part in body.split("X(")[1:]:
        names.append(part.split(")")[0])
    return names


def page_scores(pith, data):
    """{(set, id): word F1} for every page with text truth, from one `pith eval --per-page` run."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "eval.json")
        subprocess.run([pith, "eval", "--data", data, "--per-page", "--json", out], check=True,
                       stdout=subprocess.DEVNULL)
        with open(out, encoding="utf-8") as f:
            doc = json.load(f)
    scores = {}
    for s in doc["sets"]:
        for p in s.get("page_results") or []:
            if p.get("word") is not None:
                scores[(s["name"], p["id"])] = p["word"]["f1"]
    return scores


def load_pages(pith, data, cache):
    scores = page_scores(pith, data)
    cached = {}
    if cache and os.path.exists(cache):
        with open(cache, encoding="utf-8") as f:
            cached = json.load(f)
    jobs = {}
    pages = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for name in sorted({s for s, _ in scores}):
            with open(os.path.join(data, name, "index.jsonl"), encoding="utf-8") as f:
                entries = [json.loads(line) for line in f if line.strip()]
            for e in entries:
                if (name, e["id"]) not in scores:
                    continue
                key = name + "/" + e["id"]
                if key not in cached:
                    html = os.path.join(data, name, "html", e["id"] + ".html")
                    jobs[key] = pool.submit(page_features, pith, html, e.get("url") or "", "confidence")
                pages.append({"set": name, "id": e["id"], "key": key, "f1": scores[(name, e["id"])],
                              "domain": e.get("domain") or e.get("site") or key})
        for key, job in jobs.items():
            cached[key] = job.result()
    if cache:
        with open(cache, "w", encoding="utf-8") as f:
            json.dump(cached, f)
    kept = []
    for p in pages:
        if cached.get(p["key"]) is not None:
            p["features"] = cached[p["key"]]
            kept.append(p)
    return kept


def matrix(pages, names):
    x = np.array([[float(p["features"][n]) for n in names] for p in pages])
    f1 = np.array([p["f1"] for p in pages])
    return x, f1


class Model:
    """Gradient-boosted trees on the raw features; an extraction that kept nothing scores 0, as in
    the library."""

    def fit(self, x, f1):
        self.gbt = GradientBoostingClassifier(n_estimators=TREES, max_depth=DEPTH, learning_rate=RATE,
                                              subsample=SUBSAMPLE, min_samples_leaf=LEAF, random_state=SEED)
        self.gbt.fit(x, (f1 >= RIGHT_F1).astype(int))
        return self

    def predict(self, x, kept_chars):
        p = self.gbt.predict_proba(x)[:, 1]
        return np.where(kept_chars > 0, p, 0.0)

    def bias(self):
        """The log-odds before any tree (the prior of the training labels)."""
        return float(self.gbt._raw_predict_init(np.zeros((1, self.gbt.n_features_in_)))[0, 0])

    def trees(self):
        """Per tree, its nodes: (feature or -1, threshold, left, right, leaf value × learning rate)."""
        out = []
        for estimator in self.gbt.estimators_[:, 0]:
            t = estimator.tree_
            nodes = []
            for i in range(t.node_count):
                leaf = t.children_left[i] < 0
                nodes.append((-1 if leaf else int(t.feature[i]), 0.0 if leaf else float(t.threshold[i]),
                              0 if leaf else int(t.children_left[i]), 0 if leaf else int(t.children_right[i]),
                              float(t.value[i][0][0]) * RATE if leaf else 0.0))
            out.append(nodes)
        return out


def summary_line(name, conf, f1):
    right = f1 >= RIGHT_F1
    auroc = roc_auc_score(right, conf) if 0 < right.sum() < len(right) else float("nan")
    high = conf >= CONFIDENT
    mean_high = f1[high].mean() if high.any() else float("nan")
    return "  %-22s %5d pages, F1 < 0.8: %4d  AUROC %s  >= 0.8: %4d pages, mean F1 %s" % (
        name, len(f1), (~right).sum(), "  -  " if np.isnan(auroc) else "%.3f" % auroc, high.sum(),
        "  -  " if np.isnan(mean_high) else "%.3f" % mean_high)


def band_table(conf, f1):
    lines = ["  band      pages  confidence  word F1  F1 >= 0.8"]
    for i, lo in enumerate(BANDS):
        hi = BANDS[i + 1] if i + 1 < len(BANDS) else 1.0001
        m = (conf >= lo) & (conf < hi)
        if m.any():
            lines.append("  %.1f-%.1f %7d %11.3f %8.3f %10.3f" % (lo, min(hi, 1.0), m.sum(), conf[m].mean(), f1[m].mean(),
                                                            (f1[m] >= RIGHT_F1).mean()))
    return "\n".join(lines)


def report(pages, names):
    x, f1 = matrix(pages, names)
    kept = x[:, names.index("log_kept_chars")]
    sets = np.array([p["set"] for p in pages])
    held = np.zeros(len(pages))
    print("leave-one-set-out (trained without the set):")
    for name in sorted(set(sets)):
        test = sets == name
        model = Model().fit(x[~test], f1[~test])
        held[test] = model.predict(x[test], kept[test])
        print(summary_line(name, held[test], f1[test]))
    print(summary_line("all sets, held out", held, f1))
    print(band_table(held, f1))
    wcxb = np.where(sets == "wcxb-dev")[0]
    if len(wcxb):
        print("wcxb-dev, leave-one-template-family-out (10 folds grouped by domain, other sets in training):")
        domains = np.array([pages[i]["domain"] for i in wcxb])
        fold_held = np.zeros(len(wcxb))
        others = np.where(sets != "wcxb-dev")[0]
        for train, test in GroupKFold(n_splits=10).split(wcxb, groups=domains):
            rows = np.concatenate([others, wcxb[train]])
            model = Model().fit(x[rows], f1[rows])
            fold_held[test] = model.predict(x[wcxb[test]], kept[wcxb[test]])
        print(summary_line("wcxb-dev, by domain", fold_held, f1[wcxb]))
        print(band_table(fold_held, f1[wcxb]))


def write_table(model, names, path, summary):
    trees = model.trees()
    offsets, rows, at = [], [], 0
    for nodes in trees:
        offsets.append(at)
        at += len(nodes)
        for f, th, left, right, value in nodes:
            rows.append("{%d, %s, %d, %d, %s}" % (f, repr(th) if f >= 0 else "0", left, right, repr(value)))
    lines = [
        "// Generated by scripts/train_confidence.py: do not edit. The extraction confidence's table",
        "// (src/classify/confidence.h): feature names, the trees' nodes (feature, threshold, left, right,",
        "// leaf value) and where each tree begins, the prior log-odds.",
        "// " + summary,
        '#include "classify/confidence.h"',
        "",
        "namespace pith::classify {",
        "namespace {",
        "",
        "constexpr ConfidenceNode kNodes[] = {",
        "    " + wrapped(rows, 4) + ",",
        "};",
        "constexpr std::uint32_t kTreeOffsets[] = {",
        "    " + wrapped([str(o) for o in offsets], 4) + ",",
        "};",
        "",
        "}  // namespace",
        "",
        "extern const ConfidenceModel kConfidenceModel = {",
        "    {" + wrapped(['"%s"' % n for n in names], 5) + "},",
        "    kNodes,",
        "    kTreeOffsets,",
        "    %d," % len(trees),
        "    " + repr(model.bias()) + ",",
        "};",
        "",
        "}  // namespace pith::classify",
        "",
    ]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pith", default=os.path.join(ROOT, "build", "pith"))
    ap.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data"))
    ap.add_argument("--cache", default="", help="keep the pages' features in this JSON file between runs")
    ap.add_argument("--no-write", action="store_true", help="report only; leave the table as it is")
    args = ap.parse_args()
    names = feature_names()
    pages = load_pages(args.pith, args.data, args.cache)
    print("%d pages with text truth, %d of them F1 < 0.8" % (len(pages), sum(p["f1"] < RIGHT_F1 for p in pages)))
    report(pages, names)
    if args.no_write:
        return
    x, f1 = matrix(pages, names)
    model = Model().fit(x, f1)
    summary = "Trained on %d pages: %d trees of depth %d, learning rate %g." % (len(pages), TREES, DEPTH, RATE)
    write_table(model, names, MODEL_FILE, summary)
    print("wrote %s (%s)" % (os.path.relpath(MODEL_FILE, ROOT), summary))


if __name__ == "__main__":
    main()
