package affinefusion

import (
	"testing"

	"github.com/goopt/goopt/dialects/affine/analysis/passtest"
)

func TestLit(t *testing.T) { passtest.Lit(t, "fusion", New) }

func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "fusion", New) }
