package arith_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/builtin"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

func newContext() *ir.Context { return ir.NewContext(builtin.Dialect(), fn.Dialect(), arith.Dialect()) }

// foldCase folds `op a, b : typ` (or the cast `op a : srcType to typ` when
// b is empty) over constants; want is the folded constant, "" for no fold.
type foldCase struct{ op, a, b, typ, want string }

// The expectations are mlir-opt-19's, except where noted.
var foldCases = []foldCase{
	{"arith.addi", "127 : i8", "1 : i8", "i8", "-128 : i8"},
	{"arith.divsi", "-128 : i8", "-1 : i8", "i8", ""},
	{"arith.divui", "1 : i32", "0 : i32", "i32", ""},
	{"arith.divui", "-1 : i8", "2 : i8", "i8", "127 : i8"},
	{"arith.ceildivsi", "-7 : i32", "2 : i32", "i32", "-3 : i32"},
	{"arith.ceildivsi", "7 : i32", "2 : i32", "i32", "4 : i32"},
	{"arith.ceildivui", "7 : i32", "2 : i32", "i32", "4 : i32"},
	{"arith.floordivsi", "7 : i32", "-2 : i32", "i32", "-4 : i32"},
	{"arith.remsi", "-7 : i32", "3 : i32", "i32", "-1 : i32"},
	{"arith.remui", "-7 : i8", "3 : i8", "i8", "0 : i8"},
	{"arith.remsi", "5 : i32", "0 : i32", "i32", ""},
	{"arith.shli", "1 : i32", "31 : i32", "i32", "-2147483648 : i32"},
	{"arith.shli", "1 : i32", "32 : i32", "i32", ""},
	{"arith.shrsi", "-8 : i32", "1 : i32", "i32", "-4 : i32"},
	{"arith.shrui", "-8 : i32", "28 : i32", "i32", "15 : i32"},
	{"arith.maxui", "-1 : i32", "1 : i32", "i32", "-1 : i32"},
	{"arith.minsi", "-1 : i32", "1 : i32", "i32", "-1 : i32"},
	{"arith.minui", "-1 : i32", "1 : i32", "i32", "1 : i32"},
	{"arith.xori", "true", "true", "i1", "false"},
	{"arith.addi", "true", "true", "i1", "false"},
	{"arith.addi", "9223372036854775807 : index", "1 : index", "index", "-9223372036854775808 : index"},
	{"arith.addi", "170141183460469231731687303715884105727 : i128", "1 : i128", "i128", "-170141183460469231731687303715884105728 : i128"},
	{"arith.addf", "65504.0 : f16", "65504.0 : f16", "f16", "0x7C00 : f16"},
	{"arith.addf", "1.0 : bf16", "0.001 : bf16", "bf16", "1.000000e+00 : bf16"},
	{"arith.mulf", "0.1 : f32", "3.0 : f32", "f32", "3.000000e-01 : f32"},
	{"arith.divf", "0.0 : f32", "0.0 : f32", "f32", "0x7FC00000 : f32"},
	{"arith.remf", "-7.5 : f64", "2.0 : f64", "f64", "-1.500000e+00 : f64"},
	{"arith.maximumf", "-0.0 : f32", "0.0 : f32", "f32", "0.000000e+00 : f32"},
	{"arith.minimumf", "0.0 : f32", "-0.0 : f32", "f32", "-0.000000e+00 : f32"},
	{"arith.minimumf", "0x7FC00000 : f32", "1.0 : f32", "f32", "0x7FC00000 : f32"},
	// mlir-opt-19 folds maxnumf with llvm::maximum and gets NaN; maxnum
	// returns the number.
	{"arith.maxnumf", "0x7FC00000 : f32", "1.0 : f32", "f32", "1.000000e+00 : f32"},
	{"arith.subf", "1.0e+308 : f64", "-1.0e+308 : f64", "f64", "0x7FF0000000000000 : f64"},
	{"arith.cmpi", "-1 : i32", "1 : i32", "i32", "true"}, // slt, see below
	{"arith.sitofp", "9007199254740993 : i64", "", "f32", "9007199254740992.0 : f32"},
	{"arith.uitofp", "-1 : i32", "", "f32", "4294967296.0 : f32"},
	{"arith.sitofp", "-1 : i8", "", "f16", "-1.000000e+00 : f16"},
	{"arith.fptosi", "-2.9 : f32", "", "i8", "-2 : i8"},
	{"arith.fptosi", "300.0 : f32", "", "i8", ""},
	{"arith.fptoui", "-1.0 : f32", "", "i8", ""},
	{"arith.fptoui", "255.9 : f32", "", "i8", "-1 : i8"},
	{"arith.truncf", "1.0 : f32", "", "f16", "1.000000e+00 : f16"},
	{"arith.truncf", "0.1 : f32", "", "f16", ""},
	{"arith.extf", "0.1 : f16", "", "f32", "0.0999755859 : f32"},
	{"arith.bitcast", "-1 : i32", "", "f32", "0xFFFFFFFF : f32"},
	{"arith.bitcast", "1.0 : f32", "", "i32", "1065353216 : i32"},
	{"arith.index_castui", "-1 : i32", "", "index", "4294967295 : index"},
	{"arith.index_cast", "-1 : index", "", "i8", "-1 : i8"},
	{"arith.extui", "true", "", "i32", "1 : i32"},
	{"arith.extsi", "true", "", "i32", "-1 : i32"},
	{"arith.negf", "0.0 : f32", "-", "f32", "-0.000000e+00 : f32"},
}

