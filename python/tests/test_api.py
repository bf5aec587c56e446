"""pith's Python API: types, formats, fields, errors, options (against the tool's), pickling, threads."""

import json
import os
import pickle
import re
import subprocess
import sys
import threading

import pytest

import pith
from conftest import cli_records, run_cli

PAGE = ("<html><head><title>Bridge reopens | City News</title>"
        "<meta name='author' content='Ana Lima'></head><body><nav><a href='/'>Home</a> <a href='/n'>News</a></nav>"
        "<article><h1>Bridge reopens</h1>"
        + "".join(f"<p>Paragraph {i}: the old bridge over the river reopened on Monday after two years of repairs, "
                  f"and traffic is back to normal across the whole district, café owners said.</p>" for i in range(6))
        + "<p>Ünïcode first, then <a href='/more'>a link with ç</a> and the end.</p></article>"
        "<footer>© City News</footer></body></html>")


def test_extract_returns_the_tools_text(cli, example_page, tmp_path):
    page = tmp_path / "page.html"
    page.write_bytes(example_page)
    text = pith.extract(example_page)
    assert isinstance(text, str) and text
    assert (text + "\n").encode() == run_cli(cli, str(page), check=True)


@pytest.mark.parametrize("options", [{}, {"blocks": True}, {"blocks": True, "links": True}, {"algorithm": "lineblock"}])
def test_json_is_the_tools_record(cli, example_page, tmp_path, options):
    page = tmp_path / "page.html"
    page.write_bytes(example_page)
    flags = [f"--{k}" if v is True else f"--{k}={v}" for k, v in options.items()]
    [expected] = cli_records(cli, "-f", "jsonl", *flags, str(page))
    record = pith.extract(example_page, format="json", **options)
    assert isinstance(record, dict)
    assert record.pop("input") == ""
    expected.pop("input")
    assert record == expected


@pytest.mark.parametrize("fmt", ["markdown", "paper", "html"])
def test_text_formats_are_the_tools(cli, tmp_path, fmt):
    page = tmp_path / "page.html"
    page.write_text(PAGE, encoding="utf-8")
    out = pith.extract(PAGE.encode(), format=fmt, links=fmt == "markdown")
    flags = ["--links"] if fmt == "markdown" else []
    assert out.encode() == run_cli(cli, "-f", fmt, *flags, str(page), check=True)


def test_jsonl_is_one_line_of_the_tools(cli, tmp_path):
    page = tmp_path / "page.html"
    page.write_text(PAGE, encoding="utf-8")
    line = pith.extract(PAGE.encode(), format="jsonl", blocks=True)
    assert "\n" not in line
    expected = run_cli(cli, "-f", "jsonl", "--blocks", str(page), check=True).decode()
    assert line.replace('"input":""', f'"input":{json.dumps(str(page))}') + "\n" == expected


def test_str_bytes_and_buffers():
    raw = PAGE.encode("utf-8")
    from_bytes = pith.Extractor().extract(raw)
    from_str = pith.Extractor().extract(PAGE)
    assert from_str.text == from_bytes.text
    assert from_str.encoding.source == "caller" and from_str.encoding.charset == "UTF-8"
    assert pith.extract(bytearray(raw)) == pith.extract(memoryview(raw)) == from_bytes.text
    # A str is text: its <meta> charset does not re-decode it.
    assert pith.extract(PAGE.replace("<head>", "<head><meta charset='gbk'>")) == from_bytes.text
    with pytest.raises(TypeError):
        pith.extract(12)


def test_result_fields():
    r = pith.Extractor(links=True).extract(PAGE.encode(), url="https://news.example/bridge")
    assert r.status == "ok" and r.error is None
    assert r.title == "Bridge reopens" and r.author == "Ana Lima"
    assert r.url == "https://news.example/bridge" and r.lang == "en" and r.dir == "ltr"
    assert isinstance(r.keywords, list) and isinstance(r.date, str)
    assert r.algorithm == "auto" and r.encoding.charset == "UTF-8"
    assert r.text.startswith("Bridge reopens\n\nParagraph 0") and "Home" not in r.text
    assert r.markdown.startswith("# Bridge reopens\n")
    assert [b.kind for b in r.blocks][:2] == ["heading", "paragraph"]
    assert r.blocks[0].level == 1 and r.blocks[1].line > 0
    assert r.html is None and r.explain is None
    assert r.to_dict()["title"] == r.title and json.loads(r.to_json()) == r.to_dict()
    assert 0 < r.confidence <= 1 and abs(r.to_dict()["confidence"] - r.confidence) < 1e-4


