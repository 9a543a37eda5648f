package memref

import (
	"fmt"
	"math/bits"

	"github.com/goopt/goopt/ir"
)

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

// parseColonMemRef parses `: memref<...>` and checks it is a ranked memref.
func parseColonMemRef(p ir.OpParser) (*ir.MemRefType, error) {
	loc := p.Loc()
	t, err := p.ParseColonType()
	if err != nil {
		return nil, err
	}
	m := asMemRef(t)
	if m == nil {
		return nil, ir.Errorf(loc, "invalid kind of type specified")
	}
	return m, nil
}

// quoted prints a type or attribute in single quotes, as MLIR diagnostics do.
func quoted(x fmt.Stringer) string { return "'" + x.String() + "'" }

// isPowerOf2 reports whether v is a positive power of two.
func isPowerOf2(v int64) bool { return v > 0 && bits.OnesCount64(uint64(v)) == 1 }

// numDynamicDims counts the dynamic dimensions of t.
func numDynamicDims(t *ir.MemRefType) int { return ir.CountDynamic(t.Dims) }

// layoutSymbolCount is the number of symbols of t's layout map.
func layoutSymbolCount(t *ir.MemRefType) int {
	switch l := t.Layout.(type) {
	case *ir.AffineMapAttr:
		return l.Map.NumSymbols
	case *ir.StridedLayoutAttr:
		n := ir.CountDynamic(l.Strides)
		if l.Offset == ir.Dynamic {
			n++
		}
		return n
	}
	return 0
}
