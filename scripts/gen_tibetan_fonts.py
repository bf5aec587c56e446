#!/usr/bin/env python3
"""Generates src/decode/tibetan_fonts_data.cc: (legacy Tibetan font, byte) -> Unicode tables.

Usage:  scripts/gen_tibetan_fonts.py [SOURCE_DIR] > src/decode/tibetan_fonts_data.cc
        SOURCE_DIR defaults to ../shared/data/tibetan-legacy-fonts (relative to the project root).

Sources (Apache-2.0, see data/tibetan-legacy-fonts/NOTICE):
  utfc.csv       font, key, Unicode string  - the UTFC tables of the Trace Foundation, as extracted
                 by buda-base/py-tiblegenc (pytiblegenc/font-tables/utfc.csv)
  tiblegenc.csv  font, key, Unicode string  - the other font tables of buda-base/py-tiblegenc

How the two are merged (each rule is printed into the generated file's header):
  * Keys are code points of the text as a Windows (cp1252) browser decodes the page: keys < 256 are
    bytes; keys that are cp1252's code points for bytes 0x80-0x9F (U+20AC euro ... U+2122 trade mark)
    are mapped back to those bytes. Other keys (Mac Roman code points such as U+2260, symbol-font
    private-use keys U+F0xx, control characters) come from PDF extraction, never occur in a
    cp1252-decoded web page, and are dropped. Keys <= 32 (controls, space) are never mapped: a space
    in a legacy font is a space.
  * An empty Unicode string means "no mapping" (it is not a deletion).
  * utfc.csv is the primary table: it was built for web pages and RTF, keyed by Windows code points,
    and its syllable-dot bytes agree with paper 003, table 1 (TMW 0x2D, TM 0xCD, TCRC 0x2D/0x2E).
  * tiblegenc.csv fills bytes utfc.csv lacks, but only for fonts where the two tables agree on at
    least AGREEMENT of the bytes both map (the others, e.g. TibetanMachineWeb1-9, are shifted by one
    byte in tiblegenc.csv: tibwn.ini of THDL confirms utfc's TMW1 0x22 = s+g), and it is the only
    table for fonts utfc.csv does not cover (TibetanChogyal, TibetanClassic, TibetanMangala).
The output is deterministic (fonts sorted by name).
"""
import collections
import csv
import os
import sys

AGREEMENT = 0.8

# Encoding (font family) of each font, by name prefix: the label pith reports for a legacy page.
FAMILIES = [
    ("TibetanMachineWeb", "TMW"),
    ("TibetanMachine", "TM"),
    ("Ededris", "Sambhota (New)"),
    ("Esam", "Sambhota (Old)"),
    ("LTibetan", "LTibetan"),
    ("LMantra", "LTibetan"),
    ("TCRC", "TCRC"),
    ("DBu-can", "Jamyang"),
    ("Tibetisch dBu-can", "Jamyang"),
    ("TibetanChogyal", "PKTC"),
    ("TibetanClassic", "PKTC"),
    ("TibetanMangala", "PKTC"),
]


def family_of(font):
    for prefix, label in FAMILIES:
        if font.startswith(prefix):
            return label
    raise SystemExit("gen_tibetan_fonts: no family for font %r (extend FAMILIES)" % font)


def cp1252_high():
    out = {}
    for b in range(0x80, 0xA0):
        try:
            out[ord(bytes([b]).decode("cp1252"))] = b
        except UnicodeDecodeError:
            pass
    return out


def load(path, high):
    table = collections.defaultdict(dict)
    dropped = 0
    with open(path, encoding="utf-8", newline="") as f:
        for row in csv.reader(f):
            if len(row) != 3 or not row[1].isdigit():
                dropped += 1
                continue
            font, key, text = row[0], int(row[1]), row[2]
            if 32 < key < 256:
                byte = key
            elif key in high:
                byte = high[key]
            else:
                dropped += 1
                continue
            if text == "":
                continue
            table[font][byte] = text
    return table, dropped


def c_escape(s):
    out = []
    for b in s.encode("utf-8"):
        out.append("\\x%02x" % b)
    return "".join(out)


def default_source():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.join(root, "..", "shared", "data", "tibetan-legacy-fonts")


