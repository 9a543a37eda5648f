package llvm

import (
	"fmt"
	"math"
	"slices"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// DynamicIndex marks, in a GEP's rawConstantIndices, a position given by a
// dynamic index operand (upstream's GEPOp::kDynamicIndex, INT32_MIN).
const DynamicIndex = math.MinInt32

// gepIndices is custom<GEPIndices>: `%i, 0, %j` between the brackets.
var gepIndices = map[string]ir.CustomDirective{"GEPIndices": {
	Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
		var raw []int32
		for {
			n, isConst, err := p.ParseOptionalInteger()
			if err != nil {
				return err
			}
			if isConst {
				if n < math.MinInt32 || n > math.MaxInt32 {
					return p.Errorf("integer value too large")
				}
				raw = append(raw, int32(n))
			} else {
				u, ok, err := p.ParseOptionalOperand()
				if err != nil {
					return err
				}
				if !ok {
					if len(raw) == 0 {
						break // `[]`
					}
					return p.Errorf("expected SSA operand")
				}
				args[0].Operands = append(args[0].Operands, u)
				raw = append(raw, DynamicIndex)
			}
			if !p.ParseOptional(",") {
				break
			}
		}
		args[1].Attr = ir.DenseI32Array(raw...)
		return nil
	},
	Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
		raw, _ := args[1].Attr.(*ir.DenseArrayAttr)
		if raw == nil {
			return
		}
		dyn := args[0].Values
		for i, r := range raw.Ints {
			if i > 0 {
				p.Print(", ")
			}
			if r == DynamicIndex && len(dyn) > 0 {
				p.PrintOperand(dyn[0])
				dyn = dyn[1:]
				continue
			}
			p.Print(fmt.Sprint(r))
		}
	},
}}

// GEPIndex is one index of a getelementptr: a constant, or (Value != nil) an SSA value.
type GEPIndex struct {
	Const int64
	Value *ir.Value
}

// GEPIndices returns a getelementptr's indices in order, constant and dynamic mixed.
func GEPIndices(op *ir.Operation) []GEPIndex {
	raw, _ := op.Attr("rawConstantIndices").(*ir.DenseArrayAttr)
	if raw == nil {
		return nil
	}
	dyn := op.Operands()[1:]
	out := make([]GEPIndex, len(raw.Ints))
	for i, r := range raw.Ints {
		if r == DynamicIndex && len(dyn) > 0 {
			out[i] = GEPIndex{Value: dyn[0]}
			dyn = dyn[1:]
			continue
		}
		out[i] = GEPIndex{Const: r}
	}
	return out
}

// GEPElemType returns the type a getelementptr indexes (`elem_type`).
func GEPElemType(op *ir.Operation) ir.Type {
	if ta, ok := op.Attr("elem_type").(*ir.TypeAttr); ok {
		return ta.Value
	}
	return nil
}

