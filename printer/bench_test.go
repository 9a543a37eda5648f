package printer

import (
	"io"
	"testing"

	"github.com/goopt/goopt/ir"
)

// buildLarge returns a module with one function of n ops mixing named
// constants, unnamed results and an aliased memref layout.
func buildLarge(n int) *ir.Operation {
	x := newBld()
	mt := memref([]int64{16, 16}, ir.F32, amap(2, 0, d1, d0))
	return x.module(func() {
		x.fn("large", types(mt, i32), nil, func(a []*ir.Value) {
			prev := a[1]
			for i := 0; i < n; i++ {
				switch i % 4 {
				case 0:
					prev = x.constant(ir.IntAttr(i32, int64(i%64)))
				case 1:
					prev = x.v("x.add", i32, prev, a[1])
				case 2:
					x.op("x.store", vals(prev, a[0]), nil)
				default:
					prev = x.v("x.mul", i32, prev, prev)
				}
			}
			x.ret()
		})
	})
}

func BenchmarkPrintLarge(b *testing.B) {
	m := buildLarge(200_000)
	b.ResetTimer()
	for b.Loop() {
		if err := Print(io.Discard, m, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPrintLargeGeneric(b *testing.B) {
	m := buildLarge(200_000)
	b.ResetTimer()
	for b.Loop() {
		if err := Print(io.Discard, m, Options{Generic: true}); err != nil {
			b.Fatal(err)
		}
	}
}
