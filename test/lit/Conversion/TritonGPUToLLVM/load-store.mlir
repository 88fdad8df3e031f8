// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// Loads and stores are vectorized to what AxisInfo proves: 8 x f16 with a
// divisible base and contiguous offsets -> one v4.b32; cache and eviction
// modifiers are kept. On sm_80 and later an L1 eviction priority comes with
// the same L2 priority, as in Triton: a createpolicy per access, passed
// with .L2::cache_hint.
// CHECK-LABEL: llvm.func @f16_vec8
// CHECK: %[[POL:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.u64 $0, 0x0;\0A\09createpolicy.fractional.L2::evict_last.b64 $0, 1.0;", "=l"  : () -> i64
// An unmasked load has no predicate, as in Triton.
// CHECK: "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09ld.global.cg.L1::evict_last.L2::cache_hint.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ], $5;", "=r,=r,=r,=r,l,l" %{{.*}}, %[[POL]]
// CHECK-COUNT-4: llvm.bitcast %{{.*}} : i32 to vector<2xi16>
// CHECK: "@$5 st.global.cs.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"
// CHECK-NOT: st.global
// CHECK: llvm.return
#b2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_vec8(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %r0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b2}>>
    %r1 = tt.expand_dims %r0 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b2}>> -> tensor<1x64xi32, #b2>
    %r2 = tt.broadcast %r1 : tensor<1x64xi32, #b2> -> tensor<16x64xi32, #b2>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<16x64x!tt.ptr<f16>, #b2>
    %pp = tt.addptr %ps, %r2 : tensor<16x64x!tt.ptr<f16>, #b2>, tensor<16x64xi32, #b2>
    %v = tt.load %pp cacheModifier = cg evictionPolicy = evict_last : tensor<16x64x!tt.ptr<f16>, #b2>
    tt.store %pp, %v cacheModifier = cs : tensor<16x64x!tt.ptr<f16>, #b2>
    tt.return
  }
}

// -----

// Without a divisibility hint one element per access; a non-zero `other`
// is where the destination starts (Triton's way: no select after the load
// for masked-off lanes).
// CHECK-LABEL: llvm.func @masked_other
// CHECK: %[[O:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: %[[V:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.u32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r" %{{.*}}, %{{.*}}, %[[O]] :
// CHECK: llvm.bitcast %[[V]] : i32 to f32
// CHECK-NOT: llvm.select
// CHECK-COUNT-4: "@$2 st.global.b32 [ $1 + 0 ], $0;", "r,l,b"
#b1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @masked_other(%p: !tt.ptr<f32>, %n: i32) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b1>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #b1>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #b1>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b1>
    %pp = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #b1>, tensor<512xi32, #b1>
    %o = arith.constant dense<-1.0> : tensor<512xf32, #b1>
    %v = tt.load %pp, %m, %o : tensor<512x!tt.ptr<f32>, #b1>
    tt.store %pp, %v, %m : tensor<512x!tt.ptr<f32>, #b1>
    tt.return
  }
}

// -----

// A layout with 32 elements over 128 threads: warps 1-3 hold copies and do
// not store; bytes go through 16-bit registers.
// CHECK-LABEL: llvm.func @broadcast_store
// The indices of make_range, then the copies' mask (warp id = tid / 32, no
// shuffle):
// CHECK: llvm.getelementptr
// CHECK: %[[TIDX:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TID:.*]] = llvm.and %[[TIDX]], %{{.*}} : i32
// CHECK: %[[W:.*]] = llvm.lshr %[[TID]]
// CHECK-NOT: nvvm.shfl
// CHECK: %[[WB:.*]] = llvm.and %[[W]], %{{.*}} : i32
// CHECK: %[[P:.*]] = llvm.icmp "eq" %[[WB]], %{{.*}} : i32
// CHECK: "@$2 st.global.b8 [ $1 + 0 ], $0;", "h,l,b" %{{.*}}, %{{.*}}, %[[P]] : (i16, !llvm.ptr<1>, i1) -> ()
#bc = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @broadcast_store(%p: !tt.ptr<i8>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #bc>
    %ps = tt.splat %p : !tt.ptr<i8> -> tensor<32x!tt.ptr<i8>, #bc>
    %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<i8>, #bc>, tensor<32xi32, #bc>
    %v = arith.constant dense<7> : tensor<32xi8, #bc>
    tt.store %pp, %v : tensor<32x!tt.ptr<i8>, #bc>
    tt.return
  }
}

// -----

// A scalar store is done by thread 0.
// CHECK-LABEL: llvm.func @scalar
// CHECK: ld.global.b32
// CHECK: %[[TIDX:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TID:.*]] = llvm.and %[[TIDX]], %{{.*}} : i32
// CHECK: %[[P:.*]] = llvm.icmp "eq" %[[TID]]
// CHECK: "@$2 st.global.b32 [ $1 + 0 ], $0;", "r,l,b" %{{.*}}, %arg0, %[[P]]
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scalar(%p: !tt.ptr<f32>) {
    %v = tt.load %p : !tt.ptr<f32>
    tt.store %p, %v : !tt.ptr<f32>
    tt.return
  }
}

// -----

// A store with evict_first on sm_80: the L2 policy too, after the values.
// A load with evict_normal (the default) has none.
// CHECK-LABEL: llvm.func @evict_first_sm80
// CHECK: "mov.u32 $0, 0x0;\0A\09ld.global.b32 $0, [ $1 + 0 ];", "=r,l"
// CHECK: %[[POL:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.u64 $0, 0x0;\0A\09createpolicy.fractional.L2::evict_first.b64 $0, 1.0;", "=l"
// CHECK: "@$2 st.global.L1::evict_first.L2::cache_hint.b32 [ $1 + 0 ], $0, $3;", "r,l,b,l" %{{.*}}, %{{.*}}, %{{.*}}, %[[POL]]
#b3 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @evict_first_sm80(%p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #b3>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #b3>
    %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>, #b3>, tensor<32xi32, #b3>
    %v = tt.load %pp : tensor<32x!tt.ptr<f32>, #b3>
    tt.store %pp, %v evictionPolicy = evict_first : tensor<32x!tt.ptr<f32>, #b3>
    tt.return
  }
}
