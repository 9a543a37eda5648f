// examples/softmax.mlir at small, awkward sizes (the same nest): 7 rows of
// 33 (one warp per row) and 3 rows of 1031 (a prime longer than
// warp-row-max: one block per row), and 3 rows of 4096 (one block per
// row, 1024 vectors over 512 threads: the single-pass plan, two vectors
// per thread loaded once and kept across the three loops), mapped by
// gpu-map-affine and run against the input on the interpreter (race,
// barrier and bounds checks on); tests/equiv checks the RUNs below too.
// EQUIV: rel-tol=1e-5
// RUN: goopt opt %s --gpu-map-affine | FileCheck %s
// RUN: goopt opt %s --gpu-map-affine -o %t.mlir
// RUN: goopt run %t.mlir --entry=softmax --check-equiv=%s --rel-tol=1e-5 | FileCheck %s --check-prefix=EQ
// RUN: goopt run %t.mlir --entry=softmax_long --check-equiv=%s --rel-tol=1e-5 | FileCheck %s --check-prefix=EQ
// RUN: goopt run %t.mlir --entry=softmax_resident --check-equiv=%s --rel-tol=1e-5 | FileCheck %s --check-prefix=EQ

// CHECK-LABEL: func.func @softmax(
// CHECK:         gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %c32, %{{.*}} = %c16, %{{.*}} = %c1)
// CHECK-NOT:       gpu.barrier
// CHECK:         return
// CHECK-LABEL: func.func @softmax_long(
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c3, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c512, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK:           gpu.barrier
// CHECK-LABEL: func.func @softmax_resident(
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.*}} = %c3, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c512, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK-COUNT-2:   vector.load %{{.*}} : memref<3x4096xf32>, vector<4xf32>
// CHECK-NOT:       vector.load
// CHECK-COUNT-2:   vector.store %{{.*}} : memref<3x4096xf32>, vector<4xf32>
// CHECK:         return
// EQ: equivalent (3 seeds)
func.func @softmax(%X: memref<7x33xf32>, %Y: memref<7x33xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 7 {
    %max = affine.for %j = 0 to 33 iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<7x33xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
    %sum = affine.for %j = 0 to 33 iter_args(%s = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<7x33xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %n = arith.addf %s, %e : f32
      affine.yield %n : f32
    }
    affine.for %j = 0 to 33 {
      %x = affine.load %X[%i, %j] : memref<7x33xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %y = arith.divf %e, %sum : f32
      affine.store %y, %Y[%i, %j] : memref<7x33xf32>
    }
  }
  return
}

func.func @softmax_long(%X: memref<3x1031xf32>, %Y: memref<3x1031xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 3 {
    %max = affine.for %j = 0 to 1031 iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<3x1031xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
    %sum = affine.for %j = 0 to 1031 iter_args(%s = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<3x1031xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %n = arith.addf %s, %e : f32
      affine.yield %n : f32
    }
    affine.for %j = 0 to 1031 {
      %x = affine.load %X[%i, %j] : memref<3x1031xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %y = arith.divf %e, %sum : f32
      affine.store %y, %Y[%i, %j] : memref<3x1031xf32>
    }
  }
  return
}

func.func @softmax_resident(%X: memref<3x4096xf32>, %Y: memref<3x4096xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 3 {
    %max = affine.for %j = 0 to 4096 iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<3x4096xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
    %sum = affine.for %j = 0 to 4096 iter_args(%s = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<3x4096xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %n = arith.addf %s, %e : f32
      affine.yield %n : f32
    }
    affine.for %j = 0 to 4096 {
      %x = affine.load %X[%i, %j] : memref<3x4096xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      %y = arith.divf %e, %sum : f32
      affine.store %y, %Y[%i, %j] : memref<3x4096xf32>
    }
  }
  return
}
