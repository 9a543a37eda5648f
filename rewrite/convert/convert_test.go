package convert_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
	"github.com/goopt/goopt/rewrite/convert"
)

func parse(t *testing.T, src string) (*ir.Context, *ir.Operation) {
	t.Helper()
	ctx := all.NewContext()
	ctx.AllowUnregistered = true
	f, err := parser.ParseFile(ctx, "t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return ctx, f.Module
}

func print(op *ir.Operation) string { return printer.String(op, printer.Options{}) }

// checkContains fails unless every line of want appears in got, in order.
func checkContains(t *testing.T, got string, want ...string) {
	t.Helper()
	rest := got
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("missing %q (in order) in\n%s", w, got)
		}
		rest = rest[i+len(w):]
	}
}

// split converts i64 to (i32, i32) and keeps every other type.
func split() *convert.TypeConverter {
	tc := convert.NewTypeConverter()
	tc.AddIdentityConversion()
	tc.AddConversion(func(t ir.Type) ([]ir.Type, convert.ConversionResult) {
		if t == ir.I64 {
			return []ir.Type{ir.I32, ir.I32}, convert.Converted
		}
		return nil, convert.TryNext
	})
	return tc
}

// rename is a pattern replacing root by an op named to with the adaptor's
// operands and the converted result types.
func rename(root, to string, tc *convert.TypeConverter) *convert.OpPattern {
	return &convert.OpPattern{Root: root, Converter: tc, Rewrite: func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
		types := op.ResultTypes()
		if tc != nil {
			var ok bool
			if types, ok = tc.ConvertTypes(types); !ok {
				return rw.NotifyMatchFailure(op, "cannot convert results")
			}
		}
		n := rw.CreateOp(to, op.Loc(), a.Operands(), types)
		if n.NumResults() == op.NumResults() {
			rw.ReplaceOp(op, n.Results())
		} else {
			groups := make([][]*ir.Value, op.NumResults())
			for i := range groups {
				groups[i] = n.Results()[2*i : 2*i+2]
			}
			rw.ReplaceOpWithMultiple(op, groups)
		}
		return nil
	}}
}

func TestTypeConverter(t *testing.T) {
	tc := convert.NewTypeConverter()
	tc.AddIdentityConversion()
	tc.AddTypeConversion(func(t ir.Type) (ir.Type, bool) { return ir.I64, t == ir.Index })
	tc.AddConversion(func(t ir.Type) ([]ir.Type, convert.ConversionResult) {
		switch t {
		case ir.I64:
			return []ir.Type{ir.I32, ir.I32}, convert.Converted
		case ir.I1:
			return nil, convert.Converted // dropped
		case ir.F64:
			return nil, convert.Failed
		}
		return nil, convert.TryNext
	})
	cases := []struct {
		in   ir.Type
		want []ir.Type
		ok   bool
	}{
		{ir.Index, []ir.Type{ir.I64}, true},       // 1:1, an earlier function
		{ir.I64, []ir.Type{ir.I32, ir.I32}, true}, // 1:N, the latest function wins
		{ir.I1, nil, true},                        // 1:0
		{ir.F64, nil, false},                      // failed: identity is not tried
		{ir.F32, []ir.Type{ir.F32}, true},         // identity
	}
	for _, c := range cases {
		got, ok := tc.ConvertType(c.in)
		if ok != c.ok || !slices.Equal(got, c.want) {
			t.Errorf("ConvertType(%s) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	if !tc.IsLegalType(ir.F32) || tc.IsLegalType(ir.Index) || tc.IsLegalType(ir.F64) {
		t.Error("IsLegalType")
	}
	sc, ok := tc.ConvertSignatureArgs([]ir.Type{ir.F32, ir.I64, ir.I1, ir.Index})
	if !ok {
		t.Fatal("signature not convertible")
	}
	if want := []ir.Type{ir.F32, ir.I32, ir.I32, ir.I64}; !slices.Equal(sc.ConvertedTypes(), want) {
		t.Errorf("converted %v, want %v", sc.ConvertedTypes(), want)
	}
	for i, w := range [][3]int{{0, 1, 1}, {1, 2, 1}, {3, 0, 1}, {3, 1, 1}} {
		start, size, _, mapped := sc.InputMapping(i)
		if i == 2 { // dropped to no types, but mapped
			if size != 0 || !mapped {
				t.Errorf("input 2: size %d mapped %v", size, mapped)
			}
			continue
		}
		if start != w[0] || size != w[1] || !mapped {
			t.Errorf("input %d: start %d size %d mapped %v, want %v", i, start, size, mapped, w)
		}
	}
	if _, ok := tc.ConvertSignatureArgs([]ir.Type{ir.F64}); ok {
		t.Error("f64 signature converted")
	}
}

// A block signature converted 1:N: converted users see both new arguments,
// a legal user keeps the old type through an argument materialization.
func TestSignatureConversionOneToN(t *testing.T) {
	ctx, mod := parse(t, `
func.func @f() {
  "test.region"() ({
  ^bb0(%a: i64, %b: f32):
    "test.use"(%a, %b) : (i64, f32) -> ()
    "test.keep"(%a) : (i64) -> ()
    "test.end"() : () -> ()
  }) : () -> ()
  return
}`)
	tc := split()
	target := convert.NewTarget()
	target.MarkUnknownOpDynamicallyLegal(func(*ir.Operation) bool { return true })
	target.AddDynamicallyLegalOp(tc.IsLegal, "test.region")
	target.AddIllegalOp("test.use")
	region := &convert.OpPattern{Root: "test.region", Converter: tc, Rewrite: func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
		var err error
		rw.ModifyOpInPlace(op, func() { _, err = rw.ConvertRegionTypes(op.Region(0), tc, nil) })
		return err
	}}
	use := &convert.OpPattern{Root: "test.use", Converter: tc, Rewrite: func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
		if len(a.OperandRange(0)) != 2 || a.Operand(0) != nil || a.Operand(1) == nil {
			t.Errorf("adaptor ranges %d, %d", len(a.OperandRange(0)), len(a.OperandRange(1)))
		}
		rw.CreateOp("test.use2", op.Loc(), a.Operands(), nil)
		rw.EraseOp(op)
		return nil
	}}
	if err := convert.ApplyPartialConversion(ctx, mod, target, convert.NewPatternSet(region, use)); err != nil {
		t.Fatal(err)
	}
	checkContains(t, print(mod),
		`^bb0(%arg0: i32, %arg1: i32, %arg2: f32):`,
		`%0 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i32 to i64`,
		`"test.use2"(%arg0, %arg1, %arg2) : (i32, i32, f32) -> ()`,
		`"test.keep"(%0) : (i64) -> ()`)
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
}

