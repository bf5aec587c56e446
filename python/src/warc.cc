// Web archives in Python: read_warc's records, extract_warc's records, and the batch writer of
// pith.dask (core.h).
#include <iostream>
#include <mutex>

#include <pybind11/stl.h>

#include "batch/driver.h"
#include "batch/records.h"
#include "batch/sinks.h"
#include "core.h"
#include "errors.h"
#include "io/archive_input.h"
#include "io/compressed_writer.h"
#include "io/inputs.h"
#include "json_py.h"
#include "render/formats.h"

namespace py = pybind11;

namespace pith::python {
namespace {

// An archive record with the reason it is or is not a page.
struct PyWarcPage {
  WarcPage page;
  std::string skip;  // "" for a page; a WarcSkipName; "error" for a damaged record
};

struct PyWarcRecord {
  WarcRecord rec;

  // rec.page(warc_status=, warc_types=, warc_payload=, max_bytes=): the same keywords and checks as
  // pith.Extractor's.
  PyWarcPage Page(const py::kwargs& kwargs) const {
    for (const auto& [key, value] : kwargs) {
      const std::string k = py::str(key).cast<std::string>();
      if (k != "warc_status" && k != "warc_types" && k != "warc_payload" && k != "max_bytes") {
        throw py::type_error("unexpected keyword argument '" + k + "' (warc_status, warc_types, warc_payload, max_bytes)");
      }
    }
    const Config c = ParseKeywords(kwargs);
    const WarcPageOptions options = batch::MakeWarcPageOptions(c.archive.status, c.archive.types, c.archive.payload,
                                                               c.options.max_input_bytes);
    PyWarcPage p;
    if (rec.error != WarcError::kNone) {
      p.skip = "error";
      return p;
    }
    py::gil_scoped_release nogil;
    const WarcSkip skip = ReadWarcPage(rec, options, &p.page);
    if (skip != WarcSkip::kNone) p.skip = WarcSkipName(skip);
    return p;
  }
};

// Records read (and inflated) ahead on a thread of the reader's own, while the caller's thread
// extracts or looks at the record before: two cores for one iterator. A few records are enough to
// keep the reader ahead; each is at most max_record_bytes.
constexpr std::size_t kReadAhead = 4;

std::unique_ptr<WarcReader> OpenReader(const std::string& path, std::size_t max_record_bytes, Status* status) {
  WarcReaderOptions ro;
  ro.max_record_bytes = max_record_bytes;
  ro.read_ahead = kReadAhead;
  py::gil_scoped_release nogil;
  return WarcReader::Open(path, ro, status);
}

// pith.read_warc(path): every record, damaged ones included, in file order.
class WarcIterator {
 public:
  WarcIterator(const std::string& path, std::size_t max_record_bytes) {
    Status s;
    reader_ = OpenReader(path, max_record_bytes, &s);
    if (!reader_) RaiseStatus(Status(s.code(), path + ": " + s.message()));
  }

  PyWarcRecord Next() {
    PyWarcRecord r;
    bool more = false;
    {
      py::gil_scoped_release nogil;
      const std::lock_guard<std::mutex> lock(mu_);
      more = reader_->Next(&r.rec);
    }
    if (!more) throw py::stop_iteration();
    return r;
  }

  std::uint64_t bytes_read() const { return reader_->bytes_read(); }
  std::string compression() const { return std::string(reader_->compression()); }

 private:
  std::unique_ptr<WarcReader> reader_;
  std::mutex mu_;  // one Next at a time (the GIL is released while reading)
};

// pith.extract_warc(path): the records `pith extract PATH -f jsonl` writes (pages and error
// records; skipped records are only counted), as dicts or as JSON lines.
class ArchiveIterator {
 public:
  ArchiveIterator(std::shared_ptr<const Core> core, const std::string& path, bool lines)
      : core_(std::move(core)), input_(path), lines_(lines) {
    reader_ = OpenReader(path, core_->extractor().options().max_input_bytes, &open_status_);
  }

