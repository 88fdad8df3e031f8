# add_triton_library(name SRCS... [DEPENDS tablegen-targets] [LINK_LIBS libs])
#
# One library per directory. Every project library links libMLIR.so (the
# `MLIR` target) instead of MLIR's static component libraries, so a tool links
# each MLIR symbol once and the link stays fast.
function(add_triton_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS} MLIR)
  if(TRITON_SANITIZERS)
    # Static libraries built with sanitizers need the sanitizers' runtimes
    # wherever they are linked: the installed targets carry the option to
    # downstream projects (test/downstream under the sanitizer build).
    list(JOIN TRITON_SANITIZERS "," _sanitizers)
    target_link_options(${name} INTERFACE -fsanitize=${_sanitizers}
                        -fno-sanitize=vptr)
  endif()
  set_property(GLOBAL APPEND PROPERTY TRITON_LIBS ${name})
endfunction()

# add_triton_subdirectories(dir...)
#
# Adds each listed subdirectory that has a CMakeLists.txt, in the order given
# (a library's dependencies come first). Lets a new component land by creating
# its directory, without touching the parent's CMakeLists.txt.
function(add_triton_subdirectories)
  foreach(dir ${ARGN})
    if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${dir}/CMakeLists.txt)
      add_subdirectory(${dir})
    endif()
  endforeach()
endfunction()
