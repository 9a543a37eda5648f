// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func @alloc
// CHECK: %{{.*}} = memref.alloc() : memref<4x8xf32>
// CHECK: %{{.*}} = memref.alloc(%{{.*}}) : memref<?x8xf32>
// CHECK: %{{.*}} = memref.alloc(%{{.*}}, %{{.*}}) {alignment = 64 : i64} : memref<?x?xf16>
// CHECK: %{{.*}} = memref.alloc(%{{.*}})[%{{.*}}] : memref<?x4xf32, #{{.*}}>
// CHECK: %{{.*}} = memref.alloc() : memref<16x16xf16, 3>
// CHECK: %{{.*}} = memref.alloc() : memref<128x136xf16, #gpu.address_space<workgroup>>
// CHECK: %{{.*}} = memref.alloc() : memref<4xf32, strided<[1], offset: 2>>
// CHECK: %{{.*}} = memref.alloc() : memref<f64>
// CHECK: %{{.*}} = memref.alloc() : memref<2xvector<4xf32>>
// CHECK: %{{.*}} = memref.alloc() : memref<0xi8>
// CHECK: memref.dealloc %{{.*}} : memref<4x8xf32>
// CHECK: memref.dealloc %{{.*}} : memref<?x8xf32>
// CHECK: memref.dealloc %{{.*}} : memref<?x?xf16>
// CHECK: memref.dealloc %{{.*}} : memref<16x16xf16, 3>
// CHECK-LABEL: func @alloca
// CHECK: %{{.*}} = memref.alloca() : memref<4xf32>
// CHECK: %{{.*}} = memref.alloca(%{{.*}}) : memref<?xi32>
// CHECK: %{{.*}} = memref.alloca() {alignment = 16 : i64} : memref<8xf32, 5>
// CHECK: %{{.*}} = memref.alloca() : memref<4xf32, #gpu.address_space<private>>
// CHECK-LABEL: func @realloc
// CHECK: %{{.*}} = memref.realloc %{{.*}} : memref<4xf32> to memref<8xf32>
// CHECK: %{{.*}} = memref.realloc %{{.*}}(%{{.*}}) {alignment = 8 : i64} : memref<8xf32> to memref<?xf32>
// CHECK: %{{.*}} = memref.alloc() : memref<4xf32>
// CHECK-LABEL: func @unranked
// CHECK: memref.dealloc %{{.*}} : memref<*xf32>
// memref.alloc / alloca / dealloc / realloc: dynamic sizes, layout symbols, alignment, memory spaces.
#sym = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>
func.func @alloc(%d: index, %s: index) {
  %0 = memref.alloc() : memref<4x8xf32>
  %1 = memref.alloc(%d) : memref<?x8xf32>
  %2 = memref.alloc(%d, %d) {alignment = 64 : i64} : memref<?x?xf16>
  %3 = memref.alloc(%d)[%s] : memref<?x4xf32, #sym>
  %4 = memref.alloc() : memref<16x16xf16, 3>
  %5 = memref.alloc() : memref<128x136xf16, #gpu.address_space<workgroup>>
  %6 = memref.alloc() : memref<4xf32, strided<[1], offset: 2>>
  %7 = memref.alloc() : memref<f64>
  %8 = memref.alloc() : memref<2xvector<4xf32>>
  %9 = memref.alloc() : memref<0xi8>
  memref.dealloc %0 : memref<4x8xf32>
  memref.dealloc %1 : memref<?x8xf32>
  memref.dealloc %2 : memref<?x?xf16>
  memref.dealloc %4 : memref<16x16xf16, 3>
  return
}

func.func @alloca(%d: index) {
  %0 = memref.alloca() : memref<4xf32>
  %1 = memref.alloca(%d) : memref<?xi32>
  %2 = memref.alloca() {alignment = 16 : i64} : memref<8xf32, 5>
  %3 = memref.alloca() : memref<4xf32, #gpu.address_space<private>>
  return
}

func.func @realloc(%m: memref<4xf32>, %d: index) -> (memref<8xf32>, memref<?xf32>) {
  %0 = memref.realloc %m : memref<4xf32> to memref<8xf32>
  %1 = memref.realloc %0(%d) {alignment = 8 : i64} : memref<8xf32> to memref<?xf32>
  %2 = memref.alloc() : memref<4xf32>
  return %0, %1 : memref<8xf32>, memref<?xf32>
}

func.func @unranked(%m: memref<*xf32>) {
  memref.dealloc %m : memref<*xf32>
  return
}

