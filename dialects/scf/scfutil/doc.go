// Package scfutil holds transformations of scf loops shared by passes:
// today the coalescing of perfectly nested scf.for loops (upstream's
// coalescePerfectlyNestedSCFForLoops, used by affine-loop-coalescing).
//
// Example: collapse the band rooted at an scf.for into one loop.
//
//	if scf, ok := scf.AsForOp(op); ok {
//		scfutil.CoalescePerfectlyNestedForLoops(ctx, scf.Operation)
//	}
package scfutil
