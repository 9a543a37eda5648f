package memref

import (
	"slices"

	"github.com/goopt/goopt/dialects/internal/segments"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// parseSrcToType parses `: srcType to resultType` after an attr-dict.
func parseSrcToType(p ir.OpParser, st *ir.OperationState, kw string) (ir.Type, ir.Type, error) {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return nil, nil, err
	}
	src, err := p.ParseColonType()
	if err != nil {
		return nil, nil, err
	}
	if err := p.ParseKeyword(kw); err != nil {
		return nil, nil, err
	}
	dst, err := p.ParseType()
	if err != nil {
		return nil, nil, err
	}
	return src, dst, nil
}

func printSrcToType(p ir.OpPrinter, op *ir.Operation, kw string, elided ...string) {
	p.PrintOptionalAttrDict(op.Attrs(), elided...)
	p.Print(" : ")
	p.PrintType(op.Operand(0).Type())
	p.Print(" " + kw + " ")
	p.PrintType(op.Result(0).Type())
}

// oneMemRefOperand checks the op has one memref operand and one result.
func oneMemRefOperand(op *ir.Operation) error {
	if op.NumOperands() < 1 || op.NumResults() != 1 {
		return op.Errorf("expects a source operand and one result")
	}
	if !isBaseMemRef(op.Operand(0).Type()) {
		return op.Errorf("operand #0 must be ranked or unranked memref of any type values, but got %s", quoted(op.Operand(0).Type()))
	}
	if !isBaseMemRef(op.Result(0).Type()) {
		return op.Errorf("result #0 must be ranked or unranked memref of any type values, but got %s", quoted(op.Result(0).Type()))
	}
	return nil
}

// offsetSizeStride describes a ViewLikeInterface op with mixed
// offsets/sizes/strides stored after `first` leading operands.
type offsetSizeStride struct {
	maxOffsets func(op *ir.Operation) int
	maxRank    func(op *ir.Operation) int
}

