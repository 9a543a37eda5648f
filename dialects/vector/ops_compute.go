package vector

import (
	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// computeOps is this file's part of the dialect's op table.
func computeOps() opTable {
	return opTable{
		{
			Name:    "vector.fma",
			Summary: "vector fused multiply-add",
			Doc: "Computes lhs * rhs + acc elementwise with a single rounding.\n\n" +
				"    %r = vector.fma %a, %b, %c : vector<4xf32>",
			Traits: ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("lhs", floatVector), ir.Operand("rhs", floatVector),
				ir.Operand("acc", floatVector)},
			Results:       []ir.ValueDef{ir.Operand("result", floatVector)},
			AllTypesMatch: [][]string{{"lhs", "rhs", "acc", "result"}},
			Format:        "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)",
			Verify: func(op *ir.Operation) error {
				t := op.Operand(0).Type()
				if op.Operand(1).Type() != t || op.Operand(2).Type() != t || op.Result(0).Type() != t {
					return op.Errorf("failed to verify that all of {lhs, rhs, acc, result} have same type")
				}
				return nil
			},
		},
		{
			Name:    "vector.reduction",
			Summary: "reduction operation",
			Doc: "Reduces a 1-D vector to a scalar with a combining kind, optionally combined with an accumulator.\n\n" +
				"    %s = vector.reduction <add>, %v, %acc fastmath<fast> : vector<16xf32> into f32",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("vector", reducible), ir.Opt("acc", nil)},
			Results:  []ir.ValueDef{ir.Operand("dest", nil)},
			Attrs: []ir.AttrDef{ir.Attr("kind", combiningKindKind),
				ir.DefaultAttr("fastmath", arith.FastMathKind, arith.FastMath(arith.FastMathNone))},
			Format: "$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($vector) `into` type($dest)",
			TypesMatchWith: []ir.TypeMatch{{From: "dest", To: "acc", Desc: "dest and acc have same type",
				Transform: func(t ir.Type) ir.Type { return t }}},
			Verify: func(op *ir.Operation) error {
				if err := sameElementAsSource(op); err != nil {
					return err
				}
				if r := asVector(op.Operand(0).Type()).Rank(); r > 1 {
					return op.Errorf("unsupported reduction rank: %d", r)
				}
				t, k := op.Result(0).Type(), KindOf(op)
				if !SupportsKind(k, t) {
					// Upstream quotes the type twice ('%s' around a quoted type); kept so
					// that messages match mlir-opt-19's byte for byte.
					return op.Errorf("unsupported reduction type ''%s'' for kind '%s'", t, k)
				}
				return nil
			},
		},
		{
			Name:    "vector.contract",
			Summary: "vector contraction operation",
			Doc: "Contracts lhs and rhs along the reduction dimensions of the iteration space and " +
				"combines the products with the accumulator.\n\n" +
				"    %r = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = [\"parallel\", \"parallel\", \"reduction\"], " +
				"kind = #vector.kind<add>} %a, %b, %c : vector<4x8xf32>, vector<8x4xf32> into vector<4x4xf32>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Operand("lhs", anyVectorNonZero), ir.Operand("rhs", anyVectorNonZero), ir.Operand("acc", nil)},
			Results:  []ir.ValueDef{ir.Operand("result", nil)},
			Attrs: []ir.AttrDef{ir.Attr(indexingMapsAttr, affineMapArrayKind), ir.Attr(iteratorTypesAttr, iteratorTypeArrayKind),
				ir.DefaultAttr("kind", shortEnumKind("Kind of combining function for contractions and reductions", enumSpecs[0],
					combiningKindKind.Check), Kind(KindAdd))},
			Parse:  parseContract,
			Print:  printContract,
			Verify: verifyContract,
		},
		{
			Name:    "vector.create_mask",
			Summary: "creates a vector mask",
			Doc: "Creates a mask whose elements are set where every index is below the operand of its dimension.\n\n" +
				"    %m = vector.create_mask %i, %j : vector<4x3xi1>",
			Traits:   ir.Pure,
			Operands: []ir.ValueDef{ir.Var("operands", ir.IndexConstraint)},
			Results:  []ir.ValueDef{ir.Operand("result", boolVector)},
			Format:   "$operands attr-dict `:` type(results)",
			Verify: func(op *ir.Operation) error {
				vt := asVector(op.Result(0).Type())
				if vt.Rank() == 0 {
					if op.NumOperands() != 1 {
						return op.Errorf("must specify exactly one operand for 0-D create_mask")
					}
				} else if op.NumOperands() != vt.Rank() {
					return op.Errorf("must specify an operand for each result vector dimension")
				}
				return nil
			},
			Canonicalize: []ir.Pattern{createMaskFolder{}},
		},
		{
			Name:    "vector.constant_mask",
			Summary: "creates a constant vector mask",
			Doc: "Creates a mask whose elements are set below the constant size of each dimension.\n\n" +
				"    %m = vector.constant_mask [3, 2] : vector<4x3xi1>",
			Traits:   ir.Pure,
			Operands: ir.NoValues,
			Results:  []ir.ValueDef{ir.Operand("result", boolVector)},
			Attrs:    []ir.AttrDef{ir.Attr(maskDimSizesAttr, i64ArrayKind)},
			Format:   "$mask_dim_sizes attr-dict `:` type(results)",
			Verify: func(op *ir.Operation) error {
				vt, sizes := asVector(op.Result(0).Type()), MaskDimSizes(op)
				if vt.Rank() == 0 {
					if len(sizes) != 1 {
						return ir.Errorf(op.Loc(), "array attr must have length 1 for 0-D vectors")
					}
					if sizes[0] != 0 && sizes[0] != 1 {
						return ir.Errorf(op.Loc(), "mask dim size must be either 0 or 1 for 0-D vectors")
					}
					return nil
				}
				if len(sizes) != vt.Rank() {
					return op.Errorf("must specify array attr of size equal vector result rank")
				}
				anyZero, allZero := false, true
				for i, s := range sizes {
					if s < 0 || s > vt.Dims[i] {
						return op.Errorf("array attr of size out of bounds of vector result dimension size")
					}
					anyZero = anyZero || s == 0
					allZero = allZero && s == 0
				}
				if anyZero && !allZero {
					return op.Errorf("expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim")
				}
				return nil
			},
		},
		{
			Name:    "vector.print",
			Summary: "print operation (for testing and debugging)",
			Doc: "Prints a scalar or vector, a string, or punctuation to stdout; a newline follows by default.\n\n" +
				"    vector.print %v : vector<4xf32>\n    vector.print str \"done\"\n    vector.print punctuation <comma>",
			// Upstream declares no effects: printing must not be removed or reordered.
			Traits: ir.MemWrite,
			Effects: func(*ir.Operation) []ir.EffectInstance {
				return []ir.EffectInstance{{Kind: ir.Write, Resource: ir.DefaultResource}}
			},
			Operands: []ir.ValueDef{ir.Opt("source", printable)},
			Results:  ir.NoValues,
			Attrs: []ir.AttrDef{ir.DefaultAttr("punctuation", punctuationKind, PunctuationOf(NewLine)),
				ir.OptAttr("stringLiteral", ir.StrAttrKind)},
			Parse: parsePrint,
			Print: printPrint,
			Verify: func(op *ir.Operation) error {
				if op.Attr("stringLiteral") != nil && (op.NumOperands() > 0 || op.Attr("punctuation") != PunctuationOf(NewLine)) {
					return op.Errorf("failed to verify that `source` or `punctuation` are not set when printing strings")
				}
				return nil
			},
		},
	}
}

