package affinegpuwmma_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/passes/affinegpuwmma"
)

// TestLitEquivalence replays every RUN line of the pass's lit file and
// checks, with the reference interpreter on several random inputs, that
// each function computes the same results before and after the pass
// (within passtest.RelTol: the fragment op sums in another order).
func TestLitEquivalence(t *testing.T) {
	passtest.CheckLitFiles(t, "../../tests/lit/gpu-pipeline/affine-gpu-wmma.mlir", affinegpuwmma.New)
}
