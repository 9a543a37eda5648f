package equiv

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

// litRoot is the tree of lit tests whose pass invocations are checked.
const litRoot = "../lit"

// seeds are the random inputs every function is checked on.
var seeds = []int64{1, 2, 3}

// maxSteps keeps a non-terminating function (before or after) from hanging
// the test; a function that needs more is skipped.
const maxSteps = 1 << 22

// noneMarker exempts a file whose functions genuinely cannot be executed.
var noneMarker = regexp.MustCompile(`(?m)^\s*//\s*EQUIV:\s*none\s*\((.+)\)\s*$`)

// relTolMarker lets a file whose passes reassociate floating-point
// arithmetic (parallel reductions) compare within a relative tolerance.
var relTolMarker = regexp.MustCompile(`(?m)^\s*//\s*EQUIV:\s*rel-tol=(\S+)\s*$`)

// optRun is one successful `goopt opt` invocation that ran passes.
type optRun struct {
	args              []string
	before, after     []byte
	split             bool
	allowUnregistered bool
}

// recorder is the `goopt` tool for one lit file: it runs cli.Main and keeps
// the input and output of every `opt` invocation with passes.
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
	inv := parseOptArgs(args[1:])
	if !inv.passes || inv.verifyDiagnostics || inv.help {
		return code
	}
	run := optRun{args: args, before: in, after: out.Bytes(), split: inv.split, allowUnregistered: inv.allowUnregistered}
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

// optInvocation is what the equivalence check needs to know of opt's flags.
type optInvocation struct {
	input, output     string
	passes            bool
	split             bool
	verifyDiagnostics bool
	allowUnregistered bool
	help              bool
}

// parseOptArgs reads goopt opt's arguments. Flags take their value after
// '=', except -o/--output, which also take the next argument.
func parseOptArgs(args []string) optInvocation {
	reg := registry.All()
	var inv optInvocation
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			if inv.input == "" {
				inv.input = a
			}
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case name == "o" || name == "output":
			if !hasValue && i+1 < len(args) {
				i++
				value = args[i]
			}
			inv.output = value
		case name == "pass-pipeline":
			inv.passes = true
		case name == "split-input-file":
			inv.split = value != "false"
		case name == "verify-diagnostics":
			inv.verifyDiagnostics = value != "false"
		case name == "allow-unregistered-dialect":
			inv.allowUnregistered = value != "false"
		case name == "help" || name == "h":
			inv.help = true
		case reg.Lookup(name) != nil || reg.LookupPipeline(name) != nil:
			inv.passes = true
		}
	}
	return inv
}

// tally counts checked and skipped functions by reason.
type tally struct {
	checked int
	skipped map[string]int
}

func (t *tally) skip(reason string) {
	if t.skipped == nil {
		t.skipped = map[string]int{}
	}
	t.skipped[reason]++
}

func (t *tally) add(o tally) {
	t.checked += o.checked
	for k, v := range o.skipped {
		for i := 0; i < v; i++ {
			t.skip(k)
		}
	}
}

func (t *tally) String() string {
	var b strings.Builder
	n := 0
	for _, v := range t.skipped {
		n += v
	}
	fmt.Fprintf(&b, "%d checked, %d skipped", t.checked, n)
	keys := make([]string, 0, len(t.skipped))
	for k := range t.skipped {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "; %s: %d", k, t.skipped[k])
	}
	return b.String()
}

// TestPassesPreserveSemantics is the project-wide execution check of every
// pass exercised by a lit test.
func TestPassesPreserveSemantics(t *testing.T) {
	files, err := lit.Discover(litRoot)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no lit tests found")
	}
	var mu sync.Mutex
	var total tally
	withPasses := 0
	t.Run("lit", func(t *testing.T) {
		for _, f := range files {
			rel, _ := filepath.Rel(litRoot, f)
			t.Run(filepath.ToSlash(rel), func(t *testing.T) {
				t.Parallel()
				tl, n := checkFile(t, f)
				mu.Lock()
				total.add(tl)
				if n > 0 {
					withPasses++
				}
				mu.Unlock()
			})
		}
	})
	t.Logf("%d lit files, %d with pass invocations: %s", len(files), withPasses, total.String())
}

// checkFile runs one lit file, checks every recorded pass invocation and
// returns the counts and the number of invocations.
func checkFile(t *testing.T, path string) (tally, int) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	runner := &lit.Runner{Tools: map[string]lit.Tool{"goopt": rec.tool}, TempDir: t.TempDir()}
	if res := runner.RunFile(path); res.Status.Failed() {
		// The lit suite reports the failure itself; whatever ran is still checked.
		t.Logf("lit test fails (not this test's concern): %s", res.Reason)
	}
	for _, e := range rec.errs {
		t.Error(e)
	}
	relTol := 0.0
	if m := relTolMarker.FindSubmatch(src); m != nil {
		if relTol, err = strconv.ParseFloat(string(m[1]), 64); err != nil || relTol < 0 {
			t.Errorf("%s: bad `EQUIV: rel-tol=%s` marker", path, m[1])
		}
	}
	var tl tally
	for _, run := range rec.runs {
		checkRun(t, path, run, relTol, &tl)
	}
	marker := noneMarker.FindSubmatch(src)
	switch {
	case len(rec.runs) == 0:
	case tl.checked == 0 && marker == nil:
		t.Errorf("%s: no function could be checked by execution (%s); make one executable or mark the file `// EQUIV: none (reason)`", path, tl.String())
	case tl.checked > 0 && marker != nil:
		t.Errorf("%s: marked `EQUIV: none (%s)` but %d functions were checked; remove the marker", path, marker[1], tl.checked)
	}
	if len(rec.runs) > 0 {
		t.Logf("%d pass invocations: %s", len(rec.runs), tl.String())
	}
	return tl, len(rec.runs)
}