// memoryOps is this file's part of the dialect's op table.
func memoryOps() opTable {
	return opTable{
		{
			Name:    "llvm.getelementptr",
			Summary: "LLVM getelementptr operation",
			Doc: "Computes the address of an element of an aggregate in memory; indices mix SSA values and " +
				"constants, and struct fields must be indexed by constants.\n\n" +
				"    %p = llvm.getelementptr inbounds %base[%i, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, f32)>",
			Traits: ir.Pure,
			Operands: []ir.ValueDef{
				ir.Operand("base", ptrLike),
				ir.Var("dynamicIndices", intLike),
			},
			Results: []ir.ValueDef{ir.Operand("res", ptrLike)},
			Attrs: []ir.AttrDef{
				ir.Attr("rawConstantIndices", ir.DenseI32ArrayKind),
				ir.Attr("elem_type", typeAttrKind),
				ir.OptAttr("inbounds", ir.UnitAttrKind),
			},
			Custom: gepIndices,
			Format: "(`inbounds` $inbounds^)? $base `[` custom<GEPIndices>($dynamicIndices, $rawConstantIndices) `]` attr-dict `:` functional-type(operands, results) `,` $elem_type",
			Verify: verifyGEP,
		},
		{
			Name:    "llvm.store",
			Summary: "LLVM store operation",
			Doc: "Writes a value through a pointer; optionally volatile or atomic.\n\n" +
				"    llvm.store %v, %p {alignment = 4 : i64} : f32, !llvm.ptr",
			Operands: []ir.ValueDef{ir.Operand("value", loadableType), ir.Operand("addr", anyPtr)},
			Results:  ir.NoValues,
			Attrs:    memAttrs(),
			Format:   "(`volatile` $volatile_^)? $value `,` $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? attr-dict `:` type($value) `,` qualified(type($addr))",
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Write, 1)),
			Verify: func(op *ir.Operation) error {
				return verifyAtomicMemOp(op, op.Operand(0).Type(), Acquire, AcqRel)
			},
		},
		{
			Name:    "llvm.atomicrmw",
			Summary: "LLVM atomicrmw operation",
			Doc: "Atomically reads, combines and writes memory, returning the old value.\n\n" +
				"    %old = llvm.atomicrmw add %p, %v monotonic : !llvm.ptr, i32",
			Operands: []ir.ValueDef{ir.Operand("ptr", anyPtr), ir.Operand("val", rmwValue)},
			Results:  []ir.ValueDef{ir.Operand("res", rmwValue)},
			Attrs: []ir.AttrDef{
				ir.Attr("bin_op", binOpKind),
				ir.Attr("ordering", orderingKind),
				ir.OptAttr("syncscope", plainStrKind),
				ir.OptAttr("alignment", i64Kind),
				ir.OptAttr("volatile_", ir.UnitAttrKind),
			},
			AllTypesMatch: [][]string{{"val", "res"}},
			Format:        "(`volatile` $volatile_^)? $bin_op $ptr `,` $val (`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict `:` qualified(type($ptr)) `,` type($val)",
			Effects:       ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 0)),
			Verify:        verifyAtomicRMW,
		},
		{
			Name:    "llvm.cmpxchg",
			Summary: "LLVM cmpxchg operation",
			Doc: "Atomically compares memory with a value and, when equal, stores another; returns the old " +
				"value and whether the exchange happened.\n\n" +
				"    %r = llvm.cmpxchg %p, %cmp, %new acq_rel monotonic : !llvm.ptr, i32",
			Operands: []ir.ValueDef{ir.Operand("ptr", anyPtr), ir.Operand("cmp", anyLLVMType), ir.Operand("val", anyLLVMType)},
			Results:  []ir.ValueDef{ir.Operand("res", ir.TypeOf("LLVM structure type", func(t ir.Type) bool { _, ok := t.(*StructType); return ok }))},
			Attrs: []ir.AttrDef{
				ir.Attr("success_ordering", orderingKind),
				ir.Attr("failure_ordering", orderingKind),
				ir.OptAttr("syncscope", plainStrKind),
				ir.OptAttr("alignment", i64Kind),
				ir.OptAttr("weak", ir.UnitAttrKind),
				ir.OptAttr("volatile_", ir.UnitAttrKind),
			},
			AllTypesMatch: [][]string{{"cmp", "val"}},
			TypesMatchWith: []ir.TypeMatch{{From: "val", To: "res", Desc: "result #0 has an LLVM struct type consisting of the type of the operand #2 and a bool",
				Transform: func(t ir.Type) ir.Type { return Struct(false, t, ir.I1) }}},
			Format:  "(`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val (`syncscope` `(` $syncscope^ `)`)? $success_ordering $failure_ordering attr-dict `:` qualified(type($ptr)) `,` type($val)",
			Effects: ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 0)),
			Verify: func(op *ir.Operation) error {
				if !atomicCompatible(op.Operand(2).Type()) {
					return op.Errorf("unexpected LLVM IR type")
				}
				s, f := orderingOf(op, "success_ordering"), orderingOf(op, "failure_ordering")
				if s < Monotonic || f < Monotonic {
					return op.Errorf("ordering must be at least 'monotonic'")
				}
				if f == Release || f == AcqRel {
					return op.Errorf("failure ordering cannot be 'release' or 'acq_rel'")
				}
				return nil
			},
		},
		{
			Name:    "llvm.extractvalue",
			Summary: "Extract a value from an LLVM struct.",
			Doc:     "Reads a field of a struct or array value.\n\n    %f = llvm.extractvalue %s[0] : !llvm.struct<(i32, f32)>",
			Traits:  ir.Pure,
			Operands: []ir.ValueDef{
				ir.Operand("container", aggregate),
			},
			Results: []ir.ValueDef{ir.Operand("res", anyLLVMType)},
			Attrs:   []ir.AttrDef{ir.Attr("position", ir.DenseI64ArrayKind)},
			Fold:    foldExtractValue,
			Parse: func(p ir.OpParser, st *ir.OperationState) error {
				u, err := p.ParseOperand()
				if err != nil {
					return err
				}
				t, elem, err := parseValueTail(p, st)
				if err != nil {
					return err
				}
				return opsyntax.AddResolved(p, st, []ir.UnresolvedOperand{u}, []ir.Type{t}, elem)
			},
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				p.Print(" ")
				p.PrintOperand(op.Operand(0))
				printValueTail(p, op)
			},
			Verify: func(op *ir.Operation) error {
				elem, err := verifiedValueElement(op)
				if err != nil {
					return err
				}
				if elem != op.Result(0).Type() {
					return op.Errorf("Type mismatch: extracting from '%s' should produce '%s' but this op returns '%s'", op.Operand(0).Type(), elem, op.Result(0).Type())
				}
				return nil
			},
		},
		{
			Name:    "llvm.insertvalue",
			Summary: "Insert a value into an LLVM struct.",
			Doc:     "Returns a struct or array value with one field replaced.\n\n    %s2 = llvm.insertvalue %f, %s[0] : !llvm.struct<(i32, f32)>",
			Traits:  ir.Pure,
			Operands: []ir.ValueDef{
				ir.Operand("container", aggregate),
				ir.Operand("value", anyLLVMType),
			},
			Results:       []ir.ValueDef{ir.Operand("res", aggregate)},
			Attrs:         []ir.AttrDef{ir.Attr("position", ir.DenseI64ArrayKind)},
			AllTypesMatch: [][]string{{"container", "res"}},
			Parse: func(p ir.OpParser, st *ir.OperationState) error {
				val, err := p.ParseOperand()
				if err != nil {
					return err
				}
				c, err := opsyntax.ParseCommaOperand(p)
				if err != nil {
					return err
				}
				t, elem, err := parseValueTail(p, st)
				if err != nil {
					return err
				}
				return opsyntax.AddResolved(p, st, []ir.UnresolvedOperand{c, val}, []ir.Type{t, elem}, t)
			},
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				p.Print(" ")
				p.PrintOperand(op.Operand(1))
				p.Print(", ")
				p.PrintOperand(op.Operand(0))
				printValueTail(p, op)
			},
			Verify: func(op *ir.Operation) error {
				elem, err := verifiedValueElement(op)
				if err != nil {
					return err
				}
				if elem != op.Operand(1).Type() {
					return op.Errorf("Type mismatch: cannot insert '%s' into '%s'", op.Operand(1).Type(), op.Operand(0).Type())
				}
				return nil
			},
		},
		{
			Name:     "llvm.extractelement",
			Summary:  "Extract an element from an LLVM vector.",
			Doc:      "Reads one lane of a vector.\n\n    %e = llvm.extractelement %v[%i : i32] : vector<4xf32>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("vector", anyVector), ir.Operand("position", anySignless)},
			Results:  []ir.ValueDef{ir.Operand("res", anyLLVMType)},
			TypesMatchWith: []ir.TypeMatch{{From: "vector", To: "res", Desc: "result type matches vector element type",
				Transform: vectorElem}},
			Format: "$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)",
		},
		{
			Name:    "llvm.insertelement",
			Summary: "Insert an element into an LLVM vector.",
			Doc:     "Returns a vector with one lane replaced.\n\n    %v2 = llvm.insertelement %e, %v[%i : i32] : vector<4xf32>",
			Traits:  ir.Pure,
			Operands: []ir.ValueDef{
				ir.Operand("vector", anyVector),
				ir.Operand("value", anyLLVMType),
				ir.Operand("position", anySignless),
			},
			Results:       []ir.ValueDef{ir.Operand("res", anyVector)},
			AllTypesMatch: [][]string{{"res", "vector"}},
			TypesMatchWith: []ir.TypeMatch{{From: "vector", To: "value", Desc: "argument type matches vector element type",
				Transform: vectorElem}},
			Format: "$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` type($res)",
		},
		{
			Name:    "llvm.shufflevector",
			Summary: "Construct a permutation of two vectors.",
			Doc: "Picks lanes of the concatenation of two vectors by a constant mask.\n\n" +
				"    %r = llvm.shufflevector %a, %b [0, 1, 4, 5] : vector<4xf32>",
			Traits:        ir.Pure,
			Operands:      []ir.ValueDef{ir.Operand("v1", anyVector), ir.Operand("v2", anyVector)},
			Results:       []ir.ValueDef{ir.Operand("res", anyVector)},
			Attrs:         []ir.AttrDef{ir.Attr("mask", ir.DenseI32ArrayKind)},
			AllTypesMatch: [][]string{{"v1", "v2"}},
			Custom:        shuffleMask,
			Format:        "$v1 `,` $v2 custom<Mask>($mask) attr-dict `:` type($v1) ` `",
			InferResultTypes: func(p ir.OpParser, st *ir.OperationState) ([]ir.Type, error) {
				vt, _ := st.Operands[0].Type().(*ir.VectorType)
				if vt == nil {
					return nil, p.Errorf("expected an LLVM compatible vector type")
				}
				var n int64
				for _, a := range st.Attrs {
					if m, ok := a.Value.(*ir.DenseArrayAttr); ok && a.Name == "mask" {
						n = int64(len(m.Ints))
					}
				}
				return []ir.Type{ir.Vector([]int64{n}, vt.Elem, []bool{vt.IsScalable()})}, nil
			},
			Verify: func(op *ir.Operation) error {
				vt := op.Operand(0).Type().(*ir.VectorType)
				mask := ShuffleMask(op)
				if vt.IsScalable() {
					for _, m := range mask {
						if m != 0 {
							return op.Errorf("expected a splat operation for scalable vectors")
						}
					}
				}
				return nil
			},
		},
	}
}

