// pith.Extractor's C++ side (_pith.Core) and the result classes (core.h).
#include <iostream>

#include <pybind11/stl.h>

#include "batch/driver.h"
#include "batch/records.h"
#include "core.h"
#include "decode/decode.h"
#include "errors.h"
#include "json_py.h"
#include "render/formats.h"

namespace py = pybind11;

namespace pith::python {
namespace {

// Characters (code points) in the first `bytes` bytes of UTF-8 `text`: Python's index of a byte
// offset.
std::size_t CharIndex(std::string_view text, std::size_t bytes) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < bytes && i < text.size(); ++i) n += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
  return n;
}

// A link of a block, in characters of the block's text (text[begin:end] in Python).
struct PyLink {
  std::size_t begin = 0, end = 0;
  std::string url, text;
};

// A span of a block (inline markup), in characters of the block's text.
struct PySpan {
  std::string kind;
  std::size_t begin = 0, end = 0;
  std::string text;
  std::uint32_t note = 0;
};

// An image of a block; `at` in characters of the block's text.
struct PyImage {
  std::string src, alt, caption;
  std::size_t at = 0;
};

// [begin, end) of `text` clamped to it, as byte offsets.
std::pair<std::size_t, std::size_t> Clamp(const std::string& text, std::uint32_t begin, std::uint32_t end) {
  const std::size_t e = std::min<std::size_t>(end, text.size());
  return {std::min<std::size_t>(begin, e), e};
}

std::vector<PySpan> SpansOf(const Block& b) {
  std::vector<PySpan> out;
  for (const Span& s : b.spans) {
    const auto [begin, end] = Clamp(b.text, s.begin, s.end);
    out.push_back({SpanKindName(s.kind), CharIndex(b.text, begin), CharIndex(b.text, end), b.text.substr(begin, end - begin),
                   s.note});
  }
  return out;
}

std::vector<PyImage> ImagesOf(const Block& b) {
  std::vector<PyImage> out;
  for (const Image& i : b.images) out.push_back({i.src, i.alt, i.caption, CharIndex(b.text, i.at)});
  return out;
}

std::vector<PyLink> LinksOf(const Block& b) {
  std::vector<PyLink> out;
  for (const Link& l : b.links) {
    const auto [begin, end] = Clamp(b.text, l.begin, l.end);
    out.push_back({CharIndex(b.text, begin), CharIndex(b.text, end), l.url, b.text.substr(begin, end - begin)});
  }
  return out;
}

nlohmann::json ToJsonOf(const PageResult& r) {
  return render::ToJson(r.result, "", r.blocks, &r.explain, r.links);
}

py::object Render(const PageResult& r, const std::string& format) {
  if (format == "text") return Utf8Str(r.result.Text());
  if (format == "markdown") return Utf8Str(render::ToMarkdown(r.result, r.links));
  if (format == "paper") return Utf8Str(render::ToPaperFormat(r.result));
  if (format == "json") return ToPython(ToJsonOf(r));
  if (format == "jsonl") return py::str(render::DumpJson(ToJsonOf(r)));
  if (format == "html") return Utf8Str(r.html ? *r.html : std::string());
  throw py::value_error("unknown format \"" + format + "\" (text, markdown, paper, json, jsonl, html)");
}

bool Failed(const Result& r) { return !r.status.ok() && r.status.code() != StatusCode::kNoContent; }

// Pickling a result: every field, so that a Result computed on a Dask worker comes back whole.
py::tuple BlockState(const Block& b) {
  py::list links, images, spans;
  for (const Link& l : b.links) links.append(py::make_tuple(l.begin, l.end, py::bytes(l.url)));
  for (const Image& i : b.images) images.append(py::make_tuple(py::bytes(i.src), py::bytes(i.alt), py::bytes(i.caption), i.at));
  for (const Span& s : b.spans) spans.append(py::make_tuple(static_cast<int>(s.kind), s.begin, s.end, s.note));
  return py::make_tuple(static_cast<int>(b.kind), b.level, b.number, py::bytes(b.text), b.line,
                        py::make_tuple(b.table, b.row, b.cell, b.colspan, b.rowspan, b.header), b.item, b.depth, links,
                        py::bytes(b.language), images, spans, b.comment, b.quote, b.footnote,
                        static_cast<int>(b.definition));
}

