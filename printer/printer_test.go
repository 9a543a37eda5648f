package printer

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

func (x *bld) br(dest *ir.Block, operands ...*ir.Value) {
	x.b.Create(&ir.OperationState{Name: "cf.br", Loc: x.loc, Operands: operands, Successors: []*ir.Block{dest}})
	x.loc = nil
}

// numbering: b.mlir — sibling regions reuse numbers; generic form numbers uniquely.
func buildNumbering() *ir.Operation {
	x := newBld()
	return x.module(func() {
		x.fn("f", types(i32), nil, func([]*ir.Value) {
			_, a := x.withRegions("x.a", nil, nil, nil, types())
			x.in(a[0], func() { x.v("x.v", i32); x.v("x.v", i32) })
			_, b := x.withRegions("x.b", nil, nil, nil, types(i32))
			x.in(b[0], func() { x.v("x.v", i32) })
			x.v("x.v", i32)
			x.ret()
		})
		x.fn("g", types(i32, i32), nil, func([]*ir.Value) {
			x.v("x.v", i32)
			x.v("x.v", i32)
			x.v("x.v", i32)
			x.ret()
		})
		x.fn("h", types(i32), nil, func([]*ir.Value) {
			x.v("x.v", i32)
			x.ret()
		})
	})
}

// hints: c.mlir — name hints, `_N` conflict suffixes, scoped name reuse.
func buildHints() *ir.Operation {
	x := newBld()
	c0 := func() { x.constant(ir.IndexAttr(0)) }
	return x.module(func() {
		x.v("x.v", i32)
		c0()
		x.fn("f", types(i32), nil, func([]*ir.Value) {
			c0()
			_, a := x.withRegions("x.a", nil, nil, nil, types())
			x.in(a[0], func() { c0(); x.v("x.v", i32) })
			_, b := x.withRegions("x.b", nil, nil, nil, types())
			x.in(b[0], c0)
			c0()
			x.ret()
		})
		x.fn("g", nil, nil, func([]*ir.Value) { c0(); x.ret() })
	})
}

// aliases: alias.mlir — #map/#set aliases, memref layouts, multi-block CFG.
func buildAliases() *ir.Operation {
	x := newBld()
	transpose := amap(2, 0, d1, d0)
	plus1 := amap(1, 0, affine.AddConst(d0, 1))
	times3 := amap(1, 0, affine.MulConst(d0, 3))
	set := ir.IntegerSetOf(newSet())
	return x.module(func() {
		args := types(i32, memref([]int64{4, 4}, ir.F32, transpose), memref([]int64{4}, ir.F32, plus1))
		f := x.fn("f", args, types(i32), func(a []*ir.Value) {
			x.constant(ir.IndexAttr(0))
			x.constant(ir.IndexAttr(0))
			x.constant(ir.IntAttr(i32, 1))
			x.constant(ir.IntAttr(i32, 1))
			x.constant(ir.FloatAttrOf(ir.F32, 1))
			x.constant(ir.FloatAttrOf(ir.F32, 2))
			x.op("foo.op", vals(a[0]), types(i32), attr("m", times3), attr("s", set))
			two := x.op("foo.two", nil, types(i32, i32))
			x.op("foo.use", vals(two.Result(1), two.Result(0)), nil)
			_, rs := x.withRegions("foo.reg", nil, types(i32), nil, types(i32), types())
			x.in(rs[0], func() {
				q := rs[0].Argument(0)
				w := x.v("foo.add", i32, q, q)
				x.op("foo.yield", vals(w), nil)
			})
			x.in(rs[1], func() { x.op("foo.yield", nil, nil) })
		})
		body := f.Region(0)
		bb1, bb2 := ir.NewBlock(i32), ir.NewBlock()
		body.AppendBlock(bb1)
		body.AppendBlock(bb2)
		x.in(body.Front(), func() { x.br(bb1, body.Front().Argument(0)) })
		x.in(bb1, func() { x.br(bb2) })
		x.in(bb2, func() { x.ret(bb1.Argument(0)) })
		x.fn("g", nil, nil, func([]*ir.Value) {
			c := x.constant(ir.IndexAttr(0))
			x.op("affine.apply", vals(c, c), types(ir.Index), attr("map", amap(1, 1, affine.Add(d0, affine.MulConst(s0, 2)))))
			x.op("foo.op", vals(c), types(ir.Index), attr("m", times3),
				attr("n", ir.Array(times3, amap(1, 0, d0), ir.IntAttr(ir.I64, 7), ir.FloatAttrOf(ir.F64, 2.5))))
			x.ret()
		})
	})
}

// debug info: d.mlir — location aliases, deferred to the end, block argument
// locations inline.
func buildDebug() *ir.Operation {
	x := newBld()
	file := ir.FileLoc
	a11, b22 := file("a.c", 1, 1), file("b.c", 2, 2)
	x.at(file("d.mlir", 0, 0))
	return x.module(func() {
		x.at(file("top.c", 9, 9))
		f := x.fn("f", types(i32, i32), types(i32), func(a []*ir.Value) {
			a[0].SetLoc(file("x.c", 1, 2))
			a[1].SetLoc(file("d.mlir", 1, 38))
			x.at(&ir.FusedLoc{Locs: []ir.Location{a11, b22}}).v("x.v", i32)
			x.at(&ir.NameLoc{Name: "nm", Child: a11}).v("x.v", i32)
			x.at(&ir.CallSiteLoc{Callee: a11, Caller: b22}).v("x.v", i32)
			x.at(file("a.c", 1, 1)).v("x.v", i32)
			x.at(file("d.mlir", 6, 3))
			_, rs := x.withRegions("x.r", nil, nil, nil, types(i32))
			rs[0].Argument(0).SetLoc(file("q.c", 3, 3))
			x.in(rs[0], func() { x.at(file("d.mlir", 8, 5)).op("x.y", nil, nil) })
		})
		body := f.Region(0)
		bb1 := ir.NewBlock()
		body.AppendBlock(bb1)
		x.in(body.Front(), func() { x.at(file("d.mlir", 10, 3)).br(bb1) })
		x.in(bb1, func() { x.at(ir.Unknown).ret(body.Front().Argument(0)) })
	})
}

