package vector

import (
	"slices"

	"github.com/goopt/goopt/ir"
)

// Folders, after upstream's simple ones: identities, chains of
// broadcast/extract/insert/shape_cast, and splat constants. A folder that
// rewrites its op in place returns the op's own result.

// splatValue returns the element of a splat constant, or nil.
func splatValue(a ir.Attribute) ir.Attribute {
	if d, ok := a.(*ir.DenseElementsAttr); ok && d.Splat && len(d.Elements) == 1 {
		return d.Elements[0]
	}
	return nil
}

func foldBroadcast(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	src, rt := op.Operand(0), asVector(op.Result(0).Type())
	if src.Type() == rt {
		return []ir.FoldResult{{Value: src}}
	}
	if a := operands[0]; a != nil {
		if v := splatValue(a); v != nil {
			return []ir.FoldResult{{Attr: ir.DenseSplat(rt, v)}}
		}
		if isScalar(a.(ir.TypedAttribute).Type()) {
			return []ir.FoldResult{{Attr: ir.DenseSplat(rt, a)}}
		}
	}
	// broadcast(broadcast(x)) is broadcast(x): broadcasts compose.
	if d := src.DefiningOp(); d != nil && d.Name() == "vector.broadcast" {
		op.SetOperand(0, d.Operand(0))
		return []ir.FoldResult{{Value: op.Result(0)}}
	}
	return nil
}

func foldSplat(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if a := operands[0]; a != nil {
		return []ir.FoldResult{{Attr: ir.DenseSplat(asVector(op.Result(0).Type()), a)}}
	}
	return nil
}

// staticPosition returns an extract's or insert's position when no entry is dynamic.
func staticPosition(op *ir.Operation) ([]int64, bool) {
	pos := Position(op)
	return pos, !slices.Contains(pos, ir.Dynamic)
}

func foldExtract(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	src, rt := op.Operand(0), op.Result(0).Type()
	pos, static := staticPosition(op)
	if len(pos) == 0 && src.Type() == rt {
		return []ir.FoldResult{{Value: src}}
	}
	if v := splatValue(operands[0]); v != nil {
		if vt := asVector(rt); vt != nil {
			return []ir.FoldResult{{Attr: ir.DenseSplat(vt, v)}}
		}
		return []ir.FoldResult{{Attr: v}}
	}
	d := src.DefiningOp()
	if d == nil {
		return nil
	}
	switch d.Name() {
	case "vector.broadcast", "vector.splat":
		// Extracting from a broadcast reads the broadcast value: the scalar
		// itself, or the source when the extract lands on its trailing shape.
		in := d.Operand(0)
		if in.Type() == rt {
			return []ir.FoldResult{{Value: in}}
		}
		if it := asVector(in.Type()); it != nil && static && it.Rank() < asVector(src.Type()).Rank()-len(pos) {
			return nil
		}
	case "vector.insert":
		// extract(insert(x, v, p), p) is x.
		if ipos, ok := staticPosition(d); ok && static && slices.Equal(ipos, pos) && d.Operand(0).Type() == rt {
			return []ir.FoldResult{{Value: d.Operand(0)}}
		}
	case "vector.extract":
		// extract(extract(v, p), q) is extract(v, p ++ q).
		if ipos, ok := staticPosition(d); ok && static {
			op.SetOperand(0, d.Operand(0))
			op.SetAttr(staticPositionAttr, ir.DenseI64Array(append(append([]int64(nil), ipos...), pos...)...))
			return []ir.FoldResult{{Value: op.Result(0)}}
		}
	}
	return nil
}

func foldInsert(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	pos, static := staticPosition(op)
	if len(pos) == 0 && op.Operand(0).Type() == op.Result(0).Type() {
		return []ir.FoldResult{{Value: op.Operand(0)}}
	}
	// insert(extract(v, p), v, p) is v.
	if d := op.Operand(0).DefiningOp(); d != nil && d.Name() == "vector.extract" && d.Operand(0) == op.Operand(1) {
		if epos, ok := staticPosition(d); ok && static && slices.Equal(epos, pos) {
			return []ir.FoldResult{{Value: op.Operand(1)}}
		}
	}
	return nil
}

func allOnes(xs []int64) bool {
	for _, x := range xs {
		if x != 1 {
			return false
		}
	}
	return true
}

func foldExtractStridedSlice(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	if op.Operand(0).Type() == op.Result(0).Type() {
		return []ir.FoldResult{{Value: op.Operand(0)}}
	}
	return nil
}

func foldInsertStridedSlice(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	if op.Operand(0).Type() == op.Operand(1).Type() && allOnes(Strides(op)) {
		return []ir.FoldResult{{Value: op.Operand(0)}}
	}
	return nil
}

func foldShapeCast(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	src, rt := op.Operand(0), asVector(op.Result(0).Type())
	if src.Type() == rt {
		return []ir.FoldResult{{Value: src}}
	}
	if v := splatValue(operands[0]); v != nil {
		return []ir.FoldResult{{Attr: ir.DenseSplat(rt, v)}}
	}
	if d := src.DefiningOp(); d != nil && d.Name() == "vector.shape_cast" {
		// shape_cast(shape_cast(x)) is x when the types round-trip, else
		// one shape_cast from x (valid when it goes one way, as upstream).
		in := d.Operand(0)
		if in.Type() == rt {
			return []ir.FoldResult{{Value: in}}
		}
		it := asVector(in.Type())
		if (it.Rank() > rt.Rank() && validShapeCast(rt.Dims, it.Dims)) || (it.Rank() < rt.Rank() && validShapeCast(it.Dims, rt.Dims)) {
			op.SetOperand(0, in)
			return []ir.FoldResult{{Value: op.Result(0)}}
		}
	}
	return nil
}

// createMaskFolder turns a create_mask of constant sizes into a
// constant_mask, clamping each size to its dimension (upstream's
// CreateMaskFolder); a non-positive size makes the whole mask empty.
type createMaskFolder struct{}

func (createMaskFolder) RootName() string { return "vector.create_mask" }
func (createMaskFolder) Benefit() int     { return 1 }

func (createMaskFolder) MatchAndRewrite(op *ir.Operation, rw *ir.Rewriter) bool {
	vt := asVector(op.Result(0).Type())
	if vt.Rank() == 0 || vt.IsScalable() {
		return false
	}
	sizes := make([]int64, vt.Rank())
	empty := false
	for i, v := range op.Operands() {
		c, ok := constantInt(v)
		if !ok {
			return false
		}
		sizes[i] = min(max(c, 0), vt.Dims[i])
		empty = empty || sizes[i] == 0
	}
	if empty {
		clear(sizes)
	}
	rw.SetInsertionPointBefore(op)
	n := rw.Create(&ir.OperationState{Name: "vector.constant_mask", Loc: op.Loc(), Types: []ir.Type{vt},
		Attrs: []ir.NamedAttribute{{Name: maskDimSizesAttr, Value: ir.I64Array(sizes...)}}})
	rw.ReplaceOp(op, n.Results())
	return true
}

// constantInt returns the value of an integer constant.
func constantInt(v *ir.Value) (int64, bool) {
	d := v.DefiningOp()
	if d == nil || !d.HasTrait(ir.ConstantLike) {
		return 0, false
	}
	if ia, ok := d.Attr("value").(*ir.IntegerAttr); ok {
		return ia.Int(), true
	}
	return 0, false
}
