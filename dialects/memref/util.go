package memref

import (
	"fmt"
	"math/bits"

	"github.com/goopt/goopt/ir"
)

// segmentAttr is the property that splits variadic operand groups.
const segmentAttr = "operandSegmentSizes"

// asMemRef returns t as a ranked memref type, or nil.
func asMemRef(t ir.Type) *ir.MemRefType {
	m, _ := t.(*ir.MemRefType)
	return m
}

// isBaseMemRef reports whether t is a ranked or unranked memref.
func isBaseMemRef(t ir.Type) bool {
	switch t.(type) {
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		return true
	}
	return false
}

// memorySpaceOf returns the memory space of a ranked or unranked memref.
func memorySpaceOf(t ir.Type) ir.Attribute {
	switch t := t.(type) {
	case *ir.MemRefType:
		return t.MemorySpace
	case *ir.UnrankedMemRefType:
		return t.MemorySpace
	}
	return nil
}

// denseI64 returns the integers of a dense array property (nil when absent).
func denseI64(op *ir.Operation, name string) []int64 {
	if a, ok := op.Attr(name).(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// intAttr returns an integer attribute's value.
func intAttr(op *ir.Operation, name string) (int64, bool) {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int(), true
	}
	return 0, false
}

// boolAttr reports whether a bool (or unit) attribute is set and true.
func boolAttr(op *ir.Operation, name string) bool {
	switch a := op.Attr(name).(type) {
	case *ir.IntegerAttr:
		return a.Int() != 0
	case *ir.UnitAttr:
		return true
	}
	return false
}

// setSegments records the sizes of variadic operand groups.
func setSegments(st *ir.OperationState, sizes ...int) {
	vs := make([]int32, len(sizes))
	for i, s := range sizes {
		vs[i] = int32(s)
	}
	st.AddAttr(segmentAttr, ir.DenseI32Array(vs...))
}

// checkSegments verifies that operandSegmentSizes has n entries summing to
// the operand count.
func checkSegments(op *ir.Operation, n int) error {
	segs := denseI64(op, segmentAttr)
	if segs == nil {
		return op.Errorf("requires attribute '%s'", segmentAttr)
	}
	if len(segs) != n {
		return op.Errorf("'%s' attribute for specifying operand segments must have %d elements, but got %d", segmentAttr, n, len(segs))
	}
	total := int64(0)
	for _, s := range segs {
		if s < 0 {
			return op.Errorf("'%s' attribute cannot have negative elements", segmentAttr)
		}
		total += s
	}
	if total != int64(op.NumOperands()) {
		return op.Errorf("operand count (%d) does not match with the total size (%d) specified in attribute '%s'", op.NumOperands(), total, segmentAttr)
	}
	return nil
}

// segment returns operand group i according to operandSegmentSizes (nil
// when the attribute is missing or malformed; verifiers report that).
func segment(op *ir.Operation, i int) []*ir.Value {
	segs := denseI64(op, segmentAttr)
	if i >= len(segs) {
		return nil
	}
	start := int64(0)
	for _, s := range segs[:i] {
		start += s
	}
	end := start + segs[i]
	if start < 0 || end > int64(op.NumOperands()) || end < start {
		return nil
	}
	return op.Operands()[start:end]
}

// resolveIndex resolves operands as `index` values.
func resolveIndex(p ir.OpParser, us []ir.UnresolvedOperand) ([]*ir.Value, error) {
	if len(us) == 0 {
		return nil, nil
	}
	return p.ResolveOperands(us, []ir.Type{ir.Index})
}

// parseColonMemRef parses `: memref<...>` and checks it is a ranked memref.
func parseColonMemRef(p ir.OpParser) (*ir.MemRefType, error) {
	loc := p.Loc()
	t, err := p.ParseColonType()
	if err != nil {
		return nil, err
	}
	m := asMemRef(t)
	if m == nil {
		return nil, ir.Errorf(loc, "invalid kind of type specified: expected memref, but found '%s'", t)
	}
	return m, nil
}

// quoted prints a type or attribute in single quotes, as MLIR diagnostics do.
func quoted(x fmt.Stringer) string { return "'" + x.String() + "'" }

// isPowerOf2 reports whether v is a positive power of two.
func isPowerOf2(v int64) bool { return v > 0 && bits.OnesCount64(uint64(v)) == 1 }

// numDynamicDims counts the dynamic dimensions of t.
func numDynamicDims(t *ir.MemRefType) int { return countDynamic(t.Dims) }

// layoutSymbolCount is the number of symbols of t's layout map.
func layoutSymbolCount(t *ir.MemRefType) int {
	switch l := t.Layout.(type) {
	case *ir.AffineMapAttr:
		return l.Map.NumSymbols
	case *ir.StridedLayoutAttr:
		n := countDynamic(l.Strides)
		if l.Offset == ir.Dynamic {
			n++
		}
		return n
	}
	return 0
}

// isMemoryEffectFree reports whether op (and, for ops with recursive
// effects, everything nested in it) has no memory side effects.
func isMemoryEffectFree(op *ir.Operation) bool {
	if op.HasTrait(ir.Pure) {
		return true
	}
	if !op.IsRegistered() {
		return false
	}
	d := op.Def()
	if d.Traits&(ir.MemRead|ir.MemWrite|ir.MemAlloc|ir.MemFree) != 0 {
		return false
	}
	if d.Traits&ir.RecursiveMemoryEffects == 0 {
		return op.HasTrait(ir.Terminator) || op.HasTrait(ir.ConstantLike)
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for _, o := range b.Ops() {
				if !isMemoryEffectFree(o) {
					return false
				}
			}
		}
	}
	return true
}

// ensureTerminator appends an empty `name` terminator to each block of r
// that lacks one, creating the entry block when r is empty.
func ensureTerminator(ctx *ir.Context, r *ir.Region, name string, loc ir.Location) {
	if r.Empty() {
		r.AppendBlock(ir.NewBlock())
	}
	for _, b := range r.Blocks() {
		if b.Last() == nil || !b.Last().HasTrait(ir.Terminator) {
			b.Append(ctx.NewOperation(&ir.OperationState{Name: name, Loc: loc}))
		}
	}
}
