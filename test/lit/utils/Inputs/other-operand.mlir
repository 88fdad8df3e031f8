#loc = loc("k.py":1:0)
#loc3 = loc("x"(#loc))
module {
  tt.func public @k(%x_ptr: !tt.ptr<f32> loc("x_ptr"(#loc)), %n: i32 loc("n"(#loc))) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32 loc(#loc1)
    %acc = scf.for %row = %c0_i32 to %n step %n iter_args(%acc_1 = %c0_i32) -> (i32)  : i32 {
      %x = arith.addi %acc_1, %row : i32 loc(#loc3)
      scf.yield %x : i32 loc(#loc2)
    } loc(#loc2)
    scf.for %row = %c0_i32 to %acc step %n  : i32 {
      %x = arith.addi %row, %n : i32 loc(callsite(#loc1 at #loc2))
      tt.print " loc(%d) " {hex = false, isSigned = array<i32: 1>} : %x : i32 loc("f(x).py":3:4)
    } loc(#loc2)
    tt.return loc(#loc2)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc2 = loc("k.py":2:4)
