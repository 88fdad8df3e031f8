"""python -m triton_mlir SCRIPT [ARGS...]: runs SCRIPT with Triton's
kernels compiled by triton-mlir (triton_mlir.enable() first).
python -m triton_mlir --version: prints the compiler's version."""

import runpy
import sys

import triton_mlir


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 2
    if argv[1] == "--version":
        print(triton_mlir.version())
        return 0
    triton_mlir.enable()
    sys.argv = argv[1:]
    runpy.run_path(argv[1], run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
