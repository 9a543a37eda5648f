// Package gpuutil holds the transformations behind goopt's GPU passes
// (one file per topic, named after its pass), so that the passes stay thin:
// they collect candidates, call a utility here, and report its soft
// failures as remarks.
//
// InsertBarriers (insertbarriers.go) places the gpu.barrier ops a
// gpu.launch body needs from its workgroup-memory dependences:
//
//	gpu.launch blocks(...) in (...) threads(%tx, %ty, %tz) in (%sx = %c128, ...) {
//	  scf.for %k = %c0 to %c64 step %c16 {
//	    memref.store %v, %smem[%tx] : memref<128xf32, 3>
//	    %r = memref.load %smem[%i] : memref<128xf32, 3>
//	    ...
//	  }
//	}
//
// gets a barrier before the load (another thread's store must be visible)
// and one before the store (another thread may still be reading the
// previous iteration's value):
//
//	scf.for %k = %c0 to %c64 step %c16 {
//	  gpu.barrier
//	  memref.store %v, %smem[%tx] : memref<128xf32, 3>
//	  gpu.barrier
//	  %r = memref.load %smem[%i] : memref<128xf32, 3>
//	}
//
// Use it as
//
//	if err := gpuutil.InsertBarriers(launch); err != nil {
//		return err // located at the op; the IR is unchanged
//	}
//
// CopyLoops and VectorizeCopyLoop (vectorizecopies.go) turn the
// global-to-shared copy loops of affine-gpu-smem-copy into aligned vector
// copies:
//
//	for _, c := range gpuutil.CopyLoops(fn) {
//		if err := gpuutil.VectorizeCopyLoop(ctx, c, 128); err != nil {
//			// not aligned: remark, the loop is unchanged
//		}
//	}
//
// makes `affine.for %ck = 0 to 16 { %v = affine.load %A[%r, %k + %ck] ...;
// affine.store %v, %as[%ci, %ck] ... }` step by 8 and move vector<8xf16>
// with affine.vector_load and affine.vector_store.
package gpuutil
