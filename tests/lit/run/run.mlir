// Tests of `goopt run`: results of the entry function as values, memrefs as
// checksums or, with --print, in full.

// RUN: goopt run %s | FileCheck %s
// RUN: goopt run %s --print --args=zeros | FileCheck %s --check-prefix=ZEROS
// RUN: goopt run %s --print --entry=scale --args=random,3 --seed=7 | FileCheck %s --check-prefix=SCALE
// RUN: goopt run %s --entry=scale --args=random,3 --seed=7 | FileCheck %s --check-prefix=SCALE-SUM

// With no --entry, `main` runs; memref arguments print as checksum lines
// (the function may have written them), then the results.
// CHECK:      %arg0: memref<2x3xi32> sum={{-?[0-9]+}} hash={{[0-9a-f]+}}
// CHECK-NEXT: %arg1: memref<2x3xi32> sum={{-?[0-9]+}} hash={{[0-9a-f]+}}
// CHECK-NEXT: result 0: 6 : index
// CHECK-NEXT: result 1: 1.5 : f32
// CHECK-NEXT: result 2: true
// CHECK-NOT:  {{.}}

// Zero arguments: the output is twice the input, so it is zero too.
// ZEROS:      %arg0: memref<2x3xi32> =
// ZEROS-NEXT: {{\[\[}}0, 0, 0],
// ZEROS-NEXT: {{ \[}}0, 0, 0]]
// ZEROS-NEXT: %arg1: memref<2x3xi32> =
// ZEROS-NEXT: {{\[\[}}0, 0, 0],
// ZEROS-NEXT: {{ \[}}0, 0, 0]]
func.func @main(%a: memref<2x3xi32>, %b: memref<2x3xi32>) -> (index, f32, i1) {
  %n = arith.constant 0 : index
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %x = affine.load %a[%i, %j] : memref<2x3xi32>
      %y = arith.addi %x, %x : i32
      affine.store %y, %b[%i, %j] : memref<2x3xi32>
    }
  }
  %six = arith.constant 6 : index
  %f = arith.constant 1.5 : f32
  %t = arith.constant true
  return %six, %f, %t : index, f32, i1
}

// A scalar literal argument; the memref argument is written in place.
// SCALE:      %arg0: memref<4xf32> =
// SCALE-NEXT: {{^\[ *-?[0-9.]+, +-?[0-9.]+, +-?[0-9.]+, +-?[0-9.]+\]$}}
// SCALE-NEXT: result 0: 3 : i32
// SCALE-SUM:      %arg0: memref<4xf32> sum={{-?[0-9.e+-]+}} hash={{[0-9a-f]+}}
// SCALE-SUM-NEXT: result 0: 3 : i32
func.func @scale(%a: memref<4xf32>, %k: i32) -> i32 {
  %kf = arith.sitofp %k : i32 to f32
  affine.for %i = 0 to 4 {
    %x = affine.load %a[%i] : memref<4xf32>
    %y = arith.mulf %x, %kf : f32
    affine.store %y, %a[%i] : memref<4xf32>
  }
  return %k : i32
}
