// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// Every RMW kind and type: the PTX spelling Triton 3.6 uses (global, scope,
// semantic, operation, type), predicated on thread 0 for scalars.
// CHECK-LABEL: llvm.func @kinds
// CHECK: %[[TIDX:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TID:.*]] = llvm.and %[[TIDX]], %{{.*}} : i32
// CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]]
// CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.and.b32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %{{.*}}, %{{.*}}, %[[T0]]
// CHECK: "mov.u64 $0, 0x0;\0A\09@$3 atom.global.gpu.acquire.or.b64 $0, [ $1 + 0 ], $2;", "=l,l,l,b"
// CHECK: %[[M:.*]] = llvm.and %arg12, %{{.*}} : i1
// CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.sys.release.xor.b32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %{{.*}}, %{{.*}}, %[[M]]
// CHECK: atom.global.cta.relaxed.add.u64
// CHECK: atom.global.gpu.acq_rel.add.f64
// CHECK: "mov.u16 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.noftz.f16 $0, [ $1 + 0 ], $2;", "=h,l,h,b"
// CHECK: atom.global.gpu.acq_rel.add.noftz.bf16
// CHECK: atom.global.gpu.acq_rel.max.s64
// CHECK: atom.global.gpu.acq_rel.min.s32
// CHECK: atom.global.gpu.acq_rel.max.u32
// CHECK: atom.global.gpu.acq_rel.min.u64
// CHECK: atom.global.gpu.acq_rel.exch.b32
// CHECK-NOT: barrier0
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kinds(%pi: !tt.ptr<i32>, %pl: !tt.ptr<i64>, %pf: !tt.ptr<f32>, %pd: !tt.ptr<f64>, %ph: !tt.ptr<f16>, %pb: !tt.ptr<bf16>, %i: i32, %l: i64, %f: f32, %d: f64, %h: f16, %bb: bf16, %m: i1) {
    %0 = tt.atomic_rmw and, acq_rel, gpu, %pi, %i : (!tt.ptr<i32>, i32) -> i32
    %1 = tt.atomic_rmw or, acquire, gpu, %pl, %l : (!tt.ptr<i64>, i64) -> i64
    %2 = tt.atomic_rmw xor, release, sys, %pi, %i, %m : (!tt.ptr<i32>, i32, i1) -> i32
    %3 = tt.atomic_rmw add, relaxed, cta, %pl, %l : (!tt.ptr<i64>, i64) -> i64
    %4 = tt.atomic_rmw fadd, acq_rel, gpu, %pd, %d : (!tt.ptr<f64>, f64) -> f64
    %5 = tt.atomic_rmw fadd, acq_rel, gpu, %ph, %h : (!tt.ptr<f16>, f16) -> f16
    %6 = tt.atomic_rmw fadd, acq_rel, gpu, %pb, %bb : (!tt.ptr<bf16>, bf16) -> bf16
    %7 = tt.atomic_rmw max, acq_rel, gpu, %pl, %l : (!tt.ptr<i64>, i64) -> i64
    %8 = tt.atomic_rmw min, acq_rel, gpu, %pi, %i : (!tt.ptr<i32>, i32) -> i32
    %9 = tt.atomic_rmw umax, acq_rel, gpu, %pi, %i : (!tt.ptr<i32>, i32) -> i32
    %10 = tt.atomic_rmw umin, acq_rel, gpu, %pl, %l : (!tt.ptr<i64>, i64) -> i64
    %11 = tt.atomic_rmw exch, acq_rel, gpu, %pf, %f : (!tt.ptr<f32>, f32) -> f32
    tt.return
  }
}

// -----

