package affine

import (
	"errors"
	"math"
	"math/rand"
	"reflect"
	"testing"
)

func refFloorDiv(a, b int64) int64 { return int64(math.Floor(float64(a) / float64(b))) }
func refCeilDiv(a, b int64) int64  { return int64(math.Ceil(float64(a) / float64(b))) }

func TestIntegerSemanticsBruteForce(t *testing.T) {
	for a := int64(-40); a <= 40; a++ {
		for b := int64(-9); b <= 9; b++ {
			if b == 0 {
				continue
			}
			if got, want := FloorDivInt(a, b), refFloorDiv(a, b); got != want {
				t.Fatalf("FloorDivInt(%d,%d)=%d want %d", a, b, got, want)
			}
			if got, want := CeilDivInt(a, b), refCeilDiv(a, b); got != want {
				t.Fatalf("CeilDivInt(%d,%d)=%d want %d", a, b, got, want)
			}
			if b > 0 {
				m := mod(a, b)
				if m < 0 || m >= b || (a-m)%b != 0 {
					t.Fatalf("mod(%d,%d)=%d", a, b, m)
				}
			}
		}
	}
}

// rawEval evaluates the tree with the reference semantics.
func rawEval(e Expr, d, s []int64) (int64, bool) {
	switch x := e.(type) {
	case *ConstantExpr:
		return x.Value, true
	case *DimExpr:
		return d[x.Pos], true
	case *SymbolExpr:
		return s[x.Pos], true
	case *BinaryExpr:
		l, ok1 := rawEval(x.LHS, d, s)
		r, ok2 := rawEval(x.RHS, d, s)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch x.Op {
		case KindAdd:
			return l + r, true
		case KindMul:
			return l * r, true
		}
		if r <= 0 {
			return 0, false
		}
		switch x.Op {
		case KindFloorDiv:
			return refFloorDiv(l, r), true
		case KindCeilDiv:
			return refCeilDiv(l, r), true
		case KindMod:
			return l - r*refFloorDiv(l, r), true
		}
	}
	return 0, false
}

// randomExpr builds a random affine (or, with semi, semi-affine) tree
// through the raw constructor, so that simplification can be checked
// against the unsimplified tree.
func randomExpr(r *rand.Rand, depth, nd, ns int, semi bool) Expr {
	if depth == 0 || r.Intn(4) == 0 {
		switch r.Intn(3) {
		case 0:
			return Dim(r.Intn(nd))
		case 1:
			if ns > 0 {
				return Symbol(r.Intn(ns))
			}
			return Dim(r.Intn(nd))
		default:
			return Const(int64(r.Intn(13) - 6))
		}
	}
	l := randomExpr(r, depth-1, nd, ns, semi)
	var rhs Expr
	pos := Const(int64(r.Intn(7) + 1))
	if semi && ns > 0 && r.Intn(3) == 0 {
		rhs = Symbol(r.Intn(ns))
	}
	switch r.Intn(5) {
	case 0, 1:
		return RawBinary(KindAdd, l, randomExpr(r, depth-1, nd, ns, semi))
	case 2:
		if rhs == nil {
			rhs = Const(int64(r.Intn(9) - 4))
		}
		return RawBinary(KindMul, l, rhs)
	case 3:
		if rhs == nil {
			rhs = pos
		}
		return RawBinary(KindFloorDiv, l, rhs)
	default:
		if rhs == nil {
			rhs = pos
		}
		if r.Intn(2) == 0 {
			return RawBinary(KindCeilDiv, l, rhs)
		}
		return RawBinary(KindMod, l, rhs)
	}
}

