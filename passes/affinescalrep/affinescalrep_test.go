package affinescalrep

import (
	"testing"

	"github.com/goopt/goopt/dialects/affine/analysis/passtest"
)

func TestLit(t *testing.T) { passtest.Lit(t, "scalrep", New) }

func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "scalrep", New) }
