// Package affinedatacopy implements affine-data-copy-generate, as
// upstream's AffineDataCopyGeneration with point-wise copies: the accesses
// to memrefs of slow-mem-space inside a chosen loop (or straight-line
// range) are redirected to a buffer in fast-mem-space sized by the
// constant bounding box of the region they touch (analysis.ComputeRegion);
// a copy-in nest fills the buffer before the loop and, for written
// memrefs, a copy-out nest writes it back after. Copies are hoisted past
// enclosing loops whose IV the region does not depend on (C's tile at the
// j tile loop in a tiled matmul). Placement follows upstream: a loop is
// recursed into when its footprint exceeds fast-mem-capacity (KiB), or,
// with skip-non-unit-stride-loops, when its step is not one. Copy nests'
// single-iteration loops are promoted. The pass only walks the blocks and
// chooses the ranges (upstream's runOnBlock); the copies are made by
// looputil.AffineDataCopyGenerate, whose soft failures become remarks.
//
// Options: upstream's fast-mem-space (1), slow-mem-space (0),
// fast-mem-capacity (unlimited), generate-dma (true), min-dma-transfer,
// skip-non-unit-stride-loops, tag-mem-space.
//
// With generate-dma=true (upstream's default) the pass is upstream's DMA
// generation (looputil.AffineDataCopyGenerateDMA): one fast buffer per
// memref holding the constant bounding box of its accesses in a range,
// affine.dma_start/affine.dma_wait with a tag memref each for the read
// region before the range and the write-back after it, a strided
// dma_start when the box is narrower than the memref along an inner
// dimension, and upstream's constants at the top of the function. Its
// output equals mlir-opt-19's on most of upstream's dma-generate.mlir
// (tests/lit/affine-passes/dma-generate.mlir); the goopt extensions and
// the correctness differences below apply to point-wise copies only.
//
// goopt extensions:
//   - copy-depth=N: copy around the loops at nesting depth N (ranges at
//     depth N), instead of the capacity-driven placement;
//   - memrefs=arg0,1: copy only these function arguments (by printed name
//     or index);
//   - padding=N: pad the innermost dimension of each fast buffer by N
//     elements (the paper pads f16 tiles by 8 to avoid bank conflicts);
//     indices are unchanged, so padding never changes results;
//   - global-buffers: fast buffers are `memref.global "private"` in the
//     fast memory space (`= uninitialized`) read through memref.get_global,
//     with no dealloc, as GPU shared memory needs.
//
// Correctness differences from upstream 19, on purpose:
//   - affine.if conditions around an access are part of its region, so a
//     guarded tile at a boundary is copied within the guard; conditions on
//     the IVs of loops outside the copy become an affine.if around the
//     copy nest, and copies never leave the memref's static shape
//     (upstream sizes and copies the unguarded region, out of bounds);
//   - regions are exact through tile loops: the stride of a loop whose
//     bounds start at an outer IV is kept (the paper's 128x64 A tile under
//     a 64x32 warp tiling is 128x64, not 191x95);
//   - copy-in covers the read regions only, never elements that are only
//     written (they may be uninitialised); copy-out writes back each
//     write region when it is exact (every element in it is written:
//     affine bounds, then-branches, unit strides), else the copy-in set
//     when that contains every write region; otherwise the memref is not
//     copied and a remark says why (upstream writes back the bounding box
//     of sparse stores, uninitialised elements included);
//   - hoisting stops at a loop that touches the memref outside the range;
//   - the dead affine.apply ops and unused index constants upstream leaves
//     behind are not created.
//
// Example (generate-dma=false fast-mem-space=2 skip-non-unit-stride-loops)
// on a 32x32-tiled matmul, for the C tile:
//
//	affine.for %i = 0 to 256 step 32 {
//	  affine.for %j = 0 to 256 step 32 {
//	    %alloc = memref.alloc() : memref<32x32xf32, 2>
//	    affine.for %x = #map(%i) to #map1(%i) {
//	      affine.for %y = #map(%j) to #map1(%j) {
//	        %0 = affine.load %C[%x, %y] : memref<256x256xf32>
//	        affine.store %0, %alloc[%x - %i, %y - %j] : memref<32x32xf32, 2>
//	      }
//	    }
//	    affine.for %k = 0 to 256 step 32 { ... %alloc[-%i + %ii, -%j + %jj] ... }
//	    ... copy-out of %alloc to %C ...
//	    memref.dealloc %alloc : memref<32x32xf32, 2>
//	  }
//	}
package affinedatacopy
