package fn_test

import (
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/arith"
	"github.com/goopt/goopt/dialects/builtin"
	"github.com/goopt/goopt/dialects/fn"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

const src = `
module @m {
  func.func private @decl(i32) -> i32
  module @inner {
    func.func @f(%a: i32) -> i32 {
      %0 = func.call @g(%a) : (i32) -> i32
      return %0 : i32
    }
    func.func private @g(i32) -> i32
  }
}
`

func parse(t *testing.T, text string) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext(builtin.Dialect(), fn.Dialect(), arith.Dialect())
	f, err := parser.ParseFile(ctx, "t.mlir", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return f.Module
}

func TestCalleeLookup(t *testing.T) {
	m := parse(t, src)
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	calls := ir.Collect(m, func(o *ir.Operation) bool { return o.Is("func.call") })
	if len(calls) != 1 {
		t.Fatalf("found %d calls", len(calls))
	}
	callee := fn.Callee(calls[0])
	if callee == nil || ir.SymbolNameOf(callee) != "g" || !fn.IsExternal(callee) {
		t.Fatalf("callee = %v", callee)
	}
	if ft := fn.FunctionType(callee); ft == nil || ft.String() != "(i32) -> i32" {
		t.Fatalf("function type = %v", ft)
	}
}

// A call does not see symbols of an enclosing table's nested tables.
func TestCalleeNotVisible(t *testing.T) {
	m := parse(t, strings.Replace(src, "@g(%a)", "@decl(%a)", 1))
	if err := ir.Verify(m); err != nil {
		t.Fatalf("outer symbols are visible: %v", err)
	}
	m = parse(t, `
module {
  module @a {
    func.func private @h()
  }
  func.func @f() {
    func.call @h() : () -> ()
    return
  }
}`)
	err := ir.Verify(m)
	if err == nil || !strings.Contains(err.Error(), "'func.call' op 'h' does not reference a valid function") {
		t.Fatalf("err = %v", err)
	}
}