// Source and target materializations: hooks are used when given, the cast
// otherwise; a converted op sees its operand through a target
// materialization, a legal user of a replaced result through a source one.
func TestMaterialization(t *testing.T) {
	src := `
func.func @f() {
  %0 = "test.def"() : () -> index
  %1 = "test.conv"(%0) : (index) -> index
  "test.keep"(%1) : (index) -> ()
  return
}`
	for _, hooks := range []bool{false, true} {
		ctx, mod := parse(t, src)
		tc := convert.NewTypeConverter()
		tc.AddIdentityConversion()
		tc.AddTypeConversion(func(t ir.Type) (ir.Type, bool) { return ir.I64, t == ir.Index })
		if hooks {
			tc.AddTargetMaterialization(func(b *ir.Builder, types []ir.Type, in []*ir.Value, loc ir.Location) []*ir.Value {
				return b.CreateOp("arith.index_cast", loc, in, types).Results()
			})
			tc.AddSourceMaterialization(func(b *ir.Builder, types []ir.Type, in []*ir.Value, loc ir.Location) []*ir.Value {
				return b.CreateOp("test.from_i64", loc, in, types).Results()
			})
		}
		target := convert.NewTarget()
		target.MarkUnknownOpDynamicallyLegal(func(*ir.Operation) bool { return true })
		target.AddIllegalOp("test.conv")
		err := convert.ApplyFullConversion(ctx, mod, target, convert.NewPatternSet(rename("test.conv", "test.conv64", tc)))
		if err != nil {
			t.Fatal(err)
		}
		if hooks {
			checkContains(t, print(mod),
				`%0 = "test.def"() : () -> index`,
				`%1 = arith.index_cast %0 : index to i64`,
				`%2 = "test.conv64"(%1) : (i64) -> i64`,
				`%3 = "test.from_i64"(%2) : (i64) -> index`,
				`"test.keep"(%3) : (index) -> ()`)
		} else {
			checkContains(t, print(mod),
				`%1 = builtin.unrealized_conversion_cast %0 : index to i64`,
				`%2 = "test.conv64"(%1) : (i64) -> i64`,
				`%3 = builtin.unrealized_conversion_cast %2 : i64 to index`,
				`"test.keep"(%3) : (index) -> ()`)
		}
	}
}

