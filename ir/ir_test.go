package ir

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir/affine"
)

func testDialect() *Dialect {
	return &Dialect{Name: "t", Ops: []*OpDef{
		{Name: "t.func", Traits: IsolatedFromAbove | SingleBlock | Symbol},
		{Name: "t.module", Traits: NoTerminator | SymbolTableTrait | GraphRegion},
		{Name: "t.const", Traits: Pure | ConstantLike, Inherent: []string{"value"}},
		{Name: "t.add", Traits: Pure | SameOperandsAndResultType},
		{Name: "t.ret", Traits: Terminator | ReturnLike},
		{Name: "t.br", Traits: Terminator},
	}}
}

// buildFunc returns t.func { %0 = t.const; %1 = t.add %0, %0; t.ret }.
func buildFunc(t *testing.T) (*Context, *Operation, *Operation, *Operation) {
	t.Helper()
	ctx := NewContext(testDialect())
	b := NewBuilder(ctx)
	st := &OperationState{Name: "t.func", Attrs: []NamedAttribute{{"sym_name", Str("f")}}}
	body := st.AddRegion()
	fn := ctx.NewOperation(st)
	b.CreateBlock(body)
	c := b.CreateOp("t.const", Unknown, nil, []Type{I32}, NamedAttribute{"value", IntAttr(I32, 7)})
	add := b.CreateOp("t.add", Unknown, []*Value{c.Result(0), c.Result(0)}, []Type{I32})
	b.CreateOp("t.ret", Unknown, []*Value{add.Result(0)}, nil)
	return ctx, fn, c, add
}

