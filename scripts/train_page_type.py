#!/usr/bin/python3
"""Trains pith's page-type classifier (src/classify/page_type.h) from the development corpus and
writes its table, src/classify/page_type_model.cc.

Labels: wcxb-dev's index gives each page one of the seven types; bo-ug-dev and bo-ug-dev-negatives
label articles and forum threads; the news sets (daniel-dev, dragnet-train, newspaper-tests,
newspaper4k-tests, readability-test, zh-cwced, goose3-tests, gne-zh-pages) are articles.
cleaneval-dev (pages of every kind, unlabelled) is left out.

Features: `pith extract --explain --format json` on each page (with the index's URL when it has
one, as `pith eval` passes it), read from the record's explain.page_type.features; a null (the URL
features of a page without an address) is replaced by the feature's mean, which is what the library
does when it scores such a page.

Model: multinomial logistic regression on standardised features (Model below).
Reported before the table is written:
  - wcxb-dev, 5-fold cross-validation grouped by domain (no site in both the training and the test
    fold), the other sets always in training: accuracy and per-type precision / recall, confusion;
  - leave-one-set-out: trained without the set, its pages' accuracy (the share labelled right).

numpy and scikit-learn (Debian: python3-sklearn) are needed here only, never by the library.

usage: scripts/train_page_type.py [--pith build/pith] [--data ../shared/data] [--cache FILE]
                                  [--C 0.3] [--balance 0] [--no-write]
"""
import argparse
import json
import math
import os
import subprocess
import sys
from collections import Counter

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

