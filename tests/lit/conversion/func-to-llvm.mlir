// RUN: goopt opt %s --split-input-file --convert-func-to-llvm | FileCheck %s
// EQUIV: none (the signatures change; passes/convertfunctollvm runs each function before and after with matching arguments)
// RUN: goopt opt %s --split-input-file --convert-func-to-llvm=use-bare-ptr-memref-call-conv | FileCheck %s --check-prefix=BARE

// Scalars: the signature converts (index to i64); the pass also lowers
// arith and cf, so a loop is fully converted, block arguments included.
// CHECK-LABEL: llvm.func @loop(%arg0: i64, %arg1: i32) -> i32 {
// CHECK: %[[C0:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK: %[[C1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK: llvm.br ^bb1(%[[C0]], %arg1 : i64, i32)
// CHECK: ^bb1(%[[I:.*]]: i64, %[[ACC:.*]]: i32):
// CHECK: %[[C:.*]] = llvm.icmp "slt" %[[I]], %arg0 : i64
// CHECK: llvm.cond_br %[[C]], ^bb2, ^bb3
// CHECK: %[[A:.*]] = llvm.add %[[ACC]], %[[ACC]] : i32
// CHECK: %[[J:.*]] = llvm.add %[[I]], %[[C1]] : i64
// CHECK: llvm.br ^bb1(%[[J]], %[[A]] : i64, i32)
// CHECK: llvm.return %[[ACC]] : i32
func.func @loop(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0, %x : index, i32)
^bb1(%i: index, %acc: i32):
  %c = arith.cmpi slt, %i, %n : index
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  %a = arith.addi %acc, %acc : i32
  %j = arith.addi %i, %c1 : index
  cf.br ^bb1(%j, %a : index, i32)
^bb3:
  return %acc : i32
}

// -----

// A static memref under the bare-pointer convention: one pointer, the
// descriptor rebuilt from the static shape; calls pass the aligned pointer
// and a returned memref is its allocated pointer.
// CHECK-LABEL: llvm.func @one(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// BARE-LABEL: llvm.func @one(%arg0: !llvm.ptr) -> !llvm.ptr {
// BARE: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// BARE: %[[D0:.*]] = llvm.insertvalue %arg0, %[[U]][0]
// BARE: %[[D1:.*]] = llvm.insertvalue %arg0, %[[D0]][1]
// BARE: %[[O:.*]] = llvm.mlir.constant(0 : index) : i64
// BARE: %[[D2:.*]] = llvm.insertvalue %[[O]], %[[D1]][2]
// BARE: %[[S:.*]] = llvm.mlir.constant(8 : index) : i64
// BARE: %[[D3:.*]] = llvm.insertvalue %[[S]], %[[D2]][3, 0]
// BARE: %[[T:.*]] = llvm.mlir.constant(1 : index) : i64
// BARE: %[[D:.*]] = llvm.insertvalue %[[T]], %[[D3]][4, 0]
// BARE: %[[P:.*]] = llvm.extractvalue %{{.*}}[0]
// BARE: llvm.return %[[P]] : !llvm.ptr
// BARE-LABEL: llvm.func @caller(%arg0: !llvm.ptr) -> !llvm.ptr {
// BARE: %[[A:.*]] = llvm.extractvalue %{{.*}}[1]
// BARE: %[[R:.*]] = llvm.call @one(%[[A]]) : (!llvm.ptr) -> !llvm.ptr
// BARE: llvm.insertvalue %[[R]], %{{.*}}[0]
// BARE: llvm.insertvalue %[[R]], %{{.*}}[1]
func.func @one(%m: memref<8xf32>) -> memref<8xf32> {
  return %m : memref<8xf32>
}
func.func @caller(%m: memref<8xf32>) -> memref<8xf32> {
  %r = call @one(%m) : (memref<8xf32>) -> memref<8xf32>
  return %r : memref<8xf32>
}

// -----

// func.constant is the address of the function.
// CHECK-LABEL: llvm.func @take_address
// CHECK: llvm.mlir.addressof @take_address : !llvm.ptr
func.func @take_address() {
  %f = constant @take_address : () -> ()
  return
}
