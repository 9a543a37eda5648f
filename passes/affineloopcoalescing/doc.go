// Package affineloopcoalescing implements upstream's affine-loop-coalescing
// pass. For affine.for, each perfect nest of normalized loops (lower bound
// 0, step 1) whose bounds are defined above the band becomes one loop over
// the product of the trip counts, the original induction variables
// recovered with floordiv and mod (looputil.CoalesceLoops); affine nests
// that are not normalized are left alone (run affine-loop-normalize
// first). For scf.for, as upstream, the band is normalized on the way and
// iter_args that chain through the nest are carried
// (scfutil.CoalescePerfectlyNestedForLoops); the output is upstream's.
//
//	affine.for %i = 0 to %n {
//	  affine.for %j = 0 to 8 {
//	    "use"(%i, %j) : (index, index) -> ()
//	  }
//	}
//
// becomes
//
//	%0 = affine.apply affine_map<()[s0] -> (s0)>()[%n]
//	%1 = affine.apply affine_map<() -> (8)>()
//	%2 = affine.apply affine_map<(d0)[s0] -> (d0 * s0)>(%0)[%1]
//	affine.for %k = 0 to affine_map<()[s0] -> (s0)>()[%2] {
//	  %3 = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%k)[%1]
//	  %4 = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%k)[%1]
//	  "use"(%4, %3) : (index, index) -> ()
//	}
package affineloopcoalescing