// A 1:N op replacement: converted users see both values, a legal user gets
// a source materialization of both.
func TestReplaceOneToN(t *testing.T) {
	ctx, mod := parse(t, `
func.func @f() {
  %0 = "test.def"() : () -> i64
  "test.use"(%0) : (i64) -> ()
  "test.keep"(%0) : (i64) -> ()
  return
}`)
	tc := split()
	target := convert.NewTarget()
	target.AddLegalOp("test.def2", "test.use2", "test.keep", "func.func", "func.return", "builtin.module")
	ps := convert.NewPatternSet(rename("test.def", "test.def2", tc), rename("test.use", "test.use2", tc))
	if err := convert.ApplyFullConversion(ctx, mod, target, ps); err != nil {
		t.Fatal(err)
	}
	checkContains(t, print(mod),
		`%0:2 = "test.def2"() : () -> (i32, i32)`,
		`%1 = builtin.unrealized_conversion_cast %0#0, %0#1 : i32, i32 to i64`,
		`"test.use2"(%0#0, %0#1) : (i32, i32) -> ()`,
		`"test.keep"(%1) : (i64) -> ()`)
}

// Ops created by patterns are legalized in turn, to a fixpoint.
func TestCreatedOpsAreLegalized(t *testing.T) {
	ctx, mod := parse(t, `
func.func @f() {
  "test.a"() : () -> ()
  return
}`)
	target := convert.NewTarget()
	target.AddLegalDialect("func", "builtin")
	target.AddLegalOp("test.c")
	ps := convert.NewPatternSet(rename("test.a", "test.b", nil), rename("test.b", "test.c", nil))
	if err := convert.ApplyFullConversion(ctx, mod, target, ps); err != nil {
		t.Fatal(err)
	}
	got := print(mod)
	checkContains(t, got, `"test.c"() : () -> ()`)
	if strings.Contains(got, "test.a") || strings.Contains(got, "test.b") {
		t.Errorf("not converted:\n%s", got)
	}
}

// A pattern that keeps producing its own root hits the depth limit and the
// conversion fails without changing the IR.
func TestDepthLimit(t *testing.T) {
	ctx, mod := parse(t, `
func.func @f() {
  "test.loop"() : () -> ()
  return
}`)
	before := print(mod)
	target := convert.NewTarget()
	target.AddLegalDialect("func", "builtin")
	err := convert.ApplyFullConversion(ctx, mod, target, convert.NewPatternSet(rename("test.loop", "test.loop", nil)))
	if err == nil {
		t.Fatal("expected failure")
	}
	if !strings.Contains(err.Error(), "failed to legalize operation 'test.loop'") || !strings.Contains(err.Error(), "maximum conversion depth") {
		t.Errorf("error: %v", err)
	}
	if got := print(mod); got != before {
		t.Errorf("IR changed:\n%s", got)
	}
}

