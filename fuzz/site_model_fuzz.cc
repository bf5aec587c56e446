// libFuzzer target: `pith extract --site-model FILE` reads a JSON file a user may have been sent.
// Arbitrary bytes through SiteModel::FromJson; a model that loads is applied to a small page and
// written back. Invariants: no crash; a loaded model round-trips through ToJson/FromJson.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "pith/pith.h"
#include "pith/site.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view json(reinterpret_cast<const char*>(data), size);
  std::shared_ptr<const pith::SiteModel> model;
  if (!pith::SiteModel::FromJson(json, &model).ok()) return 0;
  pith::Options o;
  o.algorithm = pith::Algorithm::kPathSim;
  o.pathsim.site = model;
  const pith::Result r = pith::Extractor(o).Extract(
      "<html><body><div class=nav><a href=/>Home</a></div><div class=main><h1>Title</h1>"
      "<p>A paragraph of the article with enough words to count as text.</p></div></body></html>");
  (void)r;
  std::shared_ptr<const pith::SiteModel> again;
  if (!pith::SiteModel::FromJson(model->ToJson(), &again).ok()) __builtin_trap();
  return 0;
}
