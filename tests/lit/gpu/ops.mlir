// RUN: goopt opt %s --split-input-file | FileCheck %s
// RUN: goopt opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// A kernel module with attributions; gpu.module_end stays implicit and
// gpu.func keeps sym_name and workgroup_attributions as attributes.
// CHECK-LABEL: gpu.module @kernels {
// CHECK: gpu.func @k(%{{.*}}: memref<32xf32>) workgroup(%{{.*}} : memref<32xf32, #gpu.address_space<workgroup>>) private(%{{.*}} : memref<1xf32, 5>) kernel {
// CHECK: %{{.*}} = gpu.thread_id  x
// CHECK: %{{.*}} = gpu.block_dim  y upper_bound 64
// CHECK: gpu.barrier
// CHECK: gpu.return
// CHECK-NOT: gpu.module_end
// GENERIC-LABEL: "gpu.module"() <{sym_name = "kernels"}>
// GENERIC: "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
// GENERIC: {gpu.kernel, sym_name = "k", workgroup_attributions = 1 : i64}
// GENERIC: "gpu.module_end"() : () -> ()
gpu.module @kernels {
  gpu.func @k(%a: memref<32xf32>) workgroup(%w: memref<32xf32, #gpu.address_space<workgroup>>) private(%p: memref<1xf32, 5>) kernel {
    %t = gpu.thread_id x
    %d = gpu.block_dim y upper_bound 64
    gpu.barrier
    gpu.return
  }
}

// -----

// Launches: the body arguments print in MLIR's order, the async form with
// its dependency list.
// CHECK-LABEL: func.func @launch
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) {
// CHECK: gpu.terminator
// CHECK: %{{.*}} = gpu.wait async
// CHECK: %{{.*}} = gpu.launch async [%{{.*}}] blocks
// CHECK-SAME: dynamic_shared_memory_size %{{.*}} workgroup(%{{.*}} : memref<8xf32, 3>) {
// GENERIC-LABEL: "func.func"
// GENERIC: operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>
// GENERIC: operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1>
func.func @launch(%n: index, %s: i32) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n) threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) {
    gpu.terminator
  }
  %t = gpu.wait async
  %t2 = gpu.launch async [%t] blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n) threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) dynamic_shared_memory_size %s workgroup(%w : memref<8xf32, 3>) {
    gpu.terminator
  }
  return
}

// -----

// gpu.launch_func with its nested kernel reference and argument list.
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func  @kernels::@k blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}})  args(%{{.*}} : f32)
// GENERIC-LABEL: "func.func"
// GENERIC: <{kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0>}>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel {
      gpu.return
    }
  }
  func.func @host(%a: f32, %n: index) {
    gpu.launch_func @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%a : f32)
    return
  }
}

// -----

// Shuffles, reductions and the result names MLIR gives them.
// CHECK-LABEL: func.func @sync
// CHECK: %shuffleResult, %valid = gpu.shuffle  xor %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK: %{{.*}} = gpu.all_reduce  add %{{.*}} uniform {
// CHECK-NEXT: } : (f32) -> f32
// CHECK: %{{.*}} = gpu.subgroup_reduce  maxnumf %{{.*}} : (f32) -> f32
func.func @sync(%v: f32, %o: i32) {
  %r, %p = gpu.shuffle xor %v, %o, %o : f32
  %s = gpu.all_reduce add %v uniform {} : (f32) -> f32
  %m = gpu.subgroup_reduce maxnumf %v : (f32) -> f32
  return
}

// -----

// WMMA ops and the !gpu.mma_matrix type.
// CHECK-LABEL: func.func @mma
// CHECK: gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK: gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK: gpu.subgroup_mma_constant_matrix %{{.*}} : !gpu.mma_matrix<16x16xf32, "COp">
// CHECK: gpu.subgroup_mma_compute %{{.*}}, %{{.*}}, %{{.*}} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK: gpu.subgroup_mma_elementwise  addf
// CHECK: gpu.subgroup_mma_store_matrix %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>
// GENERIC-LABEL: "func.func"
// GENERIC: <{opType = #gpu<mma_element_wise addf>}>
func.func @mma(%a: memref<32x32xf16>, %c: memref<32x32xf32>, %i: index, %z: f32) {
  %A = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
  %B = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
  %C = gpu.subgroup_mma_constant_matrix %z : !gpu.mma_matrix<16x16xf32, "COp">
  %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %E = gpu.subgroup_mma_elementwise addf %D, %C : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %E, %c[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>
  return
}

// -----

// Device memory with async tokens and MLIR's result names.
// CHECK-LABEL: func.func @memory
// CHECK: %memref, %asyncToken = gpu.alloc async [%{{.*}}] (%{{.*}}) : memref<?xf32>
// CHECK: %{{.*}} = gpu.memcpy async [%asyncToken] %memref, %{{.*}} : memref<?xf32>, memref<4xf32>
// CHECK: gpu.dealloc  %memref : memref<?xf32>
// CHECK: gpu.wait [%{{.*}}]
func.func @memory(%n: index, %a: memref<4xf32>) {
  %t = gpu.wait async
  %m, %t1 = gpu.alloc async [%t] (%n) : memref<?xf32>
  %t2 = gpu.memcpy async [%t1] %m, %a : memref<?xf32>, memref<4xf32>
  gpu.dealloc %m : memref<?xf32>
  gpu.wait [%t2]
  return
}

// -----

// The offloading handler comes before the targets, and the targets are
// followed by two spaces, as mlir-opt prints them; a launch_func's async
// object (any value; upstream's tests pass an `!llvm.ptr` stream) follows
// the dependencies without a space, and launch sizes that are not index
// spell their type.
// CHECK-LABEL: gpu.module @handler <#gpu.select_object<0>> [#gpu.target, #gpu.target]  attributes {foo} {
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func <%{{.*}} : i64> @handler::@k blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) : i32 args(%{{.*}} : i32)
// CHECK: %{{.*}} = gpu.launch_func async [%{{.*}}]<%{{.*}} : i64> @handler::@k clusters in (%{{.*}}, %{{.*}}, %{{.*}}) blocks in
// CHECK-SAME: threads in (%{{.*}}, %{{.*}}, %{{.*}}) : i32 dynamic_shared_memory_size %{{.*}} args(%{{.*}} : i32)
// GENERIC-LABEL: "gpu.module"() <{offloadingHandler = #gpu.select_object<0>, sym_name = "handler", targets = [#gpu.target, #gpu.target]}>
// GENERIC: operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1>
// GENERIC: operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>
module attributes {gpu.container_module} {
  gpu.module @handler <#gpu.select_object<0>> [#gpu.target, #gpu.target] attributes {foo} {
    gpu.func @k(%a: i32) kernel {
      gpu.return
    }
  }
  func.func @host(%i: i32, %obj: i64) {
    gpu.launch_func <%obj : i64> @handler::@k blocks in (%i, %i, %i) threads in (%i, %i, %i) : i32 args(%i : i32)
    %t = gpu.wait async
    %t1 = gpu.launch_func async [%t] <%obj : i64> @handler::@k clusters in (%i, %i, %i) blocks in (%i, %i, %i) threads in (%i, %i, %i) : i32 dynamic_shared_memory_size %i args(%i : i32)
    return
  }
}
