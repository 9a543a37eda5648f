// RUN: goopt opt %s --split-input-file --verify-diagnostics --finalize-memref-to-llvm

// A layout that is not strided has no descriptor.
func.func @not_strided(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d1 floordiv 2, d0)>>, %i: index) -> f32 {
  // expected-error@+2 {{failed to legalize operation 'memref.load'}}
  // expected-note@+1 {{unable to convert type for operand #0, type was 'memref<4x4xf32, affine_map<(d0, d1) -> (d1 floordiv 2, d0)>>'}}
  %v = memref.load %m[%i, %i] : memref<4x4xf32, affine_map<(d0, d1) -> (d1 floordiv 2, d0)>>
  return %v : f32
}

// -----

// Upstream lowers subview only after expand-strided-metadata.
func.func @subview(%m: memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1], offset: 18>> {
  // expected-error@+1 {{failed to legalize operation 'memref.subview'}}
  %s = memref.subview %m[2, 2][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 18>>
  return %s : memref<4x4xf32, strided<[8, 1], offset: 18>>
}

// -----

// A copy out of a strided view needs upstream's memrefCopy runtime.
func.func @copy_strided(%a: memref<4x4xf32, strided<[8, 1]>>, %b: memref<4x4xf32>) {
  // expected-error@+2 {{failed to legalize operation 'memref.copy'}}
  // expected-note@+1 {{only copies between contiguous memrefs are supported}}
  memref.copy %a, %b : memref<4x4xf32, strided<[8, 1]>> to memref<4x4xf32>
  return
}

// -----

// mulf has no llvm.atomicrmw.
func.func @atomic_mulf(%m: memref<8xf32>, %x: f32, %i: index) -> f32 {
  // expected-error@+2 {{failed to legalize operation 'memref.atomic_rmw'}}
  // expected-note@+1 {{atomic kind 'mulf' has no llvm.atomicrmw}}
  %r = memref.atomic_rmw mulf %x, %m[%i] : (f32, memref<8xf32>) -> f32
  return %r : f32
}
