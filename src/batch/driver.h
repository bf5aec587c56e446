// The one batch driver of every front end (`pith extract` on files, folders, stdin and archives;
// online mode; the Python module; `pith serve`): tasks from a Source (pages or archive records, in
// input order) → records (each page or archive record rendered as the format asks, by a Runner) →
// a Sink (stdout, a folder of files written atomically, one compressed file, an HTTP response), on
// `jobs` worker threads, in input order, with at most jobs × 4 tasks in memory (and, reading an
// archive file on more than one thread, jobs × 2 records read ahead), counting every record.
//
//   Settings settings = ...;                          // option_table.h fills it from flags/keywords
//   Plan plan;  MakePlan(settings, items, kTool, &plan);          // pages or archives, checks
//   Runner runner(settings, extractor, plan.mode);    // what each record becomes
//   runner.PrepareSiteGroups(items, complain);        // pathsim: a model per site group
//   FileSource source(items, plan, settings);         // reads files, folders, stdin, archives
//   StreamSink sink(std::cout, ...);                  // or FolderSink, FileSink (sinks.h)
//   Summary summary = RunBatch(runner, source, sink, observer, settings.jobs);
//
// A server runs one page with Runner::Page (the same record the tool writes), or a stream of pages
// with Run over a CallbackSource and a sink of its own.
//
// The reading side is Source::Next: the loop calls it under its lock, one call at a time, from the
// worker threads. With jobs > 1 FileSource reads and inflates an archive file on a thread of its
// own, jobs × 2 records ahead (WarcReaderOptions::read_ahead), so the workers never wait for the
// inflating and take the next record at the cost of a queue's pop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "batch/records.h"
#include "batch/settings.h"
#include "batch/sites.h"
#include "io/inputs.h"
#include "pith/pith.h"
#include "pith/warc.h"

namespace pith::batch {

// How records are written. kPages: one record per page (a JSON array on stdout for several pages
// with -f json, "==> NAME <==" before each page of several in the text formats, one file per page
// with -o). kArchives (when an input is a web archive, or for WET): every archive record and page
// named in its own "==> " line in the text formats, one file per input with -o, counts per input.
enum class Mode : std::uint8_t { kPages, kArchives };

// What a batch of inputs is: its mode, which inputs are archives, and each input's output stem.
struct Plan {
  Mode mode = Mode::kPages;
  std::vector<bool> archive;       // per input
  std::vector<std::string> names;  // per input: the name records and messages give it
  std::vector<std::string> stems;  // per input: its -o file's name without the extension, unique
};

// Tells archives from pages (reading stdin's first bytes if it is an input) and checks that the
// settings fit the mode: kInvalidArgument (with the message to show) for an archive batch asked for
// json, html, explain or a site model.
Status MakePlan(const Settings& settings, const std::vector<io::InputItem>& items, Front front, Plan* plan);

// One unit of work: a page or an archive record.
struct Task {
  enum class Kind : std::uint8_t {
    kPage,          // a page: `bytes` when `loaded`, else the file `item` (read by the worker)
    kRecord,        // an archive record
    kFailed,        // an input that could not be read: `status`, `kind` (the error kind when not the status's)
    kArchiveError,  // an archive that could not be opened: `status`
    kEnd,           // the end of an archive input (after its records)
  };
  Kind kind = Kind::kPage;
  std::size_t input = 0;
  const io::InputItem* item = nullptr;
  bool loaded = false;
  std::string name;  // the input's name in records and messages
  std::string bytes;
  PageInfo info;
  WarcRecord record;
  Status status;
  std::string kind_name;
  std::string notice;  // a failure to tell before the record (online mode: a page that could not be saved)
  std::uint64_t bytes_read = 0, input_size = 0;
  // json/jsonl: fields to add to the record (online mode: the fetch's); runs on the worker.
  std::function<void(nlohmann::json&)> annotate;
};

// What a task became.
struct Record {
  std::size_t input = 0;
  bool last = true;          // the last record of its input (an archive's records are not; its kEnd is)
  std::string rendered;      // what the sink writes: a record, a page's text, ... ("" for nothing)
  std::string category;      // for the counts: "ok", "no_content", "skip:<reason>", "error:<kind>"; "" = none
  std::string complaint;     // an error: "<where>: <what>", for stderr
  std::string error_text;    // a failed page in a text format: what -o writes into NAME.error ("" = none)
  std::string notice;        // Task::notice
  std::uint64_t bytes_read = 0, input_size = 0;
};

// Renders pages and archive records as the settings ask. Thread-safe (const).
class Runner {
 public:
  // `extractor`: the settings' options (with the site model, if any: MakeExtractor).
  Runner(const Settings& settings, std::shared_ptr<const Extractor> extractor, Mode mode);

