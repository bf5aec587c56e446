#!/usr/bin/env python3
"""Which src/ folders include which: one line per edge, "FROM -> TO (N files)".

Usage:  scripts/include_graph.py [--check] [ROOT]

A folder is a file's directory under src/ (src/algo/auto/ is "algo/auto"); an edge is a quoted
#include of a file under src/ in another folder. With --check it fails (exit 1) when top-level
folders (src/algo/auto/ counts as src/algo/) include each other in a cycle, and prints the cycles:
the folders stand in rooms, each including only those below it (HACKING.md, "Where each stage
lives").
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def edges(root):
    src = os.path.join(root, "src")
    found = {}
    for folder, _, files in os.walk(src):
        here = os.path.relpath(folder, src)
        for name in sorted(files):
            if not name.endswith((".h", ".cc")):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                text = f.read()
            for inc in INCLUDE.findall(text):
                if not os.path.isfile(os.path.join(src, inc)):
                    continue
                there = os.path.dirname(inc)
                if there and there != here:
                    found.setdefault((here, there), set()).add(name)
    return found


def cycles(graph):
    """The strongly connected components of more than one folder (Tarjan's algorithm)."""
    nodes = sorted({a for a, _ in graph} | {b for _, b in graph})
    succ = {n: sorted(b for a, b in graph if a == n) for n in nodes}
    index, low, stack, on_stack, out = {}, {}, [], set(), []

    def visit(n):
        index[n] = low[n] = len(index)
        stack.append(n)
        on_stack.add(n)
        for m in succ[n]:
            if m not in index:
                visit(m)
                low[n] = min(low[n], low[m])
            elif m in on_stack:
                low[n] = min(low[n], index[m])
        if low[n] == index[n]:
            component = []
            while True:
                m = stack.pop()
                on_stack.discard(m)
                component.append(m)
                if m == n:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for n in nodes:
        if n not in index:
            visit(n)
    return out


def main():
    args = sys.argv[1:]
    check = "--check" in args
    args = [a for a in args if a != "--check"]
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    graph = edges(root)
    if not check:
        for (a, b), files in sorted(graph.items()):
            print(f"{a} -> {b} ({len(files)})")
        return 0
    top = {}
    for (a, b), files in graph.items():
        a, b = a.split("/")[0], b.split("/")[0]
        if a != b:
            top.setdefault((a, b), set()).update(files)
    graph = top
    bad = cycles(graph)
    for component in bad:
        inside = [f"{a} -> {b} ({', '.join(sorted(graph[(a, b)]))})" for (a, b) in sorted(graph)
                  if a in component and b in component]
        print("folders in a cycle: " + ", ".join(component), file=sys.stderr)
        for line in inside:
            print("  " + line, file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