def merged_tables(src):
    """Returns ({font: {byte: unicode}}, notes, dropped_utfc, dropped_tiblegenc)."""
    high = cp1252_high()
    utfc, dropped_u = load(os.path.join(src, "utfc.csv"), high)
    tib, dropped_t = load(os.path.join(src, "tiblegenc.csv"), high)
    merged = {}
    notes = []
    for font in sorted(set(utfc) | set(tib)):
        if font in ("kb04-",):  # a one-entry stray row in tiblegenc.csv, not a font
            continue
        a, b = utfc.get(font, {}), tib.get(font, {})
        table = dict(a)
        if not a:
            table = dict(b)
            notes.append("%s: tiblegenc.csv only (%d bytes)" % (font, len(b)))
        elif b:
            common = [k for k in a if k in b]
            same = sum(1 for k in common if a[k] == b[k])
            ratio = same / len(common) if common else 0.0
            if ratio >= AGREEMENT:
                added = 0
                for k, v in b.items():
                    if k not in table:
                        table[k] = v
                        added += 1
                notes.append("%s: utfc.csv + %d bytes from tiblegenc.csv (agreement %.2f)"
                             % (font, added, ratio))
            else:
                notes.append("%s: utfc.csv only; tiblegenc.csv disagrees (agreement %.2f)"
                             % (font, ratio))
        else:
            notes.append("%s: utfc.csv only" % font)
        merged[font] = table
    return merged, notes, dropped_u, dropped_t


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else default_source()
    merged, notes, dropped_u, dropped_t = merged_tables(src)

    blob = []
    blob_index = {}
    offset = 0

    def intern(text):
        nonlocal offset
        if text in blob_index:
            return blob_index[text]
        enc = text.encode("utf-8")
        if len(enc) > 255:
            raise SystemExit("gen_tibetan_fonts: mapping too long: %r" % text)
        blob_index[text] = (offset, len(enc))
        blob.append(text)
        offset += len(enc)
        return blob_index[text]

    rows = []
    for font in sorted(merged):
        table = merged[font]
        cells = []
        tsheg = []
        for byte in range(256):
            text = table.get(byte)
            if text is None:
                cells.append("0")
                continue
            off, n = intern(text)
            cells.append("0x%x" % ((off << 8) | n))
            if text in ("\u0f0b", "\u0f0c"):
                tsheg.append(byte)
        rows.append((font, family_of(font), tsheg, cells, len(table)))

    w = sys.stdout.write
    w("// GENERATED by scripts/gen_tibetan_fonts.py - do not edit by hand; rerun the script instead.\n")
    w("//\n")
    w("// Legacy Tibetan font encodings: (font, byte) -> Unicode, for text that pages typed in ASCII-\n")
    w("// based Tibetan fonts (paper 003, table 1). Derived from two Apache-2.0 data files of\n")
    w("// buda-base/py-tiblegenc (https://github.com/buda-base/py-tiblegenc):\n")
    w("//   utfc.csv      - the UTFC font tables of the Trace Foundation (https://github.com/tracefoundation/UTFC)\n")
    w("//   tiblegenc.csv - the other font tables of py-tiblegenc (UDP, ATTU, InDesign scripts)\n")
    w("// Licensed under the Apache License, Version 2.0 (http://www.apache.org/licenses/LICENSE-2.0);\n")
    w("// see data/tibetan-legacy-fonts/NOTICE. Modified: merged and re-keyed as described below.\n")
    w("//\n")
    doc = __doc__.strip().splitlines()
    start = next(i for i, l in enumerate(doc) if l.startswith("How the two are merged"))
    for line in doc[start:]:
        w(("// " + line).rstrip() + "\n")
    w("// Rows dropped (PDF-only keys, malformed lines): utfc.csv %d, tiblegenc.csv %d.\n"
      % (dropped_u, dropped_t))
    w("// Per font:\n")
    for n in notes:
        w("//   %s\n" % n)
    w("//\n")
    w("// Cell = (offset << 8) | length of the glyph's UTF-8 text in kLegacyGlyphText; 0 = no mapping.\n")
    w("#include \"decode/tibetan.h\"\n\n")
    w("namespace pith::decode::internal {\n\n")
    w("const char kLegacyGlyphText[] =\n")
    line = ""
    for text in blob:
        piece = c_escape(text)
        if len(line) + len(piece) > 90:
            w('    "%s"\n' % line)
            line = ""
        line += piece
    if line:
        w('    "%s"\n' % line)
    w(";\n\n")
    w("const LegacyFontTable kLegacyFonts[] = {\n")
    for font, family, tsheg, cells, count in rows:
        tsheg_s = "".join("\\x%02x" % t for t in tsheg)
        w('    {"%s", "%s", "%s", %d, {\n' % (font, family, tsheg_s, count))
        for i in range(0, 256, 16):
            w("        " + ", ".join(cells[i:i + 16]) + ",\n")
        w("    }},\n")
    w("};\n\n")
    w("const std::size_t kLegacyFontCount = sizeof(kLegacyFonts) / sizeof(kLegacyFonts[0]);\n\n")
    w("}  // namespace pith::decode::internal\n")


if __name__ == "__main__":
    main()
