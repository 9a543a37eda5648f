// RUN: goopt opt %s --split-input-file --verify-diagnostics

// gpu.launch_func needs a container module.
module {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel { gpu.return }
  }
  func.func @f(%a: f32) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : f32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @f(%a: f32) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op kernel container 'kernels' is undefined}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : f32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
  func.func @f(%a: f32) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op kernel function '@kernels::@k' is undefined}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : f32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) { gpu.return }
  }
  func.func @f(%a: f32) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : f32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel { gpu.return }
  }
  func.func @f(%a: f32) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op got 2 kernel operands but expected 1}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : f32, %a : f32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel { gpu.return }
  }
  func.func @f(%a: f32, %b: i32) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op type of function argument 0 does not match}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%b : i32)
    return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected void return type for kernel function}}
  gpu.func @k(%a: f32) -> f32 kernel { gpu.return %a : f32 }
}

// -----

gpu.module @kernels {
  // expected-note @+1 {{return type declared here}}
  gpu.func @k(%a: f32) -> f32 {
    // expected-error @+1 {{'gpu.return' op expected 1 result operands}}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @k(%a: f32) -> f32 {
    %c = arith.constant 1 : i32
    // expected-error @+1 {{'gpu.return' op unexpected type `'i32'' for operand #0}}
    gpu.return %c : i32
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected memref type in attribution}}
  gpu.func @k(%a: f32) workgroup(%w: f32) kernel { gpu.return }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op expected memory space workgroup in attribution}}
  gpu.func @k() workgroup(%w: memref<4xf32, #gpu.address_space<private>>) kernel { gpu.return }
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{expected either an op attribute or a non-empty body}}
  %r = gpu.all_reduce add %v { ^bb(%x: f32, %y: f32): gpu.yield %x : f32 } : (f32) -> f32
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{`and` reduction operation is not compatible with type 'f32'}}
  %r = gpu.all_reduce and %v {} : (f32) -> f32
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{`and` reduction operation is not compatible with type 'f32'}}
  %r = gpu.subgroup_reduce and %v : (f32) -> f32
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{expected two region arguments}}
  %r = gpu.all_reduce %v { ^bb(%x: f32): gpu.yield %x : f32 } : (f32) -> f32
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{incorrect region argument type}}
  %r = gpu.all_reduce %v { ^bb(%x: f32, %y: i32): gpu.yield %x : f32 } : (f32) -> f32
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{expected one gpu.yield operand}}
  %r = gpu.all_reduce %v { ^bb(%x: f32, %y: f32): gpu.yield %x, %x : f32, f32 } : (f32) -> f32
  return
}

// -----

func.func @f(%v: vector<4xf32>, %o: i32) {
  // expected-error @+1 {{'gpu.shuffle' op operand #0 must be i32, i64, f32 or f64, but got 'vector<4xf32>'}}
  %r, %p = gpu.shuffle xor %v, %o, %o : vector<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'gpu.terminator' op expects parent op 'gpu.launch'}}
  gpu.terminator
}

// -----

func.func @f() {
  // expected-error @+1 {{'gpu.return' op expects parent op 'gpu.func'}}
  gpu.return
}

// -----

func.func @f(%m: memref<32x32xf16>, %i: index) {
  // expected-error @+1 {{operand expected to be one of AOp, BOp or COp}}
  %0 = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "DOp">
  return
}

// -----

func.func @f(%m: memref<32x32xf16, strided<[1, 32]>>, %i: index) {
  // expected-error @+1 {{expected source memref most minor dim must have unit stride}}
  %0 = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, strided<[1, 32]>> -> !gpu.mma_matrix<16x16xf16, "AOp">
  return
}

// -----

func.func @f(%m: memref<32x32xf16>, %i: index, %a: !gpu.mma_matrix<16x16xf16, "AOp">) {
  // expected-error @+1 {{expected the operand matrix being stored to have 'COp' operand type}}
  gpu.subgroup_mma_store_matrix %a, %m[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf16, "AOp">, memref<32x32xf16>
  return
}

// -----

func.func @f(%a: !gpu.mma_matrix<16x16xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<8x16xf32, "COp">) {
  // expected-error @+1 {{operand shapes do not satisfy matmul constraints}}
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<8x16xf32, "COp">
  return
}

// -----

func.func @f(%a: !gpu.mma_matrix<16x16xf16, "BOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf32, "COp">) {
  // expected-error @+1 {{operands must be in the order AOp, BOp, COp}}
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "BOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  return
}

// -----

// expected-error @+1 {{MMAMatrixType elements must be SI8, UI8, I32, F16, or F32}}
func.func @f(%a: !gpu.mma_matrix<16x16xf64, "AOp">) {
  return
}

// -----

// expected-error @+1 {{MMAMatrixType must have exactly two dimensions}}
func.func @f(%a: !gpu.mma_matrix<16x16x16xf16, "AOp">) {
  return
}

// -----

func.func @f(%a: memref<4xf32>, %b: memref<4xf16>) {
  // expected-error @+1 {{'gpu.memcpy' op arguments have incompatible element type}}
  gpu.memcpy %a, %b : memref<4xf32>, memref<4xf16>
  return
}

// -----

func.func @f(%a: memref<4xf32>, %b: memref<5xf32>) {
  // expected-error @+1 {{'gpu.memcpy' op arguments have incompatible shape}}
  gpu.memcpy %a, %b : memref<4xf32>, memref<5xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{'gpu.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %m = gpu.alloc () : memref<?xf32>
  return
}


// -----

// Checks that the op schemas make, in MLIR's wording.

func.func @f() {
  // expected-error @+1 {{'gpu.thread_id' op attribute 'dimension' failed to satisfy constraint: a dimension, either 'x', 'y', or 'z'}}
  %0 = "gpu.thread_id"() {dimension = 1 : i32} : () -> index
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'gpu.thread_id' op result #0 must be index, but got 'i32'}}
  %0 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> i32
  return
}

// -----

func.func @f(%v: f32, %o: i32) {
  // expected-error @+1 {{'gpu.shuffle' op expected 3 operands, but found 2}}
  %r, %p = "gpu.shuffle"(%v, %o) <{mode = #gpu<shuffle_mode xor>}> : (f32, i32) -> (f32, i1)
  return
}

// -----

func.func @f(%f: f32) {
  // expected-error @+1 {{'gpu.dealloc' op operand #0 must be memref of any type values, but got 'f32'}}
  "gpu.dealloc"(%f) : (f32) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{'gpu.launch' op requires one region}}
  "gpu.launch"(%n, %n, %n, %n, %n, %n) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> : (index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{'gpu.subgroup_reduce' op requires attribute 'op'}}
  %r = gpu.subgroup_reduce %v : (f32) -> f32
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{'gpu.subgroup_mma_elementwise' op operand #0 must be variadic of MMAMatrix type, but got 'f32'}}
  %r = gpu.subgroup_mma_elementwise addf %v : (f32) -> f32
  return
}

// -----

// expected-error @+1 {{'gpu.module' op attribute 'targets' failed to satisfy constraint: array of GPU target attributes with at least 1 elements}}
gpu.module @m [] {
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel { gpu.return }
  }
  func.func @f(%c1: index, %i: i32) {
    // expected-error @+1 {{'gpu.launch_func' op failed to verify that all of {gridSizeX, gridSizeY, gridSizeZ, blockSizeX, blockSizeY, blockSizeZ} have same type}}
    "gpu.launch_func"(%c1, %c1, %c1, %i, %c1, %c1) <{kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (index, index, index, i32, index, index) -> ()
    return
  }
}