// -----

// CHECK-LABEL: func @load_store
// CHECK: %{{.*}} = memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x8xf32>
// CHECK: %{{.*}} = memref.load %{{.*}}[%{{.*}}, %{{.*}}] {nontemporal = true} : memref<8x8xf32>
// CHECK: %{{.*}} = memref.load %{{.*}}[] : memref<f32>
// CHECK: %{{.*}} = memref.load %{{.*}}[%{{.*}}] : memref<4xf16, 3>
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x8xf32>
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {nontemporal = true} : memref<8x8xf32>
// CHECK: memref.store %{{.*}}, %{{.*}}[] : memref<f32>
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<4xf16, 3>
// CHECK-LABEL: func @prefetch
// CHECK: memref.prefetch %{{.*}}[%{{.*}}, %{{.*}}], read, locality<3>, data : memref<400x400xi32>
// CHECK: memref.prefetch %{{.*}}[%{{.*}}, %{{.*}}], write, locality<0>, instr : memref<400x400xi32>
// CHECK: memref.prefetch %{{.*}}[%{{.*}}, %{{.*}}], read, locality<1>, instr : memref<400x400xi32>
// CHECK: memref.prefetch %{{.*}}[%{{.*}}, %{{.*}}], write, locality<2>, data : memref<400x400xi32>
// CHECK-LABEL: func @atomics
// CHECK: %{{.*}} = memref.atomic_rmw addf %{{.*}}, %{{.*}}[%{{.*}}] : (f32, memref<10xf32>) -> f32
// CHECK: %{{.*}} = memref.atomic_rmw addi %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<10xi32>) -> i32
// CHECK: %{{.*}} = memref.atomic_rmw assign %{{.*}}, %{{.*}}[%{{.*}}] : (f32, memref<10xf32>) -> f32
// CHECK: %{{.*}} = memref.atomic_rmw maximumf %{{.*}}, %{{.*}}[%{{.*}}] : (f32, memref<10xf32>) -> f32
// CHECK: %{{.*}} = memref.atomic_rmw maxs %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<10xi32>) -> i32
// CHECK: %{{.*}} = memref.atomic_rmw maxu %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<10xi32>) -> i32
// CHECK: %{{.*}} = memref.atomic_rmw minimumf %{{.*}}, %{{.*}}[%{{.*}}] : (f32, memref<10xf32>) -> f32
// CHECK: %{{.*}} = memref.atomic_rmw mins %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<10xi32>) -> i32
// CHECK: %{{.*}} = memref.atomic_rmw minu %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<10xi32>) -> i32
// CHECK: %{{.*}} = memref.atomic_rmw mulf %{{.*}}, %{{.*}}[%{{.*}}] : (f32, memref<10xf32>) -> f32
// CHECK: %{{.*}} = memref.atomic_rmw muli %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<10xi32>) -> i32
// CHECK: %{{.*}} = memref.atomic_rmw ori %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<10xi32>) -> i32
// CHECK: %{{.*}} = memref.atomic_rmw andi %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<10xi32>) -> i32
// CHECK: %{{.*}} = memref.atomic_rmw maxnumf %{{.*}}, %{{.*}}[%{{.*}}] : (f32, memref<10xf32>) -> f32
// CHECK: %{{.*}} = memref.atomic_rmw minnumf %{{.*}}, %{{.*}}[%{{.*}}] : (f32, memref<10xf32>) -> f32
// CHECK: %{{.*}} = memref.atomic_rmw assign %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<10xi32>) -> i32
// memref.load / store (nontemporal), prefetch and atomic_rmw with every kind.
func.func @load_store(%m: memref<8x8xf32>, %z: memref<f32>, %g: memref<4xf16, 3>, %i: index, %j: index, %v: f32) -> f32 {
  %0 = memref.load %m[%i, %j] : memref<8x8xf32>
  %1 = memref.load %m[%i, %j] {nontemporal = true} : memref<8x8xf32>
  %2 = memref.load %z[] : memref<f32>
  %3 = memref.load %g[%i] : memref<4xf16, 3>
  memref.store %v, %m[%i, %j] : memref<8x8xf32>
  memref.store %0, %m[%j, %i] {nontemporal = true} : memref<8x8xf32>
  memref.store %v, %z[] : memref<f32>
  memref.store %3, %g[%j] : memref<4xf16, 3>
  return %2 : f32
}

