// `pith plot PAGE -o plot.svg [--png plot.png]`: paper 001's line-block distribution function of
// one page as SVG (src/render/plot.h). The PNG is made by rsvg-convert (Debian librsvg2-bin) when it
// is installed; pith itself has no raster code.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include "commands.h"
#include "one_page.h"
#include "render/plot.h"

extern char** environ;

namespace pith::cli {
namespace {

struct PlotArgs {
  std::string path;
  std::string out;
  std::string png;
  int width = 1100;
  int height = 520;
  batch::Settings settings;  // --url, the algorithm's options, --site-pages / --site-model
};

// Runs `rsvg-convert -o png svg` (no shell). Returns false with a message when it cannot.
bool ConvertToPng(const std::string& svg_path, const std::string& png_path, std::string* error) {
  std::vector<std::string> argv_s = {"rsvg-convert", "--format", "png", "--background-color", "white",
                                     "-o", png_path, svg_path};
  std::vector<char*> argv;
  for (std::string& s : argv_s) argv.push_back(s.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawnp(&pid, "rsvg-convert", nullptr, nullptr, argv.data(), environ) != 0) {
    *error = "rsvg-convert not found (Debian package librsvg2-bin)";
    return false;
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    *error = WIFEXITED(status) && WEXITSTATUS(status) == 127 ? "rsvg-convert not found (Debian package librsvg2-bin)"
                                                             : "rsvg-convert failed";
    return false;
  }
  return true;
}

// Writes the PNG through a temporary SVG file when the SVG itself is not written to a file.
int WritePng(const PlotArgs& a, const std::string& svg) {
  std::string svg_path = a.out;
  std::string temp;
  if (svg_path.empty() || svg_path == "-") {
    char tmpl[] = "/tmp/pith-plot-XXXXXX.svg";
    const int fd = mkstemps(tmpl, 4);
    if (fd < 0) {
      std::cerr << "pith plot: cannot create a temporary file\n";
      return kExitFatal;
    }
    close(fd);
    temp = svg_path = tmpl;
    if (!WriteFileBytes(temp, svg)) {
      std::remove(temp.c_str());
      std::cerr << "pith plot: cannot write " << temp << "\n";
      return kExitFatal;
    }
  }
  std::string error;
  const bool ok = ConvertToPng(svg_path, a.png, &error);
  if (!temp.empty()) std::remove(temp.c_str());
  if (!ok) {
    std::cerr << "pith plot: cannot write " << a.png << ": " << error << "\n";
    return kExitFatal;
  }
  return kExitOk;
}

int RunPlot(const PlotArgs& a) {
  OnePage page;
  if (const int rc = RunOnePage("pith plot", a.path, a.settings, &page); rc != kExitOk) return rc;
  const std::string title = page.result.metadata.title.empty() ? page.name : page.result.metadata.title;
  const std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" +
                          render::PlotSvg(render::BuildPlotData(page.state, page.options, title),
                                          render::PlotSize{a.width, a.height});
  if (a.out.empty() || a.out == "-") {
    if (a.png.empty()) std::cout << svg << std::flush;
  } else if (!WriteFileBytes(a.out, svg)) {
    std::cerr << "pith plot: cannot write " << a.out << "\n";
    return kExitFatal;
  }
  return a.png.empty() ? kExitOk : WritePng(a, svg);
}

}  // namespace

void RegisterPlot(CLI::App& root, int& exit_code) {
  auto args = std::make_shared<PlotArgs>();
  CLI::App* cmd = root.add_subcommand(
      "plot",
      "Draw paper 001's line-block distribution function of one page as SVG (x: line number, y: block\n"
      "length), with the rise threshold, lineblock's candidate regions (kept shaded green, rejected\n"
      "grey) and a strip of the lines whose text the chosen --algorithm kept.\n"
      "Example: pith plot page.html -o plot.svg --png plot.png");
  cmd->add_option("page", args->path, "the HTML file, or - for stdin")->required();
  cmd->add_option("-o,--output", args->out, "write the SVG here (default: stdout, unless only --png is wanted)");
  cmd->add_option("--png", args->png, "also write a PNG here (needs rsvg-convert from librsvg2-bin)");
  cmd->add_option("--width", args->width, "chart width in pixels (default 1100)")->check(CLI::Range(400, 10000));
  cmd->add_option("--height", args->height, "chart height in pixels (default 520)")->check(CLI::Range(260, 10000));
  cmd->add_option("--url", args->settings.url, "the page's URL (for metadata)");
  AddTableFlags(cmd, args->settings, {batch::OptionGroup::kAlgorithm, batch::OptionGroup::kSite});
  cmd->callback([args, &exit_code]() { exit_code = RunPlot(*args); });
}

}  // namespace pith::cli
