// llvm.extractvalue folds through insertvalue chains and nested extracts
// (upstream's ExtractValueOp::fold), which is what lets a memref
// descriptor built from a bare pointer disappear after lowering.
// RUN: goopt opt %s --canonicalize | FileCheck %s
// EQUIV: none (llvm.func bodies only)

// CHECK-LABEL: llvm.func @through_inserts
// CHECK-SAME:    (%[[P:.*]]: !llvm.ptr, %[[Q:.*]]: !llvm.ptr, %[[N:.*]]: i64)
// CHECK-NEXT:    llvm.return %[[Q]] : !llvm.ptr
llvm.func @through_inserts(%p: !llvm.ptr, %q: !llvm.ptr, %n: i64) -> !llvm.ptr {
  %0 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64)>
  %1 = llvm.insertvalue %p, %0[0] : !llvm.struct<(ptr, ptr, i64)>
  %2 = llvm.insertvalue %q, %1[1] : !llvm.struct<(ptr, ptr, i64)>
  %3 = llvm.insertvalue %n, %2[2] : !llvm.struct<(ptr, ptr, i64)>
  %4 = llvm.extractvalue %3[1] : !llvm.struct<(ptr, ptr, i64)>
  llvm.return %4 : !llvm.ptr
}

// CHECK-LABEL: llvm.func @nested
// CHECK-NEXT:    %[[A:.*]] = llvm.extractvalue %arg0[1] : !llvm.struct<(i32, array<2 x i64>)>
// CHECK-NEXT:    %[[V:.*]] = llvm.extractvalue %[[A]][0] : !llvm.array<2 x i64>
// CHECK-NEXT:    llvm.return %[[V]] : i64
llvm.func @nested(%s: !llvm.struct<(i32, array<2 x i64>)>) -> i64 {
  %0 = llvm.extractvalue %s[1] : !llvm.struct<(i32, array<2 x i64>)>
  %1 = llvm.extractvalue %0[0] : !llvm.array<2 x i64>
  llvm.return %1 : i64
}

// A prefix position stops the walk: [1] reads the array that [1, 0] changed.
// CHECK-LABEL: llvm.func @prefix
// CHECK:         %[[I:.*]] = llvm.insertvalue %arg1, %arg0[1, 0]
// CHECK-NEXT:    %[[E:.*]] = llvm.extractvalue %[[I]][1]
// CHECK-NEXT:    llvm.return %[[E]]
llvm.func @prefix(%s: !llvm.struct<(i32, array<2 x i64>)>, %v: i64) -> !llvm.array<2 x i64> {
  %0 = llvm.insertvalue %v, %s[1, 0] : !llvm.struct<(i32, array<2 x i64>)>
  %1 = llvm.extractvalue %0[1] : !llvm.struct<(i32, array<2 x i64>)>
  llvm.return %1 : !llvm.array<2 x i64>
}