// verifyOffsetSizeStride is MLIR's verifyOffsetSizeAndStrideOp.
func (o offsetSizeStride) verify(op *ir.Operation) error {
	if err := segments.Check(op, 4); err != nil {
		return err
	}
	offs, sizes, strides := denseI64(op, "static_offsets"), denseI64(op, "static_sizes"), denseI64(op, "static_strides")
	maxOff, maxRank := o.maxOffsets(op), o.maxRank(op)
	if !(len(offs) == 1 && maxOff == 1) && len(offs) != len(sizes) {
		return ir.Errorf(op.Loc(), "expected mixed offsets rank to match mixed sizes rank (%d vs %d) so the rank of the result type is well-formed.", len(offs), len(sizes))
	}
	if len(sizes) != len(strides) {
		return ir.Errorf(op.Loc(), "expected mixed sizes rank to match mixed strides rank (%d vs %d) so the rank of the result type is well-formed.", len(sizes), len(strides))
	}
	lists := []struct {
		name   string
		static []int64
		max    int
		seg    int
	}{{"offset", offs, maxOff, 1}, {"size", sizes, maxRank, 2}, {"stride", strides, maxRank, 3}}
	for _, l := range lists {
		if len(l.static) != l.max {
			return op.Errorf("expected %d %s values, got %d", l.max, l.name, len(l.static))
		}
		if n := countDynamic(l.static); n != len(segments.Group(op, l.seg)) {
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
	oss := offsetSizeStride{
		maxOffsets: func(op *ir.Operation) int { return srcRank(op) },
		maxRank:    func(op *ir.Operation) int { return srcRank(op) },
	}
	return &ir.OpDef{
		Name:    "memref.subview",
		Summary: "memref subview operation",
		Doc: "Takes a strided view of a memref with mixed static/dynamic offsets, sizes and strides.\n\n" +
			"    %v = memref.subview %m[%i, 4] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xf32, strided<[8, 1], offset: ?>>",
		Traits:   ir.Pure,
		Inherent: []string{segments.Attr, "static_offsets", "static_sizes", "static_strides"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			src, err := p.ParseOperand()
			if err != nil {
				return err
			}
			lists, err := parseMixedLists(p, st, "static_offsets", "static_sizes", "static_strides")
			if err != nil {
				return err
			}
			srcT, dstT, err := parseSrcToType(p, st, "to")
			if err != nil {
				return err
			}
			return resolveMixed(p, st, src, srcT, dstT, lists)
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			printMixedLists(p, op, " ", "static_offsets", "static_sizes", "static_strides")
			printSrcToType(p, op, "to", segments.Attr, "static_offsets", "static_sizes", "static_strides")
		},
		Verify: func(op *ir.Operation) error {
			if err := oneMemRefOperand(op); err != nil {
				return err
			}
			base, sub := asMemRef(op.Operand(0).Type()), asMemRef(op.Result(0).Type())
			if base == nil || sub == nil {
				return op.Errorf("operand #0 must be memref of any type values")
			}
			if err := oss.verify(op); err != nil {
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

func srcRank(op *ir.Operation) int {
	if op.NumOperands() > 0 {
		if t := asMemRef(op.Operand(0).Type()); t != nil {
			return t.Rank()
		}
	}
	return 0
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

// mixedList is one parsed `[%a, 4]` list.
type mixedList struct {
	dyn    []ir.UnresolvedOperand
	static []int64
}

// parseMixedLists parses consecutive dynamic index lists and stores their
// static parts under names.
func parseMixedLists(p ir.OpParser, st *ir.OperationState, names ...string) ([]mixedList, error) {
	var out []mixedList
	for _, n := range names {
		dyn, static, err := opsyntax.ParseDynamicIndexList(p, ir.DelimSquare)
		if err != nil {
			return nil, err
		}
		st.AddAttr(n, ir.DenseI64Array(static...))
		out = append(out, mixedList{dyn, static})
	}
	return out, nil
}

// resolveMixed resolves the source operand and the lists' dynamic operands.
func resolveMixed(p ir.OpParser, st *ir.OperationState, src ir.UnresolvedOperand, srcT, dstT ir.Type, lists []mixedList) error {
	v, err := p.ResolveOperand(src, srcT)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, v)
	sizes := []int{1}
	for _, l := range lists {
		vs, err := resolveIndex(p, l.dyn)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, vs...)
		sizes = append(sizes, len(vs))
	}
	segments.Set(st, sizes...)
	st.Types = append(st.Types, dstT)
	return nil
}

// printMixedLists prints the lists named by the static properties; the
// dynamic values are operand segments 1, 2, 3.
func printMixedLists(p ir.OpPrinter, op *ir.Operation, sep string, names ...string) {
	for i, n := range names {
		if i > 0 {
			p.Print(sep)
		}
		opsyntax.PrintDynamicIndexList(p, segments.Group(op, i+1), denseI64(op, n), ir.DelimSquare)
	}
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

func castOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.cast",
		Summary: "memref cast operation",
		Doc: "Converts a memref to an equivalent type with more or less static information.\n\n" +
			"    %c = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>",
		Traits: ir.Pure,
		Parse:  parseCastLike,
		Print:  printCastLike,
		Verify: func(op *ir.Operation) error {
			if err := oneMemRefOperand(op); err != nil {
				return err
			}
			if !castCompatible(op.Operand(0).Type(), op.Result(0).Type()) {
				return op.Errorf("operand type %s and result type %s are cast incompatible", quoted(op.Operand(0).Type()), quoted(op.Result(0).Type()))
			}
			return nil
		},
		Fold:        foldCast,
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "cast") },
	}
}

// parseCastLike parses `%m attr-dict : srcType to dstType`.
func parseCastLike(p ir.OpParser, st *ir.OperationState) error { return opsyntax.ParseCast(p, st, nil) }

// printCastLike prints what parseCastLike reads.
func printCastLike(p ir.OpPrinter, op *ir.Operation) { opsyntax.PrintCast(p, op, nil) }

func memorySpaceCastOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.memory_space_cast",
		Summary: "memref memory space cast operation",
		Doc: "Changes the memory space of a memref, keeping everything else.\n\n" +
			"    %g = memref.memory_space_cast %s : memref<4xf32, 3> to memref<4xf32>",
		Traits: ir.Pure,
		Parse:  parseCastLike,
		Print:  printCastLike,
		Verify: func(op *ir.Operation) error {
			if err := oneMemRefOperand(op); err != nil {
				return err
			}
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
	}
}

func reinterpretCastOp() *ir.OpDef {
	oss := offsetSizeStride{
		maxOffsets: func(*ir.Operation) int { return 1 },
		maxRank: func(op *ir.Operation) int {
			if op.NumResults() == 1 {
				if t := asMemRef(op.Result(0).Type()); t != nil {
					return t.Rank()
				}
			}
			return 0
		},
	}
	return &ir.OpDef{
		Name:    "memref.reinterpret_cast",
		Summary: "memref reinterpret cast operation",
		Doc: "Reinterprets a memref's buffer with a new offset, sizes and strides.\n\n" +
			"    %r = memref.reinterpret_cast %m to offset: [0], sizes: [%d, 4], strides: [4, 1] : memref<8x8xf32> to memref<?x4xf32>",
		Traits:   ir.Pure,
		Inherent: []string{segments.Attr, "static_offsets", "static_sizes", "static_strides"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			src, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.ParseKeyword("to"); err != nil {
				return err
			}
			var lists []mixedList
			for i, kw := range []string{"offset", "sizes", "strides"} {
				if i > 0 {
					if err := p.Parse(","); err != nil {
						return err
					}
				}
				if err := p.ParseKeyword(kw); err != nil {
					return err
				}
				if err := p.Parse(":"); err != nil {
					return err
				}
				l, err := parseMixedLists(p, st, []string{"static_offsets", "static_sizes", "static_strides"}[i])
				if err != nil {
					return err
				}
				lists = append(lists, l...)
			}
			srcT, dstT, err := parseSrcToType(p, st, "to")
			if err != nil {
				return err
			}
			return resolveMixed(p, st, src, srcT, dstT, lists)
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.Print(" to offset: ")
			opsyntax.PrintDynamicIndexList(p, segments.Group(op, 1), denseI64(op, "static_offsets"), ir.DelimSquare)
			p.Print(", sizes: ")
			opsyntax.PrintDynamicIndexList(p, segments.Group(op, 2), denseI64(op, "static_sizes"), ir.DelimSquare)
			p.Print(", strides: ")
			opsyntax.PrintDynamicIndexList(p, segments.Group(op, 3), denseI64(op, "static_strides"), ir.DelimSquare)
			printSrcToType(p, op, "to", segments.Attr, "static_offsets", "static_sizes", "static_strides")
		},
		Verify: func(op *ir.Operation) error {
			if err := oneMemRefOperand(op); err != nil {
				return err
			}
			res := asMemRef(op.Result(0).Type())
			if res == nil {
				return op.Errorf("result #0 must be memref of any type values, but got %s", quoted(op.Result(0).Type()))
			}
			if err := oss.verify(op); err != nil {
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
			strides, offset, ok := StridesAndOffset(res)
			if !ok {
				return ir.Errorf(op.Loc(), "expected result type to have strided layout but found %s", quoted(res))
			}
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

func viewOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.view",
		Summary: "memref view operation",
		Doc: "Views a 1-D i8 buffer at a byte shift as a memref of another shape and element type.\n\n" +
			"    %v = memref.view %buf[%c0][%d] : memref<2048xi8> to memref<?x4xf32>",
		Traits: ir.Pure,
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			src, err := p.ParseOperand()
			if err != nil {
				return err
			}
			shift, err := p.ParseOperandList(ir.DelimSquare)
			if err != nil {
				return err
			}
			if len(shift) != 1 {
				return p.Errorf("expects 1 offset operand")
			}
			sizes, err := p.ParseOperandList(ir.DelimSquare)
			if err != nil {
				return err
			}
			srcT, dstT, err := parseSrcToType(p, st, "to")
			if err != nil {
				return err
			}
			v, err := p.ResolveOperand(src, srcT)
			if err != nil {
				return err
			}
			vs, err := resolveIndex(p, append(shift, sizes...))
			if err != nil {
				return err
			}
			st.Operands = append(append(st.Operands, v), vs...)
			st.Types = append(st.Types, dstT)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.Print("[")
			if op.NumOperands() > 1 {
				p.PrintOperand(op.Operand(1))
			}
			p.Print("][")
			if op.NumOperands() > 2 {
				p.PrintOperands(op.Operands()[2:])
			}
			p.Print("]")
			printSrcToType(p, op, "to")
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() < 2 || op.NumResults() != 1 {
				return op.Errorf("expects a source, a byte shift and one result")
			}
			base, view := asMemRef(op.Operand(0).Type()), asMemRef(op.Result(0).Type())
			if base == nil || base.Rank() != 1 || base.Elem != ir.Integer(8) {
				return op.Errorf("operand #0 must be 1D memref of 8-bit signless integer values, but got %s", quoted(op.Operand(0).Type()))
			}
			if view == nil {
				return op.Errorf("result #0 must be memref of any type values, but got %s", quoted(op.Result(0).Type()))
			}
			if base.Layout != nil {
				return ir.Errorf(op.Loc(), "unsupported map for base memref type %s", quoted(base))
			}
			if view.Layout != nil {
				return ir.Errorf(op.Loc(), "unsupported map for result memref type %s", quoted(view))
			}
			if base.MemorySpace != view.MemorySpace {
				return ir.Errorf(op.Loc(), "different memory spaces specified for base memref type %s and view memref type %s", quoted(base), quoted(view))
			}
			if op.NumOperands()-2 != numDynamicDims(view) {
				return ir.Errorf(op.Loc(), "incorrect number of size operands for type %s", quoted(view))
			}
			return nil
		},
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "view") },
	}
}

func copyOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.copy",
		Summary: "copies the data from the source to the destination memref",
		Doc:     "Copies all elements of one memref into another of the same shape.\n\n    memref.copy %a, %b : memref<8xf32> to memref<8xf32>",
		Traits:  ir.MemRead | ir.MemWrite,
		Effects: ir.FixedEffects(ir.OnOperand(ir.Read, 0), ir.OnOperand(ir.Write, 1)),
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			us, err := p.ParseOperandList(ir.DelimNone)
			if err != nil {
				return err
			}
			if len(us) != 2 {
				return p.Errorf("expected 2 operands")
			}
			src, dst, err := parseSrcToType(p, st, "to")
			if err != nil {
				return err
			}
			vs, err := p.ResolveOperands(us, []ir.Type{src, dst})
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, vs...)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperands(op.Operands())
			p.PrintOptionalAttrDict(op.Attrs())
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
			p.Print(" to ")
			p.PrintType(op.Operand(1).Type())
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 2 || !isBaseMemRef(op.Operand(0).Type()) || !isBaseMemRef(op.Operand(1).Type()) {
				return op.Errorf("expects two memref operands")
			}
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
	}
}

func dimOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.dim",
		Summary: "dimension index operation",
		Doc:     "Returns the size of one dimension of a memref.\n\n    %d = memref.dim %m, %c0 : memref<?x4xf32>",
		Traits:  ir.Pure,
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			m, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.Parse(","); err != nil {
				return err
			}
			i, err := p.ParseOperand()
			if err != nil {
				return err
			}
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			vs, err := p.ResolveOperands([]ir.UnresolvedOperand{m, i}, []ir.Type{t, ir.Index})
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, vs...)
			st.Types = append(st.Types, ir.Index)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.PrintOptionalAttrDict(op.Attrs())
			p.Print(" ")
			p.PrintOperands(op.Operands())
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 2 || !isBaseMemRef(op.Operand(0).Type()) || op.Operand(1).Type() != ir.Index {
				return op.Errorf("expects a memref and an index operand")
			}
			return nil
		},
		Fold:        foldDim,
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "dim") },
	}
}

func rankOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.rank",
		Summary: "rank operation",
		Doc:     "Returns the rank of a memref.\n\n    %r = memref.rank %m : memref<*xf32>",
		Traits:  ir.Pure,
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			loc := p.Loc()
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			if !isBaseMemRef(t) {
				return ir.Errorf(loc, "invalid kind of type specified")
			}
			v, err := p.ResolveOperand(u, t)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
			st.Types = append(st.Types, ir.Index)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.PrintOptionalAttrDict(op.Attrs())
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 1 || !isBaseMemRef(op.Operand(0).Type()) {
				return op.Errorf("operand #0 must be ranked or unranked memref of any type values")
			}
			return nil
		},
		Fold: foldRank,
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

func expandShapeOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.expand_shape",
		Summary: "operation to produce a memref with a higher rank",
		Doc: "Splits dimensions of a memref as the reassociation groups say.\n\n" +
			"    %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 8] : memref<8x8xf32> into memref<2x4x8xf32>",
		Traits:   ir.Pure,
		Inherent: []string{"reassociation", "static_output_shape"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			var dyn []ir.UnresolvedOperand
			err := opsyntax.ParseConversion(p, st, "into", func(p ir.OpParser, st *ir.OperationState) error {
				if err := parseReassociation(p, st); err != nil {
					return err
				}
				if err := p.ParseKeyword("output_shape"); err != nil {
					return err
				}
				var static []int64
				var err error
				if dyn, static, err = opsyntax.ParseDynamicIndexList(p, ir.DelimSquare); err != nil {
					return err
				}
				st.AddAttr("static_output_shape", ir.DenseI64Array(static...))
				return nil
			})
			if err != nil {
				return err
			}
			vs, err := resolveIndex(p, dyn)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, vs...)
			return nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			opsyntax.PrintConversion(p, op, "into", func(p ir.OpPrinter, op *ir.Operation) {
				printReassociation(p, op)
				p.Print(" output_shape ")
				opsyntax.PrintDynamicIndexList(p, op.Operands()[1:], denseI64(op, "static_output_shape"), ir.DelimSquare)
			}, "reassociation", "static_output_shape")
		},
		Verify: func(op *ir.Operation) error {
			src, res, re, err := reshapeOperands(op)
			if err != nil {
				return err
			}
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
			if n := countDynamic(static); n != op.NumOperands()-1 {
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
	}
}

