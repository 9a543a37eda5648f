package memref

import "github.com/goopt/goopt/ir"

// globalOps is this file's part of the dialect's op table.
func globalOps() opTable {
	return opTable{
		{
			Name:    "memref.global",
			Summary: "declare or define a global memref variable",
			Doc: "Declares (no initializer), defines uninitialized, or defines with a dense initial value a global memref.\n\n" +
				"    memref.global \"private\" constant @c : memref<2xf32> = dense<[1.0, 2.0]>\n" +
				"    memref.global @tile : memref<128x136xf16, 3> = uninitialized {alignment = 16 : i64}",
			Traits:   ir.Symbol,
			Operands: ir.NoValues,
			Results:  ir.NoValues,
			Attrs: []ir.AttrDef{
				ir.Attr("sym_name", ir.SymbolNameKind),
				ir.OptAttr("sym_visibility", stringKind),
				ir.Attr("type", memRefTypeAttrKind),
				ir.OptAttr("initial_value", nil),
				ir.OptAttr("constant", ir.UnitAttrKind),
				ir.OptAttr("alignment", ir.I64AttrKind),
			},
			Format: "($sym_visibility^)? (`constant` $constant^)? $sym_name `:` " +
				"custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict",
			Custom: map[string]ir.CustomDirective{"GlobalMemrefOpTypeAndInitialValue": globalTypeAndInitialValue},
			Verify: func(op *ir.Operation) error {
				ta := op.Attr("type").(*ir.TypeAttr)
				mt := asMemRef(ta.Value)
				if !mt.HasStaticShape() {
					return op.Errorf("type should be static shaped memref, but got %s", quoted(ta.Value))
				}
				switch init := op.Attr("initial_value").(type) {
				case nil, *ir.UnitAttr:
				case ir.TypedAttribute:
					want := ir.RankedTensor(mt.Dims, mt.Elem, nil)
					_, isDense := init.(*ir.DenseElementsAttr)
					_, isResource := init.(*ir.DenseResourceAttr)
					if !isDense && !isResource {
						return op.Errorf("initial value should be a unit or elements attribute, but got %s", init)
					}
					if init.Type() != want {
						return op.Errorf("initial value expected to be of type %s, but was of type %s", quoted(want), quoted(init.Type()))
					}
				default:
					return op.Errorf("initial value should be a unit or elements attribute, but got %s", init)
				}
				if a, ok := intAttr(op, "alignment"); ok && !isPowerOf2(a) {
					return ir.Errorf(op.Loc(), "alignment attribute value %d is not a power of 2", a)
				}
				return nil
			},
		},
		{
			Name:     "memref.get_global",
			Summary:  "get the memref pointing to a global variable",
			Doc:      "Returns a memref referring to a memref.global.\n\n    %0 = memref.get_global @c : memref<2xf32>",
			Traits:   ir.Pure,
			Operands: ir.NoValues,
			Results:  []ir.ValueDef{ir.Operand("result", staticMemRef)},
			Attrs:    []ir.AttrDef{ir.Attr("name", ir.FlatSymbolRefKind)},
			Format:   "$name `:` type($result) attr-dict",
			Verify: func(op *ir.Operation) error {
				ref := op.Attr("name").(*ir.SymbolRefAttr)
				if ir.NearestSymbolTable(op) == nil {
					return nil // detached IR: the symbol cannot be resolved yet
				}
				g := ir.LookupNearestSymbolFrom(op, ref)
				if g == nil || g.Name() != "memref.global" {
					return op.Errorf("'%s' does not reference a valid global memref", ref.Leaf())
				}
				ta, _ := g.Attr("type").(*ir.TypeAttr)
				if ta == nil || ta.Value != op.Result(0).Type() {
					gt := "<none>"
					if ta != nil {
						gt = quoted(ta.Value)
					}
					return op.Errorf("result type %s does not match type %s of the global memref @%s", quoted(op.Result(0).Type()), gt, ref.Leaf())
				}
				return nil
			},
		},
	}
}

// globalTypeAndInitialValue is MLIR's custom<GlobalMemrefOpTypeAndInitialValue>:
// the global's type, then `= uninitialized` or `= <elements>` typed as a
// tensor of the memref's shape (args: $type, $initial_value).
var globalTypeAndInitialValue = ir.CustomDirective{
	Parse: func(p ir.OpParser, args []*ir.FormatArg) error {
		loc := p.Loc()
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		mt := asMemRef(t)
		if mt == nil || !mt.HasStaticShape() {
			return ir.Errorf(loc, "type should be static shaped memref, but got %s", quoted(t))
		}
		args[0].Attr = ir.TypeAttrOf(t)
		if !p.ParseOptional("=") {
			return nil
		}
		if p.ParseOptionalKeyword("uninitialized") {
			args[1].Attr = ir.Unit
			return nil
		}
		args[1].Attr, err = p.ParseAttribute(ir.RankedTensor(mt.Dims, mt.Elem, nil))
		return err
	},
	Print: func(p ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
		if ta, ok := args[0].Attr.(*ir.TypeAttr); ok {
			p.PrintType(ta.Value)
		}
		switch init := args[1].Attr.(type) {
		case nil:
		case *ir.UnitAttr:
			p.Print(" = uninitialized")
		default:
			p.Print(" = ")
			p.PrintAttributeWithoutType(init)
		}
	},
}
