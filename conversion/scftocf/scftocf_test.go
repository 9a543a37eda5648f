package scftocf_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/goopt/goopt/conversion/scftocf"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	f, err := parser.ParseFile(all.NewContext(), "in.mlir", []byte(src))
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return f.Module
}

// progGen writes random structured programs over an i32 memref, an index
// and an i32: nested scf.for with iteration arguments (zero-trip ones
// included), scf.if with and without results, scf.while in both forms,
// scf.index_switch, scf.execute_region and scf.parallel reductions.
type progGen struct {
	r   *rand.Rand
	b   strings.Builder
	n   int // SSA counter
	ind int
}

func (g *progGen) name() string { g.n++; return fmt.Sprintf("%%v%d", g.n) }

func (g *progGen) line(format string, args ...any) {
	g.b.WriteString(strings.Repeat("  ", g.ind))
	fmt.Fprintf(&g.b, format, args...)
	g.b.WriteByte('\n')
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// scope holds the values a statement may use.
type scope struct {
	ints, idxs []string
}

func (s scope) with(ints, idxs []string) scope {
	return scope{ints: append(append([]string(nil), s.ints...), ints...), idxs: append(append([]string(nil), s.idxs...), idxs...)}
}

// expr emits a small integer computation and returns its value.
func (g *progGen) expr(s scope) string {
	a, b := pick(g.r, s.ints), pick(g.r, s.ints)
	v := g.name()
	switch g.r.IntN(4) {
	case 0:
		g.line("%s = arith.addi %s, %s : i32", v, a, b)
	case 1:
		g.line("%s = arith.subi %s, %s : i32", v, a, b)
	case 2:
		g.line("%s = arith.muli %s, %s : i32", v, a, b)
	default:
		i := g.name()
		g.line("%s = arith.remui %s, %%c16 : index", i, pick(g.r, s.idxs))
		g.line("%s = memref.load %%A[%s] : memref<16xi32>", v, i)
	}
	return v
}

// bound returns a small index: a constant or the argument %n (0..7).
func (g *progGen) bound(s scope) string {
	return pick(g.r, []string{"%c0", "%c1", "%c3", "%c5", "%n", pick(g.r, s.idxs)})
}

func (g *progGen) cond(s scope) string {
	c := g.name()
	g.line("%s = arith.cmpi %s, %s, %s : i32", c, pick(g.r, []string{"slt", "sge", "eq", "ne"}), pick(g.r, s.ints), pick(g.r, s.ints))
	return c
}

// block emits statements and returns the value it computes.
func (g *progGen) block(s scope, depth int) string {
	v := g.expr(s)
	s = s.with([]string{v}, nil)
	for k := g.r.IntN(3) + 1; k > 0; k-- {
		v = g.stmt(s, depth)
		s = s.with([]string{v}, nil)
	}
	return v
}

// yieldBlock emits an indented block that yields its value, then the
// line closing the region (close: "}" or "} else {").
func (g *progGen) yieldBlock(s scope, depth int, close string) {
	g.ind++
	g.line("scf.yield %s : i32", g.block(s, depth))
	g.ind--
	g.line("%s", close)
}

func (g *progGen) stmt(s scope, depth int) string {
	kind := g.r.IntN(9)
	if depth <= 0 {
		kind = 0
	}
	switch kind {
	case 0: // store and compute
		v := g.expr(s)
		i := g.name()
		g.line("%s = arith.remui %s, %%c16 : index", i, pick(g.r, s.idxs))
		g.line("memref.store %s, %%A[%s] : memref<16xi32>", v, i)
		return v
	case 1: // scf.for with an iteration argument
		r, iv, acc := g.name(), g.name(), g.name()
		g.line("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> (i32) {", r, iv, g.bound(s), g.bound(s), pick(g.r, []string{"%c1", "%c2", "%c3"}), acc, pick(g.r, s.ints))
		g.yieldBlock(s.with([]string{acc}, []string{iv}), depth-1, "}")
		return r
	case 2: // scf.if with a result
		c, r := g.cond(s), g.name()
		g.line("%s = scf.if %s -> (i32) {", r, c)
		g.yieldBlock(s, depth-1, "} else {")
		g.yieldBlock(s, depth-1, "}")
		return r
	case 3: // scf.if without else
		c := g.cond(s)
		g.line("scf.if %s {", c)
		g.ind++
		g.block(s, depth-1)
		g.ind--
		g.line("}")
		return pick(g.r, s.ints)
	case 4: // scf.while: a counted loop with payload in both regions
		r, k, acc, k2, acc2 := g.name(), g.name(), g.name(), g.name(), g.name()
		g.line("%s:2 = scf.while (%s = %s, %s = %s) : (index, i32) -> (index, i32) {", r, k, g.bound(s), acc, pick(g.r, s.ints))
		g.ind++
		p := g.name()
		g.line("%s = arith.cmpi slt, %s, %s : index", p, k, g.bound(s))
		g.line("scf.condition(%s) %s, %s : index, i32", p, k, acc)
		g.ind--
		g.line("} do {")
		g.line("^bb0(%s: index, %s: i32):", k2, acc2)
		g.ind++
		y := g.block(s.with([]string{acc2}, []string{k2}), depth-1)
		k3 := g.name()
		g.line("%s = arith.addi %s, %%c1 : index", k3, k2)
		g.line("scf.yield %s, %s : index, i32", k3, y)
		g.ind--
		g.line("}")
		return r + "#1"
	case 5: // do-while: the after region only forwards
		r, k, acc, k2, acc2 := g.name(), g.name(), g.name(), g.name(), g.name()
		lim := g.bound(s)
		g.line("%s:2 = scf.while (%s = %s, %s = %s) : (index, i32) -> (index, i32) {", r, k, pick(g.r, []string{"%c0", "%n"}), acc, pick(g.r, s.ints))
		g.ind++
		y := g.block(s.with([]string{acc}, []string{k}), depth-1)
		k3, p := g.name(), g.name()
		g.line("%s = arith.addi %s, %%c1 : index", k3, k)
		g.line("%s = arith.cmpi slt, %s, %s : index", p, k3, lim)
		g.line("scf.condition(%s) %s, %s : index, i32", p, k3, y)
		g.ind--
		g.line("} do {")
		g.line("^bb0(%s: index, %s: i32):", k2, acc2)
		g.line("  scf.yield %s, %s : index, i32", k2, acc2)
		g.line("}")
		return r + "#1"
	case 6: // scf.index_switch
		sel, r := g.name(), g.name()
		g.line("%s = arith.remui %s, %%c3 : index", sel, pick(g.r, s.idxs))
		g.line("%s = scf.index_switch %s -> i32", r, sel)
		for _, c := range []int{0, 2} {
			g.line("case %d {", c)
			g.yieldBlock(s, depth-1, "}")
		}
		g.line("default {")
		g.yieldBlock(s, depth-1, "}")
		return r
	case 7: // scf.execute_region
		r := g.name()
		g.line("%s = scf.execute_region -> i32 {", r)
		g.yieldBlock(s, depth-1, "}")
		return r
	default: // scf.parallel sum over two dimensions, without side effects
		r, i, j := g.name(), g.name(), g.name()
		g.line("%s = scf.parallel (%s, %s) = (%%c0, %s) to (%s, %%c3) step (%%c1, %%c2) init (%s) -> i32 {", r, i, j, pick(g.r, []string{"%c0", "%c1"}), g.bound(s), pick(g.r, s.ints))
		g.ind++
		x, v := g.name(), g.name()
		g.line("%s = arith.addi %s, %s : index", x, i, j)
		g.line("%s = arith.index_cast %s : index to i32", v, x)
		g.line("scf.reduce(%s : i32) {", v)
		a, b, c := g.name(), g.name(), g.name()
		g.line("^bb0(%s: i32, %s: i32):", a, b)
		g.line("  %s = arith.addi %s, %s : i32", c, a, b)
		g.line("  scf.reduce.return %s : i32", c)
		g.line("}")
		g.ind--
		g.line("}")
		return r
	}
}

func (g *progGen) program() string {
	g.line("func.func @f(%%A: memref<16xi32>, %%n: index, %%x: i32) -> i32 {")
	g.ind++
	for _, c := range []int{0, 1, 2, 3, 5, 16} {
		g.line("%%c%d = arith.constant %d : index", c, c)
	}
	g.line("%%k = arith.constant 3 : i32")
	v := g.block(scope{ints: []string{"%x", "%k"}, idxs: []string{"%n", "%c1"}}, 3)
	g.line("return %s : i32", v)
	g.ind--
	g.line("}")
	return g.b.String()
}

// TestRandomPrograms converts random structured programs and checks that
// no scf construct is left and that each computes the same results and
// memory on several random inputs.
func TestRandomPrograms(t *testing.T) {
	const programs = 150
	for seed := uint64(0); seed < programs; seed++ {
		g := &progGen{r: rand.New(rand.NewPCG(seed, 7))}
		src := g.program()
		before, after := parse(t, src), parse(t, src)
		if err := scftocf.Convert(all.NewContext(), after); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
		if err := ir.Verify(after); err != nil {
			t.Fatalf("seed %d: output does not verify: %v\n%s", seed, err, printer.String(after, printer.Options{}))
		}
		text := printer.String(after, printer.Options{})
		for _, name := range scftocf.IllegalOps {
			if strings.Contains(text, name+" ") {
				t.Fatalf("seed %d: %s left:\n%s", seed, name, text)
			}
		}
		if err := equiv.Check(before, after, "f", equiv.Options{Seeds: []int64{1, 2, 3, 4}}); err != nil {
			t.Fatalf("seed %d: %v\ninput:\n%s\noutput:\n%s", seed, err, src, text)
		}
	}
}

// TestFailureLeavesIRUnchanged: an op that cannot be converted fails the
// conversion and the loops converted before it are restored.
func TestFailureLeavesIRUnchanged(t *testing.T) {
	src := `func.func @f(%t: tensor<4xf32>, %A: memref<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %p = arith.cmpi eq, %i, %c0 : index
    scf.if %p {
      %v = memref.load %A[%i] : memref<4xf32>
      memref.store %v, %A[%i] : memref<4xf32>
    }
  }
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> tensor<4xf32> {
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<4xf32>
}
`
	m := parse(t, src)
	want := printer.String(m, printer.Options{})
	err := scftocf.Convert(all.NewContext(), m)
	if err == nil || !strings.Contains(err.Error(), "in.mlir:12:8: error: 'scf.forall' op failed to legalize operation 'scf.forall' that was explicitly marked illegal") {
		t.Fatalf("got %v", err)
	}
	if got := printer.String(m, printer.Options{}); got != want {
		t.Fatalf("IR changed:\n%s", got)
	}
}
