package affinepermute

import (
	"testing"

	"github.com/goopt/goopt/dialects/affine/analysis/passtest"
)

func TestLit(t *testing.T) { passtest.Lit(t, "permute", New) }

func TestEquivalence(t *testing.T) { passtest.Equivalence(t, "permute", New) }
