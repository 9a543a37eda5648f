package testutil

import (
	"strconv"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

func TestAffineMatmul(t *testing.T) {
	for _, c := range []struct {
		n       int
		in, acc string
		extfs   int
	}{
		{8192, "f16", "f32", 2},
		{32, "f32", "f32", 0},
	} {
		src := AffineMatmul("mm", c.n, c.in, c.acc)
		f, err := parser.ParseFile(all.NewContext(), "mm.mlir", []byte(src))
		if err != nil {
			t.Fatalf("%s:\n%v", src, err)
		}
		if err := ir.Verify(f.Module); err != nil {
			t.Fatalf("%s:\n%v", src, err)
		}
		counts := map[string]int{}
		ir.WalkOps(f.Module, func(op *ir.Operation) { counts[op.Name()]++ })
		want := map[string]int{"builtin.module": 1, "func.func": 1, "func.return": 1, "affine.for": 3, "affine.yield": 3,
			"affine.load": 3, "arith.extf": c.extfs, "arith.mulf": 1, "arith.addf": 1, "affine.store": 1}
		for name, n := range want {
			if counts[name] != n {
				t.Errorf("%d %s/%s: %d %s ops, want %d", c.n, c.in, c.acc, counts[name], name, n)
			}
		}
		n := strconv.Itoa(c.n)
		sig := "@mm(%A: memref<" + n + "x" + n + "x" + c.in + ">, %B: memref<" + n + "x" + n + "x" + c.in + ">, %C: memref<" + n + "x" + n + "x" + c.acc + ">)"
		if !strings.Contains(src, sig) {
			t.Errorf("signature of\n%s\nis not %s", src, sig)
		}
	}
}
