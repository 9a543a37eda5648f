// gpu.launch_func with an async object and i32 sizes, and a gpu.module with
// an offloading handler before its targets.
module attributes {gpu.container_module} {
  gpu.module @kernels <#gpu.select_object<1>> [#nvvm.target<chip = "sm_90">, #nvvm.target] {
    gpu.func @k(%a: memref<32xf32>, %n: index) kernel {
      gpu.return
    }
    gpu.func @k2(%a: i32) kernel {
      gpu.return
    }
  }
  func.func @host(%a: memref<32xf32>, %n: index, %s: i32, %i: i32, %obj: !llvm.ptr) {
    %c1 = arith.constant 1 : index
    gpu.launch_func <%obj : !llvm.ptr> @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<32xf32>, %n : index)
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] <%obj : !llvm.ptr> @kernels::@k clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size %s args(%a : memref<32xf32>, %n : index) {foo}
    gpu.launch_func @kernels::@k2 blocks in (%i, %i, %i) threads in (%i, %i, %i) : i32 args(%i : i32)
    gpu.launch_func @kernels::@k2 clusters in (%i, %i, %i) blocks in (%i, %i, %i) threads in (%i, %i, %i) : i32 dynamic_shared_memory_size %s args(%i : i32)
    %m, %t2 = gpu.alloc async [%t1] host_shared (%n)[%n] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
    %t3 = gpu.dealloc async [%t2] %m : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
    gpu.wait [%t3]
    return
  }
}
