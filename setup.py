"""Builds the Python package `pith`: CMake builds the extension pith._pith (-DPITH_PYTHON=ON, the
library's own sources) and setuptools packages it with python/pith. Environment:

  PITH_BUILD_DIR   a CMake build folder to (re)use, e.g. the Release build `build`: only the
                   extension's own files compile there (CI). Default: build-python/cmake.
  PITH_BUILD_JOBS  parallel compile jobs (default: the number of cores).
  CMAKE_CXX_COMPILER_LAUNCHER  as for any CMake build (ccache).
"""

import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def version():
    with open(os.path.join(HERE, "CMakeLists.txt"), encoding="utf-8") as f:
        return re.search(r"project\(pith VERSION ([0-9.]+)", f.read()).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = os.path.abspath(os.environ.get("PITH_BUILD_DIR") or os.path.join(HERE, "build-python", "cmake"))
        os.makedirs(build_dir, exist_ok=True)
        configure = ["cmake", "-S", HERE, "-B", build_dir, "-DPITH_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}"]
        if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
            # A fresh folder: the library and the extension only (no tool, tests, install rules).
            configure += ["-G", "Ninja" if shutil.which("ninja") else "Unix Makefiles", "-DCMAKE_BUILD_TYPE=Release",
                          "-DPITH_TESTS=OFF", "-DPITH_BENCH=OFF", "-DPITH_CLI=OFF", "-DPITH_INSTALL=OFF"]
        subprocess.run(configure, check=True)
        jobs = os.environ.get("PITH_BUILD_JOBS") or str(os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", build_dir, "--target", "pith_python", "-j", jobs], check=True)
        built = [f for f in os.listdir(build_dir) if f.startswith("_pith.") and f.endswith(".so")]
        if len(built) != 1:
            raise RuntimeError(f"expected one _pith*.so in {build_dir}, found {built}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(build_dir, built[0]), target)


setup(
    version=version(),
    package_dir={"": "python"},
    packages=["pith", "pith.dask"],
    package_data={"pith": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("pith._pith", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": os.path.join("build-python", "setuptools")},
             "egg_info": {"egg_base": "build-python"}},
    zip_safe=False,
)
