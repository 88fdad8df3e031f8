//===- Passes.td - TTGIR to the LLVM and NVVM dialects -------*- tablegen -*-===//
//
// The two passes of the llir stage that are Triton's own: the shared-memory
// allocation that fixes every buffer's offset, and the conversion of TTGIR
// to the LLVM and NVVM dialects. Flags and options are Triton 3.6's.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_PASSES_TD
#define TRITON_CONVERSION_TRITONGPUTOLLVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def AllocateSharedMemoryNv
    : Pass<"allocate-shared-memory-nv", "mlir::ModuleOp"> {
  let summary = "Fix the shared-memory offset of every buffer";
  let description = [{
    The lowering to LLVM addresses shared memory as one byte array per CTA
    (`@global_smem`); every explicit buffer (`ttg.local_alloc`) and every
    op's scratch buffer (reductions, scans, layout conversions, atomics)
    lives at a fixed offset in it. This pass runs the Allocation analysis
    over the module's call graph and writes what it decided:

      * `allocation.offset = N : i32` on every op that owns a buffer,
      * `ttg.shared = S : i32` on the module: the bytes a launch must
        reserve (the largest footprint of any kernel, callees included).

    ```mlir
    %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ...
    // becomes
    %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({...}) {allocation.offset = 0 : i32}
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", "90",
           "device compute capability">,
    Option<"ptxVersion", "ptx-version", "int32_t", "90",
           "PTX ISA version (times ten)">,
  ];
}

def TritonGPUGlobalScratchAllocation
    : Pass<"tritongpu-global-scratch-memory-allocation", "mlir::ModuleOp"> {
  let summary = "Fix the global scratch offset of every ttg.global_scratch_alloc";
  let description = [{
    Every program (CTA) of a launch gets its own slice of the global scratch
    buffer the launcher passes as the kernel's first hidden argument (Triton
    3.6's ABI; device-side tensor maps live there). This pass lays the
    kernel's `ttg.global_scratch_alloc` ops out in one slice, in program
    order, each at a multiple of its alignment, and writes
    `ttg.global_scratch_memory_offset` on each and the slice's size and
    alignment on the module (`ttg.global_scratch_memory_size`,
    `ttg.global_scratch_memory_alignment`), which the metadata reports.
    A device function's buffers form its own frame, and every call of a
    function with a frame gets a place for it in the caller's frame
    (`ttg.global_scratch_memory_offset` on the `tt.call`): the callee's
    global scratch pointer is the caller's frame plus that offset.

    ```mlir
    %m = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    // becomes
    %m = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32,
                                   ttg.global_scratch_memory_offset = 0 : i32} : !tt.ptr<i8>
    module attributes {ttg.global_scratch_memory_alignment = 128 : i32,
                       ttg.global_scratch_memory_size = 128 : i32, ...}
    ```
  }];
}

def TritonGPUAllocateWarpGroups
    : Pass<"tritongpu-allocate-warp-groups", "mlir::ModuleOp"> {
  let summary = "Give each warp-specialized partition its warps and registers";
  let description = [{
    A `ttg.warp_specialize` runs its partitions on warps of their own,
    beside the kernel's `ttg.num-warps`. This pass fixes which warps those
    are and how many the launch needs:

      * every `ttg.warp_specialize` of the module gets the same number of
        extra warps, the largest partition total rounded up to whole warp
        groups (4 warps; `setmaxnreg` acts on warp groups), by adding empty
        partitions of powers of two;
      * `warpGroupStartIds`: the partitions' first warps, from
        `ttg.num-warps` on, the largest partitions first (ties in order);
      * `ttg.total-num-warps` on the module: the warps a launch must have,
        which the metadata reports as `num_warps`; more than 32 is an error;
      * where a `ttg.warp_specialize` has `requestedRegisters` (registers a
        partition's threads need), `actualRegisters` (default warps first,
        then each partition) for `setmaxnreg`: each warp group gets the
        largest request of its partitions, rounded up to a multiple of 8
        and at least 24 (32 where a partition may print or assert), and the
        default warps get what is left of the register file (the module's
        `ttg.maxnreg`, else 64K registers over all threads, per thread),
        at most 256; the module's `ttg.maxnreg` is then set to the
        per-thread budget, which `setmaxnreg` needs. Without a request, or
        when the default warps would get fewer than 24, nothing is set.

    ```mlir
    module attributes {"ttg.num-warps" = 4 : i32} {
      ttg.warp_specialize() default { ... }
      partition0() num_warps(1) { ... }
      partition1() num_warps(2) { ... } : () -> ()
    // becomes
    module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
      ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 6, 4, 7>}
      default { ... }
      partition0() num_warps(1) { ... }
      partition1() num_warps(2) { ... }
      partition2() num_warps(1) { ttg.warp_return } : () -> ()
    ```
  }];
}

def ConvertWarpSpecializeToLLVM
    : Pass<"convert-warp-specialize-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower what is left of ttg.warp_specialize to LLVM";
  let description = [{
    After convert-triton-gpu-to-llvm the regions of a ttg.warp_specialize
    are LLVM; this pass gives the kernel its worker warps (those from
    ttg.num-warps on): they wait in a loop at barrier 1 over all warps,
    read their state byte in shared memory and run the partition it names
    (0: return), then join at barrier 1. At each op the kernel's warps write
    every worker's state and the captures (above the kernel's shared
    memory; ttg.shared grows by them), start the workers at barrier 1, run
    the default region and join; before each return they release the
    workers with state 0.

    ```mlir
    ttg.warp_specialize(%p) attributes {warpGroupStartIds = array<i32: 4>}
    default { ... ttg.warp_yield }
    partition0(%a: !llvm.ptr<1>) num_warps(4) { ... ttg.warp_return }
    // becomes
    ^entry: llvm.cond_br %isWorker, ^loop, ^body
    ^loop:  nvvm.barrier id = 1 number_of_threads = 256
            llvm.switch %state : i32, ^exit [1: ^partition0]
    ^body:  (states, captures) nvvm.barrier id = 1 ... ; default ...
            nvvm.barrier id = 1 ...
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect",
                           "mlir::NVVM::NVVMDialect"];
}

