// Package affineloopnormalize implements upstream's affine-loop-normalize
// pass: every affine.for and affine.parallel is rewritten to run from 0
// with step 1 (looputil.NormalizeAffineFor/NormalizeAffineParallel); the
// original induction variable is recomputed with an affine.apply at the
// top of the body. Loops with a max lower bound (and affine.parallel with
// min/max bounds) are left alone. `promote-single-iter` inlines the bodies
// of loops that run once.
//
//	affine.for %i = 2 to %n step 3 {
//	  "use"(%i) : (index) -> ()
//	}
//
// becomes
//
//	affine.for %i = 0 to affine_map<()[s0] -> ((s0 - 2) ceildiv 3)>()[%n] {
//	  %0 = affine.apply affine_map<(d0) -> (d0 * 3 + 2)>(%i)
//	  "use"(%0) : (index) -> ()
//	}
package affineloopnormalize