// Compare-and-swap: semantic before scope, as Triton spells it; floats go
// through integer registers.
// CHECK-LABEL: llvm.func @cas
// CHECK: "mov.u64 $0, 0x0;\0A\09@$4 atom.global.acq_rel.gpu.cas.b64 $0, [ $1 + 0 ], $2, $3;", "=l,l,l,l,b"
// CHECK: "mov.u16 $0, 0x0;\0A\09@$4 atom.global.relaxed.sys.cas.b16 $0, [ $1 + 0 ], $2, $3;", "=h,l,h,h,b"
// CHECK: llvm.bitcast %arg4 : f32 to i32
// CHECK: atom.global.acquire.cta.cas.b32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cas(%pl: !tt.ptr<i64>, %ph: !tt.ptr<f16>, %pf: !tt.ptr<f32>, %l: i64, %f: f32, %h: f16) {
    %0 = tt.atomic_cas acq_rel, gpu, %pl, %l, %l : (!tt.ptr<i64>, i64, i64) -> i64
    %1 = tt.atomic_cas relaxed, sys, %ph, %h, %h : (!tt.ptr<f16>, f16, f16) -> f16
    %2 = tt.atomic_cas acquire, cta, %pf, %f, %f : (!tt.ptr<f32>, f32, f32) -> f32
    tt.return
  }
}

// -----

// A used scalar result: thread 0 stores it to the op's scratch, a barrier,
// every thread loads it. Two atomics in a row are ordered by Membar.
// CHECK-LABEL: llvm.func @scalar_result
// CHECK: %[[T0:.*]] = llvm.icmp "eq"
// CHECK: %[[OLD:.*]] = llvm.inline_asm {{.*}}atom.global.cta.relaxed.max.s32{{.*}} %[[T0]]
// CHECK: %[[S:.*]] = llvm.mlir.addressof @global_smem
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %[[S]], %[[OLD]], %[[T0]]
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[R:.*]] = llvm.load %[[S]] : !llvm.ptr<3> -> i32
// CHECK: nvvm.barrier0
// CHECK: atom.global.acq_rel.gpu.cas.b32{{.*}} %{{.*}}, %[[R]], %arg2,
// CHECK: st.shared.b32
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scalar_result(%p: !tt.ptr<i32>, %q: !tt.ptr<i32>, %v: i32) {
    %o = tt.atomic_rmw max, relaxed, cta, %p, %v : (!tt.ptr<i32>, i32) -> i32
    %c = tt.atomic_cas acq_rel, gpu, %q, %o, %v : (!tt.ptr<i32>, i32, i32) -> i32
    tt.store %p, %c : !tt.ptr<i32>
    tt.return
  }
}

// -----

// A tensor atomic with a mask: one atom per element, predicated on the mask;
// the result is used without scratch (every element has one owner).
// CHECK-LABEL: llvm.func @masked_tensor
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[MASK:.*]] = llvm.extractvalue %arg2[0]
// CHECK: llvm.inline_asm {{.*}}atom.global.gpu.acq_rel.add.f32{{.*}} %{{.*}}, %{{.*}}, %[[MASK]] :
// CHECK-NOT: nvvm.barrier0
// CHECK: st.global
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @masked_tensor(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %v: tensor<128xf32, #b>, %m: tensor<128xi1, #b>) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
    %pp = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
    %o = tt.atomic_rmw fadd, acq_rel, gpu, %pp, %v, %m : (tensor<128x!tt.ptr<f32>, #b>, tensor<128xf32, #b>, tensor<128xi1, #b>) -> tensor<128xf32, #b>
    tt.store %pp, %o : tensor<128x!tt.ptr<f32>, #b>
    tt.return
  }
}

// -----

