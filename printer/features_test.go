package printer

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/ir/affine"
)

// affine.load prints its map inline (no alias); affine.apply uses `#map`.
func TestAffineMapOfSSAIds(t *testing.T) {
	x := newBld()
	mt := memref([]int64{8}, ir.F32, nil)
	m := x.module(func() {
		x.fn("f", types(mt, ir.Index), nil, func(a []*ir.Value) {
			x.op("affine.load", vals(a[0], a[1]), types(ir.F32), attr("map", amap(1, 0, affine.AddConst(d0, 1))))
			x.op("affine.apply", vals(a[1]), types(ir.Index), attr("map", amap(1, 0, affine.AddConst(d0, 2))))
			x.op("affine.load", vals(a[0], a[1]), types(ir.F32), attr("map", amap(0, 1, affine.MulConst(s0, 2))))
			x.ret()
		})
	})
	want := `#map = affine_map<(d0) -> (d0 + 2)>
module {
  func.func @f(%arg0: memref<8xf32>, %arg1: index) {
    %0 = affine.load %arg0[%arg1 + 1] : memref<8xf32>
    %1 = affine.apply #map(%arg1)
    %2 = affine.load %arg0[symbol(%arg1) * 2] : memref<8xf32>
    return
  }
}
`
	check(t, "affine", String(m, Options{}), want)
}

// Result groups, block argument hints, elided terminators, a failing custom
// printer, local scope and nested printing.
func TestCustomHooks(t *testing.T) {
	x := newBld()
	var loop, inner *ir.Operation
	m := x.module(func() {
		x.fn("f", types(i32), nil, func(a []*ir.Value) {
			var blocks []*ir.Block
			loop, blocks = x.withRegions("test.loop", nil, types(i32, i32, i32), nil, types(ir.Index))
			x.in(blocks[0], func() {
				inner = x.op("x.use", vals(blocks[0].Argument(0), a[0]), nil)
				x.op("test.yield", nil, nil)
			})
			x.op("x.use", vals(loop.Result(0), loop.Result(1), loop.Result(2)), nil)
			x.op("test.panic", vals(a[0]), nil)
			x.ret()
		})
	})
	want := `module {
  func.func @f(%arg0: i32) {
    %0, %sum:2 = test.loop %iv {
      "x.use"(%iv, %arg0) : (index, i32) -> ()
    }
    "x.use"(%0, %sum#0, %sum#1) : (i32, i32, i32) -> ()
    "test.panic"(%arg0) : (i32) -> ()
    return
  }
}
`
	check(t, "hooks", String(m, Options{}), want)
	check(t, "nested", String(inner, Options{}), `"x.use"(%iv, %arg0) : (index, i32) -> ()`)
	check(t, "local", String(inner, Options{LocalScope: true}), `"x.use"(<<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>>) : (index, i32) -> ()`)
	check(t, "loop-local", String(loop, Options{LocalScope: true}), `%0, %sum:2 = test.loop %iv {
  "x.use"(%iv, <<UNKNOWN SSA VALUE>>) : (index, i32) -> ()
}`)
}

func TestElideElements(t *testing.T) {
	x := newBld()
	tt := ir.RankedTensor([]int64{4}, i32, nil)
	var elems []ir.Attribute
	for i := range 4 {
		elems = append(elems, ir.IntAttr(i32, int64(i)))
	}
	m := x.module(func() {
		x.op("x.c", nil, nil, attr("big", ir.Dense(tt, elems)), attr("splat", ir.DenseSplat(tt, ir.IntAttr(i32, 1))))
	})
	got := String(m, Options{ElideElementsLimit: 2})
	want := `{big = dense_resource<__elided__> : tensor<4xi32>, splat = dense<1> : tensor<4xi32>}`
	if !strings.Contains(got, want) {
		t.Errorf("got %s, want it to contain %s", got, want)
	}
	if got := String(m, Options{}); !strings.Contains(got, "dense<[0, 1, 2, 3]> : tensor<4xi32>") {
		t.Errorf("unelided: got %s", got)
	}
}

func TestPrettyDebugInfo(t *testing.T) {
	x := newBld()
	x.at(ir.FileLoc("m.mlir", 1, 1))
	m := x.module(func() {
		x.at(ir.FileLoc("a.c", 2, 3)).op("x.y", nil, nil)
	})
	want := `module {
  "x.y"() : () -> () a.c:2:3
} m.mlir:1:1
#loc = m.mlir:1:1
#loc1 = a.c:2:3
`
	check(t, "pretty", String(m, Options{DebugInfo: true, PrettyDebugInfo: true}), want)
}

func TestSanitizeIdentifier(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"c0", "c0"}, {"0x", "_0x"}, {"a b", "a_b"}, {"a+b", "a2Bb"}, {"x.y$z-w", "x.y$z-w"},
	} {
		if got := sanitizeIdentifier(tc.in, "$._-", true); got != tc.want {
			t.Errorf("sanitize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := sanitizeIdentifier("map1", "$_-", false); got != "map1_" {
		t.Errorf("alias sanitize = %q", got)
	}
}