// parseReassociation parses the ` [[0, 1], [2]]` of a reshape op.
func parseReassociation(p ir.OpParser, st *ir.OperationState) error {
	re, err := p.ParseAttribute(nil)
	if err != nil {
		return err
	}
	st.AddAttr("reassociation", re)
	return nil
}

// printReassociation prints what parseReassociation reads.
func printReassociation(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	p.PrintAttribute(op.Attr("reassociation"))
}

// reshapeOperands reads the memref types and reassociation of a reshape op.
func reshapeOperands(op *ir.Operation) (src, res *ir.MemRefType, re ReassociationIndices, err error) {
	if op.NumOperands() < 1 || op.NumResults() != 1 {
		return nil, nil, nil, op.Errorf("expects a source operand and one result")
	}
	src, res = asMemRef(op.Operand(0).Type()), asMemRef(op.Result(0).Type())
	if src == nil {
		return nil, nil, nil, op.Errorf("operand #0 must be strided memref of any type values, but got %s", quoted(op.Operand(0).Type()))
	}
	if res == nil {
		return nil, nil, nil, op.Errorf("result #0 must be strided memref of any type values, but got %s", quoted(op.Result(0).Type()))
	}
	re, ok := reassociation(op)
	if !ok {
		return nil, nil, nil, op.Errorf("attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes")
	}
	return src, res, re, nil
}

func collapseShapeOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.collapse_shape",
		Summary: "operation to produce a memref with a smaller rank",
		Doc: "Merges contiguous dimensions of a memref as the reassociation groups say.\n\n" +
			"    %c = memref.collapse_shape %m [[0, 1], [2]] : memref<2x4x8xf32> into memref<8x8xf32>",
		Traits:   ir.Pure,
		Inherent: []string{"reassociation"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			return opsyntax.ParseConversion(p, st, "into", parseReassociation)
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			opsyntax.PrintConversion(p, op, "into", printReassociation, "reassociation")
		},
		Verify: func(op *ir.Operation) error {
			src, res, re, err := reshapeOperands(op)
			if err != nil {
				return err
			}
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
	}
}

func extractStridedMetadataOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.extract_strided_metadata",
		Summary: "extracts a buffer base with offset and strides",
		Doc: "Returns the base buffer (rank 0), offset, sizes and strides of a strided memref.\n\n" +
			"    %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x8xf32> -> memref<f32>, index, index, index, index, index",
		Traits: ir.Pure,
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			return parseArrowResults(p, st)
		},
		Print: printArrowResults,
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 1 {
				return op.Errorf("expects one operand")
			}
			src := asMemRef(op.Operand(0).Type())
			if src == nil || !IsStrided(src) {
				return op.Errorf("operand #0 must be strided memref of any type values, but got %s", quoted(op.Operand(0).Type()))
			}
			if want := 2 + 2*src.Rank(); op.NumResults() != want {
				return op.Errorf("requires %d results, but has %d", want, op.NumResults())
			}
			base := asMemRef(op.Result(0).Type())
			if base == nil || base.Rank() != 0 || !IsStrided(base) {
				return op.Errorf("result #0 must be strided memref of any type values of rank 0, but got %s", quoted(op.Result(0).Type()))
			}
			if want := ir.MemRef(nil, src.Elem, nil, src.MemorySpace); base != want {
				return op.Errorf("failed to verify that base buffer type is a rank-0 memref of the source's element type and memory space")
			}
			for i := 1; i < op.NumResults(); i++ {
				if op.Result(i).Type() != ir.Index {
					return op.Errorf("result #%d must be index, but got %s", i, quoted(op.Result(i).Type()))
				}
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
	}
}

