package perf

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// LargeFunction returns a module with one function of about n operations in
// MLIR's custom form: a straight-line mix of constants, integer and float
// arithmetic, comparisons, selects, casts and memref loads and stores, the
// shape of code a fully unrolled kernel produces.
func LargeFunction(n int) string {
	var b strings.Builder
	b.Grow(n * 48)
	b.WriteString("func.func @large(%A: memref<1024xf32>, %B: memref<1024xf32>, %n: index) -> f32 {\n")
	b.WriteString("  %c0 = arith.constant 0 : index\n")
	b.WriteString("  %f0 = arith.constant 1.000000e+00 : f32\n")
	b.WriteString("  %i0 = arith.constant 7 : i32\n")
	lastF, lastI, lastX := "%f0", "%i0", "%c0"
	for k := 0; k < n/8; k++ {
		fmt.Fprintf(&b, "  %%x%d = arith.addi %s, %%n : index\n", k, lastX)
		fmt.Fprintf(&b, "  %%l%d = memref.load %%A[%%x%d] : memref<1024xf32>\n", k, k)
		fmt.Fprintf(&b, "  %%m%d = arith.mulf %%l%d, %s : f32\n", k, k, lastF)
		fmt.Fprintf(&b, "  %%a%d = arith.addf %%m%d, %%l%d fastmath<contract> : f32\n", k, k, k)
		fmt.Fprintf(&b, "  %%i%d = arith.muli %s, %s overflow<nsw> : i32\n", k+1, lastI, lastI)
		fmt.Fprintf(&b, "  %%p%d = arith.cmpf olt, %%a%d, %%m%d : f32\n", k, k, k)
		fmt.Fprintf(&b, "  %%s%d = arith.select %%p%d, %%a%d, %%m%d : f32\n", k, k, k, k)
		fmt.Fprintf(&b, "  memref.store %%s%d, %%B[%%x%d] : memref<1024xf32>\n", k, k)
		lastF, lastI, lastX = fmt.Sprintf("%%s%d", k), fmt.Sprintf("%%i%d", k+1), fmt.Sprintf("%%x%d", k)
	}
	fmt.Fprintf(&b, "  return %s : f32\n}\n", lastF)
	return b.String()
}

// ChainFunction returns a module with one function of n operations that form
// a single def-use chain: every op uses the result of the one before it, so
// the parser's value table, the use lists and the printer's name table are
// all as deep as the function is long.
func ChainFunction(n int) string {
	var b strings.Builder
	b.Grow(n * 48)
	b.WriteString("func.func @chain(%arg0: i64, %arg1: i64) -> i64 {\n")
	last := "%arg0"
	ops := [...]string{"arith.addi", "arith.muli", "arith.xori", "arith.subi", "arith.ori"}
	for k := 0; k < n; k++ {
		fmt.Fprintf(&b, "  %%val%d = %s %s, %%arg1 : i64\n", k, ops[k%len(ops)], last)
		last = fmt.Sprintf("%%val%d", k)
	}
	fmt.Fprintf(&b, "  return %s : i64\n}\n", last)
	return b.String()
}

// VariedModule returns a module of nfuncs small functions drawn, with the
// given seed, from the shapes real front ends emit: 2-D affine loop nests of
// loads, arithmetic and stores (what tiling and lower-affine work on), scf.for
// reductions with iter_args and scf.if, cf loops with block arguments, and
// straight-line index arithmetic. Each function carries a little work for
// canonicalize (x+0, x*1, constants to fold) and for CSE (repeated loads and
// expressions), so every pass in the benchmarks has something to do.
func VariedModule(seed uint64, nfuncs int) string {
	g := &varGen{r: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))}
	g.b.Grow(nfuncs * 1900)
	for f := 0; f < nfuncs; f++ {
		switch g.r.IntN(4) {
		case 0:
			g.affineNest(f)
		case 1:
			g.scfReduce(f)
		case 2:
			g.cfLoop(f)
		default:
			g.straight(f)
		}
	}
	return g.b.String()
}

type varGen struct {
	r *rand.Rand
	b strings.Builder
	n int // next SSA number within the current function
}

