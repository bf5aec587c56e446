#!/usr/bin/python3
"""html5lib's tree of a page, as JSON: the third HTML parser of pith's parse differential.

Reads UTF-8 HTML from each file named on the command line (from stdin without one), parses it with
html5lib (Debian's python3-html5lib, scripting off, as pith parses) and prints one line of JSON per
page: the list of the document's children, one node each:
  - an element: [name, [[key, value], ...], [children]], in source order of its attributes; an SVG
    or MathML element is named "svg:NAME" or "math:NAME" but the namespace's root (<svg>, <math>);
  - a text: its string;
  - a comment: ["#comment", [], []].
tests/parse_html5lib.h reads it into a pith Document by document_builder.h's rules.
"""
import json
import sys

import html5lib

NAMESPACES = {"http://www.w3.org/2000/svg": "svg", "http://www.w3.org/1998/Math/MathML": "math"}


def name_of(tag):
    if not isinstance(tag, str):
        return "#comment"
    if tag.startswith("{"):
        uri, local = tag[1:].split("}", 1)
        prefix = NAMESPACES.get(uri, uri)
        return local if local == prefix else prefix + ":" + local
    return tag


def node(element):
    children = []
    if element.text:
        children.append(element.text)
    for child in element:
        children.append(node(child))
        if child.tail:
            children.append(child.tail)
    name = name_of(element.tag)
    if name == "#comment":
        return [name, [], []]
    attributes = [[k if isinstance(k, str) else ":".join(k), v] for k, v in element.attrib.items()]
    return [name, attributes, children]


def tree(data):
    root = html5lib.parse(data.decode("utf-8"), treebuilder="etree", namespaceHTMLElements=False, scripting=False)
    return json.dumps([node(root)], ensure_ascii=False)


def main():
    sys.setrecursionlimit(100000)  # pages nest deep; the walk and json.dumps recurse
    out = sys.stdout
    if len(sys.argv) == 1:
        print(tree(sys.stdin.buffer.read()), file=out)
    for path in sys.argv[1:]:
        with open(path, "rb") as f:
            print(tree(f.read()), file=out)


if __name__ == "__main__":
    main()
