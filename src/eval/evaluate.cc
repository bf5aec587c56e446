// `pith eval`'s engine: load a set, time the extraction loop, score, aggregate, print, JSON.
// See evaluate.h for the procedure and metrics.h for every metric's definition.
#include "eval/evaluate.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <fstream>
#include <map>
#include <ostream>
#include <unordered_set>

#include "render/formats.h"

namespace pith::eval {

Extraction ToExtraction(Result r) {
  Extraction e;
  e.status = std::string(StatusCodeName(r.status.code()));
  e.title = r.metadata.title;
  e.author = r.metadata.author;
  e.date = r.metadata.date;
  if (r.status.ok() || r.status.code() == StatusCode::kNoContent) {
    e.page_type = PageTypeName(r.page_type);
    e.confidence = r.confidence;
  }
  if (r.status.ok()) {
    e.text = r.Text();
  } else if (r.status.code() != StatusCode::kNoContent) {
    e.error = true;
    e.message = r.status.message();
  }
  if (!e.error) e.result = std::make_shared<const Result>(std::move(r));
  return e;
}

namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Accumulates pages into a GroupReport.
class GroupBuilder {
 public:
  explicit GroupBuilder(std::string name) { report_.name = std::move(name); }

  void Add(const PageReport& p) {
    GroupReport& g = report_;
    ++g.pages;
    if (p.error) ++g.errors;
    if (p.output_bytes == 0) ++g.empty_outputs;
    g.input_bytes += p.input_bytes;
    g.output_bytes += p.output_bytes;
    g.extract_seconds += p.seconds;
    compression_sum_ += CompressionRatio(p.output_bytes, p.input_bytes);
    if (p.has_text_truth) {
      ++g.text_pages;
      shingles_.Add(p.shingles);
      chars_.Add(p.chars);
      words_.Add(p.words.precision, p.words.recall, p.words.f1, true, true);  // every page counts
    }
    if (p.has_snippets) {
      ++g.snippet_pages;
      g.snippets += p.snippets;
    }
    g.metadata += p.metadata;
    if (!p.page_type.empty() && !p.page_type_found.empty()) {
      ++g.typed_pages;
      g.typed_right += p.page_type == p.page_type_found;
    }
  }

  GroupReport Finish() {
    report_.shingles = shingles_.Result();
    report_.chars = chars_.Result();
    report_.words = words_.Result();
    report_.compression = report_.pages ? compression_sum_ / double(report_.pages) : 0.0;
    return report_;
  }

 private:
  GroupReport report_;
  ScoreAggregator shingles_, chars_, words_;
  double compression_sum_ = 0;
};

std::vector<GroupReport> GroupBy(const std::vector<PageReport>& pages,
                                 const std::string& (*key)(const PageReport&)) {
  std::map<std::string, GroupBuilder> builders;
  for (const PageReport& p : pages) {
    const std::string& k = key(p);
    if (k.empty()) continue;
    builders.try_emplace(k, k).first->second.Add(p);
  }
  std::vector<GroupReport> out;
  for (auto& [name, builder] : builders) out.push_back(builder.Finish());
  return out;
}

const std::string& LangKey(const PageReport& p) { return p.lang_group; }
const std::string& TypeKey(const PageReport& p) { return p.page_type; }

// ---- table ----------------------------------------------------------------------------------------

std::string Fixed(double v, int decimals = 3) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// "  confidence: AUROC 0.873 (F1 < 0.8: 41 of 84 pages); >= 0.8: 50 pages, mean word F1 0.934",
// then the bands: "    0.0-0.2  12 pages, confidence 0.113, word F1 0.284, F1 >= 0.8 0.083".
void PrintCalibration(std::ostream& out, const CalibrationReport& c) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "  confidence: AUROC %s (F1 < %.1f: %zu of %zu pages); >= %.1f: %zu pages, mean word F1 %s\n",
                std::isnan(c.auroc) ? "-" : Fixed(c.auroc).c_str(), kRightPageF1, c.wrong, c.pages, kConfidentAt,
                c.confident, c.confident ? Fixed(c.confident_mean_f1).c_str() : "-");
  out << buf;
  for (const ConfidenceBand& b : c.bands) {
    if (b.pages == 0) continue;
    std::snprintf(buf, sizeof buf, "    %.1f-%.1f %5zu pages, confidence %s, word F1 %s, F1 >= %.1f %s\n", b.from, b.to,
                  b.pages, Fixed(b.mean_confidence).c_str(), Fixed(b.mean_f1).c_str(), kRightPageF1,
                  Fixed(double(b.right) / double(b.pages)).c_str());
    out << buf;
  }
}