  // Learns a model per site group of `items` under pathsim (sites.h); kPages only.
  void PrepareSiteGroups(const std::vector<io::InputItem>& items, const Complain& complain);

  // One page (bytes, what is known of it, its name in the record) to the record the tool writes for
  // it. `input` picks its site group's extractor, if any.
  Record Page(std::string_view bytes, const PageInfo& info, std::string_view name, std::size_t input = 0,
              const std::function<void(nlohmann::json&)>& annotate = nullptr) const;
  // An input that could not be read (`kind`: the error kind, "" = the status's).
  Record Failed(std::string_view name, const Status& status, std::string_view kind,
                const std::function<void(nlohmann::json&)>& annotate = nullptr) const;
  // Any task.
  Record Do(Task& task) const;

  const Settings& settings() const { return settings_; }
  const Extractor& extractor() const { return *extractor_; }

 private:
  Record ArchiveRecord(const Task& task) const;
  Record ArchiveError(const Task& task) const;
  void Render(const Result& r, const nlohmann::json& explain, const std::string& html, std::string_view name,
              const WarcRecord* rec, const std::function<void(nlohmann::json&)>& annotate, Record* out) const;

  const Settings settings_;
  std::shared_ptr<const Extractor> extractor_;
  Mode mode_;
  WarcPageOptions page_options_;
  SiteGroups sites_;
};

// Builds the Extractor of `settings` with its site model (PrepareSiteModel: a usage error is
// kInvalidArgument).
Status MakeExtractor(const Settings& settings, Front front, const Complain& complain,
                     std::shared_ptr<const Extractor>* out);

// Where tasks come from, in order.
class Source {
 public:
  virtual ~Source() = default;
  // The next task; false at the end. Called one call at a time.
  virtual bool Next(Task* task) = 0;
};

// The inputs of `pith extract`: files, folders' entries, stdin; an archive's records one by one.
class FileSource : public Source {
 public:
  FileSource(const std::vector<io::InputItem>& items, const Plan& plan, const Settings& settings);
  ~FileSource() override;
  bool Next(Task* task) override;

 private:
  const std::vector<io::InputItem>& items_;
  const Plan& plan_;
  const Settings& settings_;
  std::size_t next_ = 0;
  std::unique_ptr<WarcReader> reader_;  // of input next_ - 1, while its records are read
  std::uint64_t size_ = 0;
};

// Pages from a function: next(&task) fills a kPage task's bytes, info and name (or a kFailed one),
// false at the end. For a stream of pages (a server's NDJSON lines).
class CallbackSource : public Source {
 public:
  explicit CallbackSource(std::function<bool(Task*)> next) : next_(std::move(next)) {}
  bool Next(Task* task) override;

 private:
  std::function<bool(Task*)> next_;
  std::size_t count_ = 0;
};

// Where records go (sinks.h has the tool's and Python's). Called on the calling thread of Run, in order.
class Sink {
 public:
  virtual ~Sink() = default;
  virtual void Begin(std::size_t /*input*/) {}
  virtual void Write(const Record& record) = 0;
  virtual void End(std::size_t /*input*/) {}
  // After the last input: what could not be written, if anything.
  virtual Status Finish() { return Status::Ok(); }
  // True once writing cannot go on (the reader of stdout went away): the batch then stops.
  virtual bool Stopped() const { return false; }
  // Inputs whose output could not be written (each was complained about).
  std::uint64_t unwritten() const { return unwritten_; }

 protected:
  std::uint64_t unwritten_ = 0;
};

// What the front end shows while the batch runs (on the calling thread of Run).
class Observer {
 public:
  virtual ~Observer() = default;
  // An error record's complaint, a failure to write: one line, without "pith: ".
  virtual void Complain(const std::string& line) = 0;
  // After an input's last record: what became of its records.
  virtual void InputDone(std::size_t /*input*/, const Counts& /*counts*/) {}
  // After each archive record: bytes read of the input so far, and its size (0 = unknown).
  virtual void Progress(std::size_t /*input*/, const Counts& /*counts*/, std::uint64_t /*done*/,
                        std::uint64_t /*size*/) {}
};

struct Summary {
  Counts total;
  std::uint64_t notices = 0;   // Record::notice failures
  std::uint64_t unwritten = 0; // Sink::unwritten
  Status finish;               // Sink::Finish
  bool stopped = false;        // the sink stopped the batch
  // True when every record is a result and all of it was written (the tool's exit code 0).
  bool ok() const { return total.errors_total() == 0 && notices == 0 && unwritten == 0 && finish.ok(); }
};

// Runs the batch: every task of `source` through `runner` into `sink`, in order, on `jobs` threads.
Summary RunBatch(const Runner& runner, Source& source, Sink& sink, Observer& observer, int jobs);

}  // namespace pith::batch
