// RUN: goopt opt %s --split-input-file --convert-cf-to-llvm | FileCheck %s
// EQUIV: none (the branches loop on random inputs and the asserts fire; cf-to-llvm-exec.mlir holds the executable functions)

// Branches become llvm branches with the same operands and successors.
// CHECK-LABEL: func @branches
// CHECK: llvm.br ^bb1(%arg0 : i32)
// CHECK: ^bb1(%[[X:.*]]: i32):
// CHECK: llvm.cond_br %arg1, ^bb1(%[[X]] : i32), ^bb2
// CHECK: llvm.switch %[[X]] : i32, ^bb3(%[[X]] : i32) [
// CHECK-NEXT: 1: ^bb3(%arg0 : i32),
// CHECK-NEXT: 7: ^bb4
// CHECK-NEXT: ]
func.func @branches(%a: i32, %c: i1) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb2:
  cf.switch %x : i32, [
    default: ^bb3(%x : i32),
    1: ^bb3(%a : i32),
    7: ^bb4
  ]
^bb3(%r: i32):
  return %r : i32
^bb4:
  return %a : i32
}

// -----

// An assert branches to the rest of its block, or to a block at the end of
// the region that prints the message and aborts; puts, abort and the
// message are declared at the top of the module.
// CHECK: llvm.func @abort()
// CHECK: llvm.func @puts(!llvm.ptr)
// CHECK: llvm.mlir.global private constant @assert_msg(dense<[98, 111, 111, 109, 0]> : tensor<5xi8>) {addr_space = 0 : i32} : !llvm.array<5 x i8>
// CHECK-LABEL: func @assert
// CHECK: llvm.cond_br %arg0, ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK-NEXT: return
// CHECK: ^bb2:
// CHECK-NEXT: %[[M:.*]] = llvm.mlir.addressof @assert_msg : !llvm.ptr
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %[[M]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<5 x i8>
// CHECK-NEXT: llvm.call @puts(%[[P]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.call @abort() : () -> ()
// CHECK-NEXT: llvm.unreachable
func.func @assert(%c: i1) {
  cf.assert %c, "boom"
  return
}

// -----

// A second message gets a fresh symbol.
// CHECK: llvm.mlir.global private constant @assert_msg_0(dense<[121, 0]> : tensor<2xi8>)
// CHECK-LABEL: func @two_asserts
// CHECK: llvm.mlir.addressof @assert_msg :
// CHECK: llvm.mlir.addressof @assert_msg_0 :
func.func @two_asserts(%c: i1) {
  cf.assert %c, "x"
  cf.assert %c, "y"
  return
}