// parseArrowResults parses `%x : srcType -> resultTypes attr-dict`.
func parseArrowResults(p ir.OpParser, st *ir.OperationState) error {
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if err := p.Parse("->"); err != nil {
		return err
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(u, t)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, v)
	st.Types = append(st.Types, ts...)
	return p.ParseOptionalAttrDict(st)
}

func printArrowResults(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	p.PrintOperand(op.Operand(0))
	p.Print(" : ")
	p.PrintType(op.Operand(0).Type())
	p.Print(" -> ")
	p.PrintTypes(op.ResultTypes())
	p.PrintOptionalAttrDict(op.Attrs())
}

func extractAlignedPointerOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.extract_aligned_pointer_as_index",
		Summary: "extracts a memref's underlying aligned pointer as an index",
		Doc: "Returns the aligned base pointer of a memref as an index.\n\n" +
			"    %p = memref.extract_aligned_pointer_as_index %m : memref<8xf32> -> index",
		Traits: ir.Pure,
		Parse:  parseArrowResults,
		Print:  printArrowResults,
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 1 || !isBaseMemRef(op.Operand(0).Type()) {
				return op.Errorf("operand #0 must be ranked or unranked memref of any type values")
			}
			if op.NumResults() != 1 || op.Result(0).Type() != ir.Index {
				return op.Errorf("result #0 must be index")
			}
			return nil
		},
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) { set(op.Result(0), "intptr") },
	}
}

func assumeAlignmentOp() *ir.OpDef {
	return &ir.OpDef{
		Name:     "memref.assume_alignment",
		Summary:  "assertion that gives alignment information to the input memref",
		Doc:      "Asserts that a memref's base pointer is aligned to a power of two.\n\n    memref.assume_alignment %m, 16 : memref<8xf32>",
		Inherent: []string{"alignment"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.Parse(","); err != nil {
				return err
			}
			a, err := p.ParseInteger()
			if err != nil {
				return err
			}
			st.AddAttr("alignment", ir.IntAttr(ir.I32, a))
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
			a, _ := intAttr(op, "alignment")
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.Print(", ")
			p.PrintAttributeWithoutType(ir.IntAttr(ir.I32, a))
			p.PrintOptionalAttrDict(op.Attrs(), "alignment")
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 1 || asMemRef(op.Operand(0).Type()) == nil {
				return op.Errorf("operand #0 must be memref of any type values")
			}
			a, ok := intAttr(op, "alignment")
			if !ok || a <= 0 {
				return op.Errorf("attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive")
			}
			if !isPowerOf2(a) {
				return op.Errorf("alignment must be power of 2")
			}
			return nil
		},
	}
}

func transposeOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.transpose",
		Summary: "transpose produces a new strided memref (metadata-only)",
		Doc: "Permutes the dimensions of a strided memref without moving data.\n\n" +
			"    %t = memref.transpose %m (i, j) -> (j, i) : memref<8x8xf32> to memref<8x8xf32, affine_map<(d0, d1) -> (d1 * 8 + d0)>>",
		Traits:   ir.Pure,
		Inherent: []string{"permutation"},
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
			if op.NumOperands() != 1 || op.NumResults() != 1 {
				return op.Errorf("expects one operand and one result")
			}
			src, res := asMemRef(op.Operand(0).Type()), asMemRef(op.Result(0).Type())
			if src == nil || !IsStrided(src) {
				return op.Errorf("operand #0 must be strided memref of any type values, but got %s", quoted(op.Operand(0).Type()))
			}
			if res == nil || !IsStrided(res) {
				return op.Errorf("result #0 must be strided memref of any type values, but got %s", quoted(op.Result(0).Type()))
			}
			ma, ok := op.Attr("permutation").(*ir.AffineMapAttr)
			if !ok {
				return op.Errorf("requires attribute 'permutation'")
			}
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
	}
}

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
