package lit_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/goopt/goopt/cli"
	"github.com/goopt/goopt/internal/lit"
)

// fileCheck19 is the upstream FileCheck the cross-check compares against.
const fileCheck19 = "/usr/bin/FileCheck-19"

func newRunner(t *testing.T) *lit.Runner {
	features := map[string]bool{}
	if _, err := exec.LookPath("mlir-opt-19"); err == nil {
		features["mlir-opt-19"] = true
	}
	return &lit.Runner{
		Tools:    map[string]lit.Tool{"goopt": cli.Main},
		TempDir:  t.TempDir(),
		Features: features,
	}
}

func runAll(t *testing.T, r *lit.Runner) {
	files, err := lit.Discover(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no lit tests found")
	}
	for _, f := range files {
		name := filepath.ToSlash(f)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res := r.RunFile(f)
			switch {
			case res.Status.Failed():
				t.Error(res.Report())
			case res.Status == lit.Unsupported:
				t.Skip(res.Reason)
			}
		})
	}
}

// TestLit runs every lit file with the in-process FileCheck.
func TestLit(t *testing.T) {
	runAll(t, newRunner(t))
}

// TestLitCrossCheckFileCheck19 runs the same files and also feeds every
// FileCheck stage to upstream FileCheck-19, failing when the verdicts differ.
func TestLitCrossCheckFileCheck19(t *testing.T) {
	if _, err := os.Stat(fileCheck19); err != nil {
		t.Skipf("%s not installed", fileCheck19)
	}
	if testing.Short() {
		t.Skip("cross-check skipped in -short mode")
	}
	r := newRunner(t)
	r.CrossCheck = true
	r.FileCheckPath = fileCheck19
	runAll(t, r)
}