nlohmann::json CalibrationJson(const CalibrationReport& c) {
  nlohmann::json bands = nlohmann::json::array();
  for (const ConfidenceBand& b : c.bands) {
    bands.push_back({{"from", b.from}, {"to", b.to}, {"pages", b.pages}, {"right", b.right},
                     {"mean_confidence", b.mean_confidence}, {"mean_f1", b.mean_f1}});
  }
  return {{"pages", c.pages},
          {"wrong", c.wrong},
          {"auroc", std::isnan(c.auroc) ? nlohmann::json(nullptr) : nlohmann::json(c.auroc)},
          {"confident", c.confident},
          {"confident_mean_f1", c.confident ? nlohmann::json(c.confident_mean_f1) : nlohmann::json(nullptr)},
          {"bands", std::move(bands)}};
}

// "text 0.977 code 0.999 ... images 1.000", "-" where a metric has no value.
std::string StructureLine(const StructureScores& v) {
  std::string line;
  for (int m = 0; m < kStructMetricCount; ++m) {
    line += std::string(m ? " " : "") + StructureMetricName(m) + " " + (std::isnan(v[m]) ? "-" : Fixed(v[m]));
  }
  return line;
}

nlohmann::json StructureValues(const StructureScores& v) {
  nlohmann::json j = nlohmann::json::object();
  for (int m = 0; m < kStructMetricCount; ++m) {
    j[StructureMetricName(m)] = std::isnan(v[m]) ? nlohmann::json(nullptr) : nlohmann::json(v[m]);
  }
  return j;
}

nlohmann::json StructureJson(const StructureSummary& s) {
  nlohmann::json pages = nlohmann::json::object();
  for (int m = 0; m < kStructMetricCount; ++m) pages[StructureMetricName(m)] = s.counted[m];
  return {{"pages", s.pages},
          {"overall", std::isnan(s.overall) ? nlohmann::json(nullptr) : nlohmann::json(s.overall)},
          {"means", StructureValues(s.mean)},
          {"metric_pages", pages}};
}

// `timed` is false for saved outputs (no extraction ran): the speed columns print "-".
void PrintRow(std::ostream& out, const std::string& label, const GroupReport& g, bool timed) {
  char buf[512];
  std::string shingle = "    -     -     -     -";
  std::string chars = "    -     -     -";
  std::string words = "    -     -     -";
  if (g.text_pages) {
    // "-" where no page qualifies for a mean (e.g. every output empty → no precision page).
    auto prf = [](const MeanScores& m) {
      const std::string dash = "    -";
      const bool p = m.precision_pages > 0, r = m.recall_pages > 0;
      return (p ? Fixed(m.precision) : dash) + " " + (r ? Fixed(m.recall) : dash) + " " +
             (p && r ? Fixed(m.f1) : dash);
    };
    shingle = prf(g.shingles) + " " + Fixed(g.shingles.mean_page_f1);
    chars = prf(g.chars);
    words = Fixed(g.words.precision) + " " + Fixed(g.words.recall) + " " + Fixed(g.words.mean_page_f1);
  }
  std::string snippets = "                   -     -";
  if (g.snippet_pages) {
    char sb[64];
    std::snprintf(sb, sizeof sb, "%5zu/%4zu/%4zu/%4zu", g.snippets.tp, g.snippets.fp, g.snippets.fn, g.snippets.tn);
    snippets = std::string(sb) + " " + Fixed(g.snippets.f1());
  }
  const std::string pages_per_second = timed ? Fixed(g.pages_per_second(), 0) : "-";
  const std::string mb_per_second = timed ? Fixed(g.mb_per_second(), 1) : "-";
  std::snprintf(buf, sizeof buf, "%-24.24s %5zu %4zu %5zu | %s | %s | %s | %s | %5s %8s %6s\n", label.c_str(),
                g.pages, g.errors, g.empty_outputs, shingle.c_str(), chars.c_str(), words.c_str(), snippets.c_str(),
                Fixed(g.compression).c_str(), pages_per_second.c_str(), mb_per_second.c_str());
  out << buf;
}

// ---- JSON -----------------------------------------------------------------------------------------

