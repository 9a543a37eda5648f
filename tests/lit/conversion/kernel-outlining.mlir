// RUN: goopt opt %s --split-input-file --gpu-kernel-outlining | FileCheck %s
// RUN: goopt opt %s --split-input-file --gpu-launch-sink-index-computations --gpu-kernel-outlining | FileCheck %s --check-prefix=SINK
// RUN: goopt opt %s --split-input-file --allow-unregistered-dialect --gpu-kernel-outlining='data-layout-str=#dlti.dl_spec<#dlti.dl_entry<index,32:i32>>' | FileCheck %s --check-prefix=DL

// The CHECK lines are mlir-opt-19's output for the same input, except
// where a comment says otherwise (workgroup globals only the kernels use).

// A launch becomes a kernel named after its function, in a module of the
// same name right after the function. Its parameters are the values the
// body uses from above, in the order of first use; its ids come from
// gpu.block_id and friends; constant launch sizes become known sizes.
// CHECK: module attributes {gpu.container_module}
// CHECK-LABEL: func @simple
// CHECK-SAME: (%[[A:.*]]: memref<32xf32>, %[[X:.*]]: f32)
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: gpu.launch_func  @simple_kernel::@simple_kernel blocks in (%[[C1]], %[[C1]], %[[C1]]) threads in (%[[C32]], %[[C1]], %[[C1]])  args(%[[A]] : memref<32xf32>, %[[X]] : f32)
// CHECK-NEXT: return
// CHECK: gpu.module @simple_kernel {
// CHECK-NEXT: gpu.func @simple_kernel(%[[KA:.*]]: memref<32xf32>, %[[KX:.*]]: f32) kernel attributes {known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
// CHECK-NEXT: %block_id_x = gpu.block_id  x
// CHECK-NEXT: %block_id_y = gpu.block_id  y
// CHECK-NEXT: %block_id_z = gpu.block_id  z
// CHECK-NEXT: %[[TX:.*]] = gpu.thread_id  x
// CHECK-NEXT: %thread_id_y = gpu.thread_id  y
// CHECK-NEXT: %thread_id_z = gpu.thread_id  z
// CHECK-NEXT: %grid_dim_x = gpu.grid_dim  x
// CHECK-NEXT: %grid_dim_y = gpu.grid_dim  y
// CHECK-NEXT: %grid_dim_z = gpu.grid_dim  z
// CHECK-NEXT: %block_dim_x = gpu.block_dim  x
// CHECK-NEXT: %block_dim_y = gpu.block_dim  y
// CHECK-NEXT: %block_dim_z = gpu.block_dim  z
// CHECK-NEXT: %[[V:.*]] = memref.load %[[KA]][%[[TX]]] : memref<32xf32>
// CHECK-NEXT: %[[W:.*]] = arith.mulf %[[V]], %[[KX]] : f32
// CHECK-NEXT: memref.store %[[W]], %[[KA]][%[[TX]]] : memref<32xf32>
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: }
// DL: gpu.module @simple_kernel attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index,{{ ?}}32{{ ?}}:{{ ?}}i32>>} {
func.func @simple(%A: memref<32xf32>, %x: f32) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %v = memref.load %A[%tx] : memref<32xf32>
    %w = arith.mulf %v, %x : f32
    memref.store %w, %A[%tx] : memref<32xf32>
    gpu.terminator
  }
  return
}

// -----

// Two launches in one function, whose kernel name is taken by a function:
// the modules are uniqued with _0, _1 (one counter), each kernel keeps its
// name inside its module. A grid size that is not constant gives no
// known_grid_size; the dynamic shared memory size is carried over; a body
// of several blocks stays one (its first block continues the kernel's).
// Constants are parameters, as upstream, unless
// gpu-launch-sink-index-computations ran first.
// CHECK-LABEL: func @two
// CHECK-SAME: (%[[A:.*]]: memref<16xf32>, %[[N:.*]]: index, %[[S:.*]]: i32)
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[F:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: gpu.launch_func  @two_kernel_0::@two_kernel {{.*}} args(%[[A]] : memref<16xf32>, %[[F]] : f32)
// CHECK: %[[G:.*]] = arith.addi %[[N]]
// CHECK: gpu.launch_func  @two_kernel_1::@two_kernel blocks in (%[[G]], %{{.*}}, %{{.*}}) threads in (%[[C8]], %{{.*}}, %{{.*}})  dynamic_shared_memory_size %[[SZ:.*]] args(%[[C8]] : index, %[[F]] : f32, %[[A]] : memref<16xf32>)
// CHECK: gpu.module @two_kernel_0 {
// CHECK-NEXT: gpu.func @two_kernel(%{{.*}}: memref<16xf32>, %{{.*}}: f32) kernel attributes {known_block_size = array<i32: 8, 1, 1>, known_grid_size = array<i32: 1, 1, 1>}
// CHECK: gpu.module @two_kernel_1 {
// CHECK-NEXT: gpu.func @two_kernel(%[[K8:.*]]: index, %[[KF:.*]]: f32, %[[KA:.*]]: memref<16xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
// CHECK: %[[BD:.*]] = gpu.block_dim  z
// CHECK-NEXT: %[[I:.*]] = arith.muli %block_id_x, %block_dim_x : index
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[I]], %thread_id_x : index
// CHECK-NEXT: %[[C:.*]] = arith.cmpi ult, %[[J]], %[[K8]] : index
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: memref.store %[[KF]], %[[KA]][%[[J]]] : memref<16xf32>
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: gpu.return
// CHECK: func.func @two_kernel()