func verifyGEP(op *ir.Operation) error {
	raw := op.Attr("rawConstantIndices").(*ir.DenseArrayAttr)
	n := 0
	for _, r := range raw.Ints {
		if r == DynamicIndex {
			n++
		}
	}
	if n != op.NumOperands()-1 {
		return op.Errorf("expected as many dynamic indices as specified in 'rawConstantIndices'")
	}
	return verifyStructIndices(op, GEPElemType(op), GEPIndices(op), 1)
}

// verifyStructIndices checks, from position pos on, that the indices into
// structs are constants in range (upstream's verifyStructIndices).
func verifyStructIndices(op *ir.Operation, t ir.Type, idx []GEPIndex, pos int) error {
	if pos >= len(idx) {
		return nil
	}
	switch t := t.(type) {
	case *StructType:
		if idx[pos].Value != nil {
			return op.Errorf("expected index %d indexing a struct to be constant", pos)
		}
		c := idx[pos].Const
		if c < 0 || c >= int64(len(t.Body)) {
			return op.Errorf("index %d indexing a struct is out of bounds", pos)
		}
		return verifyStructIndices(op, t.Body[c], idx, pos+1)
	case *ArrayType:
		return verifyStructIndices(op, t.Elem, idx, pos+1)
	case *ir.VectorType:
		return verifyStructIndices(op, t.Elem, idx, pos+1)
	}
	return nil
}

