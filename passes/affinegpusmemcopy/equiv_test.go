package affinegpusmemcopy_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/passes/affinegpusmemcopy"
)

// TestLitEquivalence replays every RUN line of the pass's lit file (alone
// and after affine-gpu-tile) and checks, with the reference interpreter on
// several random inputs, that each function computes the same results
// before and after.
func TestLitEquivalence(t *testing.T) {
	passtest.CheckLitFiles(t, "../../tests/lit/gpu-pipeline/affine-gpu-smem-copy.mlir", affinegpusmemcopy.New)
}
