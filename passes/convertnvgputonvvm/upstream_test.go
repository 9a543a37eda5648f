package convertnvgputonvvm_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
)

// TestCheckLinesMatchMLIROpt19: the CHECK lines of nvgpu-to-nvvm.mlir hold
// for mlir-opt-19's output as well as goopt's. (The -host and kernel-args
// files check goopt's own conventions.)
func TestCheckLinesMatchMLIROpt19(t *testing.T) {
	passtest.CheckLinesMatchMLIROpt19(t, "../../tests/lit/conversion/nvgpu-to-nvvm.mlir")
}
