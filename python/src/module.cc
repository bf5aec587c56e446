// pith._pith: the extension module under the pith package (python/pith/__init__.py wraps it).
#include <pybind11/pybind11.h>

#include "core.h"
#include "errors.h"
#include "pith/version.h"

PYBIND11_MODULE(_pith, m) {
  m.doc() = "pith's C++ core; use the pith package.";
  m.attr("__version__") = PITH_VERSION;
  pith::python::RegisterErrors(m);
  pith::python::RegisterExtractor(m);
  pith::python::RegisterWarc(m);
}