nlohmann::json MeanJson(const MeanScores& m) {
  return {{"precision", m.precision},      {"recall", m.recall},
          {"f1", m.f1},                    {"mean_page_f1", m.mean_page_f1},
          {"pages", m.pages},              {"precision_pages", m.precision_pages},
          {"recall_pages", m.recall_pages}};
}

// WCXB's figures: means over all pages, F1 the mean of page F1s.
nlohmann::json WordJson(const MeanScores& m) {
  return {{"precision", m.precision}, {"recall", m.recall}, {"f1", m.mean_page_f1}, {"pages", m.pages}};
}

nlohmann::json SnippetJson(const SnippetCounts& s) {
  return {{"tp", s.tp},
          {"fp", s.fp},
          {"fn", s.fn},
          {"tn", s.tn},
          {"precision", s.precision()},
          {"recall", s.recall()},
          {"f1", s.f1()}};
}

// A share of pages, 0 when there is none.
double Share(std::size_t part, std::size_t whole) { return whole ? double(part) / double(whole) : 0.0; }

nlohmann::json MetadataJson(const MetadataCounts& m) {
  nlohmann::json j = nlohmann::json::object();
  if (m.title_pages) {
    j["title"] = {{"pages", m.title_pages},
                  {"exact", m.title_exact},
                  {"accuracy", Share(m.title_exact, m.title_pages)},
                  {"token_f1", m.title_token_f1 / double(m.title_pages)}};
  }
  if (m.author_pages) {
    j["author"] = {{"pages", m.author_pages},
                   {"exact", m.author_exact},
                   {"accuracy", Share(m.author_exact, m.author_pages)}};
  }
  if (m.date_pages) {
    j["date"] = {{"pages", m.date_pages},
                 {"same_day", m.date_exact},
                 {"accuracy", Share(m.date_exact, m.date_pages)}};
  }
  return j;
}

// Speed fields are null when `timed` is false (saved outputs).
nlohmann::json GroupJson(const GroupReport& g, bool timed) {
  nlohmann::json j = {
      {"pages", g.pages},
      {"errors", g.errors},
      {"empty_outputs", g.empty_outputs},
      {"text_truth_pages", g.text_pages},
      {"snippet_truth_pages", g.snippet_pages},
      {"compression", g.compression},
      {"input_bytes", g.input_bytes},
      {"output_bytes", g.output_bytes},
  };
  j["extract_seconds"] = timed ? nlohmann::json(g.extract_seconds) : nlohmann::json(nullptr);
  j["pages_per_second"] = timed ? nlohmann::json(g.pages_per_second()) : nlohmann::json(nullptr);
  j["mb_per_second"] = timed ? nlohmann::json(g.mb_per_second()) : nlohmann::json(nullptr);
  j["shingle"] = g.text_pages ? MeanJson(g.shingles) : nlohmann::json(nullptr);
  if (g.text_pages) {
    j["char"] = MeanJson(g.chars);
    j["char"]["integrity"] = g.chars.recall;
  } else {
    j["char"] = nullptr;
  }
  j["word"] = g.text_pages ? WordJson(g.words) : nlohmann::json(nullptr);
  j["snippets"] = g.snippet_pages ? SnippetJson(g.snippets) : nlohmann::json(nullptr);
  j["metadata"] = g.metadata.fields() ? MetadataJson(g.metadata) : nlohmann::json(nullptr);
  j["page_type_answers"] = g.typed_pages ? nlohmann::json{{"pages", g.typed_pages},
                                                          {"right", g.typed_right},
                                                          {"accuracy", Share(g.typed_right, g.typed_pages)}}
                                         : nlohmann::json(nullptr);
  return j;
}

