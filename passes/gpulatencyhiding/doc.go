// Package gpulatencyhiding implements gpu-latency-hiding, goopt's pass for
// the paper's global-memory latency hiding (sections 3.5 and 3.10: the
// shifted k loop and the register staging of the next tile); upstream MLIR
// has no such pass. It runs on the output of the mapping stage
// (affine-gpu-map): in every gpu.launch, the scf.for whose body copies
// into workgroup memory (per-thread copy loops reading global memory) and
// then reads it (the compute, usually carrying the C fragments as
// iter_args) is rewritten by gpuutil.HideGlobalLoadLatency:
//
//   - the copies of the first tile are peeled before the loop, followed by
//     a gpu.barrier;
//   - the loop runs over all tiles but the last; with register-staging
//     (default) the copy loops of tile k+1 are fully unrolled and their
//     global loads issued before the compute of tile k, the loaded values
//     held in SSA registers and stored to workgroup memory after it,
//     between two barriers (the first lets every warp finish reading tile
//     k, the second publishes tile k+1); without it, the copy loops of tile
//     k+1 run whole after the compute;
//   - the compute of the last tile is peeled after the loop, on its results.
//
// The loop's own barriers are dropped and the new ones placed by the
// utility itself (a barrier before the prologue or after the epilogue is
// added only when workgroup memory is accessed around the loop); the
// shared barrier derivation (gpu-insert-barriers) can re-derive them.
// A loop is left unchanged, with a remark saying why, when its bounds are
// not constants, when the compute writes workgroup memory or a memref the
// copies read, when a copy depends on a loop-carried value or on a read of
// workgroup memory, when a barrier sits inside the compute, or when
// register staging would hold more than max-staged-loads values per
// thread (default 64; 0: no limit).
//
//	%r = scf.for %k = %c0 to %c96 step %c32 iter_args(%acc = %c0f) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
//	  scf.for %c = %c0 to %c16 step %c1 {   // A tile -> %a_smem, per thread
//	    %v = memref.load %A[%gr, %gc] : memref<64x96xf16>
//	    memref.store %v, %a_smem[%row, %col] : memref<64x40xf16, 3>
//	  }
//	  gpu.barrier
//	  %d = scf.for %kk ... { gpu.subgroup_mma_load_matrix %a_smem ... }
//	  gpu.barrier
//	  scf.yield %d
//	}
//
// becomes
//
//	scf.for %c = %c0 to %c16 step %c1 { ... tile 0 ... }
//	gpu.barrier
//	%r = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %c0f) -> (...) {
//	  %kn = arith.addi %k, %c32 : index
//	  %v0 = memref.load %A[%gr0, %gc0] : memref<64x96xf16>   // tile k+1, 16 loads
//	  ...
//	  %d = scf.for %kk ... { ... tile k ... }
//	  gpu.barrier
//	  memref.store %v0, %a_smem[%row0, %col0] : memref<64x40xf16, 3>
//	  ...
//	  gpu.barrier
//	  scf.yield %d
//	}
//	%last = scf.for %kk ... iter_args(... = %r) { ... tile 2 ... }
package gpulatencyhiding
