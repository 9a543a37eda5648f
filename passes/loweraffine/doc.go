// Package loweraffine implements upstream's lower-affine pass: affine ops
// become scf, arith, memref and vector ops, with upstream's exact
// expansion of affine expressions (AffineApplyExpander):
//
//   - affine.for → scf.for, lower bound max-chained with arith.maxsi and
//     upper bound min-chained with arith.minsi, the step an arith.constant;
//   - affine.if → scf.if on a non-short-circuit conjunction of
//     `arith.cmpi sge|eq, expr, %c0`;
//   - affine.parallel → scf.parallel with scf.reduce (identity inits for
//     reductions, one reduction region per result);
//   - affine.apply/min/max → arith (min/max as minsi/maxsi chains);
//   - affine.load/store/prefetch/dma_start/dma_wait → memref;
//   - affine.vector_load/vector_store → vector.load/vector.store;
//   - affine.delinearize_index → floordiv/mod chains (as
//     affine-expand-index-ops);
//   - affine.yield → scf.yield.
//
// `e mod c` becomes remsi plus a correction when negative; `floordiv` and
// `ceildiv` by a positive value become divsi with sign-dependent fix-ups.
// Division or modulo by a non-positive constant is an error, as upstream.
//
// As upstream, the pass is a partial dialect conversion (rewrite/convert)
// whose patterns are exported by Patterns: the affine dialect is illegal,
// arith, memref, scf and vector are legal, other ops are left alone. Ops
// are folded before they are lowered, and the ops a pattern creates (the
// affine.apply ops of delinearize_index) are lowered in turn. An op that
// cannot be lowered fails the pass with a located error and leaves the
// function unchanged.
//
//	affine.for %i = 0 to %n {
//	  %v = affine.load %A[%i floordiv 2] : memref<?xf32>
//	}
//
// becomes
//
//	%c0 = arith.constant 0 : index
//	%c1 = arith.constant 1 : index
//	scf.for %i = %c0 to %n step %c1 {
//	  %c2 = arith.constant 2 : index
//	  %c0_0 = arith.constant 0 : index
//	  %c-1 = arith.constant -1 : index
//	  %0 = arith.cmpi slt, %i, %c0_0 : index
//	  %1 = arith.subi %c-1, %i : index
//	  %2 = arith.select %0, %1, %i : index
//	  %3 = arith.divsi %2, %c2 : index
//	  %4 = arith.subi %c-1, %3 : index
//	  %5 = arith.select %0, %4, %3 : index
//	  %v = memref.load %A[%5] : memref<?xf32>
//	}
package loweraffine
