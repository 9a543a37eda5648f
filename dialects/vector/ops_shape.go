package vector

import (
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
)

// sameElementAsSource is MLIR's TCresVTEtIsSameAsOpBase<0, 0>: the
// result's element type is the first operand's.
func sameElementAsSource(op *ir.Operation) error {
	if ir.ElementTypeOrSelf(op.Result(0).Type()) != ir.ElementTypeOrSelf(op.Operand(0).Type()) {
		return op.Errorf("failed to verify that source operand and result have same element type")
	}
	return nil
}

// shapeOps is this file's part of the dialect's op table.
func shapeOps() opTable {
	return opTable{
		{
			Name:    "vector.broadcast",
			Summary: "broadcast operation",
			Doc: "Broadcasts a scalar or vector to a vector of higher or equal rank, stretching " +
				"dimensions of size 1 (numpy rules).\n\n" +
				"    %v = vector.broadcast %s : f32 to vector<4x8xf32>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("source", nil)},
			Results:  []ir.ValueDef{ir.Operand("vector", anyVector)},
			Format:   "$source attr-dict `:` type($source) `to` type($vector)",
			Verify: func(op *ir.Operation) error {
				if err := sameElementAsSource(op); err != nil {
					return err
				}
				switch res, a, b := Broadcastable(op.Operand(0).Type(), asVector(op.Result(0).Type())); res {
				case SourceRankHigher:
					return op.Errorf("source rank higher than destination rank")
				case DimensionMismatch:
					return op.Errorf("dimension mismatch (%d vs. %d)", a, b)
				case SourceTypeNotAVector:
					return op.Errorf("source type is not a vector")
				}
				return nil
			},
			Fold: foldBroadcast,
		},
		{
			Name:    "vector.splat",
			Summary: "vector splat or broadcast operation",
			Doc: "Broadcasts a scalar to every element of a vector.\n\n" +
				"    %v = vector.splat %s : vector<4xf32>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("input", scalarType)},
			Results:  []ir.ValueDef{ir.Operand("aggregate", splatVector)},
			TypesMatchWith: []ir.TypeMatch{{From: "aggregate", To: "input",
				Desc: "operand type matches element type of result", Transform: elementType}},
			Format: "$input attr-dict `:` type($aggregate)",
			Fold:   foldSplat,
		},
		{
			Name:    "vector.extract",
			Summary: "extract operation",
			Doc: "Extracts an element or a sub-vector at a static or dynamic position.\n\n" +
				"    %e = vector.extract %v[1, %i] : f32 from vector<4x8xf32>\n" +
				"    %r = vector.extract %v[1] : vector<8xf32> from vector<4x8xf32>",
			Traits: ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("vector", anyVector),
				ir.Var("dynamic_position", ir.IndexConstraint)},
			Results: []ir.ValueDef{ir.Operand("result", nil)},
			Attrs:   []ir.AttrDef{ir.Attr(staticPositionAttr, ir.DenseI64ArrayKind)},
			Custom:  dynamicIndexList,
			Format: "$vector `` custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` " +
				"type($result) `from` type($vector)",
			Verify: func(op *ir.Operation) error {
				vt, pos := asVector(op.Operand(0).Type()), Position(op)
				if err := verifyPosition(op, pos, op.NumOperands()-1, vt, ""); err != nil {
					return err
				}
				if err := verifyPositionBounds(op, pos, vt, ""); err != nil {
					return err
				}
				if want := ExtractResultType(vt, len(pos)); want != op.Result(0).Type() {
					return op.Errorf("inferred type(s) '%s' are incompatible with return type(s) of operation '%s'", want, op.Result(0).Type())
				}
				return nil
			},
			Fold: foldExtract,
		},
		{
			Name:    "vector.insert",
			Summary: "insert operation",
			Doc: "Inserts an element or a sub-vector into a vector at a static or dynamic position.\n\n" +
				"    %r = vector.insert %s, %v [1, %i] : f32 into vector<4x8xf32>",
			Traits: ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("source", nil), ir.Operand("dest", anyVector),
				ir.Var("dynamic_position", ir.IndexConstraint)},
			Results:       []ir.ValueDef{ir.Operand("result", anyVector)},
			Attrs:         []ir.AttrDef{ir.Attr(staticPositionAttr, ir.DenseI64ArrayKind)},
			AllTypesMatch: [][]string{{"dest", "result"}},
			Custom:        dynamicIndexList,
			Format: "$source `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` " +
				"type($source) `into` type($dest)",
			Verify: func(op *ir.Operation) error {
				if op.Result(0).Type() != op.Operand(1).Type() {
					return op.Errorf("failed to verify that all of {dest, result} have same type")
				}
				if err := sameElementAsSource(op); err != nil {
					return err
				}
				dt, pos := asVector(op.Operand(1).Type()), Position(op)
				if err := verifyPosition(op, pos, op.NumOperands()-2, dt, "dest "); err != nil {
					return err
				}
				if st := asVector(op.Operand(0).Type()); st != nil {
					if st.Rank()+len(pos) != dt.Rank() {
						return op.Errorf("expected position attribute rank + source rank to match dest vector rank")
					}
				} else if len(pos) != dt.Rank() {
					return op.Errorf("expected position attribute rank to match the dest vector rank")
				}
				return verifyPositionBounds(op, pos, dt, "dest ")
			},
			Fold: foldInsert,
		},
		{
			Name:    "vector.extract_strided_slice",
			Summary: "extract_strided_slice operation",
			Doc: "Extracts a sub-vector at the given offsets and sizes (unit strides).\n\n" +
				"    %s = vector.extract_strided_slice %v {offsets = [1, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("vector", anyVectorNonZero)},
			Results:  []ir.ValueDef{ir.Operand("result", anyVector)},
			Attrs:    []ir.AttrDef{ir.Attr("offsets", i64ArrayKind), ir.Attr("sizes", i64ArrayKind), ir.Attr("strides", i64ArrayKind)},
			Format:   "$vector attr-dict `:` type($vector) `to` type(results)",
			Verify: func(op *ir.Operation) error {
				vt := asVector(op.Operand(0).Type())
				offs, sizes, strides := Offsets(op), Sizes(op), Strides(op)
				if len(offs) != len(sizes) || len(offs) != len(strides) {
					return op.Errorf("expected offsets, sizes and strides attributes of same size")
				}
				if len(offs) > vt.Rank() {
					return op.Errorf("expected offsets attribute of rank no greater than vector rank")
				}
				dim := func(i int) int64 { return vt.Dims[i] }
				if err := confined(op, "offsets", offs, 0, dim, true); err != nil {
					return err
				}
				if err := confined(op, "sizes", sizes, 1, func(i int) int64 { return vt.Dims[i] + 1 }, true); err != nil {
					return err
				}
				if err := confinedStrides(op, strides); err != nil {
					return err
				}
				for i := range offs {
					if s := offs[i] + sizes[i]; s > vt.Dims[i] {
						return op.Errorf("expected sum(offsets, sizes) dimension %d to be confined to [1, %d)", i, vt.Dims[i]+1)
					}
				}
				shape := append(append([]int64(nil), sizes...), vt.Dims[len(sizes):]...)
				if want := ir.Vector(shape, vt.Elem, vt.Scalable); op.Result(0).Type() != want {
					return op.Errorf("expected result type to be '%s'", want)
				}
				return nil
			},
			Fold: foldExtractStridedSlice,
		},
		{
			Name:    "vector.insert_strided_slice",
			Summary: "strided_slice operation",
			Doc: "Inserts a vector into a vector of equal or higher rank at the given offsets (unit strides).\n\n" +
				"    %r = vector.insert_strided_slice %s, %v {offsets = [0, 2], strides = [1, 1]} : vector<4x4xf32> into vector<4x8xf32>",
			Traits:        ir.Pure,
			Operands:      []ir.ValueDef{ir.Operand("source", anyVectorNonZero), ir.Operand("dest", anyVectorNonZero)},
			Results:       []ir.ValueDef{ir.Operand("res", anyVector)},
			Attrs:         []ir.AttrDef{ir.Attr("offsets", i64ArrayKind), ir.Attr("strides", i64ArrayKind)},
			AllTypesMatch: [][]string{{"dest", "res"}},
			Format:        "$source `,` $dest attr-dict `:` type($source) `into` type($dest)",
			Verify: func(op *ir.Operation) error {
				if op.Result(0).Type() != op.Operand(1).Type() {
					return op.Errorf("failed to verify that all of {dest, res} have same type")
				}
				st, dt := asVector(op.Operand(0).Type()), asVector(op.Operand(1).Type())
				if st.Elem != dt.Elem {
					return op.Errorf("failed to verify that operand #0 and result have same element type")
				}
				offs, strides := Offsets(op), Strides(op)
				if len(offs) != dt.Rank() {
					return op.Errorf("expected offsets of same size as destination vector rank")
				}
				if len(strides) != st.Rank() {
					return op.Errorf("expected strides of same size as source vector rank")
				}
				if st.Rank() > dt.Rank() {
					return op.Errorf("expected source rank to be no greater than destination rank")
				}
				if err := confined(op, "offsets", offs, 0, func(i int) int64 { return dt.Dims[i] }, true); err != nil {
					return err
				}
				if err := confinedStrides(op, strides); err != nil {
					return err
				}
				lead := dt.Rank() - st.Rank()
				for i := range offs {
					size := int64(1)
					if i >= lead {
						size = st.Dims[i-lead]
					}
					if offs[i]+size > dt.Dims[i] {
						return op.Errorf("expected sum(offsets, source vector shape) dimension %d to be confined to [1, %d)", i, dt.Dims[i]+1)
					}
				}
				return nil
			},
			Fold: foldInsertStridedSlice,
		},
		{
			Name:    "vector.shape_cast",
			Summary: "shape_cast casts between vector shapes",
			Doc: "Reinterprets a vector with another shape of the same number of elements (row-major).\n\n" +
				"    %r = vector.shape_cast %v : vector<4x8xf32> to vector<32xf32>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("source", anyVector)},
			Results:  []ir.ValueDef{ir.Operand("result", anyVector)},
			Format:   "$source attr-dict `:` type($source) `to` type($result)",
			Verify: func(op *ir.Operation) error {
				s, r := asVector(op.Operand(0).Type()), asVector(op.Result(0).Type())
				if s.Elem != r.Elem {
					return op.Errorf("source/result vectors must have same element type")
				}
				if s.NumElements() != r.NumElements() {
					return op.Errorf("source/result number of elements must match")
				}
				switch {
				case s.Rank() > r.Rank() && !validShapeCast(r.Dims, s.Dims),
					s.Rank() < r.Rank() && !validShapeCast(s.Dims, r.Dims):
					return op.Errorf("invalid shape cast")
				}
				return nil
			},
			Fold: foldShapeCast,
		},
		{
			Name:    "vector.bitcast",
			Summary: "bitcast casts between vectors",
			Doc: "Reinterprets the bits of a vector; only the minor dimension may change size.\n\n" +
				"    %r = vector.bitcast %v : vector<4x8xf32> to vector<4x16xf16>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("source", signlessIntOrFloatVector)},
			Results:  []ir.ValueDef{ir.Operand("result", signlessIntOrFloatVector)},
			Format:   "$source attr-dict `:` type($source) `to` type($result)",
			Verify: func(op *ir.Operation) error {
				s, r := asVector(op.Operand(0).Type()), asVector(op.Result(0).Type())
				if s.Rank() != r.Rank() {
					return op.Errorf("failed to verify that all of {source, result} have same rank")
				}
				for i := 0; i < s.Rank()-1; i++ {
					if s.Dims[i] != r.Dims[i] {
						return op.Errorf("dimension size mismatch at: %d", i)
					}
				}
				sb, rb := int64(ir.BitWidth(s.Elem)), int64(ir.BitWidth(r.Elem))
				if s.Rank() == 0 {
					if sb != rb {
						return op.Errorf("source/result bitwidth of the 0-D vector element types must be equal")
					}
					return nil
				}
				if sb*s.Dims[s.Rank()-1] != rb*r.Dims[r.Rank()-1] {
					return op.Errorf("source/result bitwidth of the minor 1-D vectors must be equal")
				}
				return nil
			},
			Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
				if op.Operand(0).Type() == op.Result(0).Type() {
					return []ir.FoldResult{{Value: op.Operand(0)}}
				}
				return nil
			},
		},
	}
}

