// Flags shared by every subcommand that runs an algorithm.
#include <string>

#include "commands.h"

namespace pith::cli {

void AddAlgorithmFlags(CLI::App* cmd, Options& options) {
  // Algorithms this build offers (add a name when its implementation is registered in
  // src/algo/registry.cc, and its thresholds below).
  static const std::vector<std::string> kNames = {"lineblock"};
  cmd->add_option_function<std::string>(
         "-a,--algorithm",
         [&options](const std::string& name) { ParseAlgorithm(name, &options.algorithm); },
         "content algorithm (default lineblock): lineblock = paper 001 line-block distribution")
      ->check(CLI::IsMember(kNames));
  cmd->add_option("--charset", options.forced_charset,
                  "decode every input with this charset (a WHATWG label such as gbk, big5, "
                  "windows-1256), overriding all sniffing");
  cmd->add_option("--max-bytes", options.max_input_bytes, "largest input accepted, in bytes (default 64 MiB)");
  cmd->add_option("--max-depth", options.max_nesting_depth,
                  "deepest element nesting accepted (default 5000)");
  LineBlockOptions& lb = options.lineblock;
  cmd->add_option("--lb-thickness", lb.block_thickness, "lineblock: block thickness K in lines (default 3)")
      ->check(CLI::Range(1, 10));
  cmd->add_option("--lb-threshold", lb.rise_threshold,
                  "lineblock: block length that counts as a sharp rise, in weighted characters");
  cmd->add_option("--lb-cjk-weight", lb.cjk_char_weight,
                  "lineblock: how many Latin letters one CJK character counts as")
      ->check(CLI::Range(1, 10));
  cmd->add_option("--lb-link-density", lb.max_line_link_density,
                  "lineblock: lines with more link text than this share count as empty (1 = off)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--lb-peak-ratio", lb.min_region_peak_ratio,
                  "lineblock: keep further regions whose peak reaches this share of the maximum")
      ->check(CLI::Range(0.0, 1.0));
}

}  // namespace pith::cli
