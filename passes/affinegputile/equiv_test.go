package affinegputile_test

import (
	"testing"

	"github.com/goopt/goopt/internal/passtest"
	"github.com/goopt/goopt/passes/affinegputile"
)

// TestLitEquivalence replays every RUN line of the pass's lit files and
// checks, with the reference interpreter on several random inputs, that
// each function computes the same results before and after the pass.
func TestLitEquivalence(t *testing.T) {
	passtest.CheckLitFiles(t, "../../tests/lit/gpu-pipeline/affine-gpu-tile*.mlir", affinegputile.New)
}
