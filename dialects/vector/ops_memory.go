package vector

import (
	"slices"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// indices declares the `index` operands that address the first element.
var indices = ir.Var("indices", ir.IndexConstraint)

// nontemporal is load's and store's DefaultValuedOptionalAttr<BoolAttr, "false">.
var nontemporal = ir.AttrDef{Name: "nontemporal", Kind: ir.BoolAttrKind, Optional: true, Default: ir.BoolAttr(false), KeepAbsent: true}

func asMemRef(t ir.Type) *ir.MemRefType { m, _ := t.(*ir.MemRefType); return m }

// verifyIndexCount is MLIR's "requires N indices" check of the memory ops.
func verifyIndexCount(op *ir.Operation, base ir.Type, n int) error {
	if s, ok := base.(ir.ShapedType); ok && len(s.Shape()) != n {
		return op.Errorf("requires %d indices", len(s.Shape()))
	}
	return nil
}

// verifyMinorUnitStride is MLIR's verifyLoadStoreMemRefLayout: the
// vector is read from consecutive elements of the most minor dimension.
func verifyMinorUnitStride(op *ir.Operation, m *ir.MemRefType) error {
	if sl, ok := m.Layout.(*ir.StridedLayoutAttr); ok && len(sl.Strides) > 0 && sl.Strides[len(sl.Strides)-1] != 1 {
		return op.Errorf("most minor memref dim must have unit stride")
	}
	return nil
}

// verifyBaseElement checks a vector against a memref's element type, with
// the operand name MLIR's message uses ("result", "valueToStore").
func verifyBaseElement(op *ir.Operation, m *ir.MemRefType, v *ir.VectorType, what string, vecMsg, elemMsg string) error {
	if ev := asVector(m.Elem); ev != nil {
		if ev != v {
			return op.Errorf("%s", vecMsg)
		}
		return nil
	}
	if v.Elem != m.Elem {
		return op.Errorf("%s", elemMsg)
	}
	return nil
}

// memoryOps is this file's part of the dialect's op table.
func memoryOps() opTable {
	return opTable{
		{
			Name:    "vector.load",
			Summary: "reads an n-D slice of memory into an n-D vector",
			Doc: "Reads consecutive elements of a memref, starting at the indices, into a vector " +
				"whose shape covers the trailing dimensions.\n\n" +
				"    %v = vector.load %m[%i, %j] : memref<8x8xf32>, vector<4xf32>",
			Traits:   ir.MemRead,
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
			Operands: []ir.ValueDef{ir.Operand("base", anyMemRef), indices},
			Results:  []ir.ValueDef{ir.Operand("result", anyVector)},
			Attrs:    []ir.AttrDef{nontemporal},
			Format:   "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)",
			Verify: func(op *ir.Operation) error {
				m, v := asMemRef(op.Operand(0).Type()), asVector(op.Result(0).Type())
				if err := verifyMinorUnitStride(op, m); err != nil {
					return err
				}
				if err := verifyBaseElement(op, m, v, "result", "base memref and result vector types should match",
					"base and result element types should match"); err != nil {
					return err
				}
				return verifyIndexCount(op, m, op.NumOperands()-1)
			},
		},
		{
			Name:    "vector.store",
			Summary: "writes an n-D vector to an n-D slice of memory",
			Doc: "Writes a vector to consecutive elements of a memref, starting at the indices.\n\n" +
				"    vector.store %v, %m[%i, %j] : memref<8x8xf32>, vector<4xf32>",
			Traits:   ir.MemWrite,
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Write, 1)),
			Operands: []ir.ValueDef{ir.Operand("valueToStore", anyVector), ir.Operand("base", anyMemRef), indices},
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{nontemporal},
			Format:   "$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)",
			Verify: func(op *ir.Operation) error {
				v, m := asVector(op.Operand(0).Type()), asMemRef(op.Operand(1).Type())
				if err := verifyMinorUnitStride(op, m); err != nil {
					return err
				}
				if err := verifyBaseElement(op, m, v, "valueToStore", "base memref and valueToStore vector types should match",
					"base and valueToStore element type should match"); err != nil {
					return err
				}
				return verifyIndexCount(op, m, op.NumOperands()-2)
			},
		},
		{
			Name:    "vector.maskedload",
			Summary: "loads elements from memory into a vector as defined by a mask vector",
			Doc: "Reads the elements whose mask bit is set; the others come from the pass-through vector.\n\n" +
				"    %r = vector.maskedload %m[%i], %mask, %pass : memref<8xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>",
			Traits:   ir.MemRead,
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0)),
			Operands: []ir.ValueDef{ir.Operand("base", anyMemRef), indices, ir.Operand("mask", maskVector), ir.Operand("pass_thru", anyVectorNonZero)},
			Results:  []ir.ValueDef{ir.Operand("result", anyVectorNonZero)},
			Format: "$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` " +
				"type($mask) `,` type($pass_thru) `into` type($result)",
			Verify: func(op *ir.Operation) error {
				n := op.NumOperands()
				m, mask := asMemRef(op.Operand(0).Type()), asVector(op.Operand(n-2).Type())
				pass, res := op.Operand(n-1).Type(), asVector(op.Result(0).Type())
				if res.Elem != m.Elem {
					return op.Errorf("base and result element type should match")
				}
				if err := verifyIndexCount(op, m, n-3); err != nil {
					return err
				}
				if !slices.Equal(res.Dims, mask.Dims) {
					return op.Errorf("expected result dim to match mask dim")
				}
				if pass != res {
					return op.Errorf("expected pass_thru of same type as result type")
				}
				return nil
			},
		},
		{
			Name:    "vector.maskedstore",
			Summary: "stores elements from a vector into memory as defined by a mask vector",
			Doc: "Writes the elements whose mask bit is set; memory under cleared bits is untouched.\n\n" +
				"    vector.maskedstore %m[%i], %mask, %v : memref<8xf32>, vector<4xi1>, vector<4xf32>",
			Traits:   ir.MemWrite,
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Write, 0)),
			Operands: []ir.ValueDef{ir.Operand("base", anyMemRef), indices, ir.Operand("mask", maskVector), ir.Operand("valueToStore", anyVectorNonZero)},
			Results:  ir.NoValues,
			Format: "$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` " +
				"type($mask) `,` type($valueToStore)",
			Verify: func(op *ir.Operation) error {
				n := op.NumOperands()
				m, mask, v := asMemRef(op.Operand(0).Type()), asVector(op.Operand(n-2).Type()), asVector(op.Operand(n-1).Type())
				if v.Elem != m.Elem {
					return op.Errorf("base and valueToStore element type should match")
				}
				if err := verifyIndexCount(op, m, n-3); err != nil {
					return err
				}
				if !slices.Equal(v.Dims, mask.Dims) {
					return op.Errorf("expected valueToStore dim to match mask dim")
				}
				return nil
			},
		},
		{
			Name:    "vector.transfer_read",
			Summary: "reads a supervector from memory into an SSA vector value",
			Doc: "Reads a vector from a memref or tensor through a permutation map; elements out of " +
				"bounds, or whose mask bit is clear, take the padding value.\n\n" +
				"    %v = vector.transfer_read %m[%i, %j], %pad {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>",
			Traits:  ir.MemRead,
			Effects: transferEffects(ir.Read, 0),
			Operands: []ir.ValueDef{ir.Operand("source", memRefOrTensor), indices, ir.Operand("padding", nil),
				ir.Opt("mask", boolVector)},
			Results: []ir.ValueDef{ir.Operand("vector", anyVector)},
			Attrs:   transferAttrs,
			Parse:   parseTransfer(false),
			Print:   printTransfer(false),
			Verify:  verifyTransfer,
		},
		{
			Name:    "vector.transfer_write",
			Summary: "writes a supervector to memory",
			Doc: "Writes a vector to a memref (or a tensor, giving a new one) through a permutation map; " +
				"elements out of bounds, or whose mask bit is clear, are not written.\n\n" +
				"    vector.transfer_write %v, %m[%i, %j] {in_bounds = [true]} : vector<4xf32>, memref<8x8xf32>",
			Traits:  ir.MemWrite,
			Effects: transferEffects(ir.Write, 1),
			Operands: []ir.ValueDef{ir.Operand("vector", anyVector), ir.Operand("source", memRefOrTensor), indices,
				ir.Opt("mask", boolVector)},
			Results: []ir.ValueDef{ir.Opt("result", ir.TypeOf("ranked tensor of any type values", isRankedTensor))},
			Attrs:   transferAttrs,
			Parse:   parseTransfer(true),
			Print:   printTransfer(true),
			Verify: func(op *ir.Operation) error {
				outs := 0
				if isRankedTensor(op.GroupOperand(1).Type()) {
					outs = 1
				}
				if op.NumResults() != outs {
					return op.Errorf("expected the number of tensor results (%d) to be equal to the number of output tensors (%d)", op.NumResults(), outs)
				}
				return verifyTransfer(op)
			},
		},
	}
}