func.func @prefetch(%m: memref<400x400xi32>, %i: index) {
  memref.prefetch %m[%i, %i], read, locality<3>, data : memref<400x400xi32>
  memref.prefetch %m[%i, %i], write, locality<0>, instr : memref<400x400xi32>
  memref.prefetch %m[%i, %i], read, locality<1>, instr : memref<400x400xi32>
  memref.prefetch %m[%i, %i], write, locality<2>, data : memref<400x400xi32>
  return
}

func.func @atomics(%f: memref<10xf32>, %n: memref<10xi32>, %x: f32, %y: i32, %i: index) {
  %0 = memref.atomic_rmw addf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %1 = memref.atomic_rmw addi %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %2 = memref.atomic_rmw assign %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %3 = memref.atomic_rmw maximumf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %4 = memref.atomic_rmw maxs %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %5 = memref.atomic_rmw maxu %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %6 = memref.atomic_rmw minimumf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %7 = memref.atomic_rmw mins %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %8 = memref.atomic_rmw minu %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %9 = memref.atomic_rmw mulf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %10 = memref.atomic_rmw muli %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %11 = memref.atomic_rmw ori %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %12 = memref.atomic_rmw andi %y, %n[%i] : (i32, memref<10xi32>) -> i32
  %13 = memref.atomic_rmw maxnumf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %14 = memref.atomic_rmw minnumf %x, %f[%i] : (f32, memref<10xf32>) -> f32
  %15 = memref.atomic_rmw assign %y, %n[%i] : (i32, memref<10xi32>) -> i32
  return
}

// -----

