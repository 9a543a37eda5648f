// RUN: goopt opt %s --split-input-file | FileCheck %s
// RUN: goopt opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Memory ops print as MLIR 19 does; the transfer ops elide a minor-identity
// permutation map and an all-false in_bounds, which the generic form keeps.
// CHECK-LABEL: func.func @memory
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x8xf32>, vector<4xf32>
// CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x8xf32>, vector<4xf32>
// CHECK: vector.maskedload %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<8xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK: vector.maskedstore %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : memref<8xf32>, vector<4xi1>, vector<4xf32>
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : memref<8x8xf32>, vector<4xf32>
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} {in_bounds = [true, false], permutation_map = #{{.*}}} : memref<8x8xf32>, vector<4x2xf32>
// CHECK: vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {in_bounds = [true]} : vector<4xf32>, memref<8x8xf32>
// GENERIC-LABEL: "func.func"
// GENERIC: "vector.transfer_read"({{.*}}) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #{{.*}}}>
// GENERIC: "vector.transfer_read"({{.*}}) <{in_bounds = [true, false], operandSegmentSizes = array<i32: 1, 2, 1, 1>, permutation_map = #{{.*}}}>
func.func @memory(%m: memref<8x8xf32>, %l: memref<8xf32>, %i: index, %k: vector<4xi1>, %k2: vector<2x4xi1>, %v: vector<4xf32>, %f: f32) {
  %0 = vector.load %m[%i, %i] : memref<8x8xf32>, vector<4xf32>
  vector.store %0, %m[%i, %i] : memref<8x8xf32>, vector<4xf32>
  %1 = vector.maskedload %l[%i], %k, %v : memref<8xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %l[%i], %k, %1 : memref<8xf32>, vector<4xi1>, vector<4xf32>
  %2 = vector.transfer_read %m[%i, %i], %f : memref<8x8xf32>, vector<4xf32>
  %3 = vector.transfer_read %m[%i, %i], %f, %k2 {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<8x8xf32>, vector<4x2xf32>
  vector.transfer_write %2, %m[%i, %i] {in_bounds = [true]} : vector<4xf32>, memref<8x8xf32>
  return
}

// -----

// Shape ops; extract's position prints glued to the vector, insert's after a space.
// CHECK-LABEL: func.func @shapes
// CHECK: vector.broadcast %{{.*}} : f32 to vector<4x4xf32>
// CHECK: vector.splat %{{.*}} : vector<4xf32>
// CHECK: vector.extract %{{.*}}[1, %{{.*}}] : f32 from vector<4x8xf32>
// CHECK: vector.insert %{{.*}}, %{{.*}} [1, 2] : f32 into vector<4x8xf32>
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [1, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
// CHECK: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [0, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
// CHECK: vector.shape_cast %{{.*}} : vector<4x8xf32> to vector<32xf32>
// CHECK: vector.bitcast %{{.*}} : vector<4x8xf32> to vector<4x16xf16>
// GENERIC: "vector.extract"(%{{.*}}, %{{.*}}) <{static_position = array<i64: 1, -9223372036854775808>}>
func.func @shapes(%a: vector<4x8xf32>, %s: f32, %i: index) {
  %0 = vector.broadcast %s : f32 to vector<4x4xf32>
  %1 = vector.splat %s : vector<4xf32>
  %2 = vector.extract %a[1, %i] : f32 from vector<4x8xf32>
  %3 = vector.insert %s, %a[1, 2] : f32 into vector<4x8xf32>
  %4 = vector.extract_strided_slice %a {offsets = [1, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %5 = vector.insert_strided_slice %4, %a {offsets = [0, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  %6 = vector.shape_cast %a : vector<4x8xf32> to vector<32xf32>
  %7 = vector.bitcast %a : vector<4x8xf32> to vector<4x16xf16>
  return
}

// -----

// Arithmetic, masks and print; reduction's default fastmath and contract's
// iterator types (strings in the custom form, #vector.iterator_type in the generic one).
// CHECK-LABEL: func.func @compute
// CHECK: vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: vector.reduction <add>, %{{.*}} : vector<4xf32> into f32
// CHECK: vector.reduction <maxnumf>, %{{.*}}, %{{.*}} fastmath<fast> : vector<4xf32> into f32
// CHECK: vector.contract {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %{{.*}}, %{{.*}}, %{{.*}} : vector<4x8xf16>, vector<8x4xf16> into vector<4x4xf32>
// CHECK: vector.create_mask %{{.*}}, %{{.*}} : vector<4x3xi1>
// CHECK: vector.constant_mask [3, 2] : vector<4x3xi1>
// CHECK: vector.print %{{.*}} : vector<4xf32>
// CHECK: vector.print punctuation <comma>
// CHECK: vector.print str "hello"
// GENERIC: "vector.reduction"(%{{.*}}) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}>
// GENERIC: iterator_types = [#vector.iterator_type<parallel>, #vector.iterator_type<parallel>, #vector.iterator_type<reduction>], kind = #vector.kind<add>
// GENERIC: "vector.print"(%{{.*}}) <{punctuation = #vector.punctuation<newline>}>
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @compute(%v: vector<4xf32>, %s: f32, %a: vector<4x8xf16>, %b: vector<8x4xf16>, %c: vector<4x4xf32>, %i: index) {
  %0 = vector.fma %v, %v, %v : vector<4xf32>
  %1 = vector.reduction <add>, %v : vector<4xf32> into f32
  %2 = vector.reduction <maxnumf>, %v, %s fastmath<fast> : vector<4xf32> into f32
  %3 = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf16>, vector<8x4xf16> into vector<4x4xf32>
  %4 = vector.create_mask %i, %i : vector<4x3xi1>
  %5 = vector.constant_mask [3, 2] : vector<4x3xi1>
  vector.print %v : vector<4xf32>
  vector.print punctuation <comma>
  vector.print str "hello"
  return
}