// ---- load / store ----

// atomicCompatible is upstream's isTypeCompatibleWithAtomicOp.
func atomicCompatible(t ir.Type) bool {
	if isPtr(t) {
		return true
	}
	w := 0
	switch t := t.(type) {
	case *ir.FloatType:
		if !IsCompatibleType(t) {
			return false
		}
		w = t.Width()
	case *ir.IntegerType:
		w = t.Width
	}
	// The data layout's size in bits: a power of two of at least a byte.
	return w >= 8 && w&(w-1) == 0
}

func orderingOf(op *ir.Operation, name string) int64 {
	if ia, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return ia.Int()
	}
	return NotAtomic
}

// verifyAtomicMemOp is upstream's check of an atomic load or store.
func verifyAtomicMemOp(op *ir.Operation, t ir.Type, unsupported ...int64) error {
	if o := orderingOf(op, "ordering"); o != NotAtomic {
		if !atomicCompatible(t) {
			return op.Errorf("unsupported type '%s' for atomic access", t)
		}
		if slices.Contains(unsupported, o) {
			return op.Errorf("unsupported ordering '%s'", orderings[o])
		}
		if op.Attr("alignment") == nil {
			return op.Errorf("expected alignment for atomic access")
		}
		return nil
	}
	if op.Attr("syncscope") != nil {
		return op.Errorf("expected syncscope to be null for non-atomic access")
	}
	return nil
}

