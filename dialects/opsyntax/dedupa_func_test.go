package opsyntax_test

import (
	"testing"

	"github.com/goopt/goopt/dialects/builtin"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/dialects/opsyntax"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// ReferencedOp follows a symbol reference only to an op of the named kind.
func TestReferencedOp(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect(), fn.Dialect())
	src := `func.func private @f()
func.func @g() {
  func.call @f() : () -> ()
  return
}`
	f, err := parser.ParseFile(ctx, "t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var call *ir.Operation
	ir.Walk(f.Module, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Is("func.call") {
			call = op
		}
		return ir.Advance
	})
	if call == nil {
		t.Fatal("no func.call parsed")
	}
	got := opsyntax.ReferencedOp(call, "callee", "func.func")
	if got == nil || ir.SymbolNameOf(got) != "f" {
		t.Errorf("callee resolved to %v, want @f", got)
	}
	if got := opsyntax.ReferencedOp(call, "callee", "llvm.func"); got != nil {
		t.Errorf("a func.func resolved as an llvm.func: %v", got)
	}
	if got := opsyntax.ReferencedOp(call, "global_name", "func.func"); got != nil {
		t.Errorf("an absent attribute resolved to %v", got)
	}
}
