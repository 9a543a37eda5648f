package looputiltest

import (
	"path/filepath"
	"testing"

	"github.com/goopt/goopt/internal/passcheck"
	"github.com/goopt/goopt/interp"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/registry"
)

// Seeds are the random inputs every function is checked on.
var Seeds = []int64{1, 2, 3, 7, 42}

// maxSteps bounds interpreted loop iterations per call.
const maxSteps = 1 << 26

// CheckLitFiles replays the `goopt opt` RUN lines of the files matching
// glob (--verify-diagnostics runs excepted) with the passes made by
// factories (plus every registered pass) and checks that each function
// with a body computes the same results before and after, chunk by chunk.
// Every such function must be checked: a skip other than an external
// declaration fails.
func CheckLitFiles(t *testing.T, glob string, factories ...pass.Factory) {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no lit files match %s", glob)
	}
	// The passes under test replace registered passes of the same name.
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
	reg := pass.NewRegistry(all...)
	isPass := passcheck.IsPassIn(reg)
	opts := passcheck.Options{
		Seeds:    Seeds,
		RelTol:   1e-5,
		Interp:   interp.Options{MaxSteps: maxSteps},
		Tolerate: func(reason string) bool { return reason == passcheck.SkipExternal },
	}
	var tl passcheck.Tally
	for _, file := range files {
		name := filepath.Base(file)
		for _, run := range passcheck.RecordFile(t, file, passcheck.OptTool(reg), isPass) {
			if run.VerifyDiagnostics {
				continue
			}
			for _, f := range passcheck.CheckRun(name, run, opts, &tl, t.Logf) {
				t.Error(f)
			}
		}
	}
	t.Logf("%s: %s", glob, tl.String())
}
