// pith's exceptions (pith.PithError and one subclass per error status) and raising them.
#pragma once

#include <string>

#include <pybind11/pybind11.h>

#include "pith/status.h"

namespace pith::python {

// Creates the exception classes in module `m`: PithError(Exception) and EmptyInputError,
// NotHtmlError, TooLargeError, InvalidArgumentError (also ValueError), IoError (also OSError),
// InternalError (also RuntimeError).
void RegisterErrors(pybind11::module_& m);

// The class a status raises (PithError for a code without its own class).
pybind11::handle ErrorClass(StatusCode code);

// Raises the status's class with its message; the exception's `status` attribute holds the code's
// name ("not_html").
[[noreturn]] void RaiseStatus(const Status& status);
[[noreturn]] void RaiseInvalidArgument(const std::string& message);

}  // namespace pith::python
