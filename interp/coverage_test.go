package interp_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/interp"
)

// executableDialects are the dialects the interpreter claims to run: each
// registered op of theirs has a handler or a reason in interp.NotExecutable.
var executableDialects = []string{"builtin", "func", "arith", "math", "cf", "memref", "scf", "affine", "gpu", "vector", "llvm", "nvvm", "nvgpu"}

// handlersAheadOfDialect are handlers for upstream MLIR 19 ops that goopt's
// dialect tables do not declare yet, so no parsed IR reaches them; each
// must move out of this list when its dialect registers it.
var handlersAheadOfDialect = map[string]string{
	"math.erfc":        "upstream math op; dialects/math does not declare it yet",
	"math.isnan":       "upstream math op; dialects/math does not declare it yet",
	"math.isinf":       "upstream math op; dialects/math does not declare it yet",
	"math.isfinite":    "upstream math op; dialects/math does not declare it yet",
	"math.isnormal":    "upstream math op; dialects/math does not declare it yet",
	"memref.dma_start": "upstream memref op that lower-affine emits; dialects/memref does not declare it yet",
	"memref.dma_wait":  "upstream memref op that lower-affine emits; dialects/memref does not declare it yet",
}

// opsOfOtherBranches are ops another branch adds to a dialect
// (dialects/llvm/ops_lowering.go, branch memreftollvm) whose handlers are
// here already: registered or not, their handlers are expected.
var opsOfOtherBranches = func() map[string]bool {
	ops := map[string]bool{
		"llvm.alloca": true, "llvm.intr.masked.load": true, "llvm.intr.masked.store": true,
		"llvm.intr.memcpy": true, "llvm.intr.assume": true}
	for _, k := range []string{"add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin",
		"fmax", "fmin", "fmaximum", "fminimum", "fadd", "fmul"} {
		ops["llvm.intr.vector.reduce."+k] = true
	}
	return ops
}()

func TestHandlerCoverage(t *testing.T) {
	ctx := all.NewContext()
	handled := map[string]bool{}
	for _, h := range interp.DefaultHandlers() {
		if handled[h.Name] {
			t.Errorf("two default handlers for %s", h.Name)
		}
		handled[h.Name] = true
		_, ahead := handlersAheadOfDialect[h.Name]
		switch registered := ctx.OpDef(h.Name) != nil; {
		case opsOfOtherBranches[h.Name]:
		case !registered && !ahead:
			t.Errorf("handler for %s names no registered op", h.Name)
		case registered && ahead:
			t.Errorf("%s is registered now: remove it from handlersAheadOfDialect", h.Name)
		}
	}
	for name := range handlersAheadOfDialect {
		if !handled[name] {
			t.Errorf("handlersAheadOfDialect lists %s, which has no handler", name)
		}
	}
	notExec := interp.NotExecutable()
	for name, why := range notExec {
		if ctx.OpDef(name) == nil {
			t.Errorf("NotExecutable lists %s, which is not a registered op", name)
		}
		if handled[name] {
			t.Errorf("%s has a handler but NotExecutable says: %s", name, why)
		}
		if why == "" {
			t.Errorf("NotExecutable gives no reason for %s", name)
		}
	}
	for _, dn := range executableDialects {
		d := ctx.Dialect(dn)
		if d == nil {
			t.Errorf("dialect %s is not registered", dn)
			continue
		}
		for _, od := range d.Ops {
			if _, ok := notExec[od.Name]; !ok && !handled[od.Name] {
				t.Errorf("%s has no handler and is not in NotExecutable", od.Name)
			}
		}
	}
}

func TestNotExecutableReportsReason(t *testing.T) {
	const src = `
func.func @f(%a: memref<4xf32>) -> memref<8xf32> {
  %b = memref.realloc %a : memref<4xf32> to memref<8xf32>
  return %b : memref<8xf32>
}`
	m := machine(t, src)
	_, err := m.Function("f")
	want := "'memref.realloc' op is not supported by the interpreter: " + interp.NotExecutable()["memref.realloc"]
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want %q", err, want)
	}
}
