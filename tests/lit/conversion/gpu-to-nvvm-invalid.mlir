// RUN: goopt opt %s --split-input-file --convert-gpu-to-nvvm="use-bare-ptr-memref-call-conv" --verify-diagnostics

// A fragment no WMMA geometry has (a 16x8 A) does not lower: a located
// error with the reason, as mlir-opt-19's failure to legalize.
gpu.module @bad_shape {
  gpu.func @bad_shape(%arg0: memref<32x32xf16, 3>, %i: index) -> !gpu.mma_matrix<16x8xf16, "AOp"> {
    // expected-error@+2 {{failed to legalize operation 'gpu.subgroup_mma_load_matrix' that was explicitly marked illegal}}
    // expected-note@+1 {{unsupported WMMA variant}}
    %0 = gpu.subgroup_mma_load_matrix %arg0[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x8xf16, "AOp">
    gpu.return %0 : !gpu.mma_matrix<16x8xf16, "AOp">
  }
}

// -----

// f32 A and B are tf32, which has no m16n16k16 wmma.mma.
gpu.module @tf32 {
  gpu.func @tf32(%a: !gpu.mma_matrix<16x16xf32, "AOp">, %b: !gpu.mma_matrix<16x16xf32, "BOp">, %c: !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp"> {
    // expected-error@+2 {{failed to legalize operation 'gpu.subgroup_mma_compute'}}
    // expected-note@+1 {{no wmma.mma m16n16k16 of tf32 into f32}}
    %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf32, "AOp">, !gpu.mma_matrix<16x16xf32, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.return %d : !gpu.mma_matrix<16x16xf32, "COp">
  }
}

// -----

// subf is not among the elementwise operations MLIR 19 lowers (mlir-opt-19
// crashes on it).
gpu.module @elementwise {
  gpu.func @subf(%a: !gpu.mma_matrix<16x16xf32, "COp">, %b: !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp"> {
    // expected-error@+2 {{failed to legalize operation 'gpu.subgroup_mma_elementwise'}}
    // expected-note@+1 {{elementwise 'subf'}}
    %d = gpu.subgroup_mma_elementwise subf %a, %b : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.return %d : !gpu.mma_matrix<16x16xf32, "COp">
  }
}

// -----

// Under the bare-pointer convention a memref argument needs a static shape.
gpu.module @dynamic {
  // expected-error@+1 {{cannot convert the type memref<?xf32> of argument #0 of 'dyn' (use-bare-ptr-memref-call-conv needs a static shape and strides)}}
  gpu.func @dyn(%a: memref<?xf32>) kernel {
    gpu.return
  }
}