nlohmann::json PageJson(const PageReport& p, bool timed) {
  nlohmann::json j = {{"id", p.id},
                      {"status", p.status},
                      {"error", p.error},
                      {"lang_group", p.lang_group},
                      {"input_bytes", p.input_bytes},
                      {"output_bytes", p.output_bytes},
                      {"seconds", timed ? nlohmann::json(p.seconds) : nlohmann::json(nullptr)},
                      {"compression", CompressionRatio(p.output_bytes, p.input_bytes)}};
  if (!p.page_type.empty()) j["page_type"] = p.page_type;
  if (!p.page_type_found.empty()) j["page_type_found"] = p.page_type_found;
  if (p.confidence >= 0) j["confidence"] = p.confidence;
  if (!p.message.empty()) j["message"] = p.message;
  if (p.has_text_truth) {
    j["char"] = {{"precision", p.chars.precision}, {"recall", p.chars.recall}, {"f", p.chars.f},
                 {"common", p.chars.common},       {"extracted_chars", p.chars.extracted_chars},
                 {"truth_chars", p.chars.truth_chars}};
    j["shingle"] = {{"precision", p.shingles.precision}, {"recall", p.shingles.recall},
                    {"f1", p.shingles.f1},               {"tp", p.shingles.raw_tp},
                    {"fp", p.shingles.raw_fp},           {"fn", p.shingles.raw_fn}};
    j["word"] = {{"precision", p.words.precision}, {"recall", p.words.recall}, {"f1", p.words.f1},
                 {"overlap", p.words.overlap},     {"extracted_words", p.words.extracted_words},
                 {"truth_words", p.words.truth_words}};
  }
  if (p.has_structure) j["structure"] = StructureValues(p.structure);
  if (p.has_snippets) {
    j["snippets"] = {{"tp", p.snippets.tp}, {"fp", p.snippets.fp}, {"fn", p.snippets.fn}, {"tn", p.snippets.tn}};
  }
  if (p.metadata.fields()) {
    nlohmann::json m = nlohmann::json::object();
    if (p.metadata.title_pages) m["title"] = {{"found", p.title}, {"exact", p.metadata.title_exact == 1}};
    if (p.metadata.author_pages) m["author"] = {{"found", p.author}, {"exact", p.metadata.author_exact == 1}};
    if (p.metadata.date_pages) m["date"] = {{"found", p.date}, {"same_day", p.metadata.date_exact == 1}};
    j["metadata"] = m;
  }
  return j;
}

// ---- evaluation helpers ---------------------------------------------------------------------------

// Scores `outputs` (one per page, index order) against the set's truth and aggregates; the caller
// has filled each page's status, error and seconds, and for an extractor's run its metadata
// (`with_metadata`: saved outputs hold text only, so their metadata is not scored).
// `markdown` (one per page, "" where none) is scored against the pages' Markdown truth.
void ScoreOutputs(const DataSet& set, const std::vector<std::string>& outputs, const std::vector<std::string>& markdown,
                  bool with_metadata, SetReport* report) {
  const Clock::time_point score_start = Clock::now();
  std::vector<StructureScores> structure;
  for (std::size_t i = 0; i < set.pages.size(); ++i) {
    const Page& page = set.pages[i];
    PageReport& pr = report->pages[i];
    const std::string& text = outputs[i];
    pr.id = page.id;
    pr.lang_group = page.LangGroup();
    pr.page_type = page.page_type;
    pr.input_bytes = page.html.size();
    pr.output_bytes = text.size();
    pr.has_text_truth = page.has_text_truth;
    if (page.has_text_truth) {
      pr.chars = CharacterScore(text, page.truth_text);
      pr.shingles = ShingleMatch(text, page.truth_text);
      pr.words = WordMatch(text, page.truth_text);
    }
    pr.has_snippets = page.has_snippet_truth;
    if (page.has_snippet_truth) pr.snippets = CountSnippets(text, page.with, page.without);
    if (with_metadata) {
      pr.metadata = CountMetadata(pr.title, pr.author, pr.date, page.truth_title, page.truth_author, page.truth_date);
    }
    if (page.has_markdown_truth && !StructureMetricsAvailable()) report->structure_unavailable = true;
    if (page.has_markdown_truth && StructureMetricsAvailable()) {
      pr.has_structure = true;
      pr.structure = ScoreStructure(ParseMarkdownStructure(page.truth_markdown), ParseMarkdownStructure(markdown[i]));
      structure.push_back(pr.structure);
    }
  }
  if (!structure.empty()) report->structure = SummarizeStructure(structure);

  GroupBuilder total(set.name);
  for (const PageReport& p : report->pages) total.Add(p);
  report->total = total.Finish();
  report->total.extract_seconds = report->extract_seconds;  // the loop's wall time, not the page sum
  report->by_lang = GroupBy(report->pages, &LangKey);
  report->by_page_type = GroupBy(report->pages, &TypeKey);
  std::vector<double> confidence, f1;
  for (const PageReport& p : report->pages) {
    if (!p.has_text_truth || p.confidence < 0) continue;
    confidence.push_back(p.confidence);
    f1.push_back(p.words.f1);
  }
  if (!confidence.empty()) report->calibration = Calibrate(confidence, f1);
  report->score_seconds = SecondsSince(score_start);
}

