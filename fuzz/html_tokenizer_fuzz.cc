// libFuzzer target for the HTML5 tokenizer (src/dom/html_tokenizer.h).
//
// The first input byte seeds the choices a tree builder would make while tokenizing: after which
// start tags to switch to RCDATA, RAWTEXT, script data, PLAINTEXT or back to data, and when content
// is foreign (CDATA sections). The rest, made valid UTF-8 (invalid bytes become U+FFFD, NUL bytes
// are kept), is the page. Invariants checked on every token:
//  * offsets never decrease and stay within the input; kEof is at the input's size, ends the
//    stream, and repeats; the number of tokens is bounded by the input's size;
//  * every view is readable (its bytes are summed, so ASan sees any stale or out-of-bounds view)
//    and is valid UTF-8; tag, attribute and DOCTYPE names hold no A-Z;
//  * character runs are not empty; end tags carry no attributes; no start tag repeats a name.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "dom/html_tokenizer.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

// Length of the well-formed UTF-8 sequence at s[i] (WHATWG / Unicode: no overlongs, no surrogates,
// at most U+10FFFF), or 0 if it is not one.
std::size_t Utf8SequenceLength(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return 1;
  std::size_t length;
  unsigned char low = 0x80, high = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    if (b0 == 0xE0) low = 0xA0;
    if (b0 == 0xED) high = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    if (b0 == 0xF0) low = 0x90;
    if (b0 == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > s.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return length;
}

std::string MakeValidUtf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (std::size_t i = 0; i < bytes.size();) {
    const std::size_t n = Utf8SequenceLength(bytes, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(bytes.substr(i, n));
      i += n;
    }
  }
  return out;
}

bool IsValidUtf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = Utf8SequenceLength(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

// Reads every byte of a view (so ASan checks it) and checks it is valid UTF-8.
std::uint32_t CheckView(std::string_view view) {
  std::uint32_t sum = 0;
  for (const char c : view) sum += static_cast<unsigned char>(c);
  Check(IsValidUtf8(view));
  return sum;
}

void CheckLowerCase(std::string_view name) {
  for (const char c : name) Check(!(c >= 'A' && c <= 'Z'));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  std::uint32_t choices = data[0] * 2654435761u + 1;  // a small generator seeded by the first byte
  const auto next_choice = [&choices] {
    choices ^= choices << 13;
    choices ^= choices >> 17;
    choices ^= choices << 5;
    return choices;
  };
  const std::string input = MakeValidUtf8(std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));

  using pith::dom::HtmlToken;
  using State = pith::dom::HtmlTokenizer::State;
  pith::dom::HtmlTokenizer tokenizer(input);
  std::size_t last_offset = 0, tokens = 0;
  volatile std::uint32_t sink = 0;
  for (;;) {
    tokenizer.set_foreign_content((next_choice() & 7) == 0);
    const HtmlToken& t = tokenizer.Next();
    ++tokens;
    Check(tokens <= input.size() + 2);
    Check(t.offset >= last_offset && t.offset <= input.size());
    last_offset = t.offset;
    sink = sink + CheckView(t.name) + CheckView(t.data) + CheckView(t.public_id) + CheckView(t.system_id);
    switch (t.type) {
      case HtmlToken::kEof:
        Check(t.offset == input.size());
        Check(tokenizer.Next().type == HtmlToken::kEof);
        return 0;
      case HtmlToken::kCharacters:
        Check(!t.data.empty());
        break;
      case HtmlToken::kEndTag:
        Check(t.attr_count == 0);
        CheckLowerCase(t.name);
        Check(!t.name.empty());
        break;
      case HtmlToken::kStartTag: {
        CheckLowerCase(t.name);
        Check(!t.name.empty());
        for (std::size_t i = 0; i < t.attr_count; ++i) {
          CheckLowerCase(t.attrs[i].name);
          sink = sink + CheckView(t.attrs[i].name) + CheckView(t.attrs[i].value);
          for (std::size_t j = 0; j < i; ++j) Check(t.attrs[j].name != t.attrs[i].name);
        }
        // Switch as a tree builder would after this tag, or at random.
        const std::uint32_t choice = next_choice() % 8;
        if (choice < 5) {
          static constexpr State kStates[] = {State::kData, State::kRcdata, State::kRawtext, State::kScriptData,
                                              State::kPlaintext};
          if ((next_choice() & 15) == 0) tokenizer.SwitchTo(kStates[choice]);
        } else if (t.name == "script") {
          tokenizer.SwitchTo(State::kScriptData);
        } else if (t.name == "title" || t.name == "textarea") {
          tokenizer.SwitchTo(State::kRcdata);
        } else if (t.name == "style" || t.name == "xmp" || t.name == "iframe") {
          tokenizer.SwitchTo(State::kRawtext);
        }
        break;
      }
      case HtmlToken::kDoctype:
        CheckLowerCase(t.name);
        Check(t.has_public_id || t.public_id.empty());
        Check(t.has_system_id || t.system_id.empty());
        break;
      case HtmlToken::kComment:
        break;
    }
  }
}