  py::object Next() {
    nlohmann::json j;
    {
      py::gil_scoped_release nogil;
      const std::lock_guard<std::mutex> lock(mu_);
      j = NextRecord();
    }
    if (j.is_null()) throw py::stop_iteration();
    if (lines_) return Utf8Str(render::DumpJson(j) + "\n");
    return ToPython(j);
  }

  py::object counts() {
    nlohmann::json j;
    {
      py::gil_scoped_release nogil;  // a Next in another thread holds mu_ without the GIL
      const std::lock_guard<std::mutex> lock(mu_);
      j = counts_.Json();
    }
    return ToPython(j);
  }

 private:
  nlohmann::json NextRecord() {
    const Config& c = core_->config();
    if (!reader_) {  // the file cannot be opened: one io_error record, as the tool writes it
      if (done_) return nullptr;
      done_ = true;
      counts_.Count("error:io_error");
      return render::ErrorJson(input_, open_status_);
    }
    WarcRecord rec;
    while (reader_->Next(&rec)) {
      const std::string where = input_ + "@" + std::to_string(rec.offset);
      const batch::ArchiveRecordOutcome o = batch::ExtractArchiveRecord(core_->extractor(), core_->page_options(), rec, where);
      counts_.Count(o.category);
      nlohmann::json j = batch::ArchiveRecordJson(o, rec, input_, c.blocks, c.links);
      if (!j.is_null()) return j;
    }
    return nullptr;
  }

