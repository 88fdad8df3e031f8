# -*- Python -*-
# lit configuration for the Triton-on-MLIR tests. The generated
# lit.site.cfg.py (in the build tree) sets the paths and loads this file.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

if not hasattr(config, "triton_obj_root"):
    lit_config.fatal(
        "lit.cfg.py needs the generated site config: run lit on the build "
        "tree, e.g. lit -v build/test/lit or lit -v build/test/lit/corpus"
    )

config.name = "TRITON"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)

# .mlir: IR fed to a tool; .test: scripts whose input lives elsewhere (corpus).
config.suffixes = [".mlir", ".test"]
config.excludes = [
    "Inputs",
    "CMakeLists.txt",
    "README.md",
    "lit.cfg.py",
    "lit.site.cfg.py",
    "lit.site.cfg.py.in",
]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.triton_obj_root, "test", "lit")

# Our tools first on PATH, then LLVM's (FileCheck, not, split-file, count).
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.triton_tools_dir, append_path=True)

llvm_config.use_default_substitutions()

# %corpus: the reference corpus of Triton 3.6 output (<kernel>/<kernel>.ttir).
# Tests that read it say `REQUIRES: corpus`; without it they are UNSUPPORTED.
corpus_dir = getattr(config, "corpus_dir", "")
if corpus_dir and os.path.isdir(corpus_dir):
    config.available_features.add("corpus")
else:
    lit_config.note(
        "reference corpus not found at %r: corpus tests are unsupported "
        "(configure with -DTRITON_CORPUS_DIR=...)" % corpus_dir
    )
config.substitutions.append(("%corpus", corpus_dir))
config.substitutions.append(("%triton_src_root", config.triton_src_root))

# %strip-locs: drop loc(...) and #loc aliases so printings can be diffed.
python = getattr(config, "python_executable", "") or "python3"
config.substitutions.append(
    (
        "%strip-locs",
        '"%s" "%s"'
        % (python, os.path.join(config.triton_src_root, "utils", "strip-locs.py")),
    )
)

tool_dirs = [config.triton_tools_dir, config.llvm_tools_dir]
tools = [
    ToolSubst("triton-opt", unresolved="fatal"),
    ToolSubst("triton-translate", unresolved="ignore"),
    ToolSubst("triton-aot", unresolved="ignore"),
    ToolSubst("split-file", unresolved="fatal"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# Tools that exist may be required by a test: `REQUIRES: triton-translate`.
for tool in ("triton-translate", "triton-aot"):
    if os.path.exists(os.path.join(config.triton_tools_dir, tool)):
        config.available_features.add(tool)

# CUDA's ptxas and libdevice, for tests that assemble cubins or link the real
# libdevice (`REQUIRES: ptxas`, `REQUIRES: libdevice`); found where
# triton-translate looks for them.
import shutil

ptxas = os.environ.get("TRITON_PTXAS_PATH") or "/usr/local/cuda/bin/ptxas"
if not os.access(ptxas, os.X_OK):
    ptxas = shutil.which("ptxas") or ""
if ptxas:
    config.available_features.add("ptxas")
config.substitutions.append(("%ptxas", ptxas))
libdevice = os.environ.get("TRITON_LIBDEVICE_PATH") or (
    "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"
)
if os.path.isfile(libdevice):
    config.available_features.add("libdevice")
# libnvJitLink, for tests that assemble in the process (`REQUIRES: nvjitlink`):
# where the compiler looks for it first, else CUDA's lib64.
import ctypes.util

nvjitlink = os.environ.get("TRITON_NVJITLINK_PATH") or "/usr/local/cuda/lib64/libnvJitLink.so"
if os.path.isfile(nvjitlink) or ctypes.util.find_library("nvJitLink"):
    config.available_features.add("nvjitlink")
for var in ("TRITON_PTXAS_PATH", "TRITON_LIBDEVICE_PATH", "TRITON_NVJITLINK_PATH"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# A C compiler, CUDA's headers and its stub libcuda, for tests that build C
# against generated launchers (`REQUIRES: cuda-stub`); no GPU is needed.
cuda_home = os.environ.get("CUDA_HOME", "/usr/local/cuda")
if (
    shutil.which("cc")
    and os.path.isfile(os.path.join(cuda_home, "include", "cuda.h"))
    and os.path.isfile(os.path.join(cuda_home, "lib64", "stubs", "libcuda.so"))
):
    config.available_features.add("cuda-stub")
    config.environment["CUDA_HOME"] = cuda_home
    config.substitutions.append(("%cuda_include", os.path.join(cuda_home, "include")))
if shutil.which("clang"):
    config.available_features.add("clang")
config.substitutions.append(("%triton_tools_dir", config.triton_tools_dir))

# The self-contained bundle (`ninja bundle`: dist/triton-mlir-<version>-
# linux-x86_64): `REQUIRES: bundle`, `%bundle` is its folder.
bundle_dir = getattr(config, "triton_bundle_dir", "")
if bundle_dir and os.path.isfile(os.path.join(bundle_dir, "lib", "libtriton_mlir.so")):
    config.available_features.add("bundle")
config.substitutions.append(("%bundle", bundle_dir))