// SINK-LABEL: func @two
// SINK: gpu.launch_func  @two_kernel_0::@two_kernel {{.*}} args(%{{.*}} : memref<16xf32>)
// SINK: gpu.launch_func  @two_kernel_1::@two_kernel {{.*}} args(%{{.*}} : memref<16xf32>)
// SINK: gpu.func @two_kernel(%{{.*}}: memref<16xf32>) kernel
// SINK: %block_dim_z = gpu.block_dim  z
// SINK-NEXT: arith.constant 2.000000e+00 : f32
// SINK: gpu.func @two_kernel(%{{.*}}: memref<16xf32>) kernel
// SINK: %block_dim_z = gpu.block_dim  z
// SINK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// SINK-NEXT: arith.constant 2.000000e+00 : f32
// SINK: arith.cmpi ult, %{{.*}}, %[[C8]] : index
func.func @two(%A: memref<16xf32>, %n: index, %s: i32) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 2.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %v = memref.load %A[%tx] : memref<16xf32>
    %w = arith.mulf %v, %f : f32
    memref.store %w, %A[%tx] : memref<16xf32>
    gpu.terminator
  }
  %g = arith.addi %n, %c1 : index
  // A size the launch can have (below 48 KiB) whatever %s is.
  %c1024 = arith.constant 1024 : i32
  %bytes = arith.remui %s, %c1024 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %g, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) dynamic_shared_memory_size %bytes {
    %i = arith.muli %bx, %sx : index
    %j = arith.addi %i, %tx : index
    %c = arith.cmpi ult, %j, %c8 : index
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    memref.store %f, %A[%j] : memref<16xf32>
    cf.br ^bb2
  ^bb2:
    gpu.terminator
  }
  return
}
func.func @two_kernel() {
  return
}

// -----

// Parameter order: a post-order walk of the body, so the values the loop
// body uses (%x, %A) come before the loop's own bounds (%lb, %c1), and
// %y, used last, is last. Workgroup attributions stay attributions.
// CHECK-LABEL: func @order
// CHECK-SAME: (%[[A:.*]]: memref<8xf32>, %[[X:.*]]: f32, %[[Y:.*]]: f32, %[[LB:.*]]: index)
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: gpu.launch_func  @order_kernel::@order_kernel {{.*}} args(%[[X]] : f32, %[[A]] : memref<8xf32>, %[[LB]] : index, %[[C1]] : index, %[[Y]] : f32)
// CHECK: gpu.func @order_kernel(%[[KX:.*]]: f32, %[[KA:.*]]: memref<8xf32>, %[[KLB:.*]]: index, %[[K1:.*]]: index, %[[KY:.*]]: f32) workgroup(%[[W:.*]] : memref<8xf32, 3>) kernel
// CHECK: scf.for %[[I:.*]] = %[[KLB]] to %block_dim_x step %[[K1]] {
// CHECK-NEXT: memref.store %[[KX]], %[[KA]][%[[I]]] : memref<8xf32>
// CHECK: memref.store %[[KY]], %[[W]][%thread_id_x] : memref<8xf32, 3>
func.func @order(%A: memref<8xf32>, %x: f32, %y: f32, %lb: index) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) workgroup(%w : memref<8xf32, 3>) {
    scf.for %i = %lb to %sx step %c1 {
      memref.store %x, %A[%i] : memref<8xf32>
    }
    gpu.barrier
    memref.store %y, %w[%tx] : memref<8xf32, 3>
    gpu.barrier
    %v = memref.load %w[%tx] : memref<8xf32, 3>
    memref.store %v, %A[%tx] : memref<8xf32>
    gpu.terminator
  }
  return
}

// -----

// The symbols a kernel uses are copied into its module: globals, callees
// and the globals those use. A private workgroup global no host code uses
// (@smem) then leaves the host module (upstream keeps a host copy); one
// the host still uses (@shared_host) stays in both, as does any other.
// CHECK: module attributes {gpu.container_module} {
// CHECK-NOT: @smem
// CHECK: memref.global "private" @shared_host : memref<32xf32, 3>
// CHECK-NEXT: memref.global "private" constant @table
// CHECK-LABEL: func.func private @scale
// CHECK-LABEL: func @globals
// CHECK: gpu.module @globals_kernel {
// CHECK: memref.get_global @smem : memref<32xf32, 3>
// CHECK: func.call @scale
// CHECK: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: memref.global "private" @smem : memref<32xf32, 3>
// CHECK-NEXT: memref.global "private" @shared_host : memref<32xf32, 3>
// CHECK-NEXT: func.func private @scale
// CHECK: memref.global "private" constant @table
memref.global "private" @smem : memref<32xf32, 3>
memref.global "private" @shared_host : memref<32xf32, 3>
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func private @scale(%v: f32) -> f32 {
  %t = memref.get_global @table : memref<4xf32>
  %c1 = arith.constant 1 : index
  %s = memref.load %t[%c1] : memref<4xf32>
  %r = arith.mulf %v, %s : f32
  return %r : f32
}
func.func @globals(%A: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %h = memref.get_global @shared_host : memref<32xf32, 3>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = memref.get_global @smem : memref<32xf32, 3>
    %k = memref.get_global @shared_host : memref<32xf32, 3>
    %v = memref.load %A[%tx] : memref<32xf32>
    %w = func.call @scale(%v) : (f32) -> f32
    memref.store %w, %s[%tx] : memref<32xf32, 3>
    memref.store %w, %k[%tx] : memref<32xf32, 3>
    gpu.barrier
    %c0 = arith.constant 0 : index
    %u = memref.load %s[%c0] : memref<32xf32, 3>
    memref.store %u, %A[%tx] : memref<32xf32>
    gpu.terminator
  }
  return
}
