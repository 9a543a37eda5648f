package memref

import "github.com/goopt/goopt/ir"

// foldOperandCasts replaces operands produced by a ranked-to-ranked
// memref.cast with the cast's source (MLIR's foldMemRefCast): consumers can
// always use the more static type. It updates op in place.
func foldOperandCasts(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	changed := false
	for i, v := range op.Operands() {
		c := v.DefiningOp()
		if c == nil || c.Name() != "memref.cast" || c.NumOperands() != 1 {
			continue
		}
		if _, unranked := c.Operand(0).Type().(*ir.UnrankedMemRefType); unranked {
			continue
		}
		op.SetOperand(i, c.Operand(0))
		changed = true
	}
	if !changed {
		return nil
	}
	return inPlace(op)
}

// inPlace is the fold result that reports an in-place update of op.
func inPlace(op *ir.Operation) []ir.FoldResult {
	out := make([]ir.FoldResult, op.NumResults())
	for i, r := range op.Results() {
		out[i] = ir.FoldResult{Value: r}
	}
	return out
}

// foldIdentityCast folds a cast-like op whose result type equals its operand's.
func foldIdentityCast(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() == 1 && op.NumResults() == 1 && op.Operand(0).Type() == op.Result(0).Type() {
		return []ir.FoldResult{{Value: op.Operand(0)}}
	}
	return nil
}

// foldDim folds memref.dim of a static dimension to a constant and of a
// dynamic dimension of an allocation or view to the size operand.
func foldDim(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 2 {
		return nil
	}
	var idx int64
	if len(operands) > 1 {
		ia, ok := operands[1].(*ir.IntegerAttr)
		if !ok {
			return nil
		}
		idx = ia.Int()
	} else {
		return nil
	}
	t := asMemRef(op.Operand(0).Type())
	if t == nil || idx < 0 || idx >= int64(t.Rank()) {
		return nil
	}
	if d := t.Dims[idx]; d != ir.Dynamic {
		return []ir.FoldResult{{Attr: ir.IndexAttr(d)}}
	}
	src := op.Operand(0).DefiningOp()
	if src == nil {
		return nil
	}
	// Position of the dimension among the dynamic ones.
	pos := ir.CountDynamic(t.Dims[:idx])
	var sizes []*ir.Value
	switch src.Name() {
	case "memref.alloc", "memref.alloca":
		sizes = src.OperandGroup(0)
	case "memref.view":
		if src.NumOperands() >= 2 {
			sizes = src.Operands()[2:]
		}
	case "memref.realloc":
		sizes = src.Operands()[1:]
	case "memref.subview", "memref.reinterpret_cast":
		// Only an unreduced view has a 1-1 mapping of sizes.
		static := denseI64(src, "static_sizes")
		if len(static) != t.Rank() {
			return nil
		}
		mixed := MixedValues(static, src.OperandGroup(2))
		if v := mixed[idx].Value; v != nil {
			return []ir.FoldResult{{Value: v}}
		}
		return nil
	}
	if pos < len(sizes) {
		return []ir.FoldResult{{Value: sizes[pos]}}
	}
	return nil
}

// foldRank folds memref.rank of a ranked memref to a constant.
func foldRank(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 1 {
		return nil
	}
	if t := asMemRef(op.Operand(0).Type()); t != nil {
		return []ir.FoldResult{{Attr: ir.IndexAttr(int64(t.Rank()))}}
	}
	return nil
}

// foldCast folds cast(cast(x)) to cast(x) when the outer cast can take x
// directly, and an identity cast to its operand.
func foldCast(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if r := foldIdentityCast(op, operands); r != nil {
		return r
	}
	if op.NumOperands() != 1 {
		return nil
	}
	in := op.Operand(0).DefiningOp()
	if in == nil || in.Name() != "memref.cast" || in.NumOperands() != 1 {
		return nil
	}
	if in.Operand(0).Type() == op.Result(0).Type() {
		return []ir.FoldResult{{Value: in.Operand(0)}}
	}
	if castCompatible(in.Operand(0).Type(), op.Result(0).Type()) {
		op.SetOperand(0, in.Operand(0))
		return inPlace(op)
	}
	return nil
}

// foldSubView folds a subview that takes the whole source (zero offsets,
// full static sizes, unit strides) and has the source's type.
func foldSubView(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	src := asMemRef(op.Operand(0).Type())
	if src == nil || op.Result(0).Type() != src || !src.HasStaticShape() {
		return nil
	}
	offs, sizes, strides := denseI64(op, "static_offsets"), denseI64(op, "static_sizes"), denseI64(op, "static_strides")
	if len(offs) != src.Rank() || len(sizes) != src.Rank() || len(strides) != src.Rank() {
		return nil
	}
	for i := range offs {
		if offs[i] != 0 || sizes[i] != src.Dims[i] || strides[i] != 1 {
			return nil
		}
	}
	return []ir.FoldResult{{Value: op.Operand(0)}}
}
