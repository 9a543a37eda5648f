package interp_test

import (
	"math"
	"strings"
	"testing"

	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
)

// TestScalarOps runs one function per case and compares the printed results.
func TestScalarOps(t *testing.T) {
	i32 := func(v int64) interp.Value { return interp.IntValue(ir.I32, v) }
	f32 := func(v float64) interp.Value { return interp.FloatValue(ir.F32, v) }
	f16 := func(v float64) interp.Value { return interp.FloatValue(ir.F16, v) }
	idx := interp.IndexValue
	cases := []struct {
		name string
		src  string
		args []interp.Value
		want string
	}{
		{"addi-wrap", `func.func @f(%a: i32, %b: i32) -> i32 { %0 = arith.addi %a, %b : i32
  return %0 : i32 }`, []interp.Value{i32(2147483647), i32(1)}, "-2147483648 : i32"},
		{"muli-wrap", `func.func @f(%a: i32, %b: i32) -> i32 { %0 = arith.muli %a, %b : i32
  return %0 : i32 }`, []interp.Value{i32(65536), i32(65537)}, "65536 : i32"},
		{"trunci", `func.func @f(%a: i32) -> i8 { %0 = arith.trunci %a : i32 to i8
  return %0 : i8 }`, []interp.Value{i32(383)}, "127 : i8"},
		{"extsi-extui", `func.func @f(%a: i32) -> (i64, i64) { %c = arith.constant -1 : i8
  %0 = arith.extsi %c : i8 to i64
  %1 = arith.extui %c : i8 to i64
  return %0, %1 : i64, i64 }`, []interp.Value{i32(0)}, "-1 : i64, 255 : i64"},
		{"cmpi", `func.func @f(%a: i32, %b: i32) -> (i1, i1) { %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.cmpi ult, %a, %b : i32
  return %0, %1 : i1, i1 }`, []interp.Value{i32(-1), i32(1)}, "true, false"},
		{"divsi-floordiv-ceildiv-rem", `func.func @f(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.divsi %a, %b : i32
  %1 = arith.floordivsi %a, %b : i32
  %2 = arith.ceildivsi %a, %b : i32
  %3 = arith.remsi %a, %b : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32 }`, []interp.Value{i32(-7), i32(2)}, "-3 : i32, -4 : i32, -3 : i32, -1 : i32"},
		{"shifts", `func.func @f(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.shli %a, %b : i32
  %1 = arith.shrsi %a, %b : i32
  %2 = arith.shrui %a, %b : i32
  return %0, %1, %2 : i32, i32, i32 }`, []interp.Value{i32(-16), i32(2)}, "-64 : i32, -4 : i32, 1073741820 : i32"},
		{"index", `func.func @f(%a: index) -> (index, i32) { %c = arith.constant 3 : index
  %0 = arith.muli %a, %c : index
  %1 = arith.index_cast %0 : index to i32
  return %0, %1 : index, i32 }`, []interp.Value{idx(-5)}, "-15 : index, -15 : i32"},
		{"f32-exact", `func.func @f(%a: f32, %b: f32) -> f32 { %0 = arith.addf %a, %b : f32
  return %0 : f32 }`, []interp.Value{f32(16777216), f32(1)}, "1.6777216e+07 : f32"},
		{"f16-rounding", `func.func @f(%a: f16, %b: f16) -> (f16, f32) { %0 = arith.addf %a, %b : f16
  %1 = arith.extf %0 : f16 to f32
  return %0, %1 : f16, f32 }`, []interp.Value{f16(2048), f16(1)}, "2048 : f16, 2048 : f32"},
		{"f16-overflow", `func.func @f(%a: f16) -> f16 { %0 = arith.mulf %a, %a : f16
  return %0 : f16 }`, []interp.Value{f16(300)}, "+Inf : f16"},
		{"truncf-bf16", `func.func @f(%a: f32) -> bf16 { %0 = arith.truncf %a : f32 to bf16
  return %0 : bf16 }`, []interp.Value{f32(1.00390625)}, "1 : bf16"},
		{"maximumf-nan", `func.func @f(%a: f32) -> (f32, f32) { %n = arith.constant 0x7FC00000 : f32
  %0 = arith.maximumf %a, %n : f32
  %1 = arith.maxnumf %a, %n : f32
  return %0, %1 : f32, f32 }`, []interp.Value{f32(2)}, "NaN : f32, 2 : f32"},
		{"maximumf-inf-nan-zeros", `func.func @f(%a: f32, %z: f32) -> (f32, f32, f32, f32) { %n = arith.constant 0x7FC00000 : f32
  %nz = arith.constant -0.0 : f32
  %0 = arith.maximumf %a, %n : f32
  %1 = arith.minimumf %nz, %z : f32
  %2 = arith.maximumf %nz, %z : f32
  %3 = arith.minnumf %n, %a : f32
  return %0, %1, %2, %3 : f32, f32, f32, f32 }`, []interp.Value{f32(math.Inf(1)), f32(0)}, "NaN : f32, -0 : f32, 0 : f32, +Inf : f32"},
		{"unsigned-div", `func.func @f(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.divui %a, %b : i32
  %1 = arith.remui %a, %b : i32
  %2 = arith.ceildivui %a, %b : i32
  return %0, %1, %2 : i32, i32, i32 }`, []interp.Value{i32(-7), i32(2)}, "2147483644 : i32, 1 : i32, 2147483645 : i32"},
		{"cmpf-unordered", `func.func @f(%a: f32) -> (i1, i1) { %n = arith.constant 0x7FC00000 : f32
  %0 = arith.cmpf olt, %a, %n : f32
  %1 = arith.cmpf ult, %a, %n : f32
  return %0, %1 : i1, i1 }`, []interp.Value{f32(2)}, "false, true"},
		{"select-bitcast", `func.func @f(%a: f32) -> (i32, f32) { %t = arith.constant true
  %0 = arith.bitcast %a : f32 to i32
  %z = arith.constant 0.0 : f32
  %1 = arith.select %t, %a, %z : f32
  return %0, %1 : i32, f32 }`, []interp.Value{f32(1)}, "1065353216 : i32, 1 : f32"},
		{"fptosi", `func.func @f(%a: f32) -> i32 { %0 = arith.fptosi %a : f32 to i32
  return %0 : i32 }`, []interp.Value{f32(-2.75)}, "-2 : i32"},
		{"math", `func.func @f(%a: f32) -> (f32, f32, f32, f32) {
  %0 = math.sqrt %a : f32
  %1 = math.rsqrt %a : f32
  %2 = math.exp %a : f32
  %3 = math.floor %a : f32
  return %0, %1, %2, %3 : f32, f32, f32, f32 }`, []interp.Value{f32(4)}, "2 : f32, 0.5 : f32, 54.59815 : f32, 4 : f32"},
		{"math-fma-powf", `func.func @f(%a: f32) -> (f32, f32) {
  %0 = math.fma %a, %a, %a : f32
  %1 = math.powf %a, %a : f32
  return %0, %1 : f32, f32 }`, []interp.Value{f32(3)}, "12 : f32, 27 : f32"},
		{"math-int", `func.func @f(%a: i32) -> (i32, i32, i32) {
  %0 = math.ctlz %a : i32
  %1 = math.ctpop %a : i32
  %2 = math.absi %a : i32
  return %0, %1, %2 : i32, i32, i32 }`, []interp.Value{i32(-8)}, "0 : i32, 29 : i32, 8 : i32"},
		{"extended", `func.func @f(%a: i32, %b: i32) -> (i32, i32, i32, i1) {
  %lo, %hi = arith.mulsi_extended %a, %b : i32
  %s, %o = arith.addui_extended %a, %b : i32, i1
  return %lo, %hi, %s, %o : i32, i32, i32, i1 }`, []interp.Value{i32(-2), i32(3)}, "-6 : i32, -1 : i32, 1 : i32, true"},
		{"cf-loop", `func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0, %c0 : index, index)
^bb1(%i: index, %acc: index):
  %p = arith.cmpi slt, %i, %n : index
  cf.cond_br %p, ^bb2, ^bb3
^bb2:
  %a = arith.addi %acc, %i : index
  %j = arith.addi %i, %c1 : index
  cf.br ^bb1(%j, %a : index, index)
^bb3:
  return %acc : index }`, []interp.Value{idx(10)}, "45 : index"},
		{"cf-switch", `func.func @f(%a: i32) -> i32 {
  cf.switch %a : i32, [
    default: ^bb1(%a : i32),
    5: ^bb2
  ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  %c = arith.constant 50 : i32
  return %c : i32 }`, []interp.Value{i32(5)}, "50 : i32"},
		{"scf-for-iter-args-swap", `func.func @f(%n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c1) -> (index, index) {
    scf.yield %b, %a : index, index
  }
  return %r#0, %r#1 : index, index }`, []interp.Value{idx(3)}, "1 : index, 0 : index"},
		{"scf-for-i32", `func.func @f(%n: i32) -> i32 {
  %c0 = arith.constant -3 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    %s = arith.addi %a, %i : i32
    scf.yield %s : i32
  }
  return %r : i32 }`, []interp.Value{i32(2)}, "-8 : i32"},
		{"scf-while", `func.func @f(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = scf.while (%x = %c1) : (i32) -> i32 {
    %p = arith.cmpi slt, %x, %n : i32
    scf.condition(%p) %x : i32
  } do {
  ^bb0(%y: i32):
    %z = arith.muli %y, %y : i32
    %w = arith.addi %z, %c1 : i32
    scf.yield %w : i32
  }
  return %r : i32 }`, []interp.Value{i32(100)}, "677 : i32"},
		{"scf-if-index-switch", `func.func @f(%a: index) -> (index, index) {
  %c2 = arith.constant 2 : index
  %p = arith.cmpi eq, %a, %c2 : index
  %0 = scf.if %p -> index { scf.yield %a : index } else { scf.yield %c2 : index }
  %1 = scf.index_switch %a -> index
  case 2 { %x = arith.addi %a, %a : index
    scf.yield %x : index }
  default { scf.yield %c2 : index }
  %e = scf.execute_region -> index { scf.yield %1 : index }
  return %0, %e : index, index }`, []interp.Value{idx(2)}, "2 : index, 4 : index"},
		{"scf-parallel-reduce", `func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) init (%c0) -> index {
    %p = arith.muli %i, %j : index
    scf.reduce(%p : index) {
    ^bb0(%l: index, %r: index):
      %s = arith.addi %l, %r : index
      scf.reduce.return %s : index
    }
  }
  return %r : index }`, []interp.Value{idx(4)}, "36 : index"},
		{"affine-apply-min-max", `func.func @f(%a: index) -> (index, index, index) {
  %0 = affine.apply affine_map<(d0) -> (d0 floordiv 4 + d0 mod 3)>(%a)
  %1 = affine.min affine_map<(d0) -> (d0, 10)>(%a)
  %2 = affine.max affine_map<(d0)[s0] -> (d0 * 2, s0 - 5)>(%a)[%a]
  return %0, %1, %2 : index, index, index }`, []interp.Value{idx(-7)}, "0 : index, -7 : index, -12 : index"},
		{"affine-for-if", `func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %r = affine.for %i = 0 to min affine_map<(d0) -> (d0, 100)>(%n) step 3 iter_args(%a = %c0) -> (index) {
    %v = affine.if affine_set<(d0) : (d0 - 6 >= 0)>(%i) -> index {
      %s = arith.addi %a, %i : index
      affine.yield %s : index
    } else {
      affine.yield %a : index
    }
    affine.yield %v : index
  }
  return %r : index }`, []interp.Value{idx(13)}, "27 : index"},
		{"affine-parallel-reduce", `func.func @f(%n: index) -> (f32, f32) {
  %r:2 = affine.parallel (%i) = (0) to (%n) reduce ("addf", "maximumf") -> (f32, f32) {
    %x = arith.index_cast %i : index to i32
    %f = arith.sitofp %x : i32 to f32
    affine.yield %f, %f : f32, f32
  }
  return %r#0, %r#1 : f32, f32 }`, []interp.Value{idx(5)}, "10 : f32, 4 : f32"},
		// An empty iteration space yields each kind's neutral element, the
		// constant lower-affine starts scf.parallel's reductions from.
		{"affine-parallel-reduce-empty", `func.func @f(%n: index) -> (i8, i32, f32, f32) {
  %r:4 = affine.parallel (%i) = (0) to (%n) reduce ("andi", "muli", "maximumf", "minimumf") -> (i8, i32, f32, f32) {
    %x = arith.index_cast %i : index to i8
    %y = arith.index_cast %i : index to i32
    %f = arith.sitofp %y : i32 to f32
    affine.yield %x, %y, %f, %f : i8, i32, f32, f32
  }
  return %r#0, %r#1, %r#2, %r#3 : i8, i32, f32, f32 }`, []interp.Value{idx(0)}, "-1 : i8, 1 : i32, -Inf : f32, +Inf : f32"},
		{"affine-delinearize", `func.func @f(%a: index) -> (index, index) {
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %0:2 = affine.delinearize_index %a into (%c4, %c5) : index, index
  return %0#0, %0#1 : index, index }`, []interp.Value{idx(13)}, "2 : index, 3 : index"},
		{"call", `func.func @sq(%a: i32) -> i32 { %0 = arith.muli %a, %a : i32
  return %0 : i32 }
func.func @f(%a: i32) -> i32 { %0 = func.call @sq(%a) : (i32) -> i32
  %1 = call @sq(%0) : (i32) -> i32
  return %1 : i32 }`, []interp.Value{i32(3)}, "81 : i32"},
		{"recursion", `func.func @f(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %p = arith.cmpi sle, %n, %c1 : i32
  %r = scf.if %p -> i32 { scf.yield %c1 : i32 } else {
    %m = arith.subi %n, %c1 : i32
    %x = func.call @f(%m) : (i32) -> i32
    %y = arith.muli %x, %n : i32
    scf.yield %y : i32
  }
  return %r : i32 }`, []interp.Value{i32(10)}, "3628800 : i32"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := machine(t, tc.src)
			res, err := m.Call("f", tc.args)
			if err != nil {
				t.Fatal(err)
			}
			var parts []string
			for _, r := range res {
				parts = append(parts, r.String())
			}
			if got := strings.Join(parts, ", "); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}
