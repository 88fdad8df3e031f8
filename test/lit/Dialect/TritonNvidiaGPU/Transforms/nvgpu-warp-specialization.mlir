// nvgpu-warp-specialization: a loop marked tt.warp_specialize whose TMA
// tiles feed warp-group dots (one, or attention's two) is split into a one-warp producer (TMA
// copies into a ring of num-stages buffers, after waiting for the slot to
// be empty) and the kernel's warps (wait for the slot to be full, async
// dot, wait for the dot before, hand its slot back). Loops that do not fit
// get a remark and stay as they are, unmarked.
// RUN: triton-opt %s -split-input-file -nvgpu-warp-specialization=num-stages=3 -verify-each 2>/dev/null | FileCheck %s
// RUN: triton-opt %s -split-input-file -nvgpu-warp-specialization=num-stages=3 -verify-each 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: triton-opt %s -split-input-file -nvgpu-warp-specialization="num-stages=3 ping-pong=false" -verify-each 2>/dev/null | FileCheck %s --check-prefix=NOPP

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#mma64 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: tt.func public @k_loop
// CHECK-DAG: %[[RA:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-DAG: %[[RB:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK-COUNT-6: ttng.init_barrier %{{.*}}, 1
// CHECK: %[[WS:.*]]:2 = ttg.warp_specialize(
// CHECK-SAME: requestedRegisters = array<i32: 24>
// CHECK-NEXT: default {
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[N:.*]] = %{{.*}})
// CHECK: ttng.wait_barrier
// CHECK-NOT: tt.descriptor_load
// CHECK: %[[D:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
// CHECK: ttng.warp_group_dot_wait %[[D]], {{.*}}pendings = 1
// CHECK: %[[NOTFIRST:.*]] = arith.cmpi ugt, %[[N]]
// CHECK: ttng.arrive_barrier %{{.*}}, 1, %[[NOTFIRST]] {perWarpGroup}
// CHECK: scf.yield
// CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32}
// CHECK: ttng.arrive_barrier
// CHECK: ttg.warp_yield
// CHECK: partition0({{.*}}) num_warps(1) {
// CHECK: scf.for {{.*}} iter_args(%[[M:.*]] = %{{.*}}) -> (i32)
// CHECK: arith.xori
// CHECK: ttng.wait_barrier
// CHECK: ttng.barrier_expect %{{.*}}, 32768, %true
// CHECK-COUNT-2: ttng.async_tma_copy_global_to_local
// CHECK-NOT: ttng.warp_group_dot
// CHECK: ttg.warp_return
// CHECK: arith.truncf %[[WS]]#0
tt.func public @k_loop(%da: !tt.tensordesc<tensor<128x64xf16, #shared>>, %db: !tt.tensordesc<tensor<128x64xf16, #shared>>, %out: !tt.ptr<f16>, %ktiles: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
  %pid = tt.get_program_id x : i32
  %om = arith.muli %pid, %c64 : i32
  %acc = scf.for %k = %c0 to %ktiles step %c1 iter_args(%a = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
    %ok = arith.muli %k, %c64 : i32
    %x = tt.descriptor_load %da[%om, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %y = tt.descriptor_load %db[%c0, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %ys = ttg.local_alloc %y : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %yt = ttg.memdesc_trans %ys {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %xs, %yt, %a {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
    scf.yield %d : tensor<128x128xf32, #mma>
  } {tt.warp_specialize}
  %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
  tt.return
}

// A persistent kernel: the tile loop is marked, the loads are in the inner
// K loop. The producer walks both loops, counting tiles across them; of the
// tile loop it keeps only what the coordinates need (no accumulator, no
// store). The kernel's warps hand back the last slot after each K loop.
// CHECK-LABEL: tt.func public @persistent
// CHECK: ttg.warp_specialize(
// CHECK-NEXT: default {
// CHECK: scf.for {{.*}} iter_args(%[[T:.*]] = %{{.*}}) -> (i32)
// CHECK: %[[K:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[N:.*]] = %[[T]]) -> (tensor<128x128xf32, #mma>, i32)
// CHECK: arith.cmpi ugt, %[[N]], %[[T]]
// CHECK: ttng.warp_group_dot_wait %[[K]]#0 {pendings = 0 : i32}
// CHECK: %[[RAN:.*]] = arith.cmpi ugt, %[[K]]#1, %[[T]]
// CHECK: ttng.arrive_barrier %{{.*}}, 1, %[[RAN]]
// CHECK: tt.descriptor_store
// CHECK: scf.yield %[[K]]#1 : i32
// CHECK: partition0(
// CHECK: scf.for {{.*}} -> (i32)
// CHECK-NOT: tensor<
// CHECK: scf.for {{.*}} -> (i32)
// CHECK: ttng.barrier_expect
// CHECK-NOT: tt.descriptor_store
// CHECK: ttg.warp_return
tt.func public @persistent(%da: !tt.tensordesc<tensor<128x64xf16, #shared>>, %db: !tt.tensordesc<tensor<128x64xf16, #shared>>, %dc: !tt.tensordesc<tensor<128x128xf16, #shared>>, %tiles: i32, %ktiles: i32, %nsm: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
  %pid = tt.get_program_id x : i32
  scf.for %t = %pid to %tiles step %nsm : i32 {
    %pm = arith.divsi %t, %c8 : i32
    %pn = arith.remsi %t, %c8 : i32
    %om = arith.muli %pm, %c128 : i32
    %on = arith.muli %pn, %c128 : i32
    %acc = scf.for %k = %c0 to %ktiles step %c1 iter_args(%a = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %ok = arith.muli %k, %c64 : i32
      %x = tt.descriptor_load %da[%om, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %y = tt.descriptor_load %db[%on, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %ys = ttg.local_alloc %y : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %yt = ttg.memdesc_trans %ys {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %xs, %yt, %a {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %hb = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.descriptor_store %dc[%om, %on], %hb : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
  } {tt.warp_specialize}
  tt.return
}

// Attention at 4 warps: one consumer warp group would run both dots with
// the softmax between them and nothing to overlap it with; left to the
// software pipeliner.
// REMARK: remark: loop not warp-specialized: its dots would run on one consumer warp group (num_warps < 8), with nothing to overlap the code between them
// CHECK-LABEL: tt.func public @attention_one_warp_group
// CHECK-NOT: ttg.warp_specialize
// CHECK: tt.return
tt.func public @attention_one_warp_group(%q: !ttg.memdesc<128x64xf16, #shared, #smem>, %dk: !tt.tensordesc<tensor<128x64xf16, #shared>>, %dv: !tt.tensordesc<tensor<128x64xf16, #shared>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
  %zacc = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma64>
  %r:2 = scf.for %k = %c0 to %n step %c128 iter_args(%acc = %zacc, %off = %c0) -> (tensor<128x64xf32, #mma64>, i32) : i32 {
    %kt = tt.descriptor_load %dk[%off, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %ks = ttg.local_alloc %kt : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %kT = ttg.memdesc_trans %ks {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %s = ttng.warp_group_dot %q, %kT, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
    %p = math.exp2 %s : tensor<128x128xf32, #mma>
    %scaled = arith.mulf %acc, %acc : tensor<128x64xf32, #mma64>
    %vt = tt.descriptor_load %dv[%off, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %vs = ttg.local_alloc %vt : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %ph = arith.truncf %p : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %pa = ttg.convert_layout %ph : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 2}>>
    %o = ttng.warp_group_dot %pa, %vs, %scaled {inputPrecision = 0 : i32} : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 2}>> * !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma64>
    %off2 = arith.addi %off, %c128 : i32
    scf.yield %o, %off2 : tensor<128x64xf32, #mma64>, i32
  } {tt.warp_specialize}
  tt.return
}

}

// -----

// Attention at 8 warps: two consumer warp groups take turns at the tensor
// cores (ping-pong). Warp group i waits on named barrier 14 + i before its
// P x V and arrives on the other's, 15 - i, right after issuing Q x K; the
// second waits for its first turn before the loop, the first hands over
// its last turn after it. With ping-pong=false none of that.
// CHECK-LABEL: tt.func public @attention_ping_pong
// CHECK: ttg.warp_specialize(
// CHECK: %[[WG:.*]] = ttng.warp_group_id : i32
// CHECK: %[[C14:.*]] = arith.constant 14 : i32
// CHECK: %[[C256:.*]] = arith.constant 256 : i32
// CHECK: %[[MINE:.*]] = arith.addi %[[C14]], %[[WG]] : i32
// CHECK: %[[C15:.*]] = arith.constant 15 : i32
// CHECK: %[[OTHER:.*]] = arith.subi %[[C15]], %[[WG]] : i32
// CHECK: %[[SECOND:.*]] = arith.cmpi eq, %[[WG]], %{{.*}}
// CHECK: scf.if %[[SECOND]] {
// CHECK-NEXT: ttng.named_barrier_wait %[[MINE]], %[[C256]] : i32, i32
// CHECK: scf.for
// CHECK: %[[QK:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
// CHECK-NEXT: ttng.named_barrier_arrive %[[OTHER]], %[[C256]] : i32, i32
// CHECK-NEXT: ttng.warp_group_dot_wait %[[QK]]
// CHECK: ttng.named_barrier_wait %[[MINE]], %[[C256]] : i32, i32
// CHECK-NEXT: ttng.warp_group_dot {{.*}}isAsync = true
// CHECK: scf.yield
// CHECK: scf.if
// CHECK-NEXT: ttng.named_barrier_arrive %[[OTHER]], %[[C256]] : i32, i32
// CHECK: partition0(
// CHECK-NOT: named_barrier
// CHECK: ttg.warp_return
// NOPP-LABEL: tt.func public @attention_ping_pong
// NOPP: ttg.warp_specialize(
// NOPP-NOT: named_barrier
// NOPP-NOT: warp_group_id
// NOPP: tt.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#mma64 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func public @attention_ping_pong(%q: !ttg.memdesc<128x64xf16, #shared, #smem>, %dk: !tt.tensordesc<tensor<128x64xf16, #shared>>, %dv: !tt.tensordesc<tensor<128x64xf16, #shared>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
  %zacc = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma64>
  %r:2 = scf.for %k = %c0 to %n step %c128 iter_args(%acc = %zacc, %off = %c0) -> (tensor<128x64xf32, #mma64>, i32) : i32 {
    %kt = tt.descriptor_load %dk[%off, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %ks = ttg.local_alloc %kt : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %kT = ttg.memdesc_trans %ks {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %s = ttng.warp_group_dot %q, %kT, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
    %p = math.exp2 %s : tensor<128x128xf32, #mma>
    %scaled = arith.mulf %acc, %acc : tensor<128x64xf32, #mma64>
    %vt = tt.descriptor_load %dv[%off, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %vs = ttg.local_alloc %vt : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %ph = arith.truncf %p : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %pa = ttg.convert_layout %ph : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 2}>>
    %o = ttng.warp_group_dot %pa, %vs, %scaled {inputPrecision = 0 : i32} : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 2}>> * !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma64>
    %off2 = arith.addi %off, %c128 : i32
    scf.yield %o, %off2 : tensor<128x64xf32, #mma64>, i32
  } {tt.warp_specialize}
  tt.return
}
}

// -----

// Two marked loops in a row whose tiles fit the same rings (causal
// attention: the blocks left of the diagonal, then the diagonal block):
// one warp_specialize. The op between them moves above the first; both
// sides run the two loops, the second's counter starting where the
// first's ended; the turns are handed over once, around both loops.
// CHECK-LABEL: tt.func public @attention_two_loops
// CHECK: %[[HI2:.*]] = arith.addi %[[N:arg3]], %c128
// CHECK: ttg.warp_specialize(
// CHECK: ttng.warp_group_id
// CHECK: scf.if
// CHECK-NEXT: ttng.named_barrier_wait
// CHECK: %[[FIRST:.*]]:3 = scf.for {{.*}} to %[[N]]
// CHECK: scf.yield
// CHECK-NOT: scf.if
// CHECK: scf.for {{.*}} = %[[N]] to %[[HI2]] {{.*}}, %{{.*}} = %[[FIRST]]#2) ->
// CHECK: scf.yield
// CHECK: scf.if
// CHECK-NEXT: ttng.named_barrier_arrive
// CHECK: ttg.warp_yield
// CHECK: partition0(
// CHECK: %[[P:.*]]:2 = scf.for
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[P]]#1)
// CHECK: ttg.warp_return
// CHECK-NOT: ttg.warp_specialize(
// CHECK: tt.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#mma64 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func public @attention_two_loops(%q: !ttg.memdesc<128x64xf16, #shared, #smem>, %dk: !tt.tensordesc<tensor<128x64xf16, #shared>>, %dv: !tt.tensordesc<tensor<128x64xf16, #shared>>, %n: i32) -> tensor<128x64xf32, #mma64> {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
  %zacc = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma64>
  %r:2 = scf.for %k = %c0 to %n step %c128 iter_args(%acc = %zacc, %off = %c0) -> (tensor<128x64xf32, #mma64>, i32) : i32 {
    %kt = tt.descriptor_load %dk[%off, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %ks = ttg.local_alloc %kt : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %kT = ttg.memdesc_trans %ks {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %s = ttng.warp_group_dot %q, %kT, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
    %p = math.exp2 %s : tensor<128x128xf32, #mma>
    %scaled = arith.mulf %acc, %acc : tensor<128x64xf32, #mma64>
    %vt = tt.descriptor_load %dv[%off, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %vs = ttg.local_alloc %vt : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %ph = arith.truncf %p : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %pa = ttg.convert_layout %ph : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 2}>>
    %o = ttng.warp_group_dot %pa, %vs, %scaled {inputPrecision = 0 : i32} : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 2}>> * !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma64>
    %off2 = arith.addi %off, %c128 : i32
    scf.yield %o, %off2 : tensor<128x64xf32, #mma64>, i32
  } {tt.warp_specialize}
  %hi = arith.addi %n, %c128 : i32
  %r2:2 = scf.for %k = %n to %hi step %c128 iter_args(%acc = %r#0, %off = %n) -> (tensor<128x64xf32, #mma64>, i32) : i32 {
    %kt = tt.descriptor_load %dk[%off, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %ks = ttg.local_alloc %kt : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %kT = ttg.memdesc_trans %ks {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %s = ttng.warp_group_dot %q, %kT, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
    %p = math.exp2 %s : tensor<128x128xf32, #mma>
    %scaled = arith.mulf %acc, %acc : tensor<128x64xf32, #mma64>
    %vt = tt.descriptor_load %dv[%off, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %vs = ttg.local_alloc %vt : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %ph = arith.truncf %p : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %pa = ttg.convert_layout %ph : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 2}>>
    %o = ttng.warp_group_dot %pa, %vs, %scaled {inputPrecision = 0 : i32} : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 2}>> * !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma64>
    %off2 = arith.addi %off, %c128 : i32
    scf.yield %o, %off2 : tensor<128x64xf32, #mma64>, i32
  } {tt.warp_specialize}
  tt.return %r2#0 : tensor<128x64xf32, #mma64>
}
}

// -----

// The second loop starts from the first's key offset, a scalar the
// producer's clone of it would have to take from the first loop's: not
// joined, one warp_specialize each.
// CHECK-LABEL: tt.func public @attention_two_loops_offset_carried
// CHECK-COUNT-2: ttg.warp_specialize(
// CHECK: tt.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#mma64 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func public @attention_two_loops_offset_carried(%q: !ttg.memdesc<128x64xf16, #shared, #smem>, %dk: !tt.tensordesc<tensor<128x64xf16, #shared>>, %dv: !tt.tensordesc<tensor<128x64xf16, #shared>>, %n: i32) -> tensor<128x64xf32, #mma64> {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
  %zacc = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma64>
  %r:2 = scf.for %k = %c0 to %n step %c128 iter_args(%acc = %zacc, %off = %c0) -> (tensor<128x64xf32, #mma64>, i32) : i32 {
    %kt = tt.descriptor_load %dk[%off, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %ks = ttg.local_alloc %kt : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %kT = ttg.memdesc_trans %ks {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %s = ttng.warp_group_dot %q, %kT, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
    %p = math.exp2 %s : tensor<128x128xf32, #mma>
    %scaled = arith.mulf %acc, %acc : tensor<128x64xf32, #mma64>
    %vt = tt.descriptor_load %dv[%off, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %vs = ttg.local_alloc %vt : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %ph = arith.truncf %p : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %pa = ttg.convert_layout %ph : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 2}>>
    %o = ttng.warp_group_dot %pa, %vs, %scaled {inputPrecision = 0 : i32} : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 2}>> * !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma64>
    %off2 = arith.addi %off, %c128 : i32
    scf.yield %o, %off2 : tensor<128x64xf32, #mma64>, i32
  } {tt.warp_specialize}
  %hi = arith.addi %n, %c128 : i32
  %r2:2 = scf.for %k = %n to %hi step %c128 iter_args(%acc = %r#0, %off = %r#1) -> (tensor<128x64xf32, #mma64>, i32) : i32 {
    %kt = tt.descriptor_load %dk[%off, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %ks = ttg.local_alloc %kt : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %kT = ttg.memdesc_trans %ks {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %s = ttng.warp_group_dot %q, %kT, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
    %p = math.exp2 %s : tensor<128x128xf32, #mma>
    %scaled = arith.mulf %acc, %acc : tensor<128x64xf32, #mma64>
    %vt = tt.descriptor_load %dv[%off, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %vs = ttg.local_alloc %vt : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %ph = arith.truncf %p : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %pa = ttg.convert_layout %ph : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 2}>>
    %o = ttng.warp_group_dot %pa, %vs, %scaled {inputPrecision = 0 : i32} : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma64, kWidth = 2}>> * !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma64>
    %off2 = arith.addi %off, %c128 : i32
    scf.yield %o, %off2 : tensor<128x64xf32, #mma64>, i32
  } {tt.warp_specialize}
  tt.return %r2#0 : tensor<128x64xf32, #mma64>
}
}

// -----

// Descriptors the kernel makes before the marked loop (test_warp_specialization.py's
// matmuls, tl.make_tensor_descriptor at the top) are handed to the producer
// as captures, like kernel arguments. One made inside the loop is not: the
// producer's warp alone would write it. A lone dot on two consumer warp
// groups (8 warps) is left to the pipeliner, as Triton 3.6 leaves it.
// REMARK: remark: loop not warp-specialized: a descriptor of its tiles is made inside the loop
// REMARK: remark: loop not warp-specialized: a lone dot on 2 consumer warp groups runs no faster specialized than pipelined
// CHECK-LABEL: tt.func public @made_before
// CHECK: %[[DA:.*]] = tt.make_tensor_descriptor
// CHECK: %[[DB:.*]] = tt.make_tensor_descriptor
// CHECK: ttg.warp_specialize({{.*}}%[[DA]], {{.*}}%[[DB]])
// CHECK: partition0(%{{.*}}: !tt.tensordesc<tensor<128x64xf16, #shared>>, %{{.*}}: !tt.tensordesc<tensor<128x64xf16, #shared>>
// CHECK-COUNT-2: ttng.async_tma_copy_global_to_local
// CHECK-LABEL: tt.func public @made_inside
// CHECK-NOT: ttg.warp_specialize
// CHECK: tt.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func public @made_before(%pa: !tt.ptr<f16>, %pb: !tt.ptr<f16>, %m: i32, %kk: i32, %sa: i64, %ktiles: i32) -> tensor<128x128xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
  %da = tt.make_tensor_descriptor %pa, [%m, %kk], [%sa, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<tensor<128x64xf16, #shared>>
  %db = tt.make_tensor_descriptor %pb, [%m, %kk], [%sa, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<tensor<128x64xf16, #shared>>
  %acc = scf.for %k = %c0 to %ktiles step %c1 iter_args(%a = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
    %ok = arith.muli %k, %c64 : i32
    %x = tt.descriptor_load %da[%c0, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %y = tt.descriptor_load %db[%c0, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %ys = ttg.local_alloc %y : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %yt = ttg.memdesc_trans %ys {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %xs, %yt, %a {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
    scf.yield %d : tensor<128x128xf32, #mma>
  } {tt.warp_specialize}
  tt.return %acc : tensor<128x128xf32, #mma>
}
tt.func public @made_inside(%pa: !tt.ptr<f16>, %db: !tt.tensordesc<tensor<128x64xf16, #shared>>, %m: i32, %kk: i32, %sa: i64, %ktiles: i32) -> tensor<128x128xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
  %acc = scf.for %k = %c0 to %ktiles step %c1 iter_args(%a = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
    %da = tt.make_tensor_descriptor %pa, [%m, %kk], [%sa, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<tensor<128x64xf16, #shared>>
    %ok = arith.muli %k, %c64 : i32
    %x = tt.descriptor_load %da[%c0, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %y = tt.descriptor_load %db[%c0, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %ys = ttg.local_alloc %y : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %yt = ttg.memdesc_trans %ys {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %xs, %yt, %a {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
    scf.yield %d : tensor<128x128xf32, #mma>
  } {tt.warp_specialize}
  tt.return %acc : tensor<128x128xf32, #mma>
}
}

// -----

// CHECK-LABEL: tt.func public @lone_dot_eight_warps
// CHECK-NOT: ttg.warp_specialize
// CHECK: tt.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
tt.func public @lone_dot_eight_warps(%da: !tt.tensordesc<tensor<128x64xf16, #shared>>, %db: !tt.tensordesc<tensor<128x64xf16, #shared>>, %ktiles: i32) -> tensor<128x128xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
  %acc = scf.for %k = %c0 to %ktiles step %c1 iter_args(%a = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
    %ok = arith.muli %k, %c64 : i32
    %x = tt.descriptor_load %da[%c0, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %y = tt.descriptor_load %db[%c0, %ok] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %ys = ttg.local_alloc %y : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %yt = ttg.memdesc_trans %ys {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %xs, %yt, %a {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
    scf.yield %d : tensor<128x128xf32, #mma>
  } {tt.warp_specialize}
  tt.return %acc : tensor<128x128xf32, #mma>
}
}
