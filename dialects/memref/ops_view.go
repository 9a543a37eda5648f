package memref

import (
	"slices"

	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// castFormat is the syntax of casts: `%m attr-dict : memref<4xf32> to memref<?xf32>`.
const castFormat = "$source attr-dict `:` type($source) `to` type($dest)"

// offsetSizeStride declares the operands and properties of the
// OffsetSizeAndStrideOpInterface ops (subview, reinterpret_cast): a source,
// then the dynamic offsets, sizes and strides, whose static parts are
// static_offsets, static_sizes and static_strides.
func offsetSizeStride(source *ir.TypeConstraint) ([]ir.ValueDef, []ir.AttrDef) {
	return []ir.ValueDef{
			ir.Operand("source", source),
			ir.Var("offsets", ir.IndexConstraint),
			ir.Var("sizes", ir.IndexConstraint),
			ir.Var("strides", ir.IndexConstraint),
		}, []ir.AttrDef{
			ir.Attr("static_offsets", ir.DenseI64ArrayKind),
			ir.Attr("static_sizes", ir.DenseI64ArrayKind),
			ir.Attr("static_strides", ir.DenseI64ArrayKind),
		}
}

// verifyOffsetSizeStride is MLIR's verifyOffsetSizeAndStrideOp: maxOffsets
// and maxRank are the lengths the static lists must have.
func verifyOffsetSizeStride(op *ir.Operation, maxOffsets, maxRank int) error {
	offs, sizes, strides := denseI64(op, "static_offsets"), denseI64(op, "static_sizes"), denseI64(op, "static_strides")
	if !(len(offs) == 1 && maxOffsets == 1) && len(offs) != len(sizes) {
		return ir.Errorf(op.Loc(), "expected mixed offsets rank to match mixed sizes rank (%d vs %d) so the rank of the result type is well-formed.", len(offs), len(sizes))
	}
	if len(sizes) != len(strides) {
		return ir.Errorf(op.Loc(), "expected mixed sizes rank to match mixed strides rank (%d vs %d) so the rank of the result type is well-formed.", len(sizes), len(strides))
	}
	lists := []struct {
		name   string
		static []int64
		max    int
	}{{"offset", offs, maxOffsets}, {"size", sizes, maxRank}, {"stride", strides, maxRank}}
	for i, l := range lists {
		if len(l.static) != l.max {
			return op.Errorf("expected %d %s values, got %d", l.max, l.name, len(l.static))
		}
		if n := ir.CountDynamic(l.static); n != len(op.OperandGroup(i+1)) {
			return op.Errorf("expected %d dynamic %s values", n, l.name)
		}
	}
	for _, v := range offs {
		if v < 0 && v != ir.Dynamic {
			return ir.Errorf(op.Loc(), "expected offsets to be non-negative, but got %d", v)
		}
	}
	for _, v := range sizes {
		if v < 0 && v != ir.Dynamic {
			return ir.Errorf(op.Loc(), "expected sizes to be non-negative, but got %d", v)
		}
	}
	return nil
}

func subViewOp() *ir.OpDef {
	operands, attrs := offsetSizeStride(anyMemRef)
	return &ir.OpDef{
		Name:    "memref.subview",
		Summary: "memref subview operation",
		Doc: "Takes a strided view of a memref with mixed static/dynamic offsets, sizes and strides.\n\n" +
			"    %v = memref.subview %m[%i, 4] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xf32, strided<[8, 1], offset: ?>>",
		Traits:   ir.Pure,
		Operands: operands,
		Results:  []ir.ValueDef{ir.Operand("result", anyMemRef)},
		Attrs:    attrs,
		Format: "$source `` custom<DynamicIndexList>($offsets, $static_offsets) " +
			"custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) " +
			"attr-dict `:` type($source) `to` type($result)",
		Custom: dynamicIndexListCustom,
		Verify: func(op *ir.Operation) error {
			base, sub := asMemRef(op.Operand(0).Type()), asMemRef(op.Result(0).Type())
			if err := verifyOffsetSizeStride(op, base.Rank(), base.Rank()); err != nil {
				return err
			}
			if base.MemorySpace != sub.MemorySpace {
				return ir.Errorf(op.Loc(), "different memory spaces specified for base memref type %s and subview memref type %s", quoted(base), quoted(sub))
			}
			if !IsStrided(base) {
				return ir.Errorf(op.Loc(), "base type %s is not strided", quoted(base))
			}
			expected, _ := SubViewResultType(base, denseI64(op, "static_offsets"), denseI64(op, "static_sizes"), denseI64(op, "static_strides"))
			return verifySubViewType(op, expected, sub)
		},
		Fold:        foldSubView,
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "subview") },
	}
}