  std::shared_ptr<const Core> core_;
  std::string input_;
  bool lines_;
  std::unique_ptr<WarcReader> reader_;
  Status open_status_;
  bool done_ = false;
  batch::Counts counts_;
  std::mutex mu_;
};

// One input of a pith.dask task: (name, path, error message or None), as expand_inputs gives it.
using ItemTuple = std::tuple<std::string, std::string, std::optional<std::string>>;

io::InputItem ToItem(const ItemTuple& t) {
  const auto& [name, path, error] = t;
  return {name, path, error ? Status(StatusCode::kIoError, *error) : Status::Ok()};
}

// Complaints of a batch run from Python: its records carry them.
class Quiet : public batch::Observer {
 public:
  void Complain(const std::string&) override {}
};

// Writes the JSONL records of `items` to `out_path` as `pith extract ITEMS... -f jsonl` writes them
// (the batch driver: an archive's records, one record per page, with the tool's site groups under
// pathsim). Returns the counts ({"records", "extracted", ..., "errors"}); raises pith.IoError when
// the output cannot be written.
py::object WriteJsonl(const Core& core, const std::vector<ItemTuple>& tuples, const std::string& out_path,
                      const std::string& compression) {
  io::OutputCompression kind;
  if (!io::ParseOutputCompression(compression, &kind)) {
    RaiseInvalidArgument("compression: \"" + compression + "\" is none of none, gzip, zstd");
  }
  std::vector<io::InputItem> items;
  for (const ItemTuple& t : tuples) items.push_back(ToItem(t));
  Config settings = core.config();
  settings.format = "jsonl";
  settings.jobs = 1;  // the batch below runs on this thread (pith.dask runs `jobs` of them at once)
  settings.out_dir.clear();
  batch::Counts counts;
  Status status;
  {
    py::gil_scoped_release nogil;
    std::unique_ptr<io::CompressedWriter> out = io::CompressedWriter::Open(out_path, kind, &status);
    if (out) {
      batch::Plan plan;
      batch::MakePlan(settings, items, batch::kPython, &plan);
      batch::Runner runner(settings, core.shared_extractor(), plan.mode);
      runner.PrepareSiteGroups(items, [](const std::string& line) { std::cerr << "pith: " << line << "\n"; });
      batch::FileSource source(items, plan, settings);
      batch::FileSink sink(std::move(out));
      Quiet quiet;
      const batch::Summary summary = batch::RunBatch(runner, source, sink, quiet, 1);
      counts = summary.total;
      status = summary.finish;
    }
  }
  if (!status.ok()) RaiseStatus(status);
  return ToPython(counts.Json());
}

}  // namespace

void RegisterWarc(py::module_& m) {
  py::class_<PyWarcPage>(m, "WarcPage", "An archive record as a page: WarcRecord.page().")
      .def_property_readonly("skip", [](const PyWarcPage& p) -> std::optional<std::string> {
            if (p.skip.empty()) return std::nullopt;
            return p.skip;
          }, "None for an HTML page to extract; else why not: request, warcinfo, metadata, revisit, conversion, "
             "other_type, redirect, error_status, other_status, not_html, empty, or error (a damaged record)")
      .def_property_readonly("body", [](const PyWarcPage& p) { return py::bytes(p.page.body); },
                             "the HTTP payload, Transfer-Encoding and Content-Encoding undone")
      .def_property_readonly("url", [](const PyWarcPage& p) { return Utf8Str(p.page.info.url); }, "the target URI")
      .def_property_readonly("http_charset", [](const PyWarcPage& p) { return Utf8Str(p.page.info.charset); },
                             "the charset of the HTTP Content-Type (\"\" if none)")
      .def_property_readonly("http_status", [](const PyWarcPage& p) { return p.page.http_status; },
                             "the HTTP status (0 without an HTTP message: a resource, an ARC document)")
      .def_property_readonly("content_type", [](const PyWarcPage& p) { return Utf8Str(p.page.http_content_type); },
                             "the payload's media type, lower case, without parameters")
      .def_property_readonly("payload_error", [](const PyWarcPage& p) -> std::optional<py::str> {
            if (p.page.decode_status.ok()) return std::nullopt;
            return Utf8Str(p.page.decode_status.message());
          }, "what was wrong with the chunked framing or Content-Encoding (the body is what could be read); else None")
      .def("__repr__", [](const PyWarcPage& p) {
        return "<pith.WarcPage " + (p.skip.empty() ? std::string("page") : "skip=" + p.skip) + " " +
               py::repr(Utf8Str(p.page.info.url)).cast<std::string>() + ">";
      });

  py::class_<PyWarcRecord>(m, "WarcRecord", "One record of a WARC or ARC file, or a damaged stretch of it.")
      .def_property_readonly("offset", [](const PyWarcRecord& r) { return r.rec.offset; },
                             "where the record starts in the file (for gzip/zstd: its member/frame)")
      .def_property_readonly("type", [](const PyWarcRecord& r) {
            return Utf8Str(r.rec.type_name.empty() ? WarcRecordTypeName(r.rec.type) : r.rec.type_name);
          }, "the WARC-Type as written (response, request, ...); arc_header / arc for ARC records")
      .def_property_readonly("version", [](const PyWarcRecord& r) { return Utf8Str(r.rec.version); })
      .def_property_readonly("headers", [](const PyWarcRecord& r) {
            py::list out;
            for (const auto& [k, v] : r.rec.headers) out.append(py::make_tuple(Utf8Str(k), Utf8Str(v)));
            return out;
          }, "every WARC header as (name, value), in order")
      .def("header", [](const PyWarcRecord& r, const std::string& name) { return Utf8Str(std::string(r.rec.Header(name))); },
           py::arg("name"), "A WARC header's value (case-insensitive name); \"\" when absent.")
      .def_property_readonly("target_uri", [](const PyWarcRecord& r) { return Utf8Str(r.rec.target_uri); })
      .def_property_readonly("record_id", [](const PyWarcRecord& r) { return Utf8Str(r.rec.record_id); })
      .def_property_readonly("date", [](const PyWarcRecord& r) { return Utf8Str(r.rec.date); })
      .def_property_readonly("truncated", [](const PyWarcRecord& r) { return Utf8Str(r.rec.truncated); },
                             "WARC-Truncated (\"length\", ...; \"\" when whole)")
      .def_property_readonly("content_type", [](const PyWarcRecord& r) { return Utf8Str(r.rec.content_type); })
      .def_property_readonly("block", [](const PyWarcRecord& r) { return py::bytes(r.rec.block); },
                             "the record's block as stored (HTTP headers and body for a response)")
      .def_property_readonly("error", [](const PyWarcRecord& r) -> std::optional<std::string> {
            if (r.rec.error == WarcError::kNone) return std::nullopt;
            return WarcErrorName(r.rec.error);
          }, "None for a good record; else the damage: gzip_error, zstd_error, garbage, bad_header, content_length, "
             "truncated_record, record_too_large, io_error")
      .def_property_readonly("message", [](const PyWarcRecord& r) { return Utf8Str(r.rec.message); },
                             "what was wrong, for a damaged record")
      .def("page", &PyWarcRecord::Page,
           "The record as a page (pith.WarcPage; .skip says why it is not one). Keywords: warc_status "
           "(\"2xx\" or \"all\"), warc_types (\"metadata,revisit,conversion\"), warc_payload (\"html\" or "
           "\"any\"), max_bytes.")
      .def("__repr__", [](const PyWarcRecord& r) {
        const std::string type = r.rec.type_name.empty() ? WarcRecordTypeName(r.rec.type) : r.rec.type_name;
        return "<pith.WarcRecord " + type + " @" + std::to_string(r.rec.offset) +
               (r.rec.error != WarcError::kNone ? std::string(" error=") + WarcErrorName(r.rec.error)
                                                : " " + py::repr(Utf8Str(r.rec.target_uri)).cast<std::string>()) + ">";
      });

  py::class_<WarcIterator>(m, "WarcReader", "Iterates over a WARC/ARC file's records: pith.read_warc(path).")
      .def(py::init<const std::string&, std::size_t>(), py::arg("path"), py::arg("max_record_bytes") = 64u << 20)
      .def("__iter__", [](WarcIterator& it) -> WarcIterator& { return it; })
      .def("__next__", &WarcIterator::Next)
      .def_property_readonly("bytes_read", &WarcIterator::bytes_read, "bytes read from the file so far (compressed)")
      .def_property_readonly("compression", &WarcIterator::compression, "plain, gzip or zstd");

  py::class_<ArchiveIterator>(m, "ArchiveRecords", "The records of pith.extract_warc(path).")
      .def("__iter__", [](ArchiveIterator& it) -> ArchiveIterator& { return it; })
      .def("__next__", &ArchiveIterator::Next)
      .def_property_readonly("counts", &ArchiveIterator::counts,
                             "what became of the records read so far: records, extracted, ok, no_content, "
                             "skipped {reason: n}, errors {kind: n}");

  auto core = py::reinterpret_borrow<py::class_<Core, std::shared_ptr<Core>>>(m.attr("Core"));
  core.def("records", [](std::shared_ptr<Core> c, const std::string& path, bool lines) {
        return std::make_unique<ArchiveIterator>(std::move(c), path, lines);
      }, py::arg("path"), py::arg("lines") = false)
      .def("write_jsonl", &WriteJsonl, py::arg("items"), py::arg("out_path"), py::arg("compression") = "none");

  m.def("expand_inputs", [](const std::vector<std::string>& args, bool recursive) {
        std::vector<ItemTuple> out;
        for (const io::InputItem& item : io::ExpandInputs(args, recursive)) {
          out.emplace_back(item.name, item.path, item.error.ok() ? std::nullopt : std::optional(item.error.message()));
        }
        return out;
      }, py::arg("args"), py::arg("recursive") = false,
      "pith extract's inputs: a file stays one (name, path, error) item, a folder gives its pages and archives "
      "sorted by name; a missing path is an item with an error message.");
  m.def("is_archive", [](const ItemTuple& t) { return io::IsArchiveFile(ToItem(t)); }, py::arg("item"),
        "Whether an input is a web archive, by its name or first bytes (as pith extract tells).");
  m.def("archive_stem", [](const std::string& path) { return io::ArchiveStem({path, path, Status::Ok()}); },
        py::arg("path"), "An archive's output stem (crawl for crawl.warc.gz), as pith extract -o names it.");
}

}  // namespace pith::python