// foldOp parses src, finds the op named name and folds it with the values
// of its constant operands.
func foldOp(t *testing.T, ctx *ir.Context, src, name string) []ir.FoldResult {
	t.Helper()
	f, err := parser.ParseFile(ctx, "fold.mlir", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(f.Module); err != nil {
		t.Fatalf("verify: %v\n%s", err, src)
	}
	ops := ir.Collect(f.Module, func(o *ir.Operation) bool { return o.Is(name) })
	if len(ops) != 1 {
		t.Fatalf("found %d %s ops", len(ops), name)
	}
	op := ops[0]
	consts := make([]ir.Attribute, op.NumOperands())
	for i, v := range op.Operands() {
		if d := v.DefiningOp(); d != nil && d.HasTrait(ir.ConstantLike) {
			consts[i] = d.Attr("value")
		}
	}
	return op.Def().Fold(op, consts)
}

func TestConstantFolding(t *testing.T) {
	ctx := newContext()
	for _, c := range foldCases {
		t.Run(fmt.Sprintf("%s(%s,%s)", c.op, c.a, c.b), func(t *testing.T) {
			var body string
			switch {
			case c.op == "arith.cmpi":
				body = fmt.Sprintf("%%r = arith.cmpi slt, %%a, %%b : %s\n  \"test.use\"(%%r) : (i1) -> ()", c.typ)
			case c.b == "-":
				body = fmt.Sprintf("%%r = %s %%a : %s\n  \"test.use\"(%%r) : (%s) -> ()", c.op, c.typ, c.typ)
			case c.b == "":
				src := strings.TrimSpace(c.a[strings.LastIndex(c.a, ":")+1:])
				if c.a == "true" {
					src = "i1"
				}
				body = fmt.Sprintf("%%r = %s %%a : %s to %s\n  \"test.use\"(%%r) : (%s) -> ()", c.op, src, c.typ, c.typ)
			default:
				body = fmt.Sprintf("%%r = %s %%a, %%b : %s\n  \"test.use\"(%%r) : (%s) -> ()", c.op, c.typ, c.typ)
			}
			src := "func.func @f() {\n  %a = arith.constant " + c.a + "\n"
			if c.b != "" && c.b != "-" {
				src += "  %b = arith.constant " + c.b + "\n"
			}
			src += "  " + body + "\n  return\n}\n"
			ctx.AllowUnregistered = true
			res := foldOp(t, ctx, src, c.op)
			if c.want == "" {
				if len(res) != 0 {
					t.Fatalf("folded to %v, want no fold", res[0].Attr)
				}
				return
			}
			if len(res) != 1 || res[0].Attr == nil {
				t.Fatalf("did not fold, want %s", c.want)
			}
			want, err := parser.ParseAttribute(ctx, c.want)
			if err != nil {
				t.Fatal(err)
			}
			if res[0].Attr != want {
				t.Errorf("folded to %s, want %s", res[0].Attr, want)
			}
		})
	}
}

// TestIdentityFolds checks folds to an existing value.
func TestIdentityFolds(t *testing.T) {
	cases := []struct{ op, rhs, typ string }{
		{"arith.addi", "0 : i32", "i32"},
		{"arith.subi", "0 : i32", "i32"},
		{"arith.muli", "1 : i32", "i32"},
		{"arith.divsi", "1 : i32", "i32"},
		{"arith.divui", "1 : i32", "i32"},
		{"arith.andi", "-1 : i32", "i32"},
		{"arith.ori", "0 : i32", "i32"},
		{"arith.xori", "0 : i32", "i32"},
		{"arith.shli", "0 : i32", "i32"},
		{"arith.maxsi", "-2147483648 : i32", "i32"},
		{"arith.minui", "-1 : i32", "i32"},
		{"arith.addf", "-0.0 : f32", "f32"},
		{"arith.subf", "0.0 : f32", "f32"},
		{"arith.mulf", "1.0 : f32", "f32"},
		{"arith.divf", "1.0 : f32", "f32"},
		{"arith.addi", "dense<0> : vector<4xi32>", "vector<4xi32>"},
	}
	ctx := newContext()
	ctx.AllowUnregistered = true
	for _, c := range cases {
		t.Run(c.op+" "+c.rhs, func(t *testing.T) {
			src := fmt.Sprintf("func.func @f(%%x: %s) {\n  %%c = arith.constant %s\n  %%r = %s %%x, %%c : %s\n  \"test.use\"(%%r) : (%s) -> ()\n  return\n}\n",
				c.typ, c.rhs, c.op, c.typ, c.typ)
			res := foldOp(t, ctx, src, c.op)
			if len(res) != 1 || res[0].Value == nil || !res[0].Value.IsBlockArgument() {
				t.Fatalf("did not fold to %%x: %v", res)
			}
		})
	}
}

// TestCancellingFolds checks the folds of an op that undoes its lhs's
// defining op (mlir-opt-19 --canonicalize folds the same): subi(addi(a, b), b)
// is a, subi(addi(a, b), a) is b, and xori(xori(a, b), x) is the other of a, b.
func TestCancellingFolds(t *testing.T) {
	cases := []struct {
		inner, outer, rhs string
		want              int // the block argument the outer op folds to
	}{
		{"arith.addi", "arith.subi", "%b", 0},
		{"arith.addi", "arith.subi", "%a", 1},
		{"arith.xori", "arith.xori", "%b", 0},
		{"arith.xori", "arith.xori", "%a", 1},
	}
	ctx := newContext()
	ctx.AllowUnregistered = true
	for _, c := range cases {
		t.Run(c.outer+" "+c.rhs, func(t *testing.T) {
			src := fmt.Sprintf("func.func @f(%%a: i32, %%b: i32) {\n  %%0 = %s %%a, %%b : i32\n  %%r = %s %%0, %s : i32\n"+
				"  \"test.use\"(%%r) : (i32) -> ()\n  return\n}\n", c.inner, c.outer, c.rhs)
			f, err := parser.ParseFile(ctx, "fold.mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			ops := ir.Collect(f.Module, func(o *ir.Operation) bool { return o.Is(c.outer) })
			op := ops[len(ops)-1]
			res := op.Def().Fold(op, make([]ir.Attribute, 2))
			if len(res) != 1 || res[0].Value == nil || !res[0].Value.IsBlockArgument() || res[0].Value.Index() != c.want {
				t.Fatalf("did not fold to argument %d: %v", c.want, res)
			}
		})
	}
}
