package memref

import (
	"strconv"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

func loadOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.load",
		Summary: "load operation",
		Doc: "Reads one element of a memref at the given indices.\n\n" +
			"    %v = memref.load %m[%i, %j] {nontemporal = true} : memref<8x8xf32>",
		Traits:   ir.MemRead,
		Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
		Inherent: []string{"nontemporal"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			m, idx, t, err := parseMemRefAccess(p, st)
			if err != nil {
				return err
			}
			st.Operands = append(append(st.Operands, m), idx...)
			st.Types = append(st.Types, t.Elem)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			printMemRefAccess(p, op, 0)
		},
		Verify: func(op *ir.Operation) error {
			t, err := verifyAccess(op, 0)
			if err != nil {
				return err
			}
			if n := op.NumOperands() - 1; n != t.Rank() {
				return op.Errorf("incorrect number of indices for load, expected %d but got %d", t.Rank(), n)
			}
			if op.NumResults() != 1 || op.Result(0).Type() != t.Elem {
				return op.Errorf("failed to verify that result type matches element type of 'memref'")
			}
			return nil
		},
		Fold: foldOperandCasts,
	}
}

func storeOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.store",
		Summary: "store operation",
		Doc: "Writes one element of a memref at the given indices.\n\n" +
			"    memref.store %v, %m[%i, %j] {nontemporal = true} : memref<8x8xf32>",
		Traits:   ir.MemWrite,
		Effects:  ir.FixedEffects(ir.OnOperand(ir.Write, 1)),
		Inherent: []string{"nontemporal"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			val, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.Parse(","); err != nil {
				return err
			}
			m, idx, t, err := parseMemRefAccess(p, st)
			if err != nil {
				return err
			}
			v, err := p.ResolveOperand(val, t.Elem)
			if err != nil {
				return err
			}
			st.Operands = append(append(st.Operands, v, m), idx...)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.Print(", ")
			printMemRefAccess(p, op, 1)
		},
		Verify: func(op *ir.Operation) error {
			t, err := verifyAccess(op, 1)
			if err != nil {
				return err
			}
			if op.NumOperands()-2 != t.Rank() {
				return op.Errorf("store index operand count not equal to memref rank")
			}
			if op.Operand(0).Type() != t.Elem {
				return op.Errorf("failed to verify that type of 'value' matches element type of 'memref'")
			}
			return nil
		},
		Fold: foldOperandCasts,
	}
}

// parseMemRefAccess parses `%m[%i, %j] attr-dict : memref-type`.
func parseMemRefAccess(p ir.OpParser, st *ir.OperationState) (*ir.Value, []*ir.Value, *ir.MemRefType, error) {
	mu, idx, err := opsyntax.ParseIndexedOperand(p)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return nil, nil, nil, err
	}
	t, err := parseColonMemRef(p)
	if err != nil {
		return nil, nil, nil, err
	}
	m, err := p.ResolveOperand(mu, t)
	if err != nil {
		return nil, nil, nil, err
	}
	is, err := resolveIndex(p, idx)
	if err != nil {
		return nil, nil, nil, err
	}
	return m, is, t, nil
}

// printMemRefAccess prints `%m[%i, %j] attr-dict : memref-type` with the memref at operand mi.
func printMemRefAccess(p ir.OpPrinter, op *ir.Operation, mi int) {
	opsyntax.PrintIndexedOperand(p, op.Operand(mi), op.Operands()[mi+1:])
	var elided []string
	if !boolAttr(op, "nontemporal") {
		elided = append(elided, "nontemporal")
	}
	p.PrintOptionalAttrDict(op.Attrs(), elided...)
	p.Print(" : ")
	p.PrintType(op.Operand(mi).Type())
}

// verifyAccess checks that operand mi is a ranked memref followed only by
// index operands.
func verifyAccess(op *ir.Operation, mi int) (*ir.MemRefType, error) {
	if op.NumOperands() <= mi {
		return nil, op.Errorf("expected at least %d operands", mi+1)
	}
	t := asMemRef(op.Operand(mi).Type())
	if t == nil {
		return nil, op.Errorf("operand #%d must be memref of any type values, but got %s", mi, quoted(op.Operand(mi).Type()))
	}
	for i := mi + 1; i < op.NumOperands(); i++ {
		if op.Operand(i).Type() != ir.Index {
			return nil, op.Errorf("operand #%d must be variadic of index, but got %s", i, quoted(op.Operand(i).Type()))
		}
	}
	if a := op.Attr("nontemporal"); a != nil {
		if ia, ok := a.(*ir.IntegerAttr); !ok || ia.Type() != ir.I1 {
			return nil, op.Errorf("attribute 'nontemporal' failed to satisfy constraint: bool attribute")
		}
	}
	return t, nil
}