def test_link_offsets_are_characters_in_python_and_bytes_in_the_record():
    r = pith.Extractor(links=True, blocks=True).extract(PAGE.encode(), url="https://news.example/a")
    [block] = [b for b in r.blocks if b.links]
    [link] = block.links
    assert block.text[link.begin:link.end] == link.text == "a link with ç"
    assert link.url == "https://news.example/more"
    [rec] = [b for b in r.to_dict()["blocks"] if b.get("links")]
    span = rec["links"][0]
    assert rec["text"].encode()[span["begin"]:span["end"]].decode() == "a link with ç"
    assert span["begin"] > link.begin  # "Ünïcode" takes more bytes than characters


FIGURE = ("<html><head><title>Ünïcode figures</title></head><body><article><h1>Ünïcode figures</h1>"
          "<p>Crème brûlée is <em>très</em> <strong>bonne</strong> with x<sup>2</sup> and <code>sugar()</code>, "
          "as the long paragraph of this article says again and again.</p>"
          "<figure><img src='/img/creme.jpg' alt='A crème brûlée' width='600' height='400'>"
          "<figcaption>The dessert, just out of the oven</figcaption></figure>"
          "<p>A second paragraph of text with more words, so that the article is the main content.</p>"
          "</article></body></html>")


FOOTNOTES = ("<html><head><title>Notes</title></head><body><article><h1>A page with notes</h1>"
             "<p>The bridge opened in 1889<sup id='fnref:1'><a class='footnote-ref' href='#fn:1'>1</a></sup> and was "
             "widened later, as the long paragraph of this article says again and again and again.</p>"
             "<div class='footnote'><hr><ol><li id='fn:1'><p>The city's records say so. "
             "<a class='footnote-backref' href='#fnref:1'>&#8617;</a></p></li></ol></div>"
             "<dl><dt>Breakwater</dt><dd>A wall built out into the sea to shelter the harbour from the waves.</dd></dl>"
             "</article></body></html>")


def _block_fields(b):
    return (b.kind, b.text, b.level, b.number, b.line, b.table, b.row, b.cell, b.colspan, b.rowspan, b.header,
            b.item, b.depth, b.quote, b.language, b.comment, b.footnote, b.definition, [(l.begin, l.end, l.url, l.text) for l in b.links],
            [(i.src, i.alt, i.caption, i.at) for i in b.images],
            [(s.kind, s.begin, s.end, s.text, s.note) for s in b.spans])


def test_blocks_have_the_records_fields_and_pickle_whole():
    quadratic = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "quadratic.html")
    with open(quadratic, "rb") as f:
        pages = [f.read(), FOOTNOTES.encode(), FIGURE.encode()]
    seen = set()
    for page in pages:
        r = pith.Extractor(blocks=True, links=True).extract(page, url="https://ex.org/a")
        records = r.to_dict()["blocks"]
        assert len(r.blocks) == len(records)
        for b, rec in zip(r.blocks, records):
            assert (b.kind, b.text) == (rec["kind"], rec["text"])
            for field, default in (("table", 0), ("row", 0), ("cell", 0), ("colspan", 1), ("rowspan", 1),
                                   ("header", False), ("language", ""), ("footnote", 0), ("definition", "")):
                assert getattr(b, field) == rec.get(field, default), field
            raw = rec["text"].encode()  # the record's offsets count bytes, Python's characters
            assert [(s.kind, s.text, s.note) for s in b.spans] == \
                [(s["kind"], raw[s["begin"]:s["end"]].decode(), s.get("note", 0)) for s in rec.get("spans", [])]
            assert all(b.text[s.begin:s.end] == s.text for s in b.spans)
            if b.kind == "image":
                [image] = b.images
                assert (image.src, image.alt, image.caption) == (rec["src"], rec["alt"], rec["caption"])
            seen |= {b.kind} | {s.kind for s in b.spans} | ({"language"} if b.language else set()) | \
                ({"header"} if b.header else set()) | ({"footnote block"} if b.footnote else set()) | \
                ({"definition " + b.definition} if b.definition else set())
        back = pickle.loads(pickle.dumps(r))
        assert back.to_dict() == r.to_dict()
        assert [_block_fields(b) for b in back.blocks] == [_block_fields(b) for b in r.blocks]
    assert {"math", "code", "table_row", "image", "caption", "language", "header", "emphasis", "strong",
            "superscript", "footnote", "footnote_back", "footnote block", "definition term",
            "definition description"} <= seen
    [emphasis] = [s for b in r.blocks for s in b.spans if s.kind == "emphasis"]
    assert emphasis.text == "très" and emphasis.begin == len("Crème brûlée is ")


