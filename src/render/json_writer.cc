// JSON text as nlohmann::json::dump writes it (json_writer.h), with a faster string escaper.
#include "render/json_writer.h"

#include <charconv>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pith::render {
namespace {

// The length of the well-formed UTF-8 sequence (Unicode 15 table 3-7: no overlong forms, no
// surrogates, nothing past U+10FFFF) that starts at the non-ASCII byte p[0], 0 if there is none.
// nlohmann accepts exactly these.
std::size_t Utf8SequenceLength(const unsigned char* p, std::size_t left) {
  const unsigned char b = p[0];
  const auto tail = [&](std::size_t i) { return i < left && (p[i] & 0xC0) == 0x80; };
  if (b >= 0xC2 && b <= 0xDF) return tail(1) ? 2 : 0;
  if (b >= 0xE0 && b <= 0xEF) {
    if (left < 2) return 0;
    const unsigned char lo = b == 0xE0 ? 0xA0 : 0x80, hi = b == 0xED ? 0x9F : 0xBF;
    return p[1] >= lo && p[1] <= hi && tail(2) ? 3 : 0;
  }
  if (b >= 0xF0 && b <= 0xF4) {
    if (left < 2) return 0;
    const unsigned char lo = b == 0xF0 ? 0x90 : 0x80, hi = b == 0xF4 ? 0x8F : 0xBF;
    return p[1] >= lo && p[1] <= hi && tail(2) && tail(3) ? 4 : 0;
  }
  return 0;
}

// The first byte at or after p that is a control character, '"', '\\' or not ASCII.
const unsigned char* FindSpecial(const unsigned char* p, const unsigned char* end) {
#if defined(__x86_64__) && defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), space = _mm_set1_epi8(' ');
  for (; end - p >= 16; p += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // A signed compare: bytes of 0x80 and above are negative, below ' ' as well.
    const __m128i special = _mm_or_si128(_mm_cmplt_epi8(block, space),
                                         _mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)));
    const auto mask = static_cast<unsigned>(_mm_movemask_epi8(special));
    if (mask != 0) return p + __builtin_ctz(mask);
  }
#endif
  while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\') ++p;
  return p;
}

// A string as nlohmann writes it with ensure_ascii off: quoted, '"' '\\' and control characters
// escaped (\b \t \n \f \r by name, the others as \u00xx), everything else as it is.
void AppendString(const std::string& s, std::string* out) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* const end = p + s.size();
  const std::size_t start = out->size();
  out->push_back('"');
  for (;;) {
    const unsigned char* q = FindSpecial(p, end);
    out->append(reinterpret_cast<const char*>(p), static_cast<std::size_t>(q - p));
    if (q == end) break;
    if (*q >= 0x80) {
      const std::size_t n = Utf8SequenceLength(q, static_cast<std::size_t>(end - q));
      if (n == 0) {  // not UTF-8: nlohmann's own replacement rules
        out->resize(start);
        out->append(nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        return;
      }
      out->append(reinterpret_cast<const char*>(q), n);
      p = q + n;
      continue;
    }
    switch (*q) {
      case '"': out->append("\\\""); break;
      case '\\': out->append("\\\\"); break;
      case '\b': out->append("\\b"); break;
      case '\t': out->append("\\t"); break;
      case '\n': out->append("\\n"); break;
      case '\f': out->append("\\f"); break;
      case '\r': out->append("\\r"); break;
      default: {
        static constexpr char kHex[] = "0123456789abcdef";
        const char escaped[] = {'\\', 'u', '0', '0', kHex[*q >> 4], kHex[*q & 15]};
        out->append(escaped, sizeof escaped);
      }
    }
    p = q + 1;
  }
  out->push_back('"');
}

template <class T>
void AppendInteger(T value, std::string* out) {
  char digits[24];
  const auto result = std::to_chars(digits, digits + sizeof digits, value);
  out->append(digits, static_cast<std::size_t>(result.ptr - digits));
}

void Append(const nlohmann::json& j, bool pretty, unsigned step, unsigned indent, std::string* out) {
  using value_t = nlohmann::json::value_t;
  switch (j.type()) {
    case value_t::object: {
      const auto& object = j.get_ref<const nlohmann::json::object_t&>();
      if (object.empty()) {
        out->append("{}");
        return;
      }
      out->append(pretty ? "{\n" : "{");
      bool first = true;
      for (const auto& [key, value] : object) {
        if (!first) out->append(pretty ? ",\n" : ",");
        first = false;
        if (pretty) out->append(indent + step, ' ');
        AppendString(key, out);
        out->append(pretty ? ": " : ":");
        Append(value, pretty, step, indent + step, out);
      }
      if (pretty) {
        out->push_back('\n');
        out->append(indent, ' ');
      }
      out->push_back('}');
      return;
    }
    case value_t::array: {
      const auto& array = j.get_ref<const nlohmann::json::array_t&>();
      if (array.empty()) {
        out->append("[]");
        return;
      }
      out->append(pretty ? "[\n" : "[");
      bool first = true;
      for (const nlohmann::json& value : array) {
        if (!first) out->append(pretty ? ",\n" : ",");
        first = false;
        if (pretty) out->append(indent + step, ' ');
        Append(value, pretty, step, indent + step, out);
      }
      if (pretty) {
        out->push_back('\n');
        out->append(indent, ' ');
      }
      out->push_back(']');
      return;
    }
    case value_t::string: AppendString(j.get_ref<const std::string&>(), out); return;
    case value_t::boolean: out->append(j.get<bool>() ? "true" : "false"); return;
    case value_t::number_integer: AppendInteger(j.get<std::int64_t>(), out); return;
    case value_t::number_unsigned: AppendInteger(j.get<std::uint64_t>(), out); return;
    case value_t::null: out->append("null"); return;
    default:  // floating-point numbers, binary values: as nlohmann writes them
      out->append(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
      return;
  }
}

}  // namespace

void AppendJson(const nlohmann::json& j, int indent, std::string* out) {
  const bool pretty = indent >= 0;
  Append(j, pretty, pretty ? static_cast<unsigned>(indent) : 0u, 0u, out);
}

}  // namespace pith::render
