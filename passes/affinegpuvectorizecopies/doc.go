// Package affinegpuvectorizecopies implements affine-gpu-vectorize-copies,
// goopt's own pass (upstream MLIR has none; it is step 7 of the paper's
// GPU pipeline): the copy loops that move global memory into workgroup
// (shared) memory — an innermost affine.for whose body is an affine.load
// from a global memref and an affine.store of the value into a memref in
// address space 3, walking the contiguous dimension with step 1 — become
// vector copies of `vector-bits` bits (32, 64 or 128; default 128, i.e.
// vector<8xf16>) with affine.vector_load and affine.vector_store, the loop
// stepping by the vector length (gpuutil.VectorizeCopyLoop).
//
// A copy is refused with a remark, and left as it is, when the vectors
// would not be aligned: the trip count, the last dimension of either
// memref (the padded leading dimension of the shared buffer) or the start
// index of each vector is not a multiple of the vector length.
//
//	affine.for %ci = 0 to 32 {
//	  affine.for %ck = 0 to 16 {
//	    %v = affine.load %A[%i + %ci, %k + %ck] : memref<32x32xf16>
//	    affine.store %v, %as[%ci, %ck] : memref<32x24xf16, 3>
//	  }
//	}
//
// becomes, with %i and %k tile loop variables stepping by 32 and 16,
//
//	affine.for %ci = 0 to 32 {
//	  affine.for %ck = 0 to 16 step 8 {
//	    %v = affine.vector_load %A[%i + %ci, %k + %ck] : memref<32x32xf16>, vector<8xf16>
//	    affine.vector_store %v, %as[%ci, %ck] : memref<32x24xf16, 3>, vector<8xf16>
//	  }
//	}
package affinegpuvectorizecopies
