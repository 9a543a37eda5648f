// RUN: goopt opt %s --split-input-file --verify-diagnostics

// A loop bound symbol must not depend on an enclosing induction variable.
func.func @bound_symbol_from_iv(%n: index) {
  affine.for %i = 0 to 10 {
    // expected-error @+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = %i to 20 {
    }
  }
  return
}

// -----

// A value computed by a non-affine op inside a loop is not a valid dim.
func.func @bound_dim_invalid(%m: memref<?xindex>) {
  affine.for %i = 0 to 10 {
    %x = memref.load %m[%i] : memref<?xindex>
    // expected-error @+1 {{'affine.for' op operand cannot be used as a dimension id}}
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%x) {
    }
  }
  return
}

// -----

// Subscripts must be valid dims or symbols.
func.func @load_bad_index(%A: memref<10xf32>, %m: memref<?xindex>) {
  affine.for %i = 0 to 10 {
    %x = memref.load %m[%i] : memref<?xindex>
    // expected-error @+1 {{'affine.load' op index must be a valid dimension or symbol identifier}}
    %v = affine.load %A[%x] : memref<10xf32>
  }
  return
}

// -----

// Store subscripts too.
func.func @store_bad_index(%A: memref<10xf32>, %m: memref<?xindex>, %v: f32) {
  affine.for %i = 0 to 10 {
    %x = memref.load %m[%i] : memref<?xindex>
    // expected-error @+1 {{'affine.store' op index must be a valid dimension or symbol identifier}}
    affine.store %v, %A[%x] : memref<10xf32>
  }
  return
}

// -----

// The map must have one result per memref dimension.
func.func @load_rank_mismatch(%A: memref<10x10xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op affine map num results must equal memref rank}}
  %v = "affine.load"(%A, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<10x10xf32>, index) -> f32
  return
}

// -----

// The number of subscripts must match the map.
func.func @load_subscripts(%A: memref<10xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op expects as many subscripts as affine map inputs}}
  %v = "affine.load"(%A, %i, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<10xf32>, index, index) -> f32
  return
}

// -----

// Result type of a load is the element type.
func.func @load_result_type(%A: memref<10xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op result type must match element type of memref}}
  %v = "affine.load"(%A, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<10xf32>, index) -> f16
  return
}

// -----

// The stored value type is the element type.
func.func @store_value_type(%A: memref<10xf32>, %i: index, %v: f16) {
  // expected-error @+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%v, %A, %i) <{map = affine_map<(d0) -> (d0)>}> : (f16, memref<10xf32>, index) -> ()
  return
}

// -----

// affine.apply produces exactly one value.
func.func @apply_two_results(%i: index) {
  // expected-error @+1 {{'affine.apply' op mapping must produce one value}}
  %0 = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> index
  return
}

// -----

// affine.apply operand count must match the map.
func.func @apply_operand_count(%i: index) {
  // expected-error @+1 {{'affine.apply' op operand count and affine map dimension and symbol count must match}}
  %0 = "affine.apply"(%i, %i) <{map = affine_map<(d0) -> (d0)>}> : (index, index) -> index
  return
}

// -----

// affine.min operand count must match the map.
func.func @min_operand_count(%i: index) {
  // expected-error @+1 {{'affine.min' op operand count and affine map dimension and symbol count must match}}
  %0 = "affine.min"(%i, %i) <{map = affine_map<(d0) -> (d0, 0)>}> : (index, index) -> index
  return
}

// -----

// affine.if needs as many operands as the set has inputs.
func.func @if_operand_count(%i: index) {
  // expected-error @+1 {{'affine.if' op operand count and condition integer set dimension and symbol count must match}}
  "affine.if"(%i, %i) ({
    "affine.yield"() : () -> ()
  }, {
  }) {condition = affine_set<(d0) : (d0 >= 0)>} : (index, index) -> ()
  return
}

// -----