// atomicKinds are MLIR's arith::AtomicRMWKind spellings, indexed by value.
var atomicKinds = [...]string{"addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu", "mulf", "muli", "ori", "andi", "maxnumf", "minnumf"}

// atomicKindClass says which element types each kind accepts.
func atomicKindClass(kind string) (float, integer bool) {
	switch kind {
	case "addf", "maximumf", "minimumf", "mulf", "maxnumf", "minnumf":
		return true, false
	case "addi", "maxs", "maxu", "mins", "minu", "muli", "ori", "andi":
		return false, true
	}
	return false, false
}

func atomicRMWOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.atomic_rmw",
		Summary: "atomic read-modify-write operation",
		Doc: "Atomically combines a value with a memref element and returns the old element.\n\n" +
			"    %old = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<8xf32>) -> f32",
		Traits:   ir.MemRead | ir.MemWrite,
		Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 1), ir.OnOperand(ir.Write, 1)),
		Inherent: []string{"kind"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			loc := p.Loc()
			kw, err := p.ParseIdentifier()
			if err != nil {
				return err
			}
			kind := -1
			for i, k := range atomicKinds {
				if k == kw {
					kind = i
				}
			}
			if kind < 0 {
				return ir.Errorf(loc, "invalid kind '%s'", kw)
			}
			st.AddAttr("kind", ir.IntAttr(ir.I64, int64(kind)))
			val, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.Parse(","); err != nil {
				return err
			}
			mu, idx, err := opsyntax.ParseIndexedOperand(p)
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			if err := p.Parse(":"); err != nil {
				return err
			}
			if err := p.Parse("("); err != nil {
				return err
			}
			vt, err := p.ParseType()
			if err != nil {
				return err
			}
			if err := p.Parse(","); err != nil {
				return err
			}
			mt, err := p.ParseType()
			if err != nil {
				return err
			}
			if err := p.Parse(")"); err != nil {
				return err
			}
			if err := p.Parse("->"); err != nil {
				return err
			}
			rt, err := p.ParseType()
			if err != nil {
				return err
			}
			v, err := p.ResolveOperand(val, vt)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
			if err := opsyntax.ResolveIndexed(p, st, mu, mt, idx); err != nil {
				return err
			}
			st.Types = append(st.Types, rt)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			k, _ := intAttr(op, "kind")
			p.Print(" ")
			if k >= 0 && int(k) < len(atomicKinds) {
				p.Print(atomicKinds[k])
			} else {
				p.Print(strconv.FormatInt(k, 10))
			}
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.Print(", ")
			p.PrintOperand(op.Operand(1))
			p.Print("[")
			p.PrintOperands(op.Operands()[2:])
			p.Print("]")
			p.PrintOptionalAttrDict(op.Attrs(), "kind")
			p.Print(" : (")
			p.PrintType(op.Operand(0).Type())
			p.Print(", ")
			p.PrintType(op.Operand(1).Type())
			p.Print(") -> ")
			p.PrintType(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			t, err := verifyAccess(op, 1)
			if err != nil {
				return err
			}
			k, ok := intAttr(op, "kind")
			if !ok || k < 0 || int(k) >= len(atomicKinds) {
				return op.Errorf("attribute 'kind' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14")
			}
			if op.NumResults() != 1 || op.Result(0).Type() != op.Operand(0).Type() {
				return op.Errorf("failed to verify that all of {value, result} have same type")
			}
			if op.Operand(0).Type() != t.Elem {
				return op.Errorf("failed to verify that value type matches element type of memref")
			}
			if t.Rank() != op.NumOperands()-2 {
				return op.Errorf("expects the number of subscripts to be equal to memref rank")
			}
			kind := atomicKinds[k]
			isFloat, isInt := atomicKindClass(kind)
			vt := op.Operand(0).Type()
			if isFloat && !ir.IsFloat(vt) {
				return op.Errorf("with kind '%s' expects a floating-point type", kind)
			}
			if _, ok := vt.(*ir.IntegerType); isInt && !ok {
				return op.Errorf("with kind '%s' expects an integer type", kind)
			}
			return nil
		},
		Fold: foldOperandCasts,
	}
}

