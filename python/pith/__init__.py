"""pith: the main content of web pages — article or thread text, title, date, author, keywords —
from raw HTML in any encoding and script.

    import pith
    text = pith.extract(html_bytes)                        # str (the main text)
    record = pith.extract(html_bytes, url, format="json")  # dict: the fields of `pith extract -f json`

    extractor = pith.Extractor(algorithm="auto", links=True)   # reusable, thread-safe, picklable
    result = extractor.extract(html_bytes, url="https://example.com/a")
    result.text, result.markdown, result.title, result.date, result.status

    for record in pith.extract_warc("crawl.warc.gz"):      # dicts: the JSONL records of the tool
        ...
    for rec in pith.read_warc("crawl.warc.gz"):            # every WARC/ARC record
        page = rec.page()
        if page.skip is None:
            result = extractor.extract(page)

Every option of `pith extract` is a keyword argument of the same name (--auto-min-para is
auto_min_para) with the same default: see help(pith.Extractor) or pith.options(). The GIL is released
while a page is extracted and while an archive is read. docs/python.md has the whole story; pith.dask
runs extraction over many WARC files on a Dask cluster.
"""

from __future__ import annotations

import inspect as _inspect
import os as _os
import textwrap as _textwrap
import threading as _threading

from . import _pith
from ._pith import (
    Block,
    EmptyInputError,
    Encoding,
    Image,
    InternalError,
    InvalidArgumentError,
    IoError,
    Link,
    NotHtmlError,
    PithError,
    Result,
    Span,
    TooLargeError,
    WarcPage,
    WarcRecord,
)

__version__ = _pith.__version__
__all__ = [
    "Block", "EmptyInputError", "Encoding", "Extractor", "Image", "InternalError", "InvalidArgumentError", "IoError",
    "Link", "NotHtmlError", "PithError", "Result", "Span", "TooLargeError", "WarcPage", "WarcRecord", "extract",
    "extract_warc", "option_names", "options", "read_warc",
]

# Every keyword, from the table of options the tool's flags come from too (src/batch/option_table.cc):
# name, flag, kind, default, help, group.
_OPTIONS = tuple(_pith.option_table())
_DEFAULTS = {o["name"]: o["default"] for o in _OPTIONS}


def options():
    """Every keyword argument of pith.Extractor, in the order of `pith extract --help`: a list of
    dicts {name, flag (the tool's flag), kind (int, float, bool, flag, str, list), default, help,
    group (extract, batch, algorithm, site, archive)}."""
    return [dict(o) for o in _OPTIONS]


def option_names():
    """The names of every keyword argument of pith.Extractor."""
    return [o["name"] for o in _OPTIONS]


def _canonical(given):
    """The options given, None meaning the default, and a float equal to its default the default."""
    out = {}
    for name, value in given.items():
        if value is None:
            continue
        default = _DEFAULTS.get(name)
        if isinstance(default, float) and type(value) is float and value == default:
            continue
        out[name] = list(value) if isinstance(value, (list, tuple)) else value
    return out


class Extractor:
    """A reusable extractor: options are read once (with the tool's checks), then extract() may be
    called from any number of threads at once (the GIL is released while a page is extracted).
    Picklable: Dask and multiprocessing ship it to their workers, which rebuild it from its options
    (site_pages and site_model are read again there)."""

    __slots__ = ("_core", "_given")

    def __init__(self, **options):
        self._given = _canonical(options)
        self._core = _pith.Core(**self._given)

    def extract(self, html, url=None, http_charset=None):
        """Extracts one page and returns a pith.Result (never raises for a bad page: see
        Result.status and Result.raise_for_status()).

        html: the raw page as bytes (in any encoding: pith sniffs it, as the tool does), str (text
        already decoded), or a pith.WarcPage from WarcRecord.page() (its body, URL and HTTP charset).
        url: where the page came from (canonical URL, date in the URL, links); default the url option.
        http_charset: the charset of the HTTP Content-Type header, if known (a hint, as in a WARC)."""
        if isinstance(html, WarcPage):
            return self._core.extract(html.body, html.url if url is None else url,
                                      (html.http_charset or None) if http_charset is None else http_charset)
        return self._core.extract(html, url, http_charset)

    def extract_warc(self, path, *, lines=False):
        """The records `pith extract PATH -f jsonl` writes for a WARC/ARC file (plain, .gz or .zst):
        a dict per extracted page and per damaged stretch (error record), in file order; records
        that are not HTML pages (requests, redirects, images, ...) are only counted. With lines=True,
        each record is the JSON line (str, ending in a newline) as the tool writes it. The returned
        iterator's `counts` says what became of every record read so far. A file that cannot be
        opened gives one io_error record."""
        return self._core.records(_os.fspath(path), lines)

    @property
    def options(self):
        """Every option with its value (the defaults and those given)."""
        values = dict(_DEFAULTS)
        values.update(self._given)
        return values

    def __reduce__(self):
        return (_rebuild, (self._given,))

    def __repr__(self):
        given = ", ".join(f"{k}={v!r}" for k, v in self._given.items())
        return f"pith.Extractor({given})"


