module {
  tt.func public @k(%x_ptr: !tt.ptr<f32>, %n: i32) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %acc = scf.for %row = %c0_i32 to %n step %n iter_args(%acc_1 = %c0_i32) -> (i32)  : i32 {
      %x = arith.addi %acc_1, %row : i32
      scf.yield %x : i32
    }
    scf.for %row = %c0_i32 to %acc step %n  : i32 {
      %x = arith.addi %row, %acc : i32
      tt.print " loc(%d) " {hex = false, isSigned = array<i32: 1>} : %x : i32
    }
    tt.return
  }
}