func memAttrs() []ir.AttrDef {
	return []ir.AttrDef{
		ir.OptAttr("alignment", i64Kind),
		ir.OptAttr("volatile_", ir.UnitAttrKind),
		ir.OptAttr("nontemporal", ir.UnitAttrKind),
		ir.DefaultAttr("ordering", orderingKind, ir.IntAttr(ir.I64, NotAtomic)),
		ir.OptAttr("syncscope", plainStrKind),
	}
}

func loadOp() *ir.OpDef {
	attrs := append(memAttrs(), ir.OptAttr("invariant", ir.UnitAttrKind))
	return &ir.OpDef{
		Name:    "llvm.load",
		Summary: "LLVM load operation",
		Doc: "Reads a value through a pointer; optionally volatile or atomic.\n\n" +
			"    %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32\n" +
			"    %a = llvm.load %p atomic acquire {alignment = 4 : i64} : !llvm.ptr -> i32",
		Operands: []ir.ValueDef{ir.Operand("addr", anyPtr)},
		Results:  []ir.ValueDef{ir.Operand("res", loadableType)},
		Attrs:    attrs,
		Format:   "(`volatile` $volatile_^)? $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? (`invariant` $invariant^)? attr-dict `:` qualified(type($addr)) `->` type($res)",
		Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
		Verify: func(op *ir.Operation) error {
			return verifyAtomicMemOp(op, op.Result(0).Type(), Release, AcqRel)
		},
	}
}

// Atomic read-modify-write operations, by MLIR's AtomicBinOp value.
const (
	binXchg = 0
	binFAdd = 11
	binFSub = 12
	binFMax = 13
	binFMin = 14
)

var rmwValue = ir.TypeOf("floating point LLVM type or LLVM pointer type or signless integer", func(t ir.Type) bool {
	return isLLVMFloat(t) || isPtr(t) || isSignlessInt(t)
})

func verifyAtomicRMW(op *ir.Operation) error {
	t := op.Operand(1).Type()
	switch bin := orderingOf(op, "bin_op"); bin {
	case binFAdd, binFSub, binFMax, binFMin:
		if !isLLVMFloat(t) {
			return op.Errorf("expected LLVM IR floating point type")
		}
	case binXchg:
		if !atomicCompatible(t) {
			return op.Errorf("unexpected LLVM IR type for 'xchg' bin_op")
		}
	default:
		w := 0
		if it, ok := t.(*ir.IntegerType); ok {
			w = it.Width
		}
		if w != 8 && w != 16 && w != 32 && w != 64 {
			return op.Errorf("expected LLVM IR integer type")
		}
	}
	if orderingOf(op, "ordering") < Monotonic {
		return op.Errorf("expected at least 'monotonic' ordering")
	}
	return nil
}

// ---- aggregates and vectors ----

