package memref

import (
	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// indices declares the `index` operands that address one memref element.
var indices = ir.Var("indices", ir.IndexConstraint)

// accessOps is this file's part of the dialect's op table.
func accessOps() opTable {
	return opTable{
		{
			Name:    "memref.load",
			Summary: "load operation",
			Doc: "Reads one element of a memref at the given indices.\n\n" +
				"    %v = memref.load %m[%i, %j] {nontemporal = true} : memref<8x8xf32>",
			Traits:   ir.MemRead,
			Operands: []ir.ValueDef{ir.Operand("memref", anyMemRef), indices},
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
			Results:  []ir.ValueDef{ir.Operand("result", nil)},
			Attrs:    []ir.AttrDef{nontemporalAttr},
			TypesMatchWith: []ir.TypeMatch{{From: "memref", To: "result",
				Desc: "result type matches element type of 'memref'", Transform: elementType}},
			Format: "$memref `[` $indices `]` attr-dict `:` type($memref)",
			Verify: func(op *ir.Operation) error {
				t := asMemRef(op.Operand(0).Type())
				if n := op.NumOperands() - 1; n != t.Rank() {
					return op.Errorf("incorrect number of indices for load, expected %d but got %d", t.Rank(), n)
				}
				return nil
			},
			Fold: foldOperandCasts,
		},
		{
			Name:    "memref.store",
			Summary: "store operation",
			Doc: "Writes one element of a memref at the given indices.\n\n" +
				"    memref.store %v, %m[%i, %j] {nontemporal = true} : memref<8x8xf32>",
			Traits:   ir.MemWrite,
			Operands: []ir.ValueDef{ir.Operand("value", nil), ir.Operand("memref", anyMemRef), indices},
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Write, 1)),
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{nontemporalAttr},
			TypesMatchWith: []ir.TypeMatch{{From: "memref", To: "value",
				Desc: "type of 'value' matches element type of 'memref'", Transform: elementType}},
			Format: "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)",
			Verify: func(op *ir.Operation) error {
				if op.NumOperands()-2 != asMemRef(op.Operand(1).Type()).Rank() {
					return op.Errorf("store index operand count not equal to memref rank")
				}
				return nil
			},
			Fold: foldOperandCasts,
		},
		{
			Name:    "memref.atomic_rmw",
			Summary: "atomic read-modify-write operation",
			Doc: "Atomically combines a value with a memref element and returns the old element.\n\n" +
				"    %old = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<8xf32>) -> f32",
			Traits:   ir.MemRead | ir.MemWrite,
			Operands: []ir.ValueDef{ir.Operand("value", intOrFloat), ir.Operand("memref", intOrFloatMemRef), indices},
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 1), ir.OnOperand(ir.Write, 1)),
			Results:  []ir.ValueDef{ir.Operand("result", intOrFloat)},
			Attrs:    []ir.AttrDef{ir.Attr("kind", atomicKindAttr)},
			Format: "$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` " +
				"type($memref) `)` `->` type($result)",
			Verify: func(op *ir.Operation) error {
				vt, t := op.Operand(0).Type(), asMemRef(op.Operand(1).Type())
				if op.Result(0).Type() != vt {
					return op.Errorf("failed to verify that all of {value, result} have same type")
				}
				if vt != t.Elem {
					return op.Errorf("failed to verify that value type matches element type of memref")
				}
				if t.Rank() != op.NumOperands()-2 {
					return op.Errorf("expects the number of subscripts to be equal to memref rank")
				}
				k, _ := op.Attr("kind").(*ir.IntegerAttr)
				kind := arith.AtomicRMWKind(k.Int())
				isFloat, isInt := atomicKindClass(kind)
				if isFloat && !ir.IsFloat(vt) {
					return op.Errorf("with kind '%s' expects a floating-point type", kind)
				}
				if _, ok := vt.(*ir.IntegerType); isInt && !ok {
					return op.Errorf("with kind '%s' expects an integer type", kind)
				}
				return nil
			},
			Fold: foldOperandCasts,
		},
		// genericAtomicRMWOp declares memref.generic_atomic_rmw, whose region
		// computes the new element from the current one:
		//
		//	%x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
		//	^bb0(%cur : f32):
		//	  %new = arith.addf %cur, %v : f32
		//	  memref.atomic_yield %new : f32
		//	}
		{
			Name:    "memref.generic_atomic_rmw",
			Summary: "atomic read-modify-write operation with a region",
			Doc: "Atomically replaces a memref element by the value its region yields for the current element.\n\n" +
				"    %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {\n    ^bb0(%cur: f32):\n" +
				"      %new = arith.addf %cur, %v : f32\n      memref.atomic_yield %new : f32\n    }",
			Traits:   ir.SingleBlock | ir.MemRead | ir.MemWrite,
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 0)),
			Operands: []ir.ValueDef{ir.Operand("memref", intOrFloatMemRef), indices},
			Results:  []ir.ValueDef{ir.Operand("result", intOrFloat)},
			Regions:  []ir.RegionDef{{Name: "atomic_body"}},
			TypesMatchWith: []ir.TypeMatch{{From: "memref", To: "result",
				Desc: "result type matches element type of memref", Transform: elementType}},
			// MLIR's hand-written syntax, which this format reproduces.
			Format: "$memref `[` $indices `]` `:` type($memref) $atomic_body attr-dict",
			Verify: func(op *ir.Operation) error {
				body := op.Region(0).Front()
				if body == nil || body.NumArguments() != 1 {
					return op.Errorf("expected single number of entry block arguments")
				}
				if op.Result(0).Type() != body.Argument(0).Type() {
					return op.Errorf("expected block argument of the same type result type")
				}
				for _, o := range body.Ops() {
					var bad *ir.Operation
					ir.Walk(o, ir.PreOrder, func(n *ir.Operation) ir.WalkResult {
						if !ir.IsMemoryEffectFree(n) {
							bad = n
							return ir.Interrupt
						}
						return ir.Skip
					})
					if bad != nil {
						return ir.Errorf(bad.Loc(), "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects")
					}
				}
				return nil
			},
		},
		{
			Name:     "memref.atomic_yield",
			Summary:  "yield operation for GenericAtomicRMWOp",
			Doc:      "Yields the new element value of a memref.generic_atomic_rmw.\n\n    memref.atomic_yield %new : f32",
			Traits:   ir.Terminator | ir.Pure | ir.ReturnLike,
			Operands: []ir.ValueDef{ir.Operand("result", nil)},
			Results:  ir.NoValues,
			Format:   "$result attr-dict `:` type($result)",
			Verify: func(op *ir.Operation) error {
				if err := opsyntax.VerifyParentIfAttached(op, "memref.generic_atomic_rmw"); err != nil {
					return err
				}
				parent := op.ParentOp()
				if parent == nil {
					return nil
				}
				if pt, yt := parent.Result(0).Type(), op.Operand(0).Type(); pt != yt {
					return op.Errorf("types mismatch between yield op: %s and its parent: %s", quoted(yt), quoted(pt))
				}
				return nil
			},
		},
		// prefetchOp declares memref.prefetch; its syntax is hand-written in MLIR
		// too, and shared with affine.prefetch (opsyntax).
		{
			Name:    "memref.prefetch",
			Summary: "prefetch operation",
			Doc: "Hints that a memref element will be read or written soon.\n\n" +
				"    memref.prefetch %m[%i, %j], read, locality<3>, data : memref<400x400xi32>",
			Traits:   ir.MemRead | ir.MemWrite,
			Operands: []ir.ValueDef{ir.Operand("memref", anyMemRef), indices},
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 0).In(ir.CacheResource)),
			Results:  ir.NoValues,
			Attrs: []ir.AttrDef{
				ir.Attr("isWrite", ir.BoolAttrKind),
				ir.Attr("localityHint", localityKind),
				ir.Attr("isDataCache", ir.BoolAttrKind),
			},
			Parse: func(p ir.OpParser, st *ir.OperationState) error {
				nameLoc := p.Loc()
				mu, idx, err := opsyntax.ParseIndexedOperand(p)
				if err != nil {
					return err
				}
				if err := opsyntax.ParsePrefetchSpec(p, st, nameLoc); err != nil {
					return err
				}
				if err := p.ParseOptionalAttrDict(st); err != nil {
					return err
				}
				t, err := parseColonMemRef(p)
				if err != nil {
					return err
				}
				return opsyntax.ResolveIndexed(p, st, mu, t, idx)
			},
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				p.Print(" ")
				opsyntax.PrintIndexedOperand(p, op.Operand(0), op.Operands()[1:])
				opsyntax.PrintPrefetchSpec(p, op)
				p.PrintOptionalAttrDict(op.Attrs(), opsyntax.PrefetchAttrs()...)
				p.Print(" : ")
				p.PrintType(op.Operand(0).Type())
			},
			Verify: func(op *ir.Operation) error {
				if op.NumOperands() != 1+asMemRef(op.Operand(0).Type()).Rank() {
					return op.Errorf("too few indices")
				}
				return nil
			},
			Fold: foldOperandCasts,
		},
	}
}

// atomicKindClass says which element types each kind accepts.
func atomicKindClass(kind arith.AtomicRMWKind) (float, integer bool) {
	switch kind {
	case arith.AtomicAddF, arith.AtomicMaximumF, arith.AtomicMinimumF, arith.AtomicMulF, arith.AtomicMaxNumF, arith.AtomicMinNumF:
		return true, false
	case arith.AtomicAddI, arith.AtomicMaxS, arith.AtomicMaxU, arith.AtomicMinS, arith.AtomicMinU, arith.AtomicMulI, arith.AtomicOrI, arith.AtomicAndI:
		return false, true
	}
	return false, false
}

var atomicKindAttr = ir.EnumAttrKind("allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14", ir.I64, arith.AtomicRMWKindKeywords())