SetReport EmptyReport(const DataSet& set) {
  SetReport report;
  report.name = set.name;
  report.path = set.dir.string();
  report.index_pages = set.index_pages;
  report.pages.resize(set.pages.size());
  return report;
}

}  // namespace

// ---- evaluation -----------------------------------------------------------------------------------

SetReport EvaluateSet(const DataSet& set, const ExtractFunction& extract) {
  SetReport report = EmptyReport(set);

  // 1. The timed loop: extraction only.
  std::vector<std::string> outputs(set.pages.size());
  std::vector<std::shared_ptr<const Result>> results(set.pages.size());  // pages with Markdown truth
  const Clock::time_point loop_start = Clock::now();
  for (std::size_t i = 0; i < set.pages.size(); ++i) {
    const Page& page = set.pages[i];
    PageReport& pr = report.pages[i];
    const PageInfo info{page.url, ""};
    const Clock::time_point start = Clock::now();
    Extraction e;
    try {
      e = extract(page.html, info);
    } catch (const std::exception& ex) {
      e = Extraction{"", true, "exception", ex.what()};
    } catch (...) {
      e = Extraction{"", true, "exception", "unknown exception"};
    }
    pr.seconds = SecondsSince(start);
    if (e.error) e.text.clear();  // an error scores as an empty output
    pr.error = e.error;
    pr.status = std::move(e.status);
    pr.message = std::move(e.message);
    pr.page_type_found = std::move(e.page_type);
    pr.confidence = e.error ? -1 : e.confidence;
    pr.title = std::move(e.title);
    pr.author = std::move(e.author);
    pr.date = std::move(e.date);
    outputs[i] = std::move(e.text);
    if (page.has_markdown_truth && !e.error) results[i] = std::move(e.result);
  }
  report.extract_seconds = SecondsSince(loop_start);

  // 2. Markdown, for the structure metrics (untimed), as `pith extract -f markdown` writes it.
  std::vector<std::string> markdown(set.pages.size());
  for (std::size_t i = 0; i < set.pages.size(); ++i) {
    if (results[i]) markdown[i] = render::ToMarkdown(*results[i]);
    results[i].reset();
  }

  // 3. Scoring.
  ScoreOutputs(set, outputs, markdown, /*with_metadata=*/true, &report);
  return report;
}

SetReport EvaluateSavedOutputs(const DataSet& set, const std::filesystem::path& outputs_dir) {
  SetReport report = EmptyReport(set);
  report.saved_outputs = true;
  std::vector<std::string> outputs(set.pages.size()), markdown(set.pages.size());
  for (std::size_t i = 0; i < set.pages.size(); ++i) {
    PageReport& pr = report.pages[i];
    std::error_code ec;
    if (set.pages[i].has_markdown_truth) {
      const std::filesystem::path md = outputs_dir / (set.pages[i].id + ".md");
      if (std::filesystem::exists(md, ec) && !ReadFileBytes(md, &markdown[i]).ok()) markdown[i].clear();
    }
    const std::filesystem::path file = outputs_dir / (set.pages[i].id + ".txt");
    if (!std::filesystem::exists(file, ec)) {
      pr.status = "missing";  // no output saved: scored as an empty output, not an error
      continue;
    }
    if (Status st = ReadFileBytes(file, &outputs[i]); !st.ok()) {
      outputs[i].clear();
      pr.error = true;
      pr.status = "unreadable";
      pr.message = st.message();
    }
  }
  ScoreOutputs(set, outputs, markdown, /*with_metadata=*/false, &report);
  return report;
}

// ---- printing -------------------------------------------------------------------------------------

void PrintHeader(std::ostream& out) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%-24s %5s %4s %5s | %-23s | %-17s | %-17s | %-26s | %5s %8s %6s\n", "", "", "", "",
                "shingle (ScrapingHub)", "char (paper 000)", "word (WCXB)", "snippets", "", "", "");
  std::string first(buf);
  first.erase(first.find_last_not_of(" \n") + 1);
  out << first << "\n";
  std::snprintf(buf, sizeof buf, "%-24s %5s %4s %5s | %23s | %17s | %17s | %26s | %5s %8s %6s\n", "set / group",
                "pages", "err", "empty", "    P     R    F1  pgF1", "    P     R     F", "    P     R    F1",
                "   tp/  fp/  fn/  tn    F1",
                "compr", "pages/s", "MB/s");
  out << buf << std::string(std::string_view(buf).size() - 1, '-') << "\n";
}

