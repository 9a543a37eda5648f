package affine

import (
	"slices"

	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
	aff "github.com/goopt/goopt/ir/affine"
)

func TestValidDimAndSymbol(t *testing.T) {
	e := newEnv(t, ir.Index, ir.Index)
	n := e.args[0]
	cst := e.constant(4)
	loop, done := e.forLoop(aff.ConstantMap(0), nil, mapOf(0, 1, s0), []*ir.Value{n}, 1)
	iv := loop.InductionVar()
	ivPlus := e.apply(mapOf(1, 0, aff.AddConst(d0, 1)), iv)
	inner := e.b.CreateOp("test.def", nil, nil, []ir.Type{ir.Index}).Result(0)
	innerCst := e.constant(7)
	e.yield()
	done()
	tests := []struct {
		name     string
		v        *ir.Value
		dim, sym bool
	}{
		{"function argument", n, true, true},
		{"top-level constant", cst, true, true},
		{"induction variable", iv, true, false},
		{"apply of induction variable", ivPlus, true, false},
		{"non-affine value in loop", inner, false, false},
		{"constant in loop", innerCst, true, true},
	}
	for _, tc := range tests {
		if got := IsValidDim(tc.v); got != tc.dim {
			t.Errorf("%s: IsValidDim = %v, want %v", tc.name, got, tc.dim)
		}
		if got := IsValidSymbol(tc.v); got != tc.sym {
			t.Errorf("%s: IsValidSymbol = %v, want %v", tc.name, got, tc.sym)
		}
	}
}

func TestComposeMapAndOperands(t *testing.T) {
	e := newEnv(t, ir.Index)
	n := e.args[0]
	loop, done := e.forLoop(aff.ConstantMap(0), nil, aff.ConstantMap(10), nil, 1)
	i := loop.InductionVar()
	a := e.apply(mapOf(1, 0, aff.AddConst(d0, 1)), i)                 // i + 1
	b := e.apply(mapOf(1, 1, aff.Add(aff.MulConst(d0, 2), s0)), a, n) // a * 2 + n
	e.yield()
	done()

	m, ops := ComposeMapAndOperands(mapOf(2, 0, aff.Add(d0, d1)), []*ir.Value{b, a})
	if got, want := m.String(), "(d0)[s0] -> (d0 * 3 + s0 + 3)"; got != want {
		t.Errorf("composed map = %s, want %s", got, want)
	}
	if len(ops) != 2 || ops[0] != i || ops[1] != n {
		t.Errorf("composed operands = %v, want [iv, n]", ops)
	}
}

func TestCanonicalizeMapAndOperands(t *testing.T) {
	e := newEnv(t, ir.Index, ir.Index)
	n, k := e.args[0], e.args[1]
	c3 := e.constant(3)
	loop, done := e.forLoop(aff.ConstantMap(0), nil, aff.ConstantMap(10), nil, 1)
	i := loop.InductionVar()
	e.yield()
	done()
	tests := []struct {
		name    string
		m       *aff.Map
		ops     []*ir.Value
		want    string
		wantOps []*ir.Value
	}{
		{"duplicate dims merge", mapOf(2, 0, aff.Add(d0, d1)), []*ir.Value{i, i}, "(d0) -> (d0 * 2)", []*ir.Value{i}},
		{"unused operand dropped", mapOf(2, 1, d1), []*ir.Value{n, i, k}, "(d0) -> (d0)", []*ir.Value{i}},
		{"valid symbol dim promoted", mapOf(2, 0, aff.Add(d0, d1)), []*ir.Value{n, i}, "(d0)[s0] -> (d0 + s0)", []*ir.Value{i, n}},
		{"constant symbol folded", mapOf(1, 1, aff.Add(d0, s0)), []*ir.Value{i, c3}, "(d0) -> (d0 + 3)", []*ir.Value{i}},
		{"constant dim promoted then folded", mapOf(1, 0, aff.MulConst(d0, 2)), []*ir.Value{c3}, "() -> (6)", nil},
	}
	for _, tc := range tests {
		m, ops := CanonicalizeMapAndOperands(tc.m, tc.ops)
		if m.String() != tc.want || !slices.Equal(ops, tc.wantOps) {
			t.Errorf("%s: got %s %v, want %s %v", tc.name, m, ops, tc.want, tc.wantOps)
		}
	}
	s, ops := CanonicalizeSetAndOperands(aff.NewSet(2, 0, []aff.Expr{aff.Sub(d0, d1)}, []bool{false}), []*ir.Value{i, i})
	if s.String() != "(d0) : (0 >= 0)" || len(ops) != 0 && ops[0] != i {
		t.Errorf("set: got %s %v", s, ops)
	}
}

