package analysis

import (
	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

// MemRefAccess is an affine memory access: the memref, the access map and
// its operands (composed through affine.apply producers), and whether the
// access writes.
type MemRefAccess struct {
	Op       *ir.Operation
	MemRef   *ir.Value
	Map      *aff.Map
	Operands []*ir.Value
	IsStore  bool
}

// IsAffineAccess reports whether op is affine.load/store/vector_load/vector_store.
func IsAffineAccess(op *ir.Operation) bool {
	switch op.Name() {
	case affine.LoadName, affine.StoreName, affine.VectorLoadName, affine.VectorStoreName:
		return true
	}
	return false
}

// IsAffineRead reports whether op is affine.load or affine.vector_load.
func IsAffineRead(op *ir.Operation) bool {
	return op.Is(affine.LoadName) || op.Is(affine.VectorLoadName)
}

// IsAffineWrite reports whether op is affine.store or affine.vector_store.
func IsAffineWrite(op *ir.Operation) bool {
	return op.Is(affine.StoreName) || op.Is(affine.VectorStoreName)
}

// NewMemRefAccess returns the access of an affine load/store op.
func NewMemRefAccess(op *ir.Operation) (*MemRefAccess, bool) {
	if !IsAffineAccess(op) {
		return nil, false
	}
	m, operands, ok := affine.AccessMap(op)
	if !ok {
		return nil, false
	}
	m, operands = affine.FullyComposeMapAndOperands(m, operands)
	a := &MemRefAccess{Op: op, Map: m, Operands: operands, IsStore: IsAffineWrite(op)}
	if a.IsStore {
		a.MemRef = op.Operand(1)
	} else {
		a.MemRef = op.Operand(0)
	}
	return a, true
}

// MemRefType returns the type of the accessed memref, or nil.
func (a *MemRefAccess) MemRefType() *ir.MemRefType {
	t, _ := a.MemRef.Type().(*ir.MemRefType)
	return t
}

// Rank returns the number of access map results.
func (a *MemRefAccess) Rank() int { return len(a.Map.Results) }

// SameAccess reports whether two accesses use the same memref with the same
// composed map and operands (MemRefAccess::operator== upstream).
func (a *MemRefAccess) SameAccess(b *MemRefAccess) bool {
	if a.MemRef != b.MemRef || len(a.Operands) != len(b.Operands) {
		return false
	}
	am, ao := affine.CanonicalizeMapAndOperands(a.Map, a.Operands)
	bm, bo := affine.CanonicalizeMapAndOperands(b.Map, b.Operands)
	if len(ao) != len(bo) || !am.Equal(bm) {
		return false
	}
	for i := range ao {
		if ao[i] != bo[i] {
			return false
		}
	}
	return true
}

// EnclosingLoops returns the affine.for ops enclosing op, outermost first,
// up to the closest affine scope.
func EnclosingLoops(op *ir.Operation) []affine.ForOp {
	var out []affine.ForOp
	for p := op.ParentOp(); p != nil && !p.HasTrait(ir.AffineScope); p = p.ParentOp() {
		if f, ok := affine.AsFor(p); ok {
			out = append(out, f)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// enclosingAffineOps returns the affine.for and affine.if ops (then
// branches only: an else branch is not a convex condition) enclosing op,
// outermost first, up to the closest affine scope.
func enclosingAffineOps(op *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	child := op
	for p := op.ParentOp(); p != nil && !p.HasTrait(ir.AffineScope); child, p = p, p.ParentOp() {
		switch {
		case p.Is(affine.ForName):
			out = append(out, p)
		case p.Is(affine.IfName):
			if child.ParentRegion() == p.Region(0) {
				out = append(out, p)
			}
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// LoopDepth returns the number of affine.for ops enclosing op.
func LoopDepth(op *ir.Operation) int { return len(EnclosingLoops(op)) }

// NumCommonLoops returns the number of affine.for ops enclosing both a and b.
func NumCommonLoops(a, b *ir.Operation) int {
	la, lb := EnclosingLoops(a), EnclosingLoops(b)
	n := 0
	for n < len(la) && n < len(lb) && la[n].Operation == lb[n].Operation {
		n++
	}
	return n
}