def EnableLineInfo : Pass<"enable-line-info", "mlir::ModuleOp"> {
  let summary = "Give every LLVM function a debug scope, so the PTX has lines";
  let description = [{
    The last step of Triton's llir stage unless line info is disabled
    (TRITON_DISABLE_LINE_INFO): profilers, `nvdisasm -g`, cuda-gdb and
    compute-sanitizer map SASS back to the Python source through the
    `.loc` lines of the PTX, which LLVM writes only for instructions in a
    function with a DISubprogram. This pass gives each `llvm.func` whose
    location names a file one (in a line-tables-only compile unit of
    producer "triton", as Triton's LLVMDIScope does), and wraps each leaf
    of an inlined call's location (CallSiteLoc) in a DILexicalBlockFile of
    the leaf's own file, so a line of a function inlined from another file
    (`tl.cdiv` from standard.py) is attributed to that file. Functions
    without a file location are left alone.

    ```mlir
    llvm.func @k(...) { ... llvm.load %p loc(#l1) } loc(#l0)
    #l0 = loc("k.py":7:0)
    #l1 = loc(callsite("std.py":30:11 at "k.py":9:8))
    // becomes
    llvm.func @k(...) {...} loc(fused<#llvm.di_subprogram<... name = "k",
                                 file = <"k.py" in "">, line = 7 ...>>[#l0])
    #l1 = loc(callsite(fused<#llvm.di_lexical_block_file<scope = ...,
              file = <"std.py" in "">>>["std.py":30:11]
              at fused<...>["k.py":9:8]))
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def ConvertTritonGPUToLLVM
    : Pass<"convert-triton-gpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower TTGIR to the LLVM and NVVM dialects";
  let description = [{
    Every tensor value becomes an LLVM struct of the elements one thread
    holds, in the order of the `register` dimension of its layout's linear
    layout; every op is expanded into per-thread code: arithmetic element by
    element, loads and stores vectorized from AxisInfo as inline PTX,
    reductions and scans through registers, warp shuffles and shared
    memory, layout conversions through shared memory or shuffles.

    Before converting, the Membar analysis inserts the barriers shared
    memory needs. Kernels (`tt.func public`) get Triton 3.6's ABI: their
    arguments, then two hidden global pointers (global and profile
    scratch), `nvvm.kernel` and `nvvm.reqntid = num-warps * 32`. Other
    functions also take the shared-memory base as an extra argument.

    ```mlir
    %pid = tt.get_program_id x : i32
    // becomes
    %pid = nvvm.read.ptx.sreg.ctaid.x : i32
    ```

    The module must have gone through `convert-scf-to-cf` and
    `allocate-shared-memory-nv`. An op the lowering does not know fails the
    pass with an error naming it.
  }];
  // gpu: the Membar analysis inserts gpu.barrier before converting.
  let dependentDialects = ["mlir::LLVM::LLVMDialect",
                           "mlir::NVVM::NVVMDialect",
                           "mlir::gpu::GPUDialect"];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", "90",
           "device compute capability">,
    Option<"ptxVersion", "ptx-version", "int32_t", "90",
           "PTX ISA version (times ten)">,
  ];
}

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_PASSES_TD
