// Package affinescalrep implements affine-scalrep, as upstream's
// AffineScalarReplacement: affine memory accesses are replaced by scalars
// where the value is known.
//
//   - store-to-load forwarding: a load of the element a dominating store
//     wrote, with no possibly interfering write in between, is replaced by
//     the stored value;
//   - redundant load elimination: a load of an element an earlier load
//     read, with no possibly interfering write in between, reuses it;
//   - dead store elimination: a store overwritten by a later store to the
//     same element of the same block, with no possible read in between, is
//     erased;
//   - memrefs from memref.alloc that are then only stored to (and
//     deallocated) are erased with their stores.
//
// Accesses match when they use the same memref, the same canonical map and
// the same operands. A value known before a loop stays known in its body
// only when nothing in the loop may write that memref. Writes to another
// memref block forwarding unless both memrefs are distinct local
// allocations (function arguments may alias); ops with unknown effects
// block everything. This is more conservative than upstream, which uses
// dependence analysis to see through writes to other elements.
//
//	affine.for %i = 0 to 10 {
//	  affine.store %v, %A[%i] : memref<10xf32>
//	  %w = affine.load %A[%i] : memref<10xf32>
//	  %x = arith.addf %w, %w : f32
//	}
//
// becomes
//
//	affine.for %i = 0 to 10 {
//	  affine.store %v, %A[%i] : memref<10xf32>
//	  %x = arith.addf %v, %v : f32
//	}
package affinescalrep
