package passtest

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/goopt/goopt/internal/lit"
	"github.com/goopt/goopt/internal/passcheck"
	"github.com/goopt/goopt/pass"
)

// Seeds are the random inputs each equivalence check runs.
var Seeds = []int64{1, 2, 3}

// RelTol tolerates the reassociation of floating-point reductions
// (affine-parallelize with parallel-reductions); every other pass is
// expected to be bit-exact and is well within it.
const RelTol = 1e-5

// LitDir returns tests/lit/affine-passes of the repository.
func LitDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "..", "tests", "lit", "affine-passes")
}

// Files returns the lit files whose base name starts with prefix.
func Files(t *testing.T, prefix string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(LitDir(), prefix+"*.mlir"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no lit files %s*.mlir in %s", prefix, LitDir())
	}
	return files
}

// Opt is a minimal `goopt opt` over the given passes only (see
// passcheck.OptTool): importing passes/registry here would make an import
// cycle once the registry lists the affine passes.
func Opt(factories ...pass.Factory) lit.Tool {
	return passcheck.OptTool(pass.NewRegistry(factories...))
}

// Lit runs every lit file of the prefix.
func Lit(t *testing.T, prefix string, factories ...pass.Factory) {
	r := &lit.Runner{Tools: map[string]lit.Tool{"goopt": Opt(factories...)}}
	for _, f := range Files(t, prefix) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			if res := r.RunFile(f); res.Status.Failed() {
				t.Error(res.Report())
			}
		})
	}
}

// tolerated are the functions the equivalence check may skip: external
// declarations, ops the interpreter does not support, and functions that
// fail at runtime before the pass (say, calling an external function).
// Anything else (a function the pass removed, a signature that cannot be
// run) fails.
var tolerated = map[string]bool{
	passcheck.SkipExternal:          true,
	passcheck.SkipUnsupported:       true,
	passcheck.SkipOutputUnsupported: true,
	passcheck.SkipFailsBefore:       true,
}

// Equivalence replays every `goopt opt` RUN line of every lit file of the
// prefix (--verify-diagnostics runs excepted) with the passes under test,
// and checks with the interpreter that every function with memref or
// scalar arguments computes the same results before and after, chunk by
// chunk.
func Equivalence(t *testing.T, prefix string, factories ...pass.Factory) {
	reg := pass.NewRegistry(factories...)
	tool := passcheck.OptTool(reg)
	isPass := passcheck.IsPassIn(reg)
	opts := passcheck.Options{Seeds: Seeds, RelTol: RelTol, Tolerate: func(r string) bool { return tolerated[r] }}
	var tl passcheck.Tally
	for _, file := range Files(t, prefix) {
		name := filepath.Base(file)
		for _, run := range passcheck.RecordFile(t, file, tool, isPass) {
			if run.VerifyDiagnostics {
				continue
			}
			for _, f := range passcheck.CheckRun(name, run, opts, &tl, t.Logf) {
				t.Error(f)
			}
		}
	}
	t.Logf("%s: %s", prefix, tl.String())
}
