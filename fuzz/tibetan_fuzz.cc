// libFuzzer target: the Tibetan identifier, the legacy-font pre-check and the converter (paper 003)
// on arbitrary pages, once as given and once wrapped in a declared legacy font so that the
// converter's scanner runs. Invariant: no crash or sanitizer report.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "decode/decode.h"
#include "decode/tibetan.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  pith::decode::Decoded decoded;
  if (!pith::decode::Decode(bytes, "", "", &decoded).ok()) return 0;
  (void)pith::decode::IdentifyTibetan(bytes, decoded.utf8);
  std::vector<std::string> fonts;
  (void)pith::decode::DeclaresLegacyTibetanFont(decoded.utf8, &fonts);
  const std::string page = "<style>.t{font-family:TibetanMachineWeb1}</style><p class=t>" + decoded.utf8 + "</p>";
  pith::decode::LegacyConversion conv;
  pith::decode::ConvertLegacyTibetan(page, &conv);
  (void)pith::decode::IdentifyTibetan({}, conv.html);
  return 0;
}
