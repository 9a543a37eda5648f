// RUN: goopt opt %s --split-input-file --verify-diagnostics

// Every verifier message of the vector dialect, one case each, in
// mlir-opt-19's words: mlir-opt-19 --verify-diagnostics accepts this file
// except that it adds a second error, "failed to infer returned types",
// after the vector.extract result-type mismatch.
func.func @f(%m: memref<8xf32>, %i: index) {
  // expected-error @+1 {{requires 1 indices}}
  %0 = vector.load %m[%i, %i] : memref<8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>, %i: index) {
  // expected-error @+1 {{base and result element types should match}}
  %0 = vector.load %m[%i] : memref<8xf32>, vector<4xf16>
  return
}

// -----

func.func @f(%m: memref<8xf32, strided<[2]>>, %i: index) {
  // expected-error @+1 {{most minor memref dim must have unit stride}}
  %0 = vector.load %m[%i] : memref<8xf32, strided<[2]>>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8xvector<4xf32>>, %i: index) {
  // expected-error @+1 {{base memref and result vector types should match}}
  %0 = vector.load %m[%i] : memref<8xvector<4xf32>>, vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>, %i: index, %v: vector<4xf16>) {
  // expected-error @+1 {{base and valueToStore element type should match}}
  vector.store %v, %m[%i] : memref<8xf32>, vector<4xf16>
  return
}

// -----

func.func @f(%m: memref<8xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @+1 {{requires 1 indices}}
  vector.store %v, %m[] : memref<8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8xvector<4xf32>>, %i: index, %v: vector<8xf32>) {
  // expected-error @+1 {{base memref and valueToStore vector types should match}}
  vector.store %v, %m[%i] : memref<8xvector<4xf32>>, vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>, %i: index, %k: vector<4xi1>, %p: vector<4xf16>) {
  // expected-error @+1 {{base and result element type should match}}
  %0 = vector.maskedload %m[%i], %k, %p : memref<8xf32>, vector<4xi1>, vector<4xf16> into vector<4xf16>
  return
}

// -----

func.func @f(%m: memref<8xf32>, %i: index, %k: vector<4xi1>, %p: vector<4xf32>) {
  // expected-error @+1 {{requires 1 indices}}
  %0 = vector.maskedload %m[%i, %i], %k, %p : memref<8xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>, %i: index, %k: vector<2xi1>, %p: vector<4xf32>) {
  // expected-error @+1 {{expected result dim to match mask dim}}
  %0 = vector.maskedload %m[%i], %k, %p : memref<8xf32>, vector<2xi1>, vector<4xf32> into vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>, %i: index, %k: vector<4xi1>, %p: vector<8xf32>) {
  // expected-error @+1 {{expected pass_thru of same type as result type}}
  %0 = vector.maskedload %m[%i], %k, %p : memref<8xf32>, vector<4xi1>, vector<8xf32> into vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>, %i: index, %k: vector<4xi1>, %p: vector<4xf16>) {
  // expected-error @+1 {{base and valueToStore element type should match}}
  vector.maskedstore %m[%i], %k, %p : memref<8xf32>, vector<4xi1>, vector<4xf16>
  return
}

// -----

func.func @f(%m: memref<8xf32>, %i: index, %k: vector<4xi1>, %p: vector<4xf32>) {
  // expected-error @+1 {{requires 1 indices}}
  vector.maskedstore %m[%i, %i], %k, %p : memref<8xf32>, vector<4xi1>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>, %i: index, %k: vector<2xi1>, %p: vector<4xf32>) {
  // expected-error @+1 {{expected valueToStore dim to match mask dim}}
  vector.maskedstore %m[%i], %k, %p : memref<8xf32>, vector<2xi1>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{requires 2 indices}}
  %0 = vector.transfer_read %m[%i], %f : memref<8x8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{requires a permutation_map with input dims of the same rank as the source type}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0) -> (d0)>} : memref<8x8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{requires a permutation_map with result dims of the same rank as the vector type}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0 + d1)>} : memref<8x8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{requires a permutation_map that is a permutation (found one dim used more than once)}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : memref<8x8xf32>, vector<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2}}
  %0 = vector.transfer_read %m[%i, %i], %f {in_bounds = [true, false]} : memref<8x8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type}}
  %0 = vector.transfer_read %m[%i, %i], %f : memref<8x8xf32>, vector<3xf16>
  return
}

// -----

func.func @f(%m: memref<8x8xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @+1 {{requires 2 indices}}
  vector.transfer_write %v, %m[%i] : vector<4xf32>, memref<8x8xf32>
  return
}

// -----

func.func @f(%s: vector<4x4xf32>) {
  // expected-error @+1 {{source rank higher than destination rank}}
  %0 = vector.broadcast %s : vector<4x4xf32> to vector<4xf32>
  return
}

// -----

func.func @f(%s: vector<3xf32>) {
  // expected-error @+1 {{dimension mismatch (3 vs. 4)}}
  %0 = vector.broadcast %s : vector<3xf32> to vector<2x4xf32>
  return
}

// -----

