// A Gluon kernel as its frontend prints it (python-hook.test): a helper
// with automatic layouts, coalesced loads and stores.
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
