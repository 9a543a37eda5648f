package upstreamlit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/goopt/goopt/cli"
	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/internal/lit"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/passes/registry"
)

// litRoot is the tree of lit tests whose invocations are compared.
const litRoot = "../lit"

// seeds are the random inputs every function is run on.
var seeds = []int64{1, 2, 3}

// maxSteps keeps a non-terminating function from hanging the test.
const maxSteps = 1 << 22

// relTolMarker is tests/equiv's marker for files whose passes reassociate
// floating-point arithmetic; the same tolerance applies here.
var relTolMarker = regexp.MustCompile(`(?m)^\s*//\s*EQUIV:\s*rel-tol=(\S+)\s*$`)

// optRun is one successful `goopt opt` invocation that ran passes.
type optRun struct {
	inv           invocation
	before, after []byte
}

// recorder is the `goopt` tool of one lit file: it runs cli.Main and keeps
// the input and output of every `opt` invocation that runs passes.
type recorder struct {
	mu   sync.Mutex
	runs []optRun
	errs []string
}

func (r *recorder) tool(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	in, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var out bytes.Buffer
	code := cli.Main(args, bytes.NewReader(in), io.MultiWriter(stdout, &out), stderr)
	if code != 0 || len(args) == 0 || args[0] != "opt" {
		return code
	}
	reg := registry.All()
	inv := parseInvocation(args[1:], func(name string) bool {
		return reg.Lookup(name) != nil || reg.LookupPipeline(name) != nil
	})
	if len(inv.passFlags) == 0 || inv.help {
		return code
	}
	run := optRun{inv: inv, before: in, after: out.Bytes()}
	if inv.input != "" && inv.input != "-" {
		if run.before, err = os.ReadFile(inv.input); err != nil {
			r.fail("reading %s: %v", inv.input, err)
			return code
		}
	}
	if inv.output != "" && inv.output != "-" {
		if run.after, err = os.ReadFile(inv.output); err != nil {
			r.fail("reading %s: %v", inv.output, err)
			return code
		}
	}
	r.mu.Lock()
	r.runs = append(r.runs, run)
	r.mu.Unlock()
	return code
}

func (r *recorder) fail(format string, args ...any) {
	r.mu.Lock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
	r.mu.Unlock()
}

// counts are the figures of the summary.
type counts struct {
	files, filesCompared, invocations int
	checked, knownDiffs               int
	skippedRuns, skippedFuncs         map[string]int
}

func (c *counts) skipRun(reason string)  { bump(&c.skippedRuns, reason) }
func (c *counts) skipFunc(reason string) { bump(&c.skippedFuncs, reason) }

func bump(m *map[string]int, k string) {
	if *m == nil {
		*m = map[string]int{}
	}
	(*m)[k]++
}

func (c *counts) add(o counts) {
	c.files += o.files
	c.filesCompared += o.filesCompared
	c.invocations += o.invocations
	c.checked += o.checked
	c.knownDiffs += o.knownDiffs
	for k, v := range o.skippedRuns {
		for range v {
			c.skipRun(k)
		}
	}
	for k, v := range o.skippedFuncs {
		for range v {
			c.skipFunc(k)
		}
	}
}

func formatReasons(m map[string]int) string {
	keys := make([]string, 0, len(m))
	n := 0
	for k, v := range m {
		keys = append(keys, k)
		n += v
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "%d", n)
	for _, k := range keys {
		fmt.Fprintf(&b, "; %s: %d", k, m[k])
	}
	return b.String()
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
	files, err := lit.Discover(litRoot)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no lit tests found")
	}
	var mu sync.Mutex
	var total counts
	ran := map[string]bool{}
	t.Run("lit", func(t *testing.T) {
		for _, f := range files {
			rel, _ := filepath.Rel(litRoot, f)
			rel = filepath.ToSlash(rel)
			t.Run(rel, func(t *testing.T) {
				t.Parallel()
				n := c.checkFile(t, f, rel)
				mu.Lock()
				total.add(n)
				ran[rel] = true
				mu.Unlock()
			})
		}
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
		total.checked, total.knownDiffs, formatReasons(total.skippedFuncs))
}

