package convertgputonvvm_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
)

// TestCheckLinesMatchMLIROpt19: the CHECK lines of the pass's lit files
// hold for mlir-opt-19's output as well as goopt's.
func TestCheckLinesMatchMLIROpt19(t *testing.T) {
	passtest.CheckLinesMatchMLIROpt19(t, "../../tests/lit/conversion/gpu-to-nvvm*.mlir")
}
