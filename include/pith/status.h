// pith/status.h — errors as values.
//
// Every fallible pith call returns a Status (or a Result carrying one). A Status is cheap to copy;
// ok() is the common case. "The page has no main content" is *not* an error: it is StatusCode::kNoContent,
// a normal outcome that callers can count, with an empty text.
#pragma once

#include <string>
#include <string_view>

#include "pith/export.h"

namespace pith {

enum class StatusCode : int {
  kOk = 0,
  kNoContent = 1,        // parsed fine, but no block qualified as main content
  kEmptyInput = 2,       // zero bytes, or only whitespace
  kNotHtml = 3,          // binary data (PDF, image, archive...) rather than text/HTML
  kTooLarge = 4,         // input larger than Options::max_input_bytes
  kTooDeep = 5,          // no longer returned: nesting past Options::max_nesting_depth is flattened
                         // (the value stays so that the other codes keep theirs)
  kInvalidArgument = 6,  // bad option value (unknown charset label, unknown algorithm...)
  kIoError = 7,          // reading an input or writing an output failed
  kInternal = 8,         // a bug in pith; please report it with the input
};

// Stable lower-case name of a code, used in JSON error records ("no_content", "not_html", ...).
PITH_API std::string_view StatusCodeName(StatusCode code);

class PITH_API Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return {}; }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // "too_large: 70000000 bytes exceeds the limit of 67108864"
  std::string ToString() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

}  // namespace pith