void PrintSetRows(std::ostream& out, const SetReport& set, bool per_page) {
  const bool timed = !set.saved_outputs;
  PrintRow(out, set.name, set.total, timed);
  if (const MetadataCounts& m = set.total.metadata; m.fields()) {
    std::string line = "  metadata:";
    char buf[160];
    if (m.title_pages) {
      std::snprintf(buf, sizeof buf, " title %zu/%zu = %s (token F1 %s)", m.title_exact, m.title_pages,
                    Fixed(Share(m.title_exact, m.title_pages)).c_str(),
                    Fixed(m.title_token_f1 / double(m.title_pages)).c_str());
      line += buf;
    }
    if (m.author_pages) {
      std::snprintf(buf, sizeof buf, "%s author %zu/%zu = %s", m.title_pages ? "," : "", m.author_exact,
                    m.author_pages, Fixed(Share(m.author_exact, m.author_pages)).c_str());
      line += buf;
    }
    if (m.date_pages) {
      std::snprintf(buf, sizeof buf, "%s date %zu/%zu = %s", m.title_pages || m.author_pages ? "," : "", m.date_exact,
                    m.date_pages, Fixed(Share(m.date_exact, m.date_pages)).c_str());
      line += buf;
    }
    out << line << "\n";
  }
  if (set.total.typed_pages) {
    out << "  page type: " << set.total.typed_right << "/" << set.total.typed_pages << " = "
        << Fixed(Share(set.total.typed_right, set.total.typed_pages)) << " answered as the index labels them\n";
  }
  if (set.calibration.pages) PrintCalibration(out, set.calibration);
  if (set.structure.pages) {
    out << "  structure (" << set.structure.pages << " pages with Markdown truth): overall "
        << (std::isnan(set.structure.overall) ? "-" : Fixed(set.structure.overall)) << "; "
        << StructureLine(set.structure.mean) << "\n";
  } else if (set.structure_unavailable) {
    out << "  structure: not scored (pith eval was built without cmark-gfm)\n";
  }
  if (set.by_lang.size() > 1) {
    for (const GroupReport& g : set.by_lang) PrintRow(out, "  lang " + g.name, g, timed);
  }
  if (!set.by_page_type.empty()) {
    for (const GroupReport& g : set.by_page_type) PrintRow(out, "  type " + g.name, g, timed);
  }
  if (per_page) {
    for (const PageReport& p : set.pages) {
      char buf[512];
      if (p.has_text_truth) {
        std::snprintf(buf, sizeof buf, "    %-40.40s %-12.12s shingle %s %s %s  char %s %s %s  word %s %s %s\n",
                      p.id.c_str(), p.status.c_str(), Fixed(p.shingles.precision).c_str(),
                      Fixed(p.shingles.recall).c_str(), Fixed(p.shingles.f1).c_str(), Fixed(p.chars.precision).c_str(),
                      Fixed(p.chars.recall).c_str(), Fixed(p.chars.f).c_str(), Fixed(p.words.precision).c_str(),
                      Fixed(p.words.recall).c_str(), Fixed(p.words.f1).c_str());
      } else {
        std::snprintf(buf, sizeof buf, "    %-40.40s %-12.12s output %zu bytes\n", p.id.c_str(), p.status.c_str(),
                      p.output_bytes);
      }
      out << buf;
      if (p.has_structure) out << "    " << std::string(53, ' ') << " structure " << StructureLine(p.structure) << "\n";
      if (p.has_snippets) {
        std::snprintf(buf, sizeof buf, "    %-40s %-12s snippets tp %zu fp %zu fn %zu tn %zu\n", "", "",
                      p.snippets.tp, p.snippets.fp, p.snippets.fn, p.snippets.tn);
        out << buf;
      }
    }
  }
  out.flush();
}

