package ir_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/printer"
)

// The engine pieces the memref dialect needs: TypesMatchWith, type
// classes, DefaultValuedOptionalAttr (KeepAbsent), several variadic result
// groups sharing their values equally, optional groups that start with a
// spacing directive, and an operand group named `results`.

func isMemRefType(t ir.Type) bool { _, ok := t.(*ir.MemRefType); return ok }

func memDialect() *ir.Dialect {
	memref := &ir.TypeConstraint{Desc: "memref of any type values", Check: isMemRefType, Class: isMemRefType}
	elem := func(t ir.Type) ir.Type {
		if m, ok := t.(*ir.MemRefType); ok {
			return m.Elem
		}
		return nil
	}
	return &ir.Dialect{Name: "mem", Ops: []*ir.OpDef{
		{
			Name:     "mem.load",
			Operands: []ir.ValueDef{ir.Operand("m", memref), ir.Var("indices", ir.IndexConstraint)},
			Results:  []ir.ValueDef{ir.Operand("result", nil)},
			Attrs: []ir.AttrDef{{Name: "nontemporal", Kind: ir.BoolAttrKind, Optional: true,
				Default: ir.BoolAttr(false), KeepAbsent: true}},
			TypesMatchWith: []ir.TypeMatch{{From: "m", To: "result", Desc: "result type matches element type of 'm'", Transform: elem}},
			Format:         "$m `[` $indices `]` attr-dict `:` type($m)",
		},
		{
			Name:     "mem.meta",
			Operands: []ir.ValueDef{ir.Operand("src", memref)},
			Results: []ir.ValueDef{ir.Operand("offset", ir.IndexConstraint),
				ir.Var("sizes", ir.IndexConstraint), ir.Var("strides", ir.IndexConstraint)},
			Format: "$src `:` type($src) `->` type(results) attr-dict",
		},
		{
			Name:     "mem.alloc",
			Operands: []ir.ValueDef{ir.Var("dims", ir.IndexConstraint), ir.Var("syms", ir.IndexConstraint)},
			Results:  []ir.ValueDef{ir.Operand("m", memref)},
			Format:   "`(`$dims`)` (`` `[` $syms^ `]`)? attr-dict `:` type($m)",
		},
		{
			Name: "mem.ret", Traits: ir.Terminator,
			Operands: []ir.ValueDef{ir.Var("results", nil)}, Results: ir.NoValues,
			Format: "attr-dict ($results^ `:` type($results))?",
		},
	}}
}

func memCtx() *ir.Context {
	ctx := formatContext(memDialect())
	ctx.AllowUnregistered = true // test.region holds mem.ret
	return ctx
}

// memArgs are the arguments of the function the memref tests write in.
const memArgs = "%m: memref<4x?xf32>, %i: index, %v: f32"

func TestFormatMemRefRoundTrip(t *testing.T) {
	body := `%0 = mem.load %m[%i, %i] : memref<4x?xf32>
  %1 = mem.load %m[%i, %i] {nontemporal = false} : memref<4x?xf32>
  %2 = mem.load %m[%i, %i] {nontemporal = true} : memref<4x?xf32>
  %3:5 = mem.meta %m : memref<4x?xf32> -> index, index, index, index, index
  %4 = mem.alloc(%i) : memref<?xf32>
  %5 = mem.alloc()[%i] : memref<4xf32>
  "test.region"() ({
    mem.ret %v, %i : f32, index
  }, {
    mem.ret
  }) : () -> ()`
	out, m := mustRoundTrip(t, memCtx(), inFunc(memArgs, body))
	wantOutput(t, out,
		// The result type is the memref's element type, inferred.
		"%0 = mem.load %arg0[%arg1, %arg1] : memref<4x?xf32>\n",
		// false is the default: not printed.
		"%1 = mem.load %arg0[%arg1, %arg1] : memref<4x?xf32>\n",
		"%2 = mem.load %arg0[%arg1, %arg1] {nontemporal = true} : memref<4x?xf32>\n",
		"%3:5 = mem.meta %arg0 : memref<4x?xf32> -> index, index, index, index, index\n",
		"%4 = mem.alloc(%arg1) : memref<?xf32>\n",
		"%5 = mem.alloc()[%arg1] : memref<4xf32>\n",
		"mem.ret %arg2, %arg1 : f32, index\n",
		"mem.ret\n",
	)
	loads, metas := opsNamed(m, "mem.load"), opsNamed(m, "mem.meta")
	// An unspelled DefaultValuedOptionalAttr stays absent; a spelled one is kept.
	if loads[0].HasAttr("nontemporal") || !loads[1].HasAttr("nontemporal") {
		t.Errorf("nontemporal: %v, %v", loads[0].Attr("nontemporal"), loads[1].Attr("nontemporal"))
	}
	// A name the op does not declare has no operands (and no panic).
	if vs := loads[0].NamedOperands("nope"); vs != nil {
		t.Errorf("NamedOperands(nope) = %v", vs)
	}
	if loads[0].Result(0).Type() != ir.Type(ir.F32) {
		t.Errorf("inferred result type %s", loads[0].Result(0).Type())
	}
	// sizes and strides share the four results after the offset.
	if n, m := len(metas[0].ResultGroup(1)), len(metas[0].ResultGroup(2)); n != 2 || m != 2 {
		t.Errorf("sizes, strides = %d, %d results; want 2, 2", n, m)
	}
	if g := printer.String(m, printer.Options{Generic: true}); !strings.Contains(g, `"mem.load"(%arg0, %arg1, %arg1) : (memref<4x?xf32>, index, index) -> f32`) {
		t.Errorf("generic form stores the default:\n%s", g)
	}
}

func TestFormatMemRefErrors(t *testing.T) {
	wantErrors(t, verified(memCtx()), memArgs, []errorCase{
		// A type of another class is a parse error, as parseType<MemRefType>.
		{"%0 = mem.load %v[] : f32", "in.mlir:2:24: error: invalid kind of type specified"},
		{`%0 = "mem.load"(%m, %i, %i) : (memref<4x?xf32>, index, index) -> i32`, "failed to verify that result type matches element type of 'm'"},
	})
}
