// The C++ side of pith.Extractor: parsed options, the Extractor (with its site model), and what
// a page's result carries to Python.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

#include "options.h"
#include "pith/pith.h"
#include "pith/warc.h"

namespace pith::python {

class Core {
 public:
  // Raises TypeError / pith.InvalidArgumentError for bad keywords, pith.IoError for an unreadable
  // site model or site page.
  explicit Core(const pybind11::dict& kwargs);

  const Config& config() const { return config_; }
  const Extractor& extractor() const { return *extractor_; }
  const std::shared_ptr<const Extractor>& shared_extractor() const { return extractor_; }
  const WarcPageOptions& page_options() const { return page_options_; }

 private:
  Config config_;
  std::shared_ptr<const Extractor> extractor_;
  WarcPageOptions page_options_;
};

// An extraction as pith.Result sees it.
struct PageResult {
  Result result;
  bool blocks = false, links = false;
  std::optional<std::string> html;  // format "html": the purified page
  nlohmann::json explain;           // explain=True: render::ExplainJson (null otherwise)
};

// Registers Core's Python class (_pith.Core), Result, Block, Link, Encoding.
void RegisterExtractor(pybind11::module_& m);
// Registers WarcRecord, WarcPage, the readers and the batch writer (warc.cc).
void RegisterWarc(pybind11::module_& m);

// The bytes of `html`: bytes as they are, str as UTF-8 (*is_text set), any other buffer copied into
// *copy. Raises TypeError for anything else.
std::string_view PageBytes(const pybind11::handle& html, std::string* copy, bool* is_text);

}  // namespace pith::python
