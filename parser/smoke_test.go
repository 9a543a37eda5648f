package parser

import (
	"testing"

	"github.com/goopt/goopt/ir"
)

func TestSmoke(t *testing.T) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	src := `#map = affine_map<(d0)[s0] -> (d0 + s0, d0 floordiv 2)>
!t = memref<4x?xf32, strided<[?, 1], offset: ?>, 3>
"foo.func"() ({
^bb0(%a: i32 loc("x":1:2), %b: !t):
  %0:2 = "foo.op"(%a, %c) {m = #map, s = "str\n", d = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : (i32, i32) -> (i32, f32)
  %c = "foo.c"() <{value = 42 : i32}> : () -> i32
  "foo.br"(%0#0)[^bb1] : (i32) -> ()
^bb1:
  "foo.ret"(%0#1) : (f32) -> () loc(#loc1)
}) : () -> ()
#loc1 = loc("y":3:4)
`
	f, err := ParseFile(ctx, "t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + dump(f.Module))
}
