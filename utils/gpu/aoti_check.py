#!/usr/bin/env python3
"""Inductor's C++ paths with our kernels: cpp-wrapper and AOTInductor.

Runs on the GPU machine with triton_mlir importable and TRITON_MLIR=1
TRITON_MLIR_STRICT=1 TRITON_MLIR_COUNTS=FILE (utils/gpu/wheel-check.sh):

    python3 utils/gpu/aoti_check.py WORKDIR

1. cpp-wrapper: a GPT block's forward (compile_check.Block) compiled with
   torch._inductor.config.cpp_wrapper = True (Inductor's C++ launcher calls
   the cubins with Triton's parameter order and metadata), against eager.
2. AOTInductor: the same block exported (torch.export) and packaged with
   torch._inductor.aoti_compile_and_package; the package is then loaded and
   run by torch's C++ runner (torch._inductor.aoti_load_package), and, where
   the machine has a C++ compiler, by a C++ program of its own linked with
   libtorch (AOTIModelPackageLoader), against eager.
Prints one line per check: ok/FAIL and the error against eager; exit 1 if
any check fails. The kernels are counted by compiler in TRITON_MLIR_COUNTS
(the caller's report).
"""
import os
import shutil
import subprocess
import sys

import torch

from compile_check import Block  # the same block as the wheel check trains (this folder)


def err(a, b):
    a, b = a.double(), b.double()
    return float((a - b).norm() / b.norm())


def report(name, value, tol):
    ok = value <= tol
    print(f"{name}: {'ok' if ok else 'FAIL'} (error against eager {value:.2e}, tolerance {tol:.0e})", flush=True)
    return ok


def cpp_program(work, package, x_path, y_path):
    """Builds and runs a C++ program that loads the package with libtorch's
    AOTIModelPackageLoader and writes its output; returns the output, or
    None with the reason printed where there is no C++ compiler."""
    cxx = shutil.which("c++") or shutil.which("g++") or shutil.which("clang++")
    if cxx is None:
        print("aoti from C++: not run (no C++ compiler on this machine)")
        return None
    torch_dir = os.path.dirname(torch.__file__)
    source = os.path.join(work, "aoti_main.cpp")
    with open(source, "w") as f:
        f.write(r"""
#include <fstream>
#include <iostream>
#include <vector>
#include <torch/torch.h>
#include <torch/csrc/inductor/aoti_package/model_package_loader.h>

static std::vector<char> slurp(const char *path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

int main(int argc, char **argv) {
  c10::InferenceMode mode;
  torch::inductor::AOTIModelPackageLoader loader(argv[1]);
  torch::Tensor x = torch::pickle_load(slurp(argv[2])).toTensor().to(torch::kCUDA);
  std::vector<torch::Tensor> outputs = loader.run({x});
  std::vector<char> bytes = torch::pickle_save(outputs[0].cpu());
  std::ofstream(argv[3], std::ios::binary).write(bytes.data(), bytes.size());
  std::cout << "aoti from C++: ran, output " << outputs[0].sizes() << std::endl;
  return 0;
}
""")
    binary = os.path.join(work, "aoti_main")
    abi = int(torch._C._GLIBCXX_USE_CXX11_ABI)
    cmd = [cxx, "-O1", "-std=c++17", f"-D_GLIBCXX_USE_CXX11_ABI={abi}", source, "-o", binary,
           f"-I{torch_dir}/include", f"-I{torch_dir}/include/torch/csrc/api/include",
           f"-L{torch_dir}/lib", "-ltorch", "-ltorch_cpu", "-ltorch_cuda", "-lc10", "-lc10_cuda",
           f"-Wl,-rpath,{torch_dir}/lib"]
    build = subprocess.run(cmd, capture_output=True, text=True)
    if build.returncode != 0:
        print("aoti from C++: build failed:", build.stderr.strip()[-1500:])
        return False
    run = subprocess.run([binary, package, x_path, y_path], capture_output=True, text=True)
    print(run.stdout.strip())
    if run.returncode != 0:
        print("aoti from C++: run failed:", run.stderr.strip()[-1500:])
        return False
    return torch.load(y_path)


def main():
    work = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(work, exist_ok=True)
    torch.manual_seed(0)
    model = Block().cuda().eval()
    x = torch.randn(4, 128, 256, device="cuda")
    with torch.no_grad():
        reference = model(x)
    ok = True

    import torch._inductor.config as inductor_config
    with torch.no_grad(), inductor_config.patch(cpp_wrapper=True):
        got = torch.compile(model)(x)
    ok &= report("cpp-wrapper", err(got, reference), 1e-4)

    exported = torch.export.export(model, (x,))
    package = os.path.join(work, "block.pt2")
    torch._inductor.aoti_compile_and_package(exported, package_path=package)
    loaded = torch._inductor.aoti_load_package(package)
    with torch.no_grad():
        got = loaded(x)
    ok &= report("aoti (torch's C++ runner)", err(got, reference), 1e-4)

    x_path, y_path = os.path.join(work, "x.pt"), os.path.join(work, "y.pt")
    torch.save(x.cpu(), x_path)
    got = cpp_program(work, package, x_path, y_path)
    if got is False:
        ok = False
    elif got is not None:
        ok &= report("aoti (a C++ program with libtorch)", err(got.cuda(), reference), 1e-4)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