// genericAtomicRMWOp declares memref.generic_atomic_rmw, whose region
// computes the new element from the current one:
//
//	%x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
//	^bb0(%cur : f32):
//	  %new = arith.addf %cur, %v : f32
//	  memref.atomic_yield %new : f32
//	}
func genericAtomicRMWOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.generic_atomic_rmw",
		Summary: "atomic read-modify-write operation with a region",
		Doc: "Atomically replaces a memref element by the value its region yields for the current element.\n\n" +
			"    %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {\n    ^bb0(%cur: f32):\n" +
			"      %new = arith.addf %cur, %v : f32\n      memref.atomic_yield %new : f32\n    }",
		Traits:  ir.SingleBlock | ir.MemRead | ir.MemWrite,
		Effects: ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 0)),
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			mu, idx, err := opsyntax.ParseIndexedOperand(p)
			if err != nil {
				return err
			}
			t, err := parseColonMemRef(p)
			if err != nil {
				return err
			}
			if err := opsyntax.ResolveIndexed(p, st, mu, t, idx); err != nil {
				return err
			}
			st.Types = append(st.Types, t.Elem)
			if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
				return err
			}
			return p.ParseOptionalAttrDict(st)
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.Print("[")
			p.PrintOperands(op.Operands()[1:])
			p.Print("] : ")
			p.PrintType(op.Operand(0).Type())
			p.Print(" ")
			p.PrintRegion(op.Region(0), true, true)
			p.PrintOptionalAttrDict(op.Attrs())
		},
		Verify: func(op *ir.Operation) error {
			if _, err := verifyAccess(op, 0); err != nil {
				return err
			}
			if op.NumRegions() != 1 || op.NumResults() != 1 {
				return op.Errorf("requires one region and one result")
			}
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
	}
}

func atomicYieldOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.atomic_yield",
		Summary: "yield operation for GenericAtomicRMWOp",
		Doc:     "Yields the new element value of a memref.generic_atomic_rmw.\n\n    memref.atomic_yield %new : f32",
		Traits:  ir.Terminator | ir.Pure | ir.ReturnLike,
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			v, err := p.ResolveOperand(u, t)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperands(op.Operands())
			p.PrintOptionalAttrDict(op.Attrs())
			p.Print(" : ")
			p.PrintTypes(op.OperandTypes())
		},
		Verify: func(op *ir.Operation) error {
			parent := op.ParentOp()
			if parent == nil {
				return nil
			}
			if parent.Name() != "memref.generic_atomic_rmw" {
				return op.Errorf("expects parent op 'memref.generic_atomic_rmw'")
			}
			if op.NumOperands() != 1 {
				return op.Errorf("expected 1 operand")
			}
			if pt, yt := parent.Result(0).Type(), op.Operand(0).Type(); pt != yt {
				return op.Errorf("types mismatch between yield op: %s and its parent: %s", quoted(yt), quoted(pt))
			}
			return nil
		},
	}
}

func prefetchOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.prefetch",
		Summary: "prefetch operation",
		Doc: "Hints that a memref element will be read or written soon.\n\n" +
			"    memref.prefetch %m[%i, %j], read, locality<3>, data : memref<400x400xi32>",
		Traits:   ir.MemRead | ir.MemWrite,
		Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 0).In(ir.CacheResource)),
		Inherent: opsyntax.PrefetchAttrs(),
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
			p.PrintOperand(op.Operand(0))
			p.Print("[")
			p.PrintOperands(op.Operands()[1:])
			p.Print("]")
			opsyntax.PrintPrefetchSpec(p, op)
			p.PrintOptionalAttrDict(op.Attrs(), opsyntax.PrefetchAttrs()...)
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			t, err := verifyAccess(op, 0)
			if err != nil {
				return err
			}
			if h, ok := intAttr(op, "localityHint"); !ok || h < 0 || h > 3 {
				return op.Errorf("attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3")
			}
			if op.NumOperands() != 1+t.Rank() {
				return op.Errorf("too few indices")
			}
			return nil
		},
		Fold: foldOperandCasts,
	}
}