void PrintFooter(std::ostream& out, const std::vector<SetReport>& sets, std::size_t max_listed) {
  out << "\nshingle: ScrapingHub 4-gram shingles, \\w+ tokens (case-sensitive), one token per CJK character;"
         " P/R = means over pages, F1 = 2PR/(P+R), pgF1 = mean page F1.\n"
         "char: paper 000 LCS over code points after deleting White_Space; integrity = char R.\n"
         "word: WCXB bag of lowercased \\w+ words (a CJK run is one word); P, R, F1 = means of page scores"
         " over all pages.\n"
         "snippets: substring match after collapsing whitespace runs to one space (case-sensitive).\n"
         "page type: the page classifier's answers against the index's page_type labels.\n"
         "confidence: AUROC of the extraction's confidence for telling pages of word F1 >= 0.8 from the others;"
         " the pages at confidence >= 0.8 and their mean word F1; pages, mean confidence and word F1 by band.\n"
         "metadata: pages whose truth names the field; title and author equal after folding case, quotes,"
         " dashes and spaces; date the same day (YYYY-MM-DD).\n"
         "structure: on pages with Markdown truth (truth/<id>.md), score_struct.py's metrics of the Markdown"
         " output (src/eval/structure.h); overall = mean of text, code, formula, table, teds.\n"
         "compr: mean output bytes / input bytes. pages/s, MB/s: extraction loop only (input bytes);"
         " \"-\" for saved outputs.\n";
  for (const SetReport& s : sets) {
    char buf[256];
    if (s.saved_outputs) {
      const auto missing = std::count_if(s.pages.begin(), s.pages.end(),
                                         [](const PageReport& p) { return p.status == "missing"; });
      std::snprintf(buf, sizeof buf, "%s: %zu of %zu pages; load %.2f s, saved outputs (%zu missing), score %.2f s\n",
                    s.name.c_str(), s.pages.size(), s.index_pages, s.load_seconds, static_cast<std::size_t>(missing),
                    s.score_seconds);
    } else {
      std::snprintf(buf, sizeof buf, "%s: %zu of %zu pages; load %.2f s, extract %.3f s, score %.2f s\n",
                    s.name.c_str(), s.pages.size(), s.index_pages, s.load_seconds, s.extract_seconds,
                    s.score_seconds);
    }
    out << buf;
    std::size_t listed = 0;
    for (const PageReport& p : s.pages) {
      if (!p.error) continue;
      if (listed++ == max_listed) {
        out << "  ... " << (s.total.errors - max_listed) << " more errors\n";
        break;
      }
      out << "  error " << p.id << ": " << p.status << (p.message.empty() ? "" : ": ") << p.message << "\n";
    }
  }
}

nlohmann::json SetJson(const SetReport& set, bool per_page) {
  const bool timed = !set.saved_outputs;
  nlohmann::json j = GroupJson(set.total, timed);
  j["name"] = set.name;
  j["path"] = set.path;
  j["index_pages"] = set.index_pages;
  j["load_seconds"] = set.load_seconds;
  j["score_seconds"] = set.score_seconds;
  nlohmann::json lang = nlohmann::json::object(), type = nlohmann::json::object();
  for (const GroupReport& g : set.by_lang) lang[g.name] = GroupJson(g, timed);
  for (const GroupReport& g : set.by_page_type) type[g.name] = GroupJson(g, timed);
  j["groups"] = {{"lang", lang}, {"page_type", type}};
  nlohmann::json errors = nlohmann::json::array();
  for (const PageReport& p : set.pages) {
    if (p.error) errors.push_back({{"id", p.id}, {"status", p.status}, {"message", p.message}});
  }
  j["error_pages"] = errors;
  j["confidence"] = set.calibration.pages ? CalibrationJson(set.calibration) : nlohmann::json(nullptr);
  j["structure"] = set.structure.pages ? StructureJson(set.structure) : nlohmann::json(nullptr);
  if (per_page) {
    nlohmann::json pages = nlohmann::json::array();
    for (const PageReport& p : set.pages) pages.push_back(PageJson(p, timed));
    j["page_results"] = pages;
  }
  return j;
}

