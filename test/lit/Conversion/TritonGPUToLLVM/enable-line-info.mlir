// RUN: triton-opt %s -split-input-file --enable-line-info -mlir-print-debuginfo | FileCheck %s
// RUN: triton-opt %s -split-input-file --enable-line-info -mlir-print-debuginfo | mlir-translate --split-input-file --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM

// A kernel from k.py: the function gets a subprogram of its file and line
// in a line-tables-only compile unit; the load inlined from std.py keeps
// its own file through a lexical block file, at the call's line in k.py.
// CHECK-DAG: #[[FILE:.*]] = #llvm.di_file<"k.py" in "/src">
// CHECK-DAG: #[[STD:.*]] = #llvm.di_file<"std.py" in "/lib">
// CHECK-DAG: #[[CU:.*]] = #llvm.di_compile_unit<id = distinct[{{.*}}]<>, sourceLanguage = DW_LANG_C, file = #[[FILE]], producer = "triton", isOptimized = true, emissionKind = LineTablesOnly>
// CHECK-DAG: #[[SP:.*]] = #llvm.di_subprogram<{{.*}}compileUnit = #[[CU]], scope = #[[FILE]], name = "kernel", linkageName = "kernel", file = #[[FILE]], line = 7, scopeLine = 7, subprogramFlags = "Definition|Optimized"
// CHECK-DAG: #[[BLOCK:.*]] = #llvm.di_lexical_block_file<scope = #[[SP]], file = #[[STD]], discriminator = 0>
// CHECK-DAG: #[[KPY:loc[0-9]*]] = loc("/src/k.py":7:0)
// CHECK-DAG: loc(fused<#[[SP]]>[#[[KPY]]])
// CHECK-DAG: #[[STDLOC:loc[0-9]*]] = loc("/lib/std.py":30:11)
// CHECK-DAG: #[[CALLEE:loc[0-9]*]] = loc(fused<#[[BLOCK]]>[#[[STDLOC]]])
// CHECK-DAG: loc(callsite(#[[CALLEE]] at #{{loc[0-9]*}}))
// LLVM: define void @kernel(ptr addrspace(1) %0) !dbg ![[KSP:[0-9]+]]
// LLVM: load float, ptr addrspace(1) %0, align 4, !dbg ![[LOAD:[0-9]+]]
// LLVM: ret void, !dbg ![[RET:[0-9]+]]
// LLVM: !llvm.dbg.cu = !{![[UNIT:[0-9]+]]}
// LLVM: ![[UNIT]] = distinct !DICompileUnit(language: DW_LANG_C, file: ![[KFILE:[0-9]+]], producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
// LLVM: ![[KFILE]] = !DIFile(filename: "k.py", directory: "/src")
// LLVM: ![[KSP]] = distinct !DISubprogram(name: "kernel", linkageName: "kernel", scope: ![[KFILE]], file: ![[KFILE]], line: 7
// LLVM: ![[LOAD]] = !DILocation(line: 30, column: 11, scope: ![[LBF:[0-9]+]], inlinedAt: ![[AT:[0-9]+]])
// LLVM: ![[LBF]] = distinct !DILexicalBlockFile(scope: ![[KSP]], file: ![[SFILE:[0-9]+]], discriminator: 0)
// LLVM: ![[SFILE]] = !DIFile(filename: "std.py", directory: "/lib")
// LLVM: ![[AT]] = !DILocation(line: 9, column: 8, scope: ![[KBF:[0-9]+]])
// LLVM: ![[KBF]] = distinct !DILexicalBlockFile(scope: ![[KSP]], file: ![[KFILE]], discriminator: 0)
// LLVM: ![[RET]] = !DILocation(line: 10, column: 4, scope: ![[KSP]])
module {
  llvm.func @kernel(%p: !llvm.ptr<1>) {
    %x = llvm.load %p : !llvm.ptr<1> -> f32 loc(callsite("/lib/std.py":30:11 at "/src/k.py":9:8))
    llvm.return loc("/src/k.py":10:4)
  } loc("/src/k.py":7:0)
}

// -----

// Without a file location there is nothing to map: the function is left
// as it is.
// CHECK-LABEL: llvm.func @unknown
// CHECK-NOT: di_subprogram
// LLVM: define void @unknown() {
// LLVM-NOT: !dbg
module {
  llvm.func @unknown() {
    llvm.return loc(unknown)
  } loc(unknown)
}
