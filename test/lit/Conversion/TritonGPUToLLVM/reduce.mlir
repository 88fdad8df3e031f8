// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// 1D across 4 warps (softmax's row max): 8 registers combined in-thread,
// butterfly over the 32 lanes, per-warp partials through scratch, a second
// butterfly over the 4 partials, the scalar read back by every thread.

// CHECK-LABEL: llvm.func @max_1d
// CHECK-COUNT-7: llvm.intr.maxnum
// CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i32)
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C16]], %{{.*}} : f32 -> f32
// CHECK: llvm.intr.maxnum
// CHECK: nvvm.shfl.sync bfly
// CHECK: nvvm.shfl.sync bfly
// CHECK: nvvm.shfl.sync bfly
// CHECK: %[[C1:.*]] = llvm.mlir.constant(1 : i32)
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C1]], %{{.*}} : f32 -> f32
// CHECK-NOT: nvvm.barrier0
// The writer: lane 0 of each warp, at scratch[warp].
// CHECK: %[[TIDX:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TID:.*]] = llvm.and %[[TIDX]], %{{.*}} : i32
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}} : i32
// CHECK: %[[WARP:.*]] = llvm.lshr %[[TID]], %{{.*}} : i32
// The warp's position along the axis comes after the thread's coordinate,
// which this reduction does not use: every lane and warp bit moves two
// places up (past the thread's own elements), so lane and warp are packed
// side by side (the thread id) and shifted once.
// CHECK: %[[PACKED:.*]] = llvm.or disjoint %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[M127:.*]] = llvm.mlir.constant(127 : i32)
// CHECK-NEXT: %[[TBITS:.*]] = llvm.and %[[PACKED]], %[[M127]]
// CHECK-NEXT: %[[C2S:.*]] = llvm.mlir.constant(2 : i32)
// CHECK-NEXT: llvm.shl %[[TBITS]], %[[C2S]]
// CHECK: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[WAXIS:.*]] = llvm.and %[[WARP]], %[[C3]] : i32
// CHECK: %[[M31:.*]] = llvm.mlir.constant(31 : i32)
// CHECK: %[[LBITS:.*]] = llvm.and %[[LANE]], %[[M31]]
// CHECK: %[[LZERO:.*]] = llvm.icmp "eq" %[[LBITS]]
// CHECK: %[[PRED:.*]] = llvm.and %{{.*}}, %[[LZERO]] : i1
// CHECK: %[[WPTR:.*]] = llvm.getelementptr %{{.*}}[%[[WAXIS]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %[[WPTR]], %{{.*}}, %[[PRED]]
// CHECK-NEXT: nvvm.barrier0
// Threads 0..3 read one partial each and combine lanes 2 and 1 apart.
// CHECK: %[[T2X:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[T2:.*]] = llvm.and %[[T2X]], %{{.*}} : i32
// CHECK: %[[NEEDED:.*]] = llvm.icmp "ult" %[[T2]], %{{.*}} : i32
// CHECK: %[[RPTR:.*]] = llvm.getelementptr %{{.*}}[%[[T2]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: "@$2 ld.shared.b32 $0, [ $1 + 0 ];", "=r,r,b" %[[RPTR]], %[[NEEDED]]
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32)
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C2]], %{{.*}} : f32 -> f32
// CHECK: nvvm.shfl.sync bfly
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %[[RPTR]]
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[RES:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return %[[RES]] : f32
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @max_1d(%x: tensor<1024xf32, #blocked>) -> f32 {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<1024xf32, #blocked>) -> f32
    tt.return %r : f32
  }
}

// -----

// 2D along axis 0 with lanes (bits 3, 4) and warps (4) along it: shuffles
// 16 and 8, the partial of column c from warp w at scratch[c * 4 + w]
// (axis fastest), written by the lanes whose axis bits are 0.