// BroadcastResult says whether a type broadcasts to a vector type.
type BroadcastResult uint8

// The outcomes of Broadcastable, as MLIR's BroadcastableToResult.
const (
	BroadcastOK BroadcastResult = iota
	SourceRankHigher
	DimensionMismatch
	SourceTypeNotAVector
)

// Broadcastable reports whether src broadcasts to dst (MLIR's
// isBroadcastableTo); on a dimension mismatch it returns the two sizes.
func Broadcastable(src ir.Type, dst *ir.VectorType) (BroadcastResult, int64, int64) {
	sv := asVector(src)
	if sv == nil {
		if isScalar(src) && dst != nil && src == dst.Elem {
			return BroadcastOK, 0, 0
		}
		return SourceTypeNotAVector, 0, 0
	}
	if sv.Rank() > dst.Rank() {
		return SourceRankHigher, 0, 0
	}
	lead := dst.Rank() - sv.Rank()
	for r, d := range sv.Dims {
		if d != 1 && d != dst.Dims[lead+r] {
			return DimensionMismatch, d, dst.Dims[lead+r]
		}
	}
	return BroadcastOK, 0, 0
}

// dynamicIndexList is the custom<DynamicIndexList> directive of extract and insert.
var dynamicIndexList = map[string]ir.CustomDirective{"DynamicIndexList": opsyntax.DynamicIndexListDirective}

