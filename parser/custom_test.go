package parser

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
)

// testDialects returns a context with a miniature builtin module and a test
// dialect whose custom parsers exercise the ir.OpParser surface.
func testDialects() *ir.Context {
	module := &ir.OpDef{Name: "builtin.module", Traits: ir.IsolatedFromAbove | ir.NoTerminator | ir.SymbolTableTrait,
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			if name, ok := p.ParseOptionalSymbolName(); ok {
				st.AddAttr("sym_name", ir.Str(name))
			}
			if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
				return err
			}
			return p.ParseRegion(st.AddRegion(), nil)
		}}
	fn := &ir.OpDef{Name: "t.func", DefaultDialect: "t", Traits: ir.IsolatedFromAbove,
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			name, err := p.ParseSymbolName()
			if err != nil {
				return err
			}
			args, err := p.ParseArgumentList(ir.DelimParen, true)
			if err != nil {
				return err
			}
			res, err := p.ParseOptionalArrowTypeList()
			if err != nil {
				return err
			}
			var ins []ir.Type
			for _, a := range args {
				ins = append(ins, a.Type)
			}
			st.AddAttr("sym_name", ir.Str(name))
			st.AddAttr("function_type", ir.TypeAttrOf(ir.Function(ins, res)))
			if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
				return err
			}
			_, err = p.ParseOptionalRegion(st.AddRegion(), args)
			return err
		}}
	binary := func(name string) *ir.OpDef {
		return &ir.OpDef{Name: name, Parse: func(p ir.OpParser, st *ir.OperationState) error {
			us, err := p.ParseOperandList(ir.DelimNone)
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
			vs, err := p.ResolveOperands(us, []ir.Type{t})
			if err != nil {
				return err
			}
			st.Operands, st.Types = vs, []ir.Type{t}
			return nil
		}}
	}
	ret := &ir.OpDef{Name: "t.return", Traits: ir.Terminator, Parse: func(p ir.OpParser, st *ir.OperationState) error {
		us, err := p.ParseOperandList(ir.DelimNone)
		if err != nil || len(us) == 0 {
			return err
		}
		ts, err := p.ParseColonTypeList()
		if err != nil {
			return err
		}
		st.Operands, err = p.ResolveOperands(us, ts)
		return err
	}}
	load := &ir.OpDef{Name: "t.load", Inherent: []string{"map"}, Parse: func(p ir.OpParser, st *ir.OperationState) error {
		m, err := p.ParseOperand()
		if err != nil {
			return err
		}
		amap, idx, err := p.ParseAffineMapOfSSAIds(ir.DelimSquare)
		if err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		mt, ok := t.(*ir.MemRefType)
		if !ok {
			return p.Errorf("expected memref type")
		}
		mv, err := p.ResolveOperand(m, t)
		if err != nil {
			return err
		}
		iv, err := p.ResolveOperands(idx, []ir.Type{ir.Index})
		if err != nil {
			return err
		}
		st.Operands = append([]*ir.Value{mv}, iv...)
		st.AddAttr("map", ir.AffineMapOf(amap))
		st.Types = []ir.Type{mt.Elem}
		return nil
	}}
	br := &ir.OpDef{Name: "t.br", Traits: ir.Terminator, Parse: func(p ir.OpParser, st *ir.OperationState) error {
		b, vs, err := p.ParseSuccessorAndUseList()
		st.Successors, st.Operands = []*ir.Block{b}, vs
		return err
	}}
	cst := &ir.OpDef{Name: "t.const", Parse: func(p ir.OpParser, st *ir.OperationState) error {
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return err
		}
		ta, ok := a.(ir.TypedAttribute)
		if !ok || ta.Type() == nil {
			return p.Errorf("expected typed attribute")
		}
		st.AddAttr("value", a)
		st.Types = []ir.Type{ta.Type()}
		return nil
	}}
	generic := &ir.OpDef{Name: "t.generic_only"}
	return ir.NewContext(
		&ir.Dialect{Name: "builtin", Ops: []*ir.OpDef{module}},
		&ir.Dialect{Name: "t", Ops: []*ir.OpDef{fn, binary("t.add"), ret, load, br, cst, generic}},
	)
}