// CHECK-LABEL: llvm.func @sum_axis0
// CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i32)
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C16]]
// CHECK: %[[C8:.*]] = llvm.mlir.constant(8 : i32)
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C8]]
// CHECK: %[[C24:.*]] = llvm.mlir.constant(24 : i32)
// CHECK: llvm.and %{{.*}}, %[[C24]] : i32
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32)
// CHECK: %[[COL4:.*]] = llvm.mul %{{.*}}, %[[C4]] : i32
// CHECK: %[[OFF:.*]] = llvm.add %[[COL4]], %{{.*}} : i32
// CHECK: llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-COUNT-4: st.shared.b32
// CHECK: nvvm.barrier0
// 128 partials, 128 threads: one round, no bound check; groups of 4 lanes.
// CHECK-NOT: llvm.icmp "ult"
// CHECK: %[[C3:.*]] = llvm.mlir.constant(3 : i32)
// CHECK: %[[G:.*]] = llvm.and %{{.*}}, %[[C3]] : i32
// CHECK: %[[LEAD:.*]] = llvm.icmp "eq" %[[G]]
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: nvvm.shfl.sync bfly
// CHECK: nvvm.shfl.sync bfly
// CHECK: st.shared.b32 {{.*}}, %[[LEAD]]
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sum_axis0(%x: tensor<16x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>> {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<16x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return %r : tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  }
}

// -----

// argmax along axis 1, within each warp (no scratch, no barrier): the
// (value, index) pairs combine in-thread, then shuffle 4, 2, 1 lanes apart
// together.

// CHECK-LABEL: llvm.func @argmax_axis1
// CHECK-COUNT-3: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32)
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C4]], %{{.*}} : f32 -> f32
// CHECK: nvvm.shfl.sync bfly {{.*}} : i32 -> i32
// CHECK: llvm.fcmp "ogt"
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32)
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C2]], %{{.*}} : f32 -> f32
// CHECK: %[[C1:.*]] = llvm.mlir.constant(1 : i32)
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C1]], %{{.*}} : f32 -> f32
// CHECK: nvvm.shfl.sync bfly {{.*}} : i32 -> i32
// CHECK: %[[V:.*]] = llvm.select %{{.*}} : i1, f32
// CHECK: %[[I:.*]] = llvm.select %{{.*}} : i1, i32
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.insertvalue %[[V]], %{{.*}}[0] : !llvm.struct<(f32)>
// CHECK: llvm.insertvalue %[[I]], %{{.*}}[0] : !llvm.struct<(i32)>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @argmax_axis1(%v: tensor<16x32xf32, #blocked>, %i: tensor<16x32xi32, #blocked>) -> (tensor<16xf32, #slice>, tensor<16xi32, #slice>) {
    %r:2 = "tt.reduce"(%v, %i) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
      %gt = arith.cmpf ogt, %a, %b : f32
      %eq = arith.cmpf oeq, %a, %b : f32
      %lt = arith.cmpi slt, %ai, %bi : i32
      %tie = arith.andi %eq, %lt : i1
      %pick = arith.ori %gt, %tie : i1
      %m = arith.select %pick, %a, %b : f32
      %mi = arith.select %pick, %ai, %bi : i32
      tt.reduce.return %m, %mi : f32, i32
    }) : (tensor<16x32xf32, #blocked>, tensor<16x32xi32, #blocked>) -> (tensor<16xf32, #slice>, tensor<16xi32, #slice>)
    tt.return %r#0, %r#1 : tensor<16xf32, #slice>, tensor<16xi32, #slice>
  }
}

// -----

// Two operands across warps: the f32 partials first, the i1 ones (as i8)
// after them at byte 4 * 4 = 16; 20 bytes of scratch.