// checkRun compares input and output of one invocation chunk by chunk.
func checkRun(t *testing.T, path string, run optRun, relTol float64, tl *tally) {
	before := []parser.Chunk{{Text: run.before}}
	after := []parser.Chunk{{Text: run.after}}
	if run.split {
		before, after = parser.SplitInputFile(run.before), parser.SplitInputFile(run.after)
	}
	pipeline := strings.Join(run.args, " ")
	if len(before) != len(after) {
		t.Errorf("%s: `goopt %s`: %d input chunks but %d output chunks", path, pipeline, len(before), len(after))
		return
	}
	for i := range before {
		where := fmt.Sprintf("%s (chunk %d) `goopt %s`", path, i, pipeline)
		if len(bytes.TrimSpace(after[i].Text)) == 0 && len(bytes.TrimSpace(before[i].Text)) != 0 {
			t.Errorf("%s: empty output for a non-empty chunk", where)
			continue
		}
		for _, p := range checkChunk(where, before[i], after[i], run.allowUnregistered, relTol, tl, t.Logf) {
			t.Error(p)
		}
	}
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

// checkChunk checks every function of one chunk and returns the failures;
// logf explains the skips.
func checkChunk(where string, b, a parser.Chunk, allowUnregistered bool, relTol float64, tl *tally, logf func(string, ...any)) (failures []string) {
	mb, err := parseChunk(b, "before", allowUnregistered)
	if err != nil {
		return []string{fmt.Sprintf("%s: the input no longer parses: %v", where, err)}
	}
	ma, err := parseChunk(a, "after", allowUnregistered)
	if err != nil {
		return []string{fmt.Sprintf("%s: the output does not parse: %v", where, err)}
	}
	opts := interp.Options{MaxSteps: maxSteps}
	ib, _ := interp.New(mb, opts)
	ia, _ := interp.New(ma, opts)
	for _, fn := range functions(mb) {
		name := ir.SymbolNameOf(fn)
		if fn.NumRegions() == 0 || fn.Region(0).Empty() {
			tl.skip("external declaration")
			continue
		}
		ft, err := ib.FunctionType(name)
		if err != nil || !executableSignature(ft) {
			tl.skip("signature not memrefs and scalars")
			continue
		}
		if ia.Symbol(name) == nil {
			tl.skip("removed by the pass")
			continue
		}
		if _, err := ib.Function(name); err != nil {
			tl.skip("unsupported by the interpreter")
			logf("%s: @%s: %v", where, name, firstLine(err))
			continue
		}
		if _, err := ia.Function(name); err != nil {
			tl.skip("output unsupported by the interpreter")
			logf("%s: @%s after the pass: %v", where, name, firstLine(err))
			continue
		}
		err = equiv.Check(mb, ma, name, equiv.Options{Seeds: seeds, RelTol: relTol, Interp: opts})
		var re *equiv.RunError
		switch {
		case err == nil:
			tl.checked++
		case errors.As(err, &re) && re.Which == "before":
			tl.skip("fails at runtime before the pass")
			logf("%s: @%s: %v", where, name, firstLine(err))
		default:
			failures = append(failures, fmt.Sprintf("%s: @%s is not preserved by the pass: %v", where, name, err))
		}
	}
	return failures
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

// TestParseOptArgs pins down which invocations are checked.
func TestParseOptArgs(t *testing.T) {
	for _, tc := range []struct {
		args string
		want optInvocation
	}{
		{"in.mlir --canonicalize -o out.mlir", optInvocation{input: "in.mlir", output: "out.mlir", passes: true}},
		{"--split-input-file in.mlir --pass-pipeline=builtin.module(cse)", optInvocation{input: "in.mlir", passes: true, split: true}},
		{"in.mlir --split-input-file --verify-diagnostics --cse", optInvocation{input: "in.mlir", passes: true, split: true, verifyDiagnostics: true}},
		{"in.mlir --mlir-print-op-generic", optInvocation{input: "in.mlir"}},
		{"--allow-unregistered-dialect --output=o.mlir -", optInvocation{input: "-", output: "o.mlir", allowUnregistered: true}},
	} {
		if got := parseOptArgs(strings.Fields(tc.args)); got != tc.want {
			t.Errorf("parseOptArgs(%q) = %+v, want %+v", tc.args, got, tc.want)
		}
	}
}

// TestCheckChunkFindsBugs makes sure the check fails on a wrong
// transformation and on a runtime failure the pass introduced, and skips
// (rather than fails) what it cannot run.
func TestCheckChunkFindsBugs(t *testing.T) {
	const before = `
func.func @sum(%a: memref<8xi32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = affine.for %i = 0 to 8 iter_args(%acc = %c0) -> i32 {
    %x = affine.load %a[%i] : memref<8xi32>
    %s = arith.addi %acc, %x : i32
    affine.yield %s : i32
  }
  return %r : i32
}
func.func private @ext(i32) -> i32
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
			var tl tally
			got := checkChunk("t", parser.Chunk{Text: []byte(before)}, parser.Chunk{Text: []byte(tc.after)}, true, 0, &tl, t.Logf)
			if tc.failure == "" && len(got) > 0 || tc.failure != "" && (len(got) != 1 || !strings.Contains(got[0], tc.failure)) {
				t.Errorf("failures = %q, want one containing %q", got, tc.failure)
			}
			want := map[string]int{"external declaration": 1, "unsupported by the interpreter": 1, "fails at runtime before the pass": 1}
			if tl.checked != tc.checked || fmt.Sprint(tl.skipped) != fmt.Sprint(want) {
				t.Errorf("tally = %s", tl.String())
			}
		})
	}
}
