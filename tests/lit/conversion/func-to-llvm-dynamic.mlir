// RUN: goopt opt %s --convert-func-to-llvm | FileCheck %s
// EQUIV: none (the signatures change and @callee is external; passes/convertfunctollvm checks calls by execution)

// Memrefs: expanded descriptors by default, re-packed in the entry block
// (each size followed by its stride); several results come back in a
// struct; a declaration keeps its visibility.
// CHECK: llvm.func @ext(!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.struct<(i32, struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>)> attributes {sym_visibility = "private"}
// CHECK-LABEL: llvm.func @callee(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64) -> !llvm.struct<(i64, struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>)> {
// CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: %[[D0:.*]] = llvm.insertvalue %arg0, %[[U]][0]
// CHECK: %[[D1:.*]] = llvm.insertvalue %arg1, %[[D0]][1]
// CHECK: %[[D2:.*]] = llvm.insertvalue %arg2, %[[D1]][2]
// CHECK: %[[D3:.*]] = llvm.insertvalue %arg3, %[[D2]][3, 0]
// CHECK: %[[D4:.*]] = llvm.insertvalue %arg5, %[[D3]][4, 0]
// CHECK: %[[D5:.*]] = llvm.insertvalue %arg4, %[[D4]][3, 1]
// CHECK: %[[D:.*]] = llvm.insertvalue %arg6, %[[D5]][4, 1]
// CHECK: %[[F0:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK: %[[F1:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK: %[[F2:.*]] = llvm.extractvalue %{{.*}}[2]
// CHECK: %[[F3:.*]] = llvm.extractvalue %{{.*}}[3, 0]
// CHECK: %[[F4:.*]] = llvm.extractvalue %{{.*}}[3, 1]
// CHECK: %[[F5:.*]] = llvm.extractvalue %{{.*}}[4, 0]
// CHECK: %[[F6:.*]] = llvm.extractvalue %{{.*}}[4, 1]
// CHECK: %[[R:.*]] = llvm.call @ext(%[[F0]], %[[F1]], %[[F2]], %[[F3]], %[[F4]], %[[F5]], %[[F6]]) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.struct<(i32, struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>)>
// CHECK: %[[M:.*]] = llvm.extractvalue %[[R]][1]
// CHECK: %[[S0:.*]] = llvm.mlir.undef : !llvm.struct<(i64, struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>)>
// CHECK: %[[S1:.*]] = llvm.insertvalue %arg7, %[[S0]][0]
// CHECK: %[[S2:.*]] = llvm.insertvalue %[[M]], %[[S1]][1]
// CHECK: llvm.return %[[S2]]
func.func private @ext(%m: memref<4x?xf32>) -> (i32, memref<4x?xf32>)
func.func @callee(%m: memref<4x?xf32>, %i: index) -> (index, memref<4x?xf32>) {
  %a, %b = call @ext(%m) : (memref<4x?xf32>) -> (i32, memref<4x?xf32>)
  return %i, %b : index, memref<4x?xf32>
}