Block BlockFromState(const py::tuple& t) {
  if (t.size() != 16) throw std::runtime_error("pith.Block: bad pickle state");
  Block b;
  b.kind = static_cast<BlockKind>(t[0].cast<int>());
  b.level = t[1].cast<int>();
  b.number = t[2].cast<std::uint32_t>();
  b.text = t[3].cast<std::string>();
  b.line = t[4].cast<std::uint32_t>();
  const auto cell = t[5].cast<py::tuple>();
  b.table = cell[0].cast<std::uint32_t>();
  b.row = cell[1].cast<std::uint32_t>();
  b.cell = cell[2].cast<std::uint32_t>();
  b.colspan = cell[3].cast<std::uint32_t>();
  b.rowspan = cell[4].cast<std::uint32_t>();
  b.header = cell[5].cast<bool>();
  b.item = t[6].cast<std::uint32_t>();
  b.depth = t[7].cast<int>();
  for (const py::handle h : t[8]) {
    const auto l = h.cast<py::tuple>();
    b.links.push_back({l[0].cast<std::uint32_t>(), l[1].cast<std::uint32_t>(), l[2].cast<std::string>()});
  }
  b.language = t[9].cast<std::string>();
  for (const py::handle h : t[10]) {
    const auto i = h.cast<py::tuple>();
    b.images.push_back({i[0].cast<std::string>(), i[1].cast<std::string>(), i[2].cast<std::string>(), i[3].cast<std::uint32_t>()});
  }
  for (const py::handle h : t[11]) {
    const auto sp = h.cast<py::tuple>();
    b.spans.push_back({static_cast<SpanKind>(sp[0].cast<int>()), sp[1].cast<std::uint32_t>(), sp[2].cast<std::uint32_t>(),
                       sp[3].cast<std::uint32_t>()});
  }
  b.comment = t[12].cast<bool>();
  b.quote = t[13].cast<std::uint32_t>();
  b.footnote = t[14].cast<std::uint32_t>();
  b.definition = static_cast<DefinitionPart>(t[15].cast<int>());
  return b;
}

py::tuple ResultState(const PageResult& pr) {
  const Result& r = pr.result;
  const EncodingInfo& e = r.encoding;
  const Metadata& m = r.metadata;
  py::list blocks;
  for (const Block& b : r.blocks) blocks.append(BlockState(b));
  return py::make_tuple(
      static_cast<int>(r.status.code()), py::bytes(r.status.message()), static_cast<int>(r.algorithm),
      py::make_tuple(e.charset, static_cast<int>(e.source), py::bytes(e.declared), e.replacements,
                     e.legacy_fonts_converted, e.legacy_fonts_unconverted, e.legacy_unmapped_chars),
      py::make_tuple(py::bytes(m.title), py::bytes(m.site_name), py::bytes(m.date), py::bytes(m.author), m.keywords,
                     m.lang, m.dir, py::bytes(m.url), py::bytes(m.description)),
      blocks, pr.blocks, pr.links, pr.html ? py::object(py::bytes(*pr.html)) : py::object(py::none()),
      py::bytes(pr.explain.is_null() ? std::string() : pr.explain.dump()),
      py::make_tuple(static_cast<int>(r.page_type), r.page_type_probability, r.confidence));
}

