module {
  tt.func public @k(%arg0: !tt.ptr<f32>, %arg1: i32) attributes {noinline = false} {
    %c0 = arith.constant 0 : i32
    %0 = scf.for %arg2 = %c0 to %arg1 step %arg1 iter_args(%arg3 = %c0) -> (i32)  : i32 {
      %1 = arith.addi %arg3, %arg2 : i32
      scf.yield %1 : i32
    }
    scf.for %arg2 = %c0 to %0 step %arg1  : i32 {
      %1 = arith.addi %arg2, %0 : i32
      tt.print " loc(%d) " {hex = false, isSigned = array<i32: 1>} : %1 : i32
    }
    tt.return
  }
}
