// RUN: goopt opt %s --split-input-file --verify-diagnostics

func.func @a(%d: index) {
  // expected-error @+1 {{dimension operand count does not equal memref dynamic dimension count}}
  %0 = memref.alloc() : memref<?xf32>
  return
}

// -----

func.func @a(%d: index) {
  // expected-error @+1 {{dimension operand count does not equal memref dynamic dimension count}}
  %0 = memref.alloc(%d, %d) : memref<?xf32>
  return
}

// -----

func.func @a(%d: index) {
  // expected-error @+1 {{symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %0 = memref.alloc()[%d] : memref<4xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{incorrect number of indices for load, expected 1 but got 2}}
  %0 = memref.load %m[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{store index operand count not equal to memref rank}}
  memref.store %v, %m[] : memref<4xf32>
  return
}

// -----

// expected-error @+1 {{type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global "private" @g : memref<?xf32>

// -----

// expected-error @+1 {{alignment attribute value 3 is not a power of 2}}
memref.global "private" @g : memref<4xf32> {alignment = 3 : i64}

// -----

memref.global "private" @g : memref<4xf32>
func.func @a() {
  // expected-error @+1 {{result type 'memref<3xf32>' does not match type 'memref<4xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<3xf32>
  return
}

// -----

func.func @a() {
  // expected-error @+1 {{'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<3xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  // expected-error @+1 {{operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  // expected-error @+1 {{operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout) }}
  %0 = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xf32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[0] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xf32, strided<[8, 1]>>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes) }}
  %0 = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x3xf32, strided<[8, 1]>>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result element type to be 'f32'}}
  %0 = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xi32, strided<[8, 1]>>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout) }}
  %0 = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xf32, strided<[8, 1], offset: 2>>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>) {
  // expected-error @+1 {{different memory spaces specified for base memref type 'memref<8x8xf32>' and subview memref type 'memref<2x2xf32, strided<[8, 1]>, 3>'}}
  %0 = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xf32, strided<[8, 1]>, 3>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.dim %m, %c0 : memref<8x8xf32>
  // expected-error @+1 {{invalid number of reassociation groups: found 1, expected 2}}
  %1 = memref.expand_shape %m [[0, 1]] output_shape [2, 4, 8] : memref<8x8xf32> into memref<2x4x8xf32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>) {
  // expected-error @+1 {{collapsed dim size (8) must equal reassociation group size (6)}}
  %1 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 3, 8] : memref<8x8xf32> into memref<2x3x8xf32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>) {
  // expected-error @+1 {{collapsed dim size (8) must equal reassociation group size (64)}}
  %1 = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<8xf32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>) {
  // expected-error @+1 {{invalid number of reassociation groups: found 2, expected 1}}
  %1 = memref.collapse_shape %m [[0], [1]] : memref<8x8xf32> into memref<64xf32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{with kind 'addi' expects an integer type}}
  %1 = memref.atomic_rmw addi %v, %m[%i, %i] : (f32, memref<8x8xf32>) -> f32
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{expects the number of subscripts to be equal to memref rank}}
  %1 = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<8x8xf32>) -> f32
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %m[%i, %i] : memref<8x8xf32> {
  ^bb0(%cur: f32):
    // expected-error @+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
    memref.store %cur, %m[%i, %i] : memref<8x8xf32>
    memref.atomic_yield %cur : f32
  }
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %i: index, %x: i32) {
  %0 = memref.generic_atomic_rmw %m[%i, %i] : memref<8x8xf32> {
  ^bb0(%cur: f32):
    // expected-error @+1 {{types mismatch between yield op: 'i32' and its parent: 'f32'}}
    memref.atomic_yield %x : i32
  }
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{too few indices}}
  memref.prefetch %m[%i], read, locality<3>, data : memref<8x8xf32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  memref.prefetch %m[%i, %i], read, locality<5>, data : memref<8x8xf32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{result type 'memref<8x8xf32>' is not equivalent to the canonical transposed input type 'memref<8x8xf32, affine_map<(d0, d1) -> (d0 + d1 * 8)>>'}}
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<8x8xf32> to memref<8x8xf32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected a permutation map}}
  %0 = memref.transpose %m (i, j) -> (j, i, i) : memref<8x8xf32> to memref<8x8xf32>
  return
}

// -----

