// Kernels of Triton's test_core.py that use tl.inline_asm_elementwise
// (test_inline_asm*, test_smid, test_globaltimer), as Triton 3.6 prints
// their TTIR, compiled to PTX: the user's asm appears once per group of
// packed_element elements with the operands in its registers.
// RUN: split-file %s %t
// RUN: triton-translate %t/multiple_outputs.ttir | FileCheck %s --check-prefix=MULTI
// RUN: triton-translate %t/packed_multiple_outputs.ttir | FileCheck %s --check-prefix=PACKED
// RUN: triton-translate %t/packed.ttir | FileCheck %s --check-prefix=PACKED1
// RUN: triton-translate %t/with_pointers.ttir | FileCheck %s --check-prefix=POINTERS
// RUN: triton-translate %t/smid.ttir | FileCheck %s --check-prefix=SMID
// RUN: triton-translate %t/globaltimer.ttir | FileCheck %s --check-prefix=TIMER
// RUN: triton-translate %t/shf.ttir | FileCheck %s --check-prefix=SHF

// 512 elements, 128 threads: four asm blocks, each with two results.
// MULTI-LABEL: .visible .entry kernel(
// MULTI: sub.u32 %r{{[0-9]+}}, %r[[A:[0-9]+]], %r[[B:[0-9]+]]; // C = A - B
// MULTI-NEXT: sub.u32 %r{{[0-9]+}}, %r[[B]], %r[[A]]; // D = B - A
// MULTI-COUNT-3: // D = B - A
// MULTI-NOT: sub.u32
// MULTI: st.global.v4.b32
// MULTI: st.global.v4.b32

// Four i8 of `a` arrive in one 32-bit register ($8), four f32 in $9-$12;
// eight results come back.
// PACKED-LABEL: .visible .entry kernel(
// PACKED: mov.b32 {tmp0, tmp1, tmp2, tmp3}, %r{{[0-9]+}};
// PACKED: max.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};
// PACKED-NOT: mov.b32 {tmp0

// test_inline_asm_packed: four i8 per asm, in and out in one register.
// PACKED1-LABEL: .visible .entry kernel(
// PACKED1: and.b32 %r[[R:[0-9]+]], %r{{[0-9]+}}, 0x1F1F1F1F;
// PACKED1-SAME: shl.b32 %r[[R]], %r[[R]], 3;

// Pointers in 64-bit registers; the result is unused but the asm is not
// pure, so it stays (four times: 512 elements over 128 threads).
// POINTERS-LABEL: .visible .entry kernel(
// POINTERS-COUNT-4: ld.global.b8 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// POINTERS-NOT: ld.global.b8

// tl.extra.cuda.smid(): no operands, a scalar, once (test_smid counts it).
// SMID-COUNT-1: %smid
// SMID-NOT: %smid
// TIMER-COUNT-2: %globaltimer
// TIMER-NOT: %globaltimer

// Three operands, one a splat constant (test_inline_asm).
// SHF: shf.l.wrap.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};

//--- multiple_outputs.ttir
module {
  tt.func public @kernel(%A: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %B: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %C: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %D: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %a = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %a_0 = tt.splat %A : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>>
    %a_1 = tt.addptr %a_0, %a : tensor<512x!tt.ptr<i32>>, tensor<512xi32>
    %a_2 = tt.load %a_1 : tensor<512x!tt.ptr<i32>>
    %b = tt.splat %B : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>>
    %b_3 = tt.addptr %b, %a : tensor<512x!tt.ptr<i32>>, tensor<512xi32>
    %b_4 = tt.load %b_3 : tensor<512x!tt.ptr<i32>>
    %0:2 = tt.elementwise_inline_asm "\0A            sub.u32 $0, $2, $3;  // C = A - B\0A            sub.u32 $1, $3, $2;  // D = B - A\0A            " {constraints = "=r,=r,r,r", packed_element = 1 : i32, pure = true} %a_2, %b_4 : tensor<512xi32>, tensor<512xi32> -> tensor<512xi32>, tensor<512xi32>
    %1 = tt.splat %C : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>>
    %2 = tt.addptr %1, %a : tensor<512x!tt.ptr<i32>>, tensor<512xi32>
    tt.store %2, %0#0 : tensor<512x!tt.ptr<i32>>
    %3 = tt.splat %D : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>>
    %4 = tt.addptr %3, %a : tensor<512x!tt.ptr<i32>>, tensor<512xi32>
    tt.store %4, %0#1 : tensor<512x!tt.ptr<i32>>
    tt.return
  }
}