// SupportsKind reports whether kind k combines elements of type t (MLIR's
// isSupportedCombiningKind).
func SupportsKind(k CombiningKind, t ir.Type) bool {
	switch {
	case k == KindAdd || k == KindMul:
		return isInteger(t) || t == ir.Index || ir.IsFloat(t)
	case k.IsIntKind():
		return isInteger(t) || t == ir.Index
	}
	return ir.IsFloat(t)
}

const (
	indexingMapsAttr  = "indexing_maps"
	iteratorTypesAttr = "iterator_types"
)

// IndexingMaps returns a contraction's maps (lhs, rhs, acc).
func IndexingMaps(op *ir.Operation) []*affine.Map {
	arr, _ := op.Attr(indexingMapsAttr).(*ir.ArrayAttr)
	if arr == nil {
		return nil
	}
	out := make([]*affine.Map, 0, len(arr.Elems))
	for _, e := range arr.Elems {
		if m, ok := e.(*ir.AffineMapAttr); ok {
			out = append(out, m.Map)
		}
	}
	return out
}

// IteratorTypes returns a contraction's iterator types.
func IteratorTypes(op *ir.Operation) []IteratorType {
	arr, _ := op.Attr(iteratorTypesAttr).(*ir.ArrayAttr)
	if arr == nil {
		return nil
	}
	out := make([]IteratorType, 0, len(arr.Elems))
	for _, e := range arr.Elems {
		if it, ok := e.(*IteratorTypeAttr); ok {
			out = append(out, it.Value)
		}
	}
	return out
}

