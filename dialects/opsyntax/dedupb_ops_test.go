package opsyntax_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/builtin"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/dialects/memref"
	"github.com/goopt/goopt/dialects/scf"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

// The ops declared through ReturnLikeOp and VerifyParentIfAttached keep
// their syntax and their HasParent checks.
func TestReturnLikeParentChecks(t *testing.T) {
	cases := []struct{ body, wantErr string }{
		{"memref.alloca_scope {\n      memref.alloca_scope.return\n    }", ""},
		{"%r = memref.alloca_scope -> (i32) {\n      memref.alloca_scope.return %a : i32\n    }", ""},
		{"memref.alloca_scope.return", "'memref.alloca_scope.return' op expects parent op 'memref.alloca_scope'"},
		{"scf.reduce", "'scf.reduce' op expects parent op 'scf.parallel'"},
		{"scf.condition(%c)", "'scf.condition' op expects parent op 'scf.while'"},
		{"scf.yield", "'scf.yield' op expects parent op to be one of"},
	}
	ctx := ir.NewContext(builtin.Dialect(), fn.Dialect(), arith.Dialect(), memref.Dialect(), scf.Dialect())
	for _, c := range cases {
		// A misplaced terminator ends the function's body itself.
		end := ""
		if c.wantErr == "" {
			end = "\n    return"
		}
		text := "func.func @f(%a: i32, %c: i1) {\n    " + c.body + end + "\n}\n"
		f, err := parser.ParseFile(ctx, "t.mlir", []byte(text))
		if err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		err = ir.Verify(f.Module)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%s: %v", c.body, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: err = %v, want %q", c.body, err, c.wantErr)
		}
	}
}
