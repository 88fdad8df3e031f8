#!/usr/bin/env bash
# Install what building and testing the project needs on Debian 12, from
# Debian's own archive: LLVM/MLIR 22 (headers, libMLIR.so, tblgen, lit,
# FileCheck), CMake, Ninja, ccache and a C++ compiler.
#
# Only packages that are missing are installed (checked with `dpkg -s`), so a
# second run does nothing and returns at once. Uses sudo only when not root.
set -euo pipefail

PACKAGES=(
  g++
  cmake
  ninja-build
  ccache
  python3            # lit and utils/*.py
  python3-venv       # bundle/python-wheel.test installs the wheel into a venv
  llvm-22-dev        # LLVM headers and CMake package
  llvm-22-tools      # lit, FileCheck, not, split-file
  libmlir-22-dev     # MLIR headers, CMake package, libMLIR.so
  mlir-22-tools      # mlir-tblgen
  zlib1g-dev         # link dependencies LLVM's CMake package may name
  libzstd-dev
  libgtest-dev       # GoogleTest for test/unit
  clang-22           # libFuzzer builds of the runtime's readers (fuzz-runtime)
  libclang-rt-22-dev # libFuzzer, ASan and UBSan runtimes for clang
)

if ! command -v dpkg >/dev/null 2>&1; then
  echo "setup.sh: dpkg not found; this script supports Debian 12 only." >&2
  echo "setup.sh: install these by hand: ${PACKAGES[*]}" >&2
  exit 1
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg -s "$pkg" 2>/dev/null | grep -q '^Status: install ok installed'; then
    missing+=("$pkg")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup.sh: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "setup.sh: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi

echo "setup.sh: installing ${missing[*]}"
$SUDO apt-get update
$SUDO env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${missing[@]}"