// verifySubViewType checks that sub is expected or a rank-reduced version of
// it, with MLIR's produceSubViewErrorMsg messages.
func verifySubViewType(op *ir.Operation, expected, sub *ir.MemRefType) error {
	mismatch := func(what string) error {
		return ir.Errorf(op.Loc(), "expected result type to be %s or a rank-reduced version. (mismatch of result %s) ", quoted(expected), what)
	}
	if sub.Rank() > expected.Rank() {
		return ir.Errorf(op.Loc(), "expected result rank to be smaller or equal to the source rank. ")
	}
	dropped, ok := RankReductionMask(expected.Dims, sub.Dims)
	if !ok {
		return mismatch("sizes")
	}
	if sub.Elem != expected.Elem {
		return ir.Errorf(op.Loc(), "expected result element type to be %s", quoted(expected.Elem))
	}
	if sub.MemorySpace != expected.MemorySpace {
		return ir.Errorf(op.Loc(), "expected result and source memory spaces to match.")
	}
	es, eo, _ := StridesAndOffset(expected)
	ss, so, ok := StridesAndOffset(sub)
	if !ok || eo != so {
		return mismatch("layout")
	}
	var kept []int64
	for i, s := range es {
		if !dropped[i] {
			kept = append(kept, s)
		}
	}
	if !slices.Equal(kept, ss) {
		return mismatch("layout")
	}
	return nil
}

// castCompatible is MLIR's CastOp::areCastCompatible for memrefs.
func castCompatible(a, b ir.Type) bool {
	am, bm := asMemRef(a), asMemRef(b)
	if am != nil && bm != nil {
		if am.Elem != bm.Elem || am.MemorySpace != bm.MemorySpace || am.Rank() != bm.Rank() {
			return false
		}
		if am.Layout != bm.Layout {
			as, ao, okA := StridesAndOffset(am)
			bs, bo, okB := StridesAndOffset(bm)
			if !okA || !okB {
				return false
			}
			if ao != bo && ao != ir.Dynamic && bo != ir.Dynamic {
				return false
			}
			for i := range as {
				if as[i] != bs[i] && as[i] != ir.Dynamic && bs[i] != ir.Dynamic {
					return false
				}
			}
		}
		for i := range am.Dims {
			if am.Dims[i] != bm.Dims[i] && am.Dims[i] != ir.Dynamic && bm.Dims[i] != ir.Dynamic {
				return false
			}
		}
		return true
	}
	au, aUnranked := a.(*ir.UnrankedMemRefType)
	bu, bUnranked := b.(*ir.UnrankedMemRefType)
	switch {
	case aUnranked && bUnranked:
		return false
	case aUnranked && bm != nil:
		return au.Elem == bm.Elem && au.MemorySpace == bm.MemorySpace
	case bUnranked && am != nil:
		return bu.Elem == am.Elem && bu.MemorySpace == am.MemorySpace
	}
	return false
}