// A pattern failing half-way is undone before the next one is tried.
func TestRollbackFailedPattern(t *testing.T) {
	ctx, mod := parse(t, `
func.func @f(%x: i32) {
  %0 = "test.op"(%x) : (i32) -> i32
  "test.keep"(%0) : (i32) -> ()
  return
}`)
	tried := false
	greedy := &convert.OpPattern{Root: "test.op", PatternBenefit: 2, Rewrite: func(op *ir.Operation, a convert.Adaptor, rw *convert.Rewriter) error {
		tried = true
		n := rw.CreateOp("test.half", op.Loc(), a.Operands(), []ir.Type{ir.I32})
		rw.ReplaceOp(op, n.Results())
		blk := op.Block()
		rw.SplitBlock(blk, op)
		return rw.NotifyMatchFailure(op, "changed my mind")
	}}
	target := convert.NewTarget()
	target.AddLegalDialect("func", "builtin")
	target.AddLegalOp("test.keep", "test.done")
	if err := convert.ApplyFullConversion(ctx, mod, target, convert.NewPatternSet(greedy, rename("test.op", "test.done", nil))); err != nil {
		t.Fatal(err)
	}
	if !tried {
		t.Fatal("the first pattern was not tried")
	}
	got := print(mod)
	checkContains(t, got, `%0 = "test.done"(%arg0) : (i32) -> i32`, `"test.keep"(%0) : (i32) -> ()`)
	if strings.Contains(got, "test.half") || strings.Contains(got, "^bb") {
		t.Errorf("failed pattern not undone:\n%s", got)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
}

// A full conversion that fails after converting some ops (with replaced
// ops, moved regions, split blocks, converted signatures, updated ops)
// leaves the IR exactly as it was and names the illegal op.
func TestFailedConversionLeavesIRUnchanged(t *testing.T) {
	ctx, mod := parse(t, `
func.func @f(%x: i64) -> i64 {
  %0 = "test.wrap"() ({
  ^bb0(%a: i64):
    %1 = "test.add"(%a, %x) : (i64, i64) -> i64
    "test.yield"(%1) : (i64) -> ()
  }) {tag} : () -> i64
  %2 = "test.add"(%0, %0) : (i64, i64) -> i64
  "test.stuck"() : () -> ()
  return %2 : i64
}`)
	before := print(mod)
	tc := split()
	wrap := &convert.OpPattern{Root: "test.wrap", Converter: tc, Rewrite: func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
		n := rw.Create(&ir.OperationState{Name: "test.wrapped", Loc: op.Loc(), Types: []ir.Type{ir.I32, ir.I32}, Regions: []*ir.Region{ir.NewRegion()}})
		rw.InlineRegionBefore(op.Region(0), n.Region(0), nil)
		rw.CreateBlock(n.Region(0), nil, ir.I64)
		rw.MoveOpBefore(op.Block().Ops()[3], op) // test.stuck
		if _, err := rw.ConvertRegionTypes(n.Region(0), tc, nil); err != nil {
			return err
		}
		first := n.Region(0).Front().First()
		rw.SplitBlock(n.Region(0).Front(), first.Next())
		rw.ModifyOpInPlace(first, func() { first.SetAttr("touched", ir.Unit) })
		rw.ReplaceOpWithMultiple(op, [][]*ir.Value{n.Results()})
		return nil
	}}
	target := convert.NewTarget()
	target.AddLegalDialect("func", "builtin")
	target.AddLegalOp("test.wrapped", "test.add2", "test.yield")
	target.AddDynamicallyLegalOp(func(op *ir.Operation) bool { return op.HasAttr("touched") }, "test.add")
	err := convert.ApplyFullConversion(ctx, mod, target, convert.NewPatternSet(wrap, rename("test.add", "test.add2", tc)))
	if err == nil {
		t.Fatal("expected failure")
	}
	if want := "t.mlir:9:3: error: 'test.stuck' op failed to legalize operation 'test.stuck'"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if got := print(mod); got != before {
		t.Errorf("IR changed:\n%s\nwant\n%s", got, before)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
}

// A partial conversion leaves ops without a rule alone, fails on an
// illegal op it cannot convert, and reports every such op.
func TestPartialConversion(t *testing.T) {
	src := `
func.func @f(%x: i32) {
  %0 = "test.op"(%x) : (i32) -> i32
  "other.thing"(%0) : (i32) -> ()
  "test.bad"() : () -> ()
  "test.bad"() : () -> ()
  return
}`
	ctx, mod := parse(t, src)
	target := convert.NewTarget()
	target.AddIllegalOp("test.op")
	target.AddLegalOp("test.new")
	ps := convert.NewPatternSet(rename("test.op", "test.new", nil))
	if err := convert.ApplyPartialConversion(ctx, mod, target, ps); err != nil {
		t.Fatal(err)
	}
	checkContains(t, print(mod), `%0 = "test.new"(%arg0)`, `"other.thing"(%0)`, `"test.bad"()`)

	ctx, mod = parse(t, src)
	before := print(mod)
	target.AddIllegalDialect("test")
	err := convert.ApplyPartialConversion(ctx, mod, target, ps)
	diags := ir.Diagnostics(err)
	if len(diags) != 2 {
		t.Fatalf("want 2 errors, got %v", err)
	}
	for i, line := range []int{5, 6} {
		if f, _ := ir.FileLineCol(diags[i].Loc); f.Line != line ||
			diags[i].Msg != "'test.bad' op failed to legalize operation 'test.bad' that was explicitly marked illegal" {
			t.Errorf("diag %d: %v", i, diags[i])
		}
	}
	if got := print(mod); got != before {
		t.Errorf("IR changed:\n%s", got)
	}
}

// An op erased while a legal op still uses its result fails the
// conversion, naming the live user.
func TestErasedResultStillUsed(t *testing.T) {
	ctx, mod := parse(t, `
func.func @f() {
  %0 = "test.op"() : () -> i32
  "test.keep"(%0) : (i32) -> ()
  return
}`)
	target := convert.NewTarget()
	target.AddLegalDialect("func", "builtin")
	target.AddLegalOp("test.keep")
	erase := &convert.OpPattern{Root: "test.op", Rewrite: func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
		rw.EraseOp(op)
		return nil
	}}
	err := convert.ApplyFullConversion(ctx, mod, target, convert.NewPatternSet(erase))
	if err == nil || !strings.Contains(err.Error(), "failed to materialize conversion for result #0 of operation 'test.op' that remained live after conversion") ||
		!strings.Contains(err.Error(), "see existing live user here: 'test.keep'") {
		t.Fatalf("error: %v", err)
	}
	checkContains(t, print(mod), `%0 = "test.op"() : () -> i32`, `"test.keep"(%0)`)
}