def test_no_content_is_a_normal_result():
    page = b"<html><body><nav><a href='/a'>A</a> <a href='/b'>B</a></nav></body></html>"
    assert pith.extract(page) == ""
    assert pith.extract(page, format="json")["status"] == "no_content"
    r = pith.Extractor().extract(page)
    assert r.status == "no_content" and r.error is None and r.confidence == 0
    r.raise_for_status()


@pytest.mark.parametrize("page, options, cls, status", [
    (b"", {}, pith.EmptyInputError, "empty_input"),
    (b"   \n ", {}, pith.EmptyInputError, "empty_input"),
    (b"%PDF-1.7\n" + bytes(range(256)) * 8, {}, pith.NotHtmlError, "not_html"),
    (PAGE.encode(), {"max_bytes": 100}, pith.TooLargeError, "too_large"),
])
def test_bad_input_raises_a_typed_error_or_gives_a_status(page, options, cls, status):
    with pytest.raises(cls) as e:
        pith.extract(page, **options)
    assert isinstance(e.value, pith.PithError) and isinstance(e.value, ValueError)
    assert e.value.status == status
    r = pith.Extractor(**options).extract(page)
    assert r.status == status and r.text == "" and r.error.startswith(status)
    with pytest.raises(cls):
        r.raise_for_status()


def test_bad_options():
    with pytest.raises(TypeError, match="nope"):
        pith.Extractor(nope=1)
    with pytest.raises(pith.InvalidArgumentError, match="lb_thickness"):
        pith.Extractor(lb_thickness=20)
    with pytest.raises(pith.InvalidArgumentError, match="algorithm"):
        pith.Extractor(algorithm="magic")
    with pytest.raises(pith.InvalidArgumentError, match="unknown charset label"):
        pith.extract(PAGE, charset="klingon")
    with pytest.raises(pith.InvalidArgumentError, match="warc_status"):
        pith.Extractor(warc_status="3xx")
    with pytest.raises(pith.InvalidArgumentError, match="wet"):
        pith.Extractor(format="wet")
    with pytest.raises(pith.InvalidArgumentError, match="site_model excludes site_pages"):
        pith.Extractor(site_model="m.json", site_pages=["a.html", "b.html"])
    with pytest.raises(TypeError):
        pith.Extractor(lb_thickness="3")
    with pytest.raises(TypeError):
        pith.Extractor(blocks=1)
    with pytest.raises(TypeError):
        pith.Extractor(site_pages="one.html")
    with pytest.raises(pith.InvalidArgumentError, match="pathsim"):
        pith.Extractor(site_model="m.json", algorithm="auto")
    with pytest.raises(pith.IoError):
        pith.Extractor(site_model="/nonexistent/model.json")


def _cli_option_flags(cli):
    """The long flags of `pith extract --help`'s option section (online mode excluded: pith's Python
    package does not fetch; docs/python.md)."""
    text = subprocess.run([cli, "extract", "--help"], stdout=subprocess.PIPE, check=True).stdout.decode()
    section = text.split("\nOptions:\n", 1)[1].split("\nOnline mode", 1)[0]
    return re.findall(r"^\s+(?:-\w,)?--([a-z][a-z0-9-]*)", section, re.M)


def test_every_option_of_the_tool_is_a_keyword(cli):
    flags = _cli_option_flags(cli)
    assert len(flags) > 60
    names = set(pith.option_names())
    missing = [f for f in flags if f != "help" and f.replace("-", "_") not in names]
    assert not missing, f"options of `pith extract` without a keyword: {missing}"
    for o in pith.options():
        assert o["flag"] == "--" + o["name"].replace("_", "-")


def _other_value(o):
    d = o["default"]
    if o["kind"] == "bool":
        return not d
    if o["kind"] == "int":
        return d + 1
    if o["kind"] == "float":
        return round(d * 0.8, 4) if d else 0.05
    raise AssertionError(o)


_ALGORITHM_OF = {"auto": "auto", "lb": "lineblock", "cc": "correlation", "cs": "correlation", "td": "correlation",
                 "ps": "pathsim", "sem": "semantic", "tib": "tibetan"}


