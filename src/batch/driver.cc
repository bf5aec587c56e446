// The one batch driver (driver.h): the plan, the records, the sources and the ordered loop.
#include "batch/driver.h"

#include <atomic>
#include <map>

#include "batch/inputs.h"
#include "batch/ordered.h"
#include "io/archive_input.h"
#include "io/wet_writer.h"
#include "render/formats.h"

namespace pith::batch {

Status MakePlan(const Settings& settings, const std::vector<io::InputItem>& items, Front front, Plan* plan) {
  plan->archive.assign(items.size(), false);
  bool any_archive = false;
  for (std::size_t i = 0; i < items.size(); ++i) {
    plan->archive[i] = IsArchive(items[i], settings.archive.input);
    any_archive = any_archive || plan->archive[i];
  }
  plan->mode = settings.format == "wet" || any_archive ? Mode::kArchives : Mode::kPages;
  if (plan->mode == Mode::kArchives && front != kPython &&
      (settings.explain || settings.format == "json" || settings.format == "html" || !settings.site.pages.empty() ||
       !settings.site.model.empty())) {
    return Status(StatusCode::kInvalidArgument,
                  "web archives are written as jsonl, text, markdown, paper or wet (without --explain or site models)");
  }
  plan->names.clear();
  plan->stems.clear();
  std::map<std::string, int> used;
  for (const io::InputItem& item : items) {
    std::string stem = plan->mode == Mode::kPages ? io::OutputStem(item) : io::ArchiveStem(item);
    const int n = ++used[stem];
    if (n > 1) stem += "-" + std::to_string(n);
    plan->names.push_back(item.name);
    plan->stems.push_back(std::move(stem));
  }
  return Status::Ok();
}

Status MakeExtractor(const Settings& settings, Front front, const Complain& complain,
                     std::shared_ptr<const Extractor>* out) {
  Options options = settings.options;
  if (Status s = PrepareSiteModel(settings, front, &options, complain); !s.ok()) return s;
  *out = std::make_shared<const Extractor>(std::move(options));
  return Status::Ok();
}

// ---- Runner ----------------------------------------------------------------------------------

Runner::Runner(const Settings& settings, std::shared_ptr<const Extractor> extractor, Mode mode)
    : settings_(settings),
      extractor_(std::move(extractor)),
      mode_(mode),
      page_options_(MakeWarcPageOptions(settings.archive.status, settings.archive.types, settings.archive.payload,
                                        extractor_->options().max_input_bytes)) {}

void Runner::PrepareSiteGroups(const std::vector<io::InputItem>& items, const Complain& complain) {
  if (mode_ == Mode::kPages) sites_.Prepare(settings_.site, settings_.url, items, extractor_->options(), complain);
}

Record Runner::Page(std::string_view bytes, const PageInfo& info, std::string_view name, std::size_t input,
                    const std::function<void(nlohmann::json&)>& annotate) const {
  nlohmann::json explain;
  std::string html;  // --format html: the purified page (render/html.h)
  const Result r = ExtractPage(sites_.For(input, *extractor_), bytes, info, settings_.explain ? &explain : nullptr,
                               settings_.format == "html" && mode_ == Mode::kPages ? &html : nullptr);
  Record out;
  out.input = input;
  Render(r, explain, html, name, nullptr, annotate, &out);
  return out;
}

Record Runner::Failed(std::string_view name, const Status& status, std::string_view kind,
                      const std::function<void(nlohmann::json&)>& annotate) const {
  Record out;
  const std::string k = kind.empty() ? std::string(StatusCodeName(status.code())) : std::string(kind);
  out.category = "error:" + k;
  out.complaint = std::string(name) + ": " + k + (status.message().empty() ? "" : ": " + status.message());
  const std::string& f = settings_.format;
  if (f == "json" || f == "jsonl") {
    nlohmann::json j = render::ErrorJson(name, Status(StatusCode::kIoError, status.message()));
    j["status"] = k;
    j["error"]["kind"] = k;
    if (annotate) annotate(j);
    out.rendered = render::DumpJson(j, f == "json" ? 2 : -1) + "\n";
  } else if (mode_ == Mode::kPages) {
    out.error_text = out.complaint + "\n";
  }
  return out;
}

void Runner::Render(const Result& r, const nlohmann::json& explain, const std::string& html, std::string_view name,
                    const WarcRecord* rec, const std::function<void(nlohmann::json&)>& annotate, Record* out) const {
  out->category = PageCategory(r);
  const bool failed = out->category.starts_with("error:");
  const std::string& f = settings_.format;
  const std::string where = rec ? std::string(name) + "@" + std::to_string(rec->offset) : std::string(name);
  if (failed) out->complaint = where + ": " + r.status.ToString();
  if (f == "json" || f == "jsonl") {
    nlohmann::json j = render::ToJson(r, name, settings_.blocks, &explain, settings_.links);
    if (annotate) annotate(j);
    out->rendered = render::DumpJson(j, f == "json" ? 2 : -1) + "\n";
    return;
  }
  if (mode_ == Mode::kPages) {
    if (failed) {
      out->error_text = out->complaint + "\n";  // -o: NAME.error
      return;
    }
    out->rendered = f == "html" ? html : render::ToPlainFormat(f, r, settings_.links);
    return;
  }
  if (failed) return;
  if (f == "wet") {
    const std::string uri = rec ? rec->target_uri : (settings_.url.empty() ? std::string(name) : settings_.url);
    const std::string record =
        io::WetConversionRecord(uri, rec ? rec->date : io::NowIso(), rec ? rec->record_id : "", r.Text());
    out->rendered = settings_.out_dir.empty() ? record : io::GzipMember(record);
  } else {
    out->rendered = "==> " + (rec ? where + " " + rec->target_uri : std::string(name)) + " <==\n" +
                    render::ToPlainFormat(f, r, settings_.links) + "\n";
  }
}

Record Runner::ArchiveRecord(const Task& t) const {
  const WarcRecord& rec = t.record;
  const std::string where = t.name + "@" + std::to_string(rec.offset);
  const ArchiveRecordOutcome o = ExtractArchiveRecord(*extractor_, page_options_, rec, where);
  Record out;
  if (settings_.format == "jsonl") {
    out.category = o.category;
    out.complaint = o.complaint;
    const nlohmann::json j = ArchiveRecordJson(o, rec, t.name, settings_.blocks, settings_.links);
    if (!j.is_null()) out.rendered = render::DumpJson(j) + "\n";
  } else if (o.extracted) {
    Render(o.result, nullptr, "", t.name, &rec, nullptr, &out);
  } else {
    out.category = o.category;
    out.complaint = o.complaint;
  }
  return out;
}

Record Runner::ArchiveError(const Task& t) const {
  Record out;
  out.category = "error:io_error";
  out.complaint = t.status.ToString();
  if (settings_.format == "jsonl") out.rendered = render::DumpJson(render::ErrorJson(t.name, t.status)) + "\n";
  return out;
}

Record Runner::Do(Task& t) const {
  Record out;
  switch (t.kind) {
    case Task::Kind::kPage:
      if (t.loaded) {
        out = Page(t.bytes, t.info, t.name, t.input, t.annotate);
      } else {
        std::string bytes;
        if (const Status s = ReadPage(*t.item, extractor_->options().max_input_bytes, &bytes); s.ok()) {
          PageInfo info;
          info.url = settings_.url;
          out = Page(bytes, info, t.name, t.input);
        } else {
          Result r;
          r.status = s;
          r.algorithm = extractor_->options().algorithm;
          Render(r, nullptr, "", t.name, nullptr, nullptr, &out);
        }
      }
      break;
    case Task::Kind::kFailed:
      out = Failed(t.name, t.status, t.kind_name, t.annotate);
      break;
    case Task::Kind::kRecord:
      out = ArchiveRecord(t);
      out.last = false;
      break;
    case Task::Kind::kArchiveError:
      out = ArchiveError(t);
      break;
    case Task::Kind::kEnd:
      break;
  }
  out.input = t.input;
  out.notice = std::move(t.notice);
  out.bytes_read = t.bytes_read;
  out.input_size = t.input_size;
  return out;
}

// ---- Sources ---------------------------------------------------------------------------------

FileSource::FileSource(const std::vector<io::InputItem>& items, const Plan& plan, const Settings& settings)
    : items_(items), plan_(plan), settings_(settings) {}

FileSource::~FileSource() = default;

bool FileSource::Next(Task* t) {
  while (true) {
    if (reader_) {
      const std::size_t i = next_ - 1;
      t->input = i;
      t->name = items_[i].name;
      if (reader_->Next(&t->record)) {
        t->kind = Task::Kind::kRecord;
        t->bytes_read = reader_->bytes_read();
        t->input_size = size_;
      } else {
        reader_.reset();
        t->kind = Task::Kind::kEnd;
      }
      return true;
    }
    if (next_ >= items_.size()) return false;
    const std::size_t i = next_++;
    t->input = i;
    t->name = items_[i].name;
    t->item = &items_[i];
    if (!plan_.archive[i]) {
      t->kind = Task::Kind::kPage;
      return true;
    }
    const std::size_t ahead = settings_.jobs > 1 ? static_cast<std::size_t>(settings_.jobs) * 2 : 0;
    reader_ = OpenArchive(items_[i], settings_.options.max_input_bytes, ahead, &t->status, &size_);
    if (!reader_) {
      t->kind = Task::Kind::kArchiveError;
      return true;
    }
  }
}

bool CallbackSource::Next(Task* t) {
  if (!next_(t)) return false;
  t->input = count_++;
  return true;
}

// ---- The loop --------------------------------------------------------------------------------

Summary RunBatch(const Runner& runner, Source& source, Sink& sink, Observer& observer, int jobs) {
  Summary summary;
  std::atomic<bool> stop{false};
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::size_t open = kNone;  // the input whose records are being written
  Counts counts;             // ... and their counts
  const std::function<bool(Task*)> next = [&](Task* t) {
    if (stop.load(std::memory_order_relaxed)) return false;
    *t = Task();
    return source.Next(t);
  };
  const std::function<Record(Task&)> work = [&](Task& t) { return runner.Do(t); };
  const std::function<void(Record&)> emit = [&](Record& r) {
    if (open != r.input) {
      open = r.input;
      counts = Counts();
      sink.Begin(r.input);
    }
    if (!r.notice.empty()) {
      ++summary.notices;
      observer.Complain(r.notice);
    }
    if (!r.category.empty()) counts.Count(r.category);
    if (!r.complaint.empty()) observer.Complain(r.complaint);
    sink.Write(r);
    if (r.bytes_read > 0) observer.Progress(r.input, counts, r.bytes_read, r.input_size);
    if (r.last) {
      sink.End(r.input);
      observer.InputDone(r.input, counts);
      summary.total.Add(counts);
      open = kNone;
    }
    if (sink.Stopped()) stop = true;
  };
  RunOrderedStream<Task, Record>(jobs, next, work, emit);
  summary.stopped = stop;
  summary.unwritten = sink.unwritten();
  summary.finish = sink.Finish();
  return summary;
}

}  // namespace pith::batch