func.func @a(%m: memref<8x8xf32>) {
  // expected-error @+1 {{alignment must be power of 2}}
  memref.assume_alignment %m, 3 : memref<8x8xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>, %d: index) {
  // expected-error @+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<?xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>, %d: index) {
  // expected-error @+1 {{unnecessary dimension operand for result type 'memref<8xf32>'}}
  %0 = memref.realloc %m(%d) : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32, strided<[2]>>, %d: index) {
  // expected-error @+1 {{unsupported layout for source memref type 'memref<4xf32, strided<[2]>>'}}
  %0 = memref.realloc %m : memref<4xf32, strided<[2]>> to memref<8xf32>
  return
}

// -----

func.func @a(%m: memref<2048xi8>, %d: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{incorrect number of size operands for type 'memref<?x4xf32>'}}
  %0 = memref.view %m[%c0][] : memref<2048xi8> to memref<?x4xf32>
  return
}

// -----

func.func @a(%m: memref<2048xf32>, %d: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<2048xf32>'}}
  %0 = memref.view %m[%c0][] : memref<2048xf32> to memref<4xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  // expected-error @+1 {{expected result type with offset = 1 instead of 0}}
  %0 = memref.reinterpret_cast %m to offset: [1], sizes: [4], strides: [1] : memref<4xf32> to memref<4xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  // expected-error @+1 {{operand type 'memref<4xf32>' and result type 'memref<5xf32, 1>' are cast incompatible}}
  %0 = memref.memory_space_cast %m : memref<4xf32> to memref<5xf32, 1>
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  %0 = memref.alloca_scope -> f32 {
    %c = arith.constant 1.0 : f32
    memref.alloca_scope.return %c : f32
  }
  // expected-error @+1 {{ along control flow edge from Region #0 to parent results: source type #0 'i32' should match input type #0 'f32'}}
  %1 = memref.alloca_scope -> f32 {
    %c = arith.constant 1 : i32
    memref.alloca_scope.return %c : i32
  }
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  // expected-error @+1 {{result #0 must be strided memref of any type values of rank 0, but got 'memref<4xf32>'}}
  %base, %off, %sz, %st = memref.extract_strided_metadata %m : memref<4xf32> -> memref<4xf32>, index, index, index
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  // expected-error @+1 {{expected result type with size = 4 instead of 5 in dim = 1}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<4xf32> to memref<4x5xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  // expected-error @+1 {{different element types specified for source type 'memref<4xf32>' and result memref type 'memref<4xi32>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [1] : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  // expected-error @+1 {{expected result type with stride = 2 instead of 1 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [2] : memref<4xf32> to memref<4xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  // expected-error @+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4, 2], strides: [1] : memref<4xf32> to memref<4x2xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  // expected-error @+1 {{different memory spaces specified for source type 'memref<4xf32>' and result memref type 'memref<4xf32, 1>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [1] : memref<4xf32> to memref<4xf32, 1>
  return
}

// -----

func.func @a(%m: memref<4xf32>, %v: f32) {
  // expected-error @+1 {{ along control flow edge from Region #0 to parent results: source type #0 'memref<4xf32>' should match input type #0 'f32'}}
  %1 = memref.alloca_scope -> f32 {
    memref.alloca_scope.return %m : memref<4xf32>
  }
  return
}

// -----

func.func @a(%m: memref<4x4xf32>, %v: f32) {
  // expected-error @+1 {{expected expanded type to be 'memref<2x2x4xf32>' but found 'memref<2x2x4xi32>'}}
  %1 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 2, 4] : memref<4x4xf32> into memref<2x2x4xi32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>, %v: f32) {
  // expected-error @+1 {{expected collapsed type to be 'memref<16xf32>' but found 'memref<16xi32>'}}
  %1 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32> into memref<16xi32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>, %v: f32) {
  // expected-error @+1 {{invalid number of reassociation groups: found 1, expected 2}}
  %1 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32> into memref<16x3xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32, strided<[1, 4]>>, %v: f32) {
  // expected-error @+1 {{invalid source layout map or collapsing non-contiguous dims}}
  %1 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32, strided<[1, 4]>> into memref<16xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>, %v: f32) {
  // expected-error @+1 {{reassociation indices must be contiguous}}
  %1 = memref.collapse_shape %m [[1, 0]] : memref<4x4xf32> into memref<16xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>, %v: f32, %i: index) {
  %0 = memref.dim %m, %i : memref<4xf32>
  // expected-error @+1 {{invalid kind of type specified}}
  %1 = memref.rank %v : f32
  return
}