def _rebuild(given):
    return Extractor(**given)


_cache = {}
_cache_lock = _threading.Lock()


def _extractor_for(options):
    """One Extractor per set of options, kept for the next call with the same options."""
    given = _canonical(options)
    key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in given.items()))
    with _cache_lock:
        extractor = _cache.get(key)
    if extractor is None:
        extractor = Extractor(**given)
        with _cache_lock:
            if len(_cache) >= 64:
                _cache.clear()
            _cache[key] = extractor
    return extractor


def extract(html, url=None, charset=None, *, format="text", http_charset=None, **options):
    """Extracts the main content of one page.

    Returns a str (format text, markdown, paper, jsonl, html) or a dict (format json: the record of
    `pith extract -f json`). A page without main content is a normal result: "" (or a record whose
    status is "no_content"). A page pith cannot read raises pith.EmptyInputError, NotHtmlError,
    TooLargeError (all pith.PithError and ValueError); a bad option raises TypeError or
    pith.InvalidArgumentError.

    html: bytes in any encoding (pith sniffs the charset: BOM, <meta>, UTF-8 validity, detector) or
    str. url: the page's URL. charset: decode with this charset, overriding all sniffing (the tool's
    --charset). http_charset: the HTTP Content-Type's charset, a hint. The other keywords are the
    options of `pith extract`, listed below with their defaults.
    """
    extractor = _extractor_for(dict(options, charset=charset, format=format))
    result = extractor._core.extract(html, url, http_charset)
    result.raise_for_status()
    return result.render(format)


def extract_warc(path, *, lines=False, **options):
    """The records of a WARC/ARC file (plain, .gz or .zst) as `pith extract PATH -f jsonl` writes
    them: an iterator of dicts (or JSON lines with lines=True), one per HTML page and per damaged
    stretch, in file order (see Extractor.extract_warc). Keywords: the options of pith.Extractor
    (warc_status, warc_types, warc_payload select the records; blocks, links add fields)."""
    return _extractor_for(options).extract_warc(path, lines=lines)


def read_warc(path, *, max_record_bytes=64 << 20):
    """Iterates over every record of a WARC or ARC file (plain, gzip or zstd; sniffed from its
    bytes) as pith.WarcRecord, damaged stretches included (record.error says what was wrong; the
    reader goes on after them). Memory is bounded by the largest record (a longer block becomes a
    record_too_large error). Raises pith.IoError when the file cannot be opened."""
    return _pith.WarcReader(_os.fspath(path), max_record_bytes)


# help(pith.extract) and help(pith.Extractor) list every option as `pith extract --help` does, and
# their signatures carry every keyword with its default.
def _option_help(skip=()):
    titles = {
        "extract": "Output", "batch": "Batch (pith.dask)", "algorithm": "Algorithm and thresholds",
        "site": "Site models (algorithm pathsim)", "archive": "Web archives",
    }
    lines, group = [], None
    for o in _OPTIONS:
        if o["name"] in skip:
            continue
        if o["group"] != group:
            group = o["group"]
            lines.append(f"\n{titles.get(group, group)} options:")
        lines.append(f"  {o['name']}={o['default']!r}  ({o['flag']})")
        lines.extend(_textwrap.wrap(o["help"], 96, initial_indent="      ", subsequent_indent="      "))
    return "\n".join(lines)


def _keyword(name, default):
    return _inspect.Parameter(name, _inspect.Parameter.KEYWORD_ONLY, default=default)


_P = _inspect.Parameter
extract.__signature__ = _inspect.Signature(
    [_P("html", _P.POSITIONAL_OR_KEYWORD), _P("url", _P.POSITIONAL_OR_KEYWORD, default=None),
     _P("charset", _P.POSITIONAL_OR_KEYWORD, default=None), _keyword("format", "text"),
     _keyword("http_charset", None)]
    + [_keyword(o["name"], o["default"]) for o in _OPTIONS if o["name"] not in ("url", "charset", "format")])
extract.__doc__ += _option_help(skip=("url", "charset"))
Extractor.__init__.__signature__ = _inspect.Signature(
    [_P("self", _P.POSITIONAL_OR_KEYWORD)] + [_keyword(o["name"], o["default"]) for o in _OPTIONS])
Extractor.__doc__ += "\n" + _option_help()
