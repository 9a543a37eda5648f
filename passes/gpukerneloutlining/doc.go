// Package gpukerneloutlining implements upstream's gpu-kernel-outlining
// pass (MLIR 19): every gpu.launch in a func.func of the module becomes a
// gpu.launch_func of a `gpu.func ... kernel` in a gpu.module of its own,
// and the module is marked gpu.container_module. The work is
// gpuutil.OutlineKernels; see it for the rules (names, uniquing, symbols
// copied into the kernel module, known sizes).
//
// Kernel parameters: the values defined above the launch and used in its
// body, in the order of their first use in a post-order walk of the body
// (nested ops before the op holding them, then the op's operands in
// order), as upstream. The order depends on the body alone, so it is
// stable; gpuutil.KernelOperands computes it. Constants are parameters too,
// as upstream: run gpu-launch-sink-index-computations first to clone
// them (and memref.dim, arith.select, arith.cmpi) into the body instead.
//
// The one difference from upstream: a private workgroup-memory
// memref.global that the kernels use is copied into their modules (as
// upstream does) and then erased from the host module when no host code
// refers to it, since it only exists on the device.
//
// Option data-layout-str gives a `#dlti.dl_spec<...>` that becomes each
// kernel module's `dlti.dl_spec` attribute.
//
//	memref.global "private" @smem : memref<32xf32, 3> = uninitialized
//	func.func @f(%a: memref<32xf32>, %x: f32) {
//	  %c1 = arith.constant 1 : index
//	  %c32 = arith.constant 32 : index
//	  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
//	             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
//	    %s = memref.get_global @smem : memref<32xf32, 3>
//	    memref.store %x, %s[%tx] : memref<32xf32, 3>
//	    memref.store %x, %a[%tx] : memref<32xf32>
//	    gpu.terminator
//	  }
//	  return
//	}
//
// becomes
//
//	module attributes {gpu.container_module} {
//	  func.func @f(%arg0: memref<32xf32>, %arg1: f32) {
//	    %c1 = arith.constant 1 : index
//	    %c32 = arith.constant 32 : index
//	    gpu.launch_func  @f_kernel::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)  args(%arg1 : f32, %arg0 : memref<32xf32>)
//	    return
//	  }
//	  gpu.module @f_kernel {
//	    gpu.func @f_kernel(%arg0: f32, %arg1: memref<32xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
//	      %block_id_x = gpu.block_id  x
//	      ...
//	      %block_dim_z = gpu.block_dim  z
//	      %0 = memref.get_global @smem : memref<32xf32, 3>
//	      memref.store %arg0, %0[%thread_id_x] : memref<32xf32, 3>
//	      memref.store %arg0, %arg1[%thread_id_x] : memref<32xf32>
//	      gpu.return
//	    }
//	    memref.global "private" @smem : memref<32xf32, 3> = uninitialized
//	  }
//	}
package gpukerneloutlining