def test_every_threshold_does_what_the_tools_flag_does(cli, shared_data, tmp_path):
    page = os.path.join(shared_data, "cleaneval-dev", "html", sorted(os.listdir(os.path.join(shared_data, "cleaneval-dev", "html")))[0])
    with open(page, "rb") as f:
        raw = f.read()
    checked = 0
    for o in pith.options():
        prefix = o["name"].split("_")[0]
        if o["group"] != "algorithm" or prefix not in _ALGORITHM_OF or o["kind"] not in ("int", "float", "bool"):
            continue
        value = _other_value(o)
        algorithm = _ALGORITHM_OF[prefix]
        text = {True: "1", False: "0"}.get(value, repr(value)) if o["kind"] == "bool" else repr(value)
        [expected] = cli_records(cli, "-f", "jsonl", "--blocks", "-a", algorithm, f"{o['flag']}={text}", page)
        got = pith.extract(raw, format="json", blocks=True, algorithm=algorithm, **{o["name"]: value})
        expected.pop("input"), got.pop("input")
        assert got == expected, o["name"]
        checked += 1
    assert checked > 45


def test_pickling(example_page):
    ex = pith.Extractor(algorithm="lineblock", lb_thickness=4, blocks=True, links=True)
    again = pickle.loads(pickle.dumps(ex))
    assert again.options == ex.options and again.options["lb_thickness"] == 4
    r = ex.extract(example_page, url="https://example.cn/a")
    assert again.extract(example_page, url="https://example.cn/a").to_dict() == r.to_dict()
    back = pickle.loads(pickle.dumps(r))
    assert back.to_dict() == r.to_dict() and back.markdown == r.markdown and back.status == r.status
    assert back.confidence == r.confidence
    assert [b.links for b in back.blocks].__repr__() == [b.links for b in r.blocks].__repr__()
    commented = pith.Extractor(comments=True, blocks=True).extract(COMMENTED.encode())
    back = pickle.loads(pickle.dumps(commented))
    assert back.to_dict() == commented.to_dict() and back.comments == commented.comments != ""
    assert [b.comment for b in back.blocks] == [b.comment for b in commented.blocks]


def test_threads_share_one_extractor(shared_data):
    pages = []
    for name in ("daniel-dev", "wcxb-dev"):
        folder = os.path.join(shared_data, name, "html")
        for f in sorted(os.listdir(folder))[:10]:
            with open(os.path.join(folder, f), "rb") as fh:
                pages.append(fh.read())
    ex = pith.Extractor(blocks=True)
    expected = [ex.extract(p).to_json() for p in pages]
    got = [None] * (4 * len(pages))

    def work(k):
        for i in range(k, len(got), 4):
            got[i] = ex.extract(pages[i % len(pages)]).to_json()
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == expected * 4


def test_the_gil_is_released_while_a_page_is_extracted():
    # With a switch interval of 100 s, the main thread gets the GIL back from the worker thread only
    # when the worker releases it: inside extract() (released), or after it (held).
    big = ("<html><body>" + "<div><p>Some words of a long page, again and again.</p></div>" * 40000 + "</body></html>").encode()
    ex = pith.Extractor()
    state = []
    started = threading.Event()

    def work():
        state.append("inside")
        started.set()
        ex.extract(big)
        state.append("after")
    old = sys.getswitchinterval()
    sys.setswitchinterval(100)
    try:
        t = threading.Thread(target=work)
        t.start()
        started.wait()
        seen = list(state)
        t.join()
    finally:
        sys.setswitchinterval(old)
    assert seen == ["inside"]


def test_help_reads_like_the_tools(cli):
    doc = pith.extract.__doc__
    tool_help = subprocess.run([cli, "extract", "--help"], stdout=subprocess.PIPE, check=True).stdout.decode()
    for o in pith.options():
        assert f"  {o['name']}=" in doc or o["name"] in ("url", "charset")
        assert o["help"] in tool_help, o["name"]  # one help text (and default) for both, from the table of options
    assert "content algorithm: auto = " in doc and "(default auto)" in doc
    import inspect
    params = inspect.signature(pith.extract).parameters
    assert params["lb_thickness"].default == 3 and params["algorithm"].default == "auto"
    assert list(params)[:3] == ["html", "url", "charset"]


def test_site_pages_are_the_tools(cli, shared_data):
    folder = os.path.join(shared_data, "gne-zh-pages", "html")
    files = [os.path.join(folder, f) for f in sorted(os.listdir(folder))[:4]]
    [expected] = cli_records(cli, "-f", "jsonl", "--site-pages", files[1], files[2], files[3], "--", files[0])
    with open(files[0], "rb") as f:
        got = pith.extract(f.read(), format="json", site_pages=files[1:])
    expected.pop("input"), got.pop("input")
    assert got == expected and got["algorithm"] == "pathsim"