TYPES = ["article", "forum", "product", "collection", "listing", "documentation", "service"]
LABELLED_SETS = ["wcxb-dev", "bo-ug-dev", "bo-ug-dev-negatives"]
ARTICLE_SETS = ["daniel-dev", "dragnet-train", "newspaper-tests", "newspaper4k-tests", "readability-test",
                "zh-cwced", "goose3-tests", "gne-zh-pages"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL_FILE = os.path.join(ROOT, "src", "classify", "page_type_model.cc")


def page_features(pith, html, url, section="page_type"):
    """The features `pith extract --explain` reports for the page under explain[section]."""
    cmd = [pith, "extract", "--explain", "--format", "json", html]
    if url:
        cmd[2:2] = ["--url", url]
    out = subprocess.run(cmd, capture_output=True, check=False).stdout
    try:
        return json.loads(out)["explain"][section]["features"]
    except (ValueError, KeyError, TypeError):
        return None  # the page did not parse (empty, binary): no features, not used


def load_pages(pith, data, cache):
    cached = {}
    if cache and os.path.exists(cache):
        with open(cache, encoding="utf-8") as f:
            cached = json.load(f)
    pages = []
    for name in LABELLED_SETS + ARTICLE_SETS:
        index = os.path.join(data, name, "index.jsonl")
        if not os.path.exists(index):
            print("missing set %s: skipped" % name, file=sys.stderr)
            continue
        with open(index, encoding="utf-8") as f:
            entries = [json.loads(line) for line in f if line.strip()]
        for e in entries:
            label = e.get("page_type") if name in LABELLED_SETS else "article"
            if label not in TYPES:
                continue
            key = name + "/" + e["id"]
            if key not in cached:
                html = os.path.join(data, name, "html", e["id"] + ".html")
                cached[key] = page_features(pith, html, e.get("url") or "")
            if cached[key] is None:
                continue
            domain = e.get("domain") or e.get("site") or key
            pages.append({"set": name, "id": e["id"], "label": label, "features": cached[key], "domain": domain})
    if cache:
        with open(cache, "w", encoding="utf-8") as f:
            json.dump(cached, f)
    return pages


def matrix(pages, names):
    x = np.array([[np.nan if p["features"].get(n) is None else float(p["features"][n]) for n in names] for p in pages])
    y = np.array([TYPES.index(p["label"]) for p in pages])
    return x, y


class Model:
    """Standardisation (NaN → the feature's mean) + multinomial logistic regression. Each page weighs
    (pages / (types × pages of its type)) ** balance: 0 = every page the same (the default: the
    answer "article" stays the safe one), 1 = every type the same in total."""

    def __init__(self, c, balance=0.0):
        self.c = c
        self.balance = balance

    def fit(self, x, y):
        self.mean = np.nanmean(x, axis=0)
        self.mean = np.where(np.isnan(self.mean), 0.0, self.mean)
        z = np.where(np.isnan(x), self.mean, x)
        self.scale = z.std(axis=0)
        self.scale = np.where(self.scale > 1e-9, self.scale, 1.0)
        z = (z - self.mean) / self.scale
        counts = np.bincount(y, minlength=len(TYPES)).astype(float)
        weight = (len(y) / (len(TYPES) * np.maximum(counts, 1.0))) ** self.balance
        self.lr = LogisticRegression(C=self.c, max_iter=5000)
        self.lr.fit(z, y, sample_weight=weight[y])
        # Every type gets a row, even one absent from these labels (it then never wins).
        self.weights = np.zeros((len(TYPES), x.shape[1]))
        self.bias = np.full(len(TYPES), -30.0)
        for row, t in enumerate(self.lr.classes_):
            self.weights[t] = self.lr.coef_[row]
            self.bias[t] = self.lr.intercept_[row]
        return self

    def probabilities(self, x):
        z = np.where(np.isnan(x), self.mean, x)
        z = (z - self.mean) / self.scale
        logits = z @ self.weights.T + self.bias
        e = np.exp(logits - logits.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    def predict(self, x):
        return np.argmax(self.probabilities(x), axis=1)


def report_cv(pages, names, c, balance, oof_file=""):
    x, y = matrix(pages, names)
    sets = np.array([p["set"] for p in pages])
    wcxb = np.where(sets == "wcxb-dev")[0]
    others = np.where(sets != "wcxb-dev")[0]
    groups = np.array([pages[i]["domain"] for i in wcxb])
    probability = np.zeros((len(wcxb), len(TYPES)))
    for train, test in GroupKFold(n_splits=5).split(wcxb, y[wcxb], groups):
        rows = np.concatenate([wcxb[train], others])
        probability[test] = Model(c, balance).fit(x[rows], y[rows]).probabilities(x[wcxb[test]])
    predicted = np.argmax(probability, axis=1)
    truth = y[wcxb]
    if oof_file:
        # Each wcxb-dev page's answer from the fold that did not train on it: a held-out answer for
        # measuring what a type-specific strategy buys (see docs/page-types.md), with the answer's
        # probability.
        with open(oof_file, "w", encoding="utf-8") as f:
            for i, t, p in zip(wcxb, predicted, probability):
                f.write("%s\t%s\t%.4f\n" % (pages[i]["id"], TYPES[t], p[t]))
    print("wcxb-dev, 5-fold cross-validation grouped by domain: accuracy %.3f (%d pages)" %
          ((predicted == truth).mean(), len(wcxb)))
    print("  %-14s %5s %9s %6s" % ("type", "pages", "precision", "recall"))
    for t, name in enumerate(TYPES):
        n = (truth == t).sum()
        said = (predicted == t).sum()
        hit = ((predicted == t) & (truth == t)).sum()
        print("  %-14s %5d %9s %6s" % (name, n, "%.3f" % (hit / said) if said else "-", "%.3f" % (hit / n) if n else "-"))
    print("  confusion (rows: truth, columns: answer, in the order above)")
    for t in range(len(TYPES)):
        print("  %-14s %s" % (TYPES[t], " ".join("%4d" % ((truth == t) & (predicted == u)).sum() for u in range(len(TYPES)))))
    print("leave-one-set-out (trained without the set):")
    for name in LABELLED_SETS[1:] + ARTICLE_SETS:
        test = np.where(sets == name)[0]
        if len(test) == 0:
            continue
        train = np.where(sets != name)[0]
        p = Model(c, balance).fit(x[train], y[train]).predict(x[test])
        wrong = Counter(TYPES[v] for v, t in zip(p, y[test]) if v != t)
        print("  %-20s accuracy %.3f (%d pages)%s" % (name, (p == y[test]).mean(), len(test),
                                                     "; wrong answers: " + ", ".join("%s %d" % kv for kv in wrong.most_common())
                                                     if wrong else ""))


def number(v):
    if v == 0:
        return "0"
    return repr(float("%.6g" % v))


def wrapped(items, indent, width=110):
    """Items joined by ", " in lines of at most `width` characters, each line after the first
    indented by `indent` spaces."""
    lines, line = [], ""
    for item in items:
        if line and len(line) + len(item) + 2 + indent > width:
            lines.append(line + ",")
            line = ""
        line = item if not line else line + ", " + item
    lines.append(line)
    return ("\n" + " " * indent).join(lines)


def write_table(model, names, path, summary):
    rows = lambda values: "{" + wrapped([number(v) for v in values], 9) + "}"
    lines = [
        "// Generated by scripts/train_page_type.py: do not edit. The page-type classifier's table",
        "// (src/classify/page_type.h): feature names, means and scales of the standardisation, one row",
        "// of weights and a bias per type (article, forum, product, collection, listing, documentation,",
        "// service). " + summary,
        '#include "classify/page_type.h"',
        "",
        "namespace pith::classify {",
        "",
        "extern const PageTypeModel kPageTypeModel = {",
        "    {" + wrapped(['"%s"' % n for n in names], 5) + "},",
        "    " + rows(model.mean) + ",",
        "    " + rows(model.scale) + ",",
        "    {{",
    ]
    for t in range(len(TYPES)):
        lines.append("        " + rows(model.weights[t]) + ",")
    lines += ["    }},", "    " + rows(model.bias) + ",", "};", "", "}  // namespace pith::classify", ""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pith", default=os.path.join(ROOT, "build", "pith"))
    ap.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data"))
    ap.add_argument("--cache", default="", help="keep the pages' features in this JSON file between runs")
    ap.add_argument("--C", type=float, default=0.3, help="inverse L2 regularisation strength")
    ap.add_argument("--balance", type=float, default=0.0, help="class weight power (see Model)")
    ap.add_argument("--no-write", action="store_true", help="report only; leave the table as it is")
    ap.add_argument("--oof", default="", help="write wcxb-dev's cross-validated answers here (id<TAB>type<TAB>probability)")
    args = ap.parse_args()
    pages = load_pages(args.pith, args.data, args.cache)
    names = list(pages[0]["features"].keys()) if pages else []
    with open(os.path.join(ROOT, "src", "classify", "page_type.h"), encoding="utf-8") as f:
        header = f.read()
    names = [n for n in names if "X(%s)" % n in header]
    order = {n: header.index("X(%s)" % n) for n in names}
    names.sort(key=order.get)
    counts = Counter(p["label"] for p in pages)
    print("%d pages: %s" % (len(pages), ", ".join("%s %d" % (t, counts[t]) for t in TYPES)))
    report_cv(pages, names, args.C, args.balance, args.oof)
    if args.no_write:
        return
    x, y = matrix(pages, names)
    model = Model(args.C, args.balance).fit(x, y)
    train_accuracy = (model.predict(x) == y).mean()
    summary = "Trained on %d pages, C = %g, balance %g; training accuracy %.3f." % (len(pages), args.C, args.balance,
                                                                                    train_accuracy)
    write_table(model, names, MODEL_FILE, summary)
    print("wrote %s (%s)" % (os.path.relpath(MODEL_FILE, ROOT), summary))


if __name__ == "__main__":
    main()
