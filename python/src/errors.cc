// pith's exception classes (errors.h).
#include "errors.h"

#include <map>

namespace py = pybind11;

namespace pith::python {
namespace {

std::map<StatusCode, PyObject*>& Classes() {
  static std::map<StatusCode, PyObject*> classes;  // owned by the module (references kept forever)
  return classes;
}
PyObject* g_base = nullptr;

PyObject* NewClass(py::module_& m, const char* name, PyObject* bases, const char* doc) {
  const std::string qualified = "pith." + std::string(name);
  PyObject* cls = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases, nullptr);
  if (!cls) throw py::error_already_set();
  m.add_object(name, py::handle(cls));  // steals nothing: add_object increments
  return cls;
}

}  // namespace

void RegisterErrors(py::module_& m) {
  g_base = NewClass(m, "PithError", PyExc_Exception,
                    "An input pith cannot extract (its `status` attribute names why: \"not_html\", ...) or a bad option.");
  struct Sub {
    StatusCode code;
    const char* name;
    PyObject* also;
    const char* doc;
  };
  const Sub subs[] = {
      {StatusCode::kEmptyInput, "EmptyInputError", PyExc_ValueError, "The input is empty or only whitespace."},
      {StatusCode::kNotHtml, "NotHtmlError", PyExc_ValueError,
       "The input is binary (PDF, image, archive, ...) rather than text/HTML."},
      {StatusCode::kTooLarge, "TooLargeError", PyExc_ValueError, "The input is larger than max_bytes."},
      {StatusCode::kInvalidArgument, "InvalidArgumentError", PyExc_ValueError,
       "An option value the pith tool would refuse (an unknown charset label, a threshold out of range, ...)."},
      {StatusCode::kIoError, "IoError", PyExc_OSError, "Reading an input or writing an output failed."},
      {StatusCode::kInternal, "InternalError", PyExc_RuntimeError, "A bug in pith: please report it with the input."},
  };
  for (const Sub& s : subs) {
    py::tuple bases = py::make_tuple(py::handle(g_base), py::handle(s.also));
    Classes()[s.code] = NewClass(m, s.name, bases.ptr(), s.doc);
  }
}

py::handle ErrorClass(StatusCode code) {
  const auto it = Classes().find(code);
  return it == Classes().end() ? py::handle(g_base) : py::handle(it->second);
}

void RaiseStatus(const Status& status) {
  py::object cls = py::reinterpret_borrow<py::object>(ErrorClass(status.code()));
  py::object error = cls(status.message().empty() ? std::string(StatusCodeName(status.code())) : status.message());
  error.attr("status") = py::str(std::string(StatusCodeName(status.code())));
  PyErr_SetObject(cls.ptr(), error.ptr());
  throw py::error_already_set();
}

void RaiseInvalidArgument(const std::string& message) { RaiseStatus(Status(StatusCode::kInvalidArgument, message)); }

}  // namespace pith::python