// affine.if operands must be valid dims.
func.func @if_bad_operand(%m: memref<?xindex>) {
  affine.for %i = 0 to 10 {
    %x = memref.load %m[%i] : memref<?xindex>
    // expected-error @+1 {{'affine.if' op operand cannot be used as a dimension id}}
    affine.if affine_set<(d0) : (d0 >= 0)>(%x) {
    }
  }
  return
}

// -----

// A yield's operands match the parent's results.
func.func @yield_count(%v: f32) {
  %r = affine.for %i = 0 to 10 iter_args(%a = %v) -> (f32) {
    // expected-error @+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield
  }
  return
}

// -----

// Yield types must match.
func.func @yield_types(%v: f32, %w: f16) {
  %r = affine.if affine_set<() : (0 == 0)>() -> f32 {
    // expected-error @+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %w : f16
  } else {
    affine.yield %v : f32
  }
  return
}

// -----

// Reduction kinds must fit the result type.
func.func @parallel_reduction_type() {
  // expected-error @+1 {{'affine.parallel' op result type cannot match reduction attribute}}
  %r = affine.parallel (%i) = (0) to (10) reduce ("addf") -> i32 {
    %c = arith.constant 0 : i32
    affine.yield %c : i32
  }
  return
}

// -----

// One reduction per result.
func.func @parallel_reduction_count(%v: f32) {
  // expected-error @+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %r = "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"(%v) : (f32) -> ()
  }) : () -> f32
  return
}

// -----

// Groups, steps and induction variables agree.
func.func @parallel_groups() {
  // expected-error @+1 {{'affine.parallel' op the number of region arguments (1) and the number of map groups for lower (2) and upper bound (1), and the number of steps (1) must all match}}
  "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = affine_map<() -> (0, 0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// The lower bounds map has as many results as the groups say.
func.func @parallel_lb_results() {
  // expected-error @+1 {{'affine.parallel' op expected lower bounds map to have 2 results}}
  "affine.parallel"() <{lowerBoundsGroups = dense<2> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Vector and memref element types agree.
func.func @vector_elem(%A: memref<100xf32>, %i: index) {
  affine.for %j = 0 to 10 {
    // expected-error @+1 {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
    %v = affine.vector_load %A[%j] : memref<100xf32>, vector<8xf16>
  }
  return
}

// -----

// delinearize_index returns one index per basis element.
func.func @delinearize_count(%i: index, %b: index) {
  // expected-error @+1 {{'affine.delinearize_index' op should return an index for each basis element}}
  %0:2 = "affine.delinearize_index"(%i, %b) : (index, index) -> (index, index)
  return
}

// -----

// delinearize_index needs a basis.
func.func @delinearize_empty(%i: index) {
  // expected-error @+1 {{'affine.delinearize_index' op basis should not be empty}}
  "affine.delinearize_index"(%i) : (index) -> ()
  return
}

// -----

// affine.yield only terminates affine regions.
func.func @yield_parent() {
  // expected-error @+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
  "affine.yield"() : () -> ()
}

// -----

// DMA index validity.
func.func @dma_bad_index(%src: memref<100xf32>, %dst: memref<100xf32, 2>, %tag: memref<1xi32>, %m: memref<?xindex>) {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 10 {
    %x = memref.load %m[%i] : memref<?xindex>
    // expected-error @+1 {{'affine.dma_start' op src index must be a valid dimension or symbol identifier}}
    affine.dma_start %src[%x], %dst[%i], %tag[%c0], %c0 : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
  }
  return
}

// -----

// Prefetch map rank.
func.func @prefetch_rank(%A: memref<10x10xf32>, %i: index) {
  // expected-error @+1 {{'affine.prefetch' op affine.prefetch affine map num results must equal memref rank}}
  "affine.prefetch"(%A, %i) <{isDataCache = true, isWrite = false, localityHint = 3 : i32, map = affine_map<(d0) -> (d0)>}> : (memref<10x10xf32>, index) -> ()
  return
}
