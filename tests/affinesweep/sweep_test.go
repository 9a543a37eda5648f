package affinesweep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/driver"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/interp/equiv"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/passes/registry"
)

// minKernels is the acceptance floor on the number of kernels.
const minKernels = 15

// seeds are the random inputs every kernel function is checked on.
var seeds = []int64{1, 2}

// maxSteps keeps a non-terminating output from hanging the sweep.
const maxSteps = 1 << 24

// kernel is one testdata file with what the sweep computes once.
type kernel struct {
	name, file string
	src        []byte
	// printed is goopt's printing of the file without passes: an output
	// equal to it means the pipeline left the IR unchanged.
	printed []byte
	// checksum is @entry's result in the interpreter on the original.
	checksum int64
	// funcs are the public functions other than @entry.
	funcs []string
}

// cell is the outcome of one (combination, kernel) check.
type cell struct {
	ran      bool
	changed  bool
	failed   bool   // goopt's output is wrong, does not verify, or upstream cannot run it
	known    bool   // the failure is listed in knownIssues
	upB      bool   // upstream executed goopt's output and agreed
	upC      string // "", "agree", "differs", "reassoc", or "fails (stage)"
	upCNote  string
	notApply bool // the pipeline left the IR unchanged
}

// table collects cells across parallel subtests.
type table struct {
	mu    sync.Mutex
	cells map[string]map[string]*cell // combo -> kernel -> cell
	skip  map[string]string           // combo -> why it did not run
}

func (tb *table) put(c, k string, x *cell) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if tb.cells[c] == nil {
		tb.cells[c] = map[string]*cell{}
	}
	tb.cells[c][k] = x
}

func (tb *table) skipped(c, why string) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.skip[c] = why
}

func parse(name string, src []byte) (*ir.Operation, error) {
	f, err := parser.ParseFile(all.NewContext(), name, src)
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(f.Module); err != nil {
		return nil, err
	}
	return f.Module, nil
}

// entryChecksum runs @entry in the interpreter.
func entryChecksum(module *ir.Operation) (int64, error) {
	m, err := interp.New(module, interp.Options{MaxSteps: maxSteps})
	if err != nil {
		return 0, err
	}
	res, err := m.Call("entry", nil)
	if err != nil {
		return 0, err
	}
	if len(res) != 1 {
		return 0, fmt.Errorf("'entry' returned %d values, want 1", len(res))
	}
	return res[0].Int(), nil
}

// loadKernels reads testdata/*.mlir and computes each kernel's reference
// checksum.
func loadKernels(t *testing.T) []*kernel {
	files, err := filepath.Glob("testdata/*.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < minKernels {
		t.Fatalf("found %d kernels, want at least %d", len(files), minKernels)
	}
	var ks []*kernel
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		k := &kernel{name: strings.TrimSuffix(filepath.Base(file), ".mlir"), file: file, src: src}
		module, err := parse(file, src)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, b := range module.Region(0).Blocks() {
			for _, op := range b.Ops() {
				name := ir.SymbolNameOf(op)
				if op.Name() == "func.func" && name != "entry" && ir.Visibility(op) != "private" {
					k.funcs = append(k.funcs, name)
				}
			}
		}
		if len(k.funcs) == 0 {
			t.Fatalf("%s: no kernel function", file)
		}
		if k.checksum, err = entryChecksum(module); err != nil {
			t.Fatalf("%s: @entry in the interpreter: %v", file, err)
		}
		out, diags := driver.Opt(context.Background(), src, file, driver.OptOptions{})
		if hasErrors(diags) {
			t.Fatalf("%s: printing: %v", file, diags)
		}
		k.printed = out
		ks = append(ks, k)
	}
	return ks
}

// missingPasses lists the passes of c that the registry does not have yet.
func missingPasses(c combo) []string {
	reg := registry.All()
	var out []string
	for _, f := range c.passes {
		if reg.Lookup(f.Name) == nil {
			out = append(out, f.Name)
		}
	}
	return out
}