// misc: e.mlir — type and distinct aliases, empty blocks and regions,
// multi-result ops, string escapes, array element type elision.
func buildMisc() *ir.Operation {
	x := newBld()
	var i1s []ir.Type
	for range 17 {
		i1s = append(i1s, ir.I1)
	}
	tuple := ir.Tuple(i1s...)
	return x.module(func() {
		x.withRegions("builtin.module", nil, nil, []ir.NamedAttribute{attr("sym_name", ir.Str("inner"))}, types())
		x.withRegions("x.e", nil, nil, nil, types(), nil)
		strided := ir.MemRef([]int64{ir.Dynamic, 4}, ir.F32, ir.StridedLayout(ir.Dynamic, []int64{4, 1}), ir.IntAttr(ir.I64, 3))
		x.op("x.t", nil, nil,
			attr("t", ir.TypeAttrOf(tuple)),
			attr("d", ir.Distinct(0, ir.IntAttr(i32, 42))),
			attr("u", ir.Unit),
			attr("q q", ir.IntAttr(ir.I64, 1)),
			attr("s", ir.Str("a\n\"b")),
			attr("arr", ir.Array(amap(1, 0, d0), ir.FloatAttrOf(ir.F64, 1.5), ir.TypeAttrOf(strided))))
		x.fn("h", nil, nil, func([]*ir.Value) {
			x.withRegions("x.e", nil, nil, nil, types())
			m := x.op("x.m", nil, types(i32, i32, i32))
			x.op("x.u", vals(m.Result(2)), nil)
			x.op("test.foo", nil, types(tuple))
			x.ret()
		})
	})
}

// attrs: f.mlir — scalar attribute spelling.
func buildAttrs() *ir.Operation {
	x := newBld()
	return x.module(func() {
		tf64 := ir.RankedTensor([]int64{2}, ir.F64, nil)
		x.op("x.t", nil, nil,
			attr("a", ir.FloatAttrOf(ir.F64, 1.5)),
			attr("b", ir.FloatAttrOf(ir.F32, 2)),
			attr("c", ir.IntAttr(ir.I64, 3)),
			attr("d", ir.Dense(tf64, []ir.Attribute{ir.FloatAttrOf(ir.F64, 1), ir.FloatAttrOf(ir.F64, 2)})),
			attr("e", ir.Array(ir.FloatAttrOf(ir.F64, 1.5))),
			attr("f", ir.FloatAttrOf(ir.FloatByName("f16"), 1)),
			attr("g", ir.FloatAttrFromBits(ir.F64, 0x7FF8000000000000)),
			attr("h", ir.TypedStr("x", i32)),
			attr("i", ir.DenseFloatArray(ir.F64, []float64{1.5})))
		x.op("x.t", nil, nil).SetProp("p", ir.FloatAttrOf(ir.F64, 1.5))
	})
}

// resources: g.mlir — predecessor comments and the resource section.
func buildResources() *ir.Operation {
	x := newBld()
	t := ir.RankedTensor([]int64{4}, i32, nil)
	return x.module(func() {
		f := x.fn("f", nil, types(t), func([]*ir.Value) {})
		body := f.Region(0)
		bb1 := ir.NewBlock()
		body.AppendBlock(bb1)
		var cst *ir.Value
		x.in(body.Front(), func() {
			cst = x.constant(ir.DenseResource(t, "blob1"))
			c := x.constant(ir.BoolAttr(true))
			x.b.Create(&ir.OperationState{Name: "cf.cond_br", Operands: vals(c), Successors: []*ir.Block{bb1, bb1}})
		})
		x.in(bb1, func() { x.ret(cst) })
	})
}

const resources = `{-#
  dialect_resources: {
    builtin: {
      blob1: "0x08000000010000000200000003000000"
    }
  }
#-}`

func TestGolden(t *testing.T) {
	generic := Options{Generic: true}
	tests := []struct {
		name  string
		build func() *ir.Operation
		opts  Options
		want  string
	}{
		{"numbering", buildNumbering, Options{}, wantNumOut},
		{"numbering-generic", buildNumbering, generic, wantNumGen},
		{"hints", buildHints, Options{}, wantHintOut},
		{"hints-generic", buildHints, generic, wantHintGen},
		{"aliases", buildAliases, Options{}, wantAliasOut},
		{"aliases-generic", buildAliases, generic, wantAliasGen},
		{"debuginfo", buildDebug, Options{DebugInfo: true}, wantDbgOut},
		{"misc", buildMisc, Options{}, wantMiscOut},
		{"misc-generic", buildMisc, generic, wantMiscGen},
		{"attrs", buildAttrs, Options{}, wantAttrOut},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.build()
			check(t, tc.name, String(m, tc.opts), tc.want)
			// Determinism: printing again gives the same bytes.
			if a, b := String(m, tc.opts), String(m, tc.opts); a != b {
				t.Errorf("printing is not deterministic")
			}
		})
	}
}

func TestPrintFileResources(t *testing.T) {
	var b strings.Builder
	if err := PrintFile(&b, buildResources(), resources, Options{}); err != nil {
		t.Fatal(err)
	}
	check(t, "resources", b.String(), wantResOut)
}

func newSet() *affine.Set { return affine.NewSet(1, 0, []affine.Expr{d0}, []bool{false}) }
