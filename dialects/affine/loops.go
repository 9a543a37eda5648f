package affine

import "github.com/goopt/goopt/ir"

// EraseZeroTripLoop removes a loop known to run zero times, replacing its
// results by the inits. It reports whether it did.
func EraseZeroTripLoop(rw *ir.Rewriter, f ForOp) bool {
	tc, ok := f.ConstantTripCount()
	if !ok || tc != 0 {
		return false
	}
	rw.ReplaceOp(f.Operation, f.Inits())
	return true
}
