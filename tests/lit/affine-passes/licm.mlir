// RUN: goopt opt %s --affine-loop-invariant-code-motion --split-input-file | FileCheck %s

// Pure ops and a load of a memref nobody writes in the loop are hoisted,
// in order; the store depending on the IV stays.
// CHECK-LABEL: func @pure_and_load
// CHECK: arith.constant
// CHECK-NEXT: arith.addf
// CHECK-NEXT: affine.load %arg1[0]
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.store
func.func @pure_and_load(%A: memref<10xf32>, %B: memref<1xf32>, %x: f32) {
  affine.for %i = 0 to 10 {
    %c = arith.constant 2.0 : f32
    %s = arith.addf %x, %c : f32
    %v = affine.load %B[0] : memref<1xf32>
    %m = arith.mulf %s, %v : f32
    affine.store %m, %A[%i] : memref<10xf32>
  }
  return
}

// -----

// A load of a memref stored to in the loop stays.
// CHECK-LABEL: func @written
// CHECK: affine.for
// CHECK-NEXT: affine.load
func.func @written(%A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %A[0] : memref<10xf32>
    affine.store %v, %A[%i] : memref<10xf32>
  }
  return
}

// -----

// Innermost first: the invariant op climbs out of both loops.
// CHECK-LABEL: func @nested
// CHECK: arith.muli
// CHECK-NEXT: affine.for
// CHECK-NEXT: arith.addi
// CHECK-NEXT: affine.for
func.func @nested(%A: memref<10x10xindex>, %n: index) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %a = arith.muli %n, %n : index
      %b = arith.addi %a, %i : index
      affine.store %b, %A[%i, %j] : memref<10x10xindex>
    }
  }
  return
}

// -----

// An invariant store to a memref not otherwise accessed in the loop moves
// out of a loop that runs.
// CHECK-LABEL: func @store
// CHECK: affine.store %{{.*}}, %arg0[0]
// CHECK-NEXT: affine.for
func.func @store(%A: memref<1xf32>, %x: f32) {
  affine.for %i = 0 to 4 {
    affine.store %x, %A[0] : memref<1xf32>
  }
  return
}

// -----

// Loops with unknown trip count keep their memory ops (goopt: hoisting a
// store out of a loop that may not run changes the program); pure ops
// still move.
// CHECK-LABEL: func @maybe_empty
// CHECK: arith.addf
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.store
func.func @maybe_empty(%A: memref<1xf32>, %x: f32, %n: index) {
  affine.for %i = 0 to %n {
    %y = arith.addf %x, %x : f32
    affine.store %y, %A[0] : memref<1xf32>
  }
  return
}

// -----

// iter_args make their users variant.
// CHECK-LABEL: func @iter_args
// CHECK: affine.for
// CHECK-NEXT: arith.addf
func.func @iter_args(%x: f32) -> f32 {
  %r = affine.for %i = 0 to 4 iter_args(%a = %x) -> (f32) {
    %s = arith.addf %a, %x : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// An affine.if whose condition and body are invariant moves as a whole.
// CHECK-LABEL: func @if
// CHECK: affine.if
// CHECK: affine.for
func.func @if(%A: memref<4xf32>, %n: index, %x: f32) {
  affine.for %i = 0 to 4 {
    affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%n) {
      %y = arith.addf %x, %x : f32
    }
    affine.store %x, %A[%i] : memref<4xf32>
  }
  return
}

// -----

// A prefetch only reads the memref it names: the load of %A is hoisted
// past it, and the invariant prefetch itself moves too.
// CHECK-LABEL: func @prefetch
// CHECK: affine.prefetch %arg0[0]
// CHECK-NEXT: affine.load %arg0[0]
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.store
func.func @prefetch(%A: memref<4xf32>, %B: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    affine.prefetch %A[0], read, locality<3>, data : memref<4xf32>
    %v = affine.load %A[0] : memref<4xf32>
    affine.store %v, %B[%i] : memref<4xf32>
  }
  return
}

// -----

// goopt: gpu.barrier may make any memory change (other threads' stores
// become visible), so no access is hoisted out of a loop holding one.
// CHECK-LABEL: func @barrier
// CHECK: affine.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: affine.load %arg0[0]
func.func @barrier(%A: memref<4xf32>, %B: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    gpu.barrier
    %v = affine.load %A[0] : memref<4xf32>
    affine.store %v, %B[%i] : memref<4xf32>
  }
  return
}