func TestSimplificationSoundness(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	const nd, ns = 2, 2
	checked := 0
	for iter := 0; iter < 3000; iter++ {
		semi := iter%3 == 0
		raw := randomExpr(r, 4, nd, ns, semi)
		rebuilt := Replace(raw, []Expr{Const(0), Const(0)}, nil) // exercise Replace too
		_ = rebuilt
		built := rebuildSimplifying(raw)
		simp := SimplifyExpr(built, nd, ns)
		for d0 := int64(-7); d0 <= 7; d0 += 2 {
			for d1 := int64(-5); d1 <= 5; d1 += 3 {
				for s0 := int64(1); s0 <= 5; s0 += 2 {
					d, s := []int64{d0, d1}, []int64{s0, s0 + 1}
					want, ok := rawEval(raw, d, s)
					if !ok {
						continue
					}
					got, err := EvalExpr(built, d, s)
					if err != nil || got != want {
						t.Fatalf("constructor: %v (from %v) at %v %v = %d (%v), want %d", built, raw, d, s, got, err, want)
					}
					if semi {
						// Upstream's semi-affine pre-pass (simplifySemiAffine)
						// is unsound in corner cases, e.g.
						// ((s0 floordiv s0) * s1) floordiv s0 * s0 -> s0;
						// we reproduce mlir-opt-19 bit for bit (see
						// simplifyCases), so only pure-affine inputs are
						// checked for soundness here.
						checked++
						continue
					}
					got, err = EvalExpr(simp, d, s)
					if err != nil || got != want {
						t.Fatalf("SimplifyExpr: %v -> %v at %v %v = %d (%v), want %d", built, simp, d, s, got, err, want)
					}
					checked++
				}
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("too few checks: %d", checked)
	}
}

func rebuildSimplifying(e Expr) Expr {
	if b, ok := e.(*BinaryExpr); ok {
		return Binary(b.Op, rebuildSimplifying(b.LHS), rebuildSimplifying(b.RHS))
	}
	return e
}

func TestFlattenLinearForm(t *testing.T) {
	// (d0 + 2*s0 + 3) mod 4 + d1 floordiv 2
	e := Add(Mod(Add(Add(Dim(0), MulConst(Symbol(0), 2)), Const(3)), Const(4)), FloorDiv(Dim(1), Const(2)))
	row, locals, err := Flatten(e, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(locals) != 2 {
		t.Fatalf("locals %v", locals)
	}
	if locals[0].String() != "(d0 + s0 * 2 + 3) floordiv 4" || locals[1].String() != "d1 floordiv 2" {
		t.Fatalf("locals %v", locals)
	}
	want := []int64{1, 0, 2, -4, 1, 3}
	if !reflect.DeepEqual(row, want) {
		t.Fatalf("row %v want %v", row, want)
	}
	f, err := FlattenMap(NewMap(2, 1, []Expr{Mod(Dim(0), Const(2)), FloorDiv(Dim(1), Const(3))}))
	if err != nil {
		t.Fatal(err)
	}
	rows := f.Rows()
	if len(rows) != 2 || len(rows[0]) != 2+1+2+1 || len(rows[1]) != 6 {
		t.Fatalf("rows %v", rows)
	}
	if f.Divs[0].Divisor != 2 || !reflect.DeepEqual(f.Divs[0].Dividend, []int64{1, 0, 0, 0, 0, 0}) {
		t.Fatalf("divs %+v", f.Divs)
	}
	if _, _, err := Flatten(Mod(Dim(0), Const(0)), 1, 0); !errors.Is(err, ErrNotFlattenable) {
		t.Fatalf("want ErrNotFlattenable, got %v", err)
	}
}

func TestHashConsing(t *testing.T) {
	a := Add(Mul(Dim(0), Const(2)), Symbol(1))
	b := Add(Mul(Dim(0), Const(2)), Symbol(1))
	if a != b || !Equal(a, b) {
		t.Fatal("not uniqued")
	}
	if Add(Dim(0), Dim(1)) == Add(Dim(1), Dim(0)) {
		t.Fatal("d0 + d1 and d1 + d0 must differ (MLIR does not reorder dims)")
	}
	m1 := NewMap(2, 1, []Expr{a, Dim(1)})
	m2 := NewMap(2, 1, []Expr{b, Dim(1)})
	if m1 != m2 || !m1.Equal(m2) || NewMap(2, 0, []Expr{Dim(1)}) == NewMap(2, 1, []Expr{Dim(1)}) {
		t.Fatal("maps not uniqued")
	}
	s1 := NewSet(1, 0, []Expr{Dim(0)}, []bool{true})
	if s1 != NewSet(1, 0, []Expr{Dim(0)}, []bool{true}) || s1 == NewSet(1, 0, []Expr{Dim(0)}, []bool{false}) {
		t.Fatal("sets not uniqued")
	}
}

func TestExprStringCallbacks(t *testing.T) {
	e := Add(Add(Dim(0), MulConst(Symbol(0), -1)), Const(1))
	got := ExprString(e, func(i int) string { return []string{"%i"}[i] },
		func(i int) string { return "symbol(%n)" })
	if got != "%i - symbol(%n) + 1" {
		t.Fatalf("got %q", got)
	}
	if e.String() != "d0 - s0 + 1" {
		t.Fatalf("got %q", e.String())
	}
}

func TestMapEvalAndCompose(t *testing.T) {
	inner := parseMapText("(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2, d0 - d1)")
	outer := parseMapText("(d0, d1, d2)[s0] -> (d0 * 2 + d2 mod 3, d1 ceildiv 4 + s0)")
	c := Compose(outer, inner)
	if c.NumDims != 2 || c.NumSymbols != 2 {
		t.Fatalf("composed arity %d %d", c.NumDims, c.NumSymbols)
	}
	// outer's symbol is s0, inner's symbol becomes s1.
	if got := c.String(); got != "(d0, d1)[s0, s1] -> ((d0 + s1) * 2 + (d0 - d1) mod 3, (d1 floordiv 2) ceildiv 4 + s0)" {
		t.Fatalf("compose printed %q", got)
	}
	for d0 := int64(-6); d0 <= 6; d0++ {
		for d1 := int64(-6); d1 <= 6; d1++ {
			for so := int64(-2); so <= 2; so++ {
				for si := int64(-2); si <= 2; si++ {
					mid, err := inner.Eval([]int64{d0, d1}, []int64{si})
					if err != nil {
						t.Fatal(err)
					}
					want, err := outer.Eval(mid, []int64{so})
					if err != nil {
						t.Fatal(err)
					}
					got, err := c.Eval([]int64{d0, d1}, []int64{so, si})
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("compose eval mismatch at %d %d %d %d: %v vs %v", d0, d1, so, si, got, want)
					}
				}
			}
		}
	}
	// Identity composition.
	id := IdentityMap(2)
	if Compose(id, IdentityMap(2)) != id {
		t.Fatal("id ∘ id != id")
	}
	m := parseMapText("(d0, d1) -> (d1, d0 + 1)")
	if Compose(m, id) != m {
		t.Fatal("m ∘ id != m")
	}
	// Division by zero is an error.
	z := NewMap(1, 0, []Expr{RawBinary(KindFloorDiv, Dim(0), Const(0))})
	if _, err := z.Eval([]int64{3}, nil); !errors.Is(err, ErrDivByZero) {
		t.Fatalf("want ErrDivByZero, got %v", err)
	}
	if _, err := m.Eval([]int64{1}, nil); err == nil {
		t.Fatal("want arity error")
	}
}

func TestMapHelpers(t *testing.T) {
	if s := IdentityMap(3).String(); s != "(d0, d1, d2) -> (d0, d1, d2)" {
		t.Fatal(s)
	}
	if s := ConstantMap(-4).String(); s != "() -> (-4)" {
		t.Fatal(s)
	}
	if s := EmptyMap(1, 2).String(); s != "(d0)[s0, s1] -> ()" {
		t.Fatal(s)
	}
	p := PermutationMap([]int{2, 0, 1})
	if p.String() != "(d0, d1, d2) -> (d2, d0, d1)" || !p.IsPermutation() || p.IsIdentity() {
		t.Fatal(p)
	}
	if !IdentityMap(2).IsIdentity() || !MinorIdentityMap(3, 2).IsMinorIdentity() || MinorIdentityMap(3, 2).String() != "(d0, d1, d2) -> (d1, d2)" {
		t.Fatal("identity")
	}
	cm := NewMap(0, 0, []Expr{Const(1), Const(2)})
	if !cm.IsConstant() || !reflect.DeepEqual(cm.ConstantResults(), []int64{1, 2}) {
		t.Fatal("constant")
	}
	if v, ok := ConstantMap(7).IsSingleConstant(); !ok || v != 7 {
		t.Fatal("single constant")
	}
	m := parseMapText("(d0, d1)[s0] -> (d0 + s0, d1, d0 * 3)")
	if m.NumInputs() != 3 || m.SubMap([]int{2, 0}).String() != "(d0, d1)[s0] -> (d0 * 3, d0 + s0)" {
		t.Fatal(m.SubMap([]int{2, 0}))
	}
	if m.DropResults([]int{1}).String() != "(d0, d1)[s0] -> (d0 + s0, d0 * 3)" {
		t.Fatal(m.DropResults([]int{1}))
	}
	if m.ShiftDims(2, 1).String() != "(d0, d1, d2, d3)[s0] -> (d0 + s0, d3, d0 * 3)" {
		t.Fatal(m.ShiftDims(2, 1))
	}
	if m.ShiftSymbols(1, 0).String() != "(d0, d1)[s0, s1] -> (d0 + s1, d1, d0 * 3)" {
		t.Fatal(m.ShiftSymbols(1, 0))
	}
	r := m.ReplaceDimsAndSymbols([]Expr{Symbol(0), Const(2)}, []Expr{Dim(0)}, 1, 1)
	if r.String() != "(d0)[s0] -> (d0 + s0, 2, s0 * 3)" {
		t.Fatal(r)
	}
	if got := m.ComposeValues([]int64{1, 2, 10}); !reflect.DeepEqual(got, []int64{11, 2, 3}) {
		t.Fatal(got)
	}
}

func TestAnalysis(t *testing.T) {
	d0, s0 := Dim(0), Symbol(0)
	cases := []struct {
		e   Expr
		lkd int64
	}{
		{d0, 1}, {Const(-12), 12}, {MulConst(d0, 6), 6}, {Add(MulConst(d0, 6), Const(4)), 2},
		{FloorDiv(RawBinary(KindMod, MulConst(d0, 8), Const(16)), Const(2)), 4},
		{Mul(MulConst(d0, 4), s0), 4},
	}
	for _, c := range cases {
		if got := LargestKnownDivisor(c.e); got != c.lkd {
			t.Errorf("LargestKnownDivisor(%v) = %d, want %d", c.e, got, c.lkd)
		}
	}
	if !IsMultipleOf(MulConst(d0, 6), 3) || IsMultipleOf(d0, 2) || !IsMultipleOf(d0, -1) {
		t.Error("IsMultipleOf")
	}
	if !IsPureAffine(Add(MulConst(d0, 2), FloorDiv(d0, Const(3)))) || IsPureAffine(Mul(d0, s0)) || IsPureAffine(FloorDiv(d0, s0)) {
		t.Error("IsPureAffine")
	}
	if !IsSymbolicOrConstant(Add(s0, Const(1))) || IsSymbolicOrConstant(Add(s0, d0)) {
		t.Error("IsSymbolicOrConstant")
	}
	if v, ok := ConstantValue(Add(Const(2), Const(3))); !ok || v != 5 {
		t.Error("ConstantValue")
	}
	var post []string
	Walk(Add(d0, MulConst(s0, 2)), func(e Expr) { post = append(post, e.String()) })
	if !reflect.DeepEqual(post, []string{"d0", "s0", "2", "s0 * 2", "d0 + s0 * 2"}) {
		t.Errorf("Walk order %v", post)
	}
}

func TestSetEval(t *testing.T) {
	s := parseSetText("(d0, d1)[s0] : (d0 >= 0, s0 - 1 - d0 >= 0, d1 mod 2 == 0)")
	for d0 := int64(-3); d0 <= 8; d0++ {
		for d1 := int64(-3); d1 <= 3; d1++ {
			got, err := s.Eval([]int64{d0, d1}, []int64{5})
			if err != nil {
				t.Fatal(err)
			}
			want := d0 >= 0 && d0 <= 4 && ((d1%2)+2)%2 == 0
			if got != want {
				t.Fatalf("set eval %d %d: %v", d0, d1, got)
			}
		}
	}
	e := EmptySet(2, 1)
	if e.String() != "(d0, d1)[s0] : (1 == 0)" || !e.IsEmptyIntegerSet() {
		t.Fatal(e)
	}
	if ok, _ := e.Eval([]int64{0, 0}, []int64{0}); ok {
		t.Fatal("empty set contains a point")
	}
	if s.NumEqualities() != 1 || s.NumInequalities() != 2 {
		t.Fatal("counts")
	}
}