// CHECK-LABEL: func @subview
// CHECK: %{{.*}} = memref.subview %{{.*}}[0, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
// CHECK: %{{.*}} = memref.subview %{{.*}}[%{{.*}}, 4] [2, 2] [1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[16, 1], offset: ?>>
// CHECK: %{{.*}} = memref.subview %{{.*}}[2, 3] [4, 4] [2, 3] : memref<8x16xf32> to memref<4x4xf32, strided<[32, 3], offset: 35>>
// CHECK: %{{.*}} = memref.subview %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1] : memref<8x16xf32> to memref<?x?xf32, strided<[16, 1], offset: ?>>
// CHECK: %{{.*}} = memref.subview %{{.*}}[%{{.*}}, %{{.*}}] [4, 4] [%{{.*}}, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1], offset: ?>>
// CHECK: %{{.*}} = memref.subview %{{.*}}[3, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: 48>>
// CHECK: %{{.*}} = memref.subview %{{.*}}[0, %{{.*}}] [8, 1] [1, 1] : memref<8x16xf32> to memref<8xf32, strided<[16], offset: ?>>
// CHECK: %{{.*}} = memref.subview %{{.*}}[%{{.*}}, %{{.*}}] [16, 16] [1, 1] : memref<64x64xf16, strided<[64, 1], offset: ?>, 3> to memref<16x16xf16, strided<[64, 1], offset: ?>, 3>
// CHECK: %{{.*}} = memref.subview %{{.*}}[1, 1] [1, 1] [1, 1] : memref<2x2xf32, strided<[16, 1], offset: ?>> to memref<f32, strided<[], offset: ?>>
// CHECK: %{{.*}} = memref.subview %{{.*}}[0, 0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32>
// memref.subview: static, dynamic and mixed offsets/sizes/strides, strided sources, rank reduction.
func.func @subview(%m: memref<8x16xf32>, %d: memref<?x?xf32>, %s: memref<64x64xf16, strided<[64, 1], offset: ?>, 3>, %i: index, %j: index, %n: index) {
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  %1 = memref.subview %m[%i, 4] [2, 2] [1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[16, 1], offset: ?>>
  %2 = memref.subview %m[2, 3] [4, 4] [2, 3] : memref<8x16xf32> to memref<4x4xf32, strided<[32, 3], offset: 35>>
  %3 = memref.subview %m[%i, %j] [%n, %n] [1, 1] : memref<8x16xf32> to memref<?x?xf32, strided<[16, 1], offset: ?>>
  %4 = memref.subview %d[%i, %j] [4, 4] [%n, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1], offset: ?>>
  %5 = memref.subview %m[3, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: 48>>
  %6 = memref.subview %m[0, %j] [8, 1] [1, 1] : memref<8x16xf32> to memref<8xf32, strided<[16], offset: ?>>
  %7 = memref.subview %s[%i, %j] [16, 16] [1, 1] : memref<64x64xf16, strided<[64, 1], offset: ?>, 3> to memref<16x16xf16, strided<[64, 1], offset: ?>, 3>
  %8 = memref.subview %1[1, 1] [1, 1] [1, 1] : memref<2x2xf32, strided<[16, 1], offset: ?>> to memref<f32, strided<[], offset: ?>>
  %9 = memref.subview %m[0, 0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32>
  return
}

// -----

// CHECK-LABEL: func @casts
// CHECK: %{{.*}} = memref.cast %{{.*}} : memref<8x8xf32> to memref<?x?xf32>
// CHECK: %{{.*}} = memref.cast %{{.*}} : memref<?x?xf32> to memref<8x?xf32>
// CHECK: %{{.*}} = memref.cast %{{.*}} : memref<8x8xf32> to memref<*xf32>
// CHECK: %{{.*}} = memref.cast %{{.*}} : memref<*xf32> to memref<4xf32>
// CHECK: %{{.*}} = memref.cast %{{.*}} : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
// CHECK: %{{.*}} = memref.memory_space_cast %{{.*}} : memref<4xf32, 3> to memref<4xf32>
// CHECK: %{{.*}} = memref.memory_space_cast %{{.*}} : memref<4xf32> to memref<4xf32, #gpu.address_space<global>>
// CHECK: %{{.*}} = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [%{{.*}}, 4], strides: [4, 1] : memref<8x8xf32> to memref<?x4xf32>
// CHECK: %{{.*}} = memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [64], strides: [1] : memref<8x8xf32> to memref<64xf32, strided<[1], offset: ?>>
// CHECK: %{{.*}} = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<*xf32> to memref<2x2xf32>
// CHECK: %{{.*}} = memref.reinterpret_cast %{{.*}} to offset: [4], sizes: [4, %{{.*}}], strides: [%{{.*}}, 1] : memref<8x8xf32> to memref<4x?xf32, strided<[?, 1], offset: 4>>
// CHECK: %{{.*}} = memref.memory_space_cast %{{.*}} : memref<*xf32> to memref<*xf32, 1>
// memref.cast (ranked/unranked, layouts), memory_space_cast and reinterpret_cast.
func.func @casts(%m: memref<8x8xf32>, %u: memref<*xf32>, %l: memref<4x4xf32, strided<[8, 1], offset: 2>>, %g: memref<4xf32, 3>, %d: index) {
  %0 = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>
  %1 = memref.cast %0 : memref<?x?xf32> to memref<8x?xf32>
  %2 = memref.cast %m : memref<8x8xf32> to memref<*xf32>
  %3 = memref.cast %u : memref<*xf32> to memref<4xf32>
  %4 = memref.cast %l : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
  %5 = memref.memory_space_cast %g : memref<4xf32, 3> to memref<4xf32>
  %6 = memref.memory_space_cast %5 : memref<4xf32> to memref<4xf32, #gpu.address_space<global>>
  %7 = memref.reinterpret_cast %m to offset: [0], sizes: [%d, 4], strides: [4, 1] : memref<8x8xf32> to memref<?x4xf32>
  %8 = memref.reinterpret_cast %m to offset: [%d], sizes: [64], strides: [1] : memref<8x8xf32> to memref<64xf32, strided<[1], offset: ?>>
  %9 = memref.reinterpret_cast %u to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<*xf32> to memref<2x2xf32>
  %10 = memref.reinterpret_cast %m to offset: [4], sizes: [4, %d], strides: [%d, 1] : memref<8x8xf32> to memref<4x?xf32, strided<[?, 1], offset: 4>>
  %11 = memref.memory_space_cast %u : memref<*xf32> to memref<*xf32, 1>
  return
}

// -----

// CHECK-LABEL: func @reshape
// CHECK: %{{.*}} = memref.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [2, 4, 8] : memref<8x8xf32> into memref<2x4x8xf32>
// CHECK: %{{.*}} = memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : memref<2x4x8xf32> into memref<8x8xf32>
// CHECK: %{{.*}} = memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<8x8xf32> into memref<64xf32>
// CHECK: %{{.*}} = memref.expand_shape %{{.*}} {{\[\[}}0], [1, 2]] output_shape [8, 2, 4] : memref<8x8xf32, strided<[16, 1], offset: ?>> into memref<8x2x4xf32, strided<[16, 4, 1], offset: ?>>
// CHECK: %{{.*}} = memref.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : memref<8x2x4xf32, strided<[16, 4, 1], offset: ?>> into memref<8x8xf32, strided<[16, 1], offset: ?>>
// CHECK: %{{.*}} = memref.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [%{{.*}}, 4, 8] : memref<?x8xf32> into memref<?x4x8xf32>
// CHECK: %{{.*}} = memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2]] : memref<?x4x8xf32> into memref<?xf32>
// CHECK: %{{.*}} = memref.alloc() : memref<f32>
// CHECK: %{{.*}} = memref.expand_shape %{{.*}} [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
// CHECK: %{{.*}} = memref.collapse_shape %{{.*}} [] : memref<1x1xf32> into memref<f32>
// CHECK: %{{.*}} = memref.alloc() : memref<2048xi8>
// CHECK: %{{.*}} = memref.view %{{.*}}[%{{.*}}][] : memref<2048xi8> to memref<16x4xf32>
// CHECK: %{{.*}} = memref.view %{{.*}}[%{{.*}}][%{{.*}}] : memref<2048xi8> to memref<?x4xf16>
// CHECK: %{{.*}} = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<8x8xf32> to memref<8x8xf32, #{{.*}}>
// CHECK: %{{.*}} = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<?x8xf32> to memref<8x?xf32, #{{.*}}>
// memref.expand_shape (output_shape), collapse_shape, view and transpose.
func.func @reshape(%m: memref<8x8xf32>, %s: memref<8x8xf32, strided<[16, 1], offset: ?>>, %d: memref<?x8xf32>, %n: index, %c0: index) {
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 8] : memref<8x8xf32> into memref<2x4x8xf32>
  %1 = memref.collapse_shape %0 [[0, 1], [2]] : memref<2x4x8xf32> into memref<8x8xf32>
  %2 = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  %3 = memref.expand_shape %s [[0], [1, 2]] output_shape [8, 2, 4] : memref<8x8xf32, strided<[16, 1], offset: ?>> into memref<8x2x4xf32, strided<[16, 4, 1], offset: ?>>
  %4 = memref.collapse_shape %3 [[0], [1, 2]] : memref<8x2x4xf32, strided<[16, 4, 1], offset: ?>> into memref<8x8xf32, strided<[16, 1], offset: ?>>
  %5 = memref.expand_shape %d [[0, 1], [2]] output_shape [%n, 4, 8] : memref<?x8xf32> into memref<?x4x8xf32>
  %6 = memref.collapse_shape %5 [[0, 1, 2]] : memref<?x4x8xf32> into memref<?xf32>
  %z = memref.alloc() : memref<f32>
  %7 = memref.expand_shape %z [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  %8 = memref.collapse_shape %7 [] : memref<1x1xf32> into memref<f32>
  %buf = memref.alloc() : memref<2048xi8>
  %9 = memref.view %buf[%c0][] : memref<2048xi8> to memref<16x4xf32>
  %10 = memref.view %buf[%c0][%n] : memref<2048xi8> to memref<?x4xf16>
  %11 = memref.transpose %m (i, j) -> (j, i) : memref<8x8xf32> to memref<8x8xf32, affine_map<(d0, d1) -> (d1 * 8 + d0)>>
  %12 = memref.transpose %d (d0, d1) -> (d1, d0) : memref<?x8xf32> to memref<8x?xf32, affine_map<(d0, d1) -> (d0 + d1 * 8)>>
  return
}

// -----

// CHECK-LABEL: func @metadata
// CHECK: %{{.*}} = memref.dim %{{.*}}, %{{.*}} : memref<8x?xf32>
// CHECK: %{{.*}} = memref.dim %{{.*}}, %{{.*}} : memref<8x?xf32>
// CHECK: %{{.*}} = memref.dim %{{.*}}, %{{.*}} : memref<*xf32>
// CHECK: %{{.*}} = memref.rank %{{.*}} : memref<8x?xf32>
// CHECK: %{{.*}} = memref.rank %{{.*}} : memref<*xf32>
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %{{.*}} : memref<8x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %{{.*}} : memref<4x4xf16, strided<[?, 1], offset: ?>, 3> -> memref<f16, 3>, index, index, index, index, index
// CHECK: %{{.*}}, %{{.*}} = memref.extract_strided_metadata %{{.*}} : memref<f32> -> memref<f32>, index
// CHECK: %{{.*}} = memref.extract_aligned_pointer_as_index %{{.*}} : memref<8x?xf32> -> index
// CHECK: %{{.*}} = memref.extract_aligned_pointer_as_index %{{.*}} : memref<*xf32> -> index
// CHECK: memref.assume_alignment %{{.*}}, 16 : memref<8x?xf32>
// CHECK: memref.assume_alignment %{{.*}}, 64 : memref<4x4xf16, strided<[?, 1], offset: ?>, 3>
// CHECK-LABEL: func @copy
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<8x8xf32> to memref<8x8xf32>
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<8x8xf32> to memref<?x8xf32>
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<*xf32> to memref<*xf32>
// memref.dim, rank, extract_strided_metadata, extract_aligned_pointer_as_index, assume_alignment and copy.
func.func @metadata(%m: memref<8x?xf32>, %u: memref<*xf32>, %s: memref<4x4xf16, strided<[?, 1], offset: ?>, 3>, %z: memref<f32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.dim %m, %c0 : memref<8x?xf32>
  %1 = memref.dim %m, %c1 : memref<8x?xf32>
  %2 = memref.dim %u, %c1 : memref<*xf32>
  %3 = memref.rank %m : memref<8x?xf32>
  %4 = memref.rank %u : memref<*xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x?xf32> -> memref<f32>, index, index, index, index, index
  %b2, %o2, %sz2:2, %st2:2 = memref.extract_strided_metadata %s : memref<4x4xf16, strided<[?, 1], offset: ?>, 3> -> memref<f16, 3>, index, index, index, index, index
  %b3, %o3 = memref.extract_strided_metadata %z : memref<f32> -> memref<f32>, index
  %5 = memref.extract_aligned_pointer_as_index %m : memref<8x?xf32> -> index
  %6 = memref.extract_aligned_pointer_as_index %u : memref<*xf32> -> index
  memref.assume_alignment %m, 16 : memref<8x?xf32>
  memref.assume_alignment %s, 64 : memref<4x4xf16, strided<[?, 1], offset: ?>, 3>
  return %5 : index
}

func.func @copy(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<?x8xf32>, %u: memref<*xf32>, %v: memref<*xf32>) {
  memref.copy %a, %b : memref<8x8xf32> to memref<8x8xf32>
  memref.copy %a, %c : memref<8x8xf32> to memref<?x8xf32>
  memref.copy %u, %v : memref<*xf32> to memref<*xf32>
  return
}

// -----

// CHECK-LABEL: func @generic_atomic
// CHECK: %{{.*}} = memref.generic_atomic_rmw %{{.*}}[%{{.*}}] : memref<10xf32> {
// CHECK: memref.atomic_yield %{{.*}} : f32
// CHECK: %{{.*}} = memref.generic_atomic_rmw %{{.*}}[%{{.*}}, %{{.*}}] : memref<4x4xi32> {
// CHECK: memref.atomic_yield %{{.*}} : i32
// CHECK-LABEL: func @scopes
// CHECK: memref.alloca_scope  {
// CHECK: %{{.*}} = memref.alloca() : memref<4xf32>
// CHECK: %{{.*}} = memref.alloca_scope  -> (f32) {
// CHECK: %{{.*}} = memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloca_scope.return %{{.*}} : f32
// CHECK: %{{.*}}:2 = memref.alloca_scope  -> (f32, index) {
// CHECK: memref.alloca_scope.return %{{.*}}, %{{.*}} : f32, index
// CHECK: memref.alloca_scope  {
// memref.generic_atomic_rmw with atomic_yield, and alloca_scope with and without results.
func.func @generic_atomic(%m: memref<10xf32>, %n: memref<4x4xi32>, %v: f32, %i: index) -> f32 {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur: f32):
    %x = arith.addf %cur, %v : f32
    memref.atomic_yield %x : f32
  }
  %1 = memref.generic_atomic_rmw %n[%i, %i] : memref<4x4xi32> {
  ^bb0(%cur: i32):
    %c1 = arith.constant 1 : i32
    %x = arith.addi %cur, %c1 : i32
    memref.atomic_yield %x : i32
  }
  return %0 : f32
}

func.func @scopes(%v: f32, %d: index) -> f32 {
  memref.alloca_scope {
    %a = memref.alloca() : memref<4xf32>
  }
  %0 = memref.alloca_scope -> (f32) {
    %a = memref.alloca(%d) : memref<?xf32>
    memref.alloca_scope.return %v : f32
  }
  %1:2 = memref.alloca_scope -> (f32, index) {
    memref.alloca_scope.return %v, %d : f32, index
  }
  memref.alloca_scope {
    memref.alloca_scope.return
  } {tag = "explicit"}
  return %0 : f32
}
