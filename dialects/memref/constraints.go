package memref

import (
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// Type and attribute constraints of the memref ops' schemas, described as
// MLIR 19 describes them in its verifier messages. Memref constraints carry
// Class, so that a format reading another kind of type fails to parse with
// "invalid kind of type specified", as MLIR's parseType<MemRefType> does.

func isMemRef(t ir.Type) bool { return asMemRef(t) != nil }

// memRefOf is a constraint on ranked memrefs that also satisfy check (nil: any).
func memRefOf(desc string, check func(*ir.MemRefType) bool) *ir.TypeConstraint {
	return ir.ClassOf(desc, check)
}

// isSignlessIntOrFloat is MLIR's AnyTypeOf<[AnySignlessInteger, AnyFloat]>.
func isSignlessIntOrFloat(t ir.Type) bool {
	if it, ok := t.(*ir.IntegerType); ok {
		return it.IsSignless()
	}
	return ir.IsFloat(t)
}

var (
	anyMemRef     = memRefOf("memref of any type values", nil)
	anyBaseMemRef = &ir.TypeConstraint{Desc: "ranked or unranked memref of any type values", Check: isBaseMemRef, Class: isBaseMemRef}
	// dim's source: MLIR 19 spells the union of its two alternatives.
	non0RankedOrUnrankedMemRef = &ir.TypeConstraint{
		Desc:  "unranked.memref of any type values or non-0-ranked.memref of any type values",
		Class: isBaseMemRef,
		Check: func(t ir.Type) bool {
			m := asMemRef(t)
			return isBaseMemRef(t) && (m == nil || m.Rank() > 0)
		},
	}
	stridedMemRef      = memRefOf("strided memref of any type values", IsStrided)
	stridedRank0MemRef = memRefOf("strided memref of any type values of rank 0", func(m *ir.MemRefType) bool {
		return m.Rank() == 0 && IsStrided(m)
	})
	staticMemRef = memRefOf("statically shaped memref of any type values", (*ir.MemRefType).HasStaticShape)
	memRef1D     = memRefOf("1D memref of any type values", func(m *ir.MemRefType) bool { return m.Rank() == 1 })
	i8MemRef1D   = memRefOf("1D memref of 8-bit signless integer values", func(m *ir.MemRefType) bool {
		return m.Rank() == 1 && m.Elem == ir.Integer(8)
	})
	intOrFloatMemRef = memRefOf("memref of signless integer or floating-point values", func(m *ir.MemRefType) bool {
		return isSignlessIntOrFloat(m.Elem)
	})
	intOrFloat = ir.TypeOf("signless integer or floating-point", isSignlessIntOrFloat)
)

// elementType is the TypesMatchWith transform from a memref to its element type.
func elementType(t ir.Type) ir.Type {
	if m := asMemRef(t); m != nil {
		return m.Elem
	}
	return nil
}

// intAttrIn is an integer attribute of type t whose value satisfies ok.
func intAttrIn(desc string, t ir.Type, base *ir.AttrConstraint, ok func(int64) bool) *ir.AttrConstraint {
	return &ir.AttrConstraint{Desc: desc, Type: t, Check: func(a ir.Attribute) bool {
		ia, isInt := a.(*ir.IntegerAttr)
		return isInt && base.Check(a) && ok(ia.Int())
	}}
}

var (
	// alignmentKind is ConfinedAttr<I64Attr, [IntMinValue<0>]> (alloc, realloc).
	alignmentKind = intAttrIn("64-bit signless integer attribute whose minimum value is 0", ir.I64, ir.I64AttrKind,
		func(v int64) bool { return v >= 0 })
	// positiveI32Kind is ConfinedAttr<I32Attr, [IntPositive]> (assume_alignment).
	positiveI32Kind = intAttrIn("32-bit signless integer attribute whose value is positive", ir.I32, ir.I32AttrKind,
		func(v int64) bool { return v > 0 })
	// localityKind is prefetch's ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]>.
	localityKind = intAttrIn("32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3", ir.I32, ir.I32AttrKind,
		func(v int64) bool { return v >= 0 && v <= 3 })
	// indexListArrayKind is IndexListArrayAttr, the reassociation of reshapes.
	indexListArrayKind = ir.AttrOf("Array of 64-bit integer array attributes", func(a ir.Attribute) bool {
		arr, ok := a.(*ir.ArrayAttr)
		if !ok {
			return false
		}
		for _, g := range arr.Elems {
			ga, ok := g.(*ir.ArrayAttr)
			if !ok {
				return false
			}
			for _, x := range ga.Elems {
				if !ir.I64AttrKind.Check(x) {
					return false
				}
			}
		}
		return true
	})
	memRefTypeAttrKind = ir.AttrOf("memref type attribute", func(a ir.Attribute) bool {
		ta, ok := a.(*ir.TypeAttr)
		return ok && isMemRef(ta.Value)
	})
	// stringKind reads `"private"` only where a string is next (opsyntax).
	stringKind = opsyntax.StringLiteralKind
)

// nontemporalAttr is load's and store's DefaultValuedOptionalAttr<BoolAttr, "false">.
var nontemporalAttr = ir.AttrDef{Name: "nontemporal", Kind: ir.BoolAttrKind, Optional: true, Default: ir.BoolAttr(false), KeepAbsent: true}
