# Self-contained binaries: LLVM and MLIR linked in from Debian's static
# archives, so the tools and libraries run where no LLVM is installed (the
# GPU machine, a user's Python environment). docs/bundle.md describes them.
#
# The project's libraries are static archives built position-independent
# (add_triton_library), and Debian's libLLVM*.a / libMLIR*.a are PIC too, so
# a self-contained binary costs one more link, not one more build: it links
# the same archives as the ordinary tools, with LLVM's and MLIR's archives
# in place of libLLVM.so / libMLIR.so. Every archive goes into one
# --start-group, so their order does not matter and the linker takes only
# the members something needs.
#
# triton_add_bundle_targets() runs once at the end of the top-level
# CMakeLists.txt (TRITON_LIBS is complete then). It defines, outside `all`:
#   triton-opt-static, triton-translate-static, triton-aot-static
#   triton_mlir        libtriton_mlir.so: the compiler's C API (triton_mlir.h)
#   triton_runtime     libtriton_runtime.so: the runtime (triton_runtime.h and
#                      Runtime/Runtime.h) with the compiler linked in
#   bundle             dist/triton-mlir-<version>-linux-x86_64.tar.gz
#                      (utils/make-bundle.sh assembles it)
#   wheel              dist/triton_mlir-<version>-py3-none-linux_x86_64.whl
#                      (utils/make-wheel.py, from the bundle)
option(TRITON_BUNDLE "Define the self-contained targets (make bundle)" ON)

function(_triton_static_group out)
  get_property(libs GLOBAL PROPERTY TRITON_LIBS)
  # triton-opt's -test-print-* passes live in a test-only library.
  if(TARGET TritonTestAnalysis)
    list(APPEND libs TritonTestAnalysis)
  endif()
  list(REMOVE_DUPLICATES libs)
  set(archives)
  foreach(lib IN LISTS libs)
    list(APPEND archives "$<TARGET_FILE:${lib}>")
  endforeach()
  file(GLOB mlir_archives "${LLVM_LIBRARY_DIR}/libMLIR*.a")
  file(GLOB llvm_archives "${LLVM_LIBRARY_DIR}/libLLVM*.a")
  set(${out} "-Wl,--start-group" ${archives} ${mlir_archives}
      ${llvm_archives} "-Wl,--end-group" ${ZLIB_LIBRARIES} zstd
      Threads::Threads ${CMAKE_DL_LIBS} rt m PARENT_SCOPE)
  set(_triton_static_libs ${libs} PARENT_SCOPE)
endfunction()

# _triton_static_target(name): links `name` (an executable or shared
# library already made) against the static group.
function(_triton_static_target name)
  _triton_static_group(group)
  target_link_libraries(${name} PRIVATE ${group})
  add_dependencies(${name} ${_triton_static_libs})
  # No RPATH into /usr/lib/llvm-22: nothing is loaded from there.
  set_target_properties(${name} PROPERTIES
    INSTALL_RPATH "\$ORIGIN/../lib" BUILD_WITH_INSTALL_RPATH ON)
  llvm_update_compile_flags(${name})
endfunction()

function(triton_add_bundle_targets)
  if(NOT TRITON_BUNDLE)
    return()
  endif()
  file(GLOB probe "${LLVM_LIBRARY_DIR}/libMLIRIR.a")
  if(NOT probe)
    message(STATUS "No static MLIR archives in ${LLVM_LIBRARY_DIR}: no bundle targets")
    return()
  endif()
  find_package(ZLIB REQUIRED)
  find_package(Threads REQUIRED)

  set(tools_dir "${PROJECT_SOURCE_DIR}/tools")
  set(static_tools)
  foreach(tool triton-opt triton-translate triton-aot)
    add_executable(${tool}-static EXCLUDE_FROM_ALL
      "${tools_dir}/${tool}/${tool}.cpp")
    # bundle/bin/<tool>-static (a file named <tool> would also be a ninja
    # alias of the ordinary tool); make-bundle.sh names it <tool>.
    set_target_properties(${tool}-static PROPERTIES
      RUNTIME_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/bundle/bin")
    _triton_static_target(${tool}-static)
    list(APPEND static_tools ${tool}-static)
  endforeach()

  # Shared libraries: only their C (and the runtime's C++) API is exported;
  # LLVM's and MLIR's symbols stay inside, so a process that has another
  # LLVM (Triton's libtriton.so, a JIT) loads them without clashes.
  set(exports_dir "${PROJECT_SOURCE_DIR}/cmake/exports")
  add_library(triton_mlir SHARED EXCLUDE_FROM_ALL
    "${PROJECT_SOURCE_DIR}/lib/CAPI/CompilerCApi.cpp")
  # The runtime's C API lives in TritonRuntime (whole archive: a shared
  # library exports all of it); triton_rt_create_with_compiler in the
  # compiler backend, compiled in directly.
  add_library(triton_runtime SHARED EXCLUDE_FROM_ALL
    "${PROJECT_SOURCE_DIR}/lib/Runtime/Compiler/TritonCompilerBackend.cpp")
  target_link_libraries(triton_runtime PRIVATE
    "-Wl,--whole-archive" "$<TARGET_FILE:TritonRuntime>"
    "-Wl,--no-whole-archive")
  foreach(lib triton_mlir triton_runtime)
    set_target_properties(${lib} PROPERTIES
      LIBRARY_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/bundle/lib"
      LINK_DEPENDS "${exports_dir}/${lib}.map")
    target_link_options(${lib} PRIVATE
      "-Wl,--version-script=${exports_dir}/${lib}.map"
      "-Wl,-z,defs")
    _triton_static_target(${lib})
  endforeach()
  target_include_directories(triton_runtime PRIVATE
    ${TRITON_RUNTIME_CUDA_INCLUDE_DIR})

  add_custom_target(bundle
    COMMAND bash "${PROJECT_SOURCE_DIR}/utils/make-bundle.sh"
      "${PROJECT_BINARY_DIR}" "${PROJECT_SOURCE_DIR}/dist"
      "${PROJECT_VERSION}"
    DEPENDS ${static_tools} triton_mlir triton_runtime
    USES_TERMINAL
    COMMENT "Assembling dist/triton-mlir-${PROJECT_VERSION}-linux-x86_64.tar.gz")

  # The Python wheel: the bundle's package and libtriton_mlir.so, with a .pth
  # start-up hook (utils/make-wheel.py, docs/python.md).
  find_package(Python3 COMPONENTS Interpreter REQUIRED)
  add_custom_target(wheel
    COMMAND "${Python3_EXECUTABLE}" "${PROJECT_SOURCE_DIR}/utils/make-wheel.py"
      "${PROJECT_SOURCE_DIR}/dist/triton-mlir-${PROJECT_VERSION}-linux-x86_64"
      "${PROJECT_SOURCE_DIR}/dist" "${PROJECT_VERSION}"
    DEPENDS bundle
    USES_TERMINAL
    COMMENT "Building dist/triton_mlir-${PROJECT_VERSION}-py3-none-linux_x86_64.whl")
endfunction()