//--- packed_multiple_outputs.ttir
module {
  tt.func public @kernel(%A: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %B: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %C: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %D: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %a = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %a_0 = tt.splat %A : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
    %a_1 = tt.addptr %a_0, %a : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
    %a_2 = tt.load %a_1 : tensor<512x!tt.ptr<i8>>
    %b = tt.splat %B : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %b_3 = tt.addptr %b, %a : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    %b_4 = tt.load %b_3 : tensor<512x!tt.ptr<f32>>
    %0:2 = tt.elementwise_inline_asm "\0A            {\0A                // Unpack `a` into `ai`.\0A                .reg .b8 tmp<4>;\0A                mov.b32 {tmp0, tmp1, tmp2, tmp3}, $8;\0A                cvt.u32.u8 $0, tmp0;\0A                cvt.u32.u8 $1, tmp1;\0A                cvt.u32.u8 $2, tmp2;\0A                cvt.u32.u8 $3, tmp3;\0A            }\0A            // Convert `ai` to float.\0A            cvt.rn.f32.s32 $4, $0;\0A            cvt.rn.f32.s32 $5, $1;\0A            cvt.rn.f32.s32 $6, $2;\0A            cvt.rn.f32.s32 $7, $3;\0A            // Take max of `ai` and `b`.\0A            max.f32 $4, $4, $9;\0A            max.f32 $5, $5, $10;\0A            max.f32 $6, $6, $11;\0A            max.f32 $7, $7, $12;\0A            " {constraints = "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r", packed_element = 4 : i32, pure = true} %a_2, %b_4 : tensor<512xi8>, tensor<512xf32> -> tensor<512xi32>, tensor<512xf32>
    %1 = tt.splat %C : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>>
    %2 = tt.addptr %1, %a : tensor<512x!tt.ptr<i32>>, tensor<512xi32>
    tt.store %2, %0#0 : tensor<512x!tt.ptr<i32>>
    %3 = tt.splat %D : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %4 = tt.addptr %3, %a : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %4, %0#1 : tensor<512x!tt.ptr<f32>>
    tt.return
  }
}

//--- with_pointers.ttir
module {
  tt.func public @kernel(%X: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %Y: !tt.ptr<i8> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %0 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %1 = tt.splat %X : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
    %2 = tt.addptr %1, %0 : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
    %3 = tt.splat %Y : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
    %4 = tt.addptr %3, %0 : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
    %5 = tt.elementwise_inline_asm "ld.global.b8 $0, [$1];                                    shl.b32 $0, $0, 3;                                    st.global.b8 [$2], $0;" {constraints = "=r,l,l", packed_element = 1 : i32, pure = false} %2, %4 : tensor<512x!tt.ptr<i8>>, tensor<512x!tt.ptr<i8>> -> tensor<512xi8>
    tt.return
  }
}

//--- smid.ttir
module {
  tt.func public @kernel(%Out: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %0 = tt.get_program_id x : i32
    %1 = tt.addptr %Out, %0 : !tt.ptr<i32>, i32
    %2 = tt.elementwise_inline_asm "mov.u32 $0, %smid;" {constraints = "=r", packed_element = 1 : i32, pure = true} -> i32
    tt.store %1, %2 : !tt.ptr<i32>
    tt.return
  }
}

//--- packed.ttir
module {
  tt.func public @kernel(%X: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %Y: !tt.ptr<i8> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %0 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %1 = tt.splat %X : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
    %2 = tt.addptr %1, %0 : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
    %x = tt.load %2 : tensor<512x!tt.ptr<i8>>
    %y = tt.elementwise_inline_asm "and.b32 $0, $1, 0x1F1F1F1F;                                        shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<512xi8> -> tensor<512xi8>
    %3 = tt.splat %Y : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
    %4 = tt.addptr %3, %0 : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
    tt.store %4, %y : tensor<512x!tt.ptr<i8>>
    tt.return
  }
}

//--- globaltimer.ttir
module {
  tt.func public @kernel(%Out1: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %Out2: !tt.ptr<i64> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %start = tt.elementwise_inline_asm "mov.u64 $0, %globaltimer;" {constraints = "=l", packed_element = 1 : i32, pure = false} -> i64
    %c1_i64 = arith.constant 1 : i64
    %0 = tt.load %Out1 : !tt.ptr<i64>
    %1 = arith.addi %0, %c1_i64 : i64
    tt.store %Out1, %1 : !tt.ptr<i64>
    %end = tt.elementwise_inline_asm "mov.u64 $0, %globaltimer;" {constraints = "=l", packed_element = 1 : i32, pure = false} -> i64
    %2 = arith.subi %end, %start : i64
    tt.store %Out2, %2 : !tt.ptr<i64>
    tt.return
  }
}

//--- shf.ttir
module {
  tt.func public @kernel(%X: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %Y: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %Z: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<17> : tensor<128xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.splat %X : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %x = tt.load %2 : tensor<128x!tt.ptr<i32>>
    %3 = tt.splat %Y : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %4 = tt.addptr %3, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %y = tt.load %4 : tensor<128x!tt.ptr<i32>>
    %z = tt.elementwise_inline_asm "shf.l.wrap.b32 $0, $1, $2, $3;" {constraints = "=r,r, r, r", packed_element = 1 : i32, pure = true} %x, %y, %cst : tensor<128xi32>, tensor<128xi32>, tensor<128xi32> -> tensor<128xi32>
    %5 = tt.splat %Z : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %6 = tt.addptr %5, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    tt.store %6, %z : tensor<128x!tt.ptr<i32>>
    tt.return
  }
}