// TestAffineSweep runs every combination over every kernel and checks (a)
// goopt's output against the original in the interpreter, (b) upstream's
// execution of goopt's output and (c) upstream's own pass on the original.
func TestAffineSweep(t *testing.T) {
	kernels := loadKernels(t)
	up := findUpstream()
	if up == nil {
		if os.Getenv("CI") != "" {
			t.Fatal("mlir-opt-19 and mlir-cpu-runner-19 are required in CI (Debian: mlir-19-tools)")
		}
		t.Log("mlir-opt-19 / mlir-cpu-runner-19 not installed: upstream checks (b) and (c) skipped")
	}
	if up != nil {
		t.Run("baseline", func(t *testing.T) {
			srcs := make([][]byte, len(kernels))
			for i, k := range kernels {
				srcs[i] = k.src
			}
			up.lowerAll(srcs, nil)
			for _, k := range kernels {
				t.Run(k.name, func(t *testing.T) {
					t.Parallel()
					r := up.execute(k.src, nil)
					switch {
					case r.err != nil:
						t.Errorf("upstream cannot run the original (%s): %v", r.stage, r.err)
					case r.checksum != k.checksum:
						t.Errorf("interpreter %d, upstream %d on the original", k.checksum, r.checksum)
					}
				})
			}
		})
	}
	tb := &table{cells: map[string]map[string]*cell{}, skip: map[string]string{}}
	t.Run("combo", func(t *testing.T) {
		for _, c := range combos {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				if miss := missingPasses(c); len(miss) > 0 {
					tb.skipped(c.name, "not registered: "+strings.Join(miss, ", "))
					t.Skipf("passes not registered yet: %s", strings.Join(miss, ", "))
				}
				outs := make([][]byte, len(kernels))
				diags := make([]ir.DiagList, len(kernels))
				for i, k := range kernels {
					outs[i], diags[i] = driver.Opt(context.Background(), k.src, k.file, driver.OptOptions{Passes: c.passes})
				}
				if up != nil {
					var ok, srcs [][]byte
					for i, k := range kernels {
						if !hasErrors(diags[i]) {
							ok = append(ok, outs[i])
						}
						srcs = append(srcs, k.src)
					}
					up.lowerAll(ok, nil)
					if !c.goopt {
						up.lowerAll(srcs, upstreamFlags(c.passes))
					}
				}
				for i, k := range kernels {
					t.Run(k.name, func(t *testing.T) {
						t.Parallel()
						tb.put(c.name, k.name, checkOne(t, k, c, outs[i], diags[i], up))
					})
				}
			})
		}
	})
	t.Log("\n" + tb.summary(kernels))
}

// checkOne checks goopt's output out (with diagnostics diags) of pipeline
// c on kernel k.
func checkOne(t *testing.T, k *kernel, c combo, out []byte, diags ir.DiagList, up *upstream) *cell {
	x := &cell{ran: true}
	known, isKnown := knownIssues[c.name+"/"+k.name]
	defer func() {
		if isKnown && !x.failed {
			t.Errorf("known issue %q no longer reproduces: remove it from knownIssues", known)
		}
	}()
	fail := func(format string, args ...any) *cell {
		t.Helper()
		msg := fmt.Sprintf("%s with %s: "+format, append([]any{k.file, strings.Join(upstreamFlags(c.passes), " ")}, args...)...)
		x.failed = true
		if isKnown {
			x.known = true
			t.Logf("known goopt issue (%s): %s", known, msg)
			return x
		}
		t.Error(msg)
		return x
	}
	if hasErrors(diags) {
		return fail("goopt fails: %v", diags)
	}
	x.changed = !bytes.Equal(out, k.printed)
	x.notApply = !x.changed
	after, err := parse("after.mlir", out)
	if err != nil {
		return fail("the output does not re-parse and verify: %v", err)
	}
	tol := 0.0
	if c.reassoc {
		tol = relTol
	}
	for _, fn := range k.funcs {
		before, err := parse(k.file, k.src)
		if err != nil {
			return fail("%v", err)
		}
		err = equiv.Check(before, after, fn, equiv.Options{Seeds: seeds, RelTol: tol, Interp: interp.Options{MaxSteps: maxSteps}})
		if err != nil {
			var re *equiv.RunError
			if errors.As(err, &re) && re.Which == "before" {
				return fail("@%s fails before the pass (a harness bug): %v", fn, err)
			}
			return fail("@%s is not preserved: %v", fn, err)
		}
	}
	got, err := entryChecksum(after)
	if err != nil {
		return fail("@entry of the output fails in the interpreter: %v", err)
	}
	want := k.checksum
	if c.reassoc {
		want = got // the reference for upstream is goopt's own (reassociated) result
	} else if got != k.checksum {
		return fail("@entry checksum %d, want %d", got, k.checksum)
	}
	if up == nil {
		return x
	}
	// (b) upstream lowers and executes goopt's output.
	if r := up.execute(out, nil); r.err != nil {
		return fail("upstream cannot execute goopt's output (%s): %v", r.stage, r.err)
	} else if r.checksum != want {
		return fail("upstream executes goopt's output to %d, the interpreter to %d", r.checksum, want)
	}
	x.upB = true
	// (c) upstream's own pass on the original.
	if c.goopt {
		return x
	}
	r := up.execute(k.src, upstreamFlags(c.passes))
	switch {
	case r.err != nil:
		x.upC, x.upCNote = "fails ("+r.stage+")", r.err.Error()
		t.Logf("upstream's pipeline fails (%s): %v", r.stage, r.err)
	case r.checksum == want:
		x.upC = "agree"
	case c.reassoc:
		x.upC = "reassoc"
		t.Logf("upstream's output reassociates differently: %d, goopt %d", r.checksum, want)
	default:
		x.upC, x.upCNote = "differs", fmt.Sprintf("checksum %d, want %d", r.checksum, want)
		t.Logf("upstream's own output computes %d, want %d (upstream bug)", r.checksum, want)
	}
	return x
}