func.func @f(%s: f32) {
  // expected-error @+1 {{source operand and result have same element type}}
  %0 = vector.broadcast %s : f32 to vector<4xf16>
  return
}

// -----

func.func @f(%s: f32) {
  // expected-error @+1 {{operand type matches element type of result}}
  %0 = "vector.splat"(%s) : (f32) -> vector<4xf16>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{expected position attribute of rank no greater than vector rank}}
  %0 = vector.extract %v[1, 2, 3] : f32 from vector<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{expected position attribute #2 to be a non-negative integer smaller than the corresponding vector dimension}}
  %0 = vector.extract %v[1, 9] : f32 from vector<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{inferred type(s) 'vector<8xf32>' are incompatible with return type(s) of operation 'f32'}}
  %0 = vector.extract %v[1] : f32 from vector<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>, %s: f32) {
  // expected-error @+1 {{expected position attribute of rank no greater than dest vector rank}}
  %0 = vector.insert %s, %v[1, 2, 3] : f32 into vector<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>, %s: vector<8xf32>) {
  // expected-error @+1 {{expected position attribute rank + source rank to match dest vector rank}}
  %0 = vector.insert %s, %v[1, 2] : vector<8xf32> into vector<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>, %s: f32) {
  // expected-error @+1 {{expected position attribute rank to match the dest vector rank}}
  %0 = vector.insert %s, %v[1] : f32 into vector<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>, %s: f32) {
  // expected-error @+1 {{expected position attribute #1 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %0 = vector.insert %s, %v[4, 0] : f32 into vector<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{expected offsets, sizes and strides attributes of same size}}
  %0 = vector.extract_strided_slice %v {offsets = [1], sizes = [2, 2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{expected offsets attribute of rank no greater than vector rank}}
  %0 = vector.extract_strided_slice %v {offsets = [1, 1, 1], sizes = [1, 1, 1], strides = [1, 1, 1]} : vector<4x8xf32> to vector<1x1xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{expected offsets dimension 0 to be confined to [0, 4)}}
  %0 = vector.extract_strided_slice %v {offsets = [4], sizes = [1], strides = [1]} : vector<4x8xf32> to vector<1x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{expected sizes dimension 0 to be confined to [1, 5)}}
  %0 = vector.extract_strided_slice %v {offsets = [0], sizes = [5], strides = [1]} : vector<4x8xf32> to vector<5x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{expected strides to be confined to [1, 2)}}
  %0 = vector.extract_strided_slice %v {offsets = [0], sizes = [1], strides = [2]} : vector<4x8xf32> to vector<1x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{expected sum(offsets, sizes) dimension 0 to be confined to [1, 5)}}
  %0 = vector.extract_strided_slice %v {offsets = [2], sizes = [3], strides = [1]} : vector<4x8xf32> to vector<3x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{expected result type to be 'vector<2x8xf32>'}}
  %0 = vector.extract_strided_slice %v {offsets = [1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>, %s: vector<2xf32>) {
  // expected-error @+1 {{expected offsets of same size as destination vector rank}}
  %0 = vector.insert_strided_slice %s, %v {offsets = [1], strides = [1]} : vector<2xf32> into vector<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>, %s: vector<2xf32>) {
  // expected-error @+1 {{expected strides of same size as source vector rank}}
  %0 = vector.insert_strided_slice %s, %v {offsets = [1, 1], strides = [1, 1]} : vector<2xf32> into vector<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<8xf32>, %s: vector<2x2xf32>) {
  // expected-error @+1 {{expected source rank to be no greater than destination rank}}
  %0 = vector.insert_strided_slice %s, %v {offsets = [1], strides = [1, 1]} : vector<2x2xf32> into vector<8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>, %s: vector<2xf32>) {
  // expected-error @+1 {{expected offsets dimension 1 to be confined to [0, 8)}}
  %0 = vector.insert_strided_slice %s, %v {offsets = [1, 8], strides = [1]} : vector<2xf32> into vector<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>, %s: vector<2xf32>) {
  // expected-error @+1 {{expected strides to be confined to [1, 2)}}
  %0 = vector.insert_strided_slice %s, %v {offsets = [1, 1], strides = [3]} : vector<2xf32> into vector<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>, %s: vector<2xf32>) {
  // expected-error @+1 {{expected sum(offsets, source vector shape) dimension 1 to be confined to [1, 9)}}
  %0 = vector.insert_strided_slice %s, %v {offsets = [1, 7], strides = [1]} : vector<2xf32> into vector<4x8xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{source/result vectors must have same element type}}
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<32xf16>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{source/result number of elements must match}}
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<16xf32>
  return
}

// -----

func.func @f(%v: vector<4x6xf32>) {
  // expected-error @+1 {{invalid shape cast}}
  %0 = vector.shape_cast %v : vector<4x6xf32> to vector<3x8x1xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{dimension size mismatch at: 0}}
  %0 = vector.bitcast %v : vector<4x8xf32> to vector<2x16xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %v : vector<4x8xf32> to vector<4x8xf16>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>) {
  // expected-error @+1 {{all of {source, result} have same rank}}
  %0 = vector.bitcast %v : vector<4x8xf32> to vector<32xf32>
  return
}

