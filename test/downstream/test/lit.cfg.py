# -*- Python -*-
# lit configuration of the downstream example: its own tools, the installed
# Triton tools and headers, LLVM's FileCheck. Nothing of Triton's source or
# build tree is used.
import os
import shutil

import lit.formats

if not hasattr(config, "downstream_obj_root"):
    lit_config.fatal("run lit on the build tree: lit -v <build>/test")

config.name = "DOWNSTREAM"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.downstream_obj_root, "test")

# Our tools, then the installed Triton tools, then LLVM's (FileCheck, not).
path = [config.downstream_tools_dir, config.triton_tools_dir, config.llvm_tools_dir]
config.environment["PATH"] = os.pathsep.join(path + [os.environ.get("PATH", "")])

config.substitutions.append(("%triton_include", config.triton_include_dir))
config.substitutions.append(("%triton_cmake_dir", config.triton_cmake_dir))
# CMake configure runs (package.test) use this build's CMake and compiler.
config.substitutions.append(
    ("%cmake", '"%s" -DCMAKE_CXX_COMPILER="%s"' % (config.cmake, config.cxx_compiler))
)
config.substitutions.append(("%mlir_include", config.mlir_include_dir))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))

# ptxas (CUDA) turns PTX into a cubin; without it the compile tests are
# UNSUPPORTED.
ptxas = os.environ.get("TRITON_PTXAS_PATH") or "/usr/local/cuda/bin/ptxas"
if os.access(ptxas, os.X_OK) or shutil.which("ptxas"):
    config.available_features.add("ptxas")
for var in ("TRITON_PTXAS_PATH", "TRITON_LIBDEVICE_PATH", "HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
