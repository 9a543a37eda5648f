package perf

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goopt/goopt/driver"
)

// The four shapes of issue 12 item 14, each a (file, flags) pair that both
// goopt opt and mlir-opt-19 accept and that makes both do the same work.
type shape struct {
	name  string
	file  func() []byte
	flags []string
	// passes is flags as driver.PassFlags, for the in-process benchmarks.
	passes []driver.PassFlag
}

const (
	variedFuncs = 1400
	variedSeed  = 12
	chainOps    = 200_000
)

var (
	variedOnce, chainOnce sync.Once
	variedSrc, chainSrc   []byte
)

func variedSource() []byte {
	variedOnce.Do(func() { variedSrc = []byte(VariedModule(variedSeed, variedFuncs)) })
	return variedSrc
}

func chainSource() []byte {
	chainOnce.Do(func() { chainSrc = []byte(ChainFunction(chainOps)) })
	return chainSrc
}

var shapes = []shape{
	{name: "varied-print", file: variedSource},
	{
		name: "varied-canon-cse", file: variedSource,
		flags:  []string{"--canonicalize", "--cse"},
		passes: []driver.PassFlag{{Name: "canonicalize"}, {Name: "cse"}},
	},
	{
		name: "varied-tile-lower", file: variedSource,
		flags:  []string{"--affine-loop-tile=tile-sizes=32,32", "--lower-affine", "--canonicalize", "--cse"},
		passes: []driver.PassFlag{{Name: "affine-loop-tile", Options: "tile-sizes=32,32"}, {Name: "lower-affine"}, {Name: "canonicalize"}, {Name: "cse"}},
	},
	{name: "chain-print", file: chainSource},
}

// TestVsMlirOpt times the goopt binary and mlir-opt-19 as processes on the
// four shapes, interleaved (the order alternates each round so that neither
// tool always runs on a warmer machine), and prints per shape the medians and
// spreads of the children's CPU time (user + system, from getrusage: the
// machine is shared, and wall time counts waiting for a core), the ratio of
// the medians, the wall-time ratio and peak RSS. Timing is never asserted:
// the test runs only with GOOPT_VS_MLIR_OPT set, to the number of rounds.
//
//	GOOPT_VS_MLIR_OPT=7 go test ./tests/perf -run VsMlirOpt -v -timeout 30m
func TestVsMlirOpt(t *testing.T) {
	env := os.Getenv("GOOPT_VS_MLIR_OPT")
	if env == "" {
		t.Skip("set GOOPT_VS_MLIR_OPT=<rounds> to time goopt against mlir-opt-19")
	}
	rounds, err := strconv.Atoi(env)
	if err != nil || rounds < 1 {
		rounds = 7
	}
	up, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		t.Skip("mlir-opt-19 not installed")
	}
	dir := t.TempDir()
	goopt := filepath.Join(dir, "goopt")
	if out, err := exec.Command("go", "build", "-o", goopt, "github.com/goopt/goopt/cmd/goopt").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	files := map[string]string{}
	for _, s := range shapes {
		path := filepath.Join(dir, s.name+".mlir")
		if err := os.WriteFile(path, s.file(), 0o644); err != nil {
			t.Fatal(err)
		}
		files[s.name] = path
	}
	type sample struct {
		cpu, wall time.Duration
		rss       int64
	}
	res := map[string][2][]sample{} // [0] goopt, [1] mlir-opt
	run := func(tool int, s shape) sample {
		var cmd *exec.Cmd
		args := append([]string{files[s.name]}, s.flags...)
		args = append(args, "-o", os.DevNull)
		if tool == 0 {
			cmd = exec.Command(goopt, append([]string{"opt"}, args...)...)
		} else {
			cmd = exec.Command(up, args...)
		}
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, out)
		}
		wall := time.Since(start)
		st := cmd.ProcessState
		return sample{st.UserTime() + st.SystemTime(), wall, maxRSS(st)}
	}
	load0 := loadAvg()
	for r := 0; r < rounds; r++ {
		for _, s := range shapes {
			order := [2]int{0, 1}
			if r%2 == 1 {
				order = [2]int{1, 0}
			}
			for _, tool := range order {
				x := res[s.name]
				x[tool] = append(x[tool], run(tool, s))
				res[s.name] = x
			}
		}
	}
	med := func(xs []sample, f func(sample) float64) (m, lo, hi float64) {
		v := make([]float64, len(xs))
		for i, x := range xs {
			v[i] = f(x)
		}
		sort.Float64s(v)
		n := len(v)
		m = v[n/2]
		if n%2 == 0 {
			m = (v[n/2-1] + v[n/2]) / 2
		}
		return m, v[0], v[n-1]
	}
	cpu := func(s sample) float64 { return s.cpu.Seconds() * 1e3 }
	wall := func(s sample) float64 { return s.wall.Seconds() * 1e3 }
	rss := func(s sample) float64 { return float64(s.rss) / (1 << 20) }
	var b strings.Builder
	fmt.Fprintf(&b, "%d rounds, load average before %s, after %s\n", rounds, load0, loadAvg())
	fmt.Fprintf(&b, "%-18s %-22s %-22s %9s %10s  %s\n", "shape", "goopt cpu ms (spread)", "mlir-opt cpu ms", "cpu ratio", "wall ratio", "RSS MiB goopt/mlir-opt")
	for _, s := range shapes {
		g, u := res[s.name][0], res[s.name][1]
		gm, glo, ghi := med(g, cpu)
		um, ulo, uhi := med(u, cpu)
		gw, _, _ := med(g, wall)
		uw, _, _ := med(u, wall)
		gr, _, _ := med(g, rss)
		ur, _, _ := med(u, rss)
		fmt.Fprintf(&b, "%-18s %5.0f (%5.0f..%5.0f)  %5.0f (%5.0f..%5.0f)  %9.2f %10.2f  %.0f/%.0f\n",
			s.name, gm, glo, ghi, um, ulo, uhi, gm/um, gw/uw, gr, ur)
	}
	t.Log("\n" + b.String())
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// BenchmarkShapes runs the four shapes in process through driver.Opt, the
// flow `goopt opt` runs, for profiling:
//
//	go test ./tests/perf -run '^$' -bench Shapes/varied-canon -cpuprofile cpu.out
func BenchmarkShapes(b *testing.B) {
	for _, s := range shapes {
		b.Run(s.name, func(b *testing.B) {
			src := s.file()
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			cpu := startCPU(b)
			for i := 0; i < b.N; i++ {
				_, diags := driver.Opt(context.Background(), src, s.name+".mlir", driver.OptOptions{Passes: s.passes})
				if len(diags) > 0 {
					b.Fatal(diags)
				}
			}
			cpu.report(b)
		})
	}
}
