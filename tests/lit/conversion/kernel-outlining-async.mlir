// RUN: goopt opt %s --gpu-kernel-outlining | FileCheck %s

// Async dependencies and token, and cluster sizes, carry over to the
// gpu.launch_func; the cluster ids and sizes of the body become
// gpu.cluster_id and gpu.cluster_dim after the other ids (mlir-opt-19's
// output).
// CHECK-LABEL: func @async_clusters
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK-NEXT: %[[T:.*]] = gpu.launch_func async [%[[T0]]] @async_clusters_kernel::@async_clusters_kernel clusters in (%[[C1]], %[[C1]], %[[C1]]) blocks in (%[[C1]], %[[C1]], %[[C1]]) threads in (%[[C8]], %[[C1]], %[[C1]])  args(%{{.*}} : memref<8xf32>)
// CHECK-NEXT: gpu.wait [%[[T]]]
// CHECK: gpu.func @async_clusters_kernel(%{{.*}}: memref<8xf32>) kernel
// CHECK: %block_dim_z = gpu.block_dim  z
// CHECK-NEXT: %cluster_id_x = gpu.cluster_id  x
// CHECK-NEXT: %cluster_id_y = gpu.cluster_id  y
// CHECK-NEXT: %cluster_id_z = gpu.cluster_id  z
// CHECK-NEXT: %cluster_dim_x = gpu.cluster_dim  x
// CHECK-NEXT: %cluster_dim_y = gpu.cluster_dim  y
// CHECK-NEXT: %cluster_dim_z = gpu.cluster_dim  z
// CHECK-NEXT: %[[S:.*]] = arith.addi %thread_id_x, %cluster_dim_x : index
// CHECK-NEXT: arith.addi %[[S]], %cluster_id_x : index
func.func @async_clusters(%a: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %t0 = gpu.wait async
  %t = gpu.launch async [%t0] clusters(%cx, %cy, %cz) in (%ncx = %c1, %ncy = %c1, %ncz = %c1) blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %v = arith.addi %tx, %ncx : index
    %w = arith.addi %v, %cx : index
    %x = arith.index_cast %w : index to i32
    %y = arith.sitofp %x : i32 to f32
    memref.store %y, %a[%tx] : memref<8xf32>
    gpu.terminator
  }
  gpu.wait [%t]
  return
}
