# Entry points for people and CI. On a fresh Debian 12 machine (as root):
#   make demo    install what is missing, build, run the TTIR pipeline on examples/
#   make check   install what is missing, build, run every test (ctest -> lit)
#   make report  docs/benchmarks.md, triton-tests.md, fuzzing.md and plots from bench/results
#   make bundle  the self-contained tools, libraries and Python package
#                (LLVM/MLIR linked in): dist/triton-mlir-<version>-linux-x86_64.tar.gz
#   make wheel   the Python wheel: dist/triton_mlir-<version>-py3-none-linux_x86_64.whl
#
# Variables:
#   BUILD_TYPE=Release   CMake build type (default Release)
#   DEBUG=1              Debug build with TRITON_ENABLE_ASSERTIONS=ON, in build-debug/
#   BUILD_DIR=build      build tree (default build, or build-debug with DEBUG=1)
#   JOBS=2               ninja parallelism
#   CMAKE_ARGS=...       extra arguments for the first configure

LLVM_BIN   ?= /usr/lib/llvm-22/bin
JOBS       ?= 2

ifeq ($(DEBUG),1)
BUILD_TYPE ?= Debug
BUILD_DIR  ?= build-debug
EXTRA_CMAKE_ARGS := -DTRITON_ENABLE_ASSERTIONS=ON
else
BUILD_TYPE ?= Release
BUILD_DIR  ?= build
EXTRA_CMAKE_ARGS :=
endif

CLANG_FORMAT ?= $(firstword $(shell for c in clang-format-22 clang-format; do command -v $$c; done 2>/dev/null))
FORMAT_DIRS  := include lib tools test

.PHONY: all setup configure build check demo bundle wheel clean format help report

all: build

help:
	@sed -n '1,12p' Makefile

setup:
	@bash utils/setup.sh

# Configure only when the build tree has no build.ninja yet: an existing tree
# keeps its settings (ninja re-runs CMake by itself when CMake files change).
configure: setup
	@if [ ! -f $(BUILD_DIR)/build.ninja ]; then \
	  echo "make: configuring $(BUILD_DIR) ($(BUILD_TYPE))"; \
	  cmake -G Ninja -S . -B $(BUILD_DIR) \
	    -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	    -DLLVM_EXTERNAL_LIT=$(LLVM_BIN)/lit \
	    $(EXTRA_CMAKE_ARGS) $(CMAKE_ARGS); \
	fi

build: configure
	ninja -C $(BUILD_DIR) -j$(JOBS)

# ctest runs lit (every result line and lit's summary are printed) and any
# unit tests; a failure anywhere fails `make check`. The bundle is built
# first: its tests (ldd, the tools and the Python package on their own) are
# part of the suite.
check: build
	ninja -C $(BUILD_DIR) -j$(JOBS) bundle
	cd $(BUILD_DIR)/test && ctest --output-on-failure --verbose

# The self-contained bundle (docs/bundle.md): the same archives as `build`,
# linked once more with LLVM and MLIR inside.
bundle: build
	ninja -C $(BUILD_DIR) -j$(JOBS) bundle

# The Python wheel (docs/python.md): pip install dist/triton_mlir-*.whl
wheel: build
	ninja -C $(BUILD_DIR) -j$(JOBS) wheel

demo: build
	bash utils/demo.sh $(BUILD_DIR)

clean:
	rm -rf $(BUILD_DIR)

format:
	@if [ -z "$(CLANG_FORMAT)" ]; then echo "make: clang-format not found (apt-get install clang-format)" >&2; exit 1; fi
	@files=$$(git ls-files -co --exclude-standard -- $(FORMAT_DIRS) | grep -E '\.(h|hpp|cpp|cc|c)$$' || true); \
	if [ -n "$$files" ]; then echo "$(CLANG_FORMAT) -i <$$(echo $$files | wc -w) files>"; $(CLANG_FORMAT) -i $$files; \
	else echo "make: no C++ sources to format"; fi

# The docs made from bench/results/*.json (bench/report.py): tables, the
# README's summary and the plots, drawn by Debian's python3-matplotlib.
report:
	@dpkg -s python3-matplotlib > /dev/null 2>&1 || { apt-get update && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3-matplotlib; }
	/usr/bin/python3 bench/report.py
