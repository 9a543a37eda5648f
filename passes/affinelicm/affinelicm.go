package affinelicm

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/affine/analysis"
	"github.com/goopt/goopt/dialects/affine/looputil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/pass"
)

// New returns the pass.
var New = pass.DefineFunc(pass.Base{Arg: "affine-loop-invariant-code-motion", Desc: "Hoist loop invariant instructions outside of affine loops", On: "func.func", Display: "AffineLoopInvariantCodeMotion"}, run)

// run hoists invariant ops out of every affine.for, innermost first.
func run(op *ir.Operation, am *pass.AnalysisManager) error {
	for _, f := range looputil.Loops(op) {
		HoistInvariants(f)
	}
	return nil
}

// HoistInvariants moves the invariant ops of f's body before f and
// reports how many moved.
func HoistInvariants(f affine.ForOp) int {
	tc, ok := f.ConstantTripCount()
	h := &hoister{loop: f, hoisted: map[*ir.Operation]bool{}, runsOnce: ok && tc >= 1, opaqueWrites: writesUnnamedMemory(f.Operation)}
	var moves []*ir.Operation
	for _, op := range f.Body().Ops() {
		if op.HasTrait(ir.Terminator) {
			continue
		}
		if h.invariant(op) {
			h.hoisted[op] = true
			moves = append(moves, op)
		}
	}
	for _, op := range moves {
		op.MoveBefore(f.Operation)
	}
	return len(moves)
}

type hoister struct {
	loop     affine.ForOp
	hoisted  map[*ir.Operation]bool
	runsOnce bool
	// opaqueWrites is set when an op in the loop has unknown effects or
	// writes memory it does not name (a call, gpu.barrier): no access may
	// be hoisted across it, whichever memref it uses.
	opaqueWrites bool
}

// invariant is isOpLoopInvariant.
func (h *hoister) invariant(op *ir.Operation) bool {
	switch {
	case op.Is(affine.ForName):
		return false
	case op.Is(affine.IfName):
		if !h.runsOnce && containsMemoryOp(op) {
			return false
		}
		if !h.operandsInvariant(op, nil) {
			return false
		}
		return h.bodyInvariant(op, op)
	}
	return h.nestedInvariant(op, nil)
}

// bodyInvariant reports whether every op nested in the affine.if ifOp
// (its terminators aside) is invariant when hoisted inside within.
func (h *hoister) bodyInvariant(ifOp, within *ir.Operation) bool {
	ok := true
	ir.Walk(ifOp, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		if o == ifOp || o.HasTrait(ir.Terminator) {
			return ir.Advance
		}
		if !h.nestedInvariant(o, within) {
			ok = false
			return ir.Interrupt
		}
		return ir.Skip
	})
	return ok
}

// nestedInvariant checks a non-if op (at top level, or inside the
// affine.if within being hoisted).
func (h *hoister) nestedInvariant(op, within *ir.Operation) bool {
	if op.Is(affine.IfName) {
		if !h.operandsInvariant(op, within) {
			return false
		}
		return h.bodyInvariant(op, within)
	}
	if op.Is(affine.ForName) {
		return false
	}
	if ir.IsMemoryEffectFree(op) {
		return h.operandsInvariant(op, within)
	}
	// Of the ops with memory effects only affine accesses (upstream's
	// AffineRead/WriteOpInterface) and hints are hoisted, and only out of a
	// loop known to run: hoisting out of a loop that may not run would add
	// an access (or a hint the loop never gave).
	isRead, isWrite := analysis.IsAffineRead(op), analysis.IsAffineWrite(op)
	if !isRead && !isWrite && !isHint(op) || !h.runsOnce {
		return false
	}
	if (isRead || isWrite) && h.opaqueWrites {
		return false
	}
	if isRead || isWrite {
		// Every other use of the memref in the loop must read it, and a
		// store's memref must not be read either. A use that neither reads
		// nor writes it (a view, a cast) may alias it: refuse.
		a, _ := analysis.NewMemRefAccess(op)
		for _, u := range a.MemRef.Users() {
			if u == op || !h.loop.IsAncestor(u) {
				continue
			}
			reads := ir.MayRead(u, a.MemRef)
			if ir.MayWrite(u, a.MemRef) || reads && isWrite || !reads {
				return false
			}
		}
	}
	return h.operandsInvariant(op, within)
}

// operandsInvariant reports whether op's operands are defined outside the
// loop, by hoisted ops, or inside within (the affine.if being hoisted).
func (h *hoister) operandsInvariant(op, within *ir.Operation) bool {
	iv := h.loop.InductionVar()
	for _, v := range op.Operands() {
		if v == iv {
			return false
		}
		var def *ir.Operation
		if v.IsBlockArgument() {
			def = v.OwnerBlock().ParentOp()
			if def == h.loop.Operation {
				return false // iter_args
			}
			if within != nil && (def == within || within.IsAncestor(def)) {
				continue
			}
			if def != nil && h.loop.IsAncestor(def) {
				return false
			}
			continue
		}
		def = v.DefiningOp()
		if within != nil && within.IsAncestor(def) {
			continue
		}
		if h.loop.IsAncestor(def) && !h.hoisted[def] {
			return false
		}
	}
	return true
}

func containsMemoryOp(op *ir.Operation) bool {
	found := false
	ir.WalkOps(op, func(o *ir.Operation) {
		if o != op && !o.HasTrait(ir.Terminator) && !ir.IsMemoryEffectFree(o) {
			found = true
		}
	})
	return found
}

// isHint reports whether op only gives hints, as affine.prefetch does: it
// changes nothing but CacheResource, and reads only the memrefs it names.
// Moving a hint never changes what the program computes.
func isHint(op *ir.Operation) bool {
	effects, known := ir.LocalMemoryEffects(op)
	if !known || op.NumRegions() != 0 {
		return false
	}
	hint := false
	for _, e := range effects {
		switch {
		case e.Resource == ir.CacheResource:
			hint = true
		case e.Kind != ir.Read || e.Value == nil:
			return false
		}
	}
	return hint
}

// writesUnnamedMemory reports whether an op nested in loop has unknown
// effects or writes or frees memory without naming the memref.
func writesUnnamedMemory(loop *ir.Operation) bool {
	found := false
	ir.WalkOps(loop, func(o *ir.Operation) {
		effects, known := ir.LocalMemoryEffects(o)
		found = found || !known
		for _, e := range effects {
			found = found || e.Resource == ir.DefaultResource && e.Value == nil && (e.Kind == ir.Write || e.Kind == ir.Free)
		}
	})
	return found
}
