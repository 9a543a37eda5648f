package testutil

import (
	"testing"

	"github.com/goopt/goopt/dialects/all"
	"github.com/goopt/goopt/ir"
	"github.com/goopt/goopt/parser"
)

func TestSumI32x8Verifies(t *testing.T) {
	f, err := parser.ParseFile(all.NewContext(), "sum.mlir", []byte(SumI32x8))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(f.Module); err != nil {
		t.Fatal(err)
	}
}