// ---- transfer_read / transfer_write ----

const (
	permutationMapAttr = "permutation_map"
	inBoundsAttr       = "in_bounds"
)

// transferAttrs are the attributes of both transfer ops.
var transferAttrs = []ir.AttrDef{
	ir.Attr(permutationMapAttr, ir.AffineMapAttrKind),
	ir.Attr(inBoundsAttr, boolArrayKind),
}

// MinorIdentityMap returns the permutation map a transfer between shaped
// and vec has when none is spelled: the vector's dimensions are the
// shaped type's trailing ones (less those a vector element type covers).
func MinorIdentityMap(shaped ir.ShapedType, vec *ir.VectorType) *affine.Map {
	rank := len(shaped.Shape())
	n := vec.Rank()
	if ev := asVector(shaped.ElementType()); ev != nil {
		n -= ev.Rank()
	}
	if n < 0 || n > rank {
		n = min(max(n, 0), rank)
	}
	return affine.MinorIdentityMap(rank, n)
}

// TransferMaskType is MLIR's inferTransferOpMaskType: the mask has one
// dimension per source dimension the permutation map uses, in source
// order, sized by the vector dimension it maps to.
func TransferMaskType(vec *ir.VectorType, m *affine.Map) *ir.VectorType {
	sizes := make([]int64, m.NumDims)
	used := make([]bool, m.NumDims)
	for i, e := range m.Results {
		if d, ok := e.(*affine.DimExpr); ok && i < vec.Rank() {
			sizes[d.Pos], used[d.Pos] = vec.Dims[i], true
		}
	}
	var shape []int64
	var scalable []bool
	for d, u := range used {
		if u {
			shape = append(shape, sizes[d])
			scalable = append(scalable, false)
		}
	}
	return ir.Vector(shape, ir.I1, scalable)
}

