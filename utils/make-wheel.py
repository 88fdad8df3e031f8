#!/usr/bin/env python3
"""Builds the Python wheel of triton-mlir from an assembled bundle (the
`wheel` target runs this after `bundle`; docs/python.md).

    utils/make-wheel.py BUNDLE_DIR DIST_DIR VERSION

Writes DIST_DIR/triton_mlir-VERSION-py3-none-linux_x86_64.whl holding
    triton_mlir/                   the package, with libtriton_mlir.so beside
                                   its modules (the compiler: LLVM and MLIR
                                   inside, needs only libc, libstdc++, zlib,
                                   zstd)
    triton_mlir.pth                one line run at every interpreter start:
                                   with TRITON_MLIR=1 it installs the import
                                   finder of triton_mlir/_autoload.py, so any
                                   process that imports Triton (Inductor's
                                   compile workers, a test's subprocesses)
                                   compiles through triton-mlir
    triton_mlir-VERSION.dist-info/ METADATA, WHEEL, RECORD, top_level.txt

The package is pure Python over a ctypes library: one wheel serves every
CPython 3 (tag py3-none), for x86-64 Linux. Only the standard library is
used (zipfile, hashlib), so it builds from Debian's packages alone. The
archive is reproducible: entries in a fixed order, fixed timestamps.
"""

import base64
import hashlib
import os
import sys
import zipfile

NAME = "triton_mlir"
TAG = "py3-none-linux_x86_64"
# 1980-01-01, the earliest time a zip entry can hold: the same bytes each build.
EPOCH = (1980, 1, 1, 0, 0, 0)

# Runs in site.py for every interpreter of the environment: nothing is
# imported unless TRITON_MLIR=1, and Triton is not imported then either.
PTH = ('import os; os.environ.get("TRITON_MLIR", "0") == "1" and '
       '__import__("triton_mlir._autoload", fromlist=["install"]).install()\n')

SUMMARY = "Triton 3.6's kernels compiled by triton-mlir (C++ on MLIR) in place of Triton's own compiler"


def metadata(version, readme):
    return (f"Metadata-Version: 2.1\n"
            f"Name: triton-mlir\n"
            f"Version: {version}\n"
            f"Summary: {SUMMARY}\n"
            f"Requires-Python: >=3.9\n"
            f"Requires-Dist: triton==3.6.*\n"
            f"Description-Content-Type: text/markdown\n"
            f"\n{readme}")


def wheel_file():
    return ("Wheel-Version: 1.0\n"
            "Generator: triton-mlir utils/make-wheel.py\n"
            "Root-Is-Purelib: false\n"
            f"Tag: {TAG}\n")


def record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def package_files(bundle):
    """(path in the wheel, bytes, executable) of the package and its library."""
    package = os.path.join(bundle, "python", NAME)
    files = []
    for root, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith((".pyc", ".pyo")):
                continue
            full = os.path.join(root, name)
            rel = os.path.relpath(full, os.path.join(bundle, "python")).replace(os.sep, "/")
            with open(full, "rb") as f:
                files.append((rel, f.read(), False))
    library = os.path.join(bundle, "lib", "libtriton_mlir.so")
    with open(library, "rb") as f:
        files.append((f"{NAME}/libtriton_mlir.so", f.read(), True))
    return files


def build(bundle, dist, version):
    files = package_files(bundle)
    files.append((f"{NAME}.pth", PTH.encode(), False))
    info = f"{NAME}-{version}.dist-info"
    readme_path = os.path.join(bundle, "README.md")
    readme = SUMMARY + "\n"
    if os.path.exists(readme_path):
        with open(readme_path) as f:
            readme = f.read()
    files.append((f"{info}/METADATA", metadata(version, readme).encode(), False))
    files.append((f"{info}/WHEEL", wheel_file().encode(), False))
    files.append((f"{info}/top_level.txt", f"{NAME}\n".encode(), False))
    record = [record_line(path, data) for path, data, _ in files]
    record.append(f"{info}/RECORD,,")
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode(), False))

    os.makedirs(dist, exist_ok=True)
    out = os.path.join(dist, f"{NAME}-{version}-{TAG}.whl")
    partial = out + ".part"
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as whl:
        for path, data, executable in files:
            entry = zipfile.ZipInfo(path, date_time=EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = ((0o100755 if executable else 0o100644) << 16)
            whl.writestr(entry, data)
    os.replace(partial, out)
    return out


def main(argv):
    if len(argv) != 4:
        print("usage: make-wheel.py BUNDLE_DIR DIST_DIR VERSION", file=sys.stderr)
        return 2
    bundle, dist, version = argv[1:]
    if not os.path.exists(os.path.join(bundle, "lib", "libtriton_mlir.so")):
        print(f"make-wheel: no lib/libtriton_mlir.so in {bundle}", file=sys.stderr)
        return 1
    out = build(bundle, dist, version)
    print(f"make-wheel: {out} ({os.path.getsize(out) / 2**20:.0f}M)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