// summary renders the kernels × combinations matrix and per-combination
// counts.
//
// Legend: '.' unchanged and equivalent, '+' transformed and equivalent,
// 'F' goopt failure, 'K' known goopt issue (knownIssues), then a second mark for upstream's own pass: ' ' agrees
// (or not applicable), 'u' upstream computes a different checksum, 'x'
// upstream's pipeline fails, '~' upstream reassociates differently.
func (tb *table) summary(kernels []*kernel) string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "affine sweep: %d kernels x %d combinations\n", len(kernels), len(combos))
	fmt.Fprintf(&b, "kernels: ")
	for i, k := range kernels {
		fmt.Fprintf(&b, "%c=%s ", kernelMark(i), k.name)
	}
	b.WriteString("\nlegend: . unchanged ok, + transformed ok, F goopt failure, K known goopt issue; second mark: u upstream differs, x upstream fails, ~ upstream reassociates differently\n")
	width := 0
	for _, c := range combos {
		width = max(width, len(c.name))
	}
	fmt.Fprintf(&b, "%-*s  ", width, "combination")
	for i := range kernels {
		fmt.Fprintf(&b, "%c ", kernelMark(i))
	}
	b.WriteString(" changed  ok  fail known  up(b)  up(c) agree/differ/fail\n")
	var tot struct{ ran, changed, ok, fail, known, upB, agree, differ, upFail int }
	var notes []string
	for _, c := range combos {
		fmt.Fprintf(&b, "%-*s  ", width, c.name)
		if why, ok := tb.skip[c.name]; ok {
			fmt.Fprintf(&b, "skipped (%s)\n", why)
			continue
		}
		var n struct{ ran, changed, ok, fail, known, upB, agree, differ, upFail int }
		for _, k := range kernels {
			x := tb.cells[c.name][k.name]
			if x == nil || !x.ran {
				b.WriteString("- ")
				continue
			}
			n.ran++
			mark := byte('.')
			if x.changed {
				mark = '+'
				n.changed++
			}
			switch {
			case x.known:
				mark = 'K'
				n.known++
			case x.failed:
				mark = 'F'
				n.fail++
			default:
				n.ok++
			}
			if x.upB {
				n.upB++
			}
			second := byte(' ')
			switch {
			case x.upC == "agree":
				n.agree++
			case x.upC == "differs":
				n.differ++
				second = 'u'
				notes = append(notes, fmt.Sprintf("%s on %s: upstream %s", c.name, k.name, x.upCNote))
			case x.upC == "reassoc":
				second = '~'
			case strings.HasPrefix(x.upC, "fails"):
				n.upFail++
				second = 'x'
				notes = append(notes, fmt.Sprintf("%s on %s: upstream %s: %s", c.name, k.name, x.upC, x.upCNote))
			}
			b.WriteByte(mark)
			b.WriteByte(second)
		}
		upc := "-"
		if !c.goopt {
			upc = fmt.Sprintf("%d/%d/%d", n.agree, n.differ, n.upFail)
		}
		fmt.Fprintf(&b, " %7d %3d %5d %5d %6d  %s\n", n.changed, n.ok, n.fail, n.known, n.upB, upc)
		tot.ran += n.ran
		tot.changed += n.changed
		tot.ok += n.ok
		tot.fail += n.fail
		tot.known += n.known
		tot.upB += n.upB
		tot.agree += n.agree
		tot.differ += n.differ
		tot.upFail += n.upFail
	}
	fmt.Fprintf(&b, "total: %d checks, %d transformed, %d ok, %d failed, %d known goopt issues; upstream ran goopt's output and agreed %d times; upstream's own passes: %d agree, %d differ, %d fail\n",
		tot.ran, tot.changed, tot.ok, tot.fail, tot.known, tot.upB, tot.agree, tot.differ, tot.upFail)
	sort.Strings(notes)
	for _, n := range notes {
		b.WriteString("  " + n + "\n")
	}
	return b.String()
}

// kernelMark names kernel i in the matrix: a-z, then A-Z.
func kernelMark(i int) byte {
	if i < 26 {
		return byte('a' + i)
	}
	return byte('A' + i - 26)
}

// hasErrors reports whether ds holds an error (remarks and warnings from
// passes that decline to transform are expected).
func hasErrors(ds ir.DiagList) bool {
	for _, d := range ds {
		if d.Severity == ir.SeverityError {
			return true
		}
	}
	return false
}
