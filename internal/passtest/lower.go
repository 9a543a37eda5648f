package passtest

import (
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
	"github.com/goopt/goopt/pass"
	"github.com/goopt/goopt/passes/registry"
)

// Build adds a test's pipeline to a builtin.module pass manager.
type Build func(pm *pass.OpPassManager) error

// Pipeline builds the textual pipeline text from reg's passes (every
// registered pass when reg is nil).
func Pipeline(reg *pass.Registry, text string) Build {
	if reg == nil {
		reg = registry.All()
	}
	return func(pm *pass.OpPassManager) error { return reg.AddPipeline(pm, text) }
}

// Passes builds a pipeline of fresh instances of the factories' passes,
// in order, after what first adds (when not nil).
func Passes(first Build, factories ...pass.Factory) Build {
	return func(pm *pass.OpPassManager) error {
		if first != nil {
			if err := first(pm); err != nil {
				return err
			}
		}
		for _, f := range factories {
			if err := pm.AddPass(f()); err != nil {
				return err
			}
		}
		return nil
	}
}

// Lower parses src (named name) into a fresh context and runs build's
// pipeline over it, verifying the IR after every pass as goopt opt does;
// it returns the lowered module. A parse, pipeline or pass failure fails t.
func Lower(t testing.TB, name string, src []byte, build Build) *ir.Operation {
	t.Helper()
	_, after := lower(t, name, src, build, false)
	return after
}

// LowerPair is Lower that also returns an untouched copy of the input,
// parsed in the same context, for execution checks of before against
// after.
func LowerPair(t testing.TB, name string, src []byte, build Build) (before, after *ir.Operation) {
	t.Helper()
	return lower(t, name, src, build, true)
}

func lower(t testing.TB, name string, src []byte, build Build, keep bool) (before, after *ir.Operation) {
	t.Helper()
	ctx := all.NewContext()
	parse := func() *ir.Operation {
		f, err := parser.ParseFile(ctx, name, src)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		return f.Module
	}
	if keep {
		before = parse()
	}
	after = parse()
	pm := pass.New(ctx, "builtin.module")
	if err := build(pm.OpPassManager); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	pm.Verify = ir.Verify
	if err := pm.Run(after); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return before, after
}