func TestForOpView(t *testing.T) {
	e := newEnv(t, ir.Index)
	n := e.args[0]
	tests := []struct {
		lb, ub   *aff.Map
		lbo, ubo []*ir.Value
		step     int64
		trip     int64
		known    bool
	}{
		{aff.ConstantMap(0), aff.ConstantMap(10), nil, nil, 1, 10, true},
		{aff.ConstantMap(0), aff.ConstantMap(10), nil, nil, 4, 3, true},
		{aff.ConstantMap(5), aff.ConstantMap(5), nil, nil, 1, 0, true},
		{aff.ConstantMap(7), aff.ConstantMap(5), nil, nil, 1, 0, true},
		{mapOf(0, 1, s0), mapOf(0, 1, aff.AddConst(s0, 32)), []*ir.Value{n}, []*ir.Value{n}, 8, 4, true},
		{aff.ConstantMap(0), mapOf(0, 1, s0), nil, []*ir.Value{n}, 1, 0, false},
	}
	for i, tc := range tests {
		f, done := e.forLoop(tc.lb, tc.lbo, tc.ub, tc.ubo, tc.step)
		e.yield()
		done()
		got, ok := f.ConstantTripCount()
		if ok != tc.known || (ok && got != tc.trip) {
			t.Errorf("case %d: trip count = %d, %v; want %d, %v", i, got, ok, tc.trip, tc.known)
		}
		if f.Step() != tc.step || f.InductionVar() == nil || len(f.Inits()) != 0 {
			t.Errorf("case %d: bad view", i)
		}
	}
	if err := e.verifyAll(); err != nil {
		t.Fatal(err)
	}
}