// -----

func.func @f(%v: vector<4xf32>, %w: vector<4xf16>) {
  // expected-error @+1 {{all of {lhs, rhs, acc, result} have same type}}
  %0 = "vector.fma"(%v, %v, %w) : (vector<4xf32>, vector<4xf32>, vector<4xf16>) -> vector<4xf32>
  return
}

// -----

func.func @f(%v: vector<4x4xf32>) {
  // expected-error @+1 {{unsupported reduction rank: 2}}
  %0 = vector.reduction <add>, %v : vector<4x4xf32> into f32
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error @+1 {{unsupported reduction type ''f32'' for kind 'xor'}}
  %0 = vector.reduction <xor>, %v : vector<4xf32> into f32
  return
}

// -----

func.func @f(%v: vector<4xi32>) {
  // expected-error @+1 {{unsupported reduction type ''i32'' for kind 'maximumf'}}
  %0 = vector.reduction <maximumf>, %v : vector<4xi32> into i32
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error @+1 {{source operand and result have same element type}}
  %0 = vector.reduction <add>, %v : vector<4xf32> into f16
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{must specify an operand for each result vector dimension}}
  %0 = vector.create_mask %i : vector<4x3xi1>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{must specify array attr of size equal vector result rank}}
  %0 = vector.constant_mask [3] : vector<4x3xi1>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{array attr of size out of bounds of vector result dimension size}}
  %0 = vector.constant_mask [5, 1] : vector<4x3xi1>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim}}
  %0 = vector.constant_mask [0, 2] : vector<4x3xi1>
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#mn2 = affine_map<(m, n) -> (m, n)>
#sym = affine_map<(m, n, k)[s] -> (m, k)>
func.func @f(%a: vector<4x8xf32>, %b: vector<8x4xf32>, %c: vector<4x4xf32>) {
  // expected-error @+1 {{expected an indexing map for each vector operand}}
  %0 = vector.contract {indexing_maps = [#mk, #kn], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#mn2 = affine_map<(m, n) -> (m, n)>
#sym = affine_map<(m, n, k)[s] -> (m, k)>
func.func @f(%a: vector<4x8xf32>, %b: vector<8x4xf32>, %c: vector<4x4xf32>) {
  // expected-error @+1 {{expected indexing map 0 to have no symbols}}
  %0 = vector.contract {indexing_maps = [#sym, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#mn2 = affine_map<(m, n) -> (m, n)>
#sym = affine_map<(m, n, k)[s] -> (m, k)>
func.func @f(%a: vector<4x8xf32>, %b: vector<8x4xf32>, %c: vector<4x4xf32>) {
  // expected-error @+1 {{expected indexing map 2 to have 3 number of inputs}}
  %0 = vector.contract {indexing_maps = [#mk, #kn, #mn2], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#mn2 = affine_map<(m, n) -> (m, n)>
#sym = affine_map<(m, n, k)[s] -> (m, k)>
func.func @f(%a: vector<4x8xf32>, %b: vector<8x4xf32>, %c: vector<4xf32>) {
  // expected-error @+1 {{expected indexing map 2 to have 1 number of outputs}}
  %0 = vector.contract {indexing_maps = [#mk, #kn, #mk], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<8x4xf32> into vector<4xf32>
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#mn2 = affine_map<(m, n) -> (m, n)>
#sym = affine_map<(m, n, k)[s] -> (m, k)>
func.func @f(%a: vector<4x8xf32>, %b: vector<6x4xf32>, %c: vector<4x4xf32>) {
  // expected-error @+1 {{invalid contracting dimension map}}
  %0 = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<6x4xf32> into vector<4x4xf32>
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#mn2 = affine_map<(m, n) -> (m, n)>
#sym = affine_map<(m, n, k)[s] -> (m, k)>
func.func @f(%a: vector<4x8xf32>, %b: vector<8x4xf32>, %c: vector<4x5xf32>) {
  // expected-error @+1 {{invalid accumulator/result vector shape}}
  %0 = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<8x4xf32> into vector<4x5xf32>
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#mn2 = affine_map<(m, n) -> (m, n)>
#sym = affine_map<(m, n, k)[s] -> (m, k)>
func.func @f(%a: vector<4x8xf32>, %b: vector<8x4xf32>, %c: vector<4x4xf32>) {
  // expected-error @+1 {{expected at least one contracting dimension pair}}
  %0 = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "parallel"]} %a, %b, %c : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#mn2 = affine_map<(m, n) -> (m, n)>
#sym = affine_map<(m, n, k)[s] -> (m, k)>
func.func @f(%a: vector<4x8xf32>, %b: vector<8x4xf32>, %c: vector<4x4xf32>) {
  // expected-error @+1 {{unsupported contraction type}}
  %0 = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<xor>} %a, %b, %c : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>
  return
}

// -----

func.func @f(%v: vector<4x8xf32>, %i: index) {
  // expected-error @+1 {{mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite}}
  %0 = "vector.extract"(%v, %i) <{static_position = array<i64: 1, 2>}> : (vector<4x8xf32>, index) -> f32
  return
}