// checkFile runs one lit file and compares its eligible invocations.
func (c *checker) checkFile(t *testing.T, path, rel string) counts {
	n := counts{files: 1}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	runner := &lit.Runner{Tools: map[string]lit.Tool{"goopt": rec.tool}, TempDir: t.TempDir()}
	if res := runner.RunFile(path); res.Status.Failed() {
		t.Logf("lit test fails (not this test's concern): %s", res.Reason)
	}
	for _, e := range rec.errs {
		t.Error(e)
	}
	relTol := 0.0
	if m := relTolMarker.FindSubmatch(src); m != nil {
		if relTol, err = strconv.ParseFloat(string(m[1]), 64); err != nil || relTol < 0 {
			t.Errorf("bad `EQUIV: rel-tol=%s` marker", m[1])
		}
	}
	seen := map[string]bool{}
	for _, run := range rec.runs {
		if reason := run.inv.skipReason(); reason != "" {
			n.skipRun(reason)
			continue
		}
		// RUN lines that differ only in what FileCheck is given repeat
		// the same comparison.
		key := fmt.Sprintf("%q %v %v\x00%s\x00%s", run.inv.passFlags, run.inv.split, run.inv.allowUnregistered, run.before, run.after)
		if seen[key] {
			n.skipRun("repeats an earlier invocation")
			continue
		}
		seen[key] = true
		n.invocations++
		c.compareRun(t, rel, run, relTol, &n)
	}
	if n.invocations > 0 {
		n.filesCompared = 1
		t.Logf("%d invocations compared: %d functions checked, %d known upstream differences; skipped functions: %s",
			n.invocations, n.checked, n.knownDiffs, formatReasons(n.skippedFuncs))
	}
	return n
}

// compareRun compares one invocation chunk by chunk.
func (c *checker) compareRun(t *testing.T, rel string, run optRun, relTol float64, n *counts) {
	before := []parser.Chunk{{Text: run.before}}
	after := []parser.Chunk{{Text: run.after}}
	if run.inv.split {
		before, after = parser.SplitInputFile(run.before), parser.SplitInputFile(run.after)
	}
	flags := strings.Join(run.inv.passFlags, " ")
	if len(before) != len(after) {
		t.Errorf("`goopt opt %s`: %d input chunks but %d output chunks", flags, len(before), len(after))
		return
	}
	var common []string
	if run.inv.allowUnregistered {
		common = append(common, "--allow-unregistered-dialect")
	}
	// Upstream's output for the same flags on the same input, and
	// upstream's verdict on goopt's output.
	upstream := c.opt.perChunk(append(append([]string{}, common...), run.inv.passFlags...), texts(before))
	verified := c.opt.perChunk(common, texts(after))
	for i := range before {
		where := fmt.Sprintf("chunk %d `%s`", i, flags)
		if err := verified[i].err; err != nil {
			t.Errorf("%s: mlir-opt-19 rejects goopt's output: %v", where, err)
			continue
		}
		if err := upstream[i].err; err != nil {
			n.skipFunc("chunk that mlir-opt-19 fails on")
			t.Logf("%s: mlir-opt-19 fails on the input: %v", where, err)
			continue
		}
		up := parser.Chunk{Text: upstream[i].text}
		c.compareChunk(t, rel, where, flags, before[i], up, after[i], run.inv.allowUnregistered, relTol, n)
	}
}

func texts(chunks []parser.Chunk) [][]byte {
	out := make([][]byte, len(chunks))
	for i, c := range chunks {
		out[i] = c.Text
	}
	return out
}

func parseChunk(ch parser.Chunk, name string, allowUnregistered bool) (*ir.Operation, error) {
	ctx := all.NewContext()
	ctx.AllowUnregistered = allowUnregistered
	f, err := parser.ParseFileAt(ctx, name, ch.Text, ch.LineOffset)
	if err != nil {
		return nil, err
	}
	return f.Module, nil
}