func TestCustomOps(t *testing.T) {
	src := `module @m attributes {x.y = 1 : i32} {
  t.func @f(%a: i32, %b: i32 loc("arg":3:4), %m: memref<?x?xf32>, %i: index, %n: index) -> i32 {
    %0 = t.add %a, %b : i32
    %c = t.const 7 : i32
    %1 = t.add %0, %c {tag} : i32
    %v = t.load %m[%i + 1, symbol(%n) * 2 + %i] : memref<?x?xf32>
    t.br ^bb1(%1 : i32)
  ^bb1(%x: i32):
    return %x : i32
  }
}
`
	f := parseOK(t, testDialects(), src)
	m := f.Module
	if m.Name() != "builtin.module" || m.Attr("sym_name").String() != `"m"` || m.Attr("x.y") == nil {
		t.Fatalf("module = %s %v", m.Name(), m.Attrs())
	}
	fn := m.Region(0).Front().First()
	if fn.Name() != "t.func" || fn.Attr("function_type").String() != "(i32, i32, memref<?x?xf32>, index, index) -> i32" {
		t.Fatalf("func attrs = %v", fn.Attrs())
	}
	entry := fn.Region(0).Front()
	if entry.NumArguments() != 5 || entry.Argument(1).Loc().String() != `loc("arg":3:4)` || entry.Argument(0).Loc().String() != `loc("t.mlir":2:13)` {
		t.Fatalf("entry args %d %v %v", entry.NumArguments(), entry.Argument(1).Loc(), entry.Argument(0).Loc())
	}
	ops := entry.Ops()
	if ops[0].Operand(0) != entry.Argument(0) || ops[0].Operand(1) != entry.Argument(1) {
		t.Errorf("t.add operands not resolved to block args")
	}
	if ops[2].Operand(1) != ops[1].Result(0) || ops[2].Attr("tag") == nil {
		t.Errorf("second add: %v", ops[2].Attrs())
	}
	load := ops[3]
	if got := load.Attr("map").String(); got != "affine_map<(d0)[s0] -> (d0 + 1, d0 + s0 * 2)>" {
		t.Errorf("load map = %s", got)
	}
	if load.NumOperands() != 3 || load.Operand(1) != entry.Argument(3) || load.Operand(2) != entry.Argument(4) {
		t.Errorf("load operands wrong")
	}
	if len(load.Props()) != 1 {
		t.Errorf("inherent map not a property")
	}
	brOp := ops[4]
	bb1 := fn.Region(0).Blocks()[1]
	if brOp.Successor(0) != bb1 || brOp.Operand(0) != ops[2].Result(0) {
		t.Errorf("branch wrong")
	}
	retOp := bb1.First()
	if retOp.Name() != "t.return" || retOp.Operand(0) != bb1.Argument(0) {
		t.Errorf("return = %s", retOp.Name())
	}
	if got := ops[0].Loc().String(); got != `loc("t.mlir":3:10)` {
		t.Errorf("custom op loc = %s", got)
	}
}

func TestCustomOpErrors(t *testing.T) {
	tests := []textCase{
		{"t.func @f() {\n  foo\n}\n", "t.mlir:2:3: error: custom op 'foo' is unknown (tried 't.foo' as well)"},
		{"x.y\n", "t.mlir:1:1: error: custom op 'x.y' is unknown"},
		{"t.generic_only\n", "t.mlir:1:1: error: custom op 't.generic_only' is unknown"},
		{"t.func @f(%a: i32) {\n  %0 = t.add %a, %a : f32\n}\n", "t.mlir:2:14: error: use of value '%a' expects different type than prior uses: 'f32' vs 'i32'\nt.mlir:1:11: note: prior use here"},
		{"t.func @f(%a: i32) {\n  %0:2 = t.add %a, %a : i32\n}\n", "t.mlir:2:3: error: operation defines 1 results but was provided 2 to bind"},
		{"t.func @f(%a: i32) {\n  %0 = t.add %a %a : i32\n}\n", "t.mlir:2:16: error: expected ':'"},
		{"t.func @f(%a: i32) {\n  %0 = t.load %a[%a * %a] : memref<4xf32>\n}\n", "t.mlir:2:21: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"},
		{"t.func @f(%a#1: i32) {\n}\n", "t.mlir:1:13: error: result number not allowed in argument list"},
		{"t.func f() {\n}\n", "t.mlir:1:8: error: expected valid '@'-identifier for symbol name"},
		{"t.func @f(%a: i32) {\n  %a = t.const 1 : i32\n}\n", "t.mlir:2:3: error: redefinition of SSA value '%a'\nt.mlir:1:11: note: previously defined here"},
		{"%a = t.const 1 : i32\nt.func @f(%a: i32) {\n}\n", "t.mlir:2:11: error: region entry argument '%a' is already in use\nt.mlir:1:1: note: previously referenced here"},
		{"t.func @f() {\n  t.br ^bb9\n}\n", "t.mlir:2:8: error: reference to an undefined block"},
	}
	wantDiagnostics(t, "ParseFile", fileParser(testDialects), tests)
}

func TestImplicitModuleWithCustomOps(t *testing.T) {
	f := parseOK(t, testDialects(), "t.func @a() {\n}\nt.func @b() {\n}\n")
	if f.Module.Name() != "builtin.module" || f.Module.Region(0).Front().Len() != 2 {
		t.Errorf("implicit module wraps %d ops", f.Module.Region(0).Front().Len())
	}
	if !f.Module.IsRegistered() {
		t.Errorf("implicit module should use the registered builtin.module")
	}
	if _, err := ParseFile(testDialects(), "t.mlir", []byte(`"t.func"() ({}) : () -> ()`)); err != nil {
		t.Errorf("generic form of a registered op: %v", err)
	}
	_, err := ParseFile(testDialects(), "t.mlir", []byte(`"zz.op"() : () -> ()`))
	if err == nil || !strings.Contains(err.Error(), "unregistered dialect") {
		t.Errorf("got %v", err)
	}
}
