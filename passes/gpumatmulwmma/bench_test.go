package gpumatmulwmma_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/gpumatmulwmma"
)

// BenchmarkPipeline8192 times the whole pipeline (not parsing) on the
// paper's 8192³ matmul.
func BenchmarkPipeline8192(b *testing.B) {
	ctx := all.NewContext()
	src := []byte(matmul(8192, 8192, 8192))
	for b.Loop() {
		b.StopTimer()
		f, err := parser.ParseFile(ctx, "matmul.mlir", src)
		if err != nil {
			b.Fatal(err)
		}
		pm := pass.New(ctx, "builtin.module")
		if err := gpumatmulwmma.Build(pm.OpPassManager, gpumatmulwmma.DefaultOptions()); err != nil {
			b.Fatal(err)
		}
		pm.Verify = ir.Verify
		b.StartTimer()
		if err := pm.Run(f.Module); err != nil {
			b.Fatal(err)
		}
	}
}
