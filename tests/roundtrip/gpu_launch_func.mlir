// gpu.launch_func: sync and async, with and without arguments, clusters,
// dynamic shared memory and extra attributes.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<32xf32>, %n: index) kernel {
      gpu.return
    }
    gpu.func @noargs() kernel {
      gpu.return
    }
  }
  func.func @host(%a: memref<32xf32>, %n: index, %s: i32) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<32xf32>, %n : index)
    gpu.launch_func @kernels::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @kernels::@noargs blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1) {bar}
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) dynamic_shared_memory_size %s args(%a : memref<32xf32>, %n : index)
    %t2 = gpu.launch_func async @kernels::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @kernels::@noargs clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.wait [%t1, %t2]
    return
  }
}
