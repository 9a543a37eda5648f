package interp_test

import (
	"testing"
	"time"

	"github.com/goopt/goopt/interp"
)

const matmul256 = `
func.func @matmul(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      affine.for %k = 0 to 256 {
        %a = affine.load %A[%i, %k] : memref<256x256xf32>
        %b = affine.load %B[%k, %j] : memref<256x256xf32>
        %c = affine.load %C[%i, %j] : memref<256x256xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<256x256xf32>
      }
    }
  }
  return
}`

// BenchmarkMatmul256 interprets a 256×256×256 f32 matmul in affine form and
// reports interpreted operations per second (loads, stores, arithmetic and
// loop ops each count as one).
func BenchmarkMatmul256(b *testing.B) {
	mod := parse(b, matmul256)
	counter, err := interp.New(mod, interp.Options{CountOps: true})
	if err != nil {
		b.Fatal(err)
	}
	m, err := interp.New(mod, interp.Options{})
	if err != nil {
		b.Fatal(err)
	}
	ft, _ := m.FunctionType("matmul")
	args, err := interp.RandomArgs(ft, 1)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := counter.Call("matmul", interp.CloneArgs(args)); err != nil {
		b.Fatal(err)
	}
	opsPerCall := counter.OpsExecuted()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := m.Call("matmul", args); err != nil {
			b.Fatal(err)
		}
	}
	el := time.Since(start)
	b.ReportMetric(float64(opsPerCall)*float64(b.N)/el.Seconds(), "ops/s")
}