// A pattern's own error is reported as is and fails the conversion.
func TestPatternError(t *testing.T) {
	ctx, mod := parse(t, `
func.func @f() {
  "test.op"() : () -> ()
  return
}`)
	target := convert.NewTarget()
	target.AddIllegalOp("test.op")
	bad := &convert.OpPattern{Root: "test.op", Rewrite: func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
		rw.CreateOp("test.junk", op.Loc(), nil, nil)
		return op.Errorf("cannot be converted, for a reason")
	}}
	err := convert.ApplyPartialConversion(ctx, mod, target, convert.NewPatternSet(bad))
	if err == nil || err.Error() != "t.mlir:3:3: error: 'test.op' op cannot be converted, for a reason" {
		t.Fatalf("error: %v", err)
	}
	if strings.Contains(print(mod), "test.junk") {
		t.Error("junk left")
	}
}

// Folding comes before patterns: an illegal op with constant operands
// folds into a (legal) constant.
func TestFoldBeforePatterns(t *testing.T) {
	ctx, mod := parse(t, `
func.func @f() -> i32 {
  %a = arith.constant 2 : i32
  %b = arith.constant 3 : i32
  %c = arith.addi %a, %b : i32
  return %c : i32
}`)
	target := convert.NewTarget()
	target.AddLegalDialect("func", "builtin")
	target.AddLegalOp("arith.constant")
	if err := convert.ApplyFullConversion(ctx, mod, target, convert.NewPatternSet()); err != nil {
		t.Fatal(err)
	}
	got := print(mod)
	checkContains(t, got, `arith.constant 5 : i32`, `return %c5_i32 : i32`)
	if strings.Contains(got, "arith.addi") {
		t.Errorf("not folded:\n%s", got)
	}
}

// Recursively legal ops are not looked into.
func TestRecursivelyLegal(t *testing.T) {
	ctx, mod := parse(t, `
func.func @f() {
  "test.box"() ({
    "test.op"() : () -> ()
  }) : () -> ()
  "test.op"() : () -> ()
  return
}`)
	target := convert.NewTarget()
	target.AddLegalDialect("func", "builtin")
	target.AddLegalOp("test.box", "test.new")
	target.MarkOpRecursivelyLegal(nil, "test.box")
	if err := convert.ApplyFullConversion(ctx, mod, target, convert.NewPatternSet(rename("test.op", "test.new", nil))); err != nil {
		t.Fatal(err)
	}
	checkContains(t, print(mod), `"test.op"() : () -> ()`, `"test.new"() : () -> ()`)
}

func TestTargetLegality(t *testing.T) {
	_, mod := parse(t, `
func.func @f() {
  "a.x"() : () -> ()
  "a.y"() {ok} : () -> ()
  "a.y"() : () -> ()
  "b.z"() : () -> ()
  "c.w"() : () -> ()
  return
}`)
	ops := mod.Region(0).Front().First().Region(0).Front().Ops()
	target := convert.NewTarget()
	target.AddIllegalDialect("a")
	target.AddDynamicallyLegalOp(func(op *ir.Operation) bool { return op.HasAttr("ok") }, "a.y")
	target.AddLegalDialect("b")
	want := []convert.Legality{convert.Illegal, convert.Legal, convert.Illegal, convert.Legal, convert.LegalityUnknown}
	for i, w := range want {
		if got := target.Legality(ops[i]); got != w {
			t.Errorf("%s: %v, want %v", ops[i].Name(), got, w)
		}
	}
	target.MarkUnknownOpDynamicallyLegal(func(op *ir.Operation) bool { return false })
	if got := target.Legality(ops[4]); got != convert.Illegal {
		t.Errorf("unknown op: %v", got)
	}
}

