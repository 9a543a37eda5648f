// Package convertgputonvvm implements upstream's convert-gpu-to-nvvm pass
// (MLIR 19): on each gpu.module it lowers the device code to the llvm and
// nvvm dialects in one partial dialect conversion, with the patterns of
// conversion/gputonvvm and, as upstream, those lowering the arith, cf,
// func, math, memref and vector ops of the device code (composed in
// Populate). As upstream, func.func ops of the module are marked
// llvm.emit_c_interface and a greedy clean-up (folding, dead ops,
// constants uniqued) runs first.
//
// Options: index-bitwidth (0: 64), use-bare-ptr-memref-call-conv (memref
// arguments of static shape as one pointer), has-redux (accepted; goopt's
// nvvm dialect has no redux.sync, so gpu.subgroup_reduce stays illegal
// either way).
//
//	gpu.module @m {
//	  gpu.func @k(%a: memref<32xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
//	    %t = gpu.thread_id x
//	    gpu.barrier
//	    gpu.return
//	  }
//	}
//
// becomes, with use-bare-ptr-memref-call-conv,
//
//	gpu.module @m {
//	  llvm.func @k(%arg0: !llvm.ptr) attributes {gpu.kernel, gpu.known_block_size = array<i32: 32, 1, 1>,
//	      nvvm.kernel, nvvm.maxntid = array<i32: 32, 1, 1>} {
//	    ... the descriptor of %a rebuilt from %arg0 ...
//	    nvvm.barrier0
//	    llvm.return
//	  }
//	}
package convertgputonvvm
