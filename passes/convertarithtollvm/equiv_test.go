package convertarithtollvm_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/passes/convertarithtollvm"
)

// TestLitEquivalence replays the RUN lines of the pass's lit files and
// checks with the reference interpreter, on random inputs, that every
// function computes the same results before and after the conversion.
func TestLitEquivalence(t *testing.T) {
	passtest.CheckLitFiles(t, "../../tests/lit/conversion/arith-to-llvm-exec.mlir", convertarithtollvm.New)
}
