// pith/export.h — PITH_API marks the declarations of the public API (include/pith/*.h). The library
// is compiled with hidden visibility (CMakeLists.txt), so a shared libpith exports these and
// nothing of its internals.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define PITH_API __attribute__((visibility("default")))
#else
#define PITH_API
#endif