def test_explain_is_the_tools(cli, tmp_path):
    page = tmp_path / "page.html"
    page.write_text(PAGE, encoding="utf-8")
    [expected] = cli_records(cli, "-f", "jsonl", "--explain", str(page))
    got = pith.extract(PAGE.encode(), format="json", explain=True)
    expected.pop("input"), got.pop("input")
    assert got == expected and "explain" in got
    assert pith.Extractor(explain=True).extract(PAGE.encode()).explain == got["explain"]


def test_installed_stub_lists_every_keyword():
    import pith._stubs
    with open(os.path.join(os.path.dirname(pith.__file__), "__init__.pyi"), encoding="utf-8") as f:
        stub = f.read()
    assert stub == pith._stubs.render(stub), "stale: python -m pith._stubs python/pith/__init__.pyi"


def _public(namespace):
    return {n for n in vars(namespace) if not n.startswith("_")}


def test_stub_lists_every_public_name_and_the_module_has_every_stubbed_one(warc_samples):
    import ast
    with open(os.path.join(os.path.dirname(pith.__file__), "__init__.pyi"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    stubbed = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            stubbed[node.name] = {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)} | \
                                 {n.name for n in node.body if isinstance(n, ast.FunctionDef)} - {"__init__", "__next__"}
        elif isinstance(node, ast.FunctionDef):
            stubbed[node.name] = None
        elif isinstance(node, ast.AnnAssign):
            stubbed[node.target.id] = None
    # The iterators read_warc and extract_warc return are stubbed by name without being exported.
    classes = {name: getattr(pith, name) for name in pith.__all__ if isinstance(getattr(pith, name), type)}
    classes["WarcReader"] = type(pith.read_warc(warc_samples[0]))
    classes["ArchiveRecords"] = type(pith.extract_warc(warc_samples[0]))
    for name in pith.__all__ + ["__version__"]:
        assert name in stubbed, f"{name} is missing from python/pith/__init__.pyi"
    for name, cls in classes.items():
        if issubclass(cls, pith.PithError):  # their field is set when raised (checked below)
            assert not _public(cls) and stubbed[name] == ({"status"} if name == "PithError" else set()), name
            continue
        assert _public(cls) == stubbed[name], f"pith.{name}: the stub lists {sorted(stubbed[name])}"
    with pytest.raises(pith.EmptyInputError) as error:  # an error's fields are set when it is raised
        pith.extract(b"")
    assert _public(error.value) == stubbed["PithError"] | stubbed["EmptyInputError"]
    for name in stubbed:
        typing_only = ("Format", "Html", "PageOptions", "Options")
        assert name in classes or hasattr(pith, name) or name in typing_only, f"pith.{name} is stubbed but absent"


COMMENTED = PAGE.replace("</article>", "</article><section id='comments' class='comments'><h2>Comments</h2>"
                         + "".join(f"<div class='comment'><p>Reader {i}: I crossed the bridge this morning and the "
                                   f"traffic was lighter than it has been for two whole years.</p></div>"
                                   for i in range(3)) + "</section>")


@pytest.mark.parametrize("flag, options", [("--comments", {"comments": True}),
                                           ("--no-headline", {"no_headline": True})])
def test_content_switches_are_the_tools(cli, tmp_path, flag, options):
    page = tmp_path / "page.html"
    page.write_text(COMMENTED, encoding="utf-8")
    [expected] = cli_records(cli, "-f", "jsonl", "--blocks", flag, str(page))
    got = pith.extract(COMMENTED.encode(), format="json", blocks=True, **options)
    default = pith.extract(COMMENTED.encode(), format="json", blocks=True)
    expected.pop("input"), got.pop("input"), default.pop("input")
    assert got == expected
    assert got != default  # the switch changes this page's record
    r = pith.Extractor(**options).extract(COMMENTED.encode())
    assert r.comments == got.get("comments", "")
    assert [b.comment for b in r.blocks] == [b.get("comment", False) for b in got["blocks"]]
    assert any(b.comment for b in r.blocks) == ("comments" in options)


@pytest.mark.parametrize("favor", ["precision", "recall"])
def test_favor_is_the_tools(cli, shared_data, favor):
    folder = os.path.join(shared_data, "cleaneval-dev", "html")
    for name in sorted(os.listdir(folder))[:40]:  # the first page whose record the option changes
        path = os.path.join(folder, name)
        with open(path, "rb") as f:
            raw = f.read()
        got = pith.extract(raw, format="json", favor=favor)
        if got != pith.extract(raw, format="json"):
            break
    else:
        pytest.fail(f"favor={favor} changed none of 40 pages")
    [expected] = cli_records(cli, "-f", "jsonl", "--favor", favor, path)
    expected.pop("input"), got.pop("input")
    assert got == expected
