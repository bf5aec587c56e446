"""WARC files for the Python tests and bench/python_bench.py, built from ../shared/data pages: each
page an HTTP response record (every 5th chunked, every 4th gzip-encoded, every 3rd with its charset in
the HTTP header), a request record before every 3rd page and a non-HTML response after every 6th,
one gzip member per record as Common Crawl writes them."""

import gzip
import os
import uuid


def corpus_pages(data_dir, stride=1, limit=None):
    """(url, bytes) of the pages of every set of `data_dir`, sorted by path, every `stride`-th."""
    files = []
    for name in sorted(os.listdir(data_dir)):
        html = os.path.join(data_dir, name, "html")
        if os.path.isdir(html):
            files += [os.path.join(html, f) for f in sorted(os.listdir(html))]
    files.sort()
    out = []
    for path in files[::stride]:
        if limit is not None and len(out) >= limit:
            break
        with open(path, "rb") as f:
            set_name = os.path.basename(os.path.dirname(os.path.dirname(path)))
            out.append((f"http://{set_name}.example/{os.path.splitext(os.path.basename(path))[0]}", f.read()))
    return out


def _record(kind, uri, content_type, block, n):
    rid = uuid.UUID(int=n)
    head = (f"WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\nWARC-Date: 2026-11-28T12:00:00Z\r\n"
            f"WARC-Record-ID: <urn:uuid:{rid}>\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {len(block)}\r\n\r\n").encode()
    return gzip.compress(head + block + b"\r\n\r\n", compresslevel=6, mtime=0)


def _chunked(body, piece=4000):
    out = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + piece]), body[i:i + piece]) for i in range(0, len(body), piece))
    return out + b"0\r\n\r\n"


def write_warc(path, pages, first_id=0):
    """Writes `pages` [(url, bytes)] as a .warc.gz file."""
    n = first_id
    with open(path, "wb") as f:
        for i, (url, body) in enumerate(pages):
            if i % 3 == 0:
                n += 1
                f.write(_record("request", url, "application/http; msgtype=request",
                                f"GET / HTTP/1.1\r\nHost: {url.split('/')[2]}\r\n\r\n".encode(), n))
            headers = "Content-Type: text/html" + ("; charset=utf-8" if i % 3 == 1 else "") + "\r\n"
            if i % 4 == 2:
                body = gzip.compress(body, mtime=0)
                headers += "Content-Encoding: gzip\r\n"
            if i % 5 == 3:
                body = _chunked(body)
                headers += "Transfer-Encoding: chunked\r\n"
            n += 1
            f.write(_record("response", url, "application/http; msgtype=response",
                            f"HTTP/1.1 200 OK\r\n{headers}\r\n".encode() + body, n))
            if i % 6 == 5:
                n += 1
                f.write(_record("response", url + ".png", "application/http; msgtype=response",
                                b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n", n))
    return n
