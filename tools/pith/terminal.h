// What `pith extract` shows on stderr while a batch runs (batch/driver.h's Observer): complaints
// ("pith: ..."), for archives a progress line on a terminal and each archive's counts, and the
// per-input counts for --summary.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "batch/driver.h"

namespace pith::cli {

class TerminalObserver : public batch::Observer {
 public:
  // `progress`: draw the progress line (stderr is a terminal and --no-progress was not given).
  TerminalObserver(const batch::Plan& plan, bool progress) : plan_(plan), progress_(progress) {}

  void Complain(const std::string& line) override;
  void InputDone(std::size_t input, const batch::Counts& counts) override;
  void Progress(std::size_t input, const batch::Counts& counts, std::uint64_t done, std::uint64_t size) override;

  // [{"input", "counts"}] of every input (kArchives), for --summary.
  const nlohmann::json& per_input() const { return per_input_; }

 private:
  const batch::Plan& plan_;
  const bool progress_;
  std::size_t progress_input_ = static_cast<std::size_t>(-1);
  std::chrono::steady_clock::time_point start_, last_;
  nlohmann::json per_input_ = nlohmann::json::array();
};

}  // namespace pith::cli
