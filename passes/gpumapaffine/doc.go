// Package gpumapaffine is the named pipeline gpu-map-affine (goopt's own;
// upstream MLIR has no such pipeline): it maps any affine function whose
// outer loops are parallel to gpu.launch kernels. `goopt compile` runs it
// on every input whose loop nests are not a matmul (those go to
// gpu-matmul-wmma).
//
// Each outermost affine.for nest is analysed with the dependence analysis
// (isLoopParallel, as affine-parallelize): its band of perfectly nested
// parallel loops runs on the grid, and the body under the band picks one
// of three plans.
//
//   - Element-wise (a body without loops): the innermost parallel loop on
//     threadIdx.x, so consecutive threads touch consecutive elements; the
//     other band loops, linearised, on threadIdx.y and the grid's y. Where
//     every access contiguous in x is aligned, a thread handles vectors of
//     vector-width elements (vector.load/vector.store, 128-bit for 4×f32
//     with convert-gpu-to-nvvm's vector-alignment-from-indices), loads
//     that do not depend on x are broadcast, and coarsen vectors per
//     thread, each still coalesced across the warp. When vector-width
//     does not divide the x trip count, the thread whose vector would
//     run past the end handles its last elements one by one (a scalar
//     tail); the rest stays vectorised.
//   - Transpose (a 2-D band whose one store is transposed, B[j][i] =
//     f(A[i][j])): tiles staged in workgroup memory, padded by one element
//     or XOR-swizzled (transpose-smem), with a barrier between the
//     coalesced reads and the coalesced writes. Where both memrefs' rows
//     are vector-aligned, threads load vector-width elements of A along x
//     and store vector-width elements of B along y (16-byte accesses for
//     4×f32; the tile itself is accessed by scalars, conflict-free). Only
//     edge tiles, where the tile does not divide a dimension, are guarded
//     (element by element, scalar); interior tiles run unguarded. Where
//     rows are not vector-aligned (4097x8191 f32: row starts only 4-byte
//     aligned), interior tiles still move in vectors: each tile row is
//     read as the vectors at aligned offsets of a flat view of the
//     buffer (memref.reinterpret_cast) that cover it, keeping the
//     elements inside the tile, and written as the aligned vectors of
//     B's flat view, whole inside the tile and element by element at its
//     two ends. transpose=tma instead loads each tile with TMA loads
//     (boxes of 32 columns, the span of a 128-byte swizzle) into
//     128-byte-swizzled dynamic shared memory, reads it transposed into a
//     plain tile and stores that with one TMA store (the
//     tensor maps zero-fill and clip at the edges; plain transposes of
//     32-bit elements whose rows are 16-byte multiples, a located error
//     otherwise).
//   - Rows (inner loops under the band: reductions as affine.for with
//     iter_args, or affine.parallel with reduce, and parallel loops): one
//     warp per row for rows of at most warp-row-max elements, one block per
//     row otherwise (reduce-plan). Lanes stride over each inner loop (on
//     vectors of vector-width elements where its accesses allow, as
//     above), partials are combined with gpu.shuffle xor within warps and
//     through workgroup memory across warps. Rows whose ops share written
//     memory go to blocks, with barriers between the phases. When every
//     loop of the row has the same iteration space and the lanes divide
//     it into at most row-registers vectors each, the plan is single-pass:
//     each lane runs the same iterations of every loop, unrolled, and the
//     loads of memory the row does not write are read once and kept in
//     registers for the later loops (softmax reads its row once, not
//     three times). Where the lanes do not divide the row or rows do not
//     start at vector-aligned offsets, the plan is the masked single
//     pass: in a flat view of each memref, each lane takes the row's
//     interior vectors at aligned offsets (every load and store 16 bytes
//     aligned, the rows' accesses sharing one buffer offset) as plain
//     vector accesses, only the slots that can fall past the interior
//     predicated by one i1 (the partials kept, the store skipped); the
//     at most vw-1 elements at each end of the row are one scalar each
//     on the last lanes. The registers held across the loops are the
//     interior vectors, as in the resident plan.
//
// Sizes need not divide the tiles: boundary threads are guarded with
// scf.if. Grids are exact by default; grid=stride caps the x grid at
// stride-blocks and loops. f32 math.exp in kernels is expanded into arith
// ops (expand-exp), since goopt's GPU lowering links no libdevice. A nest
// that cannot be mapped fails the pipeline with a located error naming the
// reason (an outer loop that carries a dependence, non-constant bounds, a
// reduction that is not on 32-bit values, ...).
//
//	goopt opt vecadd.mlir --gpu-map-affine
//	goopt opt transpose.mlir --gpu-map-affine="transpose-smem=xor"
//	goopt compile transpose.mlir --pipeline='gpu-map-affine{transpose=tma}'
//	goopt opt softmax.mlir --pass-pipeline='builtin.module(gpu-map-affine{reduce-plan=block})'
//
// Input, vector add:
//
//	affine.for %i = 0 to 1024 {
//	  %a = affine.load %A[%i] : memref<1024xf32>
//	  %b = affine.load %B[%i] : memref<1024xf32>
//	  %s = arith.addf %a, %b : f32
//	  affine.store %s, %C[%i] : memref<1024xf32>
//	}
//
// Output:
//
//	gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
//	           threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
//	  %0 = arith.muli %tx, %c4 : index
//	  %1 = arith.muli %bx, %c1024 : index
//	  %2 = arith.addi %1, %0 : index
//	  %3 = vector.load %A[%2] : memref<1024xf32>, vector<4xf32>
//	  %4 = vector.load %B[%2] : memref<1024xf32>, vector<4xf32>
//	  %5 = arith.addf %3, %4 : vector<4xf32>
//	  vector.store %5, %C[%2] : memref<1024xf32>, vector<4xf32>
//	  gpu.terminator
//	}
package gpumapaffine
