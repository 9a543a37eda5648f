// affine-loop-coalescing on scf.for nests (upstream coalesces them too):
// normalization of non-unit bounds, iter_args chains, bands whose bounds
// are defined above them, and nests it leaves alone.
// RUN: goopt opt %s --split-input-file --affine-loop-coalescing | FileCheck %s

// CHECK-LABEL: func.func @iter_args
// CHECK:         %[[C8:c8_[0-9]+]] = arith.constant 8 : index
// CHECK:         %[[N:.*]] = arith.muli %c8, %[[C8]] : index
// CHECK:         scf.for %[[IV:.*]] = %c0 to %[[N]] step %c1 iter_args(%[[A:.*]] = %cst) -> (f32) {
// CHECK-NEXT:      %[[J:.*]] = arith.remsi %[[IV]], %[[C8]] : index
// CHECK-NEXT:      %[[I:.*]] = arith.divsi %[[IV]], %[[C8]] : index
// CHECK-NEXT:      %[[J2:.*]] = arith.muli %[[J]], %c2 : index
// CHECK-NEXT:      memref.load %arg0[%[[I]], %[[J2]]]
// CHECK-NOT:     scf.for
func.func @iter_args(%m: memref<8x16xf32>, %lb: index, %ub: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %z) -> f32 {
    %s = scf.for %j = %c0 to %c16 step %c2 iter_args(%b = %a) -> f32 {
      %v = memref.load %m[%i, %j] : memref<8x16xf32>
      %n = arith.addf %b, %v : f32
      scf.yield %n : f32
    }
    scf.yield %s : f32
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK:         %[[T:.*]] = arith.subi %arg1, %c1 : index
// CHECK:         %[[N:.*]] = arith.muli %[[T]], %arg2 : index
// CHECK:         scf.for %{{.*}} = %c0_0 to %[[N]] step %c1_1 {
func.func @dynamic(%m: memref<?x?xf32>, %n1: index, %n2: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c1 to %n1 step %c1 {
    scf.for %j = %c0 to %n2 step %c1 {
      memref.store %z, %m[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// Three loops, all normalized first; two results carried.
// CHECK-LABEL: func.func @three
// CHECK:         %[[T0:.*]] = arith.ceildivsi
// CHECK:         %[[T1:.*]] = arith.ceildivsi
// CHECK:         %c12 = arith.constant 12 : index
// CHECK:         %c4 = arith.constant 4 : index
// CHECK:         %[[P:.*]] = arith.muli %[[T0]], %[[T1]] : index
// CHECK:         %[[N:.*]] = arith.muli %[[P]], %c4 : index
// CHECK:         scf.for {{.*}} to %[[N]] {{.*}} -> (f32, f32) {
// CHECK-NOT:     scf.for
func.func @three(%m: memref<?x?x?xf32>, %a: index, %b: index, %c: index, %s: index) -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c17 = arith.constant 17 : index
  %z = arith.constant 0.0 : f32
  %o = arith.constant 1.0 : f32
  %r:2 = scf.for %i = %c1 to %a step %c2 iter_args(%x = %z, %y = %o) -> (f32, f32) {
    %q:2 = scf.for %j = %c3 to %b step %s iter_args(%x2 = %x, %y2 = %y) -> (f32, f32) {
      %w:2 = scf.for %k = %c5 to %c17 step %c3 iter_args(%x3 = %x2, %y3 = %y2) -> (f32, f32) {
        %v = memref.load %m[%i, %j, %k] : memref<?x?x?xf32>
        %n = arith.addf %x3, %v : f32
        %p = arith.mulf %y3, %v : f32
        scf.yield %n, %p : f32, f32
      }
      scf.yield %w#0, %w#1 : f32, f32
    }
    scf.yield %q#0, %q#1 : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}

// -----

// The inner loop's inits are not the outer loop's iter args: no coalescing.
// CHECK-LABEL: func.func @no_chain
// CHECK:         scf.for
// CHECK:           scf.for
func.func @no_chain(%m: memref<8x8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %z) -> f32 {
    %s = scf.for %j = %c0 to %c8 step %c1 iter_args(%b = %z) -> f32 {
      %v = memref.load %m[%i, %j] : memref<8x8xf32>
      %n = arith.addf %b, %v : f32
      scf.yield %n : f32
    }
    scf.yield %s : f32
  }
  return %r : f32
}

// -----

// The innermost bounds use the outermost IV: only the inner band coalesces.
// CHECK-LABEL: func.func @inner_dep
// CHECK:         scf.for %[[I:.*]] = %c0 to %c8 step %c1 {
// CHECK-NEXT:      %[[T:.*]] = arith.subi %c8, %[[I]] : index
// CHECK:           scf.for
// CHECK-NOT:       scf.for
func.func @inner_dep(%m: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      scf.for %k = %i to %c8 step %c1 {
        memref.store %z, %m[%j, %k] : memref<8x8xf32>
      }
    }
  }
  return
}

// -----

// An imperfect nest: the perfect band inside it coalesces.
// CHECK-LABEL: func.func @imperfect
// CHECK:         scf.for
// CHECK:           memref.store
// CHECK:           scf.for
// CHECK-NOT:       scf.for
func.func @imperfect(%m: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %z, %m[%i, %i] : memref<8x8xf32>
    scf.for %j = %c0 to %c8 step %c1 {
      scf.for %k = %c1 to %c8 step %c1 {
        memref.store %z, %m[%j, %k] : memref<8x8xf32>
      }
    }
  }
  return
}