const staticPositionAttr = "static_position"

// Position returns the static position of an extract or insert, with
// ir.Dynamic where an index operand gives the entry.
func Position(op *ir.Operation) []int64 {
	if a, ok := op.Attr(staticPositionAttr).(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// verifyPosition checks an extract or insert position against the vector
// it indexes; what is "" (extract) or "dest " (insert) as in MLIR's messages.
func verifyPosition(op *ir.Operation, pos []int64, dyn int, vt *ir.VectorType, what string) error {
	n := 0
	for _, p := range pos {
		if p == ir.Dynamic {
			n++
		}
	}
	if n != dyn {
		return op.Errorf("mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite")
	}
	if len(pos) > vt.Rank() {
		return op.Errorf("expected position attribute of rank no greater than %svector rank", what)
	}
	return nil
}

func verifyPositionBounds(op *ir.Operation, pos []int64, vt *ir.VectorType, what string) error {
	for i, p := range pos {
		if p != ir.Dynamic && (p < 0 || p >= vt.Dims[i]) {
			return op.Errorf("expected position attribute #%d to be a non-negative integer smaller than the corresponding %svector dimension", i+1, what)
		}
	}
	return nil
}

// ExtractResultType is the type an extract at a position of the given
// length yields: the trailing dimensions, or the element type.
func ExtractResultType(vt *ir.VectorType, n int) ir.Type {
	if n >= vt.Rank() {
		return vt.Elem
	}
	return ir.Vector(vt.Dims[n:], vt.Elem, trailingScalable(vt, n))
}

func trailingScalable(vt *ir.VectorType, n int) []bool {
	if vt.Scalable == nil {
		return nil
	}
	return vt.Scalable[n:]
}

// Offsets, Sizes and Strides return a strided slice op's attributes.
func Offsets(op *ir.Operation) []int64 { return ints(op.Attr("offsets")) }

// Sizes returns extract_strided_slice's sizes.
func Sizes(op *ir.Operation) []int64 { return ints(op.Attr("sizes")) }

// Strides returns a strided slice op's strides.
func Strides(op *ir.Operation) []int64 { return ints(op.Attr("strides")) }

// confined checks each value of a against [lo, hi(i)) (half open) or
// [lo, hi(i)], with MLIR's message.
func confined(op *ir.Operation, name string, a []int64, lo int64, hi func(i int) int64, halfOpen bool) error {
	for i, v := range a {
		h := hi(i)
		if v < lo || (halfOpen && v >= h) || (!halfOpen && v > h) {
			close := "]"
			if halfOpen {
				close = ")"
			}
			return op.Errorf("expected %s dimension %d to be confined to [%d, %d%s", name, i, lo, h, close)
		}
	}
	return nil
}

func confinedStrides(op *ir.Operation, strides []int64) error {
	for _, s := range strides {
		if s != 1 {
			return op.Errorf("expected strides to be confined to [1, 2)")
		}
	}
	return nil
}

// validShapeCast is MLIR's isValidShapeCast: the dimensions of b (the
// higher rank) group, contiguously, into the dimensions of a.
func validShapeCast(a, b []int64) bool {
	allOne := func(s []int64) bool {
		for _, d := range s {
			if d != 1 {
				return false
			}
		}
		return true
	}
	if len(a) == 0 && allOne(b) {
		return true
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		dimA, dimB := a[i], int64(1)
		for dimB < dimA && j < len(b) {
			dimB *= b[j]
			j++
		}
		if dimA != dimB {
			break
		}
		i++
		if i < len(a) && allOne(a[i:]) {
			i = len(a)
		}
		if j < len(b) && allOne(b[j:]) {
			j = len(b)
		}
	}
	return i == len(a) && j == len(b)
}