RunOutcome RunEvaluation(const RunConfig& config, const ExtractFunction& extract, std::ostream& out,
                         std::ostream& err) {
  std::vector<std::filesystem::path> set_dirs;
  if (Status st = FindSets(config.data, &set_dirs); !st.ok()) {
    err << "pith eval: " << st.message() << "\n";
    return RunOutcome::kFatal;
  }
  // Fail before the long run if the JSON file cannot be written.
  std::ofstream json_file;
  if (!config.json_out.empty()) {
    json_file.open(config.json_out, std::ios::binary | std::ios::trunc);
    if (!json_file) {
      err << "pith eval: cannot write " << config.json_out.string() << "\n";
      return RunOutcome::kFatal;
    }
  }

  if (config.outputs.empty()) {
    out << "pith eval: algorithm " << config.algorithm;
  } else {
    out << "pith eval: saved outputs " << config.outputs.string() << " (no extraction runs: speed not measured)";
  }
  out << ", data " << config.data.string();
  if (config.filter.limit) out << ", limit " << config.filter.limit << " per set";
  if (!config.filter.ids.empty()) out << ", " << config.filter.ids.size() << " listed ids";
  out << "\n";
  PrintHeader(out);

  std::vector<SetReport> reports;
  std::unordered_set<std::string> ids_seen;
  bool some_failed = false;
  for (const std::filesystem::path& dir : set_dirs) {
    DataSet set;
    const Clock::time_point load_start = Clock::now();
    if (Status st = LoadSet(dir, config.filter, &set); !st.ok()) {
      err << "pith eval: skipping set " << dir.string() << ": " << st.message() << "\n";
      some_failed = true;
      continue;
    }
    const double load_seconds = SecondsSince(load_start);
    if (set.pages.empty() && !config.filter.ids.empty()) continue;  // --pages selected none of it
    for (const Page& p : set.pages) {
      ids_seen.insert(p.id);
      ids_seen.insert(set.name + "/" + p.id);
    }
    SetReport report;
    if (config.outputs.empty()) {
      const ExtractFunction set_extract = config.prepare_set ? config.prepare_set(&set, extract, out) : extract;
      report = EvaluateSet(set, set_extract);
    } else {
      const std::filesystem::path set_outputs = config.outputs / set.name;
      std::error_code ec;
      if (!std::filesystem::is_directory(set_outputs, ec)) {
        err << "pith eval: no folder " << set_outputs.string() << ": every page of " << set.name
            << " scores as an empty output\n";
      }
      report = EvaluateSavedOutputs(set, set_outputs);
    }
    report.load_seconds = load_seconds;
    PrintSetRows(out, report, config.per_page);
    reports.push_back(std::move(report));
  }
  PrintFooter(out, reports);
  for (const std::string& id : config.filter.ids) {
    if (!ids_seen.count(id)) err << "pith eval: listed id not found in any set: " << id << "\n";
  }

  if (json_file.is_open()) {
    nlohmann::json doc = {{"tool", "pith eval"},
                          {"algorithm", config.outputs.empty() ? nlohmann::json(config.algorithm) : nlohmann::json(nullptr)},
                          {"outputs", config.outputs.empty() ? nlohmann::json(nullptr) : nlohmann::json(config.outputs.string())},
                          {"data", config.data.string()},
                          {"limit", config.filter.limit},
                          {"conventions",
                           {{"shingle", "ScrapingHub evaluate.py: \\w+ tokens (Python semantics, case-sensitive), "
                                        "one token per Han/Hiragana/Katakana/Hangul character, 4-gram shingle "
                                        "multisets, tp/fp/fn normalised per page; P = mean over pages with non-empty "
                                        "output, R = mean over pages with non-empty truth, F1 = 2PR/(P+R)"},
                            {"char", "paper 000 4.1: LCS over code points after deleting Unicode White_Space; "
                                     "aggregated like shingle; integrity = char recall"},
                            {"word", "WCXB evaluate.py: bag of \\w+ words of the lowercased text (a CJK run is "
                                     "one word); page P/R/F1 from the bags' overlap; P, R and F1 = means of the "
                                     "page scores over all pages with text truth"},
                            {"snippets", "substring match after collapsing White_Space runs to one space and "
                                         "trimming; case-sensitive; counts summed over the set"},
                            {"metadata", "pages whose truth names the field; title and author equal after "
                                         "case folding, ASCII quotes and dashes and one space per White_Space run; "
                                         "title token_f1 = mean unigram F1; date = same YYYY-MM-DD"},
                            {"compression", "mean over pages of output bytes / input bytes"},
                            {"structure", "pages with truth/<id>.md: score_struct.py's metrics (text, code, "
                                          "code_lang, formula, formula_recall, table, teds, headings, lists, images) "
                                          "of the Markdown output, set means over the pages where the truth has the "
                                          "element; overall = mean of text, code, formula, table, teds"}}}};
    nlohmann::json sets = nlohmann::json::array();
    for (const SetReport& r : reports) sets.push_back(SetJson(r, config.per_page));
    doc["sets"] = sets;
    json_file << doc.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    json_file.close();
    if (!json_file) {
      err << "pith eval: cannot write " << config.json_out.string() << "\n";
      return RunOutcome::kFatal;
    }
  }
  if (reports.empty()) return RunOutcome::kFatal;
  return some_failed ? RunOutcome::kSomeSetsFailed : RunOutcome::kRan;
}

}  // namespace pith::eval
