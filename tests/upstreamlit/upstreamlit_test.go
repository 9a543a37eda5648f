package upstreamlit

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/goopt/goopt/cli"
	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/internal/testutil"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/passes/registry"
)

// litRoot is the tree of lit tests whose invocations are compared.
const litRoot = "../lit"

// counts are the figures of the summary: functions checked against
// upstream and skipped by reason, invocations skipped by reason.
type counts struct {
	files, filesCompared, invocations int
	knownDiffs                        int
	funcs                             passtest.Tally
	skippedRuns                       passtest.Tally
}

func (c *counts) add(o counts) {
	c.files += o.files
	c.filesCompared += o.filesCompared
	c.invocations += o.invocations
	c.knownDiffs += o.knownDiffs
	c.funcs.Add(o.funcs)
	c.skippedRuns.Add(o.skippedRuns)
}

// formatReasons is "N; reason: n; ...".
func formatReasons(t passtest.Tally) string {
	n, reasons := passtest.Reasons(t.Skipped)
	return fmt.Sprint(n) + reasons
}

// reporter is the part of testing.TB the comparison reports through.
type reporter interface {
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

// checker holds what the per-file subtests share.
type checker struct {
	opt *mlirOpt
	// known is knownUpstreamDiffs (a test's own table in unit tests).
	known map[string]string

	mu        sync.Mutex
	knownSeen map[string]bool
}

// TestMatchesUpstream runs every lit file, and for every `goopt opt`
// invocation whose passes and options all exist upstream, checks that
// mlir-opt-19 accepts goopt's output and that it computes what
// mlir-opt-19's own output for the same flags computes.
func TestMatchesUpstream(t *testing.T) {
	c := &checker{opt: findMLIROpt(t), known: knownUpstreamDiffs, knownSeen: map[string]bool{}}
	var mu sync.Mutex
	var total counts
	ran := map[string]bool{}
	passtest.ForEachFile(t, litRoot, func(t *testing.T, path, rel string) {
		n := c.checkFile(t, path, rel)
		mu.Lock()
		total.add(n)
		ran[rel] = true
		mu.Unlock()
	})
	// An entry for a file that ran but was never reached is stale too.
	for _, k := range sortedKeys(c.known) {
		if ran[knownFile(k)] && !c.knownSeen[k] {
			t.Errorf("knownUpstreamDiffs[%q] matches no compared function: remove or update it", k)
		}
	}
	t.Logf("%d lit files, %d with compared invocations; %d invocations compared; invocations skipped: %s",
		total.files, total.filesCompared, total.invocations, formatReasons(total.skippedRuns))
	t.Logf("%d functions checked against upstream, %d known upstream differences; functions skipped: %s",
		total.funcs.Checked, total.knownDiffs, formatReasons(total.funcs))
}

// checkFile runs one lit file and compares its eligible invocations.
func (c *checker) checkFile(t *testing.T, path, rel string) counts {
	n := counts{files: 1}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	runs := passtest.RecordFile(t, path, cli.Main, passtest.IsPassIn(registry.All()))
	markers, err := passtest.ReadMarkers(src)
	if err != nil {
		t.Error(err)
	}
	relTol := markers.RelTol
	seen := map[string]bool{}
	for _, run := range runs {
		if reason := skipReason(run.Invocation); reason != "" {
			n.skippedRuns.Skip(reason)
			continue
		}
		// RUN lines that differ only in what FileCheck is given repeat
		// the same comparison.
		key := fmt.Sprintf("%q %v %v\x00%s\x00%s", run.PassFlags, run.Split, run.AllowUnregistered, run.Before, run.After)
		if seen[key] {
			n.skippedRuns.Skip("repeats an earlier invocation")
			continue
		}
		seen[key] = true
		n.invocations++
		c.compareRun(t, rel, run, relTol, &n)
	}
	if n.invocations > 0 {
		n.filesCompared = 1
		t.Logf("%d invocations compared: %d functions checked, %d known upstream differences; skipped functions: %s",
			n.invocations, n.funcs.Checked, n.knownDiffs, formatReasons(n.funcs))
	}
	return n
}

// compareRun compares one invocation chunk by chunk.
func (c *checker) compareRun(t *testing.T, rel string, run passtest.Run, relTol float64, n *counts) {
	before, after := run.Chunks()
	flags := strings.Join(run.PassFlags, " ")
	if len(before) != len(after) {
		t.Errorf("`goopt opt %s`: %d input chunks but %d output chunks", flags, len(before), len(after))
		return
	}
	var common []string
	if run.AllowUnregistered {
		common = append(common, "--allow-unregistered-dialect")
	}
	// Upstream's output for the same flags on the same input, and
	// upstream's verdict on goopt's output.
	upstream := c.opt.perChunk(append(append([]string{}, common...), run.PassFlags...), texts(before))
	verified := c.opt.perChunk(common, texts(after))
	for i := range before {
		where := fmt.Sprintf("chunk %d `%s`", i, flags)
		if err := verified[i].err; err != nil {
			t.Errorf("%s: mlir-opt-19 rejects goopt's output: %v", where, err)
			continue
		}
		if err := upstream[i].err; err != nil {
			n.funcs.Skip("chunk that mlir-opt-19 fails on")
			t.Logf("%s: mlir-opt-19 fails on the input: %v", where, err)
			continue
		}
		up := parser.Chunk{Text: upstream[i].text}
		c.compareChunk(t, rel, where, flags, before[i], up, after[i], run.AllowUnregistered, relTol, n)
	}
}

func texts(chunks []parser.Chunk) [][]byte {
	out := make([][]byte, len(chunks))
	for i, c := range chunks {
		out[i] = c.Text
	}
	return out
}

// compareChunk checks every function of one chunk: upstream's output
// against goopt's, and on a difference both against the original input to
// say who is right.
func (c *checker) compareChunk(t reporter, rel, where, flags string, orig, up, goo parser.Chunk, allowUnregistered bool, relTol float64, n *counts) {
	mOrig, err := passtest.ParseChunk(orig, "input", allowUnregistered)
	if err != nil {
		t.Errorf("%s: goopt no longer parses the input: %v", where, err)
		return
	}
	mUp, err := passtest.ParseChunk(up, "upstream", allowUnregistered)
	if err != nil {
		t.Errorf("%s: goopt cannot parse mlir-opt-19's output: %v", where, err)
		return
	}
	mGoopt, err := passtest.ParseChunk(goo, "goopt", allowUnregistered)
	if err != nil {
		t.Errorf("%s: goopt cannot parse its own output: %v", where, err)
		return
	}
	iopts := interp.Options{MaxSteps: passtest.MaxSteps}
	eopts := equiv.Options{Seeds: passtest.Seeds, RelTol: relTol, Interp: iopts}
	outputs := []passtest.Output{
		{Module: mUp, Label: "upstream output", In: "in mlir-opt-19's output"},
		{Module: mGoopt, Label: "goopt output", In: "in goopt's output"},
	}
	for _, f := range passtest.Functions(mOrig, outputs, iopts) {
		name := f.Name
		if f.Skip != "" {
			n.funcs.Skip(f.Skip)
			if f.Note != "" {
				t.Logf("%s: %s", where, f.Note)
			}
			continue
		}
		key := knownKey(rel, name, flags)
		reason, known := c.known[key]
		if known {
			c.mu.Lock()
			c.knownSeen[key] = true
			c.mu.Unlock()
		}
		diff := equiv.Check(mUp, mGoopt, name, eopts)
		if diff == nil {
			n.funcs.Checked++
			if known {
				t.Errorf("%s: @%s now agrees with mlir-opt-19: remove knownUpstreamDiffs[%q] (%s)", where, name, key, reason)
			}
			continue
		}
		// Who is right: both outputs against the original input.
		gooptErr := equiv.Check(mOrig, mGoopt, name, eopts)
		upErr := equiv.Check(mOrig, mUp, name, eopts)
		if passtest.FailsBefore(gooptErr) {
			n.funcs.Skip("fails at runtime on the original input")
			continue
		}
		verdict := fmt.Sprintf("goopt vs original: %s; mlir-opt-19 vs original: %s", okOr(gooptErr), okOr(upErr))
		switch {
		case known && gooptErr == nil:
			n.knownDiffs++
			t.Logf("%s: @%s: known upstream difference (%s): %v; %s", where, name, reason, passtest.FirstLine(diff), verdict)
		case known:
			t.Errorf("%s: @%s: listed as an upstream bug (%s) but goopt differs from the original too: %s", where, name, reason, verdict)
		case gooptErr != nil && upErr == nil:
			t.Errorf("%s: @%s: goopt is wrong, mlir-opt-19 is right: goopt vs mlir-opt-19: %v; %s", where, name, passtest.FirstLine(diff), verdict)
		case gooptErr == nil && upErr != nil:
			t.Errorf("%s: @%s: mlir-opt-19's output differs from the original but goopt's does not (an upstream bug? list it in knownUpstreamDiffs as %q): %v; %s", where, name, key, passtest.FirstLine(diff), verdict)
		default:
			t.Errorf("%s: @%s: goopt and mlir-opt-19 differ: %v; %s", where, name, passtest.FirstLine(diff), verdict)
		}
	}
}

func okOr(err error) string {
	if err == nil {
		return "same"
	}
	return passtest.FirstLine(err)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// recordingReporter keeps what compareChunk reports.
type recordingReporter struct{ errs, logs []string }

func (r *recordingReporter) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *recordingReporter) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

// TestCompareChunkVerdicts makes sure a difference is blamed on the side
// that departs from the original input, that a listed upstream bug is only
// logged, and that a listed entry which agrees again fails.
func TestCompareChunkVerdicts(t *testing.T) {
	const orig = testutil.SumI32x8
	wrong := strings.Replace(orig, "0 to 8", "1 to 8", 1)
	const file, flags = "x.mlir", "--cse"
	key := knownKey(file, "sum", flags)
	for _, tc := range []struct {
		name, up, goo string
		known         bool
		wantErr       string
		wantKnown     int
	}{
		{"agree", orig, orig, false, "", 0},
		{"goopt wrong", orig, wrong, false, "goopt is wrong, mlir-opt-19 is right", 0},
		{"upstream wrong", wrong, orig, false, "mlir-opt-19's output differs from the original but goopt's does not", 0},
		{"upstream wrong, listed", wrong, orig, true, "", 1},
		{"listed, both wrong", wrong, strings.Replace(orig, "0 to 8", "2 to 8", 1), true, "goopt differs from the original too", 0},
		{"listed, agrees again", orig, orig, true, "now agrees with mlir-opt-19", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &checker{known: map[string]string{}, knownSeen: map[string]bool{}}
			if tc.known {
				c.known[key] = "test entry"
			}
			var r recordingReporter
			var n counts
			c.compareChunk(&r, file, "chunk 0", flags, parser.Chunk{Text: []byte(orig)},
				parser.Chunk{Text: []byte(tc.up)}, parser.Chunk{Text: []byte(tc.goo)}, false, 0, &n)
			switch {
			case tc.wantErr == "" && len(r.errs) > 0:
				t.Errorf("unexpected failures %q", r.errs)
			case tc.wantErr != "" && (len(r.errs) != 1 || !strings.Contains(r.errs[0], tc.wantErr)):
				t.Errorf("failures %q, want one containing %q", r.errs, tc.wantErr)
			}
			if n.knownDiffs != tc.wantKnown {
				t.Errorf("knownDiffs = %d, want %d", n.knownDiffs, tc.wantKnown)
			}
			if tc.known != c.knownSeen[key] {
				t.Errorf("knownSeen = %v, want %v", c.knownSeen[key], tc.known)
			}
		})
	}
}