func (g *varGen) p(format string, args ...any) { fmt.Fprintf(&g.b, format, args...) }

func (g *varGen) fresh() string {
	g.n++
	return fmt.Sprintf("%%t%d", g.n)
}

var (
	floatOps = [...]string{"arith.addf", "arith.mulf", "arith.subf", "arith.maximumf", "arith.minimumf"}
	intOps   = [...]string{"arith.addi", "arith.muli", "arith.subi", "arith.andi", "arith.ori", "arith.xori"}
)

// floatChain emits k float ops over the values in pool and returns the last.
func (g *varGen) floatChain(ind string, pool []string, k int) string {
	last := pool[0]
	for i := 0; i < k; i++ {
		v := g.fresh()
		g.p("%s%s = %s %s, %s : f32\n", ind, v, floatOps[g.r.IntN(len(floatOps))], last, pool[g.r.IntN(len(pool))])
		pool = append(pool, v)
		last = v
	}
	return last
}

func (g *varGen) intChain(ind, typ string, pool []string, k int) string {
	last := pool[0]
	for i := 0; i < k; i++ {
		v := g.fresh()
		g.p("%s%s = %s %s, %s : %s\n", ind, v, intOps[g.r.IntN(len(intOps))], last, pool[g.r.IntN(len(pool))], typ)
		pool = append(pool, v)
		last = v
	}
	return last
}

func (g *varGen) affineNest(f int) {
	g.n = 0
	n, m := 64*(1+g.r.IntN(4)), 32*(1+g.r.IntN(8))
	g.p("func.func @nest%d(%%A: memref<%dx%dxf32>, %%B: memref<%dx%dxf32>, %%C: memref<%dx%dxf32>, %%s: f32) {\n", f, n, m, n, m, n, m)
	g.p("  %%cst = arith.constant 0.000000e+00 : f32\n")
	g.p("  affine.for %%i = 0 to %d {\n", n)
	g.p("    affine.for %%j = 0 to %d {\n", m)
	g.p("      %%a = affine.load %%A[%%i, %%j] : memref<%dx%dxf32>\n", n, m)
	g.p("      %%b = affine.load %%B[%%i, %%j] : memref<%dx%dxf32>\n", n, m)
	g.p("      %%a2 = affine.load %%A[%%i, %%j] : memref<%dx%dxf32>\n", n, m)
	g.p("      %%z = arith.addf %%a, %%cst : f32\n")
	last := g.floatChain("      ", []string{"%z", "%b", "%a2", "%s"}, 16+g.r.IntN(24))
	g.p("      affine.store %s, %%C[%%i, %%j] : memref<%dx%dxf32>\n", last, n, m)
	g.p("    }\n  }\n")
	if g.r.IntN(2) == 0 {
		g.p("  affine.for %%k = 0 to %d step 4 {\n", n)
		g.p("    %%x = affine.load %%C[%%k, %%k mod %d] : memref<%dx%dxf32>\n", m, n, m)
		g.p("    %%y = arith.mulf %%x, %%s : f32\n")
		g.p("    affine.if affine_set<(d0) : (d0 - 16 >= 0)>(%%k) {\n")
		g.p("      affine.store %%y, %%B[%%k, 0] : memref<%dx%dxf32>\n", n, m)
		g.p("    }\n  }\n")
	}
	g.p("  return\n}\n")
}

