package perf

import (
	"io"
	"sync"
	"testing"
	"time"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/printer"
)

// The phase benchmarks time parse, verify and print of LargeFunction(largeOps)
// one at a time, so a regression (or a fix) can be pinned to one of them.
// They use only parser.ParseFile, ir.Verify and printer.Print, so the file
// can be copied into an older checkout to compare against it; tests/perf/compare.sh does that.
// Each reports cpu-ns/op beside ns/op: the process's CPU time per
// iteration, which other jobs on a shared machine disturb less.

var (
	phaseOnce sync.Once
	phaseSrc  []byte
)

func largeSource() []byte {
	phaseOnce.Do(func() { phaseSrc = []byte(LargeFunction(largeOps)) })
	return phaseSrc
}

// cpuMeter reports the process's CPU time per iteration as cpu-ns/op.
type cpuMeter struct{ start time.Duration }

func startCPU(b *testing.B) cpuMeter {
	b.ResetTimer()
	return cpuMeter{processCPU()}
}

func (m cpuMeter) report(b *testing.B) {
	b.StopTimer()
	if end := processCPU(); end > 0 {
		b.ReportMetric(float64(end-m.start)/float64(b.N), "cpu-ns/op")
	}
}

func parseLarge(b *testing.B, ctx *ir.Context) *parser.File {
	f, err := parser.ParseFile(ctx, "large.mlir", largeSource())
	if err != nil {
		b.Fatal(err)
	}
	return f
}

func BenchmarkParse(b *testing.B) {
	src := largeSource()
	ctx := ir.NewContext(all.All()...)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for i := 0; i < b.N; i++ {
		parseLarge(b, ctx)
	}
	cpu.report(b)
}

func BenchmarkVerify(b *testing.B) { benchPhase(b, ir.Verify) }

func BenchmarkPrint(b *testing.B) {
	benchPhase(b, func(m *ir.Operation) error { return printer.Print(io.Discard, m, printer.Options{}) })
}

// benchPhase times phase on the parsed large function alone.
func benchPhase(b *testing.B, phase func(*ir.Operation) error) {
	f := parseLarge(b, ir.NewContext(all.All()...))
	b.ReportAllocs()
	cpu := startCPU(b)
	for i := 0; i < b.N; i++ {
		if err := phase(f.Module); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report(b)
}

// BenchmarkTotal is parse + verify + print in one iteration, the path
// `goopt opt` takes with no passes.
func BenchmarkTotal(b *testing.B) {
	src := largeSource()
	ctx := ir.NewContext(all.All()...)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for i := 0; i < b.N; i++ {
		f := parseLarge(b, ctx)
		if err := ir.Verify(f.Module); err != nil {
			b.Fatal(err)
		}
		if err := printer.Print(io.Discard, f.Module, printer.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report(b)
}