// viewOps is this file's part of the dialect's op table.
func viewOps() opTable {
	return opTable{
		{
			Name:    "memref.cast",
			Summary: "memref cast operation",
			Doc: "Converts a memref to an equivalent type with more or less static information.\n\n" +
				"    %c = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("source", anyBaseMemRef)},
			Results:  []ir.ValueDef{ir.Operand("dest", anyBaseMemRef)},
			Format:   castFormat,
			Verify: func(op *ir.Operation) error {
				if !castCompatible(op.Operand(0).Type(), op.Result(0).Type()) {
					return op.Errorf("operand type %s and result type %s are cast incompatible", quoted(op.Operand(0).Type()), quoted(op.Result(0).Type()))
				}
				return nil
			},
			Fold:        foldCast,
			ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "cast") },
		},
		{
			Name:    "memref.memory_space_cast",
			Summary: "memref memory space cast operation",
			Doc: "Changes the memory space of a memref, keeping everything else.\n\n" +
				"    %g = memref.memory_space_cast %s : memref<4xf32, 3> to memref<4xf32>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("source", anyBaseMemRef)},
			Results:  []ir.ValueDef{ir.Operand("dest", anyBaseMemRef)},
			Format:   castFormat,
			Verify: func(op *ir.Operation) error {
				a, b := op.Operand(0).Type(), op.Result(0).Type()
				ok := false
				am, bm := asMemRef(a), asMemRef(b)
				au, aU := a.(*ir.UnrankedMemRefType)
				bu, bU := b.(*ir.UnrankedMemRefType)
				switch {
				case am != nil && bm != nil:
					ok = am.Elem == bm.Elem && slices.Equal(am.Dims, bm.Dims) && am.Layout == bm.Layout
				case aU && bU:
					ok = au.Elem == bu.Elem
				}
				if !ok {
					return op.Errorf("operand type %s and result type %s are cast incompatible", quoted(a), quoted(b))
				}
				return nil
			},
			Fold: func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
				if r := foldIdentityCast(op, operands); r != nil {
					return r
				}
				// memory_space_cast(memory_space_cast(x)) folds to memory_space_cast(x).
				if in := op.Operand(0).DefiningOp(); in != nil && in.Name() == op.Name() {
					op.SetOperand(0, in.Operand(0))
					return inPlace(op)
				}
				return nil
			},
			ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "memspacecast") },
		},
		{
			Name:    "memref.view",
			Summary: "memref view operation",
			Doc: "Views a 1-D i8 buffer at a byte shift as a memref of another shape and element type.\n\n" +
				"    %v = memref.view %buf[%c0][%d] : memref<2048xi8> to memref<?x4xf32>",
			Traits: ir.Pure,
			Operands: []ir.ValueDef{
				ir.Operand("source", i8MemRef1D),
				ir.Operand("byte_shift", ir.IndexConstraint),
				ir.Var("sizes", ir.IndexConstraint),
			},
			Results: []ir.ValueDef{ir.Operand("result", anyMemRef)},
			Format:  "$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)",
			Verify: func(op *ir.Operation) error {
				base, view := asMemRef(op.Operand(0).Type()), asMemRef(op.Result(0).Type())
				if base.Layout != nil {
					return ir.Errorf(op.Loc(), "unsupported map for base memref type %s", quoted(base))
				}
				if view.Layout != nil {
					return ir.Errorf(op.Loc(), "unsupported map for result memref type %s", quoted(view))
				}
				if base.MemorySpace != view.MemorySpace {
					return ir.Errorf(op.Loc(), "different memory spaces specified for base memref type %s and view memref type %s", quoted(base), quoted(view))
				}
				if len(op.OperandGroup(2)) != numDynamicDims(view) {
					return ir.Errorf(op.Loc(), "incorrect number of size operands for type %s", quoted(view))
				}
				return nil
			},
			ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "view") },
		},
		{
			Name:     "memref.copy",
			Summary:  "copies the data from the source to the destination memref",
			Doc:      "Copies all elements of one memref into another of the same shape.\n\n    memref.copy %a, %b : memref<8xf32> to memref<8xf32>",
			Traits:   ir.MemRead | ir.MemWrite,
			Effects:  ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 1)),
			Operands: []ir.ValueDef{ir.Operand("source", anyBaseMemRef), ir.Operand("target", anyBaseMemRef)},
			Results:  ir.NoValues,
			Format:   "$source `,` $target attr-dict `:` type($source) `to` type($target)",
			Verify: func(op *ir.Operation) error {
				a, b := op.Operand(0).Type(), op.Operand(1).Type()
				if ir.ElementTypeOrSelf(a) != ir.ElementTypeOrSelf(b) {
					return op.Errorf("requires the same element type for all operands")
				}
				am, bm := asMemRef(a), asMemRef(b)
				if am != nil && bm != nil {
					if am.Rank() != bm.Rank() {
						return op.Errorf("requires the same shape for all operands")
					}
					for i := range am.Dims {
						if am.Dims[i] != bm.Dims[i] && am.Dims[i] != ir.Dynamic && bm.Dims[i] != ir.Dynamic {
							return op.Errorf("requires the same shape for all operands")
						}
					}
				}
				return nil
			},
			Fold: foldOperandCasts,
			Canonicalize: []ir.Pattern{ir.PatternFunc{Root: "memref.copy", Fn: func(op *ir.Operation, rw *ir.Rewriter) bool {
				// A copy onto itself does nothing.
				if op.Operand(0) != op.Operand(1) {
					return false
				}
				rw.EraseOp(op)
				return true
			}}},
		},
		{
			Name:        "memref.dim",
			Summary:     "dimension index operation",
			Doc:         "Returns the size of one dimension of a memref.\n\n    %d = memref.dim %m, %c0 : memref<?x4xf32>",
			Traits:      ir.Pure,
			Operands:    []ir.ValueDef{ir.Operand("source", non0RankedOrUnrankedMemRef), ir.Operand("index", ir.IndexConstraint)},
			Results:     []ir.ValueDef{ir.Operand("result", ir.IndexConstraint)},
			Format:      "attr-dict $source `,` $index `:` type($source)",
			Fold:        foldDim,
			ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "dim") },
		},
		{
			Name:     "memref.rank",
			Summary:  "rank operation",
			Doc:      "Returns the rank of a memref.\n\n    %r = memref.rank %m : memref<*xf32>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("memref", anyBaseMemRef)},
			Results:  []ir.ValueDef{ir.Operand("result", ir.IndexConstraint)},
			Format:   "$memref attr-dict `:` type($memref)",
			Fold:     foldRank,
		},
		{
			Name:    "memref.expand_shape",
			Summary: "operation to produce a memref with a higher rank",
			Doc: "Splits dimensions of a memref as the reassociation groups say.\n\n" +
				"    %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 8] : memref<8x8xf32> into memref<2x4x8xf32>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{reshapeSource, ir.Var("output_shape", ir.IndexConstraint)},
			Results:  reshapeResult,
			Attrs:    []ir.AttrDef{reassociationA, ir.Attr("static_output_shape", ir.DenseI64ArrayKind)},
			Format: "$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) " +
				"attr-dict `:` type($src) `into` type($result)",
			Custom: dynamicIndexListCustom,
			Verify: func(op *ir.Operation) error {
				src, res, re := reshapeOperands(op)
				if src.Rank() > res.Rank() {
					return op.Errorf("has source rank %d and result rank %d. This is not an expansion (%d > %d).", src.Rank(), res.Rank(), src.Rank(), res.Rank())
				}
				if err := verifyCollapsedShape(op, src.Dims, res.Dims, re); err != nil {
					return err
				}
				expected, ok := ExpandedType(src, res.Dims, re)
				if !ok {
					return op.Errorf("invalid source layout map")
				}
				if expected != res {
					return op.Errorf("expected expanded type to be %s but found %s", quoted(expected), quoted(res))
				}
				static := denseI64(op, "static_output_shape")
				if len(static) != res.Rank() {
					return op.Errorf("expected number of static shape bounds to be equal to the output rank (%d) but found %d inputs instead", res.Rank(), len(static))
				}
				if n := ir.CountDynamic(static); n != op.NumOperands()-1 {
					return op.Errorf("mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has %d dynamic dims while output_shape has %d values", n, op.NumOperands()-1)
				}
				for i, d := range res.Dims {
					if d != ir.Dynamic && d != static[i] {
						return op.Errorf("invalid output shape provided at pos %d", i)
					}
				}
				return nil
			},
			ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "expand_shape") },
		},
		{
			Name:    "memref.collapse_shape",
			Summary: "operation to produce a memref with a smaller rank",
			Doc: "Merges contiguous dimensions of a memref as the reassociation groups say.\n\n" +
				"    %c = memref.collapse_shape %m [[0, 1], [2]] : memref<2x4x8xf32> into memref<8x8xf32>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{reshapeSource},
			Results:  reshapeResult,
			Attrs:    []ir.AttrDef{reassociationA},
			Format:   "$src $reassociation attr-dict `:` type($src) `into` type($result)",
			Verify: func(op *ir.Operation) error {
				src, res, re := reshapeOperands(op)
				if src.Rank() < res.Rank() {
					return op.Errorf("has source rank %d and result rank %d. This is not a collapse (%d < %d).", src.Rank(), res.Rank(), src.Rank(), res.Rank())
				}
				if err := verifyCollapsedShape(op, res.Dims, src.Dims, re); err != nil {
					return err
				}
				var expected *ir.MemRefType
				if src.Layout == nil {
					expected = ir.MemRef(res.Dims, src.Elem, nil, src.MemorySpace)
				} else {
					c, ok := CollapsedType(src, re)
					if !ok {
						return op.Errorf("invalid source layout map or collapsing non-contiguous dims")
					}
					expected = ir.MemRef(res.Dims, src.Elem, c.Layout, src.MemorySpace)
				}
				if expected != res {
					return op.Errorf("expected collapsed type to be %s but found %s", quoted(expected), quoted(res))
				}
				return nil
			},
			ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "collapse_shape") },
		},
		{
			Name:    "memref.extract_strided_metadata",
			Summary: "extracts a buffer base with offset and strides",
			Doc: "Returns the base buffer (rank 0), offset, sizes and strides of a strided memref.\n\n" +
				"    %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x8xf32> -> memref<f32>, index, index, index, index, index",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("source", stridedMemRef)},
			// sizes and strides share the results after the offset equally
			// (SameVariadicResultSize).
			Results: []ir.ValueDef{
				ir.Operand("base_buffer", stridedRank0MemRef),
				ir.Operand("offset", ir.IndexConstraint),
				ir.Var("sizes", ir.IndexConstraint),
				ir.Var("strides", ir.IndexConstraint),
			},
			Format: arrowFormat,
			Verify: func(op *ir.Operation) error {
				src := asMemRef(op.Operand(0).Type())
				if want := 2 + 2*src.Rank(); op.NumResults() != want {
					return op.Errorf("requires %d results, but has %d", want, op.NumResults())
				}
				if want := ir.MemRef(nil, src.Elem, nil, src.MemorySpace); op.Result(0).Type() != ir.Type(want) {
					return op.Errorf("failed to verify that base buffer type is a rank-0 memref of the source's element type and memory space")
				}
				return nil
			},
			ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) {
				n := op.NumResults()
				if n < 2 {
					return
				}
				set(op.Result(0), "base_buffer")
				set(op.Result(1), "offset")
				rank := (n - 2) / 2
				if rank > 0 {
					set(op.Result(2), "sizes")
					set(op.Result(2+rank), "strides")
				}
			},
		},
		{
			Name:    "memref.extract_aligned_pointer_as_index",
			Summary: "extracts a memref's underlying aligned pointer as an index",
			Doc: "Returns the aligned base pointer of a memref as an index.\n\n" +
				"    %p = memref.extract_aligned_pointer_as_index %m : memref<8xf32> -> index",
			Traits:      ir.Pure,
			Operands:    []ir.ValueDef{ir.Operand("source", anyBaseMemRef)},
			Results:     []ir.ValueDef{ir.Operand("aligned_pointer", ir.IndexConstraint)},
			Format:      arrowFormat,
			ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "intptr") },
		},
		{
			Name:     "memref.assume_alignment",
			Summary:  "assertion that gives alignment information to the input memref",
			Doc:      "Asserts that a memref's base pointer is aligned to a power of two.\n\n    memref.assume_alignment %m, 16 : memref<8xf32>",
			Operands: []ir.ValueDef{ir.Operand("memref", anyMemRef)},
			Results:  ir.NoValues,
			Attrs:    []ir.AttrDef{ir.Attr("alignment", positiveI32Kind)},
			Format:   "$memref `,` $alignment attr-dict `:` type($memref)",
			Verify: func(op *ir.Operation) error {
				if a, _ := intAttr(op, "alignment"); !isPowerOf2(a) {
					return op.Errorf("alignment must be power of 2")
				}
				return nil
			},
		},
		{
			Name:    "memref.transpose",
			Summary: "transpose produces a new strided memref (metadata-only)",
			Doc: "Permutes the dimensions of a strided memref without moving data.\n\n" +
				"    %t = memref.transpose %m (i, j) -> (j, i) : memref<8x8xf32> to memref<8x8xf32, affine_map<(d0, d1) -> (d1 * 8 + d0)>>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("in", stridedMemRef)},
			Results:  []ir.ValueDef{ir.Operand("result", stridedMemRef)},
			Attrs:    []ir.AttrDef{ir.Attr("permutation", ir.AffineMapAttrKind)},
			// MLIR's hand-written syntax: a bare permutation map.
			Parse: func(p ir.OpParser, st *ir.OperationState) error {
				return opsyntax.ParseCast(p, st, func(p ir.OpParser, st *ir.OperationState) error {
					m, err := parsePermutationMap(p)
					if err != nil {
						return err
					}
					st.AddAttr("permutation", ir.AffineMapOf(m))
					return nil
				})
			},
			Print: func(p ir.OpPrinter, op *ir.Operation) {
				opsyntax.PrintCast(p, op, func(p ir.OpPrinter, op *ir.Operation) {
					p.Print(" ")
					if m, ok := op.Attr("permutation").(*ir.AffineMapAttr); ok {
						p.Print(m.Map.String())
					}
				}, "permutation")
			},
			Verify: func(op *ir.Operation) error {
				src, res := asMemRef(op.Operand(0).Type()), asMemRef(op.Result(0).Type())
				ma := op.Attr("permutation").(*ir.AffineMapAttr)
				if !ma.Map.IsPermutation() {
					return op.Errorf("expected a permutation map")
				}
				if ma.Map.NumDims != src.Rank() {
					return op.Errorf("expected a permutation map of same rank as the input")
				}
				perm := make([]int, ma.Map.NumResults())
				for i, e := range ma.Map.Results {
					perm[i] = e.(*affine.DimExpr).Pos
				}
				expected, _ := TransposeResultType(src, perm)
				if !EquivalentLayouts(CanonicalizeLayout(expected), CanonicalizeLayout(res)) {
					return op.Errorf("result type %s is not equivalent to the canonical transposed input type %s", quoted(res), quoted(expected))
				}
				return nil
			},
			ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "transpose") },
		},
	}
}