func TestReconcileUnrealizedCasts(t *testing.T) {
	_, mod := parse(t, `
func.func @f(%x: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %x : i32 to i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to index
  %2 = builtin.unrealized_conversion_cast %1 : index to i32
  %3 = builtin.unrealized_conversion_cast %x : i32 to f32
  return %2 : i32
}`)
	if err := convert.ReconcileUnrealizedCasts(mod); err != nil {
		t.Fatal(err)
	}
	got := print(mod)
	if strings.Contains(got, "unrealized") {
		t.Errorf("casts left:\n%s", got)
	}
	checkContains(t, got, "return %arg0 : i32")

	_, mod = parse(t, `
func.func @f(%x: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %x : i32 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i64
  return %1 : i64
}`)
	// As upstream 19, live casts that do not cancel are kept without error;
	// CheckNoUnrealizedCasts reports them for pipelines that need them gone.
	if err := convert.ReconcileUnrealizedCasts(mod); err != nil {
		t.Fatal(err)
	}
	checkContains(t, print(mod), "unrealized_conversion_cast %0 : index to i64")
	err := convert.CheckNoUnrealizedCasts(mod)
	if err == nil || !strings.Contains(err.Error(), "t.mlir:4:8: error: 'builtin.unrealized_conversion_cast' op failed to legalize operation 'builtin.unrealized_conversion_cast' that was explicitly marked illegal") {
		t.Fatalf("error: %v", err)
	}
}

// Inlining a block and cloning a region, undone when a later op fails.
func TestInlineAndCloneRegions(t *testing.T) {
	src := `
func.func @f(%x: i32) {
  "test.inline"() ({
  ^bb0(%a: i32):
    "test.x"(%a) : (i32) -> ()
  }) : () -> ()
  "test.dup"() ({
    "test.y"() : () -> ()
  }) : () -> ()
  %0 = "test.def"() : () -> i32
  "test.last"(%0) : (i32) -> ()
  return
}`
	inline := &convert.OpPattern{Root: "test.inline", Rewrite: func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
		x := op.ParentOp().Region(0).Front().Argument(0)
		rw.InlineBlockBefore(op.Region(0).Front(), op.Block(), op, []*ir.Value{x})
		rw.EraseOp(op)
		return nil
	}}
	dup := &convert.OpPattern{Root: "test.dup", Rewrite: func(op *ir.Operation, _ convert.Adaptor, rw *convert.Rewriter) error {
		n := rw.Create(&ir.OperationState{Name: "test.dup2", Loc: op.Loc(), Regions: []*ir.Region{ir.NewRegion(), ir.NewRegion()}})
		rw.CloneRegionBefore(op.Region(0), n.Region(0), nil, nil)
		rw.CloneRegionBefore(op.Region(0), n.Region(1), nil, nil)
		rw.EraseOp(op)
		return nil
	}}
	target := convert.NewTarget()
	target.AddLegalDialect("func", "builtin")
	target.AddLegalOp("test.x", "test.dup2", "test.y2", "test.def", "test.last")
	ps := convert.NewPatternSet(inline, dup, rename("test.y", "test.y2", nil))

	ctx, mod := parse(t, src)
	target.AddLegalOp("test.y")
	if err := convert.ApplyFullConversion(ctx, mod, target, convert.NewPatternSet(inline, dup)); err != nil {
		t.Fatal(err)
	}
	checkContains(t, print(mod),
		`"test.x"(%arg0) : (i32) -> ()`,
		`"test.dup2"() ({`, `"test.y"() : () -> ()`, `}, {`, `"test.y"() : () -> ()`)
	// The cloned test.y ops are legalized like created ones; the
	// originals went with test.dup.
	target.AddIllegalOp("test.y")
	ctx, mod = parse(t, src)
	if err := convert.ApplyFullConversion(ctx, mod, target, ps); err != nil {
		t.Fatal(err)
	}
	got := print(mod)
	checkContains(t, got, `"test.y2"() : () -> ()`, `"test.y2"() : () -> ()`)
	if strings.Contains(got, `"test.y"()`) {
		t.Errorf("cloned ops not legalized:\n%s", got)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}

	target.AddIllegalOp("test.last")
	ctx, mod = parse(t, src)
	before := print(mod)
	if err := convert.ApplyFullConversion(ctx, mod, target, ps); err == nil {
		t.Fatal("expected failure")
	}
	if got := print(mod); got != before {
		t.Errorf("IR changed:\n%s", got)
	}
}