func TestInterning(t *testing.T) {
	if Integer(32) != I32 || MemRef([]int64{4, Dynamic}, F16, nil, IntAttr(I64, 3)) != MemRef([]int64{4, Dynamic}, F16, nil, IntAttr(I64, 3)) {
		t.Fatal("types are not interned")
	}
	if got := MemRef([]int64{4, Dynamic}, F16, nil, IntAttr(I64, 3)).String(); got != "memref<4x?xf16, 3>" {
		t.Errorf("memref text = %q", got)
	}
	id := AffineMapOf(affine.IdentityMap(2))
	if MemRef([]int64{2, 2}, F32, id, nil) != MemRef([]int64{2, 2}, F32, nil, nil) {
		t.Error("identity layout should be dropped")
	}
	if IntAttr(I8, 255).String() != "-1 : i8" || IntAttr(IntegerWithSign(8, Unsigned), -1).String() != "255 : ui8" {
		t.Errorf("integer normalisation: %s %s", IntAttr(I8, 255), IntAttr(IntegerWithSign(8, Unsigned), -1))
	}
	cases := map[Attribute]string{
		FloatAttrOf(F32, 1):     "1.000000e+00 : f32",
		FloatAttrOf(F32, 0.1):   "1.000000e-01 : f32",
		FloatAttrOf(F64, 0.1):   "1.000000e-01 : f64",
		FloatAttrOf(F16, 65504): "6.550400e+04 : f16",
		BoolAttr(true):          "true",
		Str("a\"b\n"):           `"a\22b\0A"`,
		DenseI64Array(1, 2):     "array<i64: 1, 2>",
		DenseIntArray(I32, nil): "array<i32>",
		Dictionary([]NamedAttribute{{"b", Unit}, {"a", IndexAttr(1)}}): "{a = 1 : index, b}",
		SymbolRef("a", "b"):                                         "@a::@b",
		StridedLayout(Dynamic, []int64{1, Dynamic}):                 "strided<[1, ?], offset: ?>",
		TypeAttrOf(Vector([]int64{4, 8}, F32, []bool{false, true})): "vector<4x[8]xf32>",
		Dense(RankedTensor([]int64{2, 2}, I32, nil), []Attribute{IntAttr(I32, 1), IntAttr(I32, 2), IntAttr(I32, 3), IntAttr(I32, 4)}): "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>",
		Dense(RankedTensor([]int64{3}, F32, nil), []Attribute{FloatAttrOf(F32, 1), FloatAttrOf(F32, 1), FloatAttrOf(F32, 1)}):         "dense<1.000000e+00> : tensor<3xf32>",
	}
	for a, want := range cases {
		if got := typeOrAttrString(a); got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func typeOrAttrString(x any) string {
	switch x := x.(type) {
	case Type:
		return x.String()
	case Attribute:
		return x.String()
	}
	return ""
}

func TestFloatFormatting(t *testing.T) {
	// Values that do not round-trip through %e with 6 digits print shortest, NaN as hex.
	if got := FloatAttrOf(F32, 0.123456789).ValueString(); got != "0.123456791" {
		t.Errorf("f32 0.123456789 printed %q", got)
	}
	if got := FloatAttrFromBits(F32, 0x7FC00000).ValueString(); got != "0x7FC00000" {
		t.Errorf("NaN printed %q", got)
	}
	if got := FloatAttrFromBits(F16, 0x7C00).ValueString(); got != "0x7C00" {
		t.Errorf("f16 inf printed %q", got)
	}
	// f16 rounding: 1/3 rounds to nearest even in half precision.
	if got := RoundToType(F16, 1.0/3); got != 0.333251953125 {
		t.Errorf("f16(1/3) = %v", got)
	}
	if got := RoundToType(BF16, 1.0/3); got != 0.333984375 {
		t.Errorf("bf16(1/3) = %v", got)
	}
	for _, v := range []float64{0, 1, -2.5, 65504, 6.1e-5, 5.96e-8, 1e-9, 1e6} {
		if got := BitsToFloat(F16, FloatToBits(F16, v)); got != RoundToType(F16, got) {
			t.Errorf("f16 not idempotent at %v", v)
		}
	}
}

func TestUseListsAndRAUW(t *testing.T) {
	ctx, fn, c, add := buildFunc(t)
	if len(c.Result(0).Uses()) != 2 || !add.Result(0).HasOneUse() {
		t.Fatal("unexpected use counts")
	}
	b := NewBuilder(ctx)
	b.SetInsertionPointBefore(add)
	c2 := b.CreateOp("t.const", Unknown, nil, []Type{I32}, NamedAttribute{"value", IntAttr(I32, 1)})
	c.Result(0).ReplaceAllUsesWith(c2.Result(0))
	if c.Result(0).HasUses() || len(c2.Result(0).Uses()) != 2 {
		t.Fatal("RAUW did not move uses")
	}
	c.Erase()
	if fn.Region(0).Front().Len() != 3 {
		t.Fatalf("block has %d ops", fn.Region(0).Front().Len())
	}
	if err := Verify(fn); err != nil {
		t.Fatal(err)
	}
	if c2.Attr("value") == nil || len(c2.Props()) != 1 || len(c2.DiscardableAttrs()) != 0 {
		t.Error("inherent attribute should be stored as a property")
	}
}

func TestCloneRemapsNestedValues(t *testing.T) {
	_, fn, _, _ := buildFunc(t)
	cl := fn.Clone(nil)
	ops := cl.Region(0).Front().Ops()
	if ops[1].Operand(0) != ops[0].Result(0) {
		t.Fatal("clone operand not remapped to cloned value")
	}
	if err := Verify(cl); err != nil {
		t.Fatal(err)
	}
}

func TestWalkOrdersAndInterrupt(t *testing.T) {
	_, fn, _, _ := buildFunc(t)
	var pre, post []string
	Walk(fn, PreOrder, func(o *Operation) WalkResult { pre = append(pre, o.Name()); return Advance })
	Walk(fn, PostOrder, func(o *Operation) WalkResult { post = append(post, o.Name()); return Advance })
	if strings.Join(pre, " ") != "t.func t.const t.add t.ret" || strings.Join(post, " ") != "t.const t.add t.ret t.func" {
		t.Fatalf("pre %v post %v", pre, post)
	}
	n := 0
	if Walk(fn, PreOrder, func(o *Operation) WalkResult { n++; return Interrupt }) != Interrupt || n != 1 {
		t.Fatal("interrupt did not stop the walk")
	}
	// Erasing the visited op in post-order is allowed.
	WalkOps(fn, func(o *Operation) {
		if o.Is("t.ret") {
			o.Erase()
		}
	})
	if fn.Region(0).Front().Len() != 2 {
		t.Fatal("erase during post-order walk failed")
	}
}

func TestVerifierStructure(t *testing.T) {
	ctx, fn, c, add := buildFunc(t)
	// Use before def: move the add before the constant.
	add.MoveBefore(c)
	err := Verify(fn)
	if err == nil || !strings.Contains(err.Error(), "operand #0 does not dominate this use") {
		t.Fatalf("want dominance error, got %v", err)
	}
	add.MoveAfter(c)
	// Terminator not last.
	ret := fn.Region(0).Front().Last()
	ret.MoveBefore(c)
	if err := Verify(fn); err == nil || !strings.Contains(err.Error(), "must be the last operation in the parent block") {
		t.Fatalf("want terminator error, got %v", err)
	}
	ret.Remove()
	if err := Verify(fn); err == nil || !strings.Contains(err.Error(), "block with no terminator, has 't.add'") {
		t.Fatalf("want missing-terminator error, got %v", err)
	}
	fn.Region(0).Front().Append(ret)
	// Isolation: a nested func using an outer value.
	b := NewBuilder(ctx)
	st := &OperationState{Name: "t.func", Attrs: []NamedAttribute{{"sym_name", Str("g")}}}
	inner := ctx.NewOperation(st.withRegion())
	b.CreateBlock(inner.Region(0))
	b.CreateOp("t.ret", Unknown, []*Value{c.Result(0)}, nil)
	b.SetInsertionPointBefore(ret)
	b.Insert(inner)
	if err := Verify(fn); err == nil || !strings.Contains(err.Error(), "using value defined outside the region") {
		t.Fatalf("want isolation error, got %v", err)
	}
}

func (s *OperationState) withRegion() *OperationState { s.AddRegion(); return s }

func TestSymbolTableAndDuplicates(t *testing.T) {
	ctx := NewContext(testDialect())
	mod := ctx.NewOperation((&OperationState{Name: "t.module"}).withRegion())
	mod.Region(0).AppendBlock(NewBlock())
	for _, name := range []string{"a", "b", "a"} {
		f := ctx.NewOperation((&OperationState{Name: "t.func", Attrs: []NamedAttribute{{"sym_name", Str(name)}}}).withRegion())
		mod.Region(0).Front().Append(f)
	}
	st := NewSymbolTable(mod)
	if st.Lookup("b") == nil || LookupNearestSymbolFrom(st.Lookup("b"), SymbolRef("a")) == nil {
		t.Fatal("symbol lookup failed")
	}
	if err := Verify(mod); err == nil || !strings.Contains(err.Error(), "redefinition of symbol named 'a'") {
		t.Fatalf("want redefinition error, got %v", err)
	}
}

func TestDominanceCFG(t *testing.T) {
	ctx := NewContext(testDialect())
	fn := ctx.NewOperation((&OperationState{Name: "t.func"}).withRegion())
	r := fn.Region(0)
	entry, left, right, join := NewBlock(), NewBlock(), NewBlock(), NewBlock()
	for _, b := range []*Block{entry, left, right, join} {
		r.AppendBlock(b)
	}
	br := func(from *Block, to ...*Block) {
		from.Append(ctx.NewOperation(&OperationState{Name: "t.br", Successors: to}))
	}
	br(entry, left, right)
	br(left, join)
	br(right, join)
	join.Append(ctx.NewOperation(&OperationState{Name: "t.ret"}))
	d := NewDominanceInfo()
	if !d.BlockDominates(entry, join) || d.BlockDominates(left, join) || d.BlockDominates(right, join) {
		t.Fatal("wrong dominators for a diamond")
	}
}

// TestFloatPrintingMatchesAPFloat pins values whose text mlir-opt-19 prints
// through APFloat's truncate-then-round algorithm.
func TestFloatPrintingMatchesAPFloat(t *testing.T) {
	cases := []struct {
		t    *FloatType
		v    float64
		want string
	}{
		{F32, 1e-5, "9.99999974E-6"},
		{F32, 0.1, "1.000000e-01"},
		{F64, 1e-5, "1.000000e-05"},
		{F32, 3e38, "3.000000e+38"},
		{F16, 0.1, "9.997550e-02"},
		{F32, 123456789, "0x4CEB79A3"},
		{F64, 0.333333333, "0.33333333300000001"},
		{F64, 5e-324, "4.940660e-324"},
		{F32, 1.4e-45, "1.401300e-45"},
		{F16, 1e6, "0x7C00"},
	}
	for _, c := range cases {
		if got := FloatAttrOf(c.t, c.v).ValueString(); got != c.want {
			t.Errorf("%v : %s printed %q, want %q", c.v, c.t, got, c.want)
		}
	}
}