// PermutationMap returns a transfer op's permutation map.
func PermutationMap(op *ir.Operation) *affine.Map {
	if a, ok := op.Attr(permutationMapAttr).(*ir.AffineMapAttr); ok {
		return a.Map
	}
	return nil
}

// InBounds returns a transfer op's in_bounds flags, one per vector dimension.
func InBounds(op *ir.Operation) []bool { return bools(op.Attr(inBoundsAttr)) }

// parseTransfer parses what follows the op name of both transfer ops:
//
//	%src[%i, %j], %pad (, %mask)? attr-dict : memref<...>, vector<...>     (read)
//	%vec, %dst[%i, %j] (, %mask)? attr-dict : vector<...>, memref<...>     (write)
func parseTransfer(write bool) func(p ir.OpParser, st *ir.OperationState) error {
	return func(p ir.OpParser, st *ir.OperationState) error {
		var vecU, padU, maskU ir.UnresolvedOperand
		var err error
		if write {
			if vecU, err = p.ParseOperand(); err != nil {
				return err
			}
			if err = p.Parse(","); err != nil {
				return err
			}
		}
		srcU, err := p.ParseOperand()
		if err != nil {
			return err
		}
		idxU, err := p.ParseOperandList(ir.DelimSquare)
		if err != nil {
			return err
		}
		if !write {
			if err = p.Parse(","); err != nil {
				return err
			}
			if padU, err = p.ParseOperand(); err != nil {
				return err
			}
		}
		hasMask := false
		if p.ParseOptional(",") {
			if maskU, err = p.ParseOperand(); err != nil {
				return err
			}
			hasMask = true
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		typesLoc := p.Loc()
		ts, err := p.ParseColonTypeList()
		if err != nil {
			return err
		}
		if len(ts) != 2 {
			return ir.Errorf(typesLoc, "requires two types")
		}
		shapedT, vecT := ts[0], ts[1]
		if write {
			shapedT, vecT = ts[1], ts[0]
		}
		shaped, ok := shapedT.(ir.ShapedType)
		if _, isMem := shapedT.(*ir.MemRefType); !ok || (!isMem && !isRankedTensor(shapedT)) {
			return ir.Errorf(typesLoc, "requires memref or ranked tensor type")
		}
		vec := asVector(vecT)
		if vec == nil {
			return ir.Errorf(typesLoc, "requires vector type")
		}
		var perm *affine.Map
		for _, a := range st.Attrs {
			if a.Name == permutationMapAttr {
				if m, ok := a.Value.(*ir.AffineMapAttr); ok {
					perm = m.Map
				}
			}
		}
		if perm == nil {
			perm = MinorIdentityMap(shaped, vec)
			st.AddAttr(permutationMapAttr, ir.AffineMapOf(perm))
		}
		if !st.HasAttr(inBoundsAttr) {
			st.AddAttr(inBoundsAttr, boolArray(make([]bool, perm.NumResults())))
		}
		var ops []*ir.Value
		if write {
			v, err := p.ResolveOperand(vecU, vecT)
			if err != nil {
				return err
			}
			ops = append(ops, v)
		}
		src, err := p.ResolveOperand(srcU, shapedT)
		if err != nil {
			return err
		}
		ops = append(ops, src)
		idx, err := p.ResolveOperands(idxU, []ir.Type{ir.Index})
		if err != nil {
			return err
		}
		ops = append(ops, idx...)
		if !write {
			pad, err := p.ResolveOperand(padU, shaped.ElementType())
			if err != nil {
				return err
			}
			ops = append(ops, pad)
		}
		if hasMask {
			if isVector(shaped.ElementType()) {
				return ir.Errorf(maskU.Loc, "does not support masks with vector element type")
			}
			if perm.NumDims != len(shaped.Shape()) {
				return ir.Errorf(typesLoc, "expected the same rank for the vector and the results of the permutation map")
			}
			mask, err := p.ResolveOperand(maskU, TransferMaskType(vec, perm))
			if err != nil {
				return err
			}
			ops = append(ops, mask)
		}
		st.Operands = ops
		maskN := int32(0)
		if hasMask {
			maskN = 1
		}
		st.AddAttr(ir.SegmentSizesAttr, ir.DenseI32Array(1, 1, int32(len(idx)), maskN))
		if write && isRankedTensor(shapedT) {
			st.Types = []ir.Type{shapedT}
		}
		if !write {
			st.Types = []ir.Type{vecT}
			st.Attrs[len(st.Attrs)-1].Value = ir.DenseI32Array(1, int32(len(idx)), 1, maskN)
		}
		return nil
	}
}

func isRankedTensor(t ir.Type) bool { _, ok := t.(*ir.RankedTensorType); return ok }

// printTransfer prints the transfer ops' custom form; the permutation map
// is elided when it is the minor identity, in_bounds when all false.
func printTransfer(write bool) func(p ir.OpPrinter, op *ir.Operation) {
	return func(p ir.OpPrinter, op *ir.Operation) {
		src, idx, vec, pad, mask := transferParts(op)
		p.Print(" ")
		if write {
			p.PrintOperand(vec)
			p.Print(", ")
		}
		p.PrintOperand(src)
		p.Print("[")
		p.PrintOperands(idx)
		p.Print("]")
		if !write {
			p.Print(", ")
			p.PrintOperand(pad)
		}
		if mask != nil {
			p.Print(", ")
			p.PrintOperand(mask)
		}
		elided := []string{ir.SegmentSizesAttr}
		shaped, _ := src.Type().(ir.ShapedType)
		vt := asVector(vec.Type())
		if m := PermutationMap(op); m != nil && shaped != nil && vt != nil && m.Equal(MinorIdentityMap(shaped, vt)) {
			elided = append(elided, permutationMapAttr)
		}
		anyTrue := false
		for _, b := range InBounds(op) {
			anyTrue = anyTrue || b
		}
		if !anyTrue {
			elided = append(elided, inBoundsAttr)
		}
		p.PrintOptionalAttrDict(op.Attrs(), elided...)
		p.Print(" : ")
		if write {
			p.PrintType(vec.Type())
			p.Print(", ")
			p.PrintType(src.Type())
			return
		}
		p.PrintType(src.Type())
		p.Print(", ")
		p.PrintType(vec.Type())
	}
}

// transferParts splits a transfer op's operands: the source or
// destination, the indices, the vector (read: its result), the padding
// (read only) and the mask (nil when absent).
func transferParts(op *ir.Operation) (src *ir.Value, idx []*ir.Value, vec, pad, mask *ir.Value) {
	if op.Name() == "vector.transfer_read" {
		return op.GroupOperand(0), op.OperandGroup(1), op.Result(0), op.GroupOperand(2), op.GroupOperand(3)
	}
	return op.GroupOperand(1), op.OperandGroup(2), op.GroupOperand(0), nil, op.GroupOperand(3)
}

// verifyTransfer is MLIR's verifyTransferOp.
func verifyTransfer(op *ir.Operation) error {
	src, idx, vec, _, mask := transferParts(op)
	shaped := src.Type().(ir.ShapedType)
	vt := asVector(vec.Type())
	perm := PermutationMap(op)
	rank := len(shaped.Shape())
	if len(idx) != rank {
		return op.Errorf("requires %d indices", rank)
	}
	if perm.NumSymbols != 0 {
		return op.Errorf("requires permutation_map without symbols")
	}
	minorBits := func(t *ir.VectorType) int64 {
		if t.Rank() == 0 {
			return int64(ir.BitWidth(t.Elem))
		}
		return int64(ir.BitWidth(t.Elem)) * t.Dims[t.Rank()-1]
	}
	if ev := asVector(shaped.ElementType()); ev != nil {
		// A memref of vectors: the vector covers whole source vectors.
		if eb := minorBits(ev); eb == 0 || minorBits(vt)%eb != 0 {
			return op.Errorf("requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source")
		}
		if vt.Rank() < ev.Rank() {
			return op.Errorf("requires source vector element and vector result ranks to match.")
		}
		if mask != nil {
			return op.Errorf("does not support masks with vector element type")
		}
	} else {
		// The element types may differ when the vector's minor dimension
		// holds whole source elements.
		if eb := int64(ir.BitWidth(shaped.ElementType())); eb == 0 || minorBits(vt)%eb != 0 {
			return op.Errorf("requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type")
		}
		if perm.NumDims != rank {
			return op.Errorf("requires a permutation_map with input dims of the same rank as the source type")
		}
		if perm.NumResults() != vt.Rank() {
			return op.Errorf("requires a permutation_map with result dims of the same rank as the vector type")
		}
		if mask != nil && mask.Type() != TransferMaskType(vt, perm) {
			return op.Errorf("inferred mask type ('%s') and mask operand type ('%s') don't match", TransferMaskType(vt, perm), mask.Type())
		}
	}
	if err := verifyProjectedPermutation(op, perm); err != nil {
		return err
	}
	if n := len(InBounds(op)); n != perm.NumResults() {
		return op.Errorf("expects the in_bounds attr of same rank as permutation_map results: %s vs inBounds of size: %d",
			ir.AffineMapOf(perm), n)
	}
	if op.Name() == "vector.transfer_read" {
		if pad := op.GroupOperand(2); pad.Type() != shaped.ElementType() {
			return op.Errorf("requires formal padding and source of the same elemental type")
		}
	}
	return nil
}

// verifyProjectedPermutation checks that each result of a transfer's map
// is a distinct dim or the constant 0 (a broadcast dimension).
func verifyProjectedPermutation(op *ir.Operation, m *affine.Map) error {
	seen := make([]bool, m.NumDims)
	for _, e := range m.Results {
		switch e := e.(type) {
		case *affine.DimExpr:
			if seen[e.Pos] {
				return op.Errorf("requires a permutation_map that is a permutation (found one dim used more than once)")
			}
			seen[e.Pos] = true
		case *affine.ConstantExpr:
			if e.Value != 0 {
				return op.Errorf("requires a projected permutation_map (at most one dim or the zero constant can appear in each result)")
			}
		default:
			return op.Errorf("requires a projected permutation_map (at most one dim or the zero constant can appear in each result)")
		}
	}
	return nil
}

// transferEffects reads or writes the source only when it is a memref
// (a tensor transfer is pure).
func transferEffects(kind ir.EffectKind, i int) func(op *ir.Operation) []ir.EffectInstance {
	fixed := ir.FixedEffects(ir.OnOperand(kind, i))
	return func(op *ir.Operation) []ir.EffectInstance {
		if i < op.NumOperands() && asMemRef(op.Operand(i).Type()) != nil {
			return fixed(op)
		}
		return nil
	}
}