// fadd over contiguous, aligned pointers: Hopper's vector atomics (8 x f16
// and 2 x 4 x f32 per thread); atomics-sm80.mlir has the pre-Hopper form.
// CHECK-LABEL: llvm.func @vec_f16
// CHECK: atom.global.gpu.relaxed.add.noftz.v8.f16 { $0, $1, $2, $3, $4, $5, $6, $7 }, [ $8 + 0 ], { $9, $10, $11, $12, $13, $14, $15, $16 };", "=h,=h,=h,=h,=h,=h,=h,=h,l,h,h,h,h,h,h,h,h,b"
// CHECK-NOT: atom.global
// CHECK-LABEL: llvm.func @vec_f32
// CHECK-COUNT-2: atom.global.gpu.relaxed.add.v4.f32 { $0, $1, $2, $3 }, [ $4 + 0 ], { $5, $6, $7, $8 };
// CHECK-NOT: atom.global
#v = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @vec_f16(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %v: tensor<1024xf16, #v>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #v>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #v>
    %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f16>, #v>, tensor<1024xi32, #v>
    %o = tt.atomic_rmw fadd, relaxed, gpu, %pp, %v : (tensor<1024x!tt.ptr<f16>, #v>, tensor<1024xf16, #v>) -> tensor<1024xf16, #v>
    tt.store %pp, %o : tensor<1024x!tt.ptr<f16>, #v>
    tt.return
  }
  tt.func public @vec_f32(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %v: tensor<1024xf32, #v>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #v>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #v>
    %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>, #v>, tensor<1024xi32, #v>
    %o = tt.atomic_rmw fadd, relaxed, gpu, %pp, %v : (tensor<1024x!tt.ptr<f32>, #v>, tensor<1024xf32, #v>) -> tensor<1024xf32, #v>
    tt.store %pp, %o : tensor<1024x!tt.ptr<f32>, #v>
    tt.return
  }
}

// -----

// A broadcast layout (4 warps hold copies of each element): only warp 0
// performs the atomics; the used result goes through scratch (32x4 i32 =
// 512 bytes): stores by warp 0, a barrier, loads by everyone.
// CHECK: ttg.shared = 512 : i32
// CHECK-LABEL: llvm.func @bcast
// CHECK: llvm.lshr
// CHECK: %[[W:.*]] = llvm.lshr
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32)
// CHECK-NEXT: %[[WM:.*]] = llvm.and %[[W]], %[[C3]] : i32
// CHECK-NEXT: %[[C0:.*]] = llvm.mlir.constant(0 : i32)
// CHECK-NEXT: %[[PRED:.*]] = llvm.icmp "eq" %[[WM]], %[[C0]]
// CHECK-COUNT-4: atom.global.gpu.acq_rel.add.u32{{.*}}, %[[PRED]] :
// CHECK-COUNT-4: st.shared.b32{{.*}}, %[[PRED]] :
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
#bc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bcast(%p: !tt.ptr<i32>, %v: tensor<32x4xi32, #bc>) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 0, parent = #bc}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 0, parent = #bc}>> -> tensor<1x4xi32, #bc>
    %x = tt.broadcast %e : tensor<1x4xi32, #bc> -> tensor<32x4xi32, #bc>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x4x!tt.ptr<i32>, #bc>
    %pp = tt.addptr %ps, %x : tensor<32x4x!tt.ptr<i32>, #bc>, tensor<32x4xi32, #bc>
    %o = tt.atomic_rmw add, acq_rel, gpu, %pp, %v : (tensor<32x4x!tt.ptr<i32>, #bc>, tensor<32x4xi32, #bc>) -> tensor<32x4xi32, #bc>
    tt.store %pp, %o : tensor<32x4x!tt.ptr<i32>, #bc>
    tt.return
  }
}

// -----

// Unused result of a broadcast layout: no scratch, no barrier.
// CHECK-NOT: ttg.shared = 512
// CHECK-LABEL: llvm.func @bcast_unused
// CHECK-COUNT-4: atom.global.gpu.acq_rel.add.u32
// CHECK-NOT: barrier0
// CHECK: llvm.return
#bc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bcast_unused(%p: tensor<32x4x!tt.ptr<i32>, #bc>, %v: tensor<32x4xi32, #bc>) {
    %o = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (tensor<32x4x!tt.ptr<i32>, #bc>, tensor<32x4xi32, #bc>) -> tensor<32x4xi32, #bc>
    tt.return
  }
}
