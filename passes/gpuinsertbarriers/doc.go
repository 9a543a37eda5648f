// Package gpuinsertbarriers implements gpu-insert-barriers, goopt's own
// pass (upstream MLIR has none): the gpu.barrier ops of every gpu.launch
// body are derived from its workgroup-memory dependences, not from their
// position (gpuutil.InsertBarriers). A barrier goes between a write and a
// later read, or a read and a later write, of the same workgroup buffer
// when their index ranges may overlap, including across iterations of
// scf.for and affine.for loops; none is placed inside control flow that
// may diverge between threads; barriers that order nothing are removed.
// A launch whose accesses no barrier placement can order (they conflict
// inside divergent control flow) is left unchanged with a remark.
//
//	gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
//	  scf.for %k = %c0 to %c4 step %c1 {
//	    %v = memref.load %A[%tx] : memref<128xf32>
//	    memref.store %v, %s[%tx] : memref<128xf32, 3>
//	    %r = memref.load %s[%i] : memref<128xf32, 3>
//	    memref.store %r, %A[%tx] : memref<128xf32>
//	  }
//	  gpu.terminator
//	}
//
// becomes (the first barrier orders iteration k's read before iteration
// k+1's write, the second the write before the read)
//
//	scf.for %k = %c0 to %c4 step %c1 {
//	  %v = memref.load %A[%tx] : memref<128xf32>
//	  gpu.barrier
//	  memref.store %v, %s[%tx] : memref<128xf32, 3>
//	  gpu.barrier
//	  %r = memref.load %s[%i] : memref<128xf32, 3>
//	  memref.store %r, %A[%tx] : memref<128xf32>
//	}
package gpuinsertbarriers
