package interp_test

import (
	"testing"
	"time"

	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp"
)

var matmul256 = testutil.AffineMatmul("matmul", 256, "f32", "f32")

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