func reinterpretCastOp() *ir.OpDef {
	operands, attrs := offsetSizeStride(anyBaseMemRef)
	return &ir.OpDef{
		Name:    "memref.reinterpret_cast",
		Summary: "memref reinterpret cast operation",
		Doc: "Reinterprets a memref's buffer with a new offset, sizes and strides.\n\n" +
			"    %r = memref.reinterpret_cast %m to offset: [0], sizes: [%d, 4], strides: [4, 1] : memref<8x8xf32> to memref<?x4xf32>",
		Traits:   ir.Pure,
		Operands: operands,
		Results:  []ir.ValueDef{ir.Operand("result", stridedMemRef)},
		Attrs:    attrs,
		Format: "$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) " +
			"`` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) " +
			"`` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) " +
			"attr-dict `:` type($source) `to` type($result)",
		Custom: dynamicIndexListCustom,
		Verify: func(op *ir.Operation) error {
			res := asMemRef(op.Result(0).Type())
			if err := verifyOffsetSizeStride(op, 1, res.Rank()); err != nil {
				return err
			}
			src := op.Operand(0).Type()
			if memorySpaceOf(src) != res.MemorySpace {
				return ir.Errorf(op.Loc(), "different memory spaces specified for source type %s and result memref type %s", quoted(src), quoted(res))
			}
			if ir.ElementTypeOrSelf(src) != res.Elem {
				return ir.Errorf(op.Loc(), "different element types specified for source type %s and result memref type %s", quoted(src), quoted(res))
			}
			sizes := denseI64(op, "static_sizes")
			for i, rs := range res.Dims {
				if es := sizes[i]; rs != ir.Dynamic && es != ir.Dynamic && rs != es {
					return ir.Errorf(op.Loc(), "expected result type with size = %d instead of %d in dim = %d", es, rs, i)
				}
			}
			strides, offset, _ := StridesAndOffset(res)
			if eo := denseI64(op, "static_offsets")[0]; offset != ir.Dynamic && eo != ir.Dynamic && offset != eo {
				return ir.Errorf(op.Loc(), "expected result type with offset = %d instead of %d", eo, offset)
			}
			for i, es := range denseI64(op, "static_strides") {
				if rs := strides[i]; rs != ir.Dynamic && es != ir.Dynamic && rs != es {
					return ir.Errorf(op.Loc(), "expected result type with stride = %d instead of %d in dim = %d", es, rs, i)
				}
			}
			return nil
		},
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "reinterpret_cast") },
	}
}