PageResult ResultFromState(const py::tuple& t) {
  if (t.size() != 11) throw std::runtime_error("pith.Result: bad pickle state");
  PageResult pr;
  Result& r = pr.result;
  r.status = Status(static_cast<StatusCode>(t[0].cast<int>()), t[1].cast<std::string>());
  r.algorithm = static_cast<Algorithm>(t[2].cast<int>());
  const auto e = t[3].cast<py::tuple>();
  r.encoding.charset = e[0].cast<std::string>();
  r.encoding.source = static_cast<EncodingSource>(e[1].cast<int>());
  r.encoding.declared = e[2].cast<std::string>();
  r.encoding.replacements = e[3].cast<std::uint64_t>();
  r.encoding.legacy_fonts_converted = e[4].cast<std::vector<std::string>>();
  r.encoding.legacy_fonts_unconverted = e[5].cast<std::vector<std::string>>();
  r.encoding.legacy_unmapped_chars = e[6].cast<std::uint32_t>();
  const auto m = t[4].cast<py::tuple>();
  Metadata& md = r.metadata;
  md.title = m[0].cast<std::string>();
  md.site_name = m[1].cast<std::string>();
  md.date = m[2].cast<std::string>();
  md.author = m[3].cast<std::string>();
  md.keywords = m[4].cast<std::vector<std::string>>();
  md.lang = m[5].cast<std::string>();
  md.dir = m[6].cast<std::string>();
  md.url = m[7].cast<std::string>();
  md.description = m[8].cast<std::string>();
  for (const py::handle b : t[5]) r.blocks.push_back(BlockFromState(b.cast<py::tuple>()));
  pr.blocks = t[6].cast<bool>();
  pr.links = t[7].cast<bool>();
  if (!t[8].is_none()) pr.html = t[8].cast<std::string>();
  const std::string explain = t[9].cast<std::string>();
  if (!explain.empty()) pr.explain = nlohmann::json::parse(explain);
  const auto judged = t[10].cast<py::tuple>();
  r.page_type = static_cast<PageType>(judged[0].cast<int>());
  r.page_type_probability = judged[1].cast<double>();
  r.confidence = judged[2].cast<double>();
  return pr;
}

PageResult ExtractPage(const Core& core, const py::handle& html, const std::optional<std::string>& url,
                       const std::optional<std::string>& http_charset) {
  std::string copy;
  bool is_text = false;
  const std::string_view bytes = PageBytes(html, &copy, &is_text);
  const Config& c = core.config();
  PageInfo info;
  info.url = url ? *url : c.url;
  // A str is text already: its UTF-8 bytes are read as UTF-8 whatever the page declares.
  info.charset = http_charset ? *http_charset : (is_text ? "utf-8" : "");
  PageResult pr;
  pr.blocks = c.blocks;
  pr.links = c.links;
  std::string purified;
  {
    py::gil_scoped_release nogil;
    pr.result = batch::ExtractPage(core.extractor(), bytes, info, c.explain ? &pr.explain : nullptr,
                                   c.format == "html" ? &purified : nullptr);
  }
  if (c.format == "html" && !Failed(pr.result)) pr.html = std::move(purified);
  return pr;
}

}  // namespace

std::string_view PageBytes(const py::handle& html, std::string* copy, bool* is_text) {
  *is_text = false;
  if (PyBytes_Check(html.ptr())) {
    return {PyBytes_AS_STRING(html.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(html.ptr()))};
  }
  if (PyUnicode_Check(html.ptr())) {
    *is_text = true;
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(html.ptr(), &size);
    if (utf8) return {utf8, static_cast<std::size_t>(size)};
    PyErr_Clear();  // lone surrogates: written as U+FFFD
    *copy = py::reinterpret_steal<py::bytes>(PyUnicode_AsEncodedString(html.ptr(), "utf-8", "replace")).cast<std::string>();
    return *copy;
  }
  if (PyObject_CheckBuffer(html.ptr())) {  // bytearray, memoryview, ...: copied (they may change meanwhile)
    Py_buffer view;
    if (PyObject_GetBuffer(html.ptr(), &view, PyBUF_CONTIG_RO) != 0) throw py::error_already_set();
    copy->assign(static_cast<const char*>(view.buf), static_cast<std::size_t>(view.len));
    PyBuffer_Release(&view);
    return *copy;
  }
  throw py::type_error("html must be bytes (any encoding: pith sniffs it) or str, not " +
                       py::str(py::type::handle_of(html).attr("__name__")).cast<std::string>());
}

Core::Core(const py::dict& kwargs) : config_(ParseKeywords(kwargs)) {
  if (config_.format == "wet") RaiseInvalidArgument("format: wet is the tool's (a WARC file); text, json, jsonl, markdown, paper or html");
  const Options& options = config_.options;
  if (!options.forced_charset.empty()) {
    decode::Decoded probe;
    const Status s = decode::Decode("<p>", options.forced_charset, "", &probe);
    if (s.code() == StatusCode::kInvalidArgument) RaiseInvalidArgument("charset: " + s.message());
  }
  Status s;
  {
    py::gil_scoped_release nogil;  // a site model may be learned from pages
    const batch::Complain complain = [](const std::string& line) { std::cerr << "pith: " << line << "\n"; };
    s = batch::MakeExtractor(config_, batch::kPython, complain, &extractor_);
  }
  if (!s.ok()) RaiseStatus(s);
  const batch::ArchiveSettings& a = config_.archive;
  page_options_ = batch::MakeWarcPageOptions(a.status, a.types, a.payload, extractor_->options().max_input_bytes);
}

