package convertmathtollvm_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/passes/convertmathtollvm"
)

// TestLitEquivalence replays the RUN lines of the pass's execution lit
// file and checks with the reference interpreter, on random inputs, that
// every function computes the same results before and after.
func TestLitEquivalence(t *testing.T) {
	passtest.CheckLitFiles(t, "../../tests/lit/conversion/math-to-llvm-exec.mlir", convertmathtollvm.New)
}