var (
	affineMapArrayKind = ir.AttrOf("AffineMap array attribute", func(a ir.Attribute) bool {
		arr, ok := a.(*ir.ArrayAttr)
		if !ok {
			return false
		}
		for _, e := range arr.Elems {
			if _, ok := e.(*ir.AffineMapAttr); !ok {
				return false
			}
		}
		return true
	})
	iteratorTypeArrayKind = ir.AttrOf("Iterator type should be an enum.", func(a ir.Attribute) bool {
		arr, ok := a.(*ir.ArrayAttr)
		if !ok {
			return false
		}
		for _, e := range arr.Elems {
			if _, ok := e.(*IteratorTypeAttr); !ok {
				return false
			}
		}
		return true
	})
)

// contractTraitAttrs are the attributes contract prints in its leading dictionary.
var contractTraitAttrs = []string{indexingMapsAttr, iteratorTypesAttr, "kind"}

func parseContract(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	dict, err := p.ParseAttribute(nil)
	if err != nil {
		return err
	}
	d, ok := dict.(*ir.DictionaryAttr)
	if !ok {
		return ir.Errorf(loc, "expected an attribute dictionary")
	}
	for _, e := range d.Entries {
		v := e.Value
		if e.Name == iteratorTypesAttr {
			arr, ok := v.(*ir.ArrayAttr)
			if !ok {
				return ir.Errorf(loc, "expected iterator_types to be an array of strings")
			}
			its := make([]ir.Attribute, len(arr.Elems))
			for i, s := range arr.Elems {
				sa, ok := s.(*ir.StringAttr)
				if !ok {
					return ir.Errorf(loc, "expected iterator_types to be an array of strings")
				}
				a, err := enumSpecs[1].parse(sa.Value)
				if err != nil {
					return ir.Errorf(loc, "unexpected iterator_type (%s)", sa.Value)
				}
				its[i] = a
			}
			v = ir.Array(its...)
		}
		st.AddAttr(e.Name, v)
	}
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(us) != 3 {
		return ir.Errorf(loc, "expected 3 operands, lhs, rhs and acc")
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.Parse(":"); err != nil {
		return err
	}
	typesLoc := p.Loc()
	ts, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	if len(ts) != 2 {
		return ir.Errorf(typesLoc, "expected 2 operand types but found %d", len(ts))
	}
	if err := p.ParseKeyword("into"); err != nil {
		return err
	}
	acc, err := p.ParseType()
	if err != nil {
		return err
	}
	ops, err := p.ResolveOperands(us, []ir.Type{ts[0], ts[1], acc})
	if err != nil {
		return err
	}
	st.Operands = ops
	st.Types = []ir.Type{acc}
	if !st.HasAttr("kind") {
		st.AddAttr("kind", Kind(KindAdd))
	}
	return nil
}

func printContract(p ir.OpPrinter, op *ir.Operation) {
	var entries []ir.NamedAttribute
	for _, name := range contractTraitAttrs {
		a := op.Attr(name)
		if a == nil {
			continue
		}
		if name == iteratorTypesAttr {
			var names []ir.Attribute
			for _, t := range IteratorTypes(op) {
				names = append(names, ir.Str(t.String()))
			}
			a = ir.Array(names...)
		}
		entries = append(entries, ir.NamedAttribute{Name: name, Value: a})
	}
	p.Print(" ")
	p.PrintAttribute(ir.Dictionary(entries))
	p.Print(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs(), contractTraitAttrs...)
	p.Print(" : ")
	p.PrintType(op.Operand(0).Type())
	p.Print(", ")
	p.PrintType(op.Operand(1).Type())
	p.Print(" into ")
	p.PrintType(op.Result(0).Type())
}

// shapeOf is a vector's shape, or none for a scalar.
func shapeOf(t ir.Type) []int64 {
	if v := asVector(t); v != nil {
		return v.Dims
	}
	return nil
}

func verifyContract(op *ir.Operation) error {
	if ir.ElementTypeOrSelf(op.Operand(2).Type()) != ir.ElementTypeOrSelf(op.Result(0).Type()) {
		return op.Errorf("failed to verify that third operand acc and result have same element type")
	}
	lhs, rhs := asVector(op.Operand(0).Type()), asVector(op.Operand(1).Type())
	if it, ok := lhs.Elem.(*ir.IntegerType); ok && !it.IsSignless() {
		return op.Errorf("only supports signless integer types")
	}
	maps, iters := IndexingMaps(op), IteratorTypes(op)
	if len(maps) != 3 {
		return op.Errorf("expected an indexing map for each vector operand")
	}
	for i, m := range maps {
		if m.NumSymbols != 0 {
			return op.Errorf("expected indexing map %d to have no symbols", i)
		}
		rank := len(shapeOf(op.Operand(i).Type()))
		if m.NumDims != len(iters) {
			return op.Errorf("expected indexing map %d to have %d number of inputs", i, len(iters))
		}
		if m.NumResults() != rank {
			return op.Errorf("expected indexing map %d to have %d number of outputs", i, rank)
		}
		if !m.IsProjectedPermutation(false) {
			return op.Errorf("expected indexing map %d to be a projected permutation of its inputs", i)
		}
	}
	// The extent of each iteration dimension, from lhs and rhs; contracting
	// dimensions must agree between them.
	extent := make([]int64, len(iters))
	seen := make([]bool, len(iters))
	contracting := false
	for k, t := range []*ir.VectorType{lhs, rhs} {
		for r, e := range maps[k].Results {
			d := e.(*affine.DimExpr).Pos
			if seen[d] && extent[d] != t.Dims[r] {
				if iters[d] == Reduction {
					return op.Errorf("invalid contracting dimension map")
				}
				return op.Errorf("invalid batch dimension map")
			}
			seen[d], extent[d] = true, t.Dims[r]
		}
	}
	for d, it := range iters {
		if it == Reduction && maps[0].IsFunctionOfDim(d) && maps[1].IsFunctionOfDim(d) {
			contracting = true
		}
	}
	if !contracting {
		return op.Errorf("expected at least one contracting dimension pair")
	}
	accShape := shapeOf(op.Operand(2).Type())
	if len(accShape) == 0 && asVector(op.Operand(2).Type()) == nil {
		for _, it := range iters {
			if it == Parallel {
				return op.Errorf("invalid accumulator/result vector shape")
			}
		}
	}
	for r, e := range maps[2].Results {
		d := e.(*affine.DimExpr).Pos
		if !seen[d] || iters[d] == Reduction || extent[d] != accShape[r] {
			return op.Errorf("invalid accumulator/result vector shape")
		}
	}
	t := ir.ElementTypeOrSelf(op.Result(0).Type())
	if !SupportsKind(KindOf(op), t) {
		return op.Errorf("unsupported contraction type")
	}
	return nil
}

const maskDimSizesAttr = "mask_dim_sizes"

// MaskDimSizes returns constant_mask's sizes.
func MaskDimSizes(op *ir.Operation) []int64 { return ints(op.Attr(maskDimSizesAttr)) }

// parsePrint reads `($source^ : type)? (str "..." | punctuation <p>)* attr-dict`.
func parsePrint(p ir.OpParser, st *ir.OperationState) error {
	u, has, err := p.ParseOptionalOperand()
	if err != nil {
		return err
	}
	if has {
		if _, err := opsyntax.ResolveColonType(p, st, u); err != nil {
			return err
		}
	}
	for {
		loc := p.Loc()
		switch kw, ok := p.ParseOptionalKeywordOf("str", "punctuation"); {
		case !ok:
			if !st.HasAttr("punctuation") {
				st.AddAttr("punctuation", PunctuationOf(NewLine))
			}
			return p.ParseOptionalAttrDict(st)
		case st.HasAttr(map[string]string{"str": "stringLiteral", "punctuation": "punctuation"}[kw]):
			return ir.Errorf(loc, "`%s` clause can appear at most once in the expansion of the oilist directive", kw)
		case kw == "str":
			s, err := p.ParseString()
			if err != nil {
				return err
			}
			st.AddAttr("stringLiteral", ir.Str(s))
		default:
			a, err := punctuationKind.Parse(p)
			if err != nil {
				return err
			}
			st.AddAttr("punctuation", a)
		}
	}
}

func printPrint(p ir.OpPrinter, op *ir.Operation) {
	if op.NumOperands() > 0 {
		p.Print(" ")
		p.PrintOperand(op.Operand(0))
		p.Print(" : ")
		p.PrintType(op.Operand(0).Type())
	}
	if s, ok := op.Attr("stringLiteral").(*ir.StringAttr); ok {
		p.Print(" str ")
		p.PrintAttribute(s)
	}
	if a := op.Attr("punctuation"); a != nil && a != PunctuationOf(NewLine) {
		p.Print(" punctuation ")
		punctuationKind.Print(p, a)
	}
	p.PrintOptionalAttrDict(op.Attrs(), "punctuation", "stringLiteral")
}
