package printer

import (
	"strconv"
	"testing"

	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// The tests define the few upstream ops they need, with MLIR's custom syntax,
// so that goldens printed by mlir-opt-19 can be compared byte for byte
// without depending on the dialect packages.

func moduleDef() *ir.OpDef {
	return &ir.OpDef{
		Name: "builtin.module", Traits: ir.IsolatedFromAbove | ir.NoTerminator | ir.SymbolTableTrait,
		Inherent: []string{"sym_name", "sym_visibility"}, DefaultDialect: "builtin",
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			if n, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
				p.Print(" ")
				p.PrintSymbolName(n.Value)
			}
			p.PrintOptionalAttrDictWithKeyword(op.Attrs(), "sym_name", "sym_visibility")
			p.Print(" ")
			p.PrintRegion(op.Region(0), false, false)
		},
	}
}

func funcDef() *ir.OpDef {
	return &ir.OpDef{
		Name: "func.func", Traits: ir.IsolatedFromAbove | ir.Symbol | ir.AffineScope,
		Inherent: []string{"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"}, DefaultDialect: "func",
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintSymbolName(op.Attr("sym_name").(*ir.StringAttr).Value)
			ft := op.Attr("function_type").(*ir.TypeAttr).Value.(*ir.FunctionType)
			p.Print("(")
			body := op.Region(0)
			for i, t := range ft.Inputs {
				if i > 0 {
					p.Print(", ")
				}
				if body.Empty() {
					p.PrintType(t)
				} else {
					p.PrintRegionArgument(body.Front().Argument(i))
				}
			}
			p.Print(")")
			p.PrintArrowTypeList(ft.Results)
			p.PrintOptionalAttrDictWithKeyword(op.Attrs(), "sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs")
			if !body.Empty() {
				p.Print(" ")
				p.PrintRegion(body, false, true)
			}
		},
	}
}

// printOperandsColonTypes prints ` %a, %b : t1, t2` when op has operands,
// as func.return and the test yield do.
func printOperandsColonTypes(p ir.OpPrinter, op *ir.Operation) {
	if op.NumOperands() > 0 {
		p.Print(" ")
		p.PrintOperands(op.Operands())
		p.Print(" : ")
		p.PrintTypes(op.OperandTypes())
	}
}

func returnDef() *ir.OpDef {
	return &ir.OpDef{
		Name: "func.return", Traits: ir.Terminator | ir.ReturnLike | ir.Pure,
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			printOperandsColonTypes(p, op)
			p.PrintOptionalAttrDict(op.Attrs())
		},
	}
}

func constantDef() *ir.OpDef {
	return &ir.OpDef{
		Name: "arith.constant", Traits: ir.ConstantLike | ir.Pure, Inherent: []string{"value"},
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) {
			if ia, ok := op.Attr("value").(*ir.IntegerAttr); ok {
				it, isInt := op.Result(0).Type().(*ir.IntegerType)
				if isInt && it.Width == 1 {
					set(op.Result(0), ia.ValueString())
					return
				}
				name := "c" + ia.Big().String()
				if isInt {
					name += "_" + it.String()
				}
				set(op.Result(0), name)
				return
			}
			set(op.Result(0), "cst")
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.PrintOptionalAttrDict(op.Attrs(), "value")
			p.Print(" ")
			p.PrintAttribute(op.Attr("value"))
		},
	}
}

func applyDef() *ir.OpDef {
	return &ir.OpDef{
		Name: "affine.apply", Traits: ir.Pure, Inherent: []string{"map"},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			m := op.Attr("map").(*ir.AffineMapAttr)
			p.Print(" ")
			p.PrintAttribute(m)
			ops := op.Operands()
			p.Print("(")
			p.PrintOperands(ops[:m.Map.NumDims])
			p.Print(")")
			if m.Map.NumSymbols > 0 {
				p.Print("[")
				p.PrintOperands(ops[m.Map.NumDims:])
				p.Print("]")
			}
			p.PrintOptionalAttrDict(op.Attrs(), "map")
		},
	}
}

func loadDef() *ir.OpDef {
	// affine.load prints its map inline with SSA ids, so the map gets no alias.
	return &ir.OpDef{
		Name: "affine.load", Traits: ir.MemRead, Inherent: []string{"map"},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			m := op.Attr("map").(*ir.AffineMapAttr)
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.Print("[")
			p.PrintAffineMapOfSSAIds(m.Map, op.Operands()[1:])
			p.Print("]")
			p.PrintOptionalAttrDict(op.Attrs(), "map")
			p.Print(" : ")
			p.PrintType(op.Operand(0).Type())
		},
	}
}

func brDef() *ir.OpDef {
	return &ir.OpDef{
		Name: "cf.br", Traits: ir.Terminator,
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintSuccessorAndUseList(op.Successor(0), op.Operands())
			p.PrintOptionalAttrDict(op.Attrs())
		},
	}
}

func condBrDef() *ir.OpDef {
	return &ir.OpDef{
		Name: "cf.cond_br", Traits: ir.Terminator,
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Operand(0))
			p.Print(", ")
			p.PrintSuccessor(op.Successor(0))
			p.Print(", ")
			p.PrintSuccessor(op.Successor(1))
		},
	}
}

// testLoopDef is a loop whose region names its induction variable `%iv` and
// whose single result is named `%sum`; its terminator is elided.
func testLoopDef() *ir.OpDef {
	return &ir.OpDef{
		Name: "test.loop",
		ResultNames: func(op *ir.Operation, set func(*ir.Value, string)) {
			for i, r := range op.Results() {
				if i == 1 {
					set(r, "sum")
				}
			}
		},
		BlockArgNames: func(op *ir.Operation, r *ir.Region, set func(*ir.Value, string)) {
			set(r.Front().Argument(0), "iv")
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			p.Print(" ")
			p.PrintOperand(op.Region(0).Front().Argument(0))
			p.Print(" ")
			p.PrintRegion(op.Region(0), false, false)
		},
	}
}