// reassociation reads the `reassociation` property.
func reassociation(op *ir.Operation) (ReassociationIndices, bool) {
	arr, ok := op.Attr("reassociation").(*ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	out := make(ReassociationIndices, len(arr.Elems))
	for i, e := range arr.Elems {
		g, ok := e.(*ir.ArrayAttr)
		if !ok {
			return nil, false
		}
		for _, x := range g.Elems {
			ia, ok := x.(*ir.IntegerAttr)
			if !ok {
				return nil, false
			}
			out[i] = append(out[i], ia.Int())
		}
	}
	return out, true
}

// verifyCollapsedShape is MLIR's reshape-like reassociation check.
func verifyCollapsedShape(op *ir.Operation, collapsed, expanded []int64, re ReassociationIndices) error {
	if len(collapsed) != len(re) {
		return op.Errorf("invalid number of reassociation groups: found %d, expected %d", len(re), len(collapsed))
	}
	next := int64(0)
	for ci, g := range re {
		foundDynamic := false
		for _, d := range g {
			if d != next {
				return op.Errorf("reassociation indices must be contiguous")
			}
			next++
			if d >= int64(len(expanded)) {
				return op.Errorf("reassociation index %d is out of bounds", d)
			}
			if expanded[d] == ir.Dynamic {
				foundDynamic = true
			}
		}
		if (collapsed[ci] == ir.Dynamic) != foundDynamic {
			return op.Errorf("collapsed dim (%d) must be dynamic if and only if reassociation group is dynamic", ci)
		}
		if !foundDynamic {
			size := int64(1)
			for _, d := range g {
				size *= expanded[d]
			}
			if size != collapsed[ci] {
				return op.Errorf("collapsed dim size (%d) must equal reassociation group size (%d)", collapsed[ci], size)
			}
		}
	}
	if len(collapsed) == 0 {
		for _, d := range expanded {
			if d != 1 {
				return op.Errorf("rank 0 memrefs can only be extended/collapsed with/from ones")
			}
		}
	} else if next != int64(len(expanded)) {
		return op.Errorf("expanded rank (%d) inconsistent with number of reassociation indices (%d)", len(expanded), next)
	}
	return nil
}

// The source, result and reassociation shared by expand_shape and collapse_shape.
var (
	reshapeSource  = ir.Operand("src", stridedMemRef)
	reshapeResult  = []ir.ValueDef{ir.Operand("result", stridedMemRef)}
	reassociationA = ir.Attr("reassociation", indexListArrayKind)
)

// reshapeOperands reads the memref types and reassociation of a reshape op
// that satisfies its schema.
func reshapeOperands(op *ir.Operation) (src, res *ir.MemRefType, re ReassociationIndices) {
	re, _ = reassociation(op)
	return asMemRef(op.Operand(0).Type()), asMemRef(op.Result(0).Type()), re
}

// arrowFormat is the syntax of the metadata ops: `%m : memref<8xf32> -> index`.
const arrowFormat = "$source `:` type($source) `->` type(results) attr-dict"

// parsePermutationMap parses a bare permutation map `(i, j) -> (j, i)`. Dim
// names are arbitrary identifiers; results must name dims.
func parsePermutationMap(p ir.OpParser) (*affine.Map, error) {
	if err := p.Parse("("); err != nil {
		return nil, err
	}
	var dims []string
	if !p.ParseOptional(")") {
		for {
			id, err := p.ParseIdentifier()
			if err != nil {
				return nil, err
			}
			dims = append(dims, id)
			if !p.ParseOptional(",") {
				break
			}
		}
		if err := p.Parse(")"); err != nil {
			return nil, err
		}
	}
	if err := p.Parse("->"); err != nil {
		return nil, err
	}
	if err := p.Parse("("); err != nil {
		return nil, err
	}
	var results []affine.Expr
	if !p.ParseOptional(")") {
		for {
			loc := p.Loc()
			id, err := p.ParseIdentifier()
			if err != nil {
				return nil, err
			}
			pos := slices.Index(dims, id)
			if pos < 0 {
				return nil, ir.Errorf(loc, "use of undeclared identifier")
			}
			results = append(results, affine.Dim(pos))
			if !p.ParseOptional(",") {
				break
			}
		}
		if err := p.Parse(")"); err != nil {
			return nil, err
		}
	}
	return affine.NewMap(len(dims), 0, results), nil
}
