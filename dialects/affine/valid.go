package affine

import (
	"github.com/goopt/goopt/ir"
)

// Op names of the dialect, for IsA-style checks without typed views.
const (
	ForName              = "affine.for"
	IfName               = "affine.if"
	ParallelName         = "affine.parallel"
	YieldName            = "affine.yield"
	ApplyName            = "affine.apply"
	MinName              = "affine.min"
	MaxName              = "affine.max"
	LoadName             = "affine.load"
	StoreName            = "affine.store"
	VectorLoadName       = "affine.vector_load"
	VectorStoreName      = "affine.vector_store"
	PrefetchName         = "affine.prefetch"
	DmaStartName         = "affine.dma_start"
	DmaWaitName          = "affine.dma_wait"
	DelinearizeIndexName = "affine.delinearize_index"
)

// ConstantIntValue returns the integer held by v's defining constant-like
// op (arith.constant and friends), as MLIR's getConstantIntValue.
func ConstantIntValue(v *ir.Value) (int64, bool) { return ir.ConstantInt(v) }

func isConstant(v *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && d.HasTrait(ir.ConstantLike)
}

func isIndex(v *ir.Value) bool { _, ok := v.Type().(*ir.IndexType); return ok }

// ownerOp returns the op whose region holds v's definition, or nil when the
// definition is unlinked.
func ownerOp(v *ir.Value) *ir.Operation {
	if v.IsBlockArgument() {
		return v.OwnerBlock().ParentOp()
	}
	return v.DefiningOp().ParentOp()
}

// IsTopLevelValue reports whether v is defined at the top level of an op
// with the AffineScope trait (a block argument of its region included).
// Values in unlinked regions are conservatively not top-level.
func IsTopLevelValue(v *ir.Value) bool {
	p := ownerOp(v)
	return p != nil && p.HasTrait(ir.AffineScope)
}

// isTopLevelValueIn reports whether v is defined directly in region r.
func isTopLevelValueIn(v *ir.Value, r *ir.Region) bool {
	return v.ParentRegion() == r
}

// AffineScope returns the closest region enclosing op that is held by an op
// with the AffineScope trait, or nil.
func AffineScope(op *ir.Operation) *ir.Region {
	for cur := op; ; {
		p := cur.ParentOp()
		if p == nil {
			return nil
		}
		if p.HasTrait(ir.AffineScope) {
			return cur.ParentRegion()
		}
		cur = p
	}
}

// IsValidDim reports whether v can be used as a dimension id anywhere it is
// used: a valid symbol, an affine.for/affine.parallel induction variable, or
// an affine.apply of valid dims.
func IsValidDim(v *ir.Value) bool {
	if !isIndex(v) {
		return false
	}
	if d := v.DefiningOp(); d != nil {
		return IsValidDimIn(v, AffineScope(d))
	}
	p := v.OwnerBlock().ParentOp()
	return p != nil && (p.HasTrait(ir.AffineScope) || p.Is(ForName) || p.Is(ParallelName))
}

// IsValidDimIn reports whether v is a valid dimension id for uses in region
// (the affine scope of the user; nil when there is none).
func IsValidDimIn(v *ir.Value, region *ir.Region) bool {
	if !isIndex(v) {
		return false
	}
	if IsValidSymbolIn(v, region) {
		return true
	}
	d := v.DefiningOp()
	if d == nil {
		p := v.OwnerBlock().ParentOp()
		return p != nil && (p.Is(ForName) || p.Is(ParallelName))
	}
	if d.Is(ApplyName) {
		return allValidIn(d.Operands(), region, IsValidDimIn)
	}
	if isShapedDimOp(d) {
		return IsTopLevelValue(d.Operand(0))
	}
	return false
}

// IsValidSymbol reports whether v can be used as a symbol at all its uses:
// a top-level value of an affine scope, a constant, an affine.apply of
// symbols, or a dim of a memref whose size is a symbol.
func IsValidSymbol(v *ir.Value) bool {
	if v == nil || !isIndex(v) {
		return false
	}
	if IsTopLevelValue(v) {
		return true
	}
	if d := v.DefiningOp(); d != nil {
		return IsValidSymbolIn(v, AffineScope(d))
	}
	return false
}

// IsValidSymbolIn reports whether v is a valid symbol for uses in region
// (nil: only values that are symbols regardless of region structure).
func IsValidSymbolIn(v *ir.Value, region *ir.Region) bool {
	if !isIndex(v) {
		return false
	}
	if region != nil && isTopLevelValueIn(v, region) {
		return true
	}
	// A value that dominates region's parent op (and is not cut off by an
	// isolated op) is a symbol if it is one for the enclosing region.
	outer := func() bool {
		if region == nil {
			return false
		}
		rop := region.Parent()
		if rop == nil || rop.HasTrait(ir.IsolatedFromAbove) {
			return false
		}
		if pr := rop.ParentRegion(); pr != nil {
			return IsValidSymbolIn(v, pr)
		}
		return false
	}
	d := v.DefiningOp()
	if d == nil {
		return outer()
	}
	if d.HasTrait(ir.ConstantLike) {
		return true
	}
	if d.Is(ApplyName) {
		return allValidIn(d.Operands(), region, IsValidSymbolIn)
	}
	if isShapedDimOp(d) {
		return isDimOpValidSymbol(d, region)
	}
	return outer()
}

func isShapedDimOp(op *ir.Operation) bool {
	return (op.Is("memref.dim") || op.Is("tensor.dim")) && op.NumOperands() == 2
}

// isDimOpValidSymbol: the dim op's source is top-level, or it is an alloc
// whose matching dynamic size is a valid symbol.
func isDimOpValidSymbol(dim *ir.Operation, region *ir.Region) bool {
	src := dim.Operand(0)
	if IsTopLevelValue(src) {
		return true
	}
	if src.IsBlockArgument() {
		return false
	}
	idx, ok := ConstantIntValue(dim.Operand(1))
	if !ok {
		return false
	}
	def := src.DefiningOp()
	if !def.Is("memref.alloc") && !def.Is("memref.alloca") {
		return false
	}
	mt, ok := src.Type().(*ir.MemRefType)
	if !ok || idx < 0 || int(idx) >= mt.Rank() {
		return false
	}
	if mt.Dims[idx] >= 0 {
		return true
	}
	pos := 0
	for i := 0; i < int(idx); i++ {
		if mt.Dims[i] < 0 {
			pos++
		}
	}
	if pos >= def.NumOperands() {
		return false
	}
	return IsValidSymbolIn(def.Operand(pos), region)
}

// verifyDimAndSymbolIdentifiers checks operands laid out dims first, then symbols.
func verifyDimAndSymbolIdentifiers(op *ir.Operation, operands []*ir.Value, numDims int) error {
	scope := AffineScope(op)
	for i, v := range operands {
		if i < numDims {
			if !IsValidDimIn(v, scope) {
				return op.Errorf("operand cannot be used as a dimension id")
			}
		} else if !IsValidSymbolIn(v, scope) {
			return op.Errorf("operand cannot be used as a symbol")
		}
	}
	return nil
}

// allValidIn reports whether every one of vs passes valid in region: an
// affine.apply is a valid dim (symbol) when all its operands are.
func allValidIn(vs []*ir.Value, region *ir.Region, valid func(*ir.Value, *ir.Region) bool) bool {
	for _, v := range vs {
		if !valid(v, region) {
			return false
		}
	}
	return true
}
