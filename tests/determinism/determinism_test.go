package determinism

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/goopt/goopt/cli"
	"github.com/goopt/goopt/internal/lit"
	"github.com/goopt/goopt/internal/passtest"
)

// litRoot is the tree of lit tests whose invocations are repeated.
const litRoot = "../lit"

// runs is how many times each invocation runs, the first included.
const runs = 5

// result is everything one invocation prints or writes.
type result struct {
	code           int
	stdout, stderr []byte
	// output is the -o file's content, nil when there is none or it was
	// not written.
	output []byte
}

// repeater is the `goopt` tool of a lit file: it runs every opt and run
// invocation `runs` times and keeps the differences it sees.
type repeater struct {
	tool lit.Tool

	mu          sync.Mutex
	invocations int
	diffs       []string
}

func (r *repeater) goopt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	in, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	repeat := len(args) > 0 && (args[0] == "opt" || args[0] == "run")
	var inv passtest.Invocation
	if repeat {
		inv = passtest.ParseInvocation(args[1:], func(string) bool { return false })
		repeat = !inv.Help
	}
	first := r.once(args, in, inv.Output)
	stdout.Write(first.stdout)
	stderr.Write(first.stderr)
	if !repeat {
		return first.code
	}
	timing := slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "--mlir-timing") })
	for i := 1; i < runs; i++ {
		if d := first.diff(r.once(args, in, inv.Output), !timing); d != "" {
			r.mu.Lock()
			r.diffs = append(r.diffs, fmt.Sprintf("`goopt %s`: run %d differs from run 1: %s", strings.Join(args, " "), i+1, d))
			r.mu.Unlock()
			break
		}
	}
	r.mu.Lock()
	r.invocations++
	r.mu.Unlock()
	return first.code
}

// once runs the tool, reading back the output file when one is named.
func (r *repeater) once(args []string, in []byte, outFile string) result {
	var out, errOut bytes.Buffer
	res := result{code: r.tool(args, bytes.NewReader(in), &out, &errOut)}
	res.stdout, res.stderr = out.Bytes(), errOut.Bytes()
	if outFile != "" && outFile != "-" {
		if b, err := os.ReadFile(outFile); err == nil {
			res.output = b
		}
	}
	return res
}

// diff describes the first difference between two results, or "".
func (a result) diff(b result, withStderr bool) string {
	switch {
	case a.code != b.code:
		return fmt.Sprintf("exit status %d, then %d", a.code, b.code)
	case !bytes.Equal(a.stdout, b.stdout):
		return "stdout: " + firstDifference(a.stdout, b.stdout)
	case !bytes.Equal(a.output, b.output):
		return "output file: " + firstDifference(a.output, b.output)
	case withStderr && !bytes.Equal(a.stderr, b.stderr):
		return "stderr: " + firstDifference(a.stderr, b.stderr)
	}
	return ""
}

// firstDifference quotes the first line on which a and b differ.
func firstDifference(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < max(len(la), len(lb)); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y || i >= len(la) || i >= len(lb) {
			return fmt.Sprintf("line %d: %q, then %q", i+1, x, y)
		}
	}
	return "same lines"
}

// TestSameOutputEveryRun repeats every goopt invocation of every lit file
// and requires identical bytes each time.
func TestSameOutputEveryRun(t *testing.T) {
	var mu sync.Mutex
	total := 0
	passtest.ForEachFile(t, litRoot, func(t *testing.T, path, _ string) {
		n := checkFile(t, path, cli.Main)
		mu.Lock()
		total += n
		mu.Unlock()
	})
	if total == 0 {
		t.Fatal("no goopt invocation was repeated")
	}
	t.Logf("%d invocations run %d times each", total, runs)
}

// checkFile runs one lit file with every invocation repeated, reports the
// differences and returns the number of invocations.
func checkFile(t testing.TB, path string, tool lit.Tool) int {
	r := &repeater{tool: tool}
	runner := &lit.Runner{Tools: map[string]lit.Tool{"goopt": r.goopt}, TempDir: t.TempDir()}
	if res := runner.RunFile(path); res.Status.Failed() {
		t.Logf("lit test fails (tests/lit reports it): %s", res.Reason)
	}
	for _, d := range r.diffs {
		t.Error(d)
	}
	return r.invocations
}

// TestCatchesVaryingOutput makes sure a tool whose output changes from one
// run to the next, in any of the places compared, fails the check.
func TestCatchesVaryingOutput(t *testing.T) {
	dir := t.TempDir()
	src := dir + "/in.mlir"
	if err := os.WriteFile(src, []byte("// RUN: goopt opt %s -o %t && goopt opt %s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, where := range []string{"code", "stdout", "stderr", "output"} {
		t.Run(where, func(t *testing.T) {
			n := 0
			varying := func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
				n++
				v := map[bool]string{true: "a", false: "b"}[n%2 == 1]
				code := 0
				switch where {
				case "code":
					code = n % 2
				case "stdout":
					io.WriteString(stdout, "x\n"+v)
				case "stderr":
					io.WriteString(stderr, v)
				case "output":
					for i, a := range args {
						if a == "-o" {
							os.WriteFile(args[i+1], []byte(v), 0o644)
						}
					}
				}
				return code
			}
			rec := recorder{dir: t.TempDir()}
			if got := checkFile(&rec, src, varying); got == 0 && where != "code" {
				t.Errorf("no invocation repeated")
			}
			if len(rec.errs) == 0 || !strings.Contains(rec.errs[0], where) && where != "code" {
				t.Errorf("errors = %q, want a difference in %s", rec.errs, where)
			}
		})
	}
}

// recorder is the testing.TB of checkFile that keeps the errors; the
// methods checkFile does not use are left to the nil embedded TB.
type recorder struct {
	testing.TB
	dir  string
	errs []string
}

func (r *recorder) Error(args ...any)               { r.errs = append(r.errs, fmt.Sprint(args...)) }
func (r *recorder) Logf(format string, args ...any) {}
func (r *recorder) TempDir() string                 { return r.dir }
func (r *recorder) Helper()                         {}
