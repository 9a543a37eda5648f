package passtest

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/goopt/goopt/internal/lit"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/registry"
)

// RelTol tolerates the reassociation of floating-point reductions
// (affine-parallelize with parallel-reductions); every other pass is
// expected to be bit-exact and is well within it.
const RelTol = 1e-5

// StrictSeeds are the random inputs CheckLitFiles runs every function on:
// more than Seeds, since loop transformations go wrong at boundaries that
// one input may miss.
var StrictSeeds = []int64{1, 2, 3, 7, 42}

// strictMaxSteps bounds interpreted loop iterations per call in
// CheckLitFiles, whose kernels are larger than the lit-wide checks'.
const strictMaxSteps = 1 << 26

// LitDir returns tests/lit/affine-passes of the repository.
func LitDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "tests", "lit", "affine-passes")
}

// Files returns the lit files of LitDir whose base name starts with prefix.
func Files(t *testing.T, prefix string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(LitDir(), prefix+"*.mlir"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no lit files %s*.mlir in %s", prefix, LitDir())
	}
	return files
}

// Opt is a minimal `goopt opt` over the given passes only (see OptTool).
func Opt(factories ...pass.Factory) lit.Tool {
	return OptTool(pass.NewRegistry(factories...))
}

// Lit runs every lit file of the prefix with a goopt of the given passes.
func Lit(t *testing.T, prefix string, factories ...pass.Factory) {
	t.Helper()
	r := &lit.Runner{Tools: map[string]lit.Tool{"goopt": Opt(factories...)}}
	for _, f := range Files(t, prefix) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			if res := r.RunFile(f); res.Status.Failed() {
				t.Error(res.Report())
			}
		})
	}
}

// tolerated are the functions Equivalence may skip: external declarations,
// ops the interpreter does not support, and functions that fail at runtime
// before the pass (say, calling an external function). Anything else (a
// function the pass removed, a signature that cannot be run) fails.
var tolerated = map[string]bool{
	SkipExternal:          true,
	SkipUnsupported:       true,
	SkipOutputUnsupported: true,
	SkipFailsBefore:       true,
}

// Equivalence replays every `goopt opt` RUN line of every lit file of the
// prefix (--verify-diagnostics runs excepted) with the passes under test
// only, and checks with the interpreter that every function with memref or
// scalar arguments computes the same results before and after, chunk by
// chunk.
func Equivalence(t *testing.T, prefix string, factories ...pass.Factory) {
	t.Helper()
	reg := pass.NewRegistry(factories...)
	opts := Options{Seeds: Seeds, RelTol: RelTol, Tolerate: func(r string) bool { return tolerated[r] }}
	replay(t, prefix, Files(t, prefix), reg, opts)
}

// CheckLitFiles is the stricter check of the loop transformations: it
// replays the `goopt opt` RUN lines of the files matching glob (relative to
// the calling test's directory; --verify-diagnostics runs excepted) with
// the passes made by factories plus every registered pass (the passes under
// test replace registered ones of the same name), on StrictSeeds, and
// every function with a body must be checked: a skip other than an
// external declaration fails.
func CheckLitFiles(t *testing.T, glob string, factories ...pass.Factory) {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no lit files match %s", glob)
	}
	mine := map[string]bool{}
	for _, f := range factories {
		mine[f().Name()] = true
	}
	all := factories
	for _, f := range registry.Factories() {
		if !mine[f().Name()] {
			all = append(all, f)
		}
	}
	opts := Options{
		Seeds:    StrictSeeds,
		RelTol:   RelTol,
		Interp:   interp.Options{MaxSteps: strictMaxSteps},
		Tolerate: func(reason string) bool { return reason == SkipExternal },
	}
	replay(t, glob, files, pass.NewRegistry(all...), opts)
}

// replay records the pass invocations of files with an OptTool over reg
// and checks each with CheckRun, logging the tally under label.
func replay(t *testing.T, label string, files []string, reg *pass.Registry, opts Options) {
	t.Helper()
	tool, isPass := OptTool(reg), IsPassIn(reg)
	var tl Tally
	for _, file := range files {
		name := filepath.Base(file)
		for _, run := range RecordFile(t, file, tool, isPass) {
			if run.VerifyDiagnostics {
				continue
			}
			for _, f := range CheckRun(name, run, opts, &tl, t.Logf) {
				t.Error(f)
			}
		}
	}
	t.Logf("%s: %s", label, tl.String())
}
