// Package gpuutil holds the reusable transformations behind goopt's GPU
// matmul pipeline (issue 9): the passes under passes/ named affine-gpu-*
// and gpu-* are thin drivers over it, as the affine loop passes are over
// dialects/affine/looputil. Each topic has its own file, named after the
// pass that uses it. Transformations return an error and leave the IR
// unchanged when they do not apply; the error text is what the passes
// report.
//
//   - tile.go (affine-gpu-tile): MatchMatmulBody recognises the body
//     `C[i, j] += extf(A[i, k]) * extf(B[k, j])`, TileMatmulForGPU tiles a
//     matmul nest for thread blocks, warps and WMMA with 0-based
//     intra-tile loops, in the paper's loop order;
//   - smemcopy.go (affine-gpu-smem-copy): CopyToSharedMemory stages the
//     tiles of A and B read in each iteration of the thread-block k loop
//     in padded workgroup-memory globals.
//
// Example, the small configuration of the pipeline:
//
//	band := looputil.GetPerfectlyNestedLoops(root) // the i, j, k matmul nest
//	nest, err := gpuutil.TileMatmulForGPU(ctx, band, gpuutil.TileSizes{
//		Block: [3]int64{64, 64, 32}, Warp: [3]int64{32, 32, 16}, MMA: [3]int64{16, 16, 16},
//	})
//	// nest: i, j, ii, jj, k, kk, kkk, iii, jjj, pi, pj, pk
//	err = gpuutil.CopyToSharedMemory(ctx, nest[0], gpuutil.SmemCopyOptions{PaddingA: 8, PaddingB: 8})
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
//
// wmma.go is the WMMA stage (affine-gpu-wmma): a 16×16×16 affine point nest
// computing C[f32] += extf(A[f16]) * extf(B[f16]) becomes warp-level
// fragment ops, the loops over a warp's fragments are unrolled, and the C
// fragments stay in registers across the reduction loops:
//
//	for _, f := range gpuutil.WMMAPointNests(fn) {
//		notes, err := gpuutil.ConvertToWMMA(ctx, f, gpuutil.WMMAOptions{HoistC: true})
//		// err: not converted, IR unchanged; notes: optional steps not done
//	}
//
// mapping.go (affine-gpu-map) turns the affine nest into a gpu.launch:
// paper's matmul: tiling, shared-memory copies, WMMA, mapping to
// gpu.launch, latency hiding, barriers) as utilities over the IR, one file
// per topic; the passes under passes/ are thin drivers over them. Each
// utility checks its preconditions first and leaves the IR unchanged when
// it returns an error.
//
// MapToLaunch (mapping.go) turns a tiled affine matmul nest into a
// gpu.launch: the two thread-block loops become the grid, the two warp
// loops become warps of a one-dimensional block, the shared-memory copy
// nests are spread over every thread of the block, and barriers order the
// copies against the reads:
//
//	affine.for %i = 0 to 128 step 64 {
//	  affine.for %j = 0 to 128 step 64 {
//	    affine.for %ii = 0 to 64 step 32 {
//	      affine.for %jj = 0 to 64 step 32 {
//	        ... copies into shared memory, subgroup_mma compute ...
//
// becomes
//
//	gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
//	           threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
//	  %i = %by * 64, %j = %bx * 64
//	  %ii = (%tx floordiv 32) floordiv 2 * 32, %jj = (%tx floordiv 32) mod 2 * 32
//	  ... copies: scf.for %c = 0 to copies-per-thread, then gpu.barrier ...
//	  gpu.terminator
//	}
//
//	launch, err := gpuutil.MapToLaunch(ctx, root, gpuutil.MapOptions{Lower: lowerAffine})
//
// latency.go (gpu-latency-hiding) software-pipelines the thread-block k
// loop of a gpu.launch: the copy of the first tile into workgroup memory
// is peeled before the loop, the global loads of tile k+1 are issued
// before the compute of tile k and stored to workgroup memory after it,
// and the compute of the last tile is peeled after the loop, with the
// gpu.barrier ops that order the new schedule:
//
//	for _, loop := range gpuutil.LatencyHidingCandidates(launch) {
//		if err := gpuutil.HideGlobalLoadLatency(ctx, loop, gpuutil.DefaultLatencyHidingOptions()); err != nil {
//			// not transformed; the IR is as it was
//		}
//	}
//
// OutlineKernels (outline.go, gpu-kernel-outlining) moves each gpu.launch
// of a module's functions into a `gpu.func ... kernel` of its own
// gpu.module, with the symbols it uses, and launches it with
// gpu.launch_func; KernelOperands gives the kernel's parameters in their
// documented order. SinkIntoLaunch (gpu-launch-sink-index-computations)
// first clones constants and index computations into the launch:
//
//	for _, l := range launches {
//		gpuutil.SinkIntoLaunch(l, gpuutil.IsLikelyIndexComputation)
//	}
//	n, err := gpuutil.OutlineKernels(ctx, module, gpuutil.OutlineOptions{})
package gpuutil