// Position returns the position of an extractvalue or insertvalue.
func Position(op *ir.Operation) []int64 {
	if a, ok := op.Attr("position").(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// valueElementType is upstream's getInsertExtractValueElementType: the
// type at position in container, or an error message.
func valueElementType(container ir.Type, pos []int64) (ir.Type, string) {
	t := container
	for _, i := range pos {
		switch at := t.(type) {
		case *ArrayType:
			if i < 0 || i >= at.Len {
				return nil, fmt.Sprintf("position out of bounds: %d", i)
			}
			t = at.Elem
		case *StructType:
			if i < 0 || i >= int64(len(at.Body)) {
				return nil, fmt.Sprintf("position out of bounds: %d", i)
			}
			t = at.Body[i]
		default:
			return nil, fmt.Sprintf("expected LLVM IR structure/array type, got: '%s'", t)
		}
	}
	return t, ""
}

// parsePosition reads `[0, 1]`.
func parsePosition(p ir.OpParser) ([]int64, error) {
	if err := p.Parse("["); err != nil {
		return nil, err
	}
	var pos []int64
	if p.ParseOptional("]") {
		return pos, nil
	}
	for {
		n, err := p.ParseInteger()
		if err != nil {
			return nil, err
		}
		pos = append(pos, n)
		if !p.ParseOptional(",") {
			break
		}
	}
	return pos, p.Parse("]")
}

func printPosition(p ir.OpPrinter, pos []int64) {
	p.Print("[")
	for i, n := range pos {
		if i > 0 {
			p.Print(", ")
		}
		p.Print(fmt.Sprint(n))
	}
	p.Print("]")
}

// parseValueTail parses what extractvalue and insertvalue share after their
// operands: `[pos] attr-dict : container-type`, adding the position
// attribute. It returns the container type and the type of the element at
// the position, diagnosing a position that does not index the container at
// the type's location.
func parseValueTail(p ir.OpParser, st *ir.OperationState) (ir.Type, ir.Type, error) {
	pos, err := parsePosition(p)
	if err != nil {
		return nil, nil, err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return nil, nil, err
	}
	loc := p.Loc()
	t, err := p.ParseColonType()
	if err != nil {
		return nil, nil, err
	}
	elem, msg := valueElementType(t, pos)
	if elem == nil {
		return nil, nil, ir.Errorf(loc, "%s", msg)
	}
	st.AddAttr("position", ir.DenseI64Array(pos...))
	return t, elem, nil
}

// printValueTail prints `[pos] attr-dict : container-type `, the inverse of
// parseValueTail.
func printValueTail(p ir.OpPrinter, op *ir.Operation) {
	printPosition(p, Position(op))
	p.PrintOptionalAttrDict(op.Attrs(), "position")
	p.Print(" : ")
	p.PrintType(op.Operand(0).Type())
	// Upstream's format ends in a custom directive that prints
	// nothing after its space: the line ends in a space.
	p.Print(" ")
}

// verifiedValueElement is the type at the position in op's container
// (operand 0), or an error when the position does not index it.
func verifiedValueElement(op *ir.Operation) (ir.Type, error) {
	elem, msg := valueElementType(op.Operand(0).Type(), Position(op))
	if elem == nil {
		return nil, op.Errorf("%s", msg)
	}
	return elem, nil
}

// foldExtractValue is MLIR 19's ExtractValueOp::fold: an extract of an
// insertvalue at the same position is the inserted value;
// at a disjoint position it reads through to the insertvalue's container
// (in place), and on along the chain. A position that is a prefix of the
// other stops the walk, which would otherwise miss the part inserted.
func foldExtractValue(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	pos := Position(op)
	var res []ir.FoldResult
	for ins := op.Operand(0).DefiningOp(); ins != nil && ins.Name() == "llvm.insertvalue"; ins = op.Operand(0).DefiningOp() {
		ipos := Position(ins)
		if slices.Equal(pos, ipos) {
			return []ir.FoldResult{{Value: ins.Operand(1)}}
		}
		n := min(len(pos), len(ipos))
		if slices.Equal(pos[:n], ipos[:n]) {
			return res
		}
		op.SetOperand(0, ins.Operand(0))
		res = []ir.FoldResult{{Value: op.Result(0)}}
	}
	return res
}

func vectorElem(t ir.Type) ir.Type {
	if vt, ok := t.(*ir.VectorType); ok {
		return vt.Elem
	}
	return nil
}

// shuffleMask is custom<Mask>: the mask as `[0, 1, 4, 5]`.
var shuffleMask = map[string]ir.CustomDirective{"Mask": {
	Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
		pos, err := parsePosition(p)
		if err != nil {
			return err
		}
		m := make([]int32, len(pos))
		for i, v := range pos {
			m[i] = int32(v)
		}
		args[0].Attr = ir.DenseI32Array(m...)
		return nil
	},
	Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
		if a, ok := args[0].Attr.(*ir.DenseArrayAttr); ok {
			printPosition(p, a.Ints)
		}
	},
}}

// ShuffleMask returns an llvm.shufflevector's mask (-1 is poison).
func ShuffleMask(op *ir.Operation) []int64 {
	if a, ok := op.Attr("mask").(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}
