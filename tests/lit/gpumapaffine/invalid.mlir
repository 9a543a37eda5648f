// gpu-map-affine refuses, with an error at the op that is the reason,
// the nests it cannot map, and leaves no half-mapped function behind.
// RUN: goopt opt %s --split-input-file --verify-diagnostics --gpu-map-affine
// RUN: not goopt opt %s --split-input-file --gpu-map-affine="block-size=100" 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not goopt opt %s --split-input-file --gpu-map-affine="vector-width=3" 2>&1 | FileCheck %s --check-prefix=VW
// RUN: not goopt opt %s --split-input-file --gpu-map-affine="transpose-smem=xor transpose-tile=24" 2>&1 | FileCheck %s --check-prefix=XOR

// OPT: gpu-map-affine: option 'block-size' must be a multiple of 32 in [32, 1024], got 100
// VW: gpu-map-affine: option 'vector-width' must be 1, 2 or 4, got 3
// XOR: gpu-map-affine: an XOR-swizzled tile must be a power of two, got 24

// A prefix sum: the only loop carries a dependence.
func.func @prefix(%a: memref<100xf32>) {
  // expected-error@+1 {{loop nest not mapped to 'gpu.launch': the outermost loop is not parallel (it carries a dependence)}}
  affine.for %i = 1 to 100 {
    %p = affine.load %a[%i - 1] : memref<100xf32>
    %x = affine.load %a[%i] : memref<100xf32>
    %s = arith.addf %p, %x : f32
    affine.store %s, %a[%i] : memref<100xf32>
  }
  return
}

// -----

// Sizes only known at run time.
func.func @dynamic(%a: memref<?xf32>, %n: index) {
  // expected-error@+1 {{loop nest not mapped to 'gpu.launch': loop bounds are not constant}}
  affine.for %i = 0 to %n {
    %x = affine.load %a[%i] : memref<?xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// A row reduction on f64: warp shuffles move 32-bit values.
func.func @rowsum_f64(%a: memref<4x8xf64>, %s: memref<4xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 4 {
    %r = affine.for %j = 0 to 8 iter_args(%acc = %zero) -> (f64) {
      %v = affine.load %a[%i, %j] : memref<4x8xf64>
      // expected-error@+1 {{loop nest not mapped to 'gpu.launch': reduction on f64: warp shuffles move 32-bit values (f32 or i32)}}
      %n = arith.addf %acc, %v : f64
      affine.yield %n : f64
    }
    affine.store %r, %s[%i] : memref<4xf64>
  }
  return
}

// -----

// A recurrence along each row: the rows are parallel, the inner loop is not.
func.func @row_recurrence(%a: memref<4x8xf32>) {
  affine.for %i = 0 to 4 {
    // expected-error@+1 {{loop nest not mapped to 'gpu.launch': inner loop carries a dependence that is not a reduction}}
    affine.for %j = 1 to 8 {
      %p = affine.load %a[%i, %j - 1] : memref<4x8xf32>
      affine.store %p, %a[%i, %j] : memref<4x8xf32>
    }
  }
  return
}
