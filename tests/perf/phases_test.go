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

func BenchmarkParse(b *testing.B)  { benchPhases(b, true) }
func BenchmarkVerify(b *testing.B) { benchPhases(b, false, ir.Verify) }
func BenchmarkPrint(b *testing.B)  { benchPhases(b, false, printModule) }

// BenchmarkTotal is parse + verify + print in one iteration, the path
// `goopt opt` takes with no passes.
func BenchmarkTotal(b *testing.B) { benchPhases(b, true, ir.Verify, printModule) }

func printModule(m *ir.Operation) error { return printer.Print(io.Discard, m, printer.Options{}) }

// benchPhases times phases on the large function. With reparse every
// iteration parses it first and the bytes parsed are the throughput;
// without, it is parsed once, before the timer starts.
func benchPhases(b *testing.B, reparse bool, phases ...func(*ir.Operation) error) {
	ctx := ir.NewContext(all.All()...)
	var f *parser.File
	if reparse {
		b.SetBytes(int64(len(largeSource())))
	} else {
		f = parseLarge(b, ctx)
	}
	b.ReportAllocs()
	cpu := startCPU(b)
	for i := 0; i < b.N; i++ {
		if reparse {
			f = parseLarge(b, ctx)
		}
		for _, phase := range phases {
			if err := phase(f.Module); err != nil {
				b.Fatal(err)
			}
		}
	}
	cpu.report(b)
}
