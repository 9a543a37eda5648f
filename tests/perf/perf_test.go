package perf

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

// largeOps is the size of the acceptance benchmark's function.
const largeOps = 200_000

// BenchmarkParseVerifyPrint times goopt on a 200,000-op function and, when
// mlir-opt-19 is installed, mlir-opt-19 on the same file in the same run;
// the metric "goopt/mlir-opt" is the ratio of their wall times (lower is better).
func BenchmarkParseVerifyPrint(b *testing.B) {
	src := []byte(LargeFunction(largeOps))
	b.SetBytes(int64(len(src)))
	ctx := ir.NewContext(all.All()...)
	var goTotal time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		f, err := parser.ParseFile(ctx, "large.mlir", src)
		if err != nil {
			b.Fatal(err)
		}
		if err := ir.Verify(f.Module); err != nil {
			b.Fatal(err)
		}
		if err := printer.Print(io.Discard, f.Module, printer.Options{}); err != nil {
			b.Fatal(err)
		}
		goTotal += time.Since(start)
	}
	b.ReportMetric(goTotal.Seconds()/float64(b.N), "goopt-s/op")
	bin, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		return
	}
	b.StopTimer()
	path := filepath.Join(b.TempDir(), "large.mlir")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		b.Fatal(err)
	}
	var upTotal time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if out, err := exec.Command(bin, path, "-o", os.DevNull).CombinedOutput(); err != nil {
			b.Fatalf("mlir-opt-19: %v\n%s", err, out)
		}
		upTotal += time.Since(start)
	}
	b.ReportMetric(upTotal.Seconds()/float64(b.N), "mlir-opt-s/op")
	b.ReportMetric(goTotal.Seconds()/upTotal.Seconds(), "goopt/mlir-opt")
}