// compareChunk checks every function of one chunk: upstream's output
// against goopt's, and on a difference both against the original input to
// say who is right.
func (c *checker) compareChunk(t reporter, rel, where, flags string, orig, up, goo parser.Chunk, allowUnregistered bool, relTol float64, n *counts) {
	mOrig, err := parseChunk(orig, "input", allowUnregistered)
	if err != nil {
		t.Errorf("%s: goopt no longer parses the input: %v", where, err)
		return
	}
	mUp, err := parseChunk(up, "upstream", allowUnregistered)
	if err != nil {
		t.Errorf("%s: goopt cannot parse mlir-opt-19's output: %v", where, err)
		return
	}
	mGoopt, err := parseChunk(goo, "goopt", allowUnregistered)
	if err != nil {
		t.Errorf("%s: goopt cannot parse its own output: %v", where, err)
		return
	}
	iopts := interp.Options{MaxSteps: maxSteps}
	iOrig, _ := interp.New(mOrig, iopts)
	iUp, _ := interp.New(mUp, iopts)
	iGoopt, _ := interp.New(mGoopt, iopts)
	eopts := equiv.Options{Seeds: seeds, RelTol: relTol, Interp: iopts}
	for _, fn := range functions(mOrig) {
		name := ir.SymbolNameOf(fn)
		if fn.NumRegions() == 0 || fn.Region(0).Empty() {
			n.skipFunc("external declaration")
			continue
		}
		ft, err := iOrig.FunctionType(name)
		if err != nil || !executableSignature(ft) {
			n.skipFunc("signature not memrefs and scalars")
			continue
		}
		if iUp.Symbol(name) == nil || iGoopt.Symbol(name) == nil {
			n.skipFunc("removed by the pass")
			continue
		}
		if _, err := iOrig.Function(name); err != nil {
			n.skipFunc("unsupported by the interpreter")
			continue
		}
		if _, err := iUp.Function(name); err != nil {
			n.skipFunc("upstream output unsupported by the interpreter")
			t.Logf("%s: @%s in mlir-opt-19's output: %v", where, name, firstLine(err))
			continue
		}
		if _, err := iGoopt.Function(name); err != nil {
			n.skipFunc("goopt output unsupported by the interpreter")
			t.Logf("%s: @%s in goopt's output: %v", where, name, firstLine(err))
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
			n.checked++
			if known {
				t.Errorf("%s: @%s now agrees with mlir-opt-19: remove knownUpstreamDiffs[%q] (%s)", where, name, key, reason)
			}
			continue
		}
		// Who is right: both outputs against the original input.
		gooptErr := equiv.Check(mOrig, mGoopt, name, eopts)
		upErr := equiv.Check(mOrig, mUp, name, eopts)
		var re *equiv.RunError
		if errors.As(gooptErr, &re) && re.Which == "before" {
			n.skipFunc("fails at runtime on the original input")
			continue
		}
		verdict := fmt.Sprintf("goopt vs original: %s; mlir-opt-19 vs original: %s", okOr(gooptErr), okOr(upErr))
		switch {
		case known && gooptErr == nil:
			n.knownDiffs++
			t.Logf("%s: @%s: known upstream difference (%s): %v; %s", where, name, reason, firstLine(diff), verdict)
		case known:
			t.Errorf("%s: @%s: listed as an upstream bug (%s) but goopt differs from the original too: %s", where, name, reason, verdict)
		case gooptErr != nil && upErr == nil:
			t.Errorf("%s: @%s: goopt is wrong, mlir-opt-19 is right: goopt vs mlir-opt-19: %v; %s", where, name, firstLine(diff), verdict)
		case gooptErr == nil && upErr != nil:
			t.Errorf("%s: @%s: mlir-opt-19's output differs from the original but goopt's does not (an upstream bug? list it in knownUpstreamDiffs as %q): %v; %s", where, name, key, firstLine(diff), verdict)
		default:
			t.Errorf("%s: @%s: goopt and mlir-opt-19 differ: %v; %s", where, name, firstLine(diff), verdict)
		}
	}
}

func okOr(err error) string {
	if err == nil {
		return "same"
	}
	return firstLine(err)
}

func functions(module *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	if module.NumRegions() == 0 {
		return nil
	}
	for _, b := range module.Region(0).Blocks() {
		for _, op := range b.Ops() {
			if op.Name() == "func.func" {
				out = append(out, op)
			}
		}
	}
	return out
}

// executableSignature reports whether random arguments can be made for ft
// and its results compared: memrefs of scalars and scalars only.
func executableSignature(ft *ir.FunctionType) bool {
	ok := func(t ir.Type) bool {
		if m, isMem := t.(*ir.MemRefType); isMem {
			t = m.Elem
		}
		switch t.(type) {
		case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
			return true
		}
		return false
	}
	for _, t := range ft.Inputs {
		if !ok(t) {
			return false
		}
	}
	for _, t := range ft.Results {
		if !ok(t) {
			return false
		}
	}
	return true
}

func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
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
	const orig = `
func.func @sum(%a: memref<8xi32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = affine.for %i = 0 to 8 iter_args(%acc = %c0) -> i32 {
    %x = affine.load %a[%i] : memref<8xi32>
    %s = arith.addi %acc, %x : i32
    affine.yield %s : i32
  }
  return %r : i32
}
`
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
