# The install tree and the TritonMLIR CMake package (docs/embedding.md).
#
# The top-level CMakeLists.txt includes this file before its subdirectories
# (for the RPATH below) and calls triton_install_package() once, at its end,
# after every subdirectory: it installs each library recorded
# in the global property TRITON_LIBS (add_triton_library records its own; a
# library made another way appends itself), so a component that lands later
# is installed and exported without touching this file. Layout under the
# prefix:
#
#   bin/                          the tools (their own install() lines)
#   lib/libTriton*.a              every project library
#   include/triton-mlir/          headers, generated .h.inc, .td files
#   lib/cmake/TritonMLIR/         TritonMLIRConfig.cmake, ...ConfigVersion.cmake,
#                                 TritonMLIRTargets.cmake (TritonMLIR::<lib>)
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

# Installed tools find libMLIR.so and libLLVM.so where this build found them
# (Debian: /usr/lib/llvm-22/lib). Set before any executable is created; it
# also stops add_llvm_executable from replacing it with $ORIGIN/../lib alone.
if(NOT CMAKE_INSTALL_RPATH)
  set(CMAKE_INSTALL_RPATH "\$ORIGIN/../${CMAKE_INSTALL_LIBDIR}" "${LLVM_LIBRARY_DIR}")
endif()
# Build-tree binaries use the same RPATH: CMake's computed build RPATH has
# empty (current-directory) entries with Debian's LLVM.
if(NOT DEFINED CMAKE_BUILD_WITH_INSTALL_RPATH)
  set(CMAKE_BUILD_WITH_INSTALL_RPATH ON)
endif()

# Headers go one level down so that the generic top-level names of our tree
# (Dialect/, Analysis/, Tools/, ...) never land in a shared include/.
set(TRITON_INSTALL_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}/triton-mlir"
  CACHE STRING "Where headers are installed, relative to the prefix")
set(TRITON_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/TritonMLIR"
  CACHE STRING "Where the TritonMLIR CMake package is installed")

# _triton_links_llvm(lib out): whether `lib` links the MLIR or LLVM dylib
# directly; those libraries need LLVM's headers and definitions downstream.
function(_triton_links_llvm lib out)
  get_target_property(links ${lib} LINK_LIBRARIES)
  set(result FALSE)
  if(links)
    foreach(dep IN LISTS links)
      if(dep STREQUAL "MLIR" OR dep STREQUAL "LLVM")
        set(result TRUE)
      endif()
    endforeach()
  endif()
  set(${out} ${result} PARENT_SCOPE)
endfunction()

function(triton_install_package)
  get_property(libs GLOBAL PROPERTY TRITON_LIBS)
  list(REMOVE_DUPLICATES libs)

  foreach(lib IN LISTS libs)
    # Inside the build tree the include directories are global
    # (include_directories in the top CMakeLists); downstream they come with
    # the target. TritonMLIR::LLVMSettings is made by TritonMLIRConfig.cmake
    # from the LLVM/MLIR it finds: their include directories, definitions
    # and RTTI setting.
    target_include_directories(${lib} INTERFACE
      "$<INSTALL_INTERFACE:${TRITON_INSTALL_INCLUDEDIR}>")
    _triton_links_llvm(${lib} needs_llvm)
    if(needs_llvm)
      target_link_libraries(${lib} INTERFACE
        "$<INSTALL_INTERFACE:TritonMLIR::LLVMSettings>")
    endif()
  endforeach()

  install(TARGETS ${libs}
    EXPORT TritonMLIRTargets
    ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
    LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}")

  # Hand-written headers and TableGen sources, then what mlir-tblgen made
  # (.h.inc only: the .cpp.inc files are compiled into our libraries).
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/"
    DESTINATION "${TRITON_INSTALL_INCLUDEDIR}"
    FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
  install(DIRECTORY "${PROJECT_BINARY_DIR}/include/"
    DESTINATION "${TRITON_INSTALL_INCLUDEDIR}"
    FILES_MATCHING PATTERN "*.h.inc"
    PATTERN "CMakeFiles" EXCLUDE)

  install(EXPORT TritonMLIRTargets
    NAMESPACE TritonMLIR::
    DESTINATION "${TRITON_INSTALL_CMAKEDIR}")

  # What the config file records about this build.
  set(TRITON_BUILT_MLIR_DIR "${MLIR_DIR}")
  set(TRITON_BUILT_LLVM_VERSION "${LLVM_PACKAGE_VERSION}")
  string(REPLACE ";" " " TRITON_BUILT_LIBS "${libs}")
  configure_package_config_file(
    "${PROJECT_SOURCE_DIR}/cmake/TritonMLIRConfig.cmake.in"
    "${PROJECT_BINARY_DIR}/cmake/TritonMLIRConfig.cmake"
    INSTALL_DESTINATION "${TRITON_INSTALL_CMAKEDIR}"
    PATH_VARS TRITON_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR
              CMAKE_INSTALL_LIBDIR)
  # 0.x: a minor release may change the C++ API, so only the same
  # major.minor is compatible (find_package(TritonMLIR 0.5) takes 0.5.*).
  write_basic_package_version_file(
    "${PROJECT_BINARY_DIR}/cmake/TritonMLIRConfigVersion.cmake"
    VERSION "${PROJECT_VERSION}"
    COMPATIBILITY SameMinorVersion)
  install(FILES
    "${PROJECT_BINARY_DIR}/cmake/TritonMLIRConfig.cmake"
    "${PROJECT_BINARY_DIR}/cmake/TritonMLIRConfigVersion.cmake"
    DESTINATION "${TRITON_INSTALL_CMAKEDIR}")
endfunction()
