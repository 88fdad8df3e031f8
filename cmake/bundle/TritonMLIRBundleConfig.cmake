# TritonMLIRBundleConfig.cmake - the self-contained libraries of a
# triton-mlir bundle (dist/triton-mlir-<version>-linux-x86_64.tar.gz).
#
#   find_package(TritonMLIRBundle 0.5 CONFIG REQUIRED
#                PATHS /path/to/triton-mlir-<version>-linux-x86_64)
#   target_link_libraries(app PRIVATE TritonMLIRBundle::triton_mlir)
#
# Imported targets (no LLVM or MLIR needed on the machine):
#   TritonMLIRBundle::triton_mlir     libtriton_mlir.so, the compiler's C API
#                                     (#include "CAPI/triton_mlir.h")
#   TritonMLIRBundle::triton_runtime  libtriton_runtime.so, the runtime with
#                                     the compiler linked in
#                                     (#include "Runtime/triton_runtime.h" or
#                                     "Runtime/Runtime.h"; CUDA's headers)
# Variables: TritonMLIRBundle_TOOLS_DIR (triton-opt, triton-translate,
# triton-aot), TritonMLIRBundle_PYTHON_DIR (the triton_mlir package).
get_filename_component(_tmb_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(TritonMLIRBundle_TOOLS_DIR "${_tmb_prefix}/bin")
set(TritonMLIRBundle_PYTHON_DIR "${_tmb_prefix}/python")
foreach(_tmb_lib triton_mlir triton_runtime)
  if(NOT TARGET TritonMLIRBundle::${_tmb_lib})
    add_library(TritonMLIRBundle::${_tmb_lib} SHARED IMPORTED)
    set_target_properties(TritonMLIRBundle::${_tmb_lib} PROPERTIES
      IMPORTED_LOCATION "${_tmb_prefix}/lib/lib${_tmb_lib}.so"
      INTERFACE_INCLUDE_DIRECTORIES "${_tmb_prefix}/include")
  endif()
endforeach()
unset(_tmb_lib)
unset(_tmb_prefix)