func (g *varGen) scfReduce(f int) {
	g.n = 0
	n := 16 * (1 + g.r.IntN(64))
	g.p("func.func @reduce%d(%%A: memref<%dxf32>, %%lb: index, %%ub: index, %%t: f32) -> f32 {\n", f, n)
	g.p("  %%c0 = arith.constant 0 : index\n")
	g.p("  %%c1 = arith.constant 1 : index\n")
	g.p("  %%c4 = arith.constant 4 : index\n")
	g.p("  %%c5 = arith.constant 5 : index\n")
	g.p("  %%init = arith.constant 0.000000e+00 : f32\n")
	g.p("  %%step = arith.addi %%c1, %%c0 : index\n")
	g.p("  %%sum = scf.for %%i = %%lb to %%ub step %%step iter_args(%%acc = %%init) -> (f32) {\n")
	g.p("    %%v = memref.load %%A[%%i] : memref<%dxf32>\n", n)
	g.p("    %%w = memref.load %%A[%%i] : memref<%dxf32>\n", n)
	last := g.floatChain("    ", []string{"%v", "%w", "%acc", "%t"}, 10+g.r.IntN(20))
	g.p("    %%cmp = arith.cmpf olt, %s, %%t : f32\n", last)
	g.p("    %%r = scf.if %%cmp -> (f32) {\n")
	x := g.floatChain("      ", []string{last, "%acc"}, 4+g.r.IntN(10))
	g.p("      scf.yield %s : f32\n", x)
	g.p("    } else {\n")
	g.p("      scf.yield %%acc : f32\n")
	g.p("    }\n")
	g.p("    scf.yield %%r : f32\n")
	g.p("  }\n")
	g.p("  %%k = arith.muli %%c4, %%c5 : index\n")
	g.p("  %%kk = arith.addi %%k, %%lb : index\n")
	g.p("  memref.store %%sum, %%A[%%kk] : memref<%dxf32>\n", n)
	g.p("  return %%sum : f32\n}\n")
}

func (g *varGen) cfLoop(f int) {
	g.n = 0
	g.p("func.func @loop%d(%%n: i32, %%x: i32, %%M: memref<?xi32>) -> i32 {\n", f)
	g.p("  %%c0 = arith.constant 0 : i32\n")
	g.p("  %%c1 = arith.constant 1 : i32\n")
	g.p("  %%c3 = arith.constant %d : i32\n", 3+g.r.IntN(100))
	g.p("  cf.br ^bb1(%%c0, %%x : i32, i32)\n")
	g.p("^bb1(%%i: i32, %%acc: i32):\n")
	g.p("  %%done = arith.cmpi sge, %%i, %%n : i32\n")
	g.p("  cf.cond_br %%done, ^bb3(%%acc : i32), ^bb2\n")
	g.p("^bb2:\n")
	g.p("  %%idx = arith.index_cast %%i : i32 to index\n")
	g.p("  %%m = memref.load %%M[%%idx] : memref<?xi32>\n")
	g.p("  %%m1 = arith.muli %%m, %%c1 : i32\n")
	last := g.intChain("  ", "i32", []string{"%m1", "%acc", "%i", "%c3"}, 16+g.r.IntN(30))
	g.p("  memref.store %s, %%M[%%idx] : memref<?xi32>\n", last)
	g.p("  %%next = arith.addi %%i, %%c1 : i32\n")
	g.p("  cf.br ^bb1(%%next, %s : i32, i32)\n", last)
	g.p("^bb3(%%res: i32):\n")
	g.p("  return %%res : i32\n}\n")
}

func (g *varGen) straight(f int) {
	g.n = 0
	g.p("func.func @straight%d(%%a: index, %%b: index, %%M: memref<?x?xf32>) -> index {\n", f)
	g.p("  %%c0 = arith.constant 0 : index\n")
	g.p("  %%c2 = arith.constant 2 : index\n")
	g.p("  %%c8 = arith.constant %d : index\n", 8+g.r.IntN(56))
	g.p("  %%folded = arith.muli %%c2, %%c8 : index\n")
	g.p("  %%a0 = arith.addi %%a, %%c0 : index\n")
	last := g.intChain("  ", "index", []string{"%a0", "%b", "%folded", "%c2"}, 20+g.r.IntN(36))
	g.p("  %%d = memref.dim %%M, %%c0 : memref<?x?xf32>\n")
	g.p("  %%e = arith.remui %s, %%d : index\n", last)
	g.p("  %%v = memref.load %%M[%%e, %%c0] : memref<?x?xf32>\n")
	g.p("  %%v2 = memref.load %%M[%%e, %%c0] : memref<?x?xf32>\n")
	g.p("  %%s = arith.addf %%v, %%v2 : f32\n")
	g.p("  memref.store %%s, %%M[%%c0, %%e] : memref<?x?xf32>\n")
	g.p("  %%r = arith.addi %s, %%e : index\n", last)
	g.p("  return %%r : index\n}\n")
}
