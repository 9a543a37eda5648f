// RUN: goopt opt %s --split-input-file --verify-diagnostics

// Multi-result lower bounds need `max`.
func.func @lb_needs_max(%a: index, %b: index) {
  // expected-error @+1 {{lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = affine_map<(d0, d1) -> (d0, d1)>(%a, %b) to 10 {
  }
  return
}

// -----

// Multi-result upper bounds need `min`.
func.func @ub_needs_min(%a: index, %b: index) {
  // expected-error @+1 {{upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i = 0 to affine_map<(d0, d1) -> (d0, d1)>(%a, %b) {
  }
  return
}

// -----

// Map dims and the operand list agree.
func.func @bound_dim_count(%a: index) {
  // expected-error @+1 {{dim operand count and affine map dim count must match}}
  affine.for %i = 0 to affine_map<(d0, d1) -> (d0 + d1)>(%a) {
  }
  return
}

// -----

// Prefetch must say read or write.
func.func @prefetch_rw(%A: memref<10xf32>) {
  // expected-error @+1 {{rw specifier has to be 'read' or 'write'}}
  affine.prefetch %A[0], load, locality<3>, data : memref<10xf32>
  return
}

// -----

// Prefetch cache kinds.
func.func @prefetch_cache(%A: memref<10xf32>) {
  // expected-error @+1 {{cache type has to be 'data' or 'instr'}}
  affine.prefetch %A[0], read, locality<3>, code : memref<10xf32>
  return
}

// -----

// Steps of affine.parallel are constants.
func.func @parallel_steps(%n: index) {
  // expected-error @+1 {{steps must be constant integers}}
  affine.parallel (%i) = (0) to (10) step (%n) {
  }
  return
}

// -----

// Unknown reduction kinds are rejected.
func.func @parallel_reduce_kind() {
  // expected-error @+1 {{invalid reduction value: "plus"}}
  %r = affine.parallel (%i) = (0) to (10) reduce ("plus") -> f32 {
    %c = arith.constant 0.0 : f32
    affine.yield %c : f32
  }
  return
}

// -----

// dma_start takes three memref types.
func.func @dma_types(%src: memref<100xf32>, %dst: memref<100xf32, 2>, %tag: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{expected three types}}
  affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %c0 : memref<100xf32>, memref<100xf32, 2>
  return
}

// -----

// Set dims and the operand list agree.
func.func @if_dim_count(%a: index) {
  // expected-error @+1 {{dim operand count and integer set dim count must match}}
  affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%a) {
  }
  return
}