func TestVerifiers(t *testing.T) {
	mem := ir.MemRef([]int64{10}, ir.F32, nil, nil)
	tests := []struct {
		name  string
		build func(e *env)
		want  string
	}{
		{"load index from non-affine op", func(e *env) {
			idx := e.b.CreateOp("test.def", nil, nil, []ir.Type{ir.Index}).Result(0)
			f, done := e.forLoop(aff.ConstantMap(0), nil, aff.ConstantMap(10), nil, 1)
			_ = f
			bad := e.b.CreateOp("test.def", nil, []*ir.Value{idx}, []ir.Type{ir.Index}).Result(0)
			e.b.CreateOp(LoadName, nil, []*ir.Value{e.args[0], bad}, []ir.Type{ir.F32}, ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(aff.IdentityMap(1))})
			e.yield()
			done()
		}, "'affine.load' op index must be a valid dimension or symbol identifier"},
		{"load map rank", func(e *env) {
			e.b.CreateOp(LoadName, nil, []*ir.Value{e.args[0]}, []ir.Type{ir.F32}, ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(aff.EmptyMap(0, 0))})
		}, "'affine.load' op affine map num results must equal memref rank"},
		{"apply with two results", func(e *env) {
			e.mapOp(ApplyName, mapOf(0, 0, c(1), c(2)))
		}, "'affine.apply' op mapping must produce one value"},
		{"min operand count", func(e *env) {
			e.mapOp(MinName, mapOf(1, 0, d0))
		}, "'affine.min' op operand count and affine map dimension and symbol count must match"},
		{"for bound uses iv-dependent symbol", func(e *env) {
			f, done := e.forLoop(aff.ConstantMap(0), nil, aff.ConstantMap(10), nil, 1)
			g, done2 := e.forLoop(aff.ConstantMap(0), nil, mapOf(0, 1, s0), []*ir.Value{f.InductionVar()}, 1)
			_ = g
			e.yield()
			done2()
			e.yield()
			done()
		}, "'affine.for' op operand cannot be used as a symbol"},
		{"yield outside affine op", func(e *env) { e.yield() }, "'affine.yield' op only terminates affine.if/for/parallel regions"},
		{"yield count", func(e *env) {
			cst := e.constant(1)
			_, done := e.forLoop(aff.ConstantMap(0), nil, aff.ConstantMap(10), nil, 1, cst)
			e.yield()
			done()
		}, "'affine.yield' op parent of yield must have same number of results as the yield operands"},
		{"store type", func(e *env) {
			e.b.CreateOp(StoreName, nil, []*ir.Value{e.args[1], e.args[0], e.args[1]}, nil, ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(aff.IdentityMap(1))})
		}, "'affine.store' op value to store must have the same type as memref element type"},
	}
	for _, tc := range tests {
		e := newEnv(t, mem, ir.Index)
		tc.build(e)
		err := e.verifyAll()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestCanonicalizePatterns(t *testing.T) {
	t.Run("load composes apply", func(t *testing.T) {
		e := newEnv(t, ir.MemRef([]int64{100}, ir.F32, nil, nil))
		f, done := e.forLoop(aff.ConstantMap(0), nil, aff.ConstantMap(10), nil, 1)
		a := e.apply(mapOf(1, 0, aff.AddConst(d0, 1)), f.InductionVar())
		ld := e.b.CreateOp(LoadName, nil, []*ir.Value{e.args[0], a}, []ir.Type{ir.F32}, ir.NamedAttribute{Name: "map", Value: ir.AffineMapOf(mapOf(1, 0, aff.MulConst(d0, 2)))})
		e.use(ld.Result(0))
		e.yield()
		done()
		e.canonicalize()
		m, ops, _ := AccessMap(ld)
		if m.String() != "(d0) -> (d0 * 2 + 2)" || len(ops) != 1 || ops[0] != f.InductionVar() {
			t.Errorf("got %s %v", m, ops)
		}
	})
	t.Run("for constant bounds fold", func(t *testing.T) {
		e := newEnv(t, ir.Index)
		c3, c7 := e.constant(3), e.constant(7)
		f, done := e.forLoop(mapOf(0, 1, s0), []*ir.Value{c3}, mapOf(1, 1, aff.Add(d0, s0)), []*ir.Value{c7, e.args[0]}, 1)
		e.yield()
		done()
		e.canonicalize()
		if lb, ok := f.ConstantLowerBound(); !ok || lb != 3 {
			t.Errorf("lower bound %v", f.LowerBoundMap())
		}
		if got := f.UpperBoundMap().String(); got != "()[s0] -> (s0 + 7)" {
			t.Errorf("upper bound %s", got)
		}
	})
	t.Run("min folds and orders", func(t *testing.T) {
		e := newEnv(t, ir.Index)
		c3 := e.constant(3)
		f, done := e.forLoop(aff.ConstantMap(0), nil, aff.ConstantMap(10), nil, 1)
		mn := e.mapOp(MinName, mapOf(1, 1, d0, d0, s0, c(4)), f.InductionVar(), c3)
		e.use(mn.Result(0))
		e.yield()
		done()
		e.canonicalize()
		if got := mn.Attr("map").String(); got != "affine_map<(d0) -> (3, 4, d0)>" {
			t.Errorf("min map %s", got)
		}
		e2 := newEnv(t)
		mx := e2.mapOp(MaxName, mapOf(0, 0, c(2), c(9), c(4)))
		u := e2.use(mx.Result(0))
		e2.canonicalize()
		if v, ok := ConstantIntValue(u.Operand(0)); !ok || v != 9 {
			t.Errorf("max did not fold to 9")
		}
	})
	t.Run("if always true is inlined", func(t *testing.T) {
		e := newEnv(t, ir.Index)
		st := &ir.OperationState{Name: IfName, Operands: []*ir.Value{e.args[0]}}
		st.AddAttr("condition", ir.IntegerSetOf(aff.NewSet(1, 0, []aff.Expr{c(0)}, []bool{true})))
		then, _ := st.AddRegion(), st.AddRegion()
		ifOp := e.b.Create(st)
		ip := e.b.Save()
		e.b.CreateBlock(then)
		use := e.use(e.args[0])
		e.yield()
		e.b.Restore(ip)
		e.canonicalize()
		if ifOp.Block() != nil || use.ParentOp() != e.fn {
			t.Errorf("affine.if not inlined")
		}
	})
	t.Run("empty loop with iter_args folds", func(t *testing.T) {
		e := newEnv(t, ir.Index)
		init := e.constant(5)
		f, done := e.forLoop(aff.ConstantMap(0), nil, mapOf(0, 1, s0), []*ir.Value{e.args[0]}, 1, init)
		e.yield(f.RegionIterArgs()[0])
		done()
		u := e.use(f.Result(0))
		e.canonicalize()
		if u.Operand(0) != init {
			t.Errorf("loop result not replaced by init")
		}
	})
}

// TestFirstFor: FirstFor finds the outer loop of the first nest, counts
// the root itself, looks inside a loop before its later siblings, and
// reports false where there is no loop.
func TestFirstFor(t *testing.T) {
	e := newEnv(t)
	if _, ok := FirstFor(e.fn); ok {
		t.Fatal("found a loop in an empty function")
	}
	loop := func() (ForOp, func()) {
		return e.forLoop(aff.ConstantMap(0), nil, aff.ConstantMap(4), nil, 1)
	}
	outer, doneOuter := loop()
	inner, doneInner := loop()
	e.yield()
	doneInner()
	e.yield()
	doneOuter()
	second, doneSecond := loop()
	e.yield()
	doneSecond()
	for _, tc := range []struct {
		root *ir.Operation
		want ForOp
	}{{e.fn, outer}, {outer.Operation, outer}, {second.Operation, second}} {
		if got, ok := FirstFor(tc.root); !ok || got != tc.want {
			t.Errorf("FirstFor(%s) = %v, %v; want %v", tc.root.Name(), got.Operation, ok, tc.want.Operation)
		}
	}
	if _, ok := FirstFor(inner.Body().First()); ok {
		t.Error("found a loop in a yield")
	}
}