void RegisterExtractor(py::module_& m) {
  py::class_<PyLink>(m, "Link", "A linked stretch of a block's text: block.text[begin:end] is `text`.")
      .def_readonly("begin", &PyLink::begin, "where the link starts, in characters of the block's text")
      .def_readonly("end", &PyLink::end, "where it ends (exclusive)")
      .def_property_readonly("url", [](const PyLink& l) { return Utf8Str(l.url); },
                             "the href, resolved against the page's URL and <base href>")
      .def_property_readonly("text", [](const PyLink& l) { return Utf8Str(l.text); }, "the linked text")
      .def("__repr__", [](const PyLink& l) {
        return "Link(" + std::to_string(l.begin) + ", " + std::to_string(l.end) + ", " + py::repr(py::str(l.url)).cast<std::string>() + ")";
      });

  py::class_<PySpan>(m, "Span", "Inline markup over a stretch of a block's text: block.text[begin:end] is `text`.")
      .def_readonly("kind", &PySpan::kind, "emphasis, strong, code, strikethrough, superscript, subscript, math "
                                           "(an inline formula: `text` is its LaTeX), footnote (a footnote's "
                                           "reference: `note` is its note's number) or footnote_back (a note's "
                                           "link back to its reference)")
      .def_readonly("begin", &PySpan::begin, "where the span starts, in characters of the block's text")
      .def_readonly("end", &PySpan::end, "where it ends (exclusive)")
      .def_property_readonly("text", [](const PySpan& s) { return Utf8Str(s.text); }, "the text it covers")
      .def_readonly("note", &PySpan::note, "a footnote reference: the number of its note (Block.footnote); else 0")
      .def("__repr__", [](const PySpan& s) {
        return "Span(" + s.kind + ", " + std::to_string(s.begin) + ", " + std::to_string(s.end) + ")";
      });

  py::class_<PyImage>(m, "Image", "An image of the content (images=True, the default).")
      .def_property_readonly("src", [](const PyImage& i) { return Utf8Str(i.src); },
                             "its URL (the lazy-loading source, src or the largest srcset candidate), resolved as links are")
      .def_property_readonly("alt", [](const PyImage& i) { return Utf8Str(i.alt); }, "its alt text")
      .def_property_readonly("caption", [](const PyImage& i) { return Utf8Str(i.caption); },
                             "the text of its <figure>'s <figcaption>, \"\" if none")
      .def_readonly("at", &PyImage::at, "inside a block's text: the character offset it stands at; 0 for an image block")
      .def("__repr__", [](const PyImage& i) { return "Image(" + py::repr(Utf8Str(i.src)).cast<std::string>() + ")"; });

  py::class_<Block>(m, "Block", "One unit of main content, in document order.")
      .def_property_readonly("kind", [](const Block& b) { return BlockKindName(b.kind); },
                             "paragraph, heading, list_item, quote, code, table_row, caption, image or math "
                             "(a display formula: the text is its LaTeX)")
      .def_readonly("level", &Block::level,
                    "heading level 1-6 for a heading; for a list item, how many lists hold it (1 = top level)")
      .def_readonly("number", &Block::number, "a block of an ordered list's item: the item's number, from 1; else 0")
      .def_property_readonly("text", [](const Block& b) { return Utf8Str(b.text); },
                             "the text, whitespace collapsed ('\\n' where the page breaks the line)")
      .def_readonly("line", &Block::line, "1-based source line where the block starts (0 = unknown)")
      .def_readonly("table", &Block::table, "a block of a data table's cell: an id shared by the table's blocks (0 = none)")
      .def_readonly("row", &Block::row, "a table row cell: an id shared by the cells of one row (0 = none)")
      .def_readonly("cell", &Block::cell, "an id shared by the blocks of one cell (0 = none)")
      .def_readonly("colspan", &Block::colspan, "the cell's colspan as HTML reads it (1 outside tables)")
      .def_readonly("rowspan", &Block::rowspan, "the cell's rowspan (0: to the end of its row group; 1 outside tables)")
      .def_readonly("header", &Block::header, "the cell is a header cell (<th>, or a cell of <thead>)")
      .def_readonly("item", &Block::item, "an id shared by the blocks of one list item (0 = none)")
      .def_readonly("depth", &Block::depth, "a block of a list item: how many lists hold the item; else 0")
      .def_readonly("quote", &Block::quote,
                    "a quotation's block: an id shared by the blocks of one quotation or callout (0 = none)")
      .def_readonly("footnote", &Block::footnote,
                    "a block of a footnote's note: the note's number, from 1 in the order the text refers to "
                    "the notes (0 = none)")
      .def_property_readonly("definition", [](const Block& b) {
        return b.definition == DefinitionPart::kTerm ? "term" : b.definition == DefinitionPart::kDescription ? "description" : "";
      }, "a block of a definition list's <dt>: \"term\", of its <dd>: \"description\"; else \"\"")
      .def_property_readonly("links", &LinksOf, "the linked stretches of the text (filled when links=True)")
      .def_property_readonly("language", [](const Block& b) { return Utf8Str(b.language); },
                             "a code block: the language the page names for it, lower case (\"\" = none)")
      .def_property_readonly("images", &ImagesOf, "an image block: its image; other blocks: the images in their text")
      .def_property_readonly("spans", &SpansOf, "inline markup of the text, ordered by begin, an outer span before "
                                               "the spans it holds (not for code)")
      .def_readonly("comment", &Block::comment,
                    "the block is part of a comment section or the replies after an article (comments=True)")
      .def("__repr__", [](const Block& b) {
        std::size_t cut = std::min<std::size_t>(b.text.size(), 60);
        while (cut < b.text.size() && (static_cast<unsigned char>(b.text[cut]) & 0xC0) == 0x80) --cut;  // a whole character
        return std::string("Block(") + BlockKindName(b.kind) + ", " + py::repr(Utf8Str(b.text.substr(0, cut))).cast<std::string>() + ")";
      });

  py::class_<EncodingInfo>(m, "Encoding", "How the page's bytes were decoded.")
      .def_readonly("charset", &EncodingInfo::charset, "the charset used (\"UTF-8\", \"GB18030\", ...); \"\" if none")
      .def_property_readonly("source", [](const EncodingInfo& e) { return EncodingSourceName(e.source); },
                             "what decided it: caller, bom, meta, utf8 (valid UTF-8), detector, default, none")
      .def_readonly("declared", &EncodingInfo::declared, "what the page's <meta> declared (\"\" = nothing)")
      .def_readonly("replacements", &EncodingInfo::replacements, "invalid sequences replaced by U+FFFD")
      .def_readonly("legacy_fonts_converted", &EncodingInfo::legacy_fonts_converted,
                    "legacy Tibetan fonts whose text was converted to Unicode")
      .def_readonly("legacy_fonts_unconverted", &EncodingInfo::legacy_fonts_unconverted,
                    "declared legacy fonts no table covers (their text is kept as it is)")
      .def("__repr__", [](const EncodingInfo& e) {
        return "Encoding(" + py::repr(py::str(e.charset)).cast<std::string>() + ", source=" + EncodingSourceName(e.source) + ")";
      });

  py::class_<PageResult>(m, "Result",
                         "What one extraction returns. `status` is \"ok\", \"no_content\" (a normal outcome: the "
                         "page has no main content; text is \"\") or an error (\"not_html\", \"empty_input\", "
                         "\"too_large\", \"io_error\", ...): see raise_for_status().")
      .def_property_readonly("text", [](const PageResult& r) { return Utf8Str(r.result.Text()); },
                             "the main text, blocks separated by blank lines, as format=\"text\" (with "
                             "comments=True, the kept comments follow the content they belong to)")
      .def_property_readonly("comments", [](const PageResult& r) { return Utf8Str(r.result.CommentsText()); },
                             "comments=True: the kept comment blocks' text alone (the JSON record's "
                             "\"comments\"); else \"\"")
      .def_property_readonly("markdown", [](const PageResult& r) { return render::ToMarkdown(r.result, r.links); },
                             "the main content as Markdown (links as [text](url) when links=True)")
      .def_property_readonly("paper", [](const PageResult& r) { return render::ToPaperFormat(r.result); },
                             "paper 001's layout: title, keywords, publish date, then the body")
      .def_property_readonly("html", [](const PageResult& r) { return r.html; },
                             "format=\"html\": the purified page (kept elements with their links); else None")
      .def_property_readonly("title", [](const PageResult& r) { return Utf8Str(r.result.metadata.title); })
      .def_property_readonly("date", [](const PageResult& r) { return Utf8Str(r.result.metadata.date); },
                             "ISO 8601 (\"2009-11-09\", \"2009-11-09T12:30:00+05:30\"); \"\" if none")
      .def_property_readonly("author", [](const PageResult& r) { return Utf8Str(r.result.metadata.author); })
      .def_property_readonly("keywords", [](const PageResult& r) {
            py::list out;
            for (const std::string& k : r.result.metadata.keywords) out.append(Utf8Str(k));
            return out;
          })
      .def_property_readonly("lang", [](const PageResult& r) { return Utf8Str(r.result.metadata.lang); })
      .def_property_readonly("dir", [](const PageResult& r) { return Utf8Str(r.result.metadata.dir); }, "\"ltr\" or \"rtl\"")
      .def_property_readonly("url", [](const PageResult& r) { return Utf8Str(r.result.metadata.url); },
                             "the canonical URL (rel=canonical, og:url) or the URL given")
      .def_property_readonly("site_name", [](const PageResult& r) { return Utf8Str(r.result.metadata.site_name); })
      .def_property_readonly("description", [](const PageResult& r) { return Utf8Str(r.result.metadata.description); })
      .def_property_readonly("confidence", [](const PageResult& r) { return r.result.confidence; },
                             "how likely the content is right, 0-1: the probability that it scores a word F1 of "
                             "0.8 or more (the JSON record's \"confidence\"); 0 when nothing was kept")
      .def_property_readonly("blocks", [](const PageResult& r) { return r.result.blocks; }, "list of pith.Block")
      .def_property_readonly("encoding", [](const PageResult& r) { return r.result.encoding; }, "pith.Encoding")
      .def_property_readonly("algorithm", [](const PageResult& r) { return AlgorithmName(r.result.algorithm); },
                             "the algorithm that ran")
      .def_property_readonly("status", [](const PageResult& r) { return std::string(StatusCodeName(r.result.status.code())); })
      .def_property_readonly("error", [](const PageResult& r) -> std::optional<std::string> {
            if (!Failed(r.result)) return std::nullopt;
            return r.result.status.ToString();
          }, "for an error status, what went wrong (\"not_html: ...\"); else None")
      .def_property_readonly("explain", [](const PageResult& r) { return ToPython(r.explain); },
                             "explain=True: the algorithm's decisions (dict); else None")
      .def("raise_for_status", [](const PageResult& r) {
            if (Failed(r.result)) RaiseStatus(r.result.status);
          }, "Raises the error status's exception (pith.NotHtmlError, ...); nothing for ok and no_content.")
      .def("to_dict", [](const PageResult& r) { return ToPython(ToJsonOf(r)); },
           "The record `pith extract -f json` writes for the page (\"input\" is \"\").")
      .def("to_json", [](const PageResult& r) { return render::DumpJson(ToJsonOf(r)); },
           "The same record as one JSON line (without the newline), as `pith extract -f jsonl` writes it.")
      .def("render", &Render, py::arg("format"),
           "The result in a format of pith.extract: text, markdown, paper, json (dict), jsonl, html.")
      .def("__repr__", [](const PageResult& r) {
        return "<pith.Result " + std::string(StatusCodeName(r.result.status.code())) + " title=" +
               py::repr(py::str(r.result.metadata.title)).cast<std::string>() + ", " +
               std::to_string(r.result.blocks.size()) + " blocks>";
      })
      .def(py::pickle(&ResultState, &ResultFromState));

  py::class_<Core, std::shared_ptr<Core>>(m, "Core", "The C++ side of pith.Extractor (use pith.Extractor).")
      .def(py::init([](const py::kwargs& kwargs) { return std::make_shared<Core>(kwargs); }))
      .def("extract", &ExtractPage, py::arg("html"), py::arg("url") = py::none(), py::arg("http_charset") = py::none())
      .def_property_readonly("format", [](const Core& c) { return c.config().format; });

  m.def("option_table", &OptionTable, "Every keyword of pith.Extractor: name, flag, kind, default, help, group.");
}

}  // namespace pith::python