// CHECK: ttg.shared = 20 : i32
// CHECK-LABEL: llvm.func @pair_1d
// CHECK: %[[BASE:.*]] = llvm.mlir.addressof @global_smem
// CHECK: %[[I1BASE:.*]] = llvm.getelementptr %[[BASE]][16] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.getelementptr %[[BASE]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: st.shared.b32
// CHECK: llvm.getelementptr %[[I1BASE]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.zext %{{.*}} : i1 to i8
// CHECK: st.shared.b8
// CHECK: nvvm.barrier0
// CHECK: ld.shared.b32
// CHECK: ld.shared.b8
// CHECK: nvvm.barrier0
// CHECK: llvm.load %[[BASE]] : !llvm.ptr<3> -> f32
// CHECK: %[[B:.*]] = llvm.load %[[I1BASE]] : !llvm.ptr<3> -> i8
// CHECK: llvm.trunc %[[B]] : i8 to i1
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @pair_1d(%x: tensor<256xf32, #blocked>, %f: tensor<256xi1, #blocked>) -> (f32, i1) {
    %r:2 = "tt.reduce"(%x, %f) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %af: i1, %b: f32, %bf: i1):
      %s = arith.addf %a, %b : f32
      %o = arith.ori %af, %bf : i1
      tt.reduce.return %s, %o : f32, i1
    }) : (tensor<256xf32, #blocked>, tensor<256xi1, #blocked>) -> (f32, i1)
    tt.return %r#0, %r#1 : f32, i1
  }
}

// -----

// A tensor smaller than the layout's tile: warps hold copies (broadcast
// warp bases), so each warp reduces on its own; lanes 16 apart hold copies
// too, so only 16, ..., 1 -> 8, 4, 2, 1 are shuffled.

// CHECK: ttg.shared = 0
// CHECK-LABEL: llvm.func @broadcast_warps
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[C8:.*]] = llvm.mlir.constant(8 : i32)
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C8]]
// CHECK-COUNT-3: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @broadcast_warps(%x: tensor<16xi32, #blocked>) -> i32 {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.reduce.return %s : i32
    }) : (tensor<16xi32, #blocked>) -> i32
    tt.return %r : i32
  }
}

// -----

// Integer reductions over all 32 lanes use one redux.sync on sm_80 and
// later, as Triton does: an i32 sum, an i1 `any` (zero-extended, or,
// truncated) and an i8 signed max (sign-extended). An i64 sum still
// shuffles (redux.sync takes 32 bits).

// CHECK-LABEL: llvm.func @redux_sum_i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: %[[M:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK: nvvm.redux.sync add %{{.*}}, %[[M]] : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @redux_any_i1
// CHECK: %[[Z:.*]] = llvm.zext %{{.*}} : i1 to i32
// CHECK: %[[R:.*]] = nvvm.redux.sync or %[[Z]], %{{.*}} : i32 -> i32
// CHECK: llvm.trunc %[[R]] : i32 to i1
// CHECK-LABEL: llvm.func @redux_max_i8
// CHECK: %[[S:.*]] = llvm.sext %{{.*}} : i8 to i32
// CHECK: nvvm.redux.sync max %[[S]]
// CHECK-LABEL: llvm.func @shuffle_sum_i64
// CHECK-NOT: nvvm.redux.sync
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @redux_sum_i32(%x: tensor<32xi32, #blocked>) -> i32 {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.reduce.return %s : i32
    }) : (tensor<32xi32, #blocked>) -> i32
    tt.return %r : i32
  }
  tt.func @redux_any_i1(%x: tensor<32xi1, #blocked>) -> i1 {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i1, %b: i1):
      %s = arith.ori %a, %b : i1
      tt.reduce.return %s : i1
    }) : (tensor<32xi1, #blocked>) -> i1
    tt.return %r : i1
  }
  tt.func @redux_max_i8(%x: tensor<32xi8, #blocked>) -> i8 {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i8, %b: i8):
      %s = arith.maxsi %a, %b : i8
      tt.reduce.return %s : i8
    }) : (tensor<32xi8, #blocked>) -> i8
    tt.return %r : i8
  }
  tt.func @shuffle_sum_i64(%x: tensor<32xi64, #blocked>) -> i64 {
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i64, %b: i64):
      %s = arith.addi %a, %b : i64
      tt.reduce.return %s : i64
    }) : (tensor<32xi64, #blocked>) -> i64
    tt.return %r : i64
  }
}
