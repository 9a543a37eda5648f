package equiv

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/goopt/goopt/cli"
	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/passes/registry"
)

// litRoot is the tree of lit tests whose pass invocations are checked.
const litRoot = "../lit"

// TestPassesPreserveSemantics is the project-wide execution check of every
// pass exercised by a lit test.
func TestPassesPreserveSemantics(t *testing.T) {
	var mu sync.Mutex
	var total passtest.Tally
	withPasses := 0
	files := passtest.ForEachFile(t, litRoot, func(t *testing.T, path, _ string) {
		tl, n := checkFile(t, path)
		mu.Lock()
		total.Add(tl)
		if n > 0 {
			withPasses++
		}
		mu.Unlock()
	})
	t.Logf("%d lit files, %d with pass invocations: %s", files, withPasses, total.String())
}

// checkFile runs one lit file, checks every recorded pass invocation and
// returns the counts and the number of invocations.
func checkFile(t *testing.T, path string) (passtest.Tally, int) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var runs []passtest.Run
	for _, run := range passtest.RecordFile(t, path, cli.Main, passtest.IsPassIn(registry.All())) {
		if !run.VerifyDiagnostics {
			runs = append(runs, run)
		}
	}
	markers, err := passtest.ReadMarkers(src)
	if err != nil {
		t.Errorf("%s: %v", path, err)
	}
	var tl passtest.Tally
	for _, run := range runs {
		for _, f := range passtest.CheckRun(path, run, options(markers.RelTol), &tl, t.Logf) {
			t.Error(f)
		}
	}
	switch {
	case len(runs) == 0:
	case tl.Checked == 0 && !markers.None:
		t.Errorf("%s: no function could be checked by execution (%s); make one executable or mark the file `// EQUIV: none (reason)`", path, tl.String())
	case tl.Checked > 0 && markers.None:
		t.Errorf("%s: marked `EQUIV: none (%s)` but %d functions were checked; remove the marker", path, markers.NoneReason, tl.Checked)
	}
	if len(runs) > 0 {
		t.Logf("%d pass invocations: %s", len(runs), tl.String())
	}
	return tl, len(runs)
}

// options are the execution check's: every skip reason is counted, none
// fails.
func options(relTol float64) passtest.Options {
	return passtest.Options{Seeds: passtest.Seeds, RelTol: relTol, Interp: interp.Options{MaxSteps: passtest.MaxSteps}}
}

// TestCheckChunkFindsBugs makes sure the check fails on a wrong
// transformation and on a runtime failure the pass introduced, and skips
// (rather than fails) what it cannot run.
func TestCheckChunkFindsBugs(t *testing.T) {
	const before = testutil.SumI32x8 + `func.func private @ext(i32) -> i32
func.func @uses_unregistered(%a: i32) -> i32 {
  %0 = "test.op"(%a) : (i32) -> i32
  return %0 : i32
}
func.func @oob(%a: memref<8xi32>, %i: index) -> i32 {
  %c8 = arith.constant 8 : index
  %j = arith.addi %i, %c8 : index
  %x = memref.load %a[%j] : memref<8xi32>
  return %x : i32
}
`
	for _, tc := range []struct {
		name, after string
		failure     string
		checked     int
	}{
		{"identical", before, "", 1},
		{"wrong", strings.Replace(before, "0 to 8", "1 to 8", 1), "@sum is not preserved by the pass: seed 1: result 0 differs", 0},
		{"introduced oob", strings.Replace(before, "0 to 8", "0 to 9", 1), "@sum is not preserved by the pass: after (seed 1): after:5:10: error: out-of-bounds load", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tl passtest.Tally
			got := passtest.CheckChunk("t", parser.Chunk{Text: []byte(before)}, parser.Chunk{Text: []byte(tc.after)}, true, options(0), &tl, t.Logf)
			if tc.failure == "" && len(got) > 0 || tc.failure != "" && (len(got) != 1 || !strings.Contains(got[0], tc.failure)) {
				t.Errorf("failures = %q, want one containing %q", got, tc.failure)
			}
			want := map[string]int{"external declaration": 1, "unsupported by the interpreter": 1, "fails at runtime before the pass": 1}
			if tl.Checked != tc.checked || fmt.Sprint(tl.Skipped) != fmt.Sprint(want) {
				t.Errorf("tally = %s", tl.String())
			}
		})
	}
}
