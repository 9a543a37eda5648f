package interp_test

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// parse parses MLIR text into a module.
func parse(t testing.TB, src string) *ir.Operation {
	t.Helper()
	return parseWith(t, src, false)
}

// parseWith parses MLIR text, with unregistered ops (the test dialects'
// of the handler tests) allowed or not.
func parseWith(t testing.TB, src string, unregistered bool) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext(all.All()...)
	ctx.AllowUnregistered = unregistered
	f, err := parser.ParseFile(ctx, "test.mlir", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return f.Module
}

// machine parses src and returns a machine for it.
func machine(t testing.TB, src string) *interp.Machine {
	t.Helper()
	return newMachine(t, parse(t, src), nil)
}

// extMachine parses src, whose test ops need not be registered, and
// returns a machine for it with the extra handlers hs.
func extMachine(t testing.TB, src string, hs []interp.Handler) *interp.Machine {
	t.Helper()
	return newMachine(t, parseWith(t, src, true), hs)
}

func newMachine(t testing.TB, module *ir.Operation, hs []interp.Handler) *interp.Machine {
	t.Helper()
	m, err := interp.New(module, interp.Options{Handlers: hs})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// plantedBug is a bug planted in a program by replacing the first old by
// new, and what the error that reports it must say.
type plantedBug struct{ name, old, new, want string }

// checkPlanted runs src with each bug planted: run must fail with the
// bug's message.
func checkPlanted(t *testing.T, src string, bugs []plantedBug, run func(src string) error) {
	t.Helper()
	for _, bug := range bugs {
		t.Run(bug.name, func(t *testing.T) {
			planted := strings.Replace(src, bug.old, bug.new, 1)
			if planted == src {
				t.Fatalf("the bug was not planted: %q not found", bug.old)
			}
			err := run(planted)
			if err == nil || !strings.Contains(err.Error(), bug.want) {
				t.Fatalf("want %q, got %v", bug.want, err)
			}
			t.Log(err)
		})
	}
}

// newBuf returns a fresh memref of elem with the given shape.
func newBuf(elem ir.Type, shape ...int64) *interp.MemRef {
	return interp.NewMemRef(ir.MemRef(shape, elem, nil, nil), nil)
}

// callMemRefs calls fn of m with the memrefs as its arguments.
func callMemRefs(m *interp.Machine, fn string, args ...*interp.MemRef) error {
	vs := make([]interp.Value, len(args))
	for i, a := range args {
		vs[i] = interp.MemRefValue(a)
	}
	_, err := m.Call(fn, vs)
	return err
}

// cpuRun runs entry of the LLVM-dialect file through mlir-cpu-runner
// (runner) with the given result type and returns what it printed.
func cpuRun(t *testing.T, runner, file, entry, result string) string {
	t.Helper()
	out, err := exec.Command(runner, "-e", entry, "-entry-point-result="+result, file).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", runner, err, out)
	}
	return strings.TrimSpace(string(out))
}

// checkInt compares the interpreter's integer result with upstream's text.
func checkInt(t *testing.T, got interp.Value, text string) {
	t.Helper()
	want, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		t.Fatalf("runner printed %q", text)
	}
	if got.Int() != want {
		t.Errorf("interpreter %d, upstream %d", got.Int(), want)
	}
}

// wantCallError calls fn of src with the memrefs and fails unless the
// error says want.
func wantCallError(t *testing.T, src, fn, want string, args ...*interp.MemRef) {
	t.Helper()
	err := callMemRefs(machine(t, src), fn, args...)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("want an error containing %q, got %v", want, err)
	}
}

// outRunner returns what runs fn of a program (made by mk) on a fresh
// output memref of elem and shape, the function's one argument, and
// returns that memref.
func outRunner(t testing.TB, mk func(testing.TB, string) *interp.Machine, fn string, elem ir.Type, shape ...int64) func(src string) (*interp.MemRef, error) {
	return func(src string) (*interp.MemRef, error) {
		out := newBuf(elem, shape...)
		return out, callMemRefs(mk(t, src), fn, out)
	}
}
