package memref

import "github.com/goopt/goopt/ir"

// globalProps lists memref.global's properties; the custom form spells all
// but alignment outside the attribute dictionary.
func globalProps() []string {
	return []string{"sym_name", "sym_visibility", "type", "initial_value", "constant", "alignment"}
}

func globalOp() *ir.OpDef {
	return &ir.OpDef{
		Name:    "memref.global",
		Summary: "declare or define a global memref variable",
		Doc: "Declares (no initializer), defines uninitialized, or defines with a dense initial value a global memref.\n\n" +
			"    memref.global \"private\" constant @c : memref<2xf32> = dense<[1.0, 2.0]>\n" +
			"    memref.global @tile : memref<128x136xf16, 3> = uninitialized {alignment = 16 : i64}",
		Traits:   ir.Symbol,
		Inherent: globalProps(),
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			if vis, ok := p.ParseOptionalString(); ok {
				st.AddAttr("sym_visibility", ir.Str(vis))
			}
			if p.ParseOptionalKeyword("constant") {
				st.AddAttr("constant", ir.Unit)
			}
			name, err := p.ParseSymbolName()
			if err != nil {
				return err
			}
			st.AddAttr("sym_name", ir.Str(name))
			loc := p.Loc()
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			mt := asMemRef(t)
			if mt == nil || !mt.HasStaticShape() {
				return ir.Errorf(loc, "type should be static shaped memref, but got %s", quoted(t))
			}
			st.AddAttr("type", ir.TypeAttrOf(t))
			if p.ParseOptional("=") {
				if p.ParseOptionalKeyword("uninitialized") {
					st.AddAttr("initial_value", ir.Unit)
				} else {
					init, err := p.ParseAttribute(ir.RankedTensor(mt.Dims, mt.Elem, nil))
					if err != nil {
						return err
					}
					st.AddAttr("initial_value", init)
				}
			}
			return p.ParseOptionalAttrDict(st)
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			if vis, ok := op.Attr("sym_visibility").(*ir.StringAttr); ok {
				p.PrintAttribute(vis)
				p.Print(" ")
			}
			if op.HasAttr("constant") {
				p.Print("constant ")
			}
			p.PrintSymbolName(ir.SymbolNameOf(op))
			p.Print(" : ")
			if ta, ok := op.Attr("type").(*ir.TypeAttr); ok {
				p.PrintType(ta.Value)
			}
			switch init := op.Attr("initial_value").(type) {
			case nil:
			case *ir.UnitAttr:
				p.Print(" = uninitialized")
			default:
				p.Print(" = ")
				p.PrintAttributeWithoutType(init)
			}
			p.PrintOptionalAttrDict(op.Attrs(), globalProps()[:5]...)
		},
		Verify: func(op *ir.Operation) error {
			ta, ok := op.Attr("type").(*ir.TypeAttr)
			if !ok {
				return op.Errorf("requires attribute 'type'")
			}
			mt := asMemRef(ta.Value)
			if mt == nil || !mt.HasStaticShape() {
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
	}
}

func getGlobalOp() *ir.OpDef {
	return &ir.OpDef{
		Name:     "memref.get_global",
		Summary:  "get the memref pointing to a global variable",
		Doc:      "Returns a memref referring to a memref.global.\n\n    %0 = memref.get_global @c : memref<2xf32>",
		Traits:   ir.Pure,
		Inherent: []string{"name"},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			name, err := p.ParseSymbolName()
			if err != nil {
				return err
			}
			st.AddAttr("name", ir.SymbolRef(name))
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			st.Types = append(st.Types, t)
			return p.ParseOptionalAttrDict(st)
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintAttribute(op.Attr("name"))
			p.Print(" : ")
			p.PrintType(op.Result(0).Type())
			p.PrintOptionalAttrDict(op.Attrs(), "name")
		},
		Verify: func(op *ir.Operation) error {
			ref, ok := op.Attr("name").(*ir.SymbolRefAttr)
			if !ok {
				return op.Errorf("requires attribute 'name'")
			}
			if op.NumResults() != 1 || asMemRef(op.Result(0).Type()) == nil {
				return op.Errorf("result #0 must be statically shaped memref of any type values")
			}
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
	}
}
