// Triton 3.6's gluon_to_ttgir stage on a Gluon kernel as its frontend
// prints it (a helper with automatic layouts, a coalesced load): the helper
// inlined, every placeholder layout resolved (16-byte accesses: the
// set_auto_layout keeps the offsets' contiguity for AxisInfo), the
// set_auto_layout ops gone.
// triton-translate recognises the module by its placeholders and runs the
// stage before llir, down to PTX.
// RUN: triton-opt %s --triton-gluon-to-ttgir -verify-each | FileCheck %s
// RUN: triton-translate %s --emit=ttgir -o - | FileCheck %s
// RUN: triton-translate %s --emit=ptx -o - | FileCheck %s --check-prefix=PTX
// RUN: triton-translate %s --gluon --emit=ttgir -o - | FileCheck %s

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NOT: #gluon
// CHECK-NOT: gluon.set_auto_layout
// CHECK-NOT: tt.call
// CHECK-LABEL: tt.func public @copy_rows
// CHECK: tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
// CHECK: tt.load %{{.*}}, %{{.*}} : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK: tt.store
// CHECK-NOT: tt.func private
// PTX: .visible .entry copy_rows
// PTX: ld.global.v4.b32
// PTX: st.global.v4.b32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @offsets(%base: i32) -> tensor<512xi32, #gluon.coalesced_encoding> {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #gluon.auto_encoding>
    %c = gluon.set_auto_layout %r : tensor<512xi32, #gluon.auto_encoding> -> tensor<512xi32, #gluon.coalesced_encoding>
    %b = tt.splat %base : i32 -> tensor<512xi32, #gluon.coalesced_encoding>
    %o = arith.addi %b, %c : tensor<512xi32, #gluon.coalesced_encoding>
    tt.return %o : tensor<512xi32, #gluon.coalesced_encoding>
  }
  tt.func public @copy_rows(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %c128 = arith.constant 512 : i32
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %c128 : i32
    %o = tt.call @offsets(%base) : (i32) -> tensor<512xi32, #gluon.coalesced_encoding>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #gluon.coalesced_encoding>
    %m = arith.cmpi slt, %o, %ns : tensor<512xi32, #gluon.coalesced_encoding>
    %ip = tt.splat %in : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #gluon.coalesced_encoding>
    %ia = tt.addptr %ip, %o : tensor<512x!tt.ptr<f32>, #gluon.coalesced_encoding>, tensor<512xi32, #gluon.coalesced_encoding>
    %v = tt.load %ia, %m : tensor<512x!tt.ptr<f32>, #gluon.coalesced_encoding>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #gluon.coalesced_encoding>
    %oa = tt.addptr %op, %o : tensor<512x!tt.ptr<f32>, #gluon.coalesced_encoding>, tensor<512xi32, #gluon.coalesced_encoding>
    tt.store %oa, %v, %m : tensor<512x!tt.ptr<f32>, #gluon.coalesced_encoding>
    tt.return
  }
}