func testYieldDef() *ir.OpDef {
	return &ir.OpDef{Name: "test.yield", Traits: ir.Terminator,
		Print: printOperandsColonTypes}
}

// testPanicDef's printer panics; the op must come out in generic form.
func testPanicDef() *ir.OpDef {
	return &ir.OpDef{Name: "test.panic", Print: func(p ir.OpPrinter, op *ir.Operation) {
		p.Print(" ")
		p.PrintOperand(op.Operand(5))
	}}
}

func newTestContext() *ir.Context {
	return ir.NewContext(
		&ir.Dialect{Name: "builtin", Ops: []*ir.OpDef{moduleDef()}},
		&ir.Dialect{Name: "func", Ops: []*ir.OpDef{funcDef(), returnDef()}},
		&ir.Dialect{Name: "arith", Ops: []*ir.OpDef{constantDef()}},
		&ir.Dialect{Name: "affine", Ops: []*ir.OpDef{applyDef(), loadDef()}},
		&ir.Dialect{Name: "cf", Ops: []*ir.OpDef{brDef(), condBrDef()}},
		&ir.Dialect{Name: "test", Ops: []*ir.OpDef{testLoopDef(), testYieldDef(), testPanicDef()}},
	)
}

// bld builds IR for the tests with short helpers.
type bld struct {
	ctx *ir.Context
	b   *ir.Builder
	loc ir.Location
}

func newBld() *bld {
	ctx := newTestContext()
	ctx.AllowUnregistered = true
	return &bld{ctx: ctx, b: ir.NewBuilder(ctx)}
}

func (x *bld) at(l ir.Location) *bld { x.loc = l; return x }

func (x *bld) op(name string, operands []*ir.Value, types []ir.Type, attrs ...ir.NamedAttribute) *ir.Operation {
	op := x.b.Create(&ir.OperationState{Name: name, Loc: x.loc, Operands: operands, Types: types, Attrs: attrs})
	x.loc = nil
	return op
}

// withRegions creates an op with n regions (each given one block with args when
// argTypes[i] is non-nil) and returns it with the blocks.
func (x *bld) withRegions(name string, operands []*ir.Value, types []ir.Type, attrs []ir.NamedAttribute, argTypes ...[]ir.Type) (*ir.Operation, []*ir.Block) {
	st := &ir.OperationState{Name: name, Loc: x.loc, Operands: operands, Types: types, Attrs: attrs}
	x.loc = nil
	var blocks []*ir.Block
	for _, ts := range argTypes {
		r := st.AddRegion()
		if ts != nil {
			blk := ir.NewBlock(ts...)
			r.AppendBlock(blk)
			blocks = append(blocks, blk)
		} else {
			blocks = append(blocks, nil)
		}
	}
	return x.b.Create(st), blocks
}

// in runs fn with the insertion point at the end of blk.
func (x *bld) in(blk *ir.Block, fn func()) {
	ip := x.b.Save()
	x.b.SetInsertionPointToEnd(blk)
	fn()
	x.b.Restore(ip)
}

func (x *bld) module(fn func()) *ir.Operation {
	m, blocks := x.withRegions("builtin.module", nil, nil, nil, []ir.Type{})
	x.in(blocks[0], fn)
	return m
}

func (x *bld) fn(name string, args, results []ir.Type, body func(args []*ir.Value)) *ir.Operation {
	f, blocks := x.withRegions("func.func", nil, nil, []ir.NamedAttribute{
		{Name: "sym_name", Value: ir.Str(name)},
		{Name: "function_type", Value: ir.TypeAttrOf(ir.Function(args, results))},
	}, append([]ir.Type{}, args...))
	x.in(blocks[0], func() { body(blocks[0].Arguments()) })
	return f
}

func (x *bld) constant(a ir.Attribute) *ir.Value {
	return x.op("arith.constant", nil, []ir.Type{a.(ir.TypedAttribute).Type()}, ir.NamedAttribute{Name: "value", Value: a}).Result(0)
}

func (x *bld) ret(vs ...*ir.Value) { x.op("func.return", vs, nil) }

func (x *bld) v(name string, t ir.Type, operands ...*ir.Value) *ir.Value {
	return x.op(name, operands, []ir.Type{t}).Result(0)
}

func attr(name string, a ir.Attribute) ir.NamedAttribute {
	return ir.NamedAttribute{Name: name, Value: a}
}

func memref(shape []int64, elem ir.Type, layout ir.Attribute) ir.Type {
	return ir.MemRef(shape, elem, layout, nil)
}

func amap(nd, ns int, rs ...affine.Expr) *ir.AffineMapAttr {
	return ir.AffineMapOf(affine.NewMap(nd, ns, rs))
}

var (
	d0, d1 = affine.Dim(0), affine.Dim(1)
	s0     = affine.Symbol(0)
	i32    = ir.I32
)

func types(ts ...ir.Type) []ir.Type { return append([]ir.Type{}, ts...) }

func vals(vs ...*ir.Value) []*ir.Value { return vs }

func itoa(i int) string { return strconv.Itoa(i) }

// check compares got with want and shows the first differing line.
func check(t *testing.T, name, got, want string) {
	t.Helper()
	if got == want {
		return
	}
	if i, g, w, ok := testutil.FirstDiff(got, want); ok {
		t.Errorf("%s: line %d differs\n got: %q\nwant: %q\n--- got ---\n%s", name, i, g, w, got)
		return
	}
	t.Errorf("%s: outputs differ\n--- got ---\n%q\n--- want ---\n%q", name, got, want)
}
